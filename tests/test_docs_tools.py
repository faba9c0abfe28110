"""rag-chunk-planner-docs without a browser: its wheel, its options, and a Sphinx and an MkDocs
site built with it in a fresh environment (tests/docs_sites.py).

The package runs from its wheel (the build adds the site, the calculator and its data), so its
own tests import it from the session's wheel.
"""

from __future__ import annotations

import doctest
import hashlib
import importlib
import json
import re
import sys
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from types import ModuleType
from typing import Any
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit

import pytest

import build
from calculator.protocol import FIELDS, fields_from_query, query_from_fields
from docs_sites import (
    EMBEDS,
    MKDOCS_SITE_URL,
    DocsEnv,
    build_mkdocs,
    build_sphinx,
    mkdocs_sources,
    sphinx_sources,
    write_sources,
)
from site_build.docs_wheel import PACKAGE, PRECOMPRESSED, docs_wheel_name
from site_build.external_urls import EXTERNAL_URL, NAMESPACE_NAMES

VERSION = build.load_pyproject()["project"]["version"]
FOLDER = f"_rag_chunk_planner/{VERSION}"

# --- the wheel ----------------------------------------------------------------------------


def test_the_wheel_carries_the_site_without_precompressed_copies(
    docs_wheel: Path, dist: Path
) -> None:
    assert docs_wheel.name == docs_wheel_name(VERSION)
    with zipfile.ZipFile(docs_wheel) as wheel:
        names = set(wheel.namelist())
        entry_points = wheel.read(f"{PACKAGE}-{VERSION}.dist-info/entry_points.txt").decode()
    site = {
        f"{PACKAGE}/site/{path.relative_to(dist).as_posix()}"
        for path in dist.rglob("*")
        if path.is_file() and path.suffix not in PRECOMPRESSED
    }
    assert {name for name in names if name.startswith(f"{PACKAGE}/site/")} == site
    assert "rag-chunk-planner = rag_chunk_planner_docs.mkdocs:RagChunkPlannerPlugin" in (
        entry_points
    )


def test_the_wheel_carries_the_calculator_of_its_build(docs_wheel: Path) -> None:
    with zipfile.ZipFile(docs_wheel) as wheel:
        for module in (
            "protocol/_fields.py",
            "protocol/_query.py",
            "protocol/_form.py",
            "protocol/__init__.py",
        ):
            ours = (build.ROOT / "calculator" / module).read_bytes()
            assert wheel.read(f"{PACKAGE}/_calculator/{module}") == ours
        data = json.loads(wheel.read(f"{PACKAGE}/_data.json"))
    assert data["version"] == VERSION
    assert data["languages"] == list(build.LANGUAGES)
    assert data["titles"]["de"] == "RAG-Abschnittsrechner"


def test_the_wheel_is_reproducible(docs_wheel: Path, dist: Path, tmp_path: Path) -> None:
    again = build.build_docs_wheel(dist, tmp_path)
    assert again.read_bytes() == docs_wheel.read_bytes()


# --- the package, imported from the wheel -------------------------------------------------


@pytest.fixture(scope="module")
def docs(docs_wheel: Path) -> Iterator[ModuleType]:
    """rag_chunk_planner_docs, imported from the session's wheel."""
    sys.path.insert(0, str(docs_wheel))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(docs_wheel))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def test_every_field_of_a_link_is_an_option(docs: ModuleType) -> None:
    link_fields = tuple(name for name, field in FIELDS.items() if field.on_page)
    assert link_fields == docs.FIELD_OPTIONS
    assert docs.PANELS == (
        "compare",
        "documents",
        "budget",
        "cost",
        "reindex",
        "storage",
        "model_limit",
    )


