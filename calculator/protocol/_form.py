"""The calculator's form: typed texts in, per-field errors and every plan out.

Each field is read on its own so that each gets its own error; a panel is
planned only when the fields it needs are valid, and the last valid figures of
the others stay untouched.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from .._budget import PromptBudget, prompt_budget
from .._compare import (
    MAX_ROWS,
    ROW_FIELDS,
    Comparison,
    Configuration,
    compare_configurations,
    default_configurations,
    default_row_notes,
    split_compare_spec,
)
from .._cost import parse_price
from .._databases import DatabaseStorage, database_storage
from .._documents import CorpusPlan, Lengths, count_document_tokens, plan_corpus
from .._errors import CalculatorError, shortened
from .._input_limit import InputLimit, input_limit
from .._record import record
from .._reindex import (
    MigrationSize,
    ReindexCase,
    ReindexPlan,
    corpus_settings_change,
    documents_change,
    edit_change,
    migration_size,
    reindex_kind,
    unchanged,
    windows_ending_by,
)
from .._storage import DEFAULT_HNSW_M, StorageSize, storage_size
from .._text import MACHINE, NumberFormat, parse_decimal, parse_whole_number
from .._vectors import CUSTOM_DTYPE, DTYPE_BITS, VectorSize, vector_size
from ._fields import FIELD_MINIMUMS, FIELDS, home_fields, shown

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._fields import Panel

_SIGNS = "+-\u2212"
_COMPARE_CELL = re.compile(r"compare\.(\d+)\.(\w+)")


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
) -> FormOutcome:
    """Validate every field at once, so each gets its own error, then plan; ``lengths``
    (document tokens, how many) are the list's documents where given, not its text.

    Missing fields count as empty; an empty ``dimensions`` means no vector
    figures; an empty ``price_per_million`` means no cost.

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
    rows, rows_given, notes = _compare_rows(reader, window, dimensions, representation)
    reindex = _reindex(reader, plan, window, None if split is None else split.again)
    storage = _storage(reader, plan, vectors)
    database = _database_storage(reader, storage)
    refused = reader.errors.get("reindex_mode")
    split_again_at = None
    if refused is not None and refused.key == "needs_split_again":
        split_again_at = reader.window("new_chunk_size", "new_overlap")
    return FormOutcome(
        errors=reader.errors,
        plan=plan,
        vectors=vectors,
        budget=_budget(reader, window),
        price_per_million=reader.price("price_per_million"),
        comparison=_comparison(reader, corpus, rows, dimensions, representation),
        compare_rows=tuple(rows),
        compare_is_default=not rows_given,
        compare_notes=tuple(notes),
        reindex=reindex,
        migration=None
        if reindex is None or vectors is None
        else migration_size(reindex.plan, vectors.bytes_per_vector),
        storage=storage,
        database_storage=None if database is None else database[0],
        database_choice=None if database is None else database[1],
        split_again_at=split_again_at,
        model_limit=_model_limit(reader, plan, split),
    )


def _settings_change(
    plan: CorpusPlan,
    window: tuple[int, int],
    new_window: tuple[int, int],
    again: tuple[int, int, ReindexPlan] | None,
) -> ReindexPlan:
    """The corpus split again at ``new_window``: worked out for the window model; for a
    splitter's chunks, only splitting tells, so ``again`` brings what it found."""
    if not plan.measured:
        return corpus_settings_change(plan.lengths, *window, *new_window)
    if again is None or again[:2] != new_window:
        raise CalculatorError("reindex_mode", "needs_split_again")
    return again[2]


def _split_plan(plan: CorpusPlan, split: SplitChunks) -> CorpusPlan:
    """The splitter's plan in place of the window model's, for the same documents and window."""
    given = split.plan
    if (given.lengths, given.chunk_size, given.overlap) != (
        plan.lengths, plan.chunk_size, plan.overlap
    ):  # fmt: skip
        raise ValueError("the splitter's chunks are of other documents or another window")
    return given


