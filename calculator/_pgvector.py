"""pgvector's storage as PostgreSQL stores it: heap rows, TOAST, the HNSW or IVFFlat index.

The table is ``(id bigint PRIMARY KEY, embedding vector(d))`` (or ``halfvec``, ``bit``),
filled in id order, one distinct vector a row; the index is built by ``CREATE INDEX`` after
the rows are in, with its graph in memory (``maintenance_work_mem`` large enough).  Every
size is whole 8 KiB pages, laid out as the sources named below lay them out:

- PostgreSQL's "Database Page Layout" (storage-page-layout): a page header of 24 bytes, a
  4-byte line pointer an item, items aligned to MAXALIGN (8); heap tuples start with a
  23-byte header (24 with its alignment); ``src/include/access/htup_details.h``.
- PostgreSQL's "TOAST" (storage-toast) and ``src/include/access/heaptoast.h``: a row longer
  than 2,032 bytes moves its largest value out of line, into chunks of at most 1,996 bytes
  of a TOAST table; pgvector's types are ``STORAGE = external`` (never compressed;
  pgvector's ``sql/vector.sql``).
- pgvector's ``src/vector.h`` (``VECTOR_SIZE`` 8 + 4·d), ``src/halfvec.h`` (8 + 2·d),
  PostgreSQL's ``varbit.h`` for ``bit`` (8 + ⌈d/8⌉); ``src/hnsw.h`` and ``src/hnswbuild.c``
  (element and neighbour tuples, their pages); ``src/ivfflat.h`` and ``src/ivfbuild.c``.

Exact where PostgreSQL's layout decides alone (the heap, the TOAST chunks); an estimate
where chance does: an HNSW element's level is random (``-ln(U)·mL``, ``mL = 1/ln M``), an
IVFFlat list's length comes from k-means, and a B-tree's page splits from the order of
inserts.  The figures are checked against a real pgvector in
``tests/test_pgvector_measured.py`` and described in ``docs/storage.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from ._errors import CalculatorError
from ._integers import ceil_div, require_int
from ._record import record

BLOCK_BYTES = 8192  # BLCKSZ, PostgreSQL's default page size
PAGE_HEADER_BYTES = 24  # SizeOfPageHeaderData
LINE_POINTER_BYTES = 4  # ItemIdData, one per item on a page
MAXALIGN = 8  # MAXIMUM_ALIGNOF on 64-bit platforms
TUPLE_HEADER_BYTES = 24  # HeapTupleHeaderData: 23 bytes, MAXALIGNed (no null bitmap)
MAX_HEAP_TUPLES_PER_PAGE = 291  # MaxHeapTuplesPerPage at 8 KiB
# A varlena value of at most 130 bytes is stored with a 1-byte header instead of 4
# (VARATT_CAN_MAKE_SHORT), and such a value is not aligned.
SHORT_VARLENA_MAX = 130
TOAST_TUPLE_THRESHOLD = 2032  # TOAST_TUPLE_THRESHOLD at 8 KiB
TOAST_MAX_CHUNK_BYTES = 1996  # TOAST_MAX_CHUNK_SIZE at 8 KiB
TOAST_POINTER_BYTES = 18  # VARHDRSZ_EXTERNAL + sizeof(varatt_external)
# A TOAST chunk row: tuple header, chunk_id (oid), chunk_seq (int4), then the chunk (bytea).
TOAST_CHUNK_ROW_PREFIX = TUPLE_HEADER_BYTES + 4 + 4
# B-tree pages (the primary key, the TOAST table's index): 16 bytes of special space, leaf
# items of 16 bytes (an 8-byte index tuple header and a key of at most 8 bytes), split at
# 90 % full on the right (BTREE_DEFAULT_FILLFACTOR) and 70 % above the leaves.
BTREE_SPECIAL_BYTES = 16
BTREE_ITEM_BYTES = 16
BTREE_LEAF_FILLFACTOR = 90
BTREE_INTERNAL_FILLFACTOR = 70
# pgvector's index pages end with 8 bytes of special space (HnswPageOpaqueData,
# IvfflatPageOpaqueData); what is left for items and their line pointers:
INDEX_PAGE_SPACE = BLOCK_BYTES - PAGE_HEADER_BYTES - 8
# HNSW: an element tuple is 72 bytes before its copy of the value (type, level, deleted,
# version, 10 heap TIDs, the neighbour tuple's TID, padding); a neighbour tuple is 4 bytes
# and (level + 2)·M item pointers of 6 bytes: 2·M on level 0, M on each upper level.
HNSW_ELEMENT_HEADER_BYTES = 72
HNSW_NEIGHBOR_HEADER_BYTES = 4
ITEM_POINTER_BYTES = 6
HNSW_MAX_ITEM_BYTES = INDEX_PAGE_SPACE - LINE_POINTER_BYTES  # HNSW_MAX_SIZE
# IVFFlat: an index tuple is an 8-byte header and the value; a list tuple is 8 bytes (its
# start and insert pages) and the list's centre, MAXALIGNed.
INDEX_TUPLE_HEADER_BYTES = 8
IVFFLAT_LIST_HEADER_BYTES = 8
DEFAULT_LISTS = 100  # IVFFLAT_DEFAULT_LISTS

#: Our representations that pgvector stores, and its type for each.
PGVECTOR_TYPES: Mapping[str, str] = MappingProxyType(
    {"float32": "vector", "float16": "halfvec", "binary": "bit"}
)
_VALUE_BITS = {"vector": 32, "halfvec": 16, "bit": 1}
# The most dimensions a column (vector.h, halfvec.h) and each index type take (hnsw.h,
# ivfflat.h and their type support functions); bit columns are limited only by PostgreSQL.
_COLUMN_MAX_DIMENSIONS = {"vector": 16_000, "halfvec": 16_000, "bit": 83_886_080}
_INDEX_MAX_DIMENSIONS = {"vector": 2000, "halfvec": 4000, "bit": 64_000}
INDEX_KINDS = ("hnsw", "ivfflat", "none")
_INDEX_NAMES = {"hnsw": "HNSW", "ivfflat": "IVFFlat"}
ID_TYPES: Mapping[str, int] = MappingProxyType({"bigint": 8, "integer": 4})


def _maxalign(length: int) -> int:
    return -(-length // MAXALIGN) * MAXALIGN


def value_bytes(type_name: str, dimensions: int) -> int:
    """One stored value with its 8-byte header: vector 8 + 4·d, halfvec 8 + 2·d, bit 8 + ⌈d/8⌉.

    >>> value_bytes("vector", 384), value_bytes("halfvec", 384), value_bytes("bit", 384)
    (1544, 776, 56)
    """
    return 8 + ceil_div(dimensions * _VALUE_BITS[type_name], 8)


def _inline_bytes(value: int) -> int:
    """A value's bytes inside a tuple: a short header (1 byte, not 4) up to 130 bytes."""
    return value - 3 if value <= SHORT_VARLENA_MAX else value