@pytest.mark.parametrize("module", ["_options", "_html", "mkdocs", "sphinx"])
def test_the_packages_examples(docs: ModuleType, module: str) -> None:
    failed, tried = doctest.testmod(importlib.import_module(f"{PACKAGE}.{module}"))
    assert tried and not failed


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # Values as a link carries them: machine form, defaults left out, every field.
        (
            {"lang": "de", "tokens": "9000", "chunk_size": "512", "overlap": "64"},
            {"lang": "de", "query": "tokens=9000"},
        ),
        ({"tokens": "8,000", "price_per_million": "0.020"}, {"query": "price_per_million=0.02"}),
        ({"compare": "512:0,256:32"}, {"query": "compare=512%3A0%2C256%3A32"}),
        (
            {"reindex_mode": "edit", "edit_at": "100", "edit_tokens": "-10"},
            {"query": "reindex_mode=edit&edit_at=100&edit_tokens=-10"},
        ),
        ({"dimensions": ""}, {"query": "dimensions="}),
        # The embed's own options.
        ({"panels": "cost, compare,cost"}, {"panels": ("cost", "compare")}),
        (
            {"panels": "all"},
            {
                "panels": (
                    "compare",
                    "documents",
                    "budget",
                    "cost",
                    "reindex",
                    "storage",
                    "model_limit",
                )
            },
        ),
        ({"panels": "none"}, {"panels": ()}),
        ({"height": "640px"}, {"height": 640}),
        ({"height": "auto"}, {"height": None}),
        ({"theme": "dark"}, {"theme": "dark"}),
        ({"prompt": None}, {"prompt": ""}),
        ({"prompt": "yes"}, {"prompt": ""}),
        ({"prompt": "Try it"}, {"prompt": "Try it"}),
        ({"prompt": "no"}, {"prompt": None}),
        ({}, {"lang": "it", "query": "", "panels": (), "height": None, "theme": "auto"}),
    ],
)
def test_options_are_read_as_the_page_reads_a_link(
    docs: ModuleType, options: dict[str, str | None], expected: dict[str, Any]
) -> None:
    embed = docs.read_embed(options, "it")
    assert {name: getattr(embed, name) for name in expected} == expected


@pytest.mark.parametrize(
    ("options", "problems"),
    [
        ({"chunk_sise": "512"}, [("chunk_sise", "did you mean chunk_size?")]),
        ({"colour": "red"}, [("colour", "the options are lang, panels")]),
        ({"lang": "fr"}, [("lang", "'fr' is not one of pt, de, it, pl, en")]),
        ({"tokens": "many"}, [("tokens", "'many': Enter a whole number")]),
        ({"chunk_size": "0"}, [("chunk_size", "Enter 1 or more.")]),
        (
            {"chunk_size": "512", "overlap": "600"},
            [("overlap", "The overlap (600) must be smaller than the chunk size (512).")],
        ),
        # A value the page's defaults refuse names the default it meets.
        ({"chunk_size": "50"}, [("overlap", "(not given: its default is 64)")]),
        (
            {"reindex_mode": "edit"},
            [("edit_at", "(not given; it has no default)"), ("edit_tokens", "Enter a value.")],
        ),
        ({"dtype": "float99"}, [("dtype", "“float99” is not one of the available options.")]),
        ({"compare": "512"}, [("compare", "“512” is not a valid configuration.")]),
        ({"edit_at": "5"}, [("edit_at", "is used only with reindex_mode: edit")]),
        (
            {"index_kind": "ivfflat", "lists": "50"},
            [
                ("index_kind", "only with database: pgvector"),
                ("lists", "only with database: pgvector"),
            ],
        ),
        ({"panels": "chart"}, [("panels", "'chart' is not a panel; the panels are compare")]),
        ({"height": "50"}, [("height", "from 200 to 4000 px")]),
        ({"theme": "blue"}, [("theme", "is not one of auto, light, dark")]),
        (
            {"theme": "x", "lang": "x", "tokens": "x"},
            [("theme", "not one of"), ("lang", "not one of"), ("tokens", "whole number")],
        ),
    ],
)
def test_wrong_options_are_named_each(
    docs: ModuleType, options: dict[str, str], problems: list[tuple[str, str]]
) -> None:
    with pytest.raises(docs.OptionsError) as raised:
        docs.read_embed(options)
    found = [(problem.option, problem.message) for problem in raised.value.problems]
    assert [option for option, _ in found] == [option for option, _ in problems]
    for (_, message), (_, part) in zip(found, problems, strict=True):
        assert part in message


def test_every_language_has_the_placeholders_texts(docs: ModuleType) -> None:
    strings = importlib.import_module(f"{PACKAGE}._strings")
    languages = set(build.LANGUAGES)
    assert set(strings.START) == set(strings.FILE_NOTE) == languages


def test_the_placeholder_is_escaped_and_carries_no_inline_style_or_script(
    docs: ModuleType,
) -> None:
    embed = docs.read_embed({"lang": "en", "prompt": 'Go "now" <b>', "compare": "512:0,64:8"})
    html = docs.placeholder(embed, "../")
    assert "Go &quot;now&quot; &lt;b&gt;" in html
    assert "compare=512%3A0%2C64%3A8&amp;embed=1" in html
    assert not re.search(r"\s(style|on\w+)=|<script", html)


