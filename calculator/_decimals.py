"""Exact fractions written as plain decimal text (no grouping, "." before decimals)."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction


def decimal_text(value: Fraction, places: int, rounding: str = ROUND_HALF_EVEN) -> str:
    """``value`` as a plain decimal string with at most ``places`` decimals.

    >>> from decimal import ROUND_DOWN
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
