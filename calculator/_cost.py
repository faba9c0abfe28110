"""Embedding cost from a price per million tokens that the user enters.

There is no price list beyond the model presets' (``models.json``: a price its publisher
states, with its sources and the day checked, which fills the field as a preset's
dimensions do): prices change and differ by provider, and the user knows theirs.
Arithmetic is exact (fractions), rounded only for display.
"""

from __future__ import annotations

from fractions import Fraction

from ._errors import CalculatorError
from ._integers import require_int
from ._text import MACHINE, NumberFormat, parse_decimal


def embedding_cost(tokens_processed: int, price_per_million: Fraction) -> Fraction:
    """Exact cost of embedding ``tokens_processed`` tokens.

    >>> embedding_cost(9088, Fraction("0.02"))
    Fraction(71, 390625)
    """
    require_int("tokens_processed", tokens_processed, 0)
    if price_per_million < 0:
        raise CalculatorError("price_per_million", "too_small", minimum=0)
    return tokens_processed * price_per_million / 1_000_000


def parse_price(text: str, number_format: NumberFormat = MACHINE) -> Fraction:
    """A non-negative decimal price typed in ``number_format``, read exactly.

    >>> parse_price("0,02", NumberFormat(group=".", decimal=","))
    Fraction(1, 50)
    >>> parse_price("1.5e3")
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: price_per_million: Enter a number such as 0.02 or 1500.
    """
    return parse_decimal("price_per_million", text, number_format)