@pytest.mark.parametrize(
    ("markdown", "fences", "problems"),
    [
        ("```rag-chunk-planner\nlang: de\n```", [(0, 2, {"lang": "de"})], []),
        ("```rag-chunk-planner\r\nlang: de\r\n```\r", [(0, 2, {"lang": "de"})], []),
        ("~~~~ rag-chunk-planner\n# a comment\n\ntokens: 1\n~~~~", [(0, 4, {"tokens": "1"})], []),
        ("    ```rag-chunk-planner\n    lang: pl\n    ```", [(0, 2, {"lang": "pl"})], []),
        ("````md\n```rag-chunk-planner\nlang: xx\n```\n````", [], []),
        ("```python\nx = 1\n```\n```rag-chunk-planner\n```", [(3, 4, {})], []),
        ("```rag-chunk-planner\nlang: de\n", [(0, 2, {"lang": "de"})], [(10, "is not closed")]),
        (
            "```rag-chunk-planner\nlang: de\nlang: pl\nnot an option\n```",
            [(0, 4, {"lang": "de"})],
            [(12, "lang: given twice"), (13, "write one option a line")],
        ),
    ],
)
def test_mkdocs_finds_the_planner_fences(
    docs: ModuleType,
    markdown: str,
    fences: list[tuple[int, int, dict[str, str]]],
    problems: list[tuple[int, str]],
) -> None:
    plugin = importlib.import_module(f"{PACKAGE}.mkdocs")
    found, found_problems = plugin._find_fences(markdown.split("\n"), 10)
    assert [(start, end, fence.options) for start, end, fence in found] == fences
    assert [line for line, _ in found_problems] == [line for line, _ in problems]
    for (_, message), (_, part) in zip(found_problems, problems, strict=True):
        assert part in message


def test_mkdocs_puts_a_planner_only_where_its_fence_was(docs: ModuleType) -> None:
    """The marker a fence became turns into Markdown's own placeholder, which no page can write:
    Markdown deletes STX and ETX from the page's text before the plugin's preprocessor runs."""
    plugin = importlib.import_module(f"{PACKAGE}.mkdocs")
    markdown = importlib.import_module("markdown")
    embeds = plugin._Embeds(html={"marker-0": '<div class="planner"></div>'})
    stash = "\x02wzxhzdk:0\x03"  # Markdown's placeholder for the first HTML it keeps
    page = f"{stash} `{stash}`\n\n- item\n\n    marker-0\n\n```\n{stash}\n```\n"
    md = markdown.Markdown(extensions=["fenced_code", plugin._PlannerExtension(embeds)])
    assert md.convert(page) == (
        "<p>wzxhzdk:0 <code>wzxhzdk:0</code></p>\n<ul>\n<li>\n<p>item</p>\n"
        '<div class="planner"></div>\n</li>\n</ul>\n<pre><code>wzxhzdk:0\n</code></pre>'
    )
    assert embeds.placed == {"marker-0"}


# --- the sites built with it --------------------------------------------------------------


class Placeholders(HTMLParser):
    """A page's planners, their links to the full page, and the embed's script and stylesheet."""

    def __init__(self) -> None:
        super().__init__()
        self.planners: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.assets: list[str] = []
        self.in_link = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if "data-rag-chunk-planner" in attributes:
            self.planners.append(attributes)
        if tag == "p":
            self.in_link = attributes.get("class") == "rag-chunk-planner-link"
        if tag == "a" and self.in_link:
            self.links.append(attributes.get("href") or "")
        address = attributes.get("src") or attributes.get("href") or ""
        if re.search(r"rag-chunk-planner\.(js|css)", address):
            self.assets.append(address)

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self.in_link = False


def scan_page(page: Path) -> Placeholders:
    scan = Placeholders()
    scan.feed(page.read_text(encoding="utf-8"))
    return scan


def site_of(kind: str, sphinx_site: Path, mkdocs_site: Path) -> Path:
    return sphinx_site if kind == "sphinx" else mkdocs_site


def target(output: Path, page: str, address: str) -> tuple[Path, list[tuple[str, str]]]:
    """The file a relative address of ``page`` leads to in ``output``, and its parameters."""
    parts = urlsplit(address)
    assert not parts.scheme and not parts.netloc and not parts.path.startswith("/"), address
    path = PurePosixPath(urljoin(f"/{page}", parts.path).lstrip("/"))
    file = output / path / "index.html" if parts.path.endswith("/") else output / path
    return file, parse_qsl(parts.query, keep_blank_values=True)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sphinx", "mkdocs"])
