"""``python3 -m calculator``: the plan on the command line, as text, JSON or Markdown.

The options fill the same form the web page has, so the command line and the
page validate alike; the first invalid option is reported in one line.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import textwrap
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ._budget import PromptBudget
from ._chunking import ChunkPlan, plan_chunks
from ._compare import Comparison
from ._counted_text import counted_line, counted_report, text_bytes_per_token
from ._databases import DatabaseStorage
from ._decimals import decimal_text
from ._distribution import distribution
from ._documents import CHUNKERS, MAX_DOCUMENTS, CorpusPlan, plan_split
from ._english import count_of
from ._errors import CalculatorError
from ._export import (
    english_export_words,
    export_csv,
    markdown_table,
    plan_rows,
    settings_markdown,
    tradeoff_markdown,
)
from ._fields import FIELDS
from ._form import FormOutcome, SplitChunks, evaluate_form
from ._input_limit import InputLimit
from ._lifecycle_text import database_lines, model_limit_lines, reindex_lines, storage_lines
from ._model_fit_text import cli_fits, cli_request, fit_lines, fit_report
from ._models import (
    ModelPreset,
    describe_preset,
    model_names,
    model_preset,
    preset_line,
    price_source,
    price_source_text,
)
from ._reading import CHUNK_BYTES, NotTextError, TextDecoder, read_text
from ._reindex import MigrationSize, ReindexCase, ReindexPlan
from ._report import describe, describe_cost, describe_panels
from ._settings_text import plan_settings
from ._storage import StorageSize
from ._text import parse_whole_number
from ._tradeoff import Tradeoff, grid
from ._tradeoff_report import tradeoff_of
from ._units import bytes_and_sizes
from ._vectors import CUSTOM_DTYPE, VectorSize
from ._version import tool_version

if TYPE_CHECKING:
    from ._model_fit_text import FitRequest
    from ._splitters._files import SplitFile
    from ._splitters._model_fit import ChunkFit
    from ._tokens._files import Counted

EXIT_BAD_INPUT = 2
EXIT_SOME_FILES_NOT_COUNTED = 1
ENCODINGS = ("o200k_base", "cl100k_base", "bert-base-uncased")
# Where `python3 build.py ranks` puts the ranks in a checkout of the project.
RANKS_DIR = Path(__file__).resolve().parent.parent / ".cache" / "token-ranks"
PROGRAM = "python3 -m calculator"


class _OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage mistake in one line, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def _default(name: str) -> str:
    """The command line's default of field ``name``, as its declaration gives it."""
    return FIELDS[name].command_line_default


