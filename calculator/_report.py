"""The plan as plain data: the JSON the command line prints and the page paints."""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

from ._chunking import ChunkPlan
from ._vectors import VectorSize

Report = dict[str, object]


def describe(plan: ChunkPlan, vectors: VectorSize | None = None) -> Report:
    """Every figure of ``plan`` (and ``vectors``) under the CLI's JSON keys.

    >>> from calculator import plan_chunks, vector_size
    >>> report = describe(plan_chunks(2500, 800, 200), vector_size(4, 384))
    >>> report["chunks"], report["tokens_processed"], report["raw_vector_bytes"]
    (4, 3100, 6144)
    >>> report["length_groups"]
    [{'count': 3, 'length': 800}, {'count': 1, 'length': 700}]
    """
    report: Report = {
        "tokens": plan.tokens,
        "chunk_size": plan.chunk_size,
        "overlap": plan.overlap,
        "step": plan.step,
        "chunks": plan.chunks,
        "last_chunk_tokens": plan.last_chunk_tokens,
        "length_groups": [
            {"count": group.count, "length": group.length} for group in plan.length_groups
        ],
        "tokens_processed": plan.tokens_processed,
        "repeated_tokens": plan.repeated_tokens,
        "repeated_share": decimal_text(plan.repeated_share, places=6),
        "padded_tokens": plan.padded_tokens,
        "padding_tokens": plan.padding_tokens,
        "steps_after_first": _quotient(plan.steps_after_first),
    }
    if vectors is not None:
        report |= {
            "dimensions": vectors.dimensions,
            "dtype": vectors.dtype,
            "bits_per_dimension": vectors.bits_per_dimension,
            "bytes_per_dimension": _bytes_per_dimension(vectors.bits_per_dimension),
            "bytes_per_vector": vectors.bytes_per_vector,
            "raw_vector_bytes": vectors.raw_bytes,
        }
    return report


def decimal_text(value: Fraction, places: int, rounding: str = ROUND_HALF_EVEN) -> str:
    """``value`` as a plain decimal string with at most ``places`` decimals.

    >>> decimal_text(Fraction(17, 125), 6), decimal_text(Fraction(2, 3), 2, ROUND_DOWN)
    ('0.136', '0.66')
    >>> decimal_text(Fraction(10**30, 1), 2)
    '1000000000000000000000000000000'
    """
    with localcontext() as context:
        # Enough precision for the whole part of any int, plus the decimals.
        context.prec = len(str(abs(value.numerator) // value.denominator)) + places + 2
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        rounded = exact.quantize(Decimal(1).scaleb(-places), rounding=rounding)
    text = f"{rounded:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _quotient(value: Fraction) -> Report:
    """The quotient inside the ceiling, truncated for display, and whether that is exact.

    The page shows "⌈16.71…⌉" when digits were cut, so the ceiling never looks wrong.
    """
    approx = decimal_text(value, places=2, rounding=ROUND_DOWN)
    return {"approx": approx, "exact": Fraction(Decimal(approx)) == value}


def _bytes_per_dimension(bits: int) -> int | float:
    """Whole bytes where there are some; 0.125 (exact in binary floating point) for 1 bit."""
    return bits // 8 if bits % 8 == 0 else bits / 8