def test_the_calculator_is_copied_once(
    kind: str, sphinx_site: Path, mkdocs_site: Path, dist: Path
) -> None:
    output = site_of(kind, sphinx_site, mkdocs_site)
    assert [path.parent.parent for path in output.rglob("pyodide.asm.wasm")] == [output / FOLDER]
    copied = output / FOLDER
    for path in dist.rglob("*"):
        if path.is_file() and path.suffix not in PRECOMPRESSED:
            assert (copied / path.relative_to(dist)).read_bytes() == path.read_bytes(), path


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "page"), sorted(EMBEDS))
def test_each_page_embeds_its_values_by_a_relative_address(
    kind: str, page: str, sphinx_site: Path, mkdocs_site: Path
) -> None:
    output = site_of(kind, sphinx_site, mkdocs_site)
    expected = EMBEDS[kind, page]
    scan = scan_page(output / page)
    [planner] = scan.planners
    assert planner["lang"] == expected.lang
    assert ("data-prompt" in planner) == expected.prompt
    frame, parameters = target(output, page, planner["data-src"] or "")
    assert frame == output / FOLDER / expected.lang / "index.html" and frame.is_file()
    # The link the page itself writes for these values (defaults left out).
    link_parameters = parse_qsl(query_from_fields(fields_from_query(urlencode(expected.fields))))
    extra = [("panels", ",".join(expected.panels))] if expected.panels else []
    assert parameters == [*link_parameters, ("embed", "1"), *extra]
    [link] = scan.links
    assert target(output, page, link) == (frame, link_parameters)
    assert len(scan.assets) == 2  # the embed's script and stylesheet, once each
    for asset in scan.assets:
        assert target(output, page, asset)[0].is_file()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sphinx", "mkdocs"])
def test_nothing_in_the_output_names_another_origin(
    kind: str, sphinx_site: Path, mkdocs_site: Path
) -> None:
    """The copied calculator (held to the site's own check), the embed's script and stylesheet,
    and every page but for the address the MkDocs site declares as its own.  The generators'
    own scripts (Sphinx's _static/, Material's assets/) name their sources' sites in comments;
    what the pages request is the browser tests' to check."""
    output = site_of(kind, sphinx_site, mkdocs_site)
    runtime = next((output / FOLDER).glob("pyodide-*")).name
    build.check_no_external_urls(output / FOLDER, runtime)
    checked = [
        path
        for path in sorted(output.rglob("*"))
        if (path.suffix == ".html" and output / FOLDER not in path.parents)
        or path.name in {"rag-chunk-planner.js", "rag-chunk-planner.css"}
    ]
    found = [
        f"{path.relative_to(output)}: {url}"
        for path in checked
        for url in EXTERNAL_URL.findall(path.read_text(encoding="utf-8"))
        if url not in NAMESPACE_NAMES and not url.startswith(MKDOCS_SITE_URL)
    ]
    assert len(checked) > sum(site == kind for site, _ in EMBEDS)
    assert found == []


@pytest.mark.slow
def test_a_wrong_planner_fails_the_sphinx_build_at_its_line(
    docs_env: DocsEnv, tmp_path: Path
) -> None:
    # Without -W: the wrong planners alone fail the build.
    conf = {"conf.py": sphinx_sources()["conf.py"]}
    sources = write_sources(tmp_path / "src", conf)
    (sources / "index.rst").write_text(
        "Wrong\n=====\n\n.. toctree::\n\n   myst\n\n.. rag-chunk-planner::\n"
        "   :lang: de\n   :chunk_size: 512\n   :overlap: 600\n",
        encoding="utf-8",
    )
    (sources / "myst.md").write_text(
        "# Wrong\n\n```{rag-chunk-planner}\n:lang: de\n:colour: red\n```\n", encoding="utf-8"
    )
    done = build_sphinx(docs_env, sources, tmp_path / "out", warnings_are_errors=False)
    assert done.returncode == 1
    assert re.search(r"index\.rst:11: ERROR: rag-chunk-planner: overlap: '600': ", done.stderr)
    assert re.search(r"myst\.md:5: ERROR: rag-chunk-planner: colour: unknown option", done.stderr)