def _parser() -> argparse.ArgumentParser:  # noqa: PLR0915 (a statement an option)
    parser = _OneLineParser(
        prog=PROGRAM,
        description="Exact chunk count, tokens processed and raw vector size of one token stream.",
    )
    tokens, chunk_size = FIELDS["tokens"].minimum, FIELDS["chunk_size"].minimum
    parser.add_argument(
        "--tokens", help=f"document tokens N (>= {tokens}); default: the counted total"
    )
    parser.add_argument(
        "--chunk-size",
        default=_default("chunk_size"),
        help=f"window size C in tokens (>= {chunk_size}); default {_default('chunk_size')}",
    )
    parser.add_argument(
        "--overlap", default=_default("overlap"), help="overlap O in tokens, 0 <= O < C"
    )
    parser.add_argument(
        "--dimensions", default=_default("dimensions"), help="vector dimensions (adds the raw size)"
    )
    representation = parser.add_mutually_exclusive_group()
    # A custom representation is --bytes-per-dimension, not a --dtype choice.
    dtypes = sorted(set(FIELDS["dtype"].choices) - {CUSTOM_DTYPE})
    representation.add_argument("--dtype", choices=dtypes, help=f"default {_default('dtype')}")
    representation.add_argument("--bytes-per-dimension", help="a custom whole number of bytes")
    parser.add_argument(
        "--compare",
        default=_default("compare"),
        help="configurations side by side: chunk_size:overlap[:dimensions[:dtype]],...",
    )
    parser.add_argument(
        "--documents", default=_default("documents"), help="number of documents, chunked one by one"
    )
    parser.add_argument(
        "--average-tokens",
        default=_default("average_tokens"),
        help="tokens per document (with --documents)",
    )
    parser.add_argument(
        "--document-tokens", help="file of per-document token counts (one per line), - for stdin"
    )
    parser.add_argument(
        "--top-k", default=_default("top_k"), help="chunks retrieved into the prompt"
    )
    parser.add_argument(
        "--context-window", default=_default("context_window"), help="the model's context window"
    )
    parser.add_argument(
        "--reserved-tokens",
        default=_default("reserved_tokens"),
        help="instructions, question, history",
    )
    parser.add_argument(
        "--answer-tokens", default=_default("answer_tokens"), help="tokens kept for the answer"
    )
    parser.add_argument(
        "--price-per-million",
        default=_default("price_per_million"),
        help="your price per million tokens",
    )
    reindex = parser.add_argument_group("re-indexing (one stream, or changed documents)")
    reindex.add_argument("--new-chunk-size", help="split again at this chunk size C2")
    reindex.add_argument("--new-overlap", help="split again with this overlap O2")
    reindex.add_argument("--edit-at", help="an edit at token position P (0 <= P <= N)")
    reindex.add_argument("--edit-tokens", help="tokens inserted there (> 0) or deleted (< 0)")
    reindex.add_argument(
        "--model-change", action="store_true", help="a new embedding model: nothing is reused"
    )
    reindex.add_argument(
        "--changed-documents", help="K of --documents changed (each gets the edit, if given)"
    )
    storage = parser.add_argument_group("storage beyond raw vectors (needs --dimensions)")
    storage.add_argument(
        "--hnsw-m", help=f"HNSW links per node M (>= {FIELDS['hnsw_m'].minimum}, default 16)"
    )
    storage.add_argument("--metadata-bytes", help="metadata bytes per chunk (default 0)")
    storage.add_argument("--text-bytes-per-token", help="stored text bytes per token, e.g. 4.29")
    storage.add_argument("--replicas", help="copies of the whole index (default 1)")
    storage.add_argument(
        "--quantized-dtype",
        choices=sorted(FIELDS["quantized_dtype"].choices),
        help="a quantized copy of every vector kept beside the originals",
    )
    storage.add_argument(
        "--database",
        choices=sorted(FIELDS["database"].choices),
        help="size the storage as this database stores it (default generic: the formula)",
    )
    storage.add_argument(
        "--index",
        dest="index_kind",
        choices=sorted(FIELDS["index_kind"].choices),
        help="pgvector's index (default hnsw)",
    )
    storage.add_argument("--lists", help="IVFFlat lists (default 100)")
    storage.add_argument(
        "--on-disk",
        choices=sorted(FIELDS["on_disk"].choices),
        help="Qdrant: what is kept on disk only (default none)",
    )
    parser.add_argument("--max-input-tokens", help="the embedding model's maximum input tokens")
    parser.add_argument(
        "--added-tokens", help="tokens the model adds to every chunk ([CLS], [SEP], a prefix)"
    )
    parser.add_argument(
        "--model",
        metavar="NAME",
        help="an embedding model's preset: fills the options above"
        " that are not given (docs/models.md lists them)",
    )
    counting = parser.add_argument_group("counting your own text (each file is one document)")
    counting.add_argument(
        "--count", nargs="+", metavar="PATH", help="UTF-8 text files and folders of them"
    )
    counting.add_argument(
        "--encoding", choices=ENCODINGS, help=f"default: --model's tokenizer, else {ENCODINGS[0]}"
    )
    counting.add_argument(
        "--tokenizer", metavar="FILE", help="a Hugging Face tokenizer.json (instead of --encoding)"
    )
    counting.add_argument(
        "--model-tokenizer",
        metavar="NAME|FILE",
        help="the embedding model's own tokenizer (a built-in name or a tokenizer.json), to"
        " measure every chunk as the model sees it; default: --model's, when built in",
    )
    counting.add_argument(
        "--ranks", metavar="DIR", default=str(RANKS_DIR), help="folder of the token ranks"
    )
    counting.add_argument(
        "--splitter",
        choices=CHUNKERS,
        default=CHUNKERS[0],
        help="split each file as LangChain's recursive (or Markdown) splitter or LlamaIndex's"
        " sentence splitter does; default: the window model",
    )
    parser.add_argument(
        "--tradeoff",
        action="store_true",
        help="the corpus across chunk sizes 128-2048 and overlaps 0-50%% (and the current one)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object")
    output.add_argument("--markdown", action="store_true", help="print Markdown tables")
    output.add_argument(
        "--csv", action="store_true", help="print the trade-off as CSV, the plan's row marked"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input).

    A reader that closes the pipe early (``| head -1``) took what it wanted: the run ends
    quietly with 0, as ``cat`` or ``grep`` would.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()  # here, not at exit, where a closed pipe would be reported
    except BrokenPipeError:
        # Python flushes stdout once more at exit: point it at nothing so that it is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


