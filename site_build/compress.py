"""The compress step: a .gz and a .br beside each file that compresses, kept in .cache/ under
the sha256 of its input."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from engine.build import SNAPSHOT_NAME
from site_build.project import CACHE, node_command, sha256_of

# Beside each file that compresses (wheels are compressed already), a .gz and a .br
# for hosts that serve them, and for the development server.
# Our zips are of stored entries (engine/node/compile_stdlib.py), so they compress too.
COMPRESSIBLE_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".bin", ".zip", ".ranks"}
)
MIN_COMPRESSED_SIZE = 1024
# Node's brotli, run over a list of jobs.
BROTLI_SCRIPT = Path(__file__).with_name("brotli.mjs")
# Brotli's best; the snapshot changes with every edit of the calculator, and quality 11
# takes many times as long on it as 9, for a copy only somewhat smaller.
BROTLI_QUALITY = 11
SNAPSHOT_BROTLI_QUALITY = 9


def compressible_files(dist: Path) -> list[Path]:
    return sorted(
        path
        for path in dist.rglob("*")
        if path.suffix in COMPRESSIBLE_SUFFIXES
        and path.is_file()
        and path.stat().st_size >= MIN_COMPRESSED_SIZE
    )


def brotli_quality(path: Path) -> int:
    return SNAPSHOT_BROTLI_QUALITY if path.name == SNAPSHOT_NAME else BROTLI_QUALITY


def compressed_copy(path: Path, suffix: str) -> Path:
    """Where .cache/ keeps the compressed copy of this content (compressing Pyodide's wasm
    at quality 11 is slow, so it is done once)."""
    quality = brotli_quality(path) if suffix == ".br" else 9
    return CACHE / "compressed" / f"{sha256_of(path)}-{quality}{suffix}"


def brotli_compress(jobs: Sequence[tuple[Path, Path, int]]) -> None:
    """With Node's zlib (node is needed by the build anyway): no brotli package to pin."""
    node = node_command("to brotli-compress the site")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging:
        listing = Path(staging) / "jobs.json"
        listing.write_text(
            json.dumps([[str(source), str(target), quality] for source, target, quality in jobs]),
            encoding="utf-8",
        )
        subprocess.run([node, str(BROTLI_SCRIPT), str(listing)], check=True)


def write_precompressed(dist: Path) -> None:
    """file.gz and file.br beside every compressible file of dist/."""
    (CACHE / "compressed").mkdir(parents=True, exist_ok=True)
    brotli_jobs = []
    copies = []
    for path in compressible_files(dist):
        gz, br = compressed_copy(path, ".gz"), compressed_copy(path, ".br")
        if not gz.exists():
            # mtime=0: the same content always gives the same bytes.
            gz.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
        if not br.exists():
            brotli_jobs.append((path, br, brotli_quality(path)))
        copies += [(gz, path.with_name(path.name + ".gz")), (br, path.with_name(path.name + ".br"))]
    if brotli_jobs:
        brotli_compress(brotli_jobs)
    for cached, target in copies:
        shutil.copyfile(cached, target)
