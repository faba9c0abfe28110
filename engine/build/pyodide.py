"""Pyodide's runtime: its pinned npm package, checked against a recorded hash and cached in
.cache/ so rebuilds need no network; shipped with the compiled standard library and its
script minified."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from engine.build.files import (
    PYODIDE_LOCK_FILE,
    PYODIDE_RUNTIME_FILES,
    PYODIDE_TARBALL_SHA256,
    PYODIDE_VERSION,
)
from engine.build.stdlib import compiled_stdlib
from site_build.project import (
    CACHE,
    ESBUILD,
    NO_TSCONFIG,
    BuildError,
    esbuild,
    node_command,
    npm_packed,
)
from site_build.versioned import versioned

# Pyodide's JavaScript, which every visit downloads before Python starts.
PYODIDE_SCRIPT = "pyodide.asm.mjs"
# How Pyodide's script is minified; the cached copy is named by these options too.
MINIFY_OPTIONS = (
    "--minify",
    "--format=esm",
    "--charset=utf8",
    "--legal-comments=inline",
    NO_TSCONFIG,
    # The direct eval's warning: expected (see minified_pyodide_script).
    "--log-level=error",
)


def pyodide_cache_dir() -> Path:
    return CACHE / f"pyodide-{PYODIDE_VERSION}"


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


def pyodide_lock_info(pyodide: Path) -> object:
    """The lock file's header; loadPyodide checks its ABI version against the wasm."""
    lock = json.loads((pyodide / PYODIDE_LOCK_FILE).read_text(encoding="utf-8"))
    return lock["info"]


def copy_pyodide(pyodide: Path, target: Path) -> None:
    target.mkdir(parents=True)
    for name in PYODIDE_RUNTIME_FILES:
        # copy2 keeps the cached files' times, so Last-Modified is stable across builds.
        shutil.copy2(pyodide / name, target / name)
    shutil.copy2(compiled_stdlib(pyodide), target / "python_stdlib.zip")


def ship_runtime(pyodide: Path, dist: Path) -> str:
    """Pyodide's runtime files (its script minified) and the compiled stdlib; the versioned
    directory's name."""
    runtime = dist / f"pyodide-{PYODIDE_VERSION}"
    copy_pyodide(pyodide, runtime)
    shutil.copy2(minified_pyodide_script(pyodide), runtime / PYODIDE_SCRIPT)
    return versioned(runtime)


def minified_pyodide_script(pyodide: Path) -> Path:
    """Pyodide's pyodide.asm.mjs as esbuild minifies it, made once per Pyodide tarball in
    .cache/: the script is Emscripten's output with the whitespace gone but every name whole
    (thousands of export names, each three times over), and every visit downloads it before
    Python starts (docs/performance.md has its sizes).

    The script evaluates JavaScript snippets that the wasm carries (EM_ASM, EM_JS) with a
    direct eval() inside its module function; esbuild renames nothing those snippets can
    see (no name in a scope that holds a direct eval), so they find what they name.  The
    copy keeps the original's time, so the served Last-Modified stays what it was."""
    source = pyodide / PYODIDE_SCRIPT
    options = hashlib.sha256("\0".join(MINIFY_OPTIONS).encode()).hexdigest()[:8]
    name = f"{PYODIDE_SCRIPT}-{PYODIDE_TARBALL_SHA256[:16]}-{ESBUILD.name}-{options}.min.mjs"
    target = CACHE / name
    if target.exists():
        return target
    with tempfile.TemporaryDirectory(dir=CACHE) as staging:
        minified = Path(staging) / PYODIDE_SCRIPT
        command = [
            node_command("to minify Pyodide's script"),
            str(esbuild()),
            str(source),
            *MINIFY_OPTIONS,
            f"--outfile={minified}",
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BuildError(f"minifying {PYODIDE_SCRIPT} failed:\n{done.stderr}")
        shutil.copystat(source, minified)
        minified.rename(target)
    return target