def _run(argv: Sequence[str] | None) -> int:
    parser = _parser()
    options = parser.parse_args(argv)
    _check_combinations(parser, options)
    preset, kept = _apply_model(parser, options)
    if not options.dimensions and any(
        getattr(options, name) is not None for name in _STORAGE_OPTIONS
    ):
        return _refuse("--dimensions", CalculatorError("dimensions", "empty").message)
    counted: list[Counted] = []
    every_file_counted = True
    if options.count:
        try:
            counted, every_file_counted = _count(options)
        except _CountRefusedError as refusal:
            return _refuse(*refusal.args)
    try:
        outcome = evaluate_form(_fields(options))
    except OSError as failure:
        return _refuse("--document-tokens", f"cannot read {options.document_tokens}: {failure}")
    except NotTextError as failure:
        return _refuse("--document-tokens", f"{options.document_tokens}: {failure}")
    refused_option = _refusal(options, outcome)
    if refused_option is not None:
        return _refuse(*refused_option)
    plan = outcome.plan
    assert plan is not None  # the form plans whenever it reports no error
    fit = cli_request(parser, options, preset, outcome.model_limit)
    again = outcome.reindex.new_window if outcome.reindex is not None else None
    # The trade-off's windows, each split too: the splitter's chunks at every point.
    windows = _grid_windows(plan) if options.tradeoff or options.csv else ()
    splits = _split(parser, options, counted, plan, fit, again=again, grid=windows)
    measured = None
    if splits:  # the splitter's chunks are the plan: every figure is planned again from them
        chunks = split_chunks(options.splitter, counted, splits, plan, again)
        outcome = evaluate_form(_fields(options), split=chunks)
        plan = outcome.plan
        assert plan is not None
        measured = _grid_sums(windows, splits)
    panels = _Panels(options, outcome, measured)
    panels.price_from = price_source(preset, kept)
    fits = (fit, cli_fits(fit, options, counted, splits, plan))
    readable = not (options.json or options.markdown or options.csv)
    with _lines_of_at_most(LINE_WIDTH) if readable else contextlib.nullcontext():
        _print(
            options, plan, outcome.vectors, panels, counted=(counted, splits), model=(preset, kept),
            fit=fits,
        )  # fmt: skip
    return 0 if every_file_counted else EXIT_SOME_FILES_NOT_COUNTED


def _print(
    options: argparse.Namespace,
    plan: CorpusPlan,
    vectors: VectorSize | None,
    panels: _Panels,
    *,
    counted: tuple[list[Counted], list[SplitFile]],
    model: tuple[ModelPreset | None, dict[str, str]],
    fit: tuple[FitRequest | None, list[ChunkFit]] = (None, []),
) -> None:
    """The plan as JSON, Markdown or lines; ``counted``: the counted files and, with a
    splitter, their splits; ``fit``: their chunks as the model sees them, first."""
    (files, splits), (preset, kept), (request, fits) = counted, model, fit
    paths = [item.path for item in files]
    if options.json:
        report = panels.report(plan, vectors)
        if request is not None:
            report = {"model_fit": fit_report(request, paths, fits), **report}
        if options.count:
            report["counted"] = counted_report(options.encoding, files)
            report |= _splitter_report(options, files, splits, plan)
        if preset is not None:
            counted_with = options.encoding if options.count else None
            report["model"] = describe_preset(preset, kept, counted_with)
        print(json.dumps(report, indent=2))
    elif options.markdown:
        print(settings_section(options, preset, fit_lines(request, paths, fits) if request else []))
        print(markdown(plan, vectors, panels))
    elif options.csv:
        assert panels.tradeoff is not None
        print(export_csv(panels.tradeoff, english_export_words()), end="")
    else:
        if request is not None:
            print("\n".join(fit_lines(request, paths, fits)))
        if options.count:
            splitter_lines = _splitter_lines(plan)
            print("\n".join([counted_line(options.encoding, files), *splitter_lines]))
        if preset is not None:
            print(preset_line(preset, kept, options.encoding if options.count else None))
        print(summary(plan, vectors, panels))


def _apply_model(
    parser: argparse.ArgumentParser, options: argparse.Namespace
) -> tuple[ModelPreset | None, dict[str, str]]:
    """Fill the options --model's preset knows and the user left out; the preset (if any)
    and the values the user gave instead of the preset's."""
    preset = kept = None
    if options.model is not None:
        try:
            preset = model_preset(options.model)
        except CalculatorError:
            parser.error(f"argument --model: unknown model {options.model!r} "
                         f"(choose from {', '.join(model_names())})")  # fmt: skip
        kept = {}
        for name, text in preset.form_fields().items():
            given = getattr(options, name)
            if not given:  # left out (the dimensions' default is empty)
                setattr(options, name, text)
            else:
                kept[name] = given
        if options.encoding is None and preset.tokenizer in ENCODINGS:
            options.encoding = preset.tokenizer
    if options.added_tokens is not None and options.max_input_tokens is None:
        parser.error("argument --added-tokens: needs --max-input-tokens (or --model)")
    options.encoding = options.encoding or ENCODINGS[0]
    return preset, kept or {}


class _CountRefusedError(Exception):
    """A refused option: its flag and why."""


