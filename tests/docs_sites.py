"""The docs tools' wheel, a fresh environment with it, Sphinx and MkDocs, and a site of each.

    docs_wheel    rag-chunk-planner-docs' wheel, built once per session from the `dist` fixture
    docs_env      a fresh virtual environment with the pinned Sphinx, MyST, MkDocs and Material
                  (pyproject's test group) and the wheel, installed without the index from a
                  wheel cache in .cache/docs-test-wheels/ (filled from the index when the pins
                  change)
    sphinx_site   a Sphinx site (reST and MyST pages) built with -W; its output folder
    mkdocs_site   an MkDocs Material site (instant navigation, light/dark toggle) built with
                  --strict; its output folder

EMBEDS says what each page embeds; the tests compare the output and the browsers' results
with it.  tests/conftest.py makes the fixtures every test's.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass, field
from pathlib import Path
from textwrap import dedent

import pytest

import build
from cache_lock import cache_lock

WHEEL_CACHE = build.CACHE / "docs-test-wheels"
DOCS_TOOLS = ("sphinx", "myst-parser", "mkdocs", "mkdocs-material")
# The MkDocs site's address as its configuration declares it (its canonical links and sitemap
# name it; Material's instant navigation reads the sitemap, and the browser tests answer it
# for the address they serve the site at).
MKDOCS_SITE_URL = "http://docs.invalid/planner/"
# Material's notice about its successor, printed by every build.
QUIET_MKDOCS = {"NO_MKDOCS_2_WARNING": "1"}


@dataclass(frozen=True)
class Embed:
    """What a page of a test site embeds, as the author wrote it."""

    lang: str
    fields: dict[str, str]
    panels: tuple[str, ...] = ()
    prompt: bool = False
    extra: dict[str, str] = field(default_factory=dict)


# Each test page's embed, by site and output page.
EMBEDS = {
    ("sphinx", "index.html"): Embed(
        "de",
        {"tokens": "9000", "chunk_size": "512", "overlap": "64", "dimensions": "1024"},
        panels=("compare",),
    ),
    ("sphinx", "myst.html"): Embed(
        "pl", {"tokens": "20000", "chunk_size": "800", "overlap": "100", "dtype": "int8"}
    ),
    ("sphinx", "guide/prompt.html"): Embed(
        "it", {"tokens": "2500", "chunk_size": "800", "overlap": "200"}, prompt=True
    ),
    ("sphinx", "far.html"): Embed("en", {"tokens": "123456", "chunk_size": "256", "overlap": "0"}),
    ("mkdocs", "index.html"): Embed(
        "pl", {"tokens": "20000", "chunk_size": "800", "overlap": "100", "dimensions": "768"}
    ),
    ("mkdocs", "guide/sizing/index.html"): Embed(
        "de", {"tokens": "9000", "chunk_size": "512", "overlap": "64"}, panels=("compare", "cost")
    ),
    ("mkdocs", "prompt/index.html"): Embed(
        "it", {"tokens": "2500", "chunk_size": "800", "overlap": "200"}, prompt=True
    ),
}


def rst_options(embed: Embed, indent: str = "   ") -> str:
    lines = [f":lang: {embed.lang}"] + [f":{name}: {value}" for name, value in embed.fields.items()]
    if embed.panels:
        lines.append(f":panels: {', '.join(embed.panels)}")
    if embed.prompt:
        lines.append(":prompt:")
    return "\n".join(indent + line for line in lines)


def fence_options(embed: Embed, indent: str = "") -> str:
    lines = [f"lang: {embed.lang}"] + [f"{name}: {value}" for name, value in embed.fields.items()]
    if embed.panels:
        lines.append(f"panels: {', '.join(embed.panels)}")
    if embed.prompt:
        lines.append("prompt: yes")
    return "\n".join(indent + line for line in lines)


def sphinx_sources() -> dict[str, str]:
    def embed(page: str) -> Embed:
        return EMBEDS["sphinx", page]

    return {
        "conf.py": dedent("""\
            project = "Planner docs"
            extensions = ["myst_parser", "rag_chunk_planner_docs.sphinx"]
            html_show_sphinx = False
            html_show_sourcelink = False
            """),
        "index.rst": (
            "Planner docs\n============\n\n.. toctree::\n\n   myst\n   guide/prompt\n   far\n\n"
            f".. rag-chunk-planner::\n{rst_options(embed('index.html'))}\n"
        ),
        "myst.md": (
            "# In MyST\n\n```{rag-chunk-planner}\n"
            + rst_options(embed("myst.html"), "")
            + "\n```\n"
        ),
        "guide/prompt.rst": (
            "On a click\n==========\n\n"
            f".. rag-chunk-planner::\n{rst_options(embed('guide/prompt.html'))}\n"
        ),
        "far.rst": (
            'Far below\n=========\n\n.. raw:: html\n\n   <div class="spacer" '
            'style="height: 5000px"></div>\n\n'
            f".. rag-chunk-planner::\n{rst_options(embed('far.html'))}\n"
        ),
    }


def mkdocs_sources() -> dict[str, str]:
    def embed(page: str) -> Embed:
        return EMBEDS["mkdocs", page]

    return {
        "mkdocs.yml": dedent(f"""\
            site_name: Planner docs
            site_url: {MKDOCS_SITE_URL}
            theme:
              name: material
              font: false
              features:
                - navigation.instant
              palette:
                - scheme: default
                  toggle:
                    icon: material/brightness-4
                    name: Dark
                - scheme: slate
                  toggle:
                    icon: material/brightness-7
                    name: Light
            plugins:
              - search
              - rag-chunk-planner
            extra:
              generator: false
            markdown_extensions:
              - admonition
              - pymdownx.superfences
            nav:
              - index.md
              - guide/sizing.md
              - prompt.md
            """),
        "docs/index.md": (
            "---\ntitle: Home\n---\n# Home\n\n```rag-chunk-planner\n"
            f"{fence_options(embed('index.html'))}\n```\n\n"
            "A fence inside a fence stays code:\n\n"
            "````markdown\n```rag-chunk-planner\nlang: xx\n```\n````\n"
        ),
        "docs/guide/sizing.md": (
            '# Sizing\n\n!!! note "In an admonition"\n\n    ```rag-chunk-planner\n'
            f"{fence_options(embed('guide/sizing/index.html'), '    ')}\n    ```\n"
        ),
        "docs/prompt.md": (
            "# On a click\n\n```rag-chunk-planner\n"
            f"{fence_options(embed('prompt/index.html'))}\n```\n"
        ),
    }


def write_sources(folder: Path, sources: dict[str, str]) -> Path:
    for name, text in sources.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def docs_tool_requirements() -> list[str]:
    """The pinned docs tools of pyproject's test group."""
    pins = build.group_requirements(build.load_pyproject()["dependency-groups"], "test")
    return [pin for pin in pins if re.split(r"[=<>!~\[ ]", pin)[0].lower() in DOCS_TOOLS]


