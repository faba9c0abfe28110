"""Storage as a database stores it: pgvector's pages or Qdrant's parts, each with its formula.

Beside the generic formula (``_storage.py``), ``database_storage`` sizes the same vectors as
pgvector (``_pgvector.py``) or Qdrant (``_qdrant.py``) lay them out, and says every part as
data: its bytes, its formula (a catalog key and its figures, worded by each language's
catalog, the command line's by the English one), its source (a file of the database's
source or a page of its documentation) and whether it is an estimate.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ._choices import INDEX_KINDS
from ._errors import CalculatorError, english_catalog
from ._integers import ceil_div
from ._pgvector import (
    BLOCK_BYTES,
    ID_TYPES,
    PGVECTOR_TYPES,
    TOAST_MAX_CHUNK_BYTES,
    TOAST_POINTER_BYTES,
    TOAST_TUPLE_THRESHOLD,
    TUPLE_HEADER_BYTES,
    PgvectorSize,
    pgvector_size,
)
from ._qdrant import QDRANT_DATATYPES, QdrantSize, qdrant_size
from ._record import record
from ._vectors import VectorSize

# Each part's formula as a catalog key (``storage.db.formula.<key>``) and the figures it is
# filled with, in every language's catalog: the command line words it from the English one
# (``StoragePart.formula``), the page from its own.  A figure named ``pages`` is a count of
# pages (said with the catalogs' ``plural.pages``); the others are whole numbers or the
# database's own names (types, datatypes), said as they are.  tests/test_locales.py holds
# every catalog to exactly these placeholders.
FORMULA_PARAMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "heap": ("rows", "per_page", "page", "row", "header", "id", "type", "dimensions", "value"),
        "heap_toasted": (
            "rows", "per_page", "page", "row", "header", "id", "type", "dimensions", "value",
            "pointer", "threshold",
        ),
        "toast": ("pages", "page", "chunks", "chunk"),
        "toast_index": ("pages", "page", "items"),
        "primary_key": ("pages", "page", "rows"),
        "hnsw_index": ("pages", "page", "element", "neighbor", "m", "upper", "layers"),
        "ivfflat_index": ("pages", "page", "lists", "list_tuple", "entry", "per_list"),
        "text": (),
        "metadata": (),
        "qdrant_vectors": ("points", "replicas", "dimensions", "per_dimension", "datatype"),
        "qdrant_hnsw": ("points", "replicas", "m", "m_less_one"),
        "qdrant_quantized": ("points", "replicas", "per_vector", "dtype"),
        "qdrant_payload": ("replicas", "payload"),
        "qdrant_id_tracker": ("points", "replicas"),
    }
)  # fmt: skip
#: Where each formula comes from (a page of the database's documentation or a file of its
#: source), named by the catalogs' ``storage.db.source.<key>``.
SOURCES = (
    "pg_page_layout",
    "pg_toast",
    "pg_btree",
    "pgvector_hnsw",
    "pgvector_ivfflat",
    "qdrant_capacity",
    "qdrant_hnsw",
    "generic",
)
#: Every part a database's storage may have, by its key in the command line's JSON.
PARTS = (
    "heap_bytes",
    "toast_bytes",
    "toast_index_bytes",
    "primary_key_bytes",
    "index_bytes",
    "text_bytes",
    "metadata_bytes",
    "vector_bytes",
    "hnsw_bytes",
    "quantized_bytes",
    "payload_bytes",
    "id_tracker_bytes",
)
#: Where a Qdrant part is kept: in RAM (and persisted on disk), or on disk only.
WHERE = ("ram and disk", "disk")

# The representations each database stores, as ids (the catalogs word them: ``dtype.<id>``).
_PGVECTOR_STORES = ", ".join(PGVECTOR_TYPES)
_QDRANT_STORES = ", ".join(QDRANT_DATATYPES)
#: Each database's own name, as a sentence names it ("Qdrant", not the id "qdrant").
DATABASE_NAMES: Mapping[str, str] = MappingProxyType({"pgvector": "pgvector", "qdrant": "Qdrant"})


@record
class StoragePart:
    """One part of a database's storage: bytes, formula, source, and whether estimated."""

    name: str
    bytes: int
    #: The formula: its catalog key (one of ``FORMULA_PARAMS``) and its figures, by name.
    formula_key: str
    formula_params: tuple[tuple[str, int | str], ...]
    #: Where the formula comes from: one of ``SOURCES``.
    source_key: str
    estimate: bool
    #: Qdrant: one of ``WHERE``; pgvector: "" (every page is on disk).
    where: str = ""

    @property
    def formula(self) -> str:
        """The formula in English with its figures, as the command line says it."""
        return english_formula(self.formula_key, dict(self.formula_params))

    @property
    def source(self) -> str:
        """The source in English, as the command line names it."""
        text = english_catalog().get(f"storage.db.source.{self.source_key}")
        return text if isinstance(text, str) else self.source_key


