"""The memory snapshot: Pyodide's memory with the calculator imported, which the worker starts
from, packed without the blocks its wasm's instantiation leaves as they are (all zero, or
Pyodide's static data unchanged)."""

from __future__ import annotations

import hashlib
import struct
import subprocess
import tempfile
from pathlib import Path

from engine.build.app import App
from engine.build.files import (
    APP_ZIP_SCRIPT,
    NODE_SCRIPTS,
    PYODIDE_LOCK_FILE,
    PYODIDE_VERSION,
    SNAPSHOT_NAME,
)
from site_build.project import CACHE, BuildError, node_command, sha256_of
from site_build.versioned import versioned


def snapshot_key(start_zip: Path, app_zip: Path, app: App) -> str:
    """What a snapshot is made of: the shipped zips (the app in the second), the app's first
    request, the tools, the packing."""
    digest = hashlib.sha256()
    for made_of in (
        start_zip,
        app_zip,
        NODE_SCRIPTS / "make_snapshot.mjs",
        APP_ZIP_SCRIPT,
        Path(__file__),  # how it is packed
    ):
        digest.update(sha256_of(made_of).encode())
    digest.update(f"{app.package}\0{app.entry}\0{app.first_requests[0]}".encode())
    return digest.hexdigest()[:16]


def make_snapshot(pyodide: Path, start_zip: Path, app_zip: Path, app: App, target: Path) -> None:
    """A memory snapshot of Pyodide started from `start_zip`, with `app_zip` added as the
    worker adds it and the app imported and answering its first request, made by Pyodide
    under Node.

    The worker restores it instead of initializing Python and importing the app at every
    visit, with the same zips mounted: the snapshot indexes those very files, so no start
    needs the whole stdlib zip.
    """
    node = node_command("to make the Python memory snapshot")
    subprocess.run(
        [
            node,
            str(NODE_SCRIPTS / "make_snapshot.mjs"),
            str(pyodide),
            str(pyodide / PYODIDE_LOCK_FILE),
            str(start_zip),
            str(app_zip),
            app.zip_path,
            app.package,
            app.entry,
            app.first_requests[0],
            str(target),
        ],
        check=True,
    )


# The snapshot is shipped in blocks of this size; a block equal to what the wasm's
# instantiation leaves in memory at its place is left out.  Small blocks: Python's start
# changes a few bytes here and there in Pyodide's static data, and most of it stays.
SNAPSHOT_BLOCK = 1024
# A data segment's offset, as Pyodide's wasm gives each: i32.const <offset>, end.
I32_CONST, END = 0x41, 0x0B
DATA_SECTION = 11


def leb128(data: bytes, at: int, *, signed: bool = False) -> tuple[int, int]:
    """The LEB128 number at `at`, and where it ends.

    >>> leb128(bytes([0xE5, 0x8E, 0x26]), 0), leb128(bytes([0x7F]), 0, signed=True)
    ((624485, 3), (-1, 1))
    """
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), at


def fresh_memory(wasm: bytes) -> bytes:
    """The memory as instantiating `wasm` leaves it, up to the end of its last active data
    segment: each segment's bytes at its offset, zero between.

    >>> fresh_memory(b"\\0asm\\1\\0\\0\\0" + bytes([11, 8, 1, 0, I32_CONST, 2, END, 2]) + b"hi")
    b'\\x00\\x00hi'
    """
    at, segments = 8, []
    while at < len(wasm):
        section = wasm[at]
        size, at = leb128(wasm, at + 1)
        if section == DATA_SECTION:
            count, cursor = leb128(wasm, at)
            for _ in range(count):
                flags, cursor = leb128(wasm, cursor)
                if flags != 0 or wasm[cursor] != I32_CONST:
                    raise BuildError(f"a wasm data segment of a form not handled: flags {flags}")
                offset, cursor = leb128(wasm, cursor + 1, signed=True)
                if wasm[cursor] != END:
                    raise BuildError("a wasm data segment's offset is not a constant")
                length, cursor = leb128(wasm, cursor + 1)
                segments.append((offset, wasm[cursor : cursor + length]))
                cursor += length
        at += size
    memory = bytearray(max((offset + len(data) for offset, data in segments), default=0))
    for offset, data in segments:
        memory[offset : offset + len(data)] = data
    return bytes(memory)


