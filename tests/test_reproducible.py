"""The same commit gives byte-identical dist/: a clean build, in a folder of another name and
with another hash seed, compared file by file with the build the session already made (the
`dist` fixture, built in this process from the project's own .cache/).

The clean build starts from an empty .cache/ (only the verified Pyodide tarball), so the
compiled stdlib, the start-up zip and the snapshot are made again: a step that depends on the
clock, the path, chance or what a cache kept fails here.  The compressed copies are shared:
they are kept under the sha256 of their input, so a changed input can never find another
input's copy (and the wasm's strongest brotli is slow).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

import build

# What a clean checkout holds that a build reads.
SOURCES = (
    "build.py",
    "site_build",
    "devtools",
    "pyproject.toml",
    "README.md",
    "LICENSE",
    "calculator",
    "engine",
    "web",
    "locales",
)


def checkout(target: Path) -> Path:
    target.mkdir(parents=True)
    for name in SOURCES:
        source = build.ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        else:
            shutil.copy2(source, target / name)
    cache = target / ".cache"
    cache.mkdir()
    tarball = build.fetch_pyodide_tarball()
    shutil.copy2(tarball, cache / tarball.name)
    shared = build.CACHE / "compressed"
    shared.mkdir(parents=True, exist_ok=True)
    (cache / "compressed").symlink_to(shared, target_is_directory=True)
    return target


def built(root: Path, hash_seed: str) -> dict[str, bytes]:
    """Build the checkout at `root` with this interpreter; every file of its dist/."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("SOURCE_DATE_EPOCH", None)
    subprocess.run(
        [sys.executable, "-c", "import build; build.build()"], cwd=root, env=env, check=True
    )
    return files_of(root / "dist")


def files_of(dist: Path) -> dict[str, bytes]:
    return {
        path.relative_to(dist).as_posix(): path.read_bytes()
        for path in sorted(dist.rglob("*"))
        if path.is_file()
    }


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="the build needs Node.js")
def test_a_clean_build_is_byte_identical_to_the_sessions(dist: Path, tmp_path: Path) -> None:
    first = files_of(dist)
    second = built(checkout(tmp_path / "second-checkout"), "2")
    # Named without their directories' hashes, so that the files whose bytes differ are named.
    unhashed = partial(re.compile(r"-[0-9a-f]{12}/").sub, "-<hash>/")
    first_files = {unhashed(name): data for name, data in first.items()}
    second_files = {unhashed(name): data for name, data in second.items()}
    assert sorted(first_files) == sorted(second_files)
    differing = [name for name, data in first_files.items() if second_files[name] != data]
    assert differing == []
    assert first == second
