"""The documentation tools' wheel (``python3 build.py docs-wheel``): rag-chunk-planner-docs,
whose package (docs_integrations/) gets, in a staging copy, what it carries besides its code:

- ``site/``: the built site, without the precompressed copies (a docs host compresses itself);
- ``_calculator/``: the calculator's own modules (not its tokenizer), which read and check a
  planner's options as the page reads a link, so the plugins take every field the build's
  ``FIELDS`` declares and never drift from it;
- ``_data.json``: the version, the languages, each language's frame title, and a digest of
  ``site/`` (a docs build copies the site again only when it changed).

The wheel is made by pyproject's own backend (hatchling, fixed timestamps, sorted entries), so
the same commit gives a byte-identical wheel.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import shutil
import tempfile
import tomllib
from pathlib import Path

from site_build.project import LANGUAGES, LOCALES, ROOT, BuildError, load_pyproject
from site_build.versioned import content_hash

DOCS_PROJECT = ROOT / "docs_integrations"
DIST_DOCS = ROOT / "dist-docs"
PACKAGE = "rag_chunk_planner_docs"
# The build's precompressed copies, for hosts that serve them as they are (build.py serve).
PRECOMPRESSED = (".br", ".gz")
# What the wheel leaves out of the calculator: its tokenizers and splitters (counting is the
# page's, in the browser) and its command line.
CALCULATOR_LEFT_OUT = ("__main__.py", "cli", "_tokens", "_splitters", "_retrieval")


def docs_wheel_name(version: str) -> str:
    return f"{PACKAGE}-{version}-py3-none-any.whl"


def build_docs_wheel(dist: Path, target: Path = DIST_DOCS) -> Path:
    """Build rag-chunk-planner-docs' wheel from the built site ``dist`` into ``target``;
    return its path."""
    version = _docs_version()
    if version != load_pyproject()["project"]["version"]:
        raise BuildError(
            f"docs_integrations/pyproject.toml has version {version}, the calculator "
            f"{load_pyproject()['project']['version']}: the two are released together"
        )
    with tempfile.TemporaryDirectory(prefix="docs-wheel-") as staging:
        project = Path(staging) / "project"
        shutil.copytree(
            DOCS_PROJECT, project, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
        shutil.copyfile(ROOT / "LICENSE", project / "LICENSE")
        package = project / PACKAGE
        site = package / "site"
        shutil.copytree(
            dist, site, ignore=shutil.ignore_patterns(*(f"*{s}" for s in PRECOMPRESSED))
        )
        _copy_calculator(package / "_calculator")
        data = {
            "version": version,
            "languages": list(LANGUAGES),
            "titles": {lang: _catalog(lang)["embed.iframe_title"] for lang in LANGUAGES},
            "site_digest": content_hash(site),
        }
        (package / "_data.json").write_text(
            json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8"
        )
        target.mkdir(parents=True, exist_ok=True)
        wheel = target / docs_wheel_name(version)
        wheel.unlink(missing_ok=True)
        backend = importlib.import_module(_backend(project))
        with contextlib.chdir(project):
            name: str = backend.build_wheel(str(target))
    return target / name


def _docs_version() -> str:
    with (DOCS_PROJECT / "pyproject.toml").open("rb") as file:
        version: str = tomllib.load(file)["project"]["version"]
    return version


def _backend(project: Path) -> str:
    with (project / "pyproject.toml").open("rb") as file:
        backend: str = tomllib.load(file)["build-system"]["build-backend"]
    return backend


def _copy_calculator(target: Path) -> None:
    target.mkdir()
    package = ROOT / "calculator"
    for module in sorted(package.rglob("*.py")):
        relative = module.relative_to(package)
        if relative.parts[0] not in CALCULATOR_LEFT_OUT:
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(module, target / relative)
    # Its English messages, as the calculator's own wheel carries them (calculator/_errors.py),
    # and the model presets a link's model= fills the fields from (calculator/_models.py).
    shutil.copyfile(LOCALES / "en.json", target / "en.json")
    shutil.copyfile(ROOT / "calculator" / "models.json", target / "models.json")


def _catalog(lang: str) -> dict[str, str]:
    catalog: dict[str, str] = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return catalog
