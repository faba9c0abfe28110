"""The runtime step: Pyodide from its pinned npm package, checked against a recorded
hash and cached in .cache/ so rebuilds need no network; then shipped into dist/ beside the
compiled standard library."""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from site_build.project import (
    CACHE,
    PYODIDE_LOCK_FILE,
    PYODIDE_RUNTIME_FILES,
    PYODIDE_TARBALL_SHA256,
    PYODIDE_VERSION,
    BuildError,
    sha256_of,
)
from site_build.stdlib import compiled_stdlib


def verify_sha256(path: Path, expected: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise BuildError(f"{path.name}: sha256 {actual} does not match the recorded {expected}")


def pyodide_cache_dir() -> Path:
    return CACHE / f"pyodide-{PYODIDE_VERSION}"


def npm_packed(package: str, sha256: str, what: str) -> Path:
    """`npm pack` a pinned package ("name@version") into .cache/ (once) and check its hash."""
    name, _, version = package.rpartition("@")
    tarball = CACHE / f"{name}-{version}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError(f"npm is needed once to fetch {what}: install Node.js and npm")
        CACHE.mkdir(exist_ok=True)
        subprocess.run(
            [npm, "pack", "--silent", package], cwd=CACHE, check=True, stdout=subprocess.DEVNULL
        )
    try:
        verify_sha256(tarball, sha256)
    except BuildError:
        tarball.unlink()  # never used, and the next run fetches it anew
        raise
    return tarball


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
