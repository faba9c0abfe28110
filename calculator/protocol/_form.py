"""The calculator's form: typed texts in, per-field errors and every plan out.

Each field is read on its own so that each gets its own error; a panel is
planned only when the fields it needs are valid, and the last valid figures of
the others stay untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .._documents import CorpusPlan, Lengths, count_document_tokens, plan_corpus
from .._errors import CalculatorError, shortened
from .._record import record
from .._text import MACHINE, NumberFormat, parse_decimal, parse_whole_number
from .._vectors import CUSTOM_DTYPE, VectorSize, vector_size
from ._fields import FIELD_MINIMUMS, FIELDS, home_fields, shown

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._budget import PromptBudget
    from .._compare import Comparison
    from .._databases import DatabaseStorage
    from .._input_limit import InputLimit
    from .._reindex import MigrationSize, ReindexCase, ReindexPlan
    from .._storage import StorageSize
    from ._fields import Panel

_SIGNS = "+-\u2212"


@record
class FormOutcome:
    """Per-field ``errors`` and whatever could be planned from the valid fields."""

    errors: Mapping[str, CalculatorError]
    #: The corpus's plan, document by document (one document: the window model's figures).
    plan: CorpusPlan | None = None
    vectors: VectorSize | None = None
    budget: PromptBudget | None = None
    price_per_million: Fraction | None = None
    comparison: Comparison | None = None
    #: The comparison's rows as field texts (the defaults when none were given).
    compare_rows: tuple[Mapping[str, str], ...] = ()
    compare_is_default: bool = True
    #: What each default row shows ("current", "no_overlap", "double_overlap" or "").
    compare_notes: tuple[str, ...] = ()
    reindex: ReindexCase | None = None
    #: Raw sizes of the re-indexing, with the vector size of the main form.
    migration: MigrationSize | None = None
    storage: StorageSize | None = None
    #: The same storage as pgvector or Qdrant stores it (with ``database`` given).
    database_storage: DatabaseStorage | None = None
    model_limit: InputLimit | None = None
    #: The database chosen and its own inputs (name, index kind, IVFFlat lists, what Qdrant
    #: keeps on disk), to size any other storage as it stores it (the trade-off's points).
    database_choice: tuple[str, str, int, str] | None = None
    #: A splitter's plan re-indexed at another window it was not split at: that window.
    split_again_at: tuple[int, int] | None = None

    def database_bytes(self, storage: StorageSize) -> int:
        """``storage`` (another window's, say) as the chosen database stores it, in all."""
        from .._databases import database_storage  # noqa: PLC0415 (a panel's: not at start)

        assert self.database_choice is not None
        database, index_kind, lists, on_disk = self.database_choice
        return database_storage(
            database, storage.vectors, hnsw_m=storage.hnsw_m, index_kind=index_kind,
            lists=lists, text_bytes=storage.text_bytes, metadata_bytes=storage.metadata_bytes,
            replicas=storage.replicas, quantized=storage.quantized, on_disk=on_disk,
        ).total_bytes  # fmt: skip


@record
class SplitChunks:
    """A real splitter's chunks of the corpus, measured where its text is (the command
    line's ``--count --splitter``): with them the form plans the splitter's chunks, not the
    window model's."""

    #: The splitter's plan (:func:`calculator._documents.plan_split`) of the form's documents,
    #: chunk size and overlap.
    plan: CorpusPlan
    #: The same documents split again at the re-indexing's new chunk size and overlap, and
    #: what that changes (chunks reused where an old chunk had the same text).
    again: tuple[int, int, ReindexPlan] | None = None
    #: The same chunks each counted in the model's own tokenizer (its name, and the plan of
    #: those counts): what the model's input limit is checked against.
    fit: tuple[str, CorpusPlan] | None = None
    #: Each document's chunks' tokens, in the corpus's order, as the limit is checked in them
    #: (the model's counts with ``fit``): the limit's figures per document.
    documents: tuple[tuple[int, ...], ...] = ()


def evaluate_form(
    fields: Mapping[str, str],
    number_format: NumberFormat = MACHINE,
    split: SplitChunks | None = None,
    lengths: Lengths | None = None,
    *,
    panels: bool = True,
) -> FormOutcome:
    """Validate every field at once, so each gets its own error, then plan; ``lengths``
    (document tokens, how many) are the list's documents where given, not its text.

    Missing fields count as empty; an empty ``dimensions`` means no vector
    figures; an empty ``price_per_million`` means no cost.  Without ``panels``, the main
    form only (its fields' errors, the plan and the vectors): a page's first answer.

    >>> outcome = evaluate_form({"tokens": "8.000", "chunk_size": "512", "overlap": "64",
    ...                          "dimensions": "384", "dtype": "float32"},
    ...                         NumberFormat(group=".", decimal=","))
    >>> outcome.plan.chunks, outcome.vectors.raw_bytes
    (18, 27648)
    >>> outcome = evaluate_form({"tokens": "x", "chunk_size": "512", "overlap": "512"})
    >>> {name: error.key for name, error in outcome.errors.items()}
    {'tokens': 'not_a_number', 'overlap': 'overlap_not_below_chunk_size'}
    """
    reader = _FieldReader(fields, number_format, lengths)
    reader.choice("model")  # a name it does not know gets its error; the fields hold the values
    corpus = reader.corpus()
    window = reader.window("chunk_size", "overlap")
    dimensions = reader.whole("dimensions") if reader.text("dimensions") else None
    representation = reader.representation("dtype", "bytes_per_dimension")
    plan = None if corpus is None or window is None else plan_corpus(corpus, *window)
    if plan is not None and split is not None:
        plan = _split_plan(plan, split)
    vectors = None
    if plan is not None and dimensions is not None and representation is not None:
        vectors = vector_size(plan.chunks, dimensions, representation)
    if not panels:
        return FormOutcome(errors=reader.errors, plan=plan, vectors=vectors)
    # Imported here: a page's first answer plans the main form only (its panels follow).
    from ._panel_form import plan_panels  # noqa: PLC0415

    return plan_panels(
        reader, corpus, plan, window, main=(dimensions, representation, vectors), split=split
    )


def _split_plan(plan: CorpusPlan, split: SplitChunks) -> CorpusPlan:
    """The splitter's plan in place of the window model's, for the same documents and window."""
    given = split.plan
    if (given.lengths, given.chunk_size, given.overlap) != (
        plan.lengths, plan.chunk_size, plan.overlap
    ):  # fmt: skip
        raise ValueError("the splitter's chunks are of other documents or another window")
    return given


class _FieldReader:
    """Reads fields one by one, collecting errors instead of stopping at the first."""

    def __init__(
        self, fields: Mapping[str, str], number_format: NumberFormat, lengths: Lengths | None = None
    ) -> None:
        self._fields = fields
        self._number_format = number_format
        # A list's documents given as their lengths (the command line's corpus too large to
        # list a line each): in place of the pasted list.
        self._lengths = lengths
        self.errors: dict[str, CalculatorError] = {}

    @property
    def fields(self) -> Mapping[str, str]:
        return self._fields

    @property
    def number_format(self) -> NumberFormat:
        return self._number_format

    def text(self, name: str) -> str:
        return self._fields.get(name, "").strip()

    def in_use(self, panel: Panel) -> bool:
        """Whether any of ``panel``'s own fields is filled in: a panel left empty is not
        in use, and none of its fields is an error."""
        return any(self.text(name) for name in home_fields(panel))

    def shown(self, name: str) -> bool:
        """Whether field ``name`` is in use under the form's choices (``_fields.shown``, the
        one rule, on the texts as ``choice`` reads them)."""
        return shown(name, {chooser: self.text(chooser) for chooser, _ in FIELDS[name].conditions})

    def refuse(self, error: CalculatorError) -> None:
        self.errors.setdefault(error.field, error)

    def whole(self, name: str, minimum_of: str | None = None) -> int | None:
        minimum = FIELD_MINIMUMS[minimum_of or name]
        try:
            return parse_whole_number(name, self.text(name), self._number_format, minimum)
        except CalculatorError as error:
            self.refuse(error)
            return None

    def corpus(self) -> Lengths | None:
        """The corpus the ``corpus`` choice names, as (document tokens, how many) pairs: one
        document of ``tokens``, ``documents`` of ``average_tokens`` each, or the pasted list."""
        mode = self.choice("corpus")
        if mode == "documents":
            documents, average = self.whole("documents"), self.whole("average_tokens")
            return None if documents is None or average is None else ((average, documents),)
        if mode == "list":
            return self.document_tokens()
        if mode is None:
            return None
        tokens = self.whole("tokens")
        return None if tokens is None else ((tokens, 1),)

    def window(self, size_field: str, overlap_field: str) -> tuple[int, int] | None:
        """Chunk size and overlap, checking overlap < chunk size."""
        size = self.whole(size_field, "chunk_size")
        overlap = self.whole(overlap_field, "overlap")
        if size is None or overlap is None:
            return None
        if overlap >= size:
            self.refuse(
                CalculatorError(
                    overlap_field, "overlap_not_below_chunk_size", overlap=overlap, chunk_size=size
                )
            )
            return None
        return size, overlap

    def choice(self, name: str) -> str | None:
        """One of the field's declared choices; "" when it is empty and has no default."""
        field = FIELDS[name]
        value = self.text(name) or field.default
        if value and value not in field.choices:
            self.refuse(CalculatorError(name, "unknown_choice", value=shortened(value)))
            return None
        return value

    def representation(self, dtype_field: str, bytes_field: str) -> str | int | None:
        """The dtype name, or the custom byte count when dtype is "custom"."""
        dtype = self.choice(dtype_field)
        if dtype == CUSTOM_DTYPE:
            return self.whole(bytes_field, "bytes_per_dimension")
        return dtype

    def signed(self, name: str) -> int | None:
        """A whole number that may carry a sign: ``-300`` deletes, ``+300`` inserts."""
        text = self.text(name)
        sign = text[:1] if text[:1] and text[:1] in _SIGNS else ""
        body = text[len(sign) :]
        try:
            if body[:1] and body[:1] in _SIGNS:
                raise CalculatorError(name, "not_a_number")
            magnitude = parse_whole_number(name, body, self._number_format, 0)
        except CalculatorError as error:
            self.refuse(error)
            return None
        return -magnitude if sign and sign != "+" else magnitude

    def decimal(self, name: str) -> Fraction | None:
        try:
            return parse_decimal(name, self.text(name), self._number_format)
        except CalculatorError as error:
            self.refuse(error)
            return None

    def price(self, name: str) -> Fraction | None:
        if not self.text(name):
            return None
        from .._cost import parse_price  # noqa: PLC0415 (a panel's: not at start)

        try:
            return parse_price(self.text(name), self._number_format)
        except CalculatorError as error:
            self.refuse(error)
            return None

    def document_tokens(self) -> tuple[tuple[int, int], ...] | None:
        """The pasted list as (length, number of documents) pairs."""
        if self._lengths is not None:
            return self._lengths
        try:
            return count_document_tokens(
                self._fields.get("document_tokens", ""), self._number_format
            )
        except CalculatorError as error:
            self.refuse(error)
            return None