@pytest.mark.slow
def test_a_wrong_fence_fails_the_mkdocs_build_at_its_line(
    docs_env: DocsEnv, tmp_path: Path
) -> None:
    project = write_sources(tmp_path, mkdocs_sources())
    page = project / "docs" / "prompt.md"
    wrong = "\n```rag-chunk-planner\ntheme: blue\n```\n"
    page.write_text(page.read_text(encoding="utf-8") + wrong, encoding="utf-8")
    done = build_mkdocs(docs_env, project)
    assert done.returncode == 1
    line = page.read_text(encoding="utf-8").split("\n").index("theme: blue") + 1
    assert f"prompt.md:{line}: theme: 'blue' is not one of auto, light, dark" in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("page", "planner", "expected"),
    [
        ("index.rst", ".. rag-chunk-planner::\n   :lang: de\n   :tokens: 9000\n   :LANG: pl", 11),
        ("myst.md", "```{rag-chunk-planner}\n:lang: de\n:tokens: 9000\n:lang: pl\n```", 6),
        ("myst.md", "```{rag-chunk-planner}\n---\nlang: de\nlang: pl\n---\n```", 6),
    ],
    ids=["rest", "myst", "myst-yaml"],
)
def test_an_option_given_twice_fails_the_sphinx_build_at_its_line(
    docs_env: DocsEnv, tmp_path: Path, page: str, planner: str, expected: int
) -> None:
    # docutils refuses the reST directive with an error, MyST keeps the last value: both used
    # to end with exit status 0, without the planner or with one of the two values.
    rest, myst = (planner, "") if page == "index.rst" else ("", planner)
    sources = {
        "conf.py": sphinx_sources()["conf.py"],
        "index.rst": f"Twice\n=====\n\n.. toctree::\n\n   myst\n\n{rest}\n",
        "myst.md": f"# Twice\n\n{myst}\n",
    }
    done = build_sphinx(
        docs_env,
        write_sources(tmp_path / "src", sources),
        tmp_path / "out",
        warnings_are_errors=False,
    )
    assert done.returncode == 1
    found = re.findall(rf"/{re.escape(page)}:(\d+): ERROR: rag-chunk-planner: (.*)", done.stderr)
    assert found == [(str(expected), "lang: given twice")], done.stderr


@pytest.mark.slow
def test_a_planner_docutils_refuses_fails_the_sphinx_build(
    docs_env: DocsEnv, tmp_path: Path
) -> None:
    # A line that is no option, before any blank line: docutils' own error, at the directive.
    sources = {
        "conf.py": sphinx_sources()["conf.py"],
        "index.rst": "Refused\n=======\n\n.. rag-chunk-planner::\n   :lang: de\n   tokens 9000\n",
    }
    done = build_sphinx(
        docs_env,
        write_sources(tmp_path / "src", sources),
        tmp_path / "out",
        warnings_are_errors=False,
    )
    assert done.returncode == 1
    assert re.search(r'index\.rst:4: ERROR: Error in "rag-chunk-planner" directive', done.stderr)


@pytest.mark.slow
def test_mkdocs_leaves_placeholder_look_alikes_as_written(
    docs_env: DocsEnv, tmp_path: Path
) -> None:
    project = write_sources(tmp_path, mkdocs_sources())
    page = project / "docs" / "prompt.md"
    # The token the plugin once wrote for the page's first planner, and replaced anywhere.
    token = f"ragchunkplanner0x{hashlib.sha256(b'prompt.md').hexdigest()[:10]}"
    prose = f'In prose {token}, in code `{token}`, in <span title="{token}">an attribute</span>.'
    page.write_text(
        f"{page.read_text(encoding='utf-8')}\n{prose}\n\n```\n{token}\n```\n\n{token}\n",
        encoding="utf-8",
    )
    done = build_mkdocs(docs_env, project)
    assert done.returncode == 0, done.stderr
    output = project / "site" / "prompt" / "index.html"
    html = output.read_text(encoding="utf-8")
    assert (
        f'<p>In prose {token}, in code <code>{token}</code>, in <span title="{token}">'
        "an attribute</span>.</p>"
    ) in html
    assert f"<code>{token}\n</code></pre>" in html
    assert f"<p>{token}</p>" in html
    [planner] = scan_page(output).planners  # and the real one still there, whole
    assert planner["lang"] == EMBEDS["mkdocs", "prompt/index.html"].lang
    assert "data-prompt" in planner
