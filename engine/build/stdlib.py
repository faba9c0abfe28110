"""The standard library as 3.14 bytecode, and the start-up zip a first visit boots from
(engine/node/compile_stdlib.*, engine/node/start_stdlib.*), each made once and kept in .cache/."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from engine.build.app import App
from engine.build.files import (
    APP_ZIP_SCRIPT,
    NODE_SCRIPTS,
    PYODIDE_LOCK_FILE,
    PYODIDE_TARBALL_SHA256,
    PYODIDE_VERSION,
    PYTHON_MODULES,
    START_STDLIB,
    STDLIB_PATH_IN_BROWSER,
    sources_key,
)
from site_build.project import CACHE, node_command, sha256_of
from site_build.versioned import versioned


def compiled_stdlib(pyodide: Path) -> Path:
    """python_stdlib.zip with every module as .pyc, made once per Pyodide tarball and tool.

    CPython otherwise compiles every stdlib module it imports from source at every start in
    the browser.  Pyodide itself compiles them (under Node), so the bytecode is 3.14's own.
    """
    tools = sources_key(
        NODE_SCRIPTS / "compile_stdlib.mjs",
        NODE_SCRIPTS / "compile_stdlib.py",
        PYTHON_MODULES / "deferred_asyncio.py",
    )
    key = f"{PYODIDE_TARBALL_SHA256[:16]}-{tools}"
    target = CACHE / f"python_stdlib-{PYODIDE_VERSION}-{key}-pyc.zip"
    if target.exists():
        return target
    node = node_command("once to compile the standard library")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging:
        shutil.copy(pyodide / "python_stdlib.zip", Path(staging) / "source.zip")
        subprocess.run(
            [
                node,
                str(NODE_SCRIPTS / "compile_stdlib.mjs"),
                str(pyodide),
                staging,
                "source.zip",
                "compiled.zip",
                STDLIB_PATH_IN_BROWSER,
            ],
            check=True,
        )
        (Path(staging) / "compiled.zip").rename(target)
    return target


def wheel_key(wheel: Path) -> str:
    """The wheel's contents, not its bytes: a rebuilt wheel's zip may differ in timestamps only."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            digest.update(name.encode() + b"\0" + archive.read(name))
    return digest.hexdigest()


def start_stdlib(pyodide: Path, whole: Path, wheel: Path, app: App) -> tuple[Path, Path, Path]:
    """The start-up zip, the app's zip and its later zip for this stdlib and wheel, made once
    (engine/node/start_stdlib.mjs), and checked there: the app's first answers need the first
    two alone, and its every module imports from the three."""
    digest = hashlib.sha256(f"{sha256_of(whole)}{wheel_key(wheel)}".encode())
    digest.update(
        sources_key(
            NODE_SCRIPTS / "start_stdlib.mjs",
            NODE_SCRIPTS / "start_stdlib.py",
            PYTHON_MODULES / "lazy_stdlib.py",
            NODE_SCRIPTS / "compile_stdlib.py",
        ).encode()
    )
    digest.update(sha256_of(APP_ZIP_SCRIPT).encode())
    digest.update(f"{app.package}\0{app.described()}".encode())
    key = f"{PYODIDE_VERSION}-{digest.hexdigest()[:16]}"
    start = CACHE / f"python_stdlib_start-{key}.zip"
    app_zip = CACHE / f"python_{app.package}-{key}.zip"
    later = CACHE / f"python_{app.package}_later-{key}.zip"
    if not (start.exists() and app_zip.exists() and later.exists()):
        with tempfile.TemporaryDirectory(dir=CACHE) as staging:
            made = Path(staging)
            make_start_stdlib(pyodide, whole, wheel, app, made / START_STDLIB)
            (made / START_STDLIB).rename(start)
            (made / app.zip_name).rename(app_zip)
            (made / app.later_zip_name).rename(later)
    return start, app_zip, later


def ship_start_stdlib(
    pyodide: Path, dist: Path, runtime: str, wheel: Path, app: App
) -> tuple[str, str, str]:
    """The start-up zip of the shipped stdlib, the app's zip and its later zip; their paths
    in dist/."""
    (dist / "start").mkdir()
    made = start_stdlib(pyodide, dist / runtime / "python_stdlib.zip", wheel, app)
    names = (START_STDLIB, app.zip_name, app.later_zip_name)
    for path, name in zip(made, names, strict=True):
        shutil.copy2(path, dist / "start" / name)
    directory = versioned(dist / "start")
    start, app_zip, later = (directory + name for name in names)
    return start, app_zip, later


def make_start_stdlib(pyodide: Path, whole: Path, wheel: Path, app: App, start: Path) -> None:
    """Write the start-up zip of `whole` (the compiled stdlib) to `start`, and the zip and
    the later zip of `whole` and `wheel` for `app` beside it (their names: `app`'s)."""
    node = node_command("to make the start-up stdlib")
    # Unpacked here, so the start-up zip's maker needs no zipfile module of its own (which
    # would pull zipfile and its codecs into the first visit's bytes).
    with tempfile.TemporaryDirectory(dir=start.parent) as unpacked:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(unpacked)
        subprocess.run(
            [
                node,
                str(NODE_SCRIPTS / "start_stdlib.mjs"),
                str(pyodide),
                str(pyodide / PYODIDE_LOCK_FILE),
                str(whole),
                unpacked,
                app.package,
                app.described(),
                str(start.parent),
                start.name,
                app.zip_name,
                app.later_zip_name,
                STDLIB_PATH_IN_BROWSER,
                app.zip_path,
            ],
            check=True,
        )
