"""The planning panels of the calculator's form: the comparison, the re-indexing, the
storage (as a database stores it), the model's input limit, the prompt budget and the price.

``evaluate_form`` (``_form.py``) reads the main form and calls :func:`plan_panels` unless it
is asked for the main form only: a page's first answer, which then needs none of these
modules (they come in the calculator's later zip, after that answer).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from .._budget import PromptBudget, prompt_budget
from .._choices import MAX_ROWS, ROW_FIELDS
from .._compare import (
    Comparison,
    Configuration,
    compare_configurations,
    default_configurations,
    default_row_notes,
    split_compare_spec,
)
from .._databases import DatabaseStorage, database_storage
from .._documents import CorpusPlan, Lengths
from .._errors import CalculatorError, shortened
from .._input_limit import InputLimit, input_limit
from .._reindex import (
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
from .._vectors import DTYPE_BITS, VectorSize
from ._fields import home_fields
from ._form import FormOutcome, SplitChunks, _FieldReader

_COMPARE_CELL = re.compile(r"compare\.(\d+)\.(\w+)")


def plan_panels(
    reader: _FieldReader,
    corpus: Lengths | None,
    plan: CorpusPlan | None,
    window: tuple[int, int] | None,
    *,
    main: tuple[int | None, str | int | None, VectorSize | None],
    split: SplitChunks | None,
) -> FormOutcome:
    """The form's outcome with every panel planned, after the main form's ``plan`` and
    ``main`` (its dimensions, representation and vectors): the panels' fields read in the
    form's order, so that each error is the first one found."""
    dimensions, representation, vectors = main
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
    given = _compare_cells(reader)
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
        _configuration(reader, index, row, dimensions, representation)
        for index, row in enumerate(rows)
    ]
    if corpus is None or not configurations or None in configurations:
        return None
    return compare_configurations(corpus, [row for row in configurations if row is not None])


def _compare_cells(reader: _FieldReader) -> list[Mapping[str, str]]:
    """Rows given as ``compare.<row>.<column>`` fields, else as a ``compare`` spec."""
    rows: dict[int, dict[str, str]] = {}
    for name, text in reader.fields.items():
        match = _COMPARE_CELL.fullmatch(name)
        if match and match[2] in ROW_FIELDS and int(match[1]) < MAX_ROWS:
            rows.setdefault(int(match[1]), {})[match[2]] = text
    if rows:
        return [rows[index] for index in sorted(rows)]
    if not reader.text("compare"):
        return []
    try:
        return list(split_compare_spec(reader.text("compare")))
    except CalculatorError as error:
        reader.refuse(error)
        return []


def _configuration(
    reader: _FieldReader,
    index: int,
    row: Mapping[str, str],
    dimensions: int | None,
    representation: str | int | None,
) -> Configuration | None:
    """Row ``index`` of the comparison; empty cells take the main form's values."""
    cells = _FieldReader(
        {f"compare.{index}.{key}": text for key, text in row.items()}, reader.number_format
    )
    window = cells.window(f"compare.{index}.chunk_size", f"compare.{index}.overlap")
    if cells.text(f"compare.{index}.dimensions"):
        dimensions = cells.whole(f"compare.{index}.dimensions", "dimensions")
    dtype = cells.text(f"compare.{index}.dtype")
    if dtype:
        representation = _row_representation(cells, f"compare.{index}.dtype", dtype)
    for error in cells.errors.values():
        reader.refuse(error)
    if window is None or cells.errors:
        return None
    return Configuration(*window, dimensions, representation or "float32")


def _row_representation(cells: _FieldReader, name: str, dtype: str) -> str | int | None:
    """A comparison row's representation: a dtype name or a custom byte count."""
    if dtype in DTYPE_BITS:
        return dtype
    if dtype.isascii() and dtype.isdigit():
        return cells.whole(name, "bytes_per_dimension")
    cells.refuse(CalculatorError(name, "unknown_choice", value=shortened(dtype)))
    return None
