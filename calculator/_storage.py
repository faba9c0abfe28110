"""Storage beyond raw vectors: graph links, chunk text, metadata, a quantized copy, replicas.

Each part is a formula of its own, said exact or estimate.  The raw vectors
and the metadata are exact for the sizes given; the graph counts only the
neighbour lists of an HNSW index's base layer, and the text rests on an
average number of bytes per token, so both are estimates and so is the total.
No engine's page layout, allocator or write-ahead log is modelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from ._errors import CalculatorError, shortened
from ._integers import ceil_div, require_int
from ._record import record
from ._vectors import DTYPE_BITS, VectorSize, vector_size

# HNSW keeps up to 2·M neighbours per vector on its base layer, each a 4-byte id.
NEIGHBOUR_ID_BYTES = 4
DEFAULT_HNSW_M = 16
# pgvector's stored value: a header of 8 bytes (length, dimensions, unused), then the
# values: 4 bytes each for vector, 2 for halfvec, one bit each for bit.
PGVECTOR_HEADER_BYTES = 8
PGVECTOR_VALUE_BITS: Mapping[str, int] = MappingProxyType({"vector": 32, "halfvec": 16, "bit": 1})


@record
class StorageSize:
    """Every part of an index's size; build it with :func:`storage_size`."""

    vectors: VectorSize
    tokens_processed: int
    hnsw_m: int
    metadata_bytes_per_chunk: int
    text_bytes_per_token: Fraction
    replicas: int
    quantized: VectorSize | None

    @property
    def raw_vector_bytes(self) -> int:
        """Exact: vectors × bytes per vector."""
        return self.vectors.raw_bytes

    @property
    def hnsw_graph_bytes(self) -> int:
        """Estimate: vectors × 2·M neighbour ids × 4 bytes (the base layer only)."""
        return self.vectors.vectors * 2 * self.hnsw_m * NEIGHBOUR_ID_BYTES

    @property
    def hnsw_upper_layer_bytes(self) -> int:
        """Estimate of the upper layers' links: said, not added to the total.

        A vector reaches layer l with probability 1/M^l, so it sits on about
        1/M + 1/M² + … = 1/(M − 1) upper layers, each with up to M ids (half the
        base layer's 2·M): vectors × M/(M − 1) × 4 bytes, rounded up, which is
        about 1/(2·(M − 1)) of the base layer.
        """
        links = self.vectors.vectors * self.hnsw_m * NEIGHBOUR_ID_BYTES
        return ceil_div(links, self.hnsw_m - 1)

    @property
    def text_bytes(self) -> int:
        """Estimate: tokens processed × bytes per token, rounded up to whole bytes.

        Every chunk stores its own text, overlaps included, so the text is the
        tokens processed, not the document's tokens.
        """
        return ceil_div(
            self.tokens_processed * self.text_bytes_per_token.numerator,
            self.text_bytes_per_token.denominator,
        )

    @property
    def metadata_bytes(self) -> int:
        """Exact for the bytes given: chunks × metadata bytes per chunk."""
        return self.vectors.vectors * self.metadata_bytes_per_chunk

    @property
    def quantized_copy_bytes(self) -> int:
        """Exact: a quantized copy kept beside the originals (0 without one)."""
        return 0 if self.quantized is None else self.quantized.raw_bytes

    @property
    def replica_bytes(self) -> int:
        """One copy of everything: raw + graph + text + metadata + quantized copy."""
        return (
            self.raw_vector_bytes
            + self.hnsw_graph_bytes
            + self.text_bytes
            + self.metadata_bytes
            + self.quantized_copy_bytes
        )

    @property
    def total_bytes(self) -> int:
        """Estimate: replicas × one copy."""
        return self.replicas * self.replica_bytes


def storage_size(
    vectors: VectorSize,
    tokens_processed: int,
    *,
    hnsw_m: int = DEFAULT_HNSW_M,
    metadata_bytes: int = 0,
    text_bytes_per_token: Fraction = Fraction(0),
    replicas: int = 1,
    quantized: str | None = None,
) -> StorageSize:
    """The parts of an index of ``vectors`` whose chunks hold ``tokens_processed`` tokens.

    ``quantized`` names the representation (a ``DTYPE_BITS`` name) of a copy of
    every vector kept beside the originals, as engines do that rescore with them.

    >>> from calculator import plan_chunks, vector_size
    >>> plan = plan_chunks(200_000, 512, 64)
    >>> size = storage_size(vector_size(plan.chunks, 384), plan.tokens_processed,
    ...                     metadata_bytes=200, text_bytes_per_token=Fraction("4.29"),
    ...                     replicas=2)
    >>> size.raw_vector_bytes, size.hnsw_graph_bytes, size.text_bytes, size.metadata_bytes
    (686592, 57216, 980454, 89400)
    >>> size.total_bytes
    3627324
    """
    require_int("tokens_processed", tokens_processed, 0)
    require_int("hnsw_m", hnsw_m, 2)
    require_int("metadata_bytes", metadata_bytes, 0)
    require_int("replicas", replicas, 1)
    if not isinstance(text_bytes_per_token, Fraction):
        raise CalculatorError("text_bytes_per_token", "not_a_decimal")
    if text_bytes_per_token < 0:
        raise CalculatorError("text_bytes_per_token", "too_small", minimum=0)
    copy = None
    if quantized is not None:
        if quantized not in DTYPE_BITS:
            raise CalculatorError("quantized_dtype", "unknown_choice", value=shortened(quantized))
        copy = vector_size(vectors.vectors, vectors.dimensions, quantized)
    return StorageSize(
        vectors, tokens_processed, hnsw_m, metadata_bytes, text_bytes_per_token, replicas, copy
    )


def pgvector_value_bytes(dimensions: int) -> dict[str, int]:
    """Bytes of one stored value of each pgvector type with ``dimensions`` values.

    vector 4·d + 8, halfvec 2·d + 8, bit ⌈d/8⌉ + 8 (before the row's own overhead).

    >>> pgvector_value_bytes(384)
    {'vector': 1544, 'halfvec': 776, 'bit': 56}
    """
    require_int("dimensions", dimensions, 1)
    return {
        name: PGVECTOR_HEADER_BYTES + ceil_div(dimensions * bits, 8)
        for name, bits in PGVECTOR_VALUE_BITS.items()
    }
