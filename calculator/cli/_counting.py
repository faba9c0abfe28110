"""Counting and splitting the files ``--count`` names, and the plan made of their chunks."""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from .._chunking import plan_chunks
from .._documents import MAX_DOCUMENTS, CorpusPlan, plan_split
from .._errors import CalculatorError
from .._reindex import ReindexPlan
from .._tradeoff import grid_windows
from ..protocol._form import SplitChunks
from ._counted_text import counted_report, text_bytes_per_token
from ._form_fields import one_line
from ._options import EXIT_BAD_INPUT, PROGRAM, _flag
from ._words import Words, english, words_for

if TYPE_CHECKING:
    from .._splitters._files import SplitFile
    from .._tokens._files import Counted
    from ._model_fit_text import FitRequest
    from ._sources import SplitTally


# What fetches the token ranks in a checkout, and installs the package with its tokenizers:
# commands, the same in every language.
RANKS_COMMAND = "`python3 build.py ranks`"
INSTALL = "pip install rag-chunk-planner"


class _CountRefusedError(Exception):
    """A refused option: its flag and why."""


def _count(options: argparse.Namespace) -> tuple[list[Counted], bool]:
    """The files counted (each its own document from now on) and whether all of them were;
    each file that is not text gets its own line, and the others still count."""
    try:
        from .._tokens._files import count_files, counting_engine  # noqa: PLC0415 (--count's)
    except ModuleNotFoundError:
        message = words_for(options)("cli.refusal.no_tokenizer", install=INSTALL)
        raise _CountRefusedError("--count", message) from None
    if options.tokenizer:
        options.encoding = options.tokenizer  # counted with it (and named so in the report)
    # Datasets, Dask, and more files than a corpus lists (planned from their lengths, as a
    # dataset of as many records is) go by the document sources.
    if options.text_field or options.dask or options.dask_scheduler or _many_files(options):
        return _count_sources(options)
    try:
        # A progress line only where someone watches it: not in a log or a pipe.
        progress = sys.stderr if sys.stderr.isatty() else None
        results = count_files(
            options.count,
            options.encoding,
            Path(options.ranks),
            None,
            progress,
            native=not options.pure_python,
        )
        options.counted_by = counting_engine()
    except (OSError, ValueError) as failure:
        raise _tokenizer_refused(options, failure) from None
    counted = [item for item in results if item.tokens is not None]
    if not counted and len(results) == 1:  # one path, one line: why it was refused
        raise _CountRefusedError("--count", f"{results[0].path}: {results[0].error}")
    for item in results:
        if item.tokens is None:
            print(f"{PROGRAM}: {one_line(item.path)}: {one_line(str(item.error))}", file=sys.stderr)
    if not counted:
        raise _CountRefusedError("--count", words_for(options)("cli.refusal.no_text_file"))
    _use_counts(options, counted)
    return counted, len(counted) == len(results)


def _tokenizer_refused(options: argparse.Namespace, failure: Exception) -> _CountRefusedError:
    """Why the tokenizer could not count: the file --tokenizer names, or the ranks missing."""
    if options.tokenizer:
        return _CountRefusedError("--tokenizer", f"{options.tokenizer}: {failure}")
    said = words_for(options)("cli.refusal.ranks", failure=str(failure), command=RANKS_COMMAND)
    return _CountRefusedError("--ranks", said)


def _many_files(options: argparse.Namespace) -> bool:
    """Whether ``--count`` names more files than a corpus lists (:data:`MAX_DOCUMENTS`)."""
    from .._tokens._files import text_files  # noqa: PLC0415 (--count's)

    return next(islice(text_files(options.count), MAX_DOCUMENTS, None), None) is not None


def _count_sources(options: argparse.Namespace) -> tuple[list[Counted], bool]:
    """:func:`_count` of datasets, or on Dask (``._sources``)."""
    from .._tokens._files import counting_engine  # noqa: PLC0415 (--count's)
    from ._sources import SourcesRefusedError, big_corpus, count_sources  # noqa: PLC0415

    try:
        counted, every_one = count_sources(options, options.ranks)
        options.counted_by = counting_engine()
    except SourcesRefusedError as refused:
        raise _CountRefusedError(*refused.args) from None
    except (OSError, ValueError) as failure:
        raise _tokenizer_refused(options, failure) from None
    tally = big_corpus(options)
    if tally is None:
        _use_counts(options, counted)
        return counted, every_one
    if options.evaluate is not None:
        words = words_for(options)
        documents = words.count(tally.documents, "documents")
        message = words("cli.refusal.evaluates_up_to", documents=documents, most=MAX_DOCUMENTS)
        raise _CountRefusedError("--evaluate", message)
    options.document_tokens = ""  # the form plans the tally's lengths (evaluate_form)
    if options.dimensions and options.text_bytes_per_token is None:
        options.text_bytes_per_token = text_bytes_per_token(tally)
    return counted, every_one


def _use_counts(options: argparse.Namespace, counted: list[Counted]) -> None:
    """Each counted file becomes one document of the corpus, and its text's bytes a token
    the storage's (as the page's counter fills them), unless given."""
    options.document_tokens = "\n".join(str(item.tokens) for item in counted)
    if options.dimensions and options.text_bytes_per_token is None:
        options.text_bytes_per_token = text_bytes_per_token(counted)


