"""The plan's figures as the calculator builds them, and the page's answer around them.

``calculator.protocol._report`` builds every section with these types and the command line
prints them as JSON; ``respond`` sends the same sections to the page with every ``int`` as
its decimal string (JavaScript numbers lose digits past 2**53), and beside each sized byte
count its figures in units (the ``*_size`` keys).  tools/answer_types.py writes the
TypeScript the page's script is checked against from this module, ints as strings, so a key
renamed on either side fails a check instead of a visitor.  Only the checkers import this module.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ._figures import (
    Budget,
    Compare,
    ComparisonFiguresAnswer,
    Cost,
    DocumentsAnswer,
    FieldError,
    ListForm,
    PanelState,
    PresetFigures,
    ReindexAnswer,
    ResultAnswer,
    SizeAnswer,
)


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


class ModelAnswer(PresetFigures):
    """The model chosen in the form (``calculator.protocol._model_fields.page_model``): what
    its card says (``None`` where it is not known), the form's fields it fills and which hold
    other values, and every field's sources."""

    dimension_sizes: list[int] | None
    #: A Matryoshka model shortened to any size up to this.
    dimension_max: int | None
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
    #: Retrieval measured at this window on the visitor's sample: each measure (the names of
    #: calculator/_retrievers.py MEASURES) as decimal text, six places.
    retrieval: NotRequired[dict[str, str]]
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
    """The plan and its trade-off as a file's text (``calculator.protocol._export``)."""

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
    #: none): a long list of counts travels there (``calculator.protocol._list_link``).
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
    #: Asked with ``"first": true`` (a page's first request): true, the main result only, every
    #: panel null and "unused"; the page's next request brings them.
    later: NotRequired[bool]
