"""Storage as a database stores it: pgvector's pages or Qdrant's parts, each with its formula.

Beside the generic formula (``_storage.py``), ``database_storage`` sizes the same vectors as
pgvector (``_pgvector.py``) or Qdrant (``_qdrant.py``) lay them out, and says every part as
data: its bytes, its formula with the figures filled in, its source (a file of the
database's source or a page of its documentation) and whether it is an estimate.
"""

from __future__ import annotations

from ._english import count_of
from ._errors import CalculatorError
from ._integers import ceil_div
from ._pgvector import (
    BLOCK_BYTES,
    ID_TYPES,
    PGVECTOR_TYPES,
    TOAST_MAX_CHUNK_BYTES,
    TOAST_POINTER_BYTES,
    TUPLE_HEADER_BYTES,
    PgvectorSize,
    pgvector_size,
)
from ._qdrant import QDRANT_DATATYPES, QdrantSize, qdrant_size
from ._record import record
from ._vectors import VectorSize

DATABASES = ("generic", "pgvector", "qdrant")
INDEX_KINDS = ("hnsw", "ivfflat")

# Where each formula comes from, named as the docs and the page name them.
PG_PAGE_LAYOUT = "PostgreSQL docs: Database Page Layout; src/include/access/htup_details.h"
PG_TOAST = "PostgreSQL docs: TOAST; src/include/access/heaptoast.h, hio.c"
PG_BTREE = "PostgreSQL src/backend/access/nbtree/nbtsplitloc.c (B-tree page splits)"
PGVECTOR_TYPES_SOURCE = "pgvector src/vector.h, src/halfvec.h; PostgreSQL varbit.h"
PGVECTOR_HNSW = "pgvector src/hnsw.h, src/hnswbuild.c, src/hnswutils.c"
PGVECTOR_IVFFLAT = "pgvector src/ivfflat.h, src/ivfbuild.c"
QDRANT_CAPACITY = "Qdrant docs: Capacity Planning"
QDRANT_HNSW = (
    "Qdrant lib/segment/src/index/hnsw_index/graph_layers_builder.rs, graph_links/serializer.rs"
)
GENERIC = "this calculator's generic formula (docs/model.md)"

_PGVECTOR_STORES = "float32 (vector), float16 (halfvec), binary (bit)"
_QDRANT_STORES = "float32, float16, int8 (as uint8)"


