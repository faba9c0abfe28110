"""The plan's figures as the calculator builds them, and the page's answer around them.

``calculator._report`` builds every section with these types and the command line prints them
as JSON; ``respond`` sends the same sections to the page with every ``int`` as its decimal
string (JavaScript numbers lose digits past 2**53), and beside each sized byte count its
figures in units (the ``*_size`` keys).  tools/answer_types.py writes the TypeScript the page's
script is checked against from this module, ints as strings, so a key renamed on either side
fails a check instead of a visitor.  Only the checkers import this module.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias, TypedDict

#: fresh: figures for the current inputs; stale: a field it depends on is invalid, so the
#: last figures stay, marked out of date; unused: its fields are empty, nothing to show.
PanelState = Literal["fresh", "stale", "unused"]
#: A re-indexing question (``calculator._reindex.REINDEX_KINDS``, the form's choices).
ReindexKind: TypeAlias = Literal["settings", "edit", "documents", "model"]
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
    the command line and every page say the same figure.  The page's answer carries one beside
    each sized byte count (``raw_vector_bytes`` → ``raw_vector_size``); the command line's
    JSON does not."""

    iec: SizeFigureAnswer
    si: SizeFigureAnswer


class Quotient(TypedDict):
    approx: str
    exact: bool


class LengthGroup(TypedDict):
    count: int
    length: int


class Derivation(TypedDict):
    """Which formulas the worked derivation shows (catalog keys ``derivation.<line>``)."""

    #: No tokens, one window for all of them, or windows after the first.
    chunks_line: Literal["chunks_empty", "chunks_short", "chunks"]
    #: The other lines, after the step and the chunks (none without tokens).
    lines: list[Literal["last", "processed", "repeated", "padded"]]
    #: The raw vector size: bytes per dimension, bits for binary; None without vectors.
    raw_line: Literal["raw", "raw_binary"] | None
    chunks_minus_one: int


class PlanFigures(TypedDict):
    """Every figure of one split (and its vectors): the command line's top level."""

    tokens: int
    chunk_size: int
    overlap: int
    step: int
    chunks: int
    last_chunk_tokens: int
    length_groups: list[LengthGroup]
    tokens_processed: int
    repeated_tokens: int
    repeated_share: str
    padded_tokens: int
    padding_tokens: int
    steps_after_first: Quotient
    dimensions: NotRequired[int]
    dtype: NotRequired[str]
    bits_per_dimension: NotRequired[int]
    #: Whole bytes, or 0.125 for one bit.
    bytes_per_dimension: NotRequired[int | float]
    bytes_per_vector: NotRequired[int]
    raw_vector_bytes: NotRequired[int]
    raw_vector_size: NotRequired[SizeAnswer]


class ResultAnswer(PlanFigures):
    """The main results as the page gets them: the figures and which derivation to show."""

    derivation: Derivation


class OneStream(TypedDict):
    tokens: int
    chunks: int
    tokens_processed: int
    repeated_tokens: int
    padded_tokens: int
    raw_vector_bytes: NotRequired[int]
    raw_vector_size: NotRequired[SizeAnswer]


class PerDocument(OneStream):
    """The same figures as one stream, summed over the documents chunked one by one."""

    documents: int


class Difference(TypedDict):
    chunks: int
    tokens_processed: int
    raw_vector_bytes: NotRequired[int]
    raw_vector_size: NotRequired[SizeAnswer]


class DocumentsAnswer(TypedDict):
    per_document: PerDocument
    one_stream: OneStream
    difference: Difference


class Budget(TypedDict):
    top_k: int
    chunk_size: int
    source_tokens: int
    reserved_tokens: int
    answer_tokens: int
    total_tokens: int
    context_window: int
    fits: bool
    spare_tokens: int
    chunks_that_fit: int


class Cost(TypedDict):
    price_per_million: str
    tokens_processed: int
    one_time: str
    per_document_set: NotRequired[str]


class CompareRowFigures(TypedDict):
    chunk_size: int
    overlap: int
    chunks: int
    tokens_processed: int
    over_tokens_share: str
    repeated_tokens: int
    padded_tokens: int
    dimensions: NotRequired[int]
    dtype: NotRequired[str]
    bytes_per_vector: NotRequired[int]
    raw_vector_bytes: NotRequired[int]
    raw_vector_size: NotRequired[SizeAnswer]


class ComparisonFiguresAnswer(TypedDict):
    rows: list[CompareRowFigures]
    #: Per figure, the rows (their index) with its lowest and highest value.
    best: dict[str, list[int]]
    worst: dict[str, list[int]]


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
    tokens_to_embed: int
    one_time: str


class ReindexAnswer(TypedDict):
    """Re-embedding after a change (the command line's ``reindex`` keys), with sizes."""

    kind: ReindexKind
    new_model: bool
    old_chunks: int
    new_chunks: int
    reused_chunks: int
    chunks_to_embed: int
    chunks_to_delete: int
    old_tokens_processed: int
    new_tokens_processed: int
    reused_tokens: int
    tokens_to_embed: int
    new_chunk_size: NotRequired[int]
    new_overlap: NotRequired[int]
    edit_at: NotRequired[int]
    edit_tokens: NotRequired[int]
    kept_before_edit: NotRequired[int]
    realigned_after_edit: NotRequired[int]
    documents: NotRequired[int]
    changed_documents: NotRequired[int]
    cost: NotRequired[ReindexCost]
    bytes_per_vector: NotRequired[int]
    old_raw_vector_bytes: NotRequired[int]
    old_raw_vector_size: NotRequired[SizeAnswer]
    new_raw_vector_bytes: NotRequired[int]
    new_raw_vector_size: NotRequired[SizeAnswer]
    versioned_peak_raw_bytes: NotRequired[int]
    versioned_peak_raw_size: NotRequired[SizeAnswer]
    #: Only without a new model: one index cannot hold two models' vectors.
    in_place_peak_raw_bytes: NotRequired[int]
    in_place_peak_raw_size: NotRequired[SizeAnswer]