def _after(offset: int, value: int) -> int:
    """The end of a varlena value placed at ``offset`` (4-byte aligned unless short)."""
    if value <= SHORT_VARLENA_MAX:
        return offset + value - 3
    return -(-offset // 4) * 4 + value


@record
class PgvectorSize:
    """A pgvector table and its index, page by page; build it with :func:`pgvector_size`."""

    vectors: int
    dimensions: int
    type_name: str
    index: str
    hnsw_m: int
    lists: int
    id_type: str
    fillfactor: int
    #: One value with its header, and the row as PostgreSQL first forms it (t_len).
    value_bytes: int
    row_bytes: int
    #: Whether the row is over the TOAST threshold, and the row left in the heap.
    toasted: bool
    heap_row_bytes: int
    rows_per_page: int
    heap_pages: int
    toast_chunks_per_value: int
    toast_pages: int
    toast_index_pages: int
    primary_key_pages: int
    #: HNSW: an element tuple (its copy of the value) and a level-0 neighbour tuple.
    element_tuple_bytes: int
    neighbor_tuple_bytes: int
    #: HNSW: the expected elements above level 0 (each on ``n/M^l`` of layer l) and layers.
    upper_layer_elements: int
    expected_layers: int
    #: IVFFlat: one index tuple (its copy of the value) and one list tuple (the centre).
    index_tuple_bytes: int
    list_tuple_bytes: int
    index_pages: int

    @property
    def heap_bytes(self) -> int:
        """Exact: heap pages × 8,192."""
        return self.heap_pages * BLOCK_BYTES

    @property
    def toast_bytes(self) -> int:
        """The TOAST table's pages × 8,192 (0 when no row is over the threshold)."""
        return self.toast_pages * BLOCK_BYTES

    @property
    def toast_index_bytes(self) -> int:
        """Estimate: the TOAST table's B-tree on (chunk_id, chunk_seq)."""
        return self.toast_index_pages * BLOCK_BYTES

    @property
    def primary_key_bytes(self) -> int:
        """Estimate: the id's B-tree (the primary key)."""
        return self.primary_key_pages * BLOCK_BYTES

    @property
    def table_bytes(self) -> int:
        """The table: heap + TOAST (what ``pg_table_size`` counts but its free-space maps)."""
        return self.heap_bytes + self.toast_bytes + self.toast_index_bytes

    @property
    def index_bytes(self) -> int:
        """The vector index's pages × 8,192 (0 without one)."""
        return self.index_pages * BLOCK_BYTES

    @property
    def total_bytes(self) -> int:
        """Table, primary key and vector index."""
        return self.table_bytes + self.primary_key_bytes + self.index_bytes


def pgvector_size(
    vectors: int,
    dimensions: int,
    type_name: str = "vector",
    *,
    index: str = "hnsw",
    hnsw_m: int = 16,
    lists: int = DEFAULT_LISTS,
    id_type: str = "bigint",
    fillfactor: int = 100,
) -> PgvectorSize:
    """The pages of a table of ``vectors`` rows of ``type_name(dimensions)`` and its index.

    >>> size = pgvector_size(3000, 384)
    >>> size.rows_per_page, size.heap_bytes, size.toasted, size.index_bytes
    (5, 4915200, False, 6152192)
    >>> size = pgvector_size(1000, 1536)
    >>> size.toasted, size.heap_row_bytes, size.toast_chunks_per_value, size.toast_bytes
    (True, 50, 4, 8192000)
    """
    require_int("vectors", vectors, 0)
    require_int("dimensions", dimensions, 1)
    require_int("hnsw_m", hnsw_m, 2)
    require_int("lists", lists, 1)
    require_int("fillfactor", fillfactor, 10)
    if type_name not in _VALUE_BITS:
        raise CalculatorError("dtype", "unknown_choice", value=type_name)
    if index not in INDEX_KINDS:
        raise CalculatorError("index_kind", "unknown_choice", value=index)
    if id_type not in ID_TYPES:
        raise CalculatorError("id_type", "unknown_choice", value=id_type)
    if fillfactor > 100:
        raise CalculatorError("fillfactor", "too_large", maximum=100)
    if hnsw_m > 100:  # HNSW_MAX_M
        raise CalculatorError("hnsw_m", "too_large", maximum=100)
    if lists > 32_768:  # IVFFLAT_MAX_LISTS
        raise CalculatorError("lists", "too_large", maximum=32_768)
    limit = _COLUMN_MAX_DIMENSIONS[type_name]
    if index != "none":
        limit = _INDEX_MAX_DIMENSIONS[type_name]
    if dimensions > limit:
        # Said next to what sets the limit: the index, or the column's type.
        # The index by its own name ("HNSW"), the column's type as pgvector spells it.
        field, what = (
            ("index_kind", _INDEX_NAMES[index]) if index != "none" else ("database", type_name)
        )
        raise CalculatorError(
            field, "too_many_dimensions", maximum=limit, database="pgvector", index=what
        )
    value = value_bytes(type_name, dimensions)
    id_bytes = ID_TYPES[id_type]
    row = _after(TUPLE_HEADER_BYTES + id_bytes, value)
    toasted = row > TOAST_TUPLE_THRESHOLD
    heap_row = TUPLE_HEADER_BYTES + id_bytes + TOAST_POINTER_BYTES if toasted else row
    reserved = BLOCK_BYTES * (100 - fillfactor) // 100  # RelationGetTargetPageFreeSpace
    space = BLOCK_BYTES - PAGE_HEADER_BYTES - reserved
    per_page = max(1, min(MAX_HEAP_TUPLES_PER_PAGE, space // (_maxalign(heap_row) + 4)))
    chunks = ceil_div(value - 4, TOAST_MAX_CHUNK_BYTES) if toasted else 0
    # A TOAST table (and its index) is made when a row may be over the threshold: always for
    # pgvector's types, whose length PostgreSQL cannot bound; for bit, when bit(d) can be.
    has_toast = type_name != "bit" or _maxalign(_after(id_bytes, value)) + 24 > 2032
    toast_pages = _toast_pages(vectors, value - 4) if toasted else 0
    element = _maxalign(HNSW_ELEMENT_HEADER_BYTES + value)
    upper, layers = _hnsw_layers(vectors, hnsw_m)
    index_tuple = _maxalign(INDEX_TUPLE_HEADER_BYTES + _inline_bytes(value))
    list_tuple = _maxalign(IVFFLAT_LIST_HEADER_BYTES + _maxalign(value))
    index_pages = 0
    if index == "hnsw":
        index_pages = _hnsw_pages(vectors, element, hnsw_m)
    elif index == "ivfflat":
        index_pages = _ivfflat_pages(vectors, index_tuple, list_tuple, lists)
    return PgvectorSize(
        vectors=vectors,
        dimensions=dimensions,
        type_name=type_name,
        index=index,
        hnsw_m=hnsw_m,
        lists=lists,
        id_type=id_type,
        fillfactor=fillfactor,
        value_bytes=value,
        row_bytes=row,
        toasted=toasted,
        heap_row_bytes=heap_row,
        rows_per_page=per_page,
        heap_pages=ceil_div(vectors, per_page),
        toast_chunks_per_value=chunks,
        toast_pages=toast_pages,
        toast_index_pages=_btree_pages(vectors * chunks) if has_toast else 0,
        primary_key_pages=_btree_pages(vectors),
        element_tuple_bytes=element,
        neighbor_tuple_bytes=_neighbor_tuple(0, hnsw_m),
        upper_layer_elements=upper,
        expected_layers=layers,
        index_tuple_bytes=index_tuple,
        list_tuple_bytes=list_tuple,
        index_pages=index_pages,
    )


def _toast_pages(values: int, data: int) -> int:
    """Estimate: pages of a TOAST table holding ``values`` values of ``data`` bytes, in order.

    Each value is cut into chunks of 1,996 bytes and a last, shorter one; every chunk is a
    row of its own, added to the last page while it fits.  A last chunk that does not fit
    there goes, through the free space map, to an earlier page with room for it (PostgreSQL's
    hio.c, RelationGetBufferForTuple), and only when none has room to a new page.  The pages
    repeat a pattern, so they are counted by finding the repeat.
    """
    full, rest = divmod(data, TOAST_MAX_CHUNK_BYTES)
    chunk = _toast_row(TOAST_MAX_CHUNK_BYTES)
    last = _toast_row(rest) if rest else 0
    space = BLOCK_BYTES - PAGE_HEADER_BYTES
    used, room, pages, done = space, 0, 0, 0  # room: last chunks that fit on earlier pages
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    while done < values:
        state = (used, room)
        if state in seen:  # the same state as before: whole cycles repeat until the end
            first_done, first_pages = seen.pop(state)
            cycles = (values - done) // (done - first_done)
            done += cycles * (done - first_done)
            pages += cycles * (pages - first_pages)
            seen.clear()
            if done == values:
                break
        seen[state] = (done, pages)
        for _ in range(full):
            if used + chunk > space:
                room = _more_room(room, space - used, last)
                pages, used = pages + 1, 0
            used += chunk
        if last and used + last <= space:
            used += last
        elif last and room:
            room -= 1
        elif last:
            room = _more_room(room, space - used, last)
            pages, used = pages + 1, last
        done += 1
    return pages


# The free space map's room for last chunks is counted up to this many: enough to tell a
# table whose last chunks always find room from one where they do not.
_MAX_ROOM = 64


def _more_room(room: int, free: int, last: int) -> int:
    """``room`` and the last chunks that a page left with ``free`` bytes can still take."""
    return room if not last else min(_MAX_ROOM, room + free // last)


def _toast_row(chunk: int) -> int:
    """A TOAST chunk row with its line pointer."""
    return _maxalign(_after(TOAST_CHUNK_ROW_PREFIX, chunk + 4)) + LINE_POINTER_BYTES


def _btree_pages(items: int) -> int:
    """Estimate: a B-tree filled in key order (ids, TOAST chunks), pages of 16-byte items.

    The rightmost page fills up (407 items), then splits, keeping 90 % of them on the left
    at the leaves and 70 % above (nbtsplitloc.c); a metapage comes first.
    """
    item = BTREE_ITEM_BYTES + LINE_POINTER_BYTES
    most = (BLOCK_BYTES - PAGE_HEADER_BYTES - BTREE_SPECIAL_BYTES) // item
    pages, level, fillfactor = 1, items, BTREE_LEAF_FILLFACTOR
    while level:
        kept = (most + 1) * fillfactor // 100
        level = 1 if level <= most else 1 + ceil_div(level - most, kept)
        pages += level
        fillfactor = BTREE_INTERNAL_FILLFACTOR
        if level == 1:
            break
    return pages


def _neighbor_tuple(level: int, m: int) -> int:
    """HNSW_NEIGHBOR_TUPLE_SIZE: 4 bytes and (level + 2)·M item pointers, MAXALIGNed."""
    return _maxalign(HNSW_NEIGHBOR_HEADER_BYTES + (level + 2) * m * ITEM_POINTER_BYTES)


def _hnsw_layers(vectors: int, m: int) -> tuple[int, int]:
    """Estimate: elements above level 0, Σ n/M^l, and the layers, 1 + ⌊log_M n⌋.

    An element's level is ⌊−ln(U)·mL⌋ with mL = 1/ln M, so it reaches level l with
    probability M^−l exactly (hnswutils.c, HnswInitElement).
    """
    upper, power, layers = 0, m, 1
    while power <= vectors:
        upper += vectors // power
        power *= m
        layers += 1
    return upper, layers if vectors else 0


# Levels whose probability is below about 2^-12 are counted as this many levels up.
_LEVEL_TAIL_BITS = 12


def _hnsw_pages(vectors: int, element: int, m: int) -> int:
    """Estimate: a metapage, then element tuples each followed by its neighbour tuple.

    hnswbuild.c (CreateGraphPages) adds an element and its neighbour tuple to the current
    page while both fit, else starts a new one; an element too large to share its page with
    its neighbours takes two pages.  The level of each element, and so its neighbour
    tuple's size, is random: the elements a page holds is E[k] = Σ_j P(the first j pairs
    fit), counted over the levels' probabilities exactly.
    """
    tail = 1
    while m**tail < 2**_LEVEL_TAIL_BITS:
        tail += 1
    # Weights over M^tail: level l < tail has (M − 1)·M^(tail−1−l), levels ≥ tail have 1.
    fitting: list[tuple[int, int]] = []
    split_weight = 0
    for level in range(tail + 1):
        weight = 1 if level == tail else (m - 1) * m ** (tail - 1 - level)
        pair = element + _neighbor_tuple(level, m) + 2 * LINE_POINTER_BYTES
        if pair - LINE_POINTER_BYTES > HNSW_MAX_ITEM_BYTES:
            split_weight += weight
        else:
            fitting.append((pair, weight))
    total = m**tail
    pages = Fraction(2 * vectors * split_weight, total)
    if fitting:
        per_page = _expected_pairs_per_page(fitting)
        fitting_weight = total - split_weight
        pages += Fraction(vectors * fitting_weight, total) / per_page
    # Rounded up, but not for a sliver: levels high enough to crowd a page out are rare
    # enough to leave n/E[k] a hair above a whole number where every page holds E[k].
    pages -= Fraction(1, 1000)
    return 1 + max(1, -(-pages.numerator // pages.denominator))


def _expected_pairs_per_page(pairs: list[tuple[int, int]]) -> Fraction:
    """E[k] = Σ_j P(S_j ≤ page space), S_j the bytes of the first j pairs (sizes, weights)."""
    weight = sum(w for _, w in pairs)
    sums: dict[int, int] = {0: 1}
    expected, scale = Fraction(0), 1
    while sums:
        following: dict[int, int] = {}
        for used, count in sums.items():
            for size, w in pairs:
                if used + size <= INDEX_PAGE_SPACE:
                    following[used + size] = following.get(used + size, 0) + count * w
        scale *= weight
        expected += Fraction(sum(following.values()), scale)
        sums = following
    return expected


def _ivfflat_pages(vectors: int, entry: int, list_tuple: int, lists: int) -> int:
    """Estimate: a metapage, the list pages, then each list's entries on pages of its own.

    ivfbuild.c starts every list on a new page, so each list ends on a part-filled page:
    with lists of equal length a each takes ⌈a/q⌉ pages (q entries a page); lists as k-means
    leaves them are unequal, and their last pages about half full, so the larger of
    lists × ⌈a/q⌉ and n/q + lists·(q − 1)/(2q), and at least one page a list.
    """
    per_page = INDEX_PAGE_SPACE // (entry + LINE_POINTER_BYTES)
    list_pages = ceil_div(lists, INDEX_PAGE_SPACE // (list_tuple + LINE_POINTER_BYTES))
    equal = lists * ceil_div(vectors, lists * per_page)
    spread = Fraction(vectors, per_page) + Fraction(lists * (per_page - 1), 2 * per_page)
    entries = max(lists, equal, -(-spread.numerator // spread.denominator))
    return 1 + list_pages + entries