def kept_runs(snapshot: bytes, base: bytes = b"") -> list[tuple[int, int]]:
    """(first block, block count) of each run of blocks that differ from `base` (zero past
    its end).

    >>> kept_runs(bytes(SNAPSHOT_BLOCK) + b"x" + bytes(2 * SNAPSHOT_BLOCK) + b"y")
    [(1, 1), (3, 1)]
    >>> kept_runs(b"ab" + bytes(SNAPSHOT_BLOCK), base=b"ab"), kept_runs(b"ab", base=b"ax")
    ([], [(0, 1)])
    >>> kept_runs(b"ab" + bytes(SNAPSHOT_BLOCK - 2) + b"c", base=b"ab" + bytes(SNAPSHOT_BLOCK))
    [(1, 1)]
    """
    runs: list[tuple[int, int]] = []
    for block, start in enumerate(range(0, len(snapshot), SNAPSHOT_BLOCK)):
        chunk = snapshot[start : start + SNAPSHOT_BLOCK]
        same = base[start : start + len(chunk)]
        if chunk == same + bytes(len(chunk) - len(same)):
            continue
        if runs and sum(runs[-1]) == block:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((block, 1))
    return runs


def packed_snapshot(whole: bytes, fresh: bytes = b"") -> bytes:
    """The snapshot without the blocks Pyodide's freshly instantiated memory `fresh` holds at
    their place (all-zero blocks included), for the worker to put back
    (engine/worker/snapshot-image.js): a header of little-endian uint32s (length, block size,
    how far the left-out blocks come from the fresh memory, run count, then first block and
    block count of each run), then the runs' blocks.  The memory starts after Pyodide's own
    header, whose size the uint32 at 4 gives; without `fresh` only the all-zero blocks are
    left out."""
    base = bytes(struct.unpack_from("<I", whole, 4)[0]) + fresh if fresh else b""
    runs = kept_runs(whole, base)
    header = struct.pack(
        f"<4I{2 * len(runs)}I",
        len(whole),
        SNAPSHOT_BLOCK,
        min(len(base), len(whole)),
        len(runs),
        *(number for run in runs for number in run),
    )
    blocks = (
        whole[first * SNAPSHOT_BLOCK : (first + count) * SNAPSHOT_BLOCK] for first, count in runs
    )
    return header + b"".join(blocks)


def snapshot_of(pyodide: Path, start_zip: Path, app_zip: Path, app: App) -> bytes:
    """The packed snapshot of Pyodide started from `start_zip` with `app_zip`: made once per
    pair of zips and app, then taken from .cache/."""
    key = snapshot_key(start_zip, app_zip, app)
    cached = CACHE / f"snapshot-{PYODIDE_VERSION}-{key}.bin"
    if not cached.exists():
        with tempfile.TemporaryDirectory(dir=CACHE) as staging:
            made = Path(staging) / "snapshot.bin"
            make_snapshot(pyodide, start_zip, app_zip, app, made)
            fresh = fresh_memory((pyodide / "pyodide.asm.wasm").read_bytes())
            made.write_bytes(packed_snapshot(made.read_bytes(), fresh))
            made.rename(cached)
    return cached.read_bytes()


def ship_snapshot(pyodide: Path, dist: Path, start: str, app_zip: str, app: App) -> str:
    """The packed memory snapshot over the shipped zips; its path in dist/."""
    (dist / "snapshot").mkdir()
    (dist / "snapshot" / SNAPSHOT_NAME).write_bytes(
        snapshot_of(pyodide, dist / start, dist / app_zip, app)
    )
    return versioned(dist / "snapshot") + SNAPSHOT_NAME