@record
class StoragePart:
    """One part of a database's storage: bytes, formula, source, and whether estimated."""

    name: str
    bytes: int
    formula: str
    source: str
    estimate: bool
    #: Qdrant: "ram and disk" or "disk"; pgvector: "" (every page is on disk).
    where: str = ""


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
    calculator._errors.CalculatorError: database: pgvector cannot store int8 vectors; it ...
    """
    if database == "pgvector" and dtype in PGVECTOR_TYPES:
        return PGVECTOR_TYPES[dtype]
    if database == "qdrant" and dtype in QDRANT_DATATYPES:
        return QDRANT_DATATYPES[dtype][0]
    supported = _PGVECTOR_STORES if database == "pgvector" else _QDRANT_STORES
    raise CalculatorError(
        "database", "dtype_not_stored", value=dtype, database=database, supported=supported
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
        parts.append(
            StoragePart(
                "text_bytes",
                text_bytes,
                "⌈tokens processed × bytes per token⌉, beside the rows (not in their layout)",
                GENERIC,
                estimate=True,
            )
        )
    if metadata_bytes:
        parts.append(
            StoragePart(
                "metadata_bytes",
                metadata_bytes,
                "vectors × metadata bytes per chunk, beside the rows (not in their layout)",
                GENERIC,
                estimate=False,
            )
        )
    return tuple(parts)


def _pages(count: int) -> str:
    return count_of(count, "page", "pages")


def _pgvector_parts(size: PgvectorSize) -> list[StoragePart]:
    n, page = size.vectors, f"{BLOCK_BYTES:,}"
    id_bytes = ID_TYPES[size.id_type]
    value = f"{size.type_name}({size.dimensions:,}) {size.value_bytes:,} bytes"
    if size.toasted:
        row = (
            f"a row {size.heap_row_bytes:,} bytes ({TUPLE_HEADER_BYTES} header + {id_bytes} id "
            f"+ {TOAST_POINTER_BYTES}-byte TOAST pointer: the {value} row is over 2,032)"
        )
    else:
        header = f"{TUPLE_HEADER_BYTES} header + {id_bytes} id"
        row = f"a row {size.row_bytes:,} bytes ({header} + {value})"
    parts = [
        StoragePart(
            "heap_bytes",
            size.heap_bytes,
            f"⌈{n:,} rows / {size.rows_per_page:,} a page⌉ × {page}; {row}, MAXALIGNed, "
            "+ 4-byte line pointer, (8,192 − 24) bytes a page",
            PG_PAGE_LAYOUT,
            estimate=False,
        ),
    ]
    if size.toasted:
        parts.append(
            StoragePart(
                "toast_bytes",
                size.toast_bytes,
                f"{_pages(size.toast_pages)} × {page}: {size.toast_chunks_per_value} chunks a "
                f"value of ≤ {TOAST_MAX_CHUNK_BYTES:,} bytes, each a row (32 + chunk, "
                "MAXALIGNed, + 4), added in order, last chunks into earlier pages' room",
                PG_TOAST,
                estimate=True,
            )
        )
    if size.toast_index_pages:
        parts.append(
            StoragePart(
                "toast_index_bytes",
                size.toast_index_bytes,
                f"{_pages(size.toast_index_pages)} × {page}: a B-tree of "
                f"{n * size.toast_chunks_per_value:,} chunks, 20 bytes each, pages split "
                "at 90 %",
                PG_BTREE,
                estimate=True,
            )
        )
    parts.append(
        StoragePart(
            "primary_key_bytes",
            size.primary_key_bytes,
            f"{_pages(size.primary_key_pages)} × {page}: a B-tree of {n:,} ids, 20 bytes each, "
            "pages split at 90 %",
            PG_BTREE,
            estimate=True,
        )
    )
    if size.index == "hnsw":
        parts.append(
            StoragePart(
                "index_bytes",
                size.index_bytes,
                f"{_pages(size.index_pages)} × {page}: a metapage, then per vector an element "
                f"tuple of {size.element_tuple_bytes:,} bytes (72 + its copy of the value) and "
                f"a neighbour tuple of {size.neighbor_tuple_bytes:,} (4 + 2·{size.hnsw_m} "
                f"ids × 6 on level 0, {size.hnsw_m} more a level above; "
                f"≈{size.upper_layer_elements:,} elements above level 0, "
                f"≈{size.expected_layers} layers, mL = 1/ln {size.hnsw_m}), each + 4, "
                "together on a page while they fit",
                PGVECTOR_HNSW,
                estimate=True,
            )
        )
    elif size.index == "ivfflat":
        parts.append(
            StoragePart(
                "index_bytes",
                size.index_bytes,
                f"{_pages(size.index_pages)} × {page}: a metapage, {size.lists:,} list tuples "
                f"of {size.list_tuple_bytes:,} bytes (8 + the centre), then each list on "
                f"pages of its own, {size.index_tuple_bytes:,} + 4 bytes a vector "
                f"(8 + its copy of the value); lists of ≈{ceil_div(n, size.lists):,}, "
                "their last pages half full",
                PGVECTOR_IVFFLAT,
                estimate=True,
            )
        )
    return parts


def _qdrant_parts(size: QdrantSize, quantized: VectorSize | None) -> tuple[StoragePart, ...]:
    base = f"{size.points:,} points × {size.replicas}"
    vectors_where = "disk" if size.on_disk != "none" else "ram and disk"
    hnsw_where = "disk" if size.on_disk == "vectors_hnsw" else "ram and disk"
    parts = [
        StoragePart(
            "vector_bytes",
            size.vector_bytes,
            f"{base} × {size.dimensions:,} dimensions × {size.bytes_per_dimension} bytes "
            f"({size.datatype})",
            QDRANT_CAPACITY,
            estimate=False,
            where=vectors_where,
        ),
        StoragePart(
            "hnsw_bytes",
            size.hnsw_bytes,
            f"{base} × (2·{size.hnsw_m} links on level 0 + ≈√{size.hnsw_m}/"
            f"{size.hnsw_m - 1} levels above × {size.hnsw_m} links) × 4 bytes, "
            "+ 8 bytes an offset a level, + 4 a point",
            QDRANT_HNSW,
            estimate=True,
            where=hnsw_where,
        ),
    ]
    if quantized is not None:
        parts.append(
            StoragePart(
                "quantized_bytes",
                size.quantized_bytes,
                f"{base} × {quantized.bytes_per_vector:,} bytes ({quantized.dtype}), "
                "kept in RAM beside the originals",
                QDRANT_CAPACITY,
                estimate=False,
                where="ram and disk",
            )
        )
    if size.payload_raw_bytes:
        parts.append(
            StoragePart(
                "payload_bytes",
                size.payload_bytes,
                f"{size.replicas} × {size.payload_raw_bytes:,} bytes of text and metadata "
                "× 1.5 (on disk)",
                QDRANT_CAPACITY,
                estimate=True,
                where="disk",
            )
        )
    parts.append(
        StoragePart(
            "id_tracker_bytes",
            size.id_tracker_bytes,
            f"{base} × 52 bytes",
            QDRANT_CAPACITY,
            estimate=True,
            where="ram and disk",
        )
    )
    return tuple(parts)
