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
#: How a list of counts travels in a link (``calculator._list_link``, ``_query.Link``).
ListForm: TypeAlias = Literal["", "ordered", "sorted", "rounded", "too_long"]
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


#: A line of the worked derivation after the step and the chunks (catalog key
#: ``derivation.<line>``): one document's, D equal documents' (each one's, then × D), or a
#: sum over documents of several lengths.
DerivationLine = Literal[
    "last",
    "processed",
    "repeated",
    "padded",
    "document_processed",
    "documents_chunks",
    "documents_processed",
    "documents_repeated",
    "documents_padded",
    "processed_sum",
    "repeated_documents",
]


class Derivation(TypedDict):
    """Which formulas the worked derivation shows (catalog keys ``derivation.<line>``)."""

    #: No tokens, one window for all of them, windows after the first (each document's, when
    #: every document has one length), or a sum over documents of several lengths.
    #: A splitter's chunks: counted one by one, no formula.
    chunks_line: Literal["chunks_empty", "chunks_short", "chunks", "chunks_sum", "chunks_split"]
    #: The other lines, after the step and the chunks (none without tokens).
    lines: list[DerivationLine]
    #: Documents of one length: the chunks line and the lines before the × D ones are one
    #: document's.
    documents_line: Literal["equal_documents"] | None
    #: The raw vector size: bytes per dimension, bits for binary; None without vectors.
    raw_line: Literal["raw", "raw_binary"] | None
    #: The lines' (n − 1): one document's chunks but one; for a sum over documents of
    #: several lengths, (n − D): the chunks but one per document with tokens.
    chunks_minus_one: int
    #: D: the documents with tokens (an empty document makes no chunk).
    documents_with_tokens: int


class DocumentFigures(TypedDict):
    """One document's window-model figures, when every document of a corpus has its length."""

    tokens: int
    chunks: int
    last_chunk_tokens: int
    tokens_processed: int


class OneStreamFigures(TypedDict):
    """The same tokens as one stream, beside a corpus of several documents (the seeds'
    comparison): its chunks and tokens processed."""

    chunks: int
    tokens_processed: int


class PlanFigures(TypedDict):
    """Every figure of one split (and its vectors): the command line's top level."""

    tokens: int
    chunk_size: int
    overlap: int
    step: int
    #: Who cut the chunks: "window" (the window model, worked out) or a splitter's name (its
    #: chunks, measured: chunks, lengths and tokens processed are its own).
    chunker: str
    chunks: int
    #: Each document's last chunk and ceiling quotient: only when every document has one length.
    last_chunk_tokens: NotRequired[int]
    length_groups: list[LengthGroup]
    tokens_processed: int
    repeated_tokens: int
    repeated_share: str
    padded_tokens: int
    padding_tokens: int
    steps_after_first: NotRequired[Quotient]
    #: A corpus of more than one document: how many, and each one's figures when they all
    #: have one length (the ``documents`` section compares the corpus with one stream).
    document_count: NotRequired[int]
    document: NotRequired[DocumentFigures]
    #: The same tokens as one stream, beside a corpus of several documents: the source
    #: documents' comparison (the ``documents`` section has its every figure).
    one_stream: NotRequired[OneStreamFigures]
    dimensions: NotRequired[int]
    dtype: NotRequired[str]
    bits_per_dimension: NotRequired[int]
    #: Whole bytes, or 0.125 for one bit.
    bytes_per_dimension: NotRequired[int | float]
    bytes_per_vector: NotRequired[int]
    raw_vector_bytes: NotRequired[int]
    raw_vector_size: NotRequired[SizeAnswer]


class ChunkWindow(TypedDict):
    """Chunk ``index`` (from 0) covers tokens ``[start, end)`` of the drawn document."""

    index: int
    start: int
    end: int


class ChunkMapAnswer(TypedDict):
    """What the chunk map draws (``calculator._chunk_map``): one document's windows."""

    #: The one document, each of D equal documents, or the longest of a list.
    document: Literal["one", "each", "longest"]
    tokens: int
    chunks: int
    before: list[ChunkWindow]
    #: The last window, drawn past a gap (its predecessor not drawn); empty without a gap.
    after: list[ChunkWindow]
    hidden: int


