"""Step 3, snapshot: Pyodide's memory with the calculator imported, which the worker starts
from, packed without its all-zero blocks."""

from __future__ import annotations

import hashlib
import struct
import subprocess
import tempfile
from pathlib import Path

from site_build.project import (
    CACHE,
    PYODIDE_LOCK_FILE,
    PYODIDE_VERSION,
    TOOLS,
    node_command,
    sha256_of,
)


def snapshot_key(start_zip: Path) -> str:
    """What a snapshot is made of: the shipped start-up zip (the calculator in it), the tool."""
    digest = hashlib.sha256()
    digest.update(sha256_of(start_zip).encode())
    digest.update(sha256_of(TOOLS / "make_snapshot.mjs").encode())
    return digest.hexdigest()[:16]


def make_snapshot(pyodide: Path, start_zip: Path, target: Path) -> None:
    """A memory snapshot of Pyodide started from `start_zip` with the calculator imported,
    made by Pyodide under Node.

    The worker restores it instead of initializing Python and importing the calculator at
    every visit (measured: about 1 s less to the first result), with the same start-up zip
    mounted: the snapshot indexes that very file, so no start needs the whole stdlib zip.
    """
    node = node_command("to make the Python memory snapshot")
    subprocess.run(
        [
            node,
            str(TOOLS / "make_snapshot.mjs"),
            str(pyodide),
            str(pyodide / PYODIDE_LOCK_FILE),
            str(start_zip),
            str(target),
        ],
        check=True,
    )


# The snapshot is shipped in blocks of this size, all-zero blocks left out.
SNAPSHOT_BLOCK = 65536


def nonzero_runs(snapshot: bytes) -> list[tuple[int, int]]:
    """(first block, block count) of each run of blocks holding a non-zero byte.

    >>> nonzero_runs(bytes(SNAPSHOT_BLOCK) + b"x" + bytes(2 * SNAPSHOT_BLOCK) + b"y")
    [(1, 1), (3, 1)]
    """
    runs: list[tuple[int, int]] = []
    for block, start in enumerate(range(0, len(snapshot), SNAPSHOT_BLOCK)):
        chunk = snapshot[start : start + SNAPSHOT_BLOCK]
        if chunk.count(0) == len(chunk):
            continue
        if runs and sum(runs[-1]) == block:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((block, 1))
    return runs


def packed_snapshot(whole: bytes) -> bytes:
    """The snapshot without its all-zero blocks (more than half of its 30 MB), for worker.js
    to put back: a header of little-endian uint32s (length, block size, run count, then
    first block and block count of each run), then the runs' blocks."""
    runs = nonzero_runs(whole)
    header = struct.pack(
        f"<3I{2 * len(runs)}I",
        len(whole),
        SNAPSHOT_BLOCK,
        len(runs),
        *(number for run in runs for number in run),
    )
    blocks = (
        whole[first * SNAPSHOT_BLOCK : (first + count) * SNAPSHOT_BLOCK] for first, count in runs
    )
    return header + b"".join(blocks)


def snapshot_of(pyodide: Path, start_zip: Path) -> bytes:
    """The packed snapshot of Pyodide started from `start_zip`: made once per start-up zip,
    then taken from .cache/."""
    cached = CACHE / f"snapshot-{PYODIDE_VERSION}-{snapshot_key(start_zip)}.bin"
    if not cached.exists():
        with tempfile.TemporaryDirectory(dir=CACHE) as staging:
            made = Path(staging) / "snapshot.bin"
            make_snapshot(pyodide, start_zip, made)
            made.write_bytes(packed_snapshot(made.read_bytes()))
            made.rename(cached)
    return cached.read_bytes()
