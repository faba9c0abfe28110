"""The standard library as 3.14 bytecode, and the start-up zip a first visit boots from
(engine/node/compile_stdlib.*, engine/node/start_stdlib.*), each made once and kept in .cache/."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from engine.build.files import (
    CALCULATOR_ZIP,
    CALCULATOR_ZIP_PATH_IN_BROWSER,
    CALCULATOR_ZIP_SCRIPT,
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

    CPython otherwise compiles ~145 stdlib modules from source at every start in the
    browser.  Pyodide itself compiles them (under Node), so the bytecode is 3.14's own.
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


def start_stdlib(pyodide: Path, whole: Path, wheel: Path) -> tuple[Path, Path]:
    """The start-up zip and the calculator's zip for this stdlib and calculator, made once
    (engine/node/start_stdlib.mjs), and checked there: the calculator's every module imports from
    them alone."""
    digest = hashlib.sha256(f"{sha256_of(whole)}{wheel_key(wheel)}".encode())
    digest.update(
        sources_key(
            NODE_SCRIPTS / "start_stdlib.mjs",
            NODE_SCRIPTS / "start_stdlib.py",
            PYTHON_MODULES / "lazy_stdlib.py",
            NODE_SCRIPTS / "compile_stdlib.py",
        ).encode()
    )
    digest.update(sha256_of(CALCULATOR_ZIP_SCRIPT).encode())
    key = f"{PYODIDE_VERSION}-{digest.hexdigest()[:16]}"
    start = CACHE / f"python_stdlib_start-{key}.zip"
    calculator = CACHE / f"python_calculator-{key}.zip"
    if not (start.exists() and calculator.exists()):
        with tempfile.TemporaryDirectory(dir=CACHE) as staging:
            made = Path(staging)
            make_start_stdlib(pyodide, whole, wheel, made / START_STDLIB, made / CALCULATOR_ZIP)
            (made / START_STDLIB).rename(start)
            (made / CALCULATOR_ZIP).rename(calculator)
    return start, calculator


def ship_start_stdlib(pyodide: Path, dist: Path, runtime: str, wheel: Path) -> tuple[str, str]:
    """The start-up zip of the shipped stdlib and the calculator's zip; their paths in dist/."""
    (dist / "start").mkdir()
    start, calculator = start_stdlib(pyodide, dist / runtime / "python_stdlib.zip", wheel)
    shutil.copy2(start, dist / "start" / START_STDLIB)
    shutil.copy2(calculator, dist / "start" / CALCULATOR_ZIP)
    directory = versioned(dist / "start")
    return directory + START_STDLIB, directory + CALCULATOR_ZIP


def make_start_stdlib(
    pyodide: Path, whole: Path, wheel: Path, start: Path, calculator: Path
) -> None:
    """Write the start-up zip of `whole` (the compiled stdlib) to `start`, and the calculator's
    zip of `whole` and `wheel` to `calculator` (in the same directory)."""
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
                str(start.parent),
                start.name,
                calculator.name,
                STDLIB_PATH_IN_BROWSER,
                CALCULATOR_ZIP_PATH_IN_BROWSER,
            ],
            check=True,
        )