def ensure_wheel_cache(requirements: list[str]) -> Path:
    """The docs tools' wheels and their dependencies' in .cache/, downloaded once per pin set."""
    with cache_lock("docs-test-wheels"):
        return _fill_wheel_cache(requirements)


def _fill_wheel_cache(requirements: list[str]) -> Path:
    stamp = WHEEL_CACHE / "requirements.txt"
    wanted = "\n".join(sorted(requirements)) + "\n"
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted:
        return WHEEL_CACHE
    fresh = WHEEL_CACHE.with_name(WHEEL_CACHE.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    pip = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "--only-binary=:all:", "-d", str(fresh), *requirements], check=True)
    (fresh / "requirements.txt").write_text(wanted, encoding="utf-8")
    shutil.rmtree(WHEEL_CACHE, ignore_errors=True)
    fresh.rename(WHEEL_CACHE)
    return WHEEL_CACHE


@dataclass(frozen=True)
class DocsEnv:
    """A virtual environment with the docs tools and rag-chunk-planner-docs."""

    root: Path

    def run(self, tool: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, **QUIET_MKDOCS, "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"}
        # A CI runner may ask every tool for colours (FORCE_COLOR): Sphinx then wraps each
        # message in escape codes, which the tests read as text.
        env.pop("PYTHONPATH", None)
        env.pop("FORCE_COLOR", None)
        command = [str(self.root / "bin" / tool), *args]
        return subprocess.run(
            command, cwd=cwd, env=env, capture_output=True, text=True, check=False
        )


@pytest.fixture(scope="session")
def docs_wheel(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build.build_docs_wheel(dist, tmp_path_factory.mktemp("dist-docs"))


@pytest.fixture(scope="session")
def docs_env(docs_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> DocsEnv:
    requirements = docs_tool_requirements()
    assert len(requirements) == len(DOCS_TOOLS), requirements
    cache = ensure_wheel_cache(requirements)
    root = tmp_path_factory.mktemp("docs-env") / "venv"
    venv.create(root, with_pip=False)
    pip = [sys.executable, "-m", "pip", "--python", str(root / "bin" / "python"), "install"]
    options = ["-q", "--disable-pip-version-check", "--no-compile", "--no-index"]
    subprocess.run(
        [*pip, *options, "--find-links", str(cache), *requirements, str(docs_wheel)], check=True
    )
    return DocsEnv(root)


def build_sphinx(
    env: DocsEnv, sources: Path, output: Path, *, warnings_are_errors: bool = True
) -> subprocess.CompletedProcess[str]:
    strict = ["-W"] if warnings_are_errors else []
    return env.run(
        "sphinx-build",
        *strict,
        "--no-color",
        "-q",
        "-b",
        "html",
        str(sources),
        str(output),
        cwd=sources,
    )


def build_mkdocs(env: DocsEnv, project: Path) -> subprocess.CompletedProcess[str]:
    return env.run("mkdocs", "build", "--strict", "-q", cwd=project)


@pytest.fixture(scope="session")
def sphinx_site(docs_env: DocsEnv, tmp_path_factory: pytest.TempPathFactory) -> Path:
    sources = write_sources(tmp_path_factory.mktemp("sphinx-src"), sphinx_sources())
    output = tmp_path_factory.mktemp("sphinx-out") / "html"
    done = build_sphinx(docs_env, sources, output)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not done.stderr.strip(), done.stderr  # -W: not even a warning
    return output


@pytest.fixture(scope="session")
def mkdocs_site(docs_env: DocsEnv, tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = write_sources(tmp_path_factory.mktemp("mkdocs"), mkdocs_sources())
    done = build_mkdocs(docs_env, project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not done.stderr.strip(), done.stderr
    return project / "site"
