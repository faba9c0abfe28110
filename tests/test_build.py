"""The built site, without a browser: its files, its CSP, no external address, the
Pyodide hash check and the development server's MIME types."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import struct
import subprocess
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from email.message import Message
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import build
from site_build.modules import page_preloads
from site_build.project import ROOT, node_command
from site_build.stylesheet import COMPONENTS, STYLES, minified_components

UNPACKED_SNAPSHOT = ROOT / "tests" / "js" / "unpacked-snapshot.mjs"
FRESH_MEMORY = ROOT / "tests" / "js" / "fresh-memory.mjs"


class PageScan(HTMLParser):
    """Collects what the CSP depends on: its meta tags, scripts and inline attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.csp: list[str | None] = []
        self.inline_scripts: list[str | None] = []
        self.inline_attributes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "meta" and (attributes.get("http-equiv") or "").lower() == (
            "content-security-policy"
        ):
            self.csp.append(attributes.get("content"))
        # A script without src runs inline unless it is a data block (JSON island).
        if tag == "script" and "src" not in attributes:
            self.inline_scripts.append(attributes.get("type"))
        self.inline_attributes += [
            f"<{tag} {name}>" for name in attributes if name.startswith("on") or name == "style"
        ]


def scan(page: Path) -> PageScan:
    parser = PageScan()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def our_files(dist: Path, *suffixes: str) -> list[Path]:
    """Everything we ship except Pyodide's own runtime."""
    runtime = dist / build.layout_of(dist).runtime
    return sorted(
        path for path in dist.rglob("*") if path.suffix in suffixes and runtime not in path.parents
    )


@pytest.fixture(scope="module")
def server_url(dist: Path) -> Iterator[str]:
    with build.serving_in_background(dist) as url:
        yield url


def test_the_five_pages_and_the_language_chooser_are_built(dist: Path) -> None:
    assert [lang for lang in build.LANGUAGES if (dist / lang / "index.html").is_file()] == list(
        build.LANGUAGES
    )
    assert (dist / "index.html").is_file()


def test_the_runtime_is_shipped(dist: Path, layout: build.Layout) -> None:
    for name in ("boot.js", "page.js", "worker.js", "build-manifest.js", "redirect.js"):
        assert (dist / layout.assets / name).is_file(), name
    assert len(list((dist / "wheels").glob("*.whl"))) == 1


def test_only_the_pyodide_files_loadpyodide_fetches_are_shipped(
    dist: Path, layout: build.Layout
) -> None:
    shipped = {
        path.name for path in (dist / layout.runtime).iterdir() if path.suffix not in {".gz", ".br"}
    }
    assert shipped == set(build.PYODIDE_RUNTIME_FILES)
    assert (dist / layout.start).is_file()


def test_the_start_up_zip_holds_pythons_start_and_the_calculators_zips_the_rest(
    dist: Path, layout: build.Layout
) -> None:
    # The build boots Pyodide from the start-up zip alone before it adds the calculator's
    # (engine/node/start_stdlib.mjs), and answers the first requests before the later zip is
    # there, so each holds what it must; here: no module twice, the calculator's first answer
    # and what only it imports in the zip fetched beside the wasm, the panels in the later one.
    with (
        zipfile.ZipFile(dist / layout.start) as start,
        zipfile.ZipFile(dist / layout.calculator) as calculator,
        zipfile.ZipFile(dist / layout.calculator_later) as later,
    ):
        for_start, for_calculator = set(start.namelist()), set(calculator.namelist())
        for_later = set(later.namelist())
        listed_later = set(calculator.read("_later_modules.txt").decode().split())
    modules = [{name for name in names if not name.endswith("/")} for names in
               (for_start, for_calculator, for_later)]  # fmt: skip
    assert modules[0].isdisjoint(modules[1] | modules[2])
    assert modules[1].isdisjoint(modules[2])
    assert {"_pyodide/__init__.pyc", "pyodide/__init__.pyc", "encodings/__init__.pyc"} <= (
        for_start
    )
    assert {
        "calculator/__init__.pyc",
        "calculator/protocol/__init__.pyc",
        "calculator/protocol/_form.pyc",
        "calculator/protocol/_query.pyc",
        "fractions.pyc",
        "decimal.pyc",
        "_lazy_stdlib.pyc",
        "_later_modules.txt",
    } <= for_calculator
    assert {
        "calculator/protocol/_panel_form.pyc",
        "calculator/protocol/_panel_report.pyc",
        "calculator/_compare.pyc",
        "calculator/_pgvector.pyc",
        # A data file the page reads: the model presets (App.data).
        "calculator/models.json",
        # What a traceback's formatting imports, and the whole stdlib's list of modules.
        "_colorize.pyc",
        "_lazy_stdlib_modules.txt",
    } <= for_later
    # The list the worker's finder reads: every module of the later zip, by its dotted name.
    assert listed_later == {
        name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
        for name in for_later
        if name.endswith(".pyc")
    }
    assert not any(name.startswith("calculator/") for name in for_start)


