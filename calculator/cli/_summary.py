"""The plan as the command line prints it: the summary's lines and the Markdown report."""

from __future__ import annotations

import argparse
import contextlib
import io
import textwrap
from collections.abc import Iterator
from fractions import Fraction
from typing import TypedDict

from .._budget import PromptBudget
from .._chunking import ChunkPlan
from .._compare import Comparison
from .._databases import DatabaseStorage
from .._distribution import distribution
from .._documents import CorpusPlan
from .._input_limit import InputLimit
from .._models import ModelPreset
from .._reindex import MigrationSize, ReindexCase
from .._storage import StorageSize
from .._text import NumberFormat
from .._tradeoff import Tradeoff
from .._vectors import VectorSize
from .._version import tool_version
from ..protocol._carried import Measures
from ..protocol._export import (
    markdown_table,
    plan_rows,
    settings_markdown,
    tradeoff_markdown,
)
from ..protocol._form import FormOutcome
from ..protocol._panel_report import describe_cost, describe_panels
from ..protocol._report import describe
from ..protocol._tradeoff_report import tradeoff_of
from ._lifecycle_text import database_lines, model_limit_lines, reindex_lines, storage_lines
from ._settings_text import plan_settings
from ._words import FIGURE_COLUMN, Words, english, row

LINE_WIDTH = 120


class _ExportFormat(TypedDict):
    """How the page's export tables are worded and their figures written."""

    words: dict[str, str]
    number_format: NumberFormat
    group_four_digits: bool


@contextlib.contextmanager
def _lines_of_at_most(width: int) -> Iterator[None]:
    """What is printed inside, each line longer than ``width`` wrapped under its figure's
    column (a source or a formula runs long; --json keeps them whole)."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        yield
    indent = " " * FIGURE_COLUMN
    for line in printed.getvalue().splitlines():
        wrapped = textwrap.wrap(
            line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
        )
        print("\n".join(wrapped) if len(line) > width else line)


# The most length groups written out ("2,387 × 512 + 1 × 32"); more are a distribution.
_LISTED_GROUPS = 3


def _lengths_text(plan: CorpusPlan, words: Words) -> str:
    """The chunks' lengths: a few groups written out, else their distribution (a corpus of
    674 files has hundreds of lengths: 3,934 characters on one line); --json lists them all.

    >>> from calculator._documents import plan_documents
    >>> _lengths_text(plan_documents([1200, 700], 512, 64), english())
    '3 × 512 + 1 × 304 + 1 × 252'
    >>> _lengths_text(plan_documents(range(1000, 1400, 50), 512, 64), english())
    'lengths 104–512: median 512, 95th percentile 512, most often 512 (16 ×); all in --json'
    """
    groups = plan.length_groups
    if len(groups) <= _LISTED_GROUPS:
        return " + ".join(
            f"{words.integer(group.count)} × {words.integer(group.length)}" for group in groups
        )
    lengths = distribution((group.count, group.length) for group in groups)
    common = max(lengths.groups, key=lambda pair: (pair[1], pair[0]))
    return words(
        "cli.summary.lengths", least=lengths.least, most=lengths.most, median=lengths.median,
        percentile=lengths.p95, length=common[0], count=common[1],
    )  # fmt: skip


class _Panels:
    """The planning panels the options asked for, each ``None`` when not asked."""

    def __init__(
        self,
        options: argparse.Namespace,
        outcome: FormOutcome,
        measured: dict[tuple[int, int], tuple[int, int]] | None = None,
        retrieval: dict[tuple[int, int], Measures] | None = None,
        words: Words | None = None,
    ) -> None:
        self.outcome = outcome
        #: The language the lines speak (--lang).
        self.words = words or english()
        #: The splitter's chunks and --evaluate's measures at the grid's windows.
        self._measured, self._retrieval = measured, retrieval
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
            self.tradeoff = tradeoff_of(outcome, measured, retrieval)

    def report(self, plan: CorpusPlan, vectors: VectorSize | None) -> dict[str, object]:
        """The JSON: the plan's figures, then each panel asked for (one assembly with the
        page's, ``describe_panels``); the comparison only when --compare gave rows."""
        report: dict[str, object] = dict(describe(plan, vectors))
        panels = describe_panels(
            self.outcome, with_tradeoff=self.tradeoff is not None, measured=self._measured,
            retrieval=self._retrieval,
        )  # fmt: skip
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
        words = self.words
        if self.reindex is not None:
            lines += ["", *reindex_lines(plan, self.reindex, self.migration, self.price, words)]
        if self.storage is not None:
            lines += ["", *storage_lines(self.storage, words)]
            if self.database is not None:
                lines += ["", *database_lines(self.database, words)]
        if self.model_limit is not None:
            lines += ["", *model_limit_lines(self.model_limit, words)]
        if self.tradeoff is not None:
            lines += ["", *tradeoff_markdown(self.tradeoff, **_export_format(words))]
        return lines