def english_formula(key: str, params: Mapping[str, int | str]) -> str:
    """Formula ``key`` in the English catalog's words, its figures with thousands' commas.

    >>> english_formula("primary_key", {"pages": 1, "page": 8192, "rows": 0})
    '1 page × 8,192: a B-tree of 0 ids, 20 bytes each, pages split at 90 %'
    """
    catalog = english_catalog()
    text = catalog.get(f"storage.db.formula.{key}")
    if not isinstance(text, str):  # a copy of the package without its catalog
        return " ".join([key, *(f"{name}={value}" for name, value in params.items())])
    shown = {name: _english_figure(name, value, catalog) for name, value in params.items()}
    # The page keeps a number and its unit on one line; a terminal wraps where it wraps.
    return text.format(**shown).replace("\u00a0", " ")


def _english_figure(name: str, value: int | str, catalog: Mapping[str, object]) -> str:
    if isinstance(value, str):
        return value
    figure = f"{value:,}"
    forms = catalog.get("plural.pages")
    if name == "pages" and isinstance(forms, dict):
        form = forms["zero" if value == 0 else "one" if value == 1 else "other"]
        return str(form).replace("{count}", figure)
    return figure


@record
class DatabaseStorage:
    """The parts of one database's storage and their total; see :func:`database_storage`."""

    database: str
    parts: tuple[StoragePart, ...]
    replicas: int
    total_bytes: int
    #: Qdrant only: the parts kept in RAM (the others are on disk only).
    ram_bytes: int | None
    size: PgvectorSize | QdrantSize


def database_type(database: str, dtype: str) -> str:
    """The database's own name for our representation ``dtype``, or an error saying so.

    >>> database_type("pgvector", "float16"), database_type("qdrant", "int8")
    ('halfvec', 'uint8')
    >>> database_type("pgvector", "int8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: database: pgvector cannot store int8 vectors; choose ...
    """
    if database == "pgvector" and dtype in PGVECTOR_TYPES:
        return PGVECTOR_TYPES[dtype]
    if database == "qdrant" and dtype in QDRANT_DATATYPES:
        return QDRANT_DATATYPES[dtype][0]
    supported = _PGVECTOR_STORES if database == "pgvector" else _QDRANT_STORES
    raise CalculatorError(
        "database",
        "dtype_not_stored",
        value=dtype,
        database=DATABASE_NAMES.get(database, database),
        supported=supported,
    )


def database_storage(
    database: str,
    vectors: VectorSize,
    *,
    hnsw_m: int = 16,
    index_kind: str = "hnsw",
    lists: int = 100,
    text_bytes: int = 0,
    metadata_bytes: int = 0,
    replicas: int = 1,
    quantized: VectorSize | None = None,
    on_disk: str = "none",
) -> DatabaseStorage:
    """``vectors`` (with their chunks' text and metadata) as ``database`` stores them.

    >>> from calculator import vector_size
    >>> size = database_storage("pgvector", vector_size(3000, 384))
    >>> [(part.name, part.bytes) for part in size.parts][:3]
    [('heap_bytes', 4915200), ('toast_index_bytes', 8192), ('primary_key_bytes', 90112)]
    >>> size.total_bytes
    11165696
    """
    if database not in ("pgvector", "qdrant"):
        raise CalculatorError("database", "unknown_choice", value=database)
    if index_kind not in INDEX_KINDS:
        raise CalculatorError("index_kind", "unknown_choice", value=index_kind)
    if database == "qdrant" and index_kind != "hnsw":
        raise CalculatorError("index_kind", "unknown_choice", value=index_kind)
    kind = database_type(database, vectors.dtype)
    extra = _payload_parts(database, text_bytes, metadata_bytes)
    if database == "pgvector":
        size = pgvector_size(
            vectors.vectors,
            vectors.dimensions,
            kind,
            index=index_kind,
            hnsw_m=hnsw_m,
            lists=lists,
        )
        parts = (*_pgvector_parts(size), *extra)
        total = replicas * sum(part.bytes for part in parts)
        return DatabaseStorage(database, parts, replicas, total, None, size)
    copy = 0 if quantized is None else quantized.bytes_per_vector
    qsize = qdrant_size(
        vectors.vectors,
        vectors.dimensions,
        vectors.dtype,
        hnsw_m=hnsw_m,
        payload_bytes=text_bytes + metadata_bytes,
        quantized_bytes_per_vector=copy,
        replicas=replicas,
        on_disk=on_disk,
    )
    return DatabaseStorage(
        database,
        _qdrant_parts(qsize, quantized),
        replicas,
        qsize.total_bytes,
        qsize.ram_bytes,
        qsize,
    )


def _payload_parts(database: str, text_bytes: int, metadata_bytes: int) -> tuple[StoragePart, ...]:
    """pgvector: the chunks' text and metadata, sized by the generic formula (the row layout
    models the id and the vector only); Qdrant counts them as its payload."""
    if database != "pgvector":
        return ()
    parts = []
    if text_bytes:
        parts.append(StoragePart("text_bytes", text_bytes, "text", (), "generic", estimate=True))
    if metadata_bytes:
        parts.append(
            StoragePart("metadata_bytes", metadata_bytes, "metadata", (), "generic", estimate=False)
        )
    return tuple(parts)