class LengthBin(TypedDict):
    """One range of the chunk lengths' histogram: ``chunks`` chunks of ``first`` to ``last``
    tokens."""

    first: int
    last: int
    chunks: int


class LengthDistributionAnswer(TypedDict):
    """The chunks' lengths as a distribution (``calculator._distribution``): the least, the
    median and 95th percentile (nearest-rank: lengths some chunk has), the most, and ranges of
    equal width from the least to the most."""

    chunks: int
    least: int
    median: int
    p95: int
    most: int
    histogram: list[LengthBin]


class ResultAnswer(PlanFigures):
    """The main results as the page gets them: the figures, which derivation to show and the
    chunk map's windows."""

    derivation: Derivation
    chunk_map: ChunkMapAnswer | None
    #: More than a few distinct lengths (``protocol.LISTED_LENGTH_GROUPS``): the page shows
    #: their distribution instead of the list; None for a few.
    length_distribution: LengthDistributionAnswer | None


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


class CompareRowFigures(TypedDict):
    chunk_size: int
    overlap: int
    chunks: int
    tokens_processed: int
    over_tokens_share: str
    repeated_tokens: int
    padded_tokens: int
    #: With the model's input limit known: the row's chunks over it and the tokens they lose.
    chunks_over_limit: NotRequired[int]
    truncated_tokens: NotRequired[int]
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


class MostOverLimit(TypedDict):
    """The document whose chunks the model's limit cuts most."""

    document: int
    chunks: int
    truncated_tokens: int


class ModelLimitAnswer(TypedDict):
    """Chunks against the model's input limit (the command line's ``model_limit`` keys)."""

    max_input_tokens: int
    #: Tokens the model adds to every chunk (special tokens, a required prefix).
    added_tokens: int
    chunk_size: int
    chunks: int
    tokens_processed: int
    chunks_over_limit: int
    truncated_tokens: int
    fits: bool
    largest_chunk_size_within_limit: int
    #: chunks × added_tokens.
    added_tokens_total: int
    #: Tokens processed + added_tokens_total − truncated_tokens.
    tokens_embedded: int
    #: The plan at the largest size within the limit; None when the overlap is not below it.
    at_limit: AtLimit | None
    #: A splitter's chunks each counted in the model's own tokenizer (named here): the chunks
    #: and tokens above are in its tokens.
    measured_with: NotRequired[str]
    #: A splitter's plan: the documents with a chunk over the limit, and the one most cut
    #: (its place in the corpus's list, its chunks over and tokens cut; None when none is).
    documents_over_limit: NotRequired[int]
    most_over_limit: NotRequired[MostOverLimit | None]


class ModelSource(TypedDict):
    """Where one field of a model's preset was verified, and when."""

    field: str
    #: The addresses without their scheme: the page shows them as text, never as links.
    addresses: list[str]
    #: Their hosts, each once.
    hosts: list[str]
    #: The day it was checked, YYYY-MM-DD.
    checked: str


class ModelAnswer(TypedDict):
    """The model chosen in the form (``calculator._models.page_model``): what its card says
    (``None`` where it is not known), the form's fields it fills and which hold other values,
    and every field's sources."""

    name: str
    label: str
    dimensions: int
    dimension_sizes: list[int] | None
    #: A Matryoshka model shortened to any size up to this.
    dimension_max: int | None
    max_input_tokens: int
    special_tokens: list[str] | None
    prefix: str | None
    added_tokens: int | None
    #: A tokenizer id (``bert-base-uncased``, ``cl100k_base``, …) and how it was identified.
    tokenizer: str | None
    tokenizer_identified_by: str | None
    price_per_million: str | None
    currency: str | None
    deprecated: bool | None
    replaced_by: str | None
    #: The form's fields it fills, as machine texts.
    values: dict[str, str]
    #: Those of them whose value in the form is not the model's.
    differs: list[str]
    #: The fields this answer filled (a model just chosen), as machine texts.
    filled: dict[str, str]
    sources: list[ModelSource]
    #: The latest day any field was checked.
    checked: str