def summary(
    plan: CorpusPlan, vectors: VectorSize | None = None, panels: _Panels | None = None
) -> str:
    """A short readable account of the plan, in the language of ``panels`` (English without).

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
    words = english() if panels is None else panels.words
    say = words.integer
    window = (
        words("cli.summary.step", step=plan.step)
        if not plan.measured
        else words("cli.summary.split_with", chunker=plan.chunker)
    )
    lines = [
        words(
            "cli.summary.head", corpus=_corpus_text(plan, words), chunk_size=plan.chunk_size,
            overlap=plan.overlap, window=window,
        )
    ]  # fmt: skip
    chunks = words.text("cli.label.chunks")
    if plan.chunks == 0:
        empty = words(
            "cli.summary.empty_document" if plan.documents == 1 else "cli.summary.empty_documents"
        )
        lines.append(row(chunks, f"0 ({empty})"))
    else:
        padded = f"{say(plan.chunks)} × {say(plan.chunk_size)}; {_padding_note(plan, words)}"
        lines += [
            row(chunks, f"{say(plan.chunks)} ({_lengths_text(plan, words)})"),
            row(
                words.text("cli.label.tokens_processed"),
                f"{say(plan.tokens_processed)} ({_processed_note(plan, words)})",
            ),
            row(words.text("cli.label.padded"), f"{say(plan.padded_tokens)} ({padded})"),
        ]
    if vectors is not None:
        dimensions = words.count(vectors.dimensions, "dimensions")
        lines.append(
            row(
                words.text("cli.label.raw_vector_size"),
                f"{words.bytes_and_sizes(vectors.raw_bytes)} ({say(vectors.vectors)} × "
                f"{dimensions} × {_per_dimension(vectors, words)})",
            )
        )
    if panels is not None:
        lines += _panel_lines(plan, panels)
    return "\n".join(lines)


def _corpus_text(plan: CorpusPlan, words: Words) -> str:
    """One document's tokens, D documents of one length, or D documents of several."""
    if plan.documents == 1:
        return words.count(plan.tokens, "tokens")
    documents = words.count(plan.documents, "documents")
    if plan.document is not None:
        return words(
            "cli.summary.corpus_equal", documents=documents,
            tokens=words.count(plan.document.tokens, "tokens"),
            all=words.count(plan.tokens, "tokens"),
        )  # fmt: skip
    return words(
        "cli.summary.corpus_listed", documents=documents, tokens=words.count(plan.tokens, "tokens")
    )


def _panel_lines(plan: CorpusPlan, panels: _Panels) -> list[str]:
    lines: list[str] = []
    words = panels.words
    if panels.comparison is not None:
        table = _comparison_table(panels.comparison, words)
        lines += ["", *markdown_table(table, plain=True)]
    if panels.documents is not None:
        corpus, stream = panels.documents, panels.documents.one_stream
        lines += [
            "",
            words(
                "cli.documents.per_document", documents=words.count(corpus.documents, "documents"),
                chunks=words.count(corpus.chunks, "chunks"),
                tokens=words.count(corpus.tokens_processed, "tokens"),
            ),
            words(
                "cli.documents.one_stream", tokens=words.count(stream.tokens, "tokens"),
                chunks=words.count(stream.chunks, "chunks"),
                processed=words.count(stream.tokens_processed, "tokens"),
            ),
            words(
                "cli.documents.difference",
                chunks=words.count(corpus.chunks - stream.chunks, "chunks", signed=True),
                tokens=words.count(
                    corpus.tokens_processed - stream.tokens_processed, "tokens", signed=True
                ),
            ),
        ]  # fmt: skip
    if panels.budget is not None:
        lines += ["", _budget_line(panels.budget, words)]
    if panels.price is not None:
        lines += ["", _cost_line(plan, panels)]
    return lines + panels.lines(plan)


def settings_section(
    options: argparse.Namespace,
    preset: ModelPreset | None,
    warnings: list[str],
    words: Words | None = None,
) -> str:
    """``--markdown``'s first section: what made the plan, its warnings and sources."""
    words = words or english()
    rows, notes = plan_settings(
        model=preset,
        encoding=options.encoding if options.count else None,
        splitter=options.splitter if options.count else None,
        database=options.database,
        dimensions=options.dimensions,
        dtype=options.dtype,
        version=tool_version(),
        warnings=[line.strip() for line in warnings[:1]],
        words=words,
    )
    heading = words.export_words()["settings"]
    return "\n".join(settings_markdown(heading, rows, notes))


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
    words = english() if panels is None else panels.words
    if panels is not None and panels.comparison is not None:
        rows = _comparison_table(panels.comparison, words)
    else:
        rows = plan_rows(plan, vectors, **_export_format(words))
    lines = markdown_table(rows)
    if panels is not None and panels.documents is not None:
        corpus = panels.documents
        table = _documents_table(corpus, corpus.one_stream, vectors, words)
        lines += ["", *markdown_table(table)]
    if panels is not None and panels.budget is not None:
        lines += ["", _budget_line(panels.budget, words)]
    if panels is not None and panels.price is not None:
        lines += ["", _cost_line(plan, panels)]
    if panels is not None:
        lines += panels.lines(plan)
    return "\n".join(lines)