def _count(options: argparse.Namespace) -> tuple[list[Counted], bool]:
    """The files counted (each its own document from now on) and whether all of them were;
    each file that is not text gets its own line, and the others still count."""
    try:
        from ._tokens._files import count_files  # noqa: PLC0415 (only --count imports it)
    except ModuleNotFoundError:
        message = "the tokenizer comes with the project's source, not with the installed package"
        raise _CountRefusedError("--count", message + ": run it from a checkout") from None
    if options.tokenizer:
        options.encoding = options.tokenizer  # counted with it (and named so in the report)
    try:
        # A progress line only where someone watches it: not in a log or a pipe.
        progress = sys.stderr if sys.stderr.isatty() else None
        results = count_files(options.count, options.encoding, Path(options.ranks), None, progress)
    except (OSError, ValueError) as failure:
        if options.tokenizer:
            raise _CountRefusedError("--tokenizer", f"{options.tokenizer}: {failure}") from None
        message = f"{failure}; `python3 build.py ranks` fetches them"
        raise _CountRefusedError("--ranks", message) from None
    counted = [item for item in results if item.tokens is not None]
    if not counted and len(results) == 1:  # one path, one line: why it was refused
        raise _CountRefusedError("--count", f"{results[0].path}: {results[0].error}")
    if len(counted) > MAX_DOCUMENTS:
        message = (
            f"{len(counted):,} files, more documents than a corpus may have ({MAX_DOCUMENTS:,})"
        )
        raise _CountRefusedError("--count", message)
    for item in results:
        if item.tokens is None:
            print(f"{PROGRAM}: {one_line(item.path)}: {one_line(str(item.error))}", file=sys.stderr)
    if not counted:
        raise _CountRefusedError("--count", "no text file could be counted")
    _use_counts(options, counted)
    return counted, len(counted) == len(results)


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
) -> list[SplitFile]:
    """The counted files as the chosen splitter cuts them (none for the window model), each
    chunk measured as ``fit`` asks, and split ``again`` at a re-indexing's new window; sizes
    the splitter refuses end the program, as any bad input does."""
    if options.splitter == "window":
        return []
    from ._splitters._files import split_files  # noqa: PLC0415 (only --splitter imports it)

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
    sizes, shares = grid(plan.chunk_size, plan.overlap)
    windows = {
        (size, size * share.numerator // share.denominator) for share in shares for size in sizes
    }
    return tuple(sorted(windows - {(plan.chunk_size, plan.overlap)}))


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
        "counted": {**counted_report(options.encoding, counted), "documents": documents},
    }


def _splitter_lines(plan: CorpusPlan) -> list[str]:
    """The splitter whose chunks are the plan, and the window model's figures beside it."""
    if not plan.measured:
        return []
    window = plan.window
    return [
        f"split with {plan.chunker}: {_chunks(plan.chunks)}, {_tokens(plan.tokens_processed)}"
        f" processed: every figure below is its chunks' (the window model would make"
        f" {_chunks(window.chunks)}, {_tokens(window.tokens_processed)} processed)"
    ]


# The storage flags: each sizes something per vector, so each needs --dimensions.
_STORAGE_OPTIONS = (
    "hnsw_m",
    "metadata_bytes",
    "text_bytes_per_token",
    "replicas",
    "quantized_dtype",
    "database",
    "index_kind",
    "lists",
    "on_disk",
)


def _check_combinations(parser: argparse.ArgumentParser, options: argparse.Namespace) -> None:
    """Refuse re-indexing flags that ask two different questions at once."""
    documents = options.documents or options.average_tokens or options.document_tokens
    if options.tokens is None and not (options.count or documents):
        parser.error("the following arguments are required: --tokens (or --count, or documents)")
    if options.splitter != "window" and not options.count:
        parser.error("argument --splitter: splits the counted files; needs --count")
    if options.count and (documents or options.changed_documents is not None):
        parser.error("argument --count: the counted files are the documents; not allowed"
                     " with --documents, --average-tokens, --document-tokens"
                     " or --changed-documents")  # fmt: skip
    split = options.new_chunk_size is not None or options.new_overlap is not None
    edit = options.edit_at is not None or options.edit_tokens is not None
    if split and edit:
        parser.error("argument --edit-at/--edit-tokens: not allowed with --new-chunk-size/"
                     "--new-overlap (plan one change at a time)")  # fmt: skip
    if options.changed_documents is not None and split:
        parser.error("argument --changed-documents: not allowed with --new-chunk-size/"
                     "--new-overlap (a new split changes every document)")  # fmt: skip
    if options.changed_documents is not None and options.document_tokens is not None:
        parser.error("argument --changed-documents: needs --documents and --average-tokens,"
                     " not --document-tokens")  # fmt: skip
    # A database's own flags: each under its field's conditions, as the page shows it.
    for name in ("index_kind", "lists", "on_disk"):
        if getattr(options, name) is None:
            continue
        for chooser, value in reversed(FIELDS[name].conditions):
            if (getattr(options, chooser) or FIELDS[chooser].default) != value:
                parser.error(f"argument {_flag(name)}: only with {_flag(chooser)} {value}")


#: The widest line of the readable output: a longer one goes on under its figure's column.
LINE_WIDTH = 120
# Where a figure starts after its label ("chunks              2,557 (…)").
_FIGURE_COLUMN = 20


