"""Checks that the public functions' arguments are real integers in range."""

from __future__ import annotations

from ._errors import CalculatorError


def require_int(field: str, value: object, minimum: int) -> int:
    """Return ``value`` if it is an ``int`` (not a bool) of at least ``minimum``.

    Floats are refused even when whole: a count that went through a float may
    already have lost digits, and exactness is the point of this package.

    >>> require_int("tokens", 8000, 0)
    8000
    >>> require_int("tokens", 8000.0, 0)
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: tokens: Expected an integer, got float.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise CalculatorError(field, "not_an_integer", type=type(value).__name__)
    if value < minimum:
        raise CalculatorError(field, "too_small", minimum=minimum)
    return value


def ceil_div(numerator: int, denominator: int) -> int:
    """Exact ceiling of ``numerator / denominator`` for a positive denominator.

    >>> ceil_div(7488, 448), ceil_div(896, 448), ceil_div(0, 448)
    (17, 2, 0)
    """
    return -(-numerator // denominator)
