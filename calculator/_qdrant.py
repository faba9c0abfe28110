"""Qdrant's storage: vectors, HNSW links, payload, the id tracker, and what sits in RAM.

Sources, named in every part's description:

- Qdrant's "Capacity Planning" page (documentation/capacity-planning): dense vectors are
  points × dimensions × bytes per dimension (float32 4, float16 2, uint8 1); payload on disk
  × 1.5 ("backend storage overhead", on disk by default); the id tracker 52 bytes a point,
  always in RAM; everything is persisted to disk, and RAM holds what is not on disk; add
  about 20 % headroom to both.
- Qdrant's source for the HNSW graph: ``lib/segment/src/index/hnsw_index/
  graph_layers_builder.rs`` (a point's level is round(−ln U / ln m): it reaches level l ≥ 1
  with probability m^(1/2 − l)) and ``graph_links/serializer.rs`` (the plain format: 4-byte
  point ids, 2·m on level 0 and m above, an 8-byte offset for each point on each level and
  a 4-byte reindex entry a point).

The links are counted at full lists (2·m and m): an upper bound for the plain format, and
an estimate, as the compressed format packs them into fewer bits.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import isqrt
from types import MappingProxyType

from ._choices import ON_DISK_CHOICES
from ._errors import CalculatorError
from ._integers import ceil_div, require_int
from ._record import record

#: Our representations that Qdrant stores as vectors, its datatype and bytes a dimension.
QDRANT_DATATYPES: Mapping[str, tuple[str, int]] = MappingProxyType(
    {"float32": ("float32", 4), "float16": ("float16", 2), "int8": ("uint8", 1)}
)
LINK_BYTES = 4  # PointOffsetType: u32
OFFSET_BYTES = 8  # an offset (u64) for each point on each level
REINDEX_BYTES = 4  # a u32 for each point
ID_TRACKER_BYTES = 52  # a point in the id tracker (Capacity Planning)
PAYLOAD_OVERHEAD = Fraction(3, 2)  # payload × 1.5 on disk (Capacity Planning)
HEADROOM = Fraction(1, 5)  # "~20% headroom" on RAM and disk (Capacity Planning)
# √m is read to this many binary digits: the upper layers' share is an estimate anyway.
_SQRT_BITS = 40


@record
class QdrantSize:
    """A Qdrant collection's parts, on disk and in RAM; build it with :func:`qdrant_size`."""

    points: int
    dimensions: int
    datatype: str
    bytes_per_dimension: int
    hnsw_m: int
    #: The payload of all points, one copy (the chunks' text and metadata).
    payload_raw_bytes: int
    quantized_bytes_per_vector: int
    replicas: int
    on_disk: str
    #: Expected (point, layer) entries above level 0: points × √m/(m − 1).
    upper_layer_points: int

    @property
    def copies(self) -> int:
        """Qdrant's "base": points × replicas."""
        return self.points * self.replicas

    @property
    def vector_bytes(self) -> int:
        """Exact: base × dimensions × bytes per dimension."""
        return self.copies * self.dimensions * self.bytes_per_dimension

    @property
    def quantized_bytes(self) -> int:
        """Exact: base × bytes per quantized vector (0 without a quantized copy)."""
        return self.copies * self.quantized_bytes_per_vector

    @property
    def base_link_bytes(self) -> int:
        """Estimate: base × 2·m links × 4 bytes (level 0, full lists)."""
        return self.copies * 2 * self.hnsw_m * LINK_BYTES

    @property
    def upper_link_bytes(self) -> int:
        """Estimate: the upper layers' entries × m links × 4 bytes."""
        return self.replicas * self.upper_layer_points * self.hnsw_m * LINK_BYTES

    @property
    def link_offset_bytes(self) -> int:
        """Estimate: an 8-byte offset per point and level, and a 4-byte reindex per point."""
        entries = self.points + self.upper_layer_points
        return self.replicas * (entries * OFFSET_BYTES + self.points * REINDEX_BYTES)

    @property
    def hnsw_bytes(self) -> int:
        """Estimate: the graph's links and offsets."""
        return self.base_link_bytes + self.upper_link_bytes + self.link_offset_bytes

    @property
    def payload_bytes(self) -> int:
        """Estimate: replicas × payload bytes × 1.5, rounded up (on disk by default)."""
        return ceil_div(self.replicas * self.payload_raw_bytes * 3, 2)

    @property
    def id_tracker_bytes(self) -> int:
        """Estimate: base × 52 bytes, on disk and in RAM."""
        return self.copies * ID_TRACKER_BYTES

    @property
    def disk_bytes(self) -> int:
        """Everything is persisted: vectors, quantized copy, graph, payload, id tracker."""
        return (
            self.vector_bytes
            + self.quantized_bytes
            + self.hnsw_bytes
            + self.payload_bytes
            + self.id_tracker_bytes
        )

    @property
    def ram_bytes(self) -> int:
        """What is not on disk: vectors and graph unless ``on_disk``, the quantized copy
        (kept in RAM, as it is for), the id tracker; the payload stays on disk."""
        ram = self.quantized_bytes + self.id_tracker_bytes
        if self.on_disk == "none":
            ram += self.vector_bytes
        if self.on_disk != "vectors_hnsw":
            ram += self.hnsw_bytes
        return ram

    @property
    def total_bytes(self) -> int:
        """The collection on disk (every part, all replicas)."""
        return self.disk_bytes

    @property
    def headroom_bytes(self) -> int:
        """Capacity Planning's ~20 % headroom on the disk total, rounded up (said apart)."""
        return ceil_div(self.disk_bytes, 5)