def test_the_manifest_names_this_builds_runtime_and_snapshot(
    dist: Path, layout: build.Layout
) -> None:
    manifest = (dist / layout.assets / "build-manifest.js").read_text(encoding="utf-8")
    assert (dist / layout.snapshot).is_file()
    assert f'new URL("../{layout.snapshot}", import.meta.url)' in manifest
    assert f'export {{ loadPyodide }} from "../{layout.runtime}pyodide.mjs";' in manifest


def test_every_file_a_page_loads_has_a_versioned_name(dist: Path) -> None:
    """Only the pages, the service worker and the wheel keep their public addresses."""
    unversioned = {
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file()
        and not build.is_versioned(f"/{path.relative_to(dist)}")
        and path.suffix not in {".gz", ".br"}
    }
    wheel = next((dist / "wheels").glob("*.whl")).relative_to(dist).as_posix()
    assert unversioned == {
        "index.html",
        "sw.js",
        wheel,
        *(f"{lang}/index.html" for lang in build.LANGUAGES),
    }


def test_a_versioned_name_changes_with_any_file_in_it(dist: Path, tmp_path: Path) -> None:
    assets = tmp_path / "assets"
    shutil.copytree(dist / build.layout_of(dist).assets, assets)
    name = build.content_hash(assets)
    with (assets / "page.js").open("a", encoding="utf-8") as script:
        script.write("\n")
    assert build.content_hash(assets) != name


def test_pages_load_their_scripts_and_styles_from_this_builds_assets(
    dist: Path, layout: build.Layout
) -> None:
    for lang in build.LANGUAGES:
        html = (dist / lang / "index.html").read_text(encoding="utf-8")
        for name in ("style.css", "query-guard.js", "boot.js", "page.js"):
            assert f'"../{layout.assets}{name}"' in html, (lang, name)
    root = (dist / "index.html").read_text(encoding="utf-8")
    assert f'src="{layout.assets}redirect.js"' in root


def test_the_big_downloads_are_asked_for_before_what_holds_the_parser(dist: Path) -> None:
    # The parser stops at query-guard.js until it and the stylesheet have come; preloads after
    # them were asked for only then, and over a slow link the first result came later
    # (docs/performance.md).  After the CSP, which governs them.
    for lang in build.LANGUAGES:
        html = (dist / lang / "index.html").read_text(encoding="utf-8")
        first_preload = html.index('<link rel="preload"')
        assert html.index("Content-Security-Policy") < first_preload, lang
        for holding in ('rel="stylesheet"', "query-guard.js", "<script", "<title>"):
            assert first_preload < html.index(holding), (lang, holding)
        assert html.count('<link rel="preload"') == 2, lang  # the wasm and the start-up zip


def test_the_head_asks_for_no_module_but_the_one_that_starts_the_worker(
    dist: Path, layout: build.Layout
) -> None:
    # Each module script and modulepreload in the head is a request the parser makes before it
    # reaches the body: in the head they put a cold visit's first paint later
    # (docs/performance.md).
    for lang in build.LANGUAGES:
        html = (dist / lang / "index.html").read_text(encoding="utf-8")
        head, body = html.split("</head>")
        assert re.findall(r'<script type="module"[^>]*>', head) == [
            f'<script type="module" async src="../{layout.assets}boot.js">'
        ], lang
        assert 'rel="modulepreload"' not in head, lang
        tail = body[body.index("</footer>") :]
        assert re.findall(r'<script type="module"[^>]*>', tail) == [
            f'<script type="module" async src="../{layout.assets}page.js">'
        ], lang
        assert tail.count('rel="modulepreload"') == len(page_preloads(dist / layout.assets)), lang


