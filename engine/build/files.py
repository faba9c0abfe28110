"""The engine's pins, where its sources are, and the names of the files it ships."""

from __future__ import annotations

import hashlib
from pathlib import Path

from site_build.project import sha256_of

ENGINE = Path(__file__).resolve().parent.parent
# What the build runs under Node, in Pyodide: the stdlib's compilation, the zips, the snapshot.
NODE_SCRIPTS = ENGINE / "node"
# The modules the build adds to Pyodide's standard library, which every visitor's browser runs.
PYTHON_MODULES = ENGINE / "python"
# The engine's scripts for the page and for the worker, which the site's bundles import.
SCRIPT_FOLDERS = (ENGINE / "page", ENGINE / "worker")
# The service worker, which the build writes beside the pages with the build's file list.
SERVICE_WORKER_SOURCE = ENGINE / "service-worker" / "sw.js"
# How a page's worker and the build's tools under Node add the app's zip.
APP_ZIP_SCRIPT = ENGINE / "worker" / "app-zip.js"

PYODIDE_VERSION = "314.0.7"
# sha256 of the tarball `npm pack pyodide@314.0.7` downloads; change it only together
# with PYODIDE_VERSION, after checking the new tarball.
PYODIDE_TARBALL_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# What loadPyodide fetches at start-up when the worker hands it the lock file's
# header itself (the stock lock file, which lists every package, is never fetched nor shipped).
PYODIDE_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOCK_FILE = "pyodide-lock.json"
# Where Pyodide mounts python_stdlib.zip; compiled modules name their files after it.
STDLIB_PATH_IN_BROWSER = "/lib/python314.zip"
# The part of the compiled standard library every start mounts (engine/node/start_stdlib.py): what
# Pyodide's own start imports (and formatting a traceback).  A first visit boots from it; the
# snapshot is made over it.
START_STDLIB = "python_stdlib_start.zip"
# Its second part, which Python's start does not need, is the app's zip (App.zip_name): the
# app, the stdlib modules only it imports, and the lazy path to the rest.  Every start adds it
# to sys.path (App.zip_path) once Pyodide has started, so a first visit fetches it after the
# wasm rather than beside it.
# What a first visit's worker fetches of the runtime directory, besides the start-up zip (the
# service worker fetches the rest, the whole stdlib and the snapshot, once the first answer is
# on the page).  A first visit that restores the snapshot fetches the same and the snapshot.
FIRST_VISIT_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# Pyodide's memory after importing the app, which the worker starts from.
SNAPSHOT_NAME = "python-snapshot.bin"


def sources_key(*paths: Path) -> str:
    """A hash of these sources: a cached product is made again when one of them changes."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(sha256_of(path).encode())
    return digest.hexdigest()[:16]
