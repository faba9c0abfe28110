"""Raw vector size: vectors × dimensions × bytes per dimension, nothing more.

It is the raw size, not an index size: index structures, stored text, metadata,
replicas and update overhead all come on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ._errors import CalculatorError
from ._integers import ceil_div, require_int
from ._record import record

# Bits each representation stores per dimension.  "binary" keeps one bit per
# dimension, so a vector takes ceil(dimensions / 8) whole bytes.
DTYPE_BITS: Mapping[str, int] = MappingProxyType(
    {"float32": 32, "float16": 16, "bfloat16": 16, "int8": 8, "binary": 1}
)

# The name a representation given as a byte count goes by.
CUSTOM_DTYPE = "custom"


@record
class VectorSize:
    """The raw size of ``vectors`` vectors; build it with :func:`vector_size`."""

    vectors: int
    dimensions: int
    dtype: str
    bits_per_dimension: int

    @property
    def bytes_per_vector(self) -> int:
        """Whole bytes one vector takes (binary vectors round up to a byte)."""
        return ceil_div(self.dimensions * self.bits_per_dimension, 8)

    @property
    def raw_bytes(self) -> int:
        """vectors × bytes per vector."""
        return self.vectors * self.bytes_per_vector


def vector_size(vectors: int, dimensions: int, representation: str | int = "float32") -> VectorSize:
    """Raw size of ``vectors`` vectors of ``dimensions`` values each.

    ``representation`` is a name from ``DTYPE_BITS`` or a whole number of bytes
    per dimension (a custom representation).

    >>> vector_size(4, 384).raw_bytes
    6144
    >>> vector_size(18, 384, "binary").raw_bytes
    864
    >>> vector_size(10, 1000, 3).raw_bytes
    30000
    """
    require_int("vectors", vectors, 0)
    require_int("dimensions", dimensions, 1)
    if isinstance(representation, str):
        bits = DTYPE_BITS.get(representation)
        if bits is None:
            raise CalculatorError("dtype", "unknown_choice", value=representation)
        return VectorSize(vectors, dimensions, representation, bits)
    bytes_per_dimension = require_int("bytes_per_dimension", representation, 1)
    return VectorSize(vectors, dimensions, CUSTOM_DTYPE, 8 * bytes_per_dimension)