def test_every_preloaded_module_is_shipped_and_kept_offline(
    dist: Path, layout: build.Layout
) -> None:
    html = (dist / "en" / "index.html").read_text(encoding="utf-8")
    kept = service_worker_build(dist)["files"]
    preloads = page_preloads(dist / layout.assets)
    assert preloads  # the code page.js shares with count.js
    for name in preloads:
        assert f'<link rel="modulepreload" href="../{layout.assets}{name}">' in html, name
        assert f"{layout.assets}{name}" in kept, name


def test_the_stylesheet_lists_every_component_once() -> None:
    # A file in web/styles/ but not in the list would never reach the page.
    assert sorted(COMPONENTS) == sorted(path.name for path in STYLES.glob("*.css"))
    assert len(set(COMPONENTS)) == len(COMPONENTS)


def test_the_shipped_stylesheet_is_the_components_joined_in_order(
    dist: Path, layout: build.Layout
) -> None:
    shipped = (dist / layout.assets / "style.css").read_text(encoding="utf-8")
    components = minified_components()
    assert shipped == "".join(components)
    starts = [shipped.index(component) for component in components]
    assert starts == sorted(starts)


def service_worker_build(site: Path) -> dict[str, Any]:
    build_line = (site / build.SERVICE_WORKER).read_text(encoding="utf-8").splitlines()[1]
    data: dict[str, Any] = json.loads(build_line.removeprefix("const BUILD = ").rstrip(";"))
    return data


def test_the_service_worker_keeps_every_file_of_the_site(dist: Path) -> None:
    # The tokenizer's files are kept once fetched (onUse), every other file at install.
    build_line = service_worker_build(dist)
    kept = build_line["files"]
    assert set(kept).isdisjoint(build_line["onUse"])
    kept = {**kept, **build_line["onUse"]}
    every_file = {path.relative_to(dist).as_posix() for path in dist.rglob("*") if path.is_file()}
    pages = {f"{lang}/" for lang in build.LANGUAGES} | {"./"}
    every_file = {name for name in every_file if not name.endswith((".br", ".gz"))}
    assert (
        set(kept)
        == (
            every_file
            - {"sw.js", "index.html"}
            - {f"{lang}/index.html" for lang in build.LANGUAGES}
        )
        | pages
    )


