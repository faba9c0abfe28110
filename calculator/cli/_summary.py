"""The plan as the command line prints it: the summary's lines and the Markdown report."""

from __future__ import annotations

import argparse
import contextlib
import io
import textwrap
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from .._budget import PromptBudget
from .._chunking import ChunkPlan
from .._compare import Comparison
from .._databases import DatabaseStorage
from .._decimals import decimal_text
from .._distribution import distribution
from .._documents import CorpusPlan
from .._english import count_of
from .._input_limit import InputLimit
from .._models import (
    ModelPreset,
    price_source_text,
)
from .._reindex import MigrationSize, ReindexCase
from .._storage import StorageSize
from .._tradeoff import Tradeoff
from .._units import bytes_and_sizes
from .._vectors import VectorSize
from .._version import tool_version
from ..protocol._carried import Measures
from ..protocol._export import (
    english_export_words,
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

if TYPE_CHECKING:
    pass


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


class _Panels:
    """The planning panels the options asked for, each ``None`` when not asked."""

    def __init__(
        self,
        options: argparse.Namespace,
        outcome: FormOutcome,
        measured: dict[tuple[int, int], tuple[int, int]] | None = None,
        retrieval: dict[tuple[int, int], Measures] | None = None,
    ) -> None:
        self.outcome = outcome
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