@contextlib.contextmanager
def _lines_of_at_most(width: int) -> Iterator[None]:
    """What is printed inside, each line longer than ``width`` wrapped under its figure's
    column (a source or a formula runs long; --json keeps them whole)."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        yield
    indent = " " * _FIGURE_COLUMN
    for line in printed.getvalue().splitlines():
        wrapped = textwrap.wrap(
            line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
        )
        print("\n".join(wrapped) if len(line) > width else line)


# The most length groups written out ("2,387 × 512 + 1 × 32"); more are a distribution.
_LISTED_GROUPS = 3


def _lengths_text(plan: CorpusPlan) -> str:
    """The chunks' lengths: a few groups written out, else their distribution (a corpus of
    674 files has hundreds of lengths: 3,934 characters on one line); --json lists them all.

    >>> from calculator._documents import plan_documents
    >>> _lengths_text(plan_documents([1200, 700], 512, 64))
    '3 × 512 + 1 × 304 + 1 × 252'
    >>> _lengths_text(plan_documents(range(1000, 1400, 50), 512, 64))
    'lengths 104–512: median 512, 95th percentile 512, most often 512 (16 ×); all in --json'
    """
    groups = plan.length_groups
    if len(groups) <= _LISTED_GROUPS:
        return " + ".join(f"{group.count:,} × {group.length:,}" for group in groups)
    lengths = distribution((group.count, group.length) for group in groups)
    common = max(lengths.groups, key=lambda pair: (pair[1], pair[0]))
    return (
        f"lengths {lengths.least:,}–{lengths.most:,}: median {lengths.median:,}, "
        f"95th percentile {lengths.p95:,}, most often {common[0]:,} ({common[1]:,} ×);"
        " all in --json"
    )


def _refuse(flag: str, message: str) -> int:
    print(f"{PROGRAM}: error: {flag}: {one_line(message)}", file=sys.stderr)
    return EXIT_BAD_INPUT


# The characters that would break an error's one line or a terminal (a file's name may hold
# a newline or an escape sequence), written as Python writes them in a string.
_CONTROLS = {
    code: repr(chr(code))[1:-1] for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029)
}


def one_line(text: str) -> str:
    r"""``text`` with its control characters escaped: one line, printed as it is.

    >>> one_line("notes\nmore.md: not UTF-8")
    'notes\\nmore.md: not UTF-8'
    """
    return text.translate(_CONTROLS)


# Fields whose option is not named after them.
_FLAGS = {"index_kind": "--index"}


def _flag(field: str) -> str:
    """The option behind a form field: ``compare.1.overlap`` → ``--compare (row 2, overlap)``."""
    prefix, _, rest = field.partition(".")
    flag = _FLAGS.get(prefix) or "--" + prefix.replace("_", "-")
    if rest:
        row, _, column = rest.partition(".")
        flag += f" (row {int(row) + 1}, {column})"
    return flag


def _refusal(options: argparse.Namespace, outcome: FormOutcome) -> tuple[str, str] | None:
    """The first refused option (enough to fix and retry) and why, or ``None``."""
    for refused in outcome.errors.values():
        return _flag(refused.field), refused.message
    assert outcome.plan is not None  # the form plans whenever it reports no error
    disagreement = _tokens_beside_documents(options, outcome.plan)
    return ("--tokens", disagreement) if disagreement else None


def _tokens_beside_documents(options: argparse.Namespace, plan: CorpusPlan) -> str:
    """Why --tokens given beside the documents is refused ("" when it agrees with them or
    describes the one document): the documents are the corpus, so a total given beside them
    can only be theirs."""
    if _corpus(options) == "one" or options.tokens is None:
        return ""
    try:
        given = parse_whole_number("tokens", options.tokens)
    except CalculatorError as refused:
        return refused.message
    if given == plan.tokens:
        return ""
    return f"the documents hold {_tokens(plan.tokens)} in all: leave --tokens out, or give that"


def _corpus(options: argparse.Namespace) -> str:
    """The corpus the options describe: counted files or a list, documents of an average
    length, or one document of --tokens."""
    if options.count or options.document_tokens is not None:
        return "list"
    if options.documents or options.average_tokens:
        return "documents"
    return "one"


def _fields(options: argparse.Namespace) -> dict[str, str]:
    custom = options.bytes_per_dimension is not None
    fields = {
        "corpus": _corpus(options),
        "tokens": options.tokens or "",
        "chunk_size": options.chunk_size,
        "overlap": options.overlap,
        "dimensions": options.dimensions,
        "dtype": "custom" if custom else options.dtype or _default("dtype"),
        "bytes_per_dimension": options.bytes_per_dimension or "",
        "documents": options.documents,
        "average_tokens": options.average_tokens,
        "price_per_million": options.price_per_million,
        "compare": options.compare,
    }
    if options.count:
        fields["document_tokens"] = options.document_tokens
    elif options.document_tokens is not None:
        fields["document_tokens"] = _read(options.document_tokens)
    fields |= _reindex_fields(options)
    for name in _STORAGE_OPTIONS:
        if getattr(options, name) is not None:
            fields[name] = getattr(options, name)
    if options.max_input_tokens is not None:
        fields["max_input_tokens"] = options.max_input_tokens
        if options.added_tokens is not None:
            fields["added_tokens"] = options.added_tokens
    if options.top_k or options.context_window:
        fields |= {
            "top_k": options.top_k,
            "context_window": options.context_window,
            "reserved_tokens": options.reserved_tokens,
            "answer_tokens": options.answer_tokens,
        }
    return fields


def _reindex_fields(options: argparse.Namespace) -> dict[str, str]:
    """The re-indexing question the flags ask: a new split, an edit or a new model."""
    fields = {"new_model": "yes" if options.model_change else "no"}
    if options.new_chunk_size is not None or options.new_overlap is not None:
        fields |= {
            "reindex_mode": "settings",
            "new_chunk_size": _given(options.new_chunk_size, options.chunk_size),
            "new_overlap": _given(options.new_overlap, options.overlap),
        }
    elif options.edit_at is not None or options.edit_tokens is not None:
        fields |= {
            "reindex_mode": "edit",
            "edit_at": _given(options.edit_at, ""),
            "edit_tokens": _given(options.edit_tokens, ""),
        }
    elif options.model_change:
        fields["reindex_mode"] = "model"
    elif options.changed_documents is not None:
        fields["reindex_mode"] = "documents"  # each changed document embedded again whole
    if options.changed_documents is not None:
        fields["changed_documents"] = options.changed_documents
    return fields


def _given(value: str | None, otherwise: str) -> str:
    """An option's text as typed (even empty), or ``otherwise`` when it was left out."""
    return otherwise if value is None else value


