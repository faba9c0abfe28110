"""Counted files split by a splitter, for ``python3 -m calculator --count --splitter``.

Each file is read as ``--count`` reads it (``calculator._tokens._files.read_text``) and split
whole; its figures are the splitter's chunks and the sum of their own token counts.  A large
corpus is split in parallel processes, in the same order, as it is counted.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .._tokens import RANKS_SUFFIX, Encoding, load_ranks
from .._tokens._files import PARALLEL_BYTES, read_text
from . import Length, encoding_length, iter_chunks


# A dataclass (not a record): it travels between processes, pickled.
@dataclass(frozen=True, slots=True)
class SplitFile:
    """One file as a splitter cut it: how many chunks, and their tokens added up."""

    path: str
    chunks: int
    tokens_processed: int


# One length function (its tokenizer loaded once) and one task per process, set by _load.
_length: Length | None = None
_task: tuple[str, int, int] = ("", 0, 0)


def _load(encoding: str, ranks: Path, splitter: str, chunk_size: int, overlap: int) -> None:
    global _length, _task  # noqa: PLW0603 (one tokenizer per process, loaded once)
    tokenizer = Encoding(encoding, load_ranks(ranks / (encoding + RANKS_SUFFIX), encoding))
    # LlamaIndex's default tokenizer counts a special token's spelling as one token.
    _length = encoding_length(tokenizer, special=splitter == "sentence")
    _task = (splitter, chunk_size, overlap)


def _split(path: str) -> SplitFile:
    length = _length
    assert length is not None  # _load ran in this process first
    splitter, chunk_size, overlap = _task
    chunks = tokens = 0
    for chunk in iter_chunks(splitter, read_text(Path(path)), length, chunk_size, overlap):
        chunks += 1
        tokens += chunk.tokens
    return SplitFile(path, chunks, tokens)


def split_files(
    paths: Sequence[str],
    encoding: str,
    ranks: Path,
    *,
    splitter: str,
    chunk_size: int,
    overlap: int,
    workers: int | None = None,
) -> list[SplitFile]:
    """Each file (counted before, so readable text) as ``splitter`` cuts it, in order.

    Raises ``CalculatorError`` for sizes the splitter refuses, ``OSError`` or ``ValueError``
    when the ranks or a file can no longer be read.
    """
    args = (encoding, ranks, splitter, chunk_size, overlap)
    size = sum(Path(path).stat().st_size for path in paths)
    if workers is None:
        workers = min(os.cpu_count() or 1, len(paths)) if size > PARALLEL_BYTES else 1
    if workers <= 1:
        _load(*args)
        return [_split(path) for path in paths]
    # Imported here: the page splits in one process, and a browser has no processes.
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    with ProcessPoolExecutor(workers, initializer=_load, initargs=args) as pool:
        chunksize = max(1, len(paths) // (workers * 8))
        return list(pool.map(_split, paths, chunksize=chunksize))
