"""Reading whole numbers from what people type, in their own number format."""

from __future__ import annotations

import re
from functools import lru_cache

from ._errors import CalculatorError
from ._record import record

# Typed values are capped so that a pasted wall of digits is refused at once
# instead of being parsed; the API itself stays exact for any int.
MAX_TYPED_VALUE = 10**24
_MAX_DIGITS = len(str(MAX_TYPED_VALUE))
_ASCII_DIGITS = frozenset("0123456789")
# Spaces people and Intl use between digit groups (plain, no-break, narrow no-break, thin).
_SPACES = " \u00a0\u202f\u2009"
_MINUS_SIGNS = "-\u2212"
_GROUPED = re.compile(r"\d{1,3}(?:\|\d{3})+")


@record
class NumberFormat:
    """A locale's separators: ``group`` between thousands, ``decimal`` before fractions.

    ``MACHINE`` is the plain form of links and scripts: no grouping, ``.`` decimals.
    """

    group: str = ""
    decimal: str = "."


MACHINE = NumberFormat()


def parse_whole_number(
    field: str, text: str, number_format: NumberFormat = MACHINE, minimum: int = 0
) -> int:
    """Read a whole number typed in ``number_format``, or say what is wrong with it.

    Spaces always group digits; the locale's group separator does too, and so
    does any other of ``.``, ``,`` and ``'`` that is not its decimal separator,
    when it stands between groups of three digits.

    >>> german = NumberFormat(group=".", decimal=",")
    >>> parse_whole_number("tokens", "8.000", german), parse_whole_number("tokens", "200 000")
    (8000, 200000)
    >>> parse_whole_number("tokens", "8,5", german)
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: tokens: enter a whole number, without decimals
    >>> parse_whole_number("chunk_size", "-3", minimum=1)
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: chunk_size: must be at least 1
    """
    return _parsed(field, text, number_format.group, number_format.decimal, minimum)


# The page sends every field with every answer, and the link's query and the comparison's
# rows read most of them again: remembered readings are most of why an answer takes a
# quarter less time in the browser's Python (ints are immutable; a refusal is raised anew,
# never remembered).
@lru_cache(maxsize=1024)
def _parsed(field: str, text: str, group: str, decimal: str, minimum: int) -> int:
    number_format = NumberFormat(group, decimal)
    body = text.strip()
    if not body:
        raise CalculatorError(field, "empty")
    negative = body[0] in _MINUS_SIGNS
    digits = _digits_of(field, body[1:] if negative else body, number_format)
    if negative and digits.strip("0"):
        raise CalculatorError(field, "too_small", minimum=minimum)
    if len(digits.lstrip("0")) > _MAX_DIGITS:
        raise CalculatorError(field, "too_large", maximum=MAX_TYPED_VALUE)
    value = int(digits)
    if value < minimum:
        raise CalculatorError(field, "too_small", minimum=minimum)
    if value > MAX_TYPED_VALUE:
        raise CalculatorError(field, "too_large", maximum=MAX_TYPED_VALUE)
    return value


def _digits_of(field: str, body: str, number_format: NumberFormat) -> str:
    """The bare ASCII digits of ``body``, its grouping removed."""
    if number_format.decimal and number_format.decimal in body:
        whole, _, fraction = body.partition(number_format.decimal)
        looks_decimal = fraction and set(fraction) <= _ASCII_DIGITS
        if looks_decimal and _is_grouped_or_plain(whole, number_format):
            raise CalculatorError(field, "not_whole")
        raise CalculatorError(field, "not_a_number")
    if body.isascii() and body.isdigit():
        return body  # the common case, plain digits: nothing to check or remove
    if not _is_grouped_or_plain(body, number_format):
        raise CalculatorError(field, "not_a_number")
    return "".join(character for character in body if character in _ASCII_DIGITS)


def _is_grouped_or_plain(body: str, number_format: NumberFormat) -> bool:
    """True for plain digits, or digits grouped in threes by one kind of separator."""
    if body and set(body) <= _ASCII_DIGITS:
        return True
    separators = set(_SPACES) | {number_format.group} | (set(".,'") - {number_format.decimal})
    separators.discard("")
    used = {character for character in body if character not in _ASCII_DIGITS}
    if not used <= separators:
        return False
    marked = "".join("|" if character in separators else character for character in body)
    return _GROUPED.fullmatch(marked) is not None and _one_kind(used)


def _one_kind(used: set[str]) -> bool:
    """True unless two different separators are mixed, as in ``1.000 000``.

    Spaces of different widths count as one kind: Intl and keyboards mix them.
    """
    return len(used - set(_SPACES)) <= 1 and (len(used) == 1 or used <= set(_SPACES))
