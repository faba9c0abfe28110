"""Counted files split by a splitter, for ``python3 -m calculator --count --splitter``.

Each file is read as ``--count`` reads it (``calculator._tokens._files.read_text``) and split
whole; its figures are the splitter's chunks and the sum of their own token counts.  A large
corpus is split in parallel processes, in the same order, as it is counted.

The splitter measures text with the counting tokenizer (an OpenAI encoding, bert-base-uncased
or a tokenizer.json: LangChain's ``from_tiktoken_encoder`` or ``from_huggingface_tokenizer``).
Given the model's tokenizer, its added tokens and its limit (``measure``), each chunk is also
counted as the model sees it (``_model_fit``), in the same process, while its text is at hand;
``"window"`` then measures the window model's chunks, decoded from an OpenAI encoding's tokens.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .._chunking import plan_chunks
from .._errors import CalculatorError
from .._tokens import ENCODINGS, RANKS_SUFFIX, Encoding, load_ranks
from .._tokens._counters import load_counter
from .._tokens._files import PARALLEL_BYTES, Progress, read_text
from . import Length, encoding_length, iter_chunks
from ._model_fit import ChunkFit, measure_chunks, window_texts

if TYPE_CHECKING:
    from .._sources import Part

#: What measures the chunks as the model sees them: its tokenizer (a built-in counter's name
#: or a tokenizer.json's path), the tokens it adds to every chunk and its input limit.
Measure = tuple[str, int, int]


# A dataclass (not a record): it travels between processes, pickled.
@dataclass(frozen=True, slots=True)
class SplitFile:
    """One file as a splitter cut it: how many chunks, and their tokens added up."""

    path: str
    chunks: int
    tokens_processed: int
    #: The chunks as the model sees them, when measured.
    fit: ChunkFit | None = None
    #: Each chunk's tokens, in order (in the tokenizer the splitter measured with).
    lengths: tuple[int, ...] = ()
    #: The file split again at another chunk size and overlap, when asked: the fields of a
    #: ``ReindexPlan`` (old and new chunks, reused ones, their tokens), in its order.
    again: tuple[int, int, int, int, int, int] | None = None
    #: The file split at each window of a grid, when asked (the trade-off's): chunks and
    #: tokens processed, or ``None`` where the splitter refuses the window.
    grid: tuple[tuple[int, int] | None, ...] = ()


# One length function (its tokenizer loaded once), the model's counter and one task per
# process, set by _load.
_length: Length | None = None
_encoding: Encoding | None = None
_model: tuple[Callable[[str], int], int, int] | None = None
_task: tuple[str, int, int] = ("", 0, 0)
_again: tuple[int, int] | None = None
_grid: tuple[tuple[int, int], ...] = ()


def splitter_length(
    encoding: str, ranks: Path, splitter: str
) -> tuple[Length, Encoding | None, Callable[[str], int]]:
    """What ``splitter`` measures text with, counting in ``encoding`` (a built-in counter's
    name or a tokenizer.json's path): its length function, the OpenAI encoding (the window
    model's tokens; None for the others) and the plain count."""
    if encoding in ENCODINGS:
        tokenizer = Encoding(encoding, load_ranks(ranks / (encoding + RANKS_SUFFIX), encoding))
        # LlamaIndex's default tokenizer counts a special token's spelling as one token.
        length = encoding_length(tokenizer, special=splitter == "sentence")
        return length, tokenizer, tokenizer.count
    # bert-base-uncased or a tokenizer.json: no bound on the characters of a token
    count = load_counter(encoding, ranks).count
    return Length(count), None, count


def _load(  # noqa: PLR0917 (a pool's initializer: its arguments come positional)
    encoding: str,
    ranks: Path,
    task: tuple[str, int, int],
    measure: Measure | None = None,
    again: tuple[int, int] | None = None,
    grid: tuple[tuple[int, int], ...] = (),
) -> None:
    global _length, _encoding, _model, _task, _again, _grid  # noqa: PLW0603 (once per process)
    _length, _encoding, count = splitter_length(encoding, ranks, task[0])
    _model = None
    if measure is not None:
        name, added, limit = measure
        model_count = count if name == encoding else load_counter(name, ranks).count
        _model = (model_count, added, limit)
    _task, _again, _grid = task, again, grid


def _split(path: str) -> SplitFile:
    return _split_text(path, read_text(Path(path)))


def split_part(part: Part) -> list[SplitFile]:
    """A part's documents (``calculator._sources``), each split as :func:`split_files`
    splits a file (``_load`` first); the records that are not documents left out, as the
    count left them out."""
    from .._sources import documents  # noqa: PLC0415 (the command line's, not the page's)

    return [_split_text(doc.name, doc.text) for doc in documents(part) if doc.text is not None]


# _load's arguments, as a pool or a task passes them.
_LoadArgs = tuple[
    str, Path, tuple[str, int, int], Measure | None, tuple[int, int] | None,
    tuple[tuple[int, int], ...],
]  # fmt: skip


def split_setup(
    encoding: str,
    ranks: Path,
    *,
    splitter: str,
    chunk_size: int,
    overlap: int,
    measure: Measure | None = None,
    again: tuple[int, int] | None = None,
    grid: tuple[tuple[int, int], ...] = (),
) -> tuple[Callable[..., None], _LoadArgs]:
    """What a process loads before :func:`split_part` or :func:`_split`: the set-up of a task
    (``_sources._run``) or of a pool's process (:func:`split_files`)."""
    return _load, (encoding, ranks, (splitter, chunk_size, overlap), measure, again, grid)


def _split_text(path: str, text: str) -> SplitFile:
    length = _length
    assert length is not None  # _load ran in this process first
    splitter, chunk_size, overlap = _task
    if splitter == "window":
        assert _encoding is not None  # the caller measures windows of an OpenAI encoding only
        ids = _encoding.encode(text)
        texts = list(window_texts(_encoding, ids, chunk_size, overlap))
        tokens = plan_chunks(len(ids), chunk_size, overlap).tokens_processed
        return SplitFile(path, len(texts), tokens, _measured(texts))
    cut = [
        (chunk.text, chunk.tokens)
        for chunk in iter_chunks(splitter, text, length, chunk_size, overlap)
    ]
    lengths = tuple(tokens for _, tokens in cut)
    again = None
    if _again is not None:
        # Imported here: only a re-indexing at another window asks for it.
        from .._reindex import texts_change  # noqa: PLC0415

        try:
            parts = iter_chunks(splitter, text, length, *_again)
            new = [(part.text, part.tokens) for part in parts]
        except CalculatorError as refused:  # the new window's sizes, under their own names
            params = {
                name: int(value) if name in refused.integer_params else value
                for name, value in refused.params.items()
            }
            raise CalculatorError("new_" + refused.field, refused.key, **params) from None
        change = texts_change(cut, new)
        again = (
            change.old_chunks, change.new_chunks, change.reused_chunks,
            change.old_tokens_processed, change.new_tokens_processed, change.reused_tokens,
        )  # fmt: skip
    fit = _measured([chunk_text for chunk_text, _ in cut])
    grid = tuple(_split_at(splitter, text, length, window) for window in _grid)
    return SplitFile(path, len(cut), sum(lengths), fit, lengths, again, grid)


def _split_at(
    splitter: str, text: str, length: Length, window: tuple[int, int]
) -> tuple[int, int] | None:
    """The chunks and tokens processed of ``text`` split at ``window``; ``None`` where the
    splitter refuses it (LlamaIndex: a character longer than the chunk size)."""
    chunks = tokens = 0
    try:
        for chunk in iter_chunks(splitter, text, length, *window):
            chunks, tokens = chunks + 1, tokens + chunk.tokens
    except CalculatorError:
        return None
    return chunks, tokens


def _measured(texts: list[str]) -> ChunkFit | None:
    if _model is None:
        return None
    count, added, limit = _model
    return measure_chunks(texts, count, added, limit)


def split_files(
    paths: Sequence[str],
    encoding: str,
    ranks: Path,
    *,
    splitter: str,
    chunk_size: int,
    overlap: int,
    measure: Measure | None = None,
    again: tuple[int, int] | None = None,
    grid: tuple[tuple[int, int], ...] = (),
    workers: int | None = None,
    progress: TextIO | None = None,
) -> list[SplitFile]:
    """Each file (counted before, so readable text) as ``splitter`` cuts it, in order; with
    ``measure``, each one's chunks as the model sees them; with ``again`` (a chunk size and
    overlap), what splitting it again there changes; with ``grid`` (windows), its chunks and
    tokens processed at each.  ``"window"`` (with an OpenAI encoding only) is the window
    model, its chunks decoded.

    Raises ``CalculatorError`` for sizes the splitter refuses, ``OSError`` or ``ValueError``
    when the ranks, a tokenizer or a file can no longer be read.
    """
    _, args = split_setup(
        encoding, ranks, splitter=splitter, chunk_size=chunk_size, overlap=overlap,
        measure=measure, again=again, grid=grid,
    )  # fmt: skip
    sizes = [Path(path).stat().st_size for path in paths]
    if workers is None:
        workers = min(os.cpu_count() or 1, len(paths)) if sum(sizes) > PARALLEL_BYTES else 1
    # A trade-off splits every file at each of its windows: long enough to say how far.
    shown = Progress(progress, len(paths), sum(sizes), f"splitting at {len(grid) + 1} windows")
    splits: list[SplitFile] = []
    if workers <= 1:
        _load(*args)
        for path, size in zip(paths, sizes, strict=True):
            splits.append(_split(path))
            shown.advance(1, size)
    else:
        # Imported here: the page splits in one process, and a browser has no processes.
        from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

        with ProcessPoolExecutor(workers, initializer=_load, initargs=args) as pool:
            chunksize = max(1, len(paths) // (workers * 8))
            for split, size in zip(
                pool.map(_split, paths, chunksize=chunksize), sizes, strict=True
            ):
                splits.append(split)
                shown.advance(1, size)
    shown.close()
    return splits
