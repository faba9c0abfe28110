"""Embedding cost from a price per million tokens that the user enters.

There is no built-in price list: prices change and differ by provider, and the
user knows theirs.  Arithmetic is exact (fractions), rounded only for display.
"""

from __future__ import annotations

from fractions import Fraction

from ._errors import CalculatorError
from ._integers import require_int
from ._text import MACHINE, NumberFormat

_MAX_PRICE_LENGTH = 30


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
    calculator._errors.CalculatorError: price_per_million: enter a number such as 0.02
    """
    return parse_decimal("price_per_million", text, number_format)


def parse_decimal(field: str, text: str, number_format: NumberFormat = MACHINE) -> Fraction:
    """A non-negative decimal number for ``field``, typed in ``number_format``, read exactly.

    >>> parse_decimal("text_bytes_per_token", "4.29")
    Fraction(429, 100)
    """
    body = text.strip()
    if not body:
        raise CalculatorError(field, "empty")
    if body[0] in "-\u2212":
        raise CalculatorError(field, "too_small", minimum=0)
    whole, separator, fraction = body.partition(number_format.decimal or ".")
    whole = whole.replace(number_format.group, "") if number_format.group else whole
    for space in " \u00a0\u202f\u2009":
        whole = whole.replace(space, "")
    digits = whole + fraction
    if (
        len(body) > _MAX_PRICE_LENGTH
        or not digits
        or not digits.isascii()
        or not digits.isdigit()
        or (separator and not fraction)
    ):
        raise CalculatorError(field, "not_a_decimal")
    return Fraction(int(digits), 10 ** len(fraction))