class TradeoffPointAnswer(TypedDict):
    """The corpus at one window of the trade-off's grid."""

    chunk_size: int
    overlap: int
    #: The index of its overlap share in ``TradeoffAnswer.series``.
    series: int
    chunks: int
    tokens_processed: int
    #: With dimensions: the raw vectors and the storage total (the chosen database's, else
    #: the generic formula's).
    raw_vector_bytes: NotRequired[int]
    raw_vector_size: NotRequired[SizeAnswer]
    storage_bytes: NotRequired[int]
    storage_size: NotRequired[SizeAnswer]
    #: With a model's limit: whether a chunk at this window is cut by it.
    over_limit: NotRequired[bool]
    #: A splitter's chunks, measured at this window (else the window model's, worked out).
    chunker: NotRequired[str]
    #: With a price: the one-time cost (decimal text).
    cost: NotRequired[str]
    current: bool


class TradeoffSeriesAnswer(TypedDict):
    """One overlap share of the grid: each point's overlap is ⌊chunk size × share⌋."""

    #: The share as decimal text ("0.125"), at most 6 places.
    share: str
    #: The current overlap's share (the current choice's series).
    current: bool


class StorageBreakdownAnswer(TypedDict):
    """The storage at one chunk size of the current overlap share, part by part: the parts
    add up to the total (replicas: the copies beyond the first)."""

    chunk_size: int
    overlap: int
    raw_vector_bytes: int
    raw_vector_size: NotRequired[SizeAnswer]
    hnsw_graph_bytes: int
    hnsw_graph_size: NotRequired[SizeAnswer]
    text_bytes: int
    text_size: NotRequired[SizeAnswer]
    metadata_bytes: int
    metadata_size: NotRequired[SizeAnswer]
    quantized_copy_bytes: int
    quantized_copy_size: NotRequired[SizeAnswer]
    replicas_bytes: int
    replicas_size: NotRequired[SizeAnswer]
    total_bytes: int
    total_size: NotRequired[SizeAnswer]
    current: bool


class TradeoffAnswer(TypedDict):
    """The corpus across chunk sizes and overlap shares (``calculator._tradeoff``)."""

    chunk_sizes: list[int]
    series: list[TradeoffSeriesAnswer]
    #: By series, then by chunk size.
    points: list[TradeoffPointAnswer]
    #: With dimensions: the storage's parts at each chunk size of the current series.
    breakdown: list[StorageBreakdownAnswer]
    dimensions: NotRequired[int]
    dtype: NotRequired[str]
    replicas: NotRequired[int]
    price_per_million: NotRequired[str]
    #: The database chosen: each point's storage is its (the breakdown stays the generic
    #: formula's parts).
    database: NotRequired[str]


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
    #: Only when asked (the command line's ``--tradeoff``, the page's panel once near).
    tradeoff: TradeoffAnswer | None


class Panels(TypedDict):
    main: PanelState
    compare: PanelState
    documents: PanelState
    budget: PanelState
    cost: PanelState
    reindex: PanelState
    storage: PanelState
    model_limit: PanelState
    tradeoff: PanelState


class ExportAnswer(TypedDict):
    """The plan and its trade-off as a file's text (``calculator._export``)."""

    format: Literal["markdown", "csv"]
    text: str


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
    #: The model chosen in the form; None for "custom" (or a name it does not know).
    model: ModelAnswer | None
    #: Asked with ``"tradeoff": true`` (else null, its panel "unused").
    tradeoff: TradeoffAnswer | None
    #: Asked with ``"export": {"format": ..., "words": {...}}``.
    export: NotRequired[ExportAnswer]
    #: A splitter's plan re-indexed at another window: that chunk size and overlap, where the
    #: documents must be split again (the request's ``resplit`` brings what it changes).
    split_again: NotRequired[list[int]]
    #: The link's query of the form, without "?", and its fragment, without "#" ("" for
    #: none): a long list of counts travels there (``calculator._list_link``).
    query: str
    fragment: str
    #: How the link carries the list: "" (in the query, or none), "ordered", "sorted" (exact
    #: figures, the order lost), "rounded" (a summary: every figure an estimate) or
    #: "too_long" (a list with a bad line, too long for a link: left out).
    list_link: ListForm
    #: Asked with a link: how its list came in its fragment ("" for none).
    list_came: NotRequired[ListForm]
    #: Asked with a link's query: the form's texts it gives.
    fields: NotRequired[dict[str, str]]