def qdrant_size(
    points: int,
    dimensions: int,
    dtype: str = "float32",
    *,
    hnsw_m: int = 16,
    payload_bytes: int = 0,
    quantized_bytes_per_vector: int = 0,
    replicas: int = 1,
    on_disk: str = "none",
) -> QdrantSize:
    """A collection of ``points`` vectors of ``dimensions`` in Qdrant.

    ``dtype`` is one of our representations Qdrant stores (float32, float16, int8 as
    uint8); ``payload_bytes`` is the payload of all points (their text and metadata).

    >>> size = qdrant_size(1_000_000, 768, replicas=2)
    >>> size.vector_bytes, size.id_tracker_bytes
    (6144000000, 104000000)
    >>> size.upper_layer_points, size.hnsw_bytes
    (266667, 318400048)
    """
    require_int("vectors", points, 0)
    require_int("dimensions", dimensions, 1)
    require_int("hnsw_m", hnsw_m, 2)
    require_int("payload_bytes", payload_bytes, 0)
    require_int("quantized_bytes_per_vector", quantized_bytes_per_vector, 0)
    require_int("replicas", replicas, 1)
    if dtype not in QDRANT_DATATYPES:
        raise CalculatorError("dtype", "unknown_choice", value=dtype)
    if on_disk not in ON_DISK_CHOICES:
        raise CalculatorError("on_disk", "unknown_choice", value=on_disk)
    datatype, per_dimension = QDRANT_DATATYPES[dtype]
    # Σ_{l ≥ 1} m^(1/2 − l) = √m/(m − 1) layers above 0 a point, on average.
    scale = 1 << _SQRT_BITS
    root = Fraction(isqrt(hnsw_m * scale * scale), scale)
    upper = points * root / (hnsw_m - 1)
    return QdrantSize(
        points=points,
        dimensions=dimensions,
        datatype=datatype,
        bytes_per_dimension=per_dimension,
        hnsw_m=hnsw_m,
        payload_raw_bytes=payload_bytes,
        quantized_bytes_per_vector=quantized_bytes_per_vector,
        replicas=replicas,
        on_disk=on_disk,
        upper_layer_points=round(upper),
    )
