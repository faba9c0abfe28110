"""What every build step shares: where the project's files are, the pinned Pyodide, the
languages, and the one error a step raises for a reason the user can fix."""

from __future__ import annotations

import hashlib
import shutil
import tomllib
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
# The pages' Jinja templates (web/templates/), which include each other by file name.
TEMPLATES = WEB / "templates"
LOCALES = ROOT / "locales"
TOOLS = ROOT / "tools"
CACHE = ROOT / ".cache"

LANGUAGES = ("pt", "de", "it", "pl", "en")
# The BCP 47 tag each page declares (lang, hreflang): the Portuguese text is Brazilian. The
# directory keeps the short name (pt/), so links already shared keep working.
LANGUAGE_TAGS = {"pt": "pt-BR", "de": "de", "it": "it", "pl": "pl", "en": "en"}


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
# The part of the compiled standard library every start mounts (tools/start_stdlib.py): what
# Pyodide's own start imports (and formatting a traceback).  A first visit boots from it; the
# snapshot is made over it.
START_STDLIB = "python_stdlib_start.zip"
# Its second part, which Python's start does not need: the calculator, the stdlib modules only
# it imports, and the lazy path to the rest.  Every start adds it to sys.path, mounted here,
# once Pyodide has started, so a first visit fetches it after the wasm rather than beside it.
CALCULATOR_ZIP = "python_calculator.zip"
CALCULATOR_ZIP_PATH_IN_BROWSER = "/lib/python_calculator.zip"
# What a first visit's worker fetches of the runtime directory, besides the start-up zip (the
# service worker fetches the rest, the whole stdlib and the snapshot, once the first answer is
# on the page).  A first visit that restores the snapshot fetches the same and the snapshot.
FIRST_VISIT_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# Pyodide's memory after importing the calculator, which the worker starts from.
SNAPSHOT_NAME = "python-snapshot.bin"


class BuildError(Exception):
    """A build step failed for a reason the user can fix; main() prints it."""


def node_command(purpose: str) -> str:
    """Node.js, which runs Pyodide at build time and compresses; `purpose` completes
    "node is needed ..." in the error when it is missing."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"node is needed {purpose}: install Node.js")
    return node


def load_pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(partial(file.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tools_key(*names: str) -> str:
    """A hash of these tools' sources: a cached product is made again when they change."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(sha256_of(TOOLS / name).encode())
    return digest.hexdigest()[:16]