def _reindex(
    reader: _FieldReader,
    plan: CorpusPlan | None,
    window: tuple[int, int] | None,
    again: tuple[int, int, ReindexPlan] | None = None,
) -> ReindexCase | None:
    """Re-embedding after a new split, an edit, changed documents or a new model of the
    corpus, each document on its own.  A new split or a new model changes every document; an
    edit or changed documents are planned for documents of one length (K of D, the edit in
    each), as a list of lengths does not say which documents changed."""
    if not reader.text("reindex_mode"):
        return None  # not asked (the page always sends its choice; the command line may not)
    mode = reader.choice("reindex_mode")
    if not mode:
        return None
    new_model = reader.choice("new_model") == "yes"
    new_window = reader.window("new_chunk_size", "new_overlap") if mode == "settings" else None
    edit_at = reader.whole("edit_at") if mode == "edit" else None
    edit_tokens = reader.signed("edit_tokens") if mode == "edit" else None
    changed = reader.whole("changed_documents") if reader.text("changed_documents") else None
    if mode == "documents" and changed is None and "changed_documents" not in reader.errors:
        reader.refuse(CalculatorError("changed_documents", "empty"))
    if plan is None or window is None or reader.errors.keys() & set(home_fields("reindex")):
        return None
    documents = plan.documents
    try:
        if mode == "settings":
            assert new_window is not None
            change = _settings_change(plan, window, new_window, again)
        elif mode == "model":
            change = unchanged(plan)
        else:
            document = plan.document
            if document is None:
                raise CalculatorError("reindex_mode", "needs_equal_documents")
            each = None
            if mode == "edit":
                assert edit_at is not None and edit_tokens is not None
                each = edit_change(document.tokens, *window, edit_at, edit_tokens)
            if documents == 1 and changed is None and each is not None:
                change = each
            else:
                # An edit without a number of documents is in one of them.
                count = 1 if changed is None else changed
                change = documents_change(documents, count, document, each)
    except CalculatorError as error:
        reader.refuse(error)
        return None
    edit = None if edit_at is None or edit_tokens is None else (edit_at, edit_tokens)
    affected = documents if mode in {"settings", "model"} else 1 if changed is None else changed
    return ReindexCase(
        kind=reindex_kind(mode),
        plan=change.with_new_model() if new_model or mode == "model" else change,
        new_model=new_model or mode == "model",
        new_window=new_window,
        edit=edit,
        documents=None if documents == 1 and changed is None else (documents, affected),
        kept_before_edit=0 if edit is None else windows_ending_by(edit[0], *window),
    )


def _storage(
    reader: _FieldReader, plan: CorpusPlan | None, vectors: VectorSize | None
) -> StorageSize | None:
    """Graph, text, metadata, a quantized copy and replicas on top of the raw vectors."""
    if not reader.in_use("storage"):
        return None
    if not reader.text("dimensions"):
        # Without vectors there is nothing to size, and dimensions may be left empty on
        # purpose: the page sends its storage fields all the time, and an edit of one of them
        # must not put an error on the main form.  (The command line refuses storage flags
        # without --dimensions before it gets here.)
        return None
    hnsw_m = reader.whole("hnsw_m") if reader.text("hnsw_m") else DEFAULT_HNSW_M
    metadata = reader.whole("metadata_bytes") if reader.text("metadata_bytes") else 0
    replicas = reader.whole("replicas") if reader.text("replicas") else 1
    per_token = (
        reader.decimal("text_bytes_per_token") if reader.text("text_bytes_per_token") else None
    )
    quantized = None
    if reader.text("quantized_dtype"):
        quantized = reader.choice("quantized_dtype")
    if plan is None or vectors is None or hnsw_m is None or metadata is None or replicas is None:
        return None
    if reader.errors.keys() & {"text_bytes_per_token", "quantized_dtype"}:
        return None
    return storage_size(
        vectors,
        plan.tokens_processed,
        hnsw_m=hnsw_m,
        metadata_bytes=metadata,
        text_bytes_per_token=Fraction(0) if per_token is None else per_token,
        replicas=replicas,
        quantized=quantized,
    )


def _database_storage(
    reader: _FieldReader, storage: StorageSize | None
) -> tuple[DatabaseStorage, tuple[str, str, int, str]] | None:
    """The storage as pgvector or Qdrant stores it, when ``database`` names one of them, and
    the choice with its own inputs."""
    database = reader.choice("database") if reader.text("database") else None
    if database is None or database == "generic" or not reader.text("dimensions"):
        return None
    # Each database's own fields, read only under its choice: the page keeps (and sends) the
    # others as they were typed, for when the visitor comes back to that database.
    index_kind = reader.choice("index_kind") if reader.shown("index_kind") else "hnsw"
    lists = reader.whole("lists") if reader.shown("lists") and reader.text("lists") else 100
    on_disk = reader.choice("on_disk") if reader.shown("on_disk") else "none"
    if storage is None or not index_kind or lists is None or not on_disk:
        return None
    try:
        stored = database_storage(
            database, storage.vectors, hnsw_m=storage.hnsw_m, index_kind=index_kind,
            lists=lists, text_bytes=storage.text_bytes, metadata_bytes=storage.metadata_bytes,
            replicas=storage.replicas, quantized=storage.quantized, on_disk=on_disk,
        )  # fmt: skip
        return stored, (database, index_kind, lists, on_disk)
    except CalculatorError as error:
        reader.refuse(error)
        return None