class PgvectorValue(TypedDict):
    bytes_per_value: int
    bytes: int
    size: NotRequired[SizeAnswer]


class StoragePartAnswer(TypedDict):
    """One part of a database's storage: its bytes, its formula, its source and whether it is
    an estimate."""

    name: str
    bytes: int
    size: NotRequired[SizeAnswer]
    #: The formula's catalog key (``storage.db.formula.<key>``) and its figures: whole
    #: numbers (the page writes them in its number format; ``pages`` is a count of pages) or
    #: the database's own names.
    formula_key: str
    formula_params: dict[str, int | str]
    #: Where it comes from: catalog key ``storage.db.source.<key>``.
    source_key: str
    #: The formula with its figures and the source, in English: the command line's only.
    formula: NotRequired[str]
    source: NotRequired[str]
    estimate: bool
    #: Qdrant: "ram and disk" or "disk".
    where: NotRequired[str]


class DatabaseAnswer(TypedDict):
    """The storage as pgvector or Qdrant stores it (``--database``)."""

    name: str
    #: The database's own type for the vectors: vector, halfvec, bit; float32, float16, uint8.
    type: str
    parts: list[StoragePartAnswer]
    total_bytes: int
    total_size: NotRequired[SizeAnswer]
    #: pgvector: the index, the table's pages, and how its rows sit in them.
    index: NotRequired[str]
    table_bytes: NotRequired[int]
    table_size: NotRequired[SizeAnswer]
    index_bytes: NotRequired[int]
    index_size: NotRequired[SizeAnswer]
    rows_per_page: NotRequired[int]
    value_bytes: NotRequired[int]
    toasted: NotRequired[bool]
    element_tuple_bytes: NotRequired[int]
    neighbor_tuple_bytes: NotRequired[int]
    expected_layers: NotRequired[int]
    lists: NotRequired[int]
    #: Qdrant: what leaves RAM, and the disk and RAM it takes (headroom said, not added).
    on_disk: NotRequired[str]
    disk_bytes: NotRequired[int]
    disk_size: NotRequired[SizeAnswer]
    ram_bytes: NotRequired[int]
    ram_size: NotRequired[SizeAnswer]
    headroom_bytes: NotRequired[int]
    headroom_size: NotRequired[SizeAnswer]


class StorageAnswer(TypedDict):
    """The index's parts (the command line's ``storage`` keys), each with its size."""

    vectors: int
    dimensions: int
    dtype: str
    bytes_per_vector: int
    raw_vector_bytes: int
    raw_vector_size: NotRequired[SizeAnswer]
    hnsw_m: int
    hnsw_graph_bytes: int
    hnsw_graph_size: NotRequired[SizeAnswer]
    #: Said beside the graph, never added to the total.
    hnsw_upper_layer_bytes: int
    hnsw_upper_layer_size: NotRequired[SizeAnswer]
    tokens_processed: int
    #: A decimal text ("4.29"); "0" when the visitor gave none.
    text_bytes_per_token: str
    text_bytes: int
    text_size: NotRequired[SizeAnswer]
    metadata_bytes_per_chunk: int
    metadata_bytes: int
    metadata_size: NotRequired[SizeAnswer]
    quantized_dtype: str | None
    quantized_copy_bytes: int
    quantized_copy_size: NotRequired[SizeAnswer]
    replicas: int
    replica_bytes: int
    replica_size: NotRequired[SizeAnswer]
    total_bytes: int
    total_size: NotRequired[SizeAnswer]
    #: The keys whose figures are estimates.
    estimates: list[str]
    #: How each part is worked out, in English: the command line's (the page words its own).
    formulas: NotRequired[dict[str, str]]
    #: With a database named: its storage, whose total is ``total_bytes``; the generic
    #: formula's total stays beside it.
    database: NotRequired[DatabaseAnswer]
    generic_total_bytes: NotRequired[int]
    generic_total_size: NotRequired[SizeAnswer]
    #: pgvector's per-value sizes: "vector", "halfvec", "bit".
    pgvector: dict[str, PgvectorValue]


class AtLimit(TypedDict):
    chunk_size: int
    overlap: int
    chunks: int
    tokens_processed: int


class ModelLimitAnswer(TypedDict):
    """Chunks against the model's input limit (the command line's ``model_limit`` keys)."""

    max_input_tokens: int
    chunk_size: int
    chunks: int
    chunks_over_limit: int
    truncated_tokens: int
    fits: bool
    largest_chunk_size_within_limit: int
    #: The plan at the largest size within the limit; None when the overlap is not below it.
    at_limit: AtLimit | None


class PanelFigures(TypedDict):
    """Each planning panel's figures, ``None`` where its fields are empty or invalid: the
    command line's JSON sections, and the page's answer, from one assembly (``_report``)."""

    compare: ComparisonFiguresAnswer | None
    documents: DocumentsAnswer | None
    budget: Budget | None
    cost: Cost | None
    reindex: ReindexAnswer | None
    storage: StorageAnswer | None
    model_limit: ModelLimitAnswer | None


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