_Params = tuple[tuple[str, int | str], ...]


def _pgvector_parts(size: PgvectorSize) -> list[StoragePart]:
    n, page = size.vectors, ("page", BLOCK_BYTES)
    value = (
        ("type", size.type_name), ("dimensions", size.dimensions), ("value", size.value_bytes)
    )  # fmt: skip
    rows = (("rows", n), ("per_page", size.rows_per_page), page)
    header = (("header", TUPLE_HEADER_BYTES), ("id", ID_TYPES[size.id_type]))
    heap: _Params = (*rows, ("row", size.row_bytes), *header, *value)
    if size.toasted:
        pointer = (("pointer", TOAST_POINTER_BYTES), ("threshold", TOAST_TUPLE_THRESHOLD))
        heap = (*rows, ("row", size.heap_row_bytes), *header, *value, *pointer)
    heap_key = "heap_toasted" if size.toasted else "heap"
    parts = [
        StoragePart("heap_bytes", size.heap_bytes, heap_key, heap, "pg_page_layout", estimate=False)
    ]
    if size.toasted:
        toast = (
            ("pages", size.toast_pages), page, ("chunks", size.toast_chunks_per_value),
            ("chunk", TOAST_MAX_CHUNK_BYTES),
        )  # fmt: skip
        parts.append(
            StoragePart("toast_bytes", size.toast_bytes, "toast", toast, "pg_toast", estimate=True)
        )
    if size.toast_index_pages:
        chunks = n * size.toast_chunks_per_value
        items = (("pages", size.toast_index_pages), page, ("items", chunks))
        parts.append(
            StoragePart(
                "toast_index_bytes", size.toast_index_bytes, "toast_index", items, "pg_btree",
                estimate=True,
            )
        )  # fmt: skip
    ids = (("pages", size.primary_key_pages), page, ("rows", n))
    parts.append(
        StoragePart(
            "primary_key_bytes", size.primary_key_bytes, "primary_key", ids, "pg_btree",
            estimate=True,
        )
    )  # fmt: skip
    if size.index == "hnsw":
        hnsw = (
            ("pages", size.index_pages), page, ("element", size.element_tuple_bytes),
            ("neighbor", size.neighbor_tuple_bytes), ("m", size.hnsw_m),
            ("upper", size.upper_layer_elements), ("layers", size.expected_layers),
        )  # fmt: skip
        parts.append(
            StoragePart(
                "index_bytes", size.index_bytes, "hnsw_index", hnsw, "pgvector_hnsw", estimate=True
            )
        )
    elif size.index == "ivfflat":
        ivfflat = (
            ("pages", size.index_pages), page, ("lists", size.lists),
            ("list_tuple", size.list_tuple_bytes), ("entry", size.index_tuple_bytes),
            ("per_list", ceil_div(n, size.lists)),
        )  # fmt: skip
        parts.append(
            StoragePart(
                "index_bytes", size.index_bytes, "ivfflat_index", ivfflat, "pgvector_ivfflat",
                estimate=True,
            )
        )  # fmt: skip
    return parts


def _qdrant_parts(size: QdrantSize, quantized: VectorSize | None) -> tuple[StoragePart, ...]:
    base = (("points", size.points), ("replicas", size.replicas))
    vectors_where = "disk" if size.on_disk != "none" else "ram and disk"
    hnsw_where = "disk" if size.on_disk == "vectors_hnsw" else "ram and disk"
    per_dimension = (
        ("dimensions", size.dimensions), ("per_dimension", size.bytes_per_dimension),
        ("datatype", size.datatype),
    )  # fmt: skip
    links = (("m", size.hnsw_m), ("m_less_one", size.hnsw_m - 1))
    parts = [
        StoragePart(
            "vector_bytes", size.vector_bytes, "qdrant_vectors", (*base, *per_dimension),
            "qdrant_capacity", estimate=False, where=vectors_where,
        ),
        StoragePart(
            "hnsw_bytes", size.hnsw_bytes, "qdrant_hnsw", (*base, *links), "qdrant_hnsw",
            estimate=True, where=hnsw_where,
        ),
    ]  # fmt: skip
    if quantized is not None:
        copy = (("per_vector", quantized.bytes_per_vector), ("dtype", quantized.dtype))
        parts.append(
            StoragePart(
                "quantized_bytes", size.quantized_bytes, "qdrant_quantized", (*base, *copy),
                "qdrant_capacity", estimate=False, where="ram and disk",
            )
        )  # fmt: skip
    if size.payload_raw_bytes:
        payload = (("replicas", size.replicas), ("payload", size.payload_raw_bytes))
        parts.append(
            StoragePart(
                "payload_bytes", size.payload_bytes, "qdrant_payload", payload,
                "qdrant_capacity", estimate=True, where="disk",
            )
        )  # fmt: skip
    parts.append(
        StoragePart(
            "id_tracker_bytes", size.id_tracker_bytes, "qdrant_id_tracker", base,
            "qdrant_capacity", estimate=True, where="ram and disk",
        )
    )  # fmt: skip
    return tuple(parts)
