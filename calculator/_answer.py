"""The shape of ``respond``'s answer: the protocol between the page's worker and the page.

Every integer travels as its decimal string (JavaScript numbers lose digits past 2**53);
``tools/answer_types.py`` turns these declarations into the JSDoc types the page's
JavaScript is checked against, so a key renamed here or there fails a check.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class ErrorAnswer(TypedDict):
    """One field's error: a catalog message key and its parameters."""

    key: str
    params: dict[str, str]


class SizeFigureAnswer(TypedDict):
    """A byte count as shown: the rounded significand (plain decimal text) in its unit."""

    approximate: bool
    significand: str
    unit: str


class SizeAnswer(TypedDict):
    """One byte count in binary and decimal units, decided by the calculator."""

    iec: SizeFigureAnswer
    si: SizeFigureAnswer


class LengthGroupAnswer(TypedDict):
    count: str
    length: str


class QuotientAnswer(TypedDict):
    approx: str
    exact: bool


class ResultAnswer(TypedDict):
    """The main plan, and its vectors' figures when dimensions are given."""

    tokens: str
    chunk_size: str
    overlap: str
    step: str
    chunks: str
    last_chunk_tokens: str
    length_groups: list[LengthGroupAnswer]
    tokens_processed: str
    repeated_tokens: str
    repeated_share: str
    padded_tokens: str
    padding_tokens: str
    steps_after_first: QuotientAnswer
    dimensions: NotRequired[str]
    dtype: NotRequired[str]
    bits_per_dimension: NotRequired[str]
    bytes_per_dimension: NotRequired[str]
    bytes_per_vector: NotRequired[str]
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]


class PerDocumentAnswer(TypedDict):
    documents: str
    tokens: str
    chunks: str
    tokens_processed: str
    repeated_tokens: str
    padded_tokens: str
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]


class OneStreamAnswer(TypedDict):
    tokens: str
    chunks: str
    tokens_processed: str
    repeated_tokens: str
    padded_tokens: str
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]


class DifferenceAnswer(TypedDict):
    """Per-document minus one stream; may be negative (the size is of its magnitude)."""

    chunks: str
    tokens_processed: str
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]


class DocumentsAnswer(TypedDict):
    per_document: PerDocumentAnswer
    one_stream: OneStreamAnswer
    difference: DifferenceAnswer


class BudgetAnswer(TypedDict):
    top_k: str
    chunk_size: str
    source_tokens: str
    reserved_tokens: str
    answer_tokens: str
    total_tokens: str
    context_window: str
    fits: bool
    spare_tokens: str
    chunks_that_fit: str


class CostAnswer(TypedDict):
    price_per_million: str
    tokens_processed: str
    one_time: str
    per_document_set: NotRequired[str]


class ComparisonRowAnswer(TypedDict):
    chunk_size: str
    overlap: str
    chunks: str
    tokens_processed: str
    over_tokens_share: str
    repeated_tokens: str
    padded_tokens: str
    dimensions: NotRequired[str]
    dtype: NotRequired[str]
    bytes_per_vector: NotRequired[str]
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]


class ComparisonFiguresAnswer(TypedDict):
    """Each row's figures; ``best``/``worst`` name the rows' indexes per figure."""

    rows: list[ComparisonRowAnswer]
    best: dict[str, list[str]]
    worst: dict[str, list[str]]


class CompareAnswer(TypedDict):
    rows: list[dict[str, str]]
    default: bool
    figures: ComparisonFiguresAnswer | None


class Answer(TypedDict):
    """One answer of ``respond``; ``fields`` only when the request was a link's query."""

    fields: NotRequired[dict[str, str]]
    errors: dict[str, ErrorAnswer]
    result: ResultAnswer | None
    documents: DocumentsAnswer | None
    budget: BudgetAnswer | None
    cost: CostAnswer | None
    compare: CompareAnswer
    query: str

