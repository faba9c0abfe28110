"""The answer's sections of plain figures: the plan, its documents, the budget, the cost,
the comparison and the re-indexing, each typed once (``calculator.protocol._answer``
assembles them with the panels' sections into the page's answer).  Only the checkers, and
tools/answer_types.py, import this module.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias, TypedDict

#: fresh: figures for the current inputs; stale: a field it depends on is invalid, so the
#: last figures stay, marked out of date; unused: its fields are empty, nothing to show.
PanelState = Literal["fresh", "stale", "unused"]
#: A re-indexing question (``calculator._reindex.REINDEX_KINDS``, the form's choices).
ReindexKind: TypeAlias = Literal["settings", "edit", "documents", "model"]
#: How a list of counts travels in a link (``calculator.protocol._list_link``, ``_query.Link``).
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
    """What the chunk map draws (``calculator.protocol._chunk_map``): one document's windows."""

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


class PresetFigures(TypedDict):
    """What a model's preset knows, as the command line's JSON and the page's model card both
    give it (``calculator._models.preset_figures``; ``None`` where it is not known)."""

    name: str
    label: str
    dimensions: int
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