def _model_limit(
    reader: _FieldReader, plan: CorpusPlan | None, split: SplitChunks | None = None
) -> InputLimit | None:
    if not reader.in_use("model_limit"):
        return None
    limit = reader.whole("max_input_tokens")
    added = reader.whole("added_tokens") if reader.text("added_tokens") else 0
    if limit is None or added is None or plan is None:
        return None
    try:
        documents = () if split is None else split.documents
        if split is not None and split.fit is not None:  # the chunks as the model counts them
            return input_limit(split.fit[1], limit, added, split.fit[0], documents)
        return input_limit(plan, limit, added, documents=documents)
    except CalculatorError as error:  # the added tokens leave no room for the text
        reader.refuse(error)
        return None


def _budget(reader: _FieldReader, window: tuple[int, int] | None) -> PromptBudget | None:
    if not reader.in_use("budget"):
        return None
    top_k, context, reserved, answer = (reader.whole(name) for name in home_fields("budget"))
    if top_k is None or context is None or reserved is None or answer is None or window is None:
        return None
    return prompt_budget(top_k, window[0], context, reserved, answer)


def _compare_rows(
    reader: _FieldReader,
    window: tuple[int, int] | None,
    dimensions: int | None,
    representation: str | int | None,
) -> tuple[list[Mapping[str, str]], bool, list[str]]:
    """The rows as texts (given cells, a ``compare`` spec, or the default rows), whether
    they were given, and the default rows' notes."""
    given = reader.compare_cells()
    if given:
        return given, True, []
    if window is None:
        return [], False, []
    current = Configuration(*window, dimensions, representation or "float32")
    rows = default_configurations(current)
    return [_cells(row) for row in rows], False, default_row_notes(rows)


def _cells(configuration: Configuration) -> dict[str, str]:
    dimensions = configuration.dimensions
    return {
        "chunk_size": str(configuration.chunk_size),
        "overlap": str(configuration.overlap),
        "dimensions": "" if dimensions is None else str(dimensions),
        "dtype": str(configuration.representation),
    }


def _comparison(
    reader: _FieldReader,
    corpus: Lengths | None,
    rows: list[Mapping[str, str]],
    dimensions: int | None,
    representation: str | int | None,
) -> Comparison | None:
    configurations = [
        reader.configuration(index, row, dimensions, representation)
        for index, row in enumerate(rows)
    ]
    if corpus is None or not configurations or None in configurations:
        return None
    return compare_configurations(corpus, [row for row in configurations if row is not None])


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

    def compare_cells(self) -> list[Mapping[str, str]]:
        """Rows given as ``compare.<row>.<column>`` fields, else as a ``compare`` spec."""
        rows: dict[int, dict[str, str]] = {}
        for name, text in self._fields.items():
            match = _COMPARE_CELL.fullmatch(name)
            if match and match[2] in ROW_FIELDS and int(match[1]) < MAX_ROWS:
                rows.setdefault(int(match[1]), {})[match[2]] = text
        if rows:
            return [rows[index] for index in sorted(rows)]
        if not self.text("compare"):
            return []
        try:
            return list(split_compare_spec(self.text("compare")))
        except CalculatorError as error:
            self.refuse(error)
            return []

    def configuration(
        self,
        index: int,
        row: Mapping[str, str],
        dimensions: int | None,
        representation: str | int | None,
    ) -> Configuration | None:
        """Row ``index`` of the comparison; empty cells take the main form's values."""
        cells = _FieldReader(
            {f"compare.{index}.{key}": text for key, text in row.items()}, self._number_format
        )
        window = cells.window(f"compare.{index}.chunk_size", f"compare.{index}.overlap")
        if cells.text(f"compare.{index}.dimensions"):
            dimensions = cells.whole(f"compare.{index}.dimensions", "dimensions")
        dtype = cells.text(f"compare.{index}.dtype")
        if dtype:
            representation = cells.row_representation(f"compare.{index}.dtype", dtype)
        for error in cells.errors.values():
            self.refuse(error)
        if window is None or cells.errors:
            return None
        return Configuration(*window, dimensions, representation or "float32")

    def row_representation(self, name: str, dtype: str) -> str | int | None:
        """A comparison row's representation: a dtype name or a custom byte count."""
        if dtype in DTYPE_BITS:
            return dtype
        if dtype.isascii() and dtype.isdigit():
            return self.whole(name, "bytes_per_dimension")
        self.refuse(CalculatorError(name, "unknown_choice", value=shortened(dtype)))
        return None