def _read(path: str) -> str:
    """The text of ``--document-tokens``: a regular file, or standard input for ``-``."""
    if path != "-":
        return read_text(path)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream that is not a file's (as in the tests)
        return sys.stdin.read()
    decoder, parts = TextDecoder(), []
    while chunk := stream.read1(CHUNK_BYTES):
        parts.append(decoder.decode(chunk))
    parts.append(decoder.decode(b"", final=True))
    return "".join(parts)


class _Panels:
    """The planning panels the options asked for, each ``None`` when not asked."""

    def __init__(
        self,
        options: argparse.Namespace,
        outcome: FormOutcome,
        measured: dict[tuple[int, int], tuple[int, int]] | None = None,
    ) -> None:
        self.outcome = outcome
        self.comparison: Comparison | None = outcome.comparison if options.compare else None
        plan = outcome.plan
        #: The corpus beside the same tokens as one stream, for more than one document.
        self.documents: CorpusPlan | None = None if plan is None or plan.documents == 1 else plan
        self.budget: PromptBudget | None = outcome.budget
        self.price: Fraction | None = outcome.price_per_million
        self.reindex: ReindexCase | None = outcome.reindex
        self.migration: MigrationSize | None = outcome.migration
        self.storage: StorageSize | None = outcome.storage
        self.database: DatabaseStorage | None = outcome.database_storage
        self.model_limit: InputLimit | None = outcome.model_limit
        #: Where the price comes from when --model's preset gave it (``price_source``).
        self.price_from: dict[str, object] | None = None
        #: The trade-off's grid, with --tradeoff (or --csv, which prints it).
        self.tradeoff: Tradeoff | None = None
        if plan is not None and (options.tradeoff or options.csv):
            self.tradeoff = tradeoff_of(outcome, measured)

    def report(self, plan: CorpusPlan, vectors: VectorSize | None) -> dict[str, object]:
        """The JSON: the plan's figures, then each panel asked for (one assembly with the
        page's, ``describe_panels``); the comparison only when --compare gave rows."""
        report: dict[str, object] = dict(describe(plan, vectors))
        panels = describe_panels(self.outcome, with_tradeoff=self.tradeoff is not None)
        for name, figures in panels.items():
            if figures is not None and (name != "compare" or self.comparison is not None):
                report[name] = figures
        cost = report.get("cost")
        if self.price_from is not None and isinstance(cost, dict):
            report["cost"] = {**cost, "price_from": self.price_from}
        return report

    def lines(self, plan: CorpusPlan) -> list[str]:
        """The re-indexing, storage and input-limit panels as readable lines."""
        lines: list[str] = []
        if self.reindex is not None:
            lines += ["", *reindex_lines(plan, self.reindex, self.migration, self.price)]
        if self.storage is not None:
            lines += ["", *storage_lines(self.storage)]
            if self.database is not None:
                lines += ["", *database_lines(self.database)]
        if self.model_limit is not None:
            lines += ["", *model_limit_lines(self.model_limit)]
        if self.tradeoff is not None:
            lines += ["", *tradeoff_markdown(self.tradeoff, words=english_export_words())]
        return lines