def test_any_changed_file_makes_a_new_service_worker_version(dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    before = service_worker_build(site)["version"]
    build.write_service_worker(site)
    assert service_worker_build(site)["version"] == before  # the same build, the same version
    with (site / build.layout_of(site).runtime / "python_stdlib.zip").open("ab") as stdlib:
        stdlib.write(b"\0")
    build.write_service_worker(site)
    assert service_worker_build(site)["version"] != before


def unpacked_snapshot(packed: bytes, folder: Path, fresh: bytes | None = None) -> bytes:
    """The snapshot as the worker unpacks it (engine/worker/snapshot-image.js), under Node;
    the blocks left out filled from `fresh`, the memory as Pyodide's instantiation leaves it."""
    (folder / "packed").write_bytes(packed)
    arguments = ["packed", "whole"]
    if fresh is not None:
        (folder / "fresh").write_bytes(fresh)
        arguments.append("fresh")
    subprocess.run(
        [node_command("the snapshot's unpacking"), str(UNPACKED_SNAPSHOT), *arguments],
        cwd=folder,
        check=True,
    )
    return (folder / "whole").read_bytes()


@pytest.mark.parametrize(
    "whole",
    [
        b"",
        bytes(3 * build.SNAPSHOT_BLOCK),
        b"a" + bytes(2 * build.SNAPSHOT_BLOCK) + b"b" * 100,
        bytes(build.SNAPSHOT_BLOCK) + b"c" * (build.SNAPSHOT_BLOCK + 7) + bytes(5),
    ],
    # Short names: the test's name goes into the environment the unpacking's Node gets.
    ids=["empty", "zero blocks only", "a zero run between", "a short last block"],
)
def test_the_snapshot_packing_gives_back_every_byte(whole: bytes, tmp_path: Path) -> None:
    assert unpacked_snapshot(build.packed_snapshot(whole), tmp_path) == whole


def test_the_snapshot_packing_leaves_out_zero_blocks() -> None:
    assert len(build.packed_snapshot(bytes(3 * build.SNAPSHOT_BLOCK))) == 16


BLOCK = build.SNAPSHOT_BLOCK
# A snapshot as Pyodide writes one: its header (the uint32 at 4: the header's size), then
# the memory.  The fresh memory: static data from 8 on, zero after it.
HEADER = struct.pack("<4I", 0x70797378, 16, 3, 0)
# A header of 2.5 blocks whose JSON ends early: zero padding, left out with the data after it.
LONG_HEADER = (
    struct.pack("<4I", 0x70797378, 5 * BLOCK // 2, 3, 0) + b"{}" + bytes(5 * BLOCK // 2 - 18)
)
FRESH = bytes(8) + bytes(range(256)) * (3 * BLOCK // 256)


@pytest.mark.parametrize("header", [HEADER, LONG_HEADER], ids=["header", "long header"])
@pytest.mark.parametrize(
    "memory",
    [
        FRESH + bytes(4 * BLOCK),  # as instantiated
        FRESH[:BLOCK] + b"changed" + FRESH[BLOCK + 7 :] + b"heap" + bytes(4 * BLOCK),
        bytes(len(FRESH)) + b"x" * BLOCK,  # the static data zeroed: not left out
        FRESH[: 2 * BLOCK + 5],  # shorter than the static data
    ],
    ids=["fresh", "one change", "zeroed", "short"],
)
def test_the_snapshot_packing_leaves_out_what_the_fresh_memory_holds(
    memory: bytes, header: bytes, tmp_path: Path
) -> None:
    whole = header + memory
    packed = build.packed_snapshot(whole, FRESH)
    assert unpacked_snapshot(packed, tmp_path, FRESH + bytes(8 * BLOCK)) == whole


def test_the_fresh_memory_is_what_pyodides_first_prerun_hook_sees(
    dist: Path, layout: build.Layout, tmp_path: Path
) -> None:
    # The worker fills the snapshot's left-out blocks from that memory
    # (engine/worker/snapshot-image.js).
    pyodide = build.ensure_pyodide()
    fresh = build.fresh_memory((pyodide / "pyodide.asm.wasm").read_bytes())
    assert 3_000_000 < len(fresh) < 5_000_000  # Pyodide's static data
    assert b"A class used for tests" in fresh  # a docstring of its C test module
    subprocess.run(
        [
            node_command("Pyodide"),
            str(FRESH_MEMORY),
            # The shipped runtime: its script is the minified one the browser runs.
            str(dist / layout.runtime),
            str(pyodide / build.PYODIDE_LOCK_FILE),
            str(dist / layout.start),
            str(len(fresh)),
            str(tmp_path / "seen"),
        ],
        check=True,
    )
    assert (tmp_path / "seen").read_bytes() == fresh


def test_the_shipped_snapshot_leaves_out_what_instantiation_gives(
    dist: Path, layout: build.Layout
) -> None:
    packed = (dist / layout.snapshot).read_bytes()
    length, _, fresh = struct.unpack_from("<3I", packed)
    assert len(packed) < length / 4  # most of it zero, or Pyodide's static data unchanged
    assert fresh > 3_000_000  # those blocks come from the fresh memory


def test_every_page_carries_the_csp(dist: Path) -> None:
    pages = our_files(dist, ".html")
    assert len(pages) == len(build.LANGUAGES) + 1
    assert {str(page.relative_to(dist)): scan(page).csp for page in pages} == {
        str(page.relative_to(dist)): [build.CSP] for page in pages
    }


def test_no_page_has_inline_script_or_inline_handlers(dist: Path) -> None:
    for page in our_files(dist, ".html"):
        parsed = scan(page)
        assert set(parsed.inline_scripts) <= {"application/json"}, page
        assert parsed.inline_attributes == [], page


def test_the_csp_allows_only_the_sites_own_origin() -> None:
    sources = {source for directive in build.CSP.split(";") for source in directive.split()[1:]}
    assert sources == {"'none'", "'self'", "'wasm-unsafe-eval'", "blob:", "data:"}


def test_the_pyodide_hash_check_rejects_a_wrong_hash(tmp_path: Path) -> None:
    tarball = tmp_path / "pyodide.tgz"
    tarball.write_bytes(b"not the pinned tarball")
    with pytest.raises(build.BuildError, match="does not match"):
        build.verify_sha256(tarball, build.PYODIDE_TARBALL_SHA256)


def test_the_pyodide_hash_check_accepts_the_right_hash(tmp_path: Path) -> None:
    tarball = tmp_path / "pyodide.tgz"
    tarball.write_bytes(b"")
    build.verify_sha256(tarball, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")


def test_dependency_groups_resolve_their_includes() -> None:
    groups = build.load_pyproject()["dependency-groups"]
    build_group = build.group_requirements(groups, "build")
    test_group = build.group_requirements(groups, "test")
    assert build_group and set(build_group) < set(test_group)
    assert all("==" in requirement for requirement in test_group)


@pytest.mark.parametrize(
    ("directory", "name", "mime_type"),
    [
        ("runtime", "pyodide.asm.wasm", "application/wasm"),
        ("runtime", "pyodide.mjs", "text/javascript; charset=utf-8"),
        ("runtime", "python_stdlib.zip", "application/zip"),
        ("assets", "boot.js", "text/javascript; charset=utf-8"),
        ("snapshot", "", "application/octet-stream"),
    ],
)
def test_the_server_sends_versioned_files_to_be_kept(
    server_url: str, layout: build.Layout, directory: str, name: str, mime_type: str
) -> None:
    with urllib.request.urlopen(server_url + getattr(layout, directory) + name) as response:
        assert response.headers["Content-Type"] == mime_type
        assert response.headers["Cache-Control"] == build.IMMUTABLE_CACHING


@pytest.mark.parametrize("path", ["en/", "en/index.html", "", "sw.js"])
def test_the_server_has_pages_and_the_service_worker_revalidated(
    server_url: str, path: str
) -> None:
    with urllib.request.urlopen(server_url + path) as response:
        assert response.headers["Cache-Control"] == "no-cache"


def test_a_file_missing_from_a_versioned_directory_is_not_kept(
    server_url: str, layout: build.Layout
) -> None:
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(f"{server_url}{layout.assets}not-uploaded-yet.js")
    assert answer.value.code == 404
    assert answer.value.headers["Cache-Control"] == "no-cache"


def test_every_large_text_or_wasm_file_has_precompressed_copies(dist: Path) -> None:
    originals = build.compressible_files(dist)
    assert {
        "page.js",
        "style.css",
        "index.html",
        "pyodide.asm.wasm",
        "pyodide.asm.mjs",
        build.SNAPSHOT_NAME,
        "python_stdlib.zip",
        build.START_STDLIB,
        build.CALCULATOR_ZIP,
    } <= {path.name for path in originals}
    for path in originals:
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == (
            path.read_bytes()
        ), path
        assert path.with_name(path.name + ".br").stat().st_size < path.stat().st_size, path


def fetch(url: str, **headers: str) -> tuple[Message, bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        return response.headers, response.read()


@pytest.mark.parametrize(
    ("accept", "coding", "suffix"),
    [
        ("gzip, deflate, br, zstd", "br", ".br"),
        ("gzip, br;q=0", "gzip", ".gz"),
        ("identity", None, ""),
    ],
)
def test_the_server_sends_a_precompressed_copy_the_browser_accepts(
    server_url: str, dist: Path, accept: str, coding: str | None, suffix: str
) -> None:
    headers, body = fetch(f"{server_url}en/", **{"Accept-Encoding": accept})
    assert body == (dist / "en" / f"index.html{suffix}").read_bytes()
    assert headers.get("Content-Encoding") == coding
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Vary"] == "Accept-Encoding"


def test_a_precompressed_copy_is_revalidated_like_the_file(
    server_url: str, layout: build.Layout
) -> None:
    url = f"{server_url}{layout.runtime}pyodide.asm.wasm"
    headers, _ = fetch(url, **{"Accept-Encoding": "br"})
    with pytest.raises(urllib.error.HTTPError) as answer:
        fetch(url, **{"Accept-Encoding": "br", "If-Modified-Since": headers["Last-Modified"]})
    assert answer.value.code == 304


def test_the_server_sends_the_wheel_as_a_zip(server_url: str, dist: Path) -> None:
    wheel = next((dist / "wheels").glob("*.whl")).name
    with urllib.request.urlopen(f"{server_url}wheels/{wheel}") as response:
        assert response.headers["Content-Type"] == "application/zip"
