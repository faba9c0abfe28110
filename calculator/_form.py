"""The calculator's form: typed texts in, per-field errors or a complete plan out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ._chunking import ChunkPlan, plan_chunks
from ._errors import CalculatorError
from ._text import MACHINE, NumberFormat, parse_whole_number
from ._vectors import CUSTOM_DTYPE, DTYPE_BITS, VectorSize, vector_size

# The smallest value each numeric field accepts.
FIELD_MINIMUMS: Mapping[str, int] = {
    "tokens": 0,
    "chunk_size": 1,
    "overlap": 0,
    "dimensions": 1,
    "bytes_per_dimension": 1,
}
DTYPE_CHOICES = (*DTYPE_BITS, CUSTOM_DTYPE)


@dataclass(frozen=True, slots=True)
class FormOutcome:
    """Either ``errors`` (field name → error) or a ``plan`` with optional ``vectors``."""

    errors: Mapping[str, CalculatorError] = field(default_factory=dict)
    plan: ChunkPlan | None = None
    vectors: VectorSize | None = None


def evaluate_form(fields: Mapping[str, str], number_format: NumberFormat = MACHINE) -> FormOutcome:
    """Validate every field at once, so each gets its own error, then plan.

    Missing fields count as empty; an empty ``dimensions`` means no vector figures.

    >>> outcome = evaluate_form({"tokens": "8.000", "chunk_size": "512", "overlap": "64",
    ...                          "dimensions": "384", "dtype": "float32"},
    ...                         NumberFormat(group=".", decimal=","))
    >>> outcome.plan.chunks, outcome.vectors.raw_bytes
    (18, 27648)
    >>> outcome = evaluate_form({"tokens": "x", "chunk_size": "512", "overlap": "512"})
    >>> {name: error.key for name, error in outcome.errors.items()}
    {'tokens': 'not_a_number', 'overlap': 'overlap_not_below_chunk_size'}
    """
    reader = _FieldReader(fields, number_format)
    tokens = reader.whole("tokens")
    chunk_size = reader.whole("chunk_size")
    overlap = reader.whole("overlap")
    if chunk_size is not None and overlap is not None and overlap >= chunk_size:
        reader.refuse(
            CalculatorError(
                "overlap", "overlap_not_below_chunk_size", overlap=overlap, chunk_size=chunk_size
            )
        )
    dimensions = reader.whole("dimensions") if reader.text("dimensions") else None
    representation = reader.representation()
    if reader.errors or tokens is None or chunk_size is None or overlap is None:
        return FormOutcome(errors=reader.errors)
    plan = plan_chunks(tokens, chunk_size, overlap)
    if dimensions is None or representation is None:
        return FormOutcome(plan=plan)
    return FormOutcome(plan=plan, vectors=vector_size(plan.chunks, dimensions, representation))


class _FieldReader:
    """Reads fields one by one, collecting errors instead of stopping at the first."""

    def __init__(self, fields: Mapping[str, str], number_format: NumberFormat) -> None:
        self._fields = fields
        self._number_format = number_format
        self.errors: dict[str, CalculatorError] = {}

    def text(self, name: str) -> str:
        return self._fields.get(name, "").strip()

    def refuse(self, error: CalculatorError) -> None:
        self.errors.setdefault(error.field, error)

    def whole(self, name: str) -> int | None:
        try:
            return parse_whole_number(
                name, self.text(name), self._number_format, FIELD_MINIMUMS[name]
            )
        except CalculatorError as error:
            self.refuse(error)
            return None

    def representation(self) -> str | int | None:
        """The dtype name, or the custom byte count when dtype is "custom"."""
        dtype = self.text("dtype") or "float32"
        if dtype == CUSTOM_DTYPE:
            return self.whole("bytes_per_dimension")
        if dtype not in DTYPE_BITS:
            self.refuse(CalculatorError("dtype", "unknown_choice", value=dtype))
            return None
        return dtype