def _split(
    parser: argparse.ArgumentParser,
    options: argparse.Namespace,
    counted: list[Counted],
    plan: CorpusPlan,
    fit: FitRequest | None = None,
    *,
    again: tuple[int, int] | None = None,
    grid: tuple[tuple[int, int], ...] = (),
) -> list[SplitFile] | SplitTally:
    """The counted files as the chosen splitter cuts them (none for the window model), each
    chunk measured as ``fit`` asks, and split ``again`` at a re-indexing's new window; sizes
    the splitter refuses end the program, as any bad input does."""
    if options.splitter == "window":
        return []
    if getattr(options, "parts", None) is not None:  # datasets, or Dask's tasks
        from ._sources import SourcesRefusedError, split_sources  # noqa: PLC0415

        measure = None if fit is None else fit.measure()
        try:
            return split_sources(options, plan, measure, again, grid)
        except SourcesRefusedError as refusal:
            parser.exit(EXIT_BAD_INPUT, f"{PROGRAM}: error: {refusal.args[0]}: {refusal.args[1]}\n")
        except CalculatorError as refused:
            flag = _flag(refused.field)
            parser.exit(EXIT_BAD_INPUT, f"{PROGRAM}: error: {flag}: {refused.message}\n")
    from .._splitters._files import split_files  # noqa: PLC0415 (only --splitter imports it)

    paths = [item.path for item in counted]
    try:
        return split_files(
            paths,
            options.encoding,
            Path(options.ranks),
            splitter=options.splitter,
            chunk_size=plan.chunk_size,
            overlap=plan.overlap,
            measure=None if fit is None else fit.measure(),
            again=again,
            grid=grid,
            # A progress line only where someone watches it: not in a log or a pipe.
            progress=sys.stderr if grid and sys.stderr.isatty() else None,
        )
    except CalculatorError as refused:
        flag = _flag(refused.field)
        parser.exit(EXIT_BAD_INPUT, f"{PROGRAM}: error: {flag}: {refused.message}\n")


def _grid_windows(plan: CorpusPlan) -> tuple[tuple[int, int], ...]:
    """The trade-off's windows (chunk size, overlap) other than the plan's own."""
    return grid_windows(plan.chunk_size, plan.overlap)


def _grid_sums(
    windows: tuple[tuple[int, int], ...], splits: list[SplitFile]
) -> dict[tuple[int, int], tuple[int, int]]:
    """The splitter's chunks and tokens processed of all the files at each window it took
    for every file (a window it refused for one of them keeps the window model's figures)."""
    sums: dict[tuple[int, int], tuple[int, int]] = {}
    for index, window in enumerate(windows):
        figures = [split.grid[index] for split in splits]
        if all(figure is not None for figure in figures):
            sums[window] = (
                sum(figure[0] for figure in figures if figure is not None),
                sum(figure[1] for figure in figures if figure is not None),
            )
    return sums


def split_chunks(
    splitter: str,
    counted: list[Counted],
    splits: list[SplitFile],
    window: CorpusPlan,
    again: tuple[int, int] | None,
) -> SplitChunks:
    """The splitter's chunks of the counted files, as the form plans them: each file one
    document of the tokens it was counted with (``window``'s), cut as the splitter cut it."""
    plan = plan_split(
        ((item.tokens or 0, split.lengths) for item, split in zip(counted, splits, strict=True)),
        window.chunk_size, window.overlap, splitter,
    )  # fmt: skip
    documents = tuple(split.lengths for split in splits)
    if again is None:
        return SplitChunks(plan, documents=documents)
    change = sum(
        (ReindexPlan(*split.again) for split in splits if split.again is not None),
        ReindexPlan(0, 0, 0, 0, 0, 0),
    )
    return SplitChunks(plan, (again[0], again[1], change), documents=documents)


def _splitter_report(
    options: argparse.Namespace, counted: list[Counted], splits: list[SplitFile], plan: CorpusPlan
) -> dict[str, object]:
    """The splitter's chunks and tokens processed in place of the window model's, per
    document and in all; the window model's (each file chunked on its own) beside them.
    Nothing for the window model itself."""
    if not splits:
        return {}
    documents: list[dict[str, object]] = []
    window = {"chunks": 0, "tokens_processed": 0}
    for item, split in zip(counted, splits, strict=True):
        alone = plan_chunks(item.tokens or 0, plan.chunk_size, plan.overlap)
        documents.append({
            "path": item.path,
            "tokens": item.tokens,
            "chunks": split.chunks,
            "tokens_processed": split.tokens_processed,
            "window_chunks": alone.chunks,
            "window_tokens_processed": alone.tokens_processed,
        })  # fmt: skip
        window["chunks"] += alone.chunks
        window["tokens_processed"] += alone.tokens_processed
    return {
        "splitter": options.splitter,
        "window": window,
        "counted": {
            **counted_report(options.encoding, counted, options.counted_by),
            "documents": documents,
        },
    }


def _splitter_lines(plan: CorpusPlan, words: Words | None = None) -> list[str]:
    """The splitter whose chunks are the plan, and the window model's figures beside it."""
    if not plan.measured:
        return []
    w, window = words or english(), plan.window
    return [
        w(
            "cli.counted.splitter", chunker=plan.chunker, chunks=w.count(plan.chunks, "chunks"),
            tokens=w.count(plan.tokens_processed, "tokens"),
            window_chunks=w.count(window.chunks, "chunks"),
            window_tokens=w.count(window.tokens_processed, "tokens"),
        )
    ]  # fmt: skip
