"""The start-up engine's build: what site_build/pipeline.py calls, and nothing else of the
engine's build is for the site.

    pyodide = ensure_pyodide()                          # the pinned Pyodide, in .cache/
    shipped = ship_engine(dist, pyodide, wheel, app)    # runtime, zips, snapshot into dist/
    write_build_manifest(assets, shipped, pyodide_lock_info(pyodide), app, {"tokens": path})
    write_service_worker(dist, name, csp, kept_on_use=("tokens-",))

`app` (App) names the Python package the engine starts and how it answers.  The engine's
scripts for the page and the worker are in SCRIPT_FOLDERS, for the site's bundles to import;
a page reaches them through engine/page/runtime.js (startCalculator) and
engine/page/offline.js (keepForOffline), the app's worker through engine/worker/serve.js.
"""

from __future__ import annotations

from pathlib import Path

from engine.build.app import App
from engine.build.files import (
    FIRST_VISIT_RUNTIME_FILES,
    PYODIDE_LOCK_FILE,
    PYODIDE_RUNTIME_FILES,
    PYODIDE_TARBALL_SHA256,
    PYODIDE_VERSION,
    SCRIPT_FOLDERS,
    SERVICE_WORKER_SOURCE,
    SNAPSHOT_NAME,
    START_STDLIB,
)
from engine.build.manifest import (
    SERVICE_WORKER,
    Shipped,
    write_build_manifest,
    write_service_worker,
)
from engine.build.pyodide import ensure_pyodide, pyodide_lock_info, ship_runtime
from engine.build.snapshot import ship_snapshot
from engine.build.stdlib import ship_start_stdlib

__all__ = [
    "FIRST_VISIT_RUNTIME_FILES",
    "PYODIDE_LOCK_FILE",
    "PYODIDE_RUNTIME_FILES",
    "PYODIDE_TARBALL_SHA256",
    "PYODIDE_VERSION",
    "SCRIPT_FOLDERS",
    "SERVICE_WORKER",
    "SERVICE_WORKER_SOURCE",
    "SNAPSHOT_NAME",
    "START_STDLIB",
    "App",
    "Shipped",
    "ensure_pyodide",
    "pyodide_lock_info",
    "ship_engine",
    "write_build_manifest",
    "write_service_worker",
]


def ship_engine(dist: Path, pyodide: Path, wheel: Path, app: App) -> Shipped:
    """Pyodide's runtime with the compiled stdlib, the start-up zip and `app`'s zip made from
    them and `wheel`, and the memory snapshot over those zips: each in a versioned directory
    of `dist`."""
    runtime = ship_runtime(pyodide, dist)
    start, app_zip, later_zip = ship_start_stdlib(pyodide, dist, runtime, wheel, app)
    snapshot = ship_snapshot(pyodide, dist, start, app_zip, app)
    return Shipped(runtime, start, app_zip, later_zip, snapshot)