def _export_format(words: Words) -> _ExportFormat:
    """The page's export words and number format in the language of ``words``."""
    return {
        "words": words.export_words(),
        "number_format": words.number_format,
        "group_four_digits": words.group_four_digits,
    }


def _comparison_table(comparison: Comparison, words: Words) -> list[list[str]]:
    """One row per configuration; best (lowest) values marked ↓, worst ↑."""
    rows: list[list[str]] = []
    columns = {2: "chunks", 3: "tokens_processed", 5: "repeated_tokens", 6: "padded_tokens"}
    columns[7] = "raw_vector_bytes"
    for index, row_of in enumerate(comparison.rows):
        heading, cells = plan_rows(row_of.plan, row_of.vectors, **_export_format(words))
        rows = rows or [heading]
        for column, figure in columns.items():
            if index in comparison.best[figure]:
                cells[column] += " ↓"
            elif index in comparison.worst[figure]:
                cells[column] += " ↑"
        rows.append(cells)
    return rows


def _documents_table(
    corpus: CorpusPlan, stream: ChunkPlan, vectors: VectorSize | None, words: Words
) -> list[list[str]]:
    per_vector = None if vectors is None else vectors.bytes_per_vector

    def raw(chunks: int) -> str:
        return "–" if per_vector is None else words.count(chunks * per_vector, "bytes")

    difference = corpus.chunks - stream.chunks
    processed = corpus.tokens_processed - stream.tokens_processed
    return [
        [words.text(f"cli.documents.col_{column}") for column in _DOCUMENTS_COLUMNS],
        [
            words("cli.documents.each", documents=words.count(corpus.documents, "documents")),
            words.integer(corpus.chunks),
            words.integer(corpus.tokens_processed),
            raw(corpus.chunks),
        ],
        [
            words("cli.documents.stream", tokens=words.count(stream.tokens, "tokens")),
            words.integer(stream.chunks),
            words.integer(stream.tokens_processed),
            raw(stream.chunks),
        ],
        [
            words.text("cli.documents.row_difference"),
            words.integer(difference, signed=True),
            words.integer(processed, signed=True),
            raw(difference),
        ],
    ]


# The documents table's columns, each worded by cli.documents.col_<column>.
_DOCUMENTS_COLUMNS = ("corpus", "chunks", "tokens_processed", "raw_size")


def _budget_line(budget: PromptBudget, words: Words) -> str:
    verdict = (
        words("cli.budget.fits", spare=words.count(budget.spare_tokens, "tokens"))
        if budget.fits
        else words("cli.budget.over_by", over=words.count(-budget.spare_tokens, "tokens"))
    )
    return words(
        "cli.budget.line", top_k=budget.top_k, chunk_size=budget.chunk_size,
        source=words.count(budget.source_tokens, "tokens"), reserved=budget.reserved_tokens,
        answer=budget.answer_tokens, total=budget.total_tokens, window=budget.context_window,
        verdict=verdict, fit=words.count(budget.chunks_that_fit, "chunks"),
    )  # fmt: skip


def _cost_line(plan: CorpusPlan, panels: _Panels) -> str:
    assert panels.price is not None
    words = panels.words
    cost = describe_cost(panels.price, plan.tokens_processed)
    source = panels.price_from
    currency = "" if source is None else f" {source['currency']}"
    line = words(
        "cli.cost.line", price=words.decimal(cost["price_per_million"]) + currency,
        cost=words.decimal(cost["one_time"]) + currency,
        tokens=words.count(plan.tokens_processed, "tokens"),
    )  # fmt: skip
    if source is None:
        return line
    addresses = source["addresses"]
    assert isinstance(addresses, list)
    said = words(
        "cli.cost.source", model=str(source["model"]), checked=str(source["checked"]),
        addresses=", ".join(addresses),
    )  # fmt: skip
    return f"{line} ({said})"


def _processed_note(plan: CorpusPlan, words: Words) -> str:
    """What the tokens processed hold beyond the text: the window model's overlaps, or, for a
    splitter's chunks, their own tokens against the corpus's (a splitter drops the whitespace
    it cuts at, and a token across a cut counts in both chunks)."""
    whole = "document" if plan.documents == 1 else "corpus"
    if not plan.measured:
        return words(
            f"cli.summary.repeated_{whole}", repeated=plan.repeated_tokens,
            share=words.percent(plan.repeated_share),
        )  # fmt: skip
    more = "more" if plan.repeated_tokens >= 0 else "fewer"
    return words(f"cli.summary.own_tokens_{more}_{whole}", tokens=abs(plan.repeated_tokens))


def _padding_note(plan: CorpusPlan, words: Words) -> str:
    last = "one" if plan.documents == 1 else "each"
    if plan.padding_tokens == 0:
        return words(f"cli.summary.last_full_{last}")
    return words(
        f"cli.summary.last_short_{last}", tokens=words.count(plan.padding_tokens, "tokens")
    )


def _per_dimension(vectors: VectorSize, words: Words) -> str:
    bits = vectors.bits_per_dimension
    if bits % 8:
        return words.count(bits, "bits")
    return words.count(bits // 8, "bytes")
