"""The answer ``respond`` gives the page, typed once.

Every integer travels as its decimal string (JavaScript numbers lose digits past
2**53), so figures are ``str`` here; ``bool`` and ``None`` travel as themselves.
The page's script is checked against these types, so a renamed key fails a
check instead of a visitor.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

#: fresh: figures for the current inputs; stale: a field it depends on is invalid, so the
#: last figures stay, marked out of date; unused: its fields are empty, nothing to show.
PanelState = Literal["fresh", "stale", "unused"]
#: The default comparison rows' notes (catalog keys "compare.<note>"); "" for none.
RowNote = Literal["current", "no_overlap", "double_overlap", ""]


class FieldError(TypedDict):
    """A field's error: its catalog key ``errors.<key>`` and the placeholders' texts."""

    key: str
    params: dict[str, str]
    #: The params that are whole numbers (shown in the page's number format).
    integer_params: list[str]


class SizeFigureAnswer(TypedDict):
    """A byte count as shown: the rounded significand (plain decimal text) in its unit."""

    approximate: bool
    significand: str
    unit: str


class SizeAnswer(TypedDict):
    """One byte count in binary and decimal units, decided by the calculator (``_units``), so
    the command line and every page say the same figure."""

    iec: SizeFigureAnswer
    si: SizeFigureAnswer


class Quotient(TypedDict):
    approx: str
    exact: bool


class LengthGroup(TypedDict):
    count: str
    length: str


class Derivation(TypedDict):
    """Which formulas the worked derivation shows (catalog keys ``derivation.<line>``)."""

    #: No tokens, one window for all of them, or windows after the first.
    chunks_line: Literal["chunks_empty", "chunks_short", "chunks"]
    #: The other lines, after the step and the chunks (none without tokens).
    lines: list[Literal["last", "processed", "repeated", "padded"]]
    #: The raw vector size: bytes per dimension, bits for binary; None without vectors.
    raw_line: Literal["raw", "raw_binary"] | None
    chunks_minus_one: str


class ResultAnswer(TypedDict):
    tokens: str
    chunk_size: str
    overlap: str
    step: str
    chunks: str
    last_chunk_tokens: str
    length_groups: list[LengthGroup]
    tokens_processed: str
    repeated_tokens: str
    repeated_share: str
    padded_tokens: str
    padding_tokens: str
    steps_after_first: Quotient
    dimensions: NotRequired[str]
    dtype: NotRequired[str]
    bits_per_dimension: NotRequired[str]
    bytes_per_dimension: NotRequired[str]
    bytes_per_vector: NotRequired[str]
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]
    derivation: Derivation


class OneStream(TypedDict):
    tokens: str
    chunks: str
    tokens_processed: str
    repeated_tokens: str
    padded_tokens: str
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]


class PerDocument(OneStream):
    """The same figures as one stream, summed over the documents chunked one by one."""

    documents: str


class Difference(TypedDict):
    chunks: str
    tokens_processed: str
    raw_vector_bytes: NotRequired[str]
    raw_vector_size: NotRequired[SizeAnswer]


class DocumentsAnswer(TypedDict):
    per_document: PerDocument
    one_stream: OneStream
    difference: Difference


class Budget(TypedDict):
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


class Cost(TypedDict):
    price_per_million: str
    tokens_processed: str
    one_time: str
    per_document_set: NotRequired[str]


class CompareRowFigures(TypedDict):
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
    rows: list[CompareRowFigures]
    #: Per figure, the rows (their index as text) with its lowest and highest value.
    best: dict[str, list[str]]
    worst: dict[str, list[str]]


class Compare(TypedDict):
    #: The rows as field texts: chunk_size, overlap, dimensions, dtype.
    rows: list[dict[str, str]]
    #: Whether the rows are the defaults derived from the main form (then not sent back).
    default: bool
    #: One note per default row; empty for rows the visitor gave.
    notes: list[RowNote]
    figures: ComparisonFiguresAnswer | None


class ReindexCost(TypedDict):
    price_per_million: str
    tokens_to_embed: str
    one_time: str


class ReindexAnswer(TypedDict):
    """Re-embedding after a change (the command line's ``reindex`` keys), with sizes."""

    kind: Literal["settings", "edit", "documents", "model"]
    new_model: bool
    old_chunks: str
    new_chunks: str
    reused_chunks: str
    chunks_to_embed: str
    chunks_to_delete: str
    old_tokens_processed: str
    new_tokens_processed: str
    reused_tokens: str
    tokens_to_embed: str
    new_chunk_size: NotRequired[str]
    new_overlap: NotRequired[str]
    edit_at: NotRequired[str]
    edit_tokens: NotRequired[str]
    kept_before_edit: NotRequired[str]
    realigned_after_edit: NotRequired[str]
    documents: NotRequired[str]
    changed_documents: NotRequired[str]
    cost: NotRequired[ReindexCost]
    bytes_per_vector: NotRequired[str]
    old_raw_vector_bytes: NotRequired[str]
    old_raw_vector_size: NotRequired[SizeAnswer]
    new_raw_vector_bytes: NotRequired[str]
    new_raw_vector_size: NotRequired[SizeAnswer]
    versioned_peak_raw_bytes: NotRequired[str]
    versioned_peak_raw_size: NotRequired[SizeAnswer]
    #: Only without a new model: one index cannot hold two models' vectors.
    in_place_peak_raw_bytes: NotRequired[str]
    in_place_peak_raw_size: NotRequired[SizeAnswer]


class PgvectorValue(TypedDict):
    bytes_per_value: str
    bytes: str
    size: SizeAnswer


class StorageAnswer(TypedDict):
    """The index's parts (the command line's ``storage`` keys), each with its size."""

    vectors: str
    dimensions: str
    dtype: str
    bytes_per_vector: str
    raw_vector_bytes: str
    raw_vector_size: SizeAnswer
    hnsw_m: str
    hnsw_graph_bytes: str
    hnsw_graph_size: SizeAnswer
    #: Said beside the graph, never added to the total.
    hnsw_upper_layer_bytes: str
    hnsw_upper_layer_size: SizeAnswer
    tokens_processed: str
    #: A decimal text ("4.29"); "0" when the visitor gave none.
    text_bytes_per_token: str
    text_bytes: str
    text_size: SizeAnswer
    metadata_bytes_per_chunk: str
    metadata_bytes: str
    metadata_size: SizeAnswer
    quantized_dtype: str | None
    quantized_copy_bytes: str
    quantized_copy_size: SizeAnswer
    replicas: str
    replica_bytes: str
    replica_size: SizeAnswer
    total_bytes: str
    total_size: SizeAnswer
    #: The keys whose figures are estimates.
    estimates: list[str]
    #: pgvector's per-value sizes: "vector", "halfvec", "bit".
    pgvector: dict[str, PgvectorValue]


class AtLimit(TypedDict):
    chunk_size: str
    overlap: str
    chunks: str
    tokens_processed: str


class ModelLimitAnswer(TypedDict):
    """Chunks against the model's input limit (the command line's ``model_limit`` keys)."""

    max_input_tokens: str
    #: Tokens the model adds to every chunk (special tokens, a required prefix).
    added_tokens: str
    chunk_size: str
    chunks: str
    chunks_over_limit: str
    truncated_tokens: str
    fits: bool
    largest_chunk_size_within_limit: str
    #: chunks × added_tokens.
    added_tokens_total: str
    #: Tokens processed + added_tokens_total − truncated_tokens.
    tokens_embedded: str
    #: The plan at the largest size within the limit; None when the overlap is not below it.
    at_limit: AtLimit | None


class Panels(TypedDict):
    main: PanelState
    compare: PanelState
    documents: PanelState
    budget: PanelState
    cost: PanelState
    reindex: PanelState
    storage: PanelState
    model_limit: PanelState


class Answer(TypedDict):
    """The answer to one request of the page."""

    errors: dict[str, FieldError]
    panels: Panels
    result: ResultAnswer | None
    documents: DocumentsAnswer | None
    budget: Budget | None
    cost: Cost | None
    compare: Compare
    reindex: ReindexAnswer | None
    storage: StorageAnswer | None
    model_limit: ModelLimitAnswer | None
    #: The link's query of the form, without "?".
    query: str
    #: Asked with a link's query: the form's texts it gives.
    fields: NotRequired[dict[str, str]]