def summary(
    plan: CorpusPlan, vectors: VectorSize | None = None, panels: _Panels | None = None
) -> str:
    """A short readable account of the plan.

    >>> from calculator import plan_equal_documents, vector_size
    >>> from calculator._documents import plan_one_document
    >>> print(summary(plan_one_document(8000, 512, 64), vector_size(18, 384)))
    8,000 tokens, chunk size 512, overlap 64, step 448
    chunks              18 (17 × 512 + 1 × 384)
    tokens processed    9,088 (1,088 repeated: 13.6% of the document)
    padded upper bound  9,216 (18 × 512; the last chunk is 128 tokens short of full size)
    raw vector size     27,648 bytes = 27 KiB = ≈27.6 kB (18 × 384 dimensions × 4 bytes)
    >>> print(summary(plan_equal_documents(50_000, 1200, 512, 64)))
    ... # doctest: +NORMALIZE_WHITESPACE
    50,000 documents of 1,200 tokens (60,000,000 tokens), chunk size 512, overlap 64, step 448
    chunks              150,000 (100,000 × 512 + 50,000 × 304)
    tokens processed    66,400,000 (6,400,000 repeated: 10.67% of the corpus)
    padded upper bound  76,800,000 (150,000 × 512; the last chunks are 10,400,000 tokens
                        short of full size)
    """
    whole = "the document" if plan.documents == 1 else "the corpus"
    window = f"step {plan.step:,}" if not plan.measured else f"split with {plan.chunker}"
    lines = [
        f"{_corpus_text(plan)}, chunk size {plan.chunk_size:,}, overlap {plan.overlap:,}, {window}"
    ]
    if plan.chunks == 0:
        empty = "an empty document makes" if plan.documents == 1 else "empty documents make"
        lines.append(f"chunks              0 ({empty} no chunks)")
    else:
        lines += [
            f"chunks              {plan.chunks:,} ({_lengths_text(plan)})",
            f"tokens processed    {plan.tokens_processed:,} ({_processed_note(plan, whole)})",
            f"padded upper bound  {plan.padded_tokens:,} ({plan.chunks:,} × {plan.chunk_size:,}; "
            f"{_padding_note(plan)})",
        ]
    if vectors is not None:
        lines.append(
            f"raw vector size     {bytes_and_sizes(vectors.raw_bytes)} ({vectors.vectors:,} × "
            f"{count_of(vectors.dimensions, 'dimension', 'dimensions')} × "
            f"{_per_dimension(vectors)})"
        )
    if panels is not None:
        lines += _panel_lines(plan, panels)
    return "\n".join(lines)


def _corpus_text(plan: CorpusPlan) -> str:
    """One document's tokens, D documents of one length, or D documents of several."""
    if plan.documents == 1:
        return _tokens(plan.tokens)
    documents = count_of(plan.documents, "document", "documents")
    if plan.document is not None:
        return f"{documents} of {_tokens(plan.document.tokens)} ({_tokens(plan.tokens)})"
    return f"{documents}, {_tokens(plan.tokens)} in all"


def _panel_lines(plan: CorpusPlan, panels: _Panels) -> list[str]:
    lines: list[str] = []
    if panels.comparison is not None:
        lines += ["", *markdown_table(_comparison_table(panels.comparison), plain=True)]
    if panels.documents is not None:
        corpus, stream = panels.documents, panels.documents.one_stream
        lines += [
            "",
            f"{count_of(corpus.documents, 'document', 'documents')} chunked one by one: "
            f"{_chunks(corpus.chunks)}, {_tokens(corpus.tokens_processed)} processed",
            f"the same {_tokens(stream.tokens)} as one stream: {_chunks(stream.chunks)}, "
            f"{_tokens(stream.tokens_processed)} processed",
            f"difference: {_chunks(corpus.chunks - stream.chunks, signed=True)}, "
            f"{_tokens(corpus.tokens_processed - stream.tokens_processed, signed=True)} processed",
        ]
    if panels.budget is not None:
        lines += ["", _budget_line(panels.budget)]
    if panels.price is not None:
        lines += ["", _cost_line(plan, panels)]
    return lines + panels.lines(plan)


def settings_section(
    options: argparse.Namespace, preset: ModelPreset | None, warnings: list[str]
) -> str:
    """``--markdown``'s first section: what made the plan, its warnings and sources."""
    rows, notes = plan_settings(
        model=preset,
        encoding=options.encoding if options.count else None,
        splitter=options.splitter if options.count else None,
        database=options.database,
        dimensions=options.dimensions,
        dtype=options.dtype,
        version=tool_version(),
        warnings=[line.strip() for line in warnings[:1]],
    )
    return "\n".join(settings_markdown("Settings", rows, notes))


def markdown(
    plan: CorpusPlan, vectors: VectorSize | None = None, panels: _Panels | None = None
) -> str:
    """Markdown tables for pasting into documentation.

    >>> from calculator import vector_size
    >>> from calculator._documents import plan_one_document
    >>> header, rule, row = markdown(plan_one_document(2500, 800, 200),
    ...                              vector_size(4, 384)).splitlines()
    >>> rule
    '|---:|---:|---:|---:|---:|---:|---:|---:|'
    >>> print(row.replace("\xa0", " "))  # (a no-break space before each unit, as the page)
    | 800 | 200 | 4 | 3,100 | +24% | 600 | 3,200 | 6,144 bytes (6 KiB) |
    """
    if panels is not None and panels.comparison is not None:
        rows = _comparison_table(panels.comparison)
    else:
        rows = plan_rows(plan, vectors, words=english_export_words())
    lines = markdown_table(rows)
    if panels is not None and panels.documents is not None:
        corpus = panels.documents
        lines += ["", *markdown_table(_documents_table(corpus, corpus.one_stream, vectors))]
    if panels is not None and panels.budget is not None:
        lines += ["", _budget_line(panels.budget)]
    if panels is not None and panels.price is not None:
        lines += ["", _cost_line(plan, panels)]
    if panels is not None:
        lines += panels.lines(plan)
    return "\n".join(lines)


