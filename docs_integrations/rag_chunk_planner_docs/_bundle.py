"""What the wheel carries besides the code: the built site, its data, the calculator's code.

``python3 build.py docs-wheel`` adds three things to this package: ``site/`` (the calculator's
built site), ``_data.json`` (its version, languages and frame titles, and a digest of the
site) and ``_calculator/`` (the calculator's own code, which checks the options as the page
reads a link).  A checkout of the repository has none of them: the package runs from its wheel.
"""

from __future__ import annotations

import importlib
import json
import shutil
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath
from types import ModuleType

#: The folder of a docs site's output that holds the calculator; a folder per version below it,
#: so two versions of the docs (or of the calculator) never overwrite each other's files.
OUTPUT_FOLDER = "_rag_chunk_planner"
#: Where in the versioned folder an MkDocs site gets the embed's script and stylesheet (Sphinx
#: serves them from its _static/).
ASSETS_FOLDER = "embed"
SCRIPT = "rag-chunk-planner.js"
STYLESHEET = "rag-chunk-planner.css"
# Written last into a copied folder: a copy with the same digest is complete and up to date.
STAMP = ".rag-chunk-planner-docs"

_PACKAGE = __name__.rpartition(".")[0]


class NotBuiltError(RuntimeError):
    """The package was imported from a checkout, without what docs-wheel adds."""


@dataclass(frozen=True)
class BundleData:
    version: str
    #: The languages of the site, each a folder of it (``de/``).
    languages: tuple[str, ...]
    #: Each language's title of the embedded frame (the site's own ``embed.iframe_title``).
    titles: dict[str, str]
    #: A digest of every file of ``site/``: what a copy's stamp is compared with.
    site_digest: str


def _files() -> Traversable:
    return resources.files(_PACKAGE)


@cache
def bundle_data() -> BundleData:
    data_file = _files() / "_data.json"
    if not data_file.is_file():
        raise NotBuiltError(
            "rag_chunk_planner_docs runs from its wheel: "
            "build it with `python3 build.py docs-wheel`"
        )
    data = json.loads(data_file.read_text(encoding="utf-8"))
    return BundleData(
        version=data["version"],
        languages=tuple(data["languages"]),
        titles=dict(data["titles"]),
        site_digest=data["site_digest"],
    )


def calculator_module(name: str) -> ModuleType:
    """A module of the calculator copy the wheel carries (``protocol``, ``protocol._fields``)."""
    bundle_data()  # the clear error of a checkout first
    return importlib.import_module(f"{_PACKAGE}._calculator.{name}")


def site_folder() -> str:
    """The calculator's folder in a docs site's output, relative to the output's root."""
    return f"{OUTPUT_FOLDER}/{bundle_data().version}"


def static_path() -> Path:
    """The folder of the embed's script and stylesheet, for Sphinx's html_static_path."""
    static = _files() / "static"
    if not isinstance(static, Path):  # zipped: Sphinx copies from real folders only
        raise NotBuiltError("the Sphinx extension needs its package installed, not zipped")
    return static


def copy_site(output: Path, *, assets: bool = False) -> Path:
    """Copy the calculator into ``output``'s versioned folder, once: a folder whose stamp
    matches this wheel's site is left as it is.  With ``assets``, the embed's script and
    stylesheet go into its ``embed/`` folder too.  Returns the folder."""
    target = output / PurePosixPath(site_folder())
    digest = bundle_data().site_digest + (f"+{ASSETS_FOLDER}" if assets else "")
    stamp = target / STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == digest:
        return target
    if target.exists():
        shutil.rmtree(target)
    _copy_tree(_files() / "site", target)
    if assets:
        for name in (SCRIPT, STYLESHEET):
            _copy_file(_files() / "static" / name, target / ASSETS_FOLDER / name)
    stamp.write_text(digest, encoding="utf-8")
    return target


def _copy_tree(source: Traversable, target: Path) -> None:
    if isinstance(source, Path):
        shutil.copytree(source, target)
        return
    target.mkdir(parents=True)
    for entry in source.iterdir():
        if entry.is_dir():
            _copy_tree(entry, target / entry.name)
        else:
            _copy_file(entry, target / entry.name)


def _copy_file(source: Traversable, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(source, Path):
        shutil.copyfile(source, target)
    else:
        target.write_bytes(source.read_bytes())