def _comparison_table(comparison: Comparison) -> list[list[str]]:
    """One row per configuration; best (lowest) values marked ↓, worst ↑."""
    rows: list[list[str]] = []
    columns = {2: "chunks", 3: "tokens_processed", 5: "repeated_tokens", 6: "padded_tokens"}
    columns[7] = "raw_vector_bytes"
    for index, row in enumerate(comparison.rows):
        heading, cells = plan_rows(row.plan, row.vectors, words=english_export_words())
        rows = rows or [heading]
        for column, figure in columns.items():
            if index in comparison.best[figure]:
                cells[column] += " ↓"
            elif index in comparison.worst[figure]:
                cells[column] += " ↑"
        rows.append(cells)
    return rows


def _documents_table(
    corpus: CorpusPlan, stream: ChunkPlan, vectors: VectorSize | None
) -> list[list[str]]:
    per_vector = None if vectors is None else vectors.bytes_per_vector

    def raw(chunks: int) -> str:
        return "–" if per_vector is None else count_of(chunks * per_vector, "byte", "bytes")

    difference = corpus.chunks - stream.chunks
    return [
        ["Corpus", "Chunks", "Tokens processed", "Raw size"],
        [
            f"{count_of(corpus.documents, 'document', 'documents')}, each chunked on its own",
            f"{corpus.chunks:,}",
            f"{corpus.tokens_processed:,}",
            raw(corpus.chunks),
        ],
        [
            f"one stream of {_tokens(stream.tokens)}",
            f"{stream.chunks:,}",
            f"{stream.tokens_processed:,}",
            raw(stream.chunks),
        ],
        [
            "difference",
            f"{difference:+,}",
            f"{corpus.tokens_processed - stream.tokens_processed:+,}",
            raw(difference),
        ],
    ]


def _budget_line(budget: PromptBudget) -> str:
    verdict = (
        f"fits, {_tokens(budget.spare_tokens)} to spare"
        if budget.fits
        else f"over by {_tokens(-budget.spare_tokens)}"
    )
    return (
        f"prompt budget: {budget.top_k:,} × {budget.chunk_size:,} = "
        f"{_tokens(budget.source_tokens)} "
        f"of source text + {budget.reserved_tokens:,} reserved + {budget.answer_tokens:,} "
        f"for the answer = {budget.total_tokens:,} of {budget.context_window:,}: {verdict}; "
        f"{_chunks(budget.chunks_that_fit)} would fit"
    )


def _cost_line(plan: CorpusPlan, panels: _Panels) -> str:
    assert panels.price is not None
    cost = describe_cost(panels.price, plan.tokens_processed)
    source = panels.price_from
    currency = "" if source is None else f" {source['currency']}"
    line = (
        f"embedding cost at {cost['price_per_million']}{currency} per million tokens: "
        f"{cost['one_time']}{currency} for {_tokens(plan.tokens_processed)} processed"
    )
    return line if source is None else f"{line} ({price_source_text(source)})"


def _percent(share: Fraction) -> str:
    return decimal_text(share * 100, places=2) + "%"


def _processed_note(plan: CorpusPlan, whole: str) -> str:
    """What the tokens processed hold beyond the text: the window model's overlaps, or, for a
    splitter's chunks, their own tokens against the corpus's (a splitter drops the whitespace
    it cuts at, and a token across a cut counts in both chunks)."""
    if not plan.measured:
        return f"{plan.repeated_tokens:,} repeated: {_percent(plan.repeated_share)} of {whole}"
    more = "more" if plan.repeated_tokens >= 0 else "fewer"
    return f"the chunks' own tokens added up: {abs(plan.repeated_tokens):,} {more} than {whole}'s"


def _padding_note(plan: CorpusPlan) -> str:
    last = "the last chunk is" if plan.documents == 1 else "the last chunks are"
    if plan.padding_tokens == 0:
        return f"the same as the exact figure: {last} full"
    return f"{last} {_tokens(plan.padding_tokens)} short of full size"


def _per_dimension(vectors: VectorSize) -> str:
    bits = vectors.bits_per_dimension
    if bits % 8:
        return count_of(bits, "bit", "bits")
    return count_of(bits // 8, "byte", "bytes")


def _tokens(n: int, *, signed: bool = False) -> str:
    return count_of(n, "token", "tokens", signed=signed)


def _chunks(n: int, *, signed: bool = False) -> str:
    return count_of(n, "chunk", "chunks", signed=signed)
