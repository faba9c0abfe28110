"""Reading numbers from what people type, in their own number format or a plain other one.

One rule serves every field, the page's and the command line's: a separator groups digits
only where it groups thousands as the page's language writes them; a number typed in the
other convention (``0.02`` on a German page, ``4,29`` on an English one) is read as it plainly
means, and a number that two conventions would read differently is refused, never read as
its digits joined.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from ._errors import CalculatorError
from ._record import record

# Typed values are capped so that a pasted wall of digits is refused at once
# instead of being parsed; the API itself stays exact for any int.
MAX_TYPED_VALUE = 10**24
_MAX_DIGITS = len(str(MAX_TYPED_VALUE))
# A price or a byte count per token needs no more digits than this to be exact, and
# Python refuses to read integers of thousands of digits.
MAX_DECIMAL_DIGITS = 30
# Spaces people and Intl use between digit groups (plain, no-break, narrow no-break, thin).
_SPACES = frozenset(" \u00a0\u202f\u2009")
# Swiss and some keyboards' habit: 1'000'000, with a typewriter or a typographic apostrophe.
_APOSTROPHES = frozenset("'\u2019")
_MARKS = frozenset(".,")
_MINUS_SIGNS = "-\u2212"
# Groups of three after a first group that is not zero: "0.500" groups nothing, and
# leading zeros stay allowed ("0001.000").
_GROUPED = re.compile(r"0*[1-9][0-9]{0,2}(?:\|[0-9]{3})+")


@record
class NumberFormat:
    """A locale's separators: ``group`` between thousands, ``decimal`` before fractions.

    ``MACHINE`` is the plain form of links and scripts: no grouping, ``.`` decimals.
    """

    group: str = ""
    decimal: str = "."


MACHINE = NumberFormat()


@record
class _Convention:
    """How one way of writing numbers separates digits: any of ``groups``, then ``decimal``."""

    groups: frozenset[str]
    decimal: str


@record
class _Reading:
    """A number as one convention reads it: its whole digits (no leading zeros) and fraction."""

    whole: str
    fraction: str
    fractional: bool


def _conventions(number_format: NumberFormat) -> tuple[_Convention, _Convention | None]:
    """The page's own convention, and the other one people copy numbers from, if any.

    The own convention groups with the page's separator, spaces, apostrophes and whichever
    of ``.`` and ``,`` is not its decimal; the other one swaps the two marks.
    """
    spaced = _SPACES | _APOSTROPHES
    own_groups = spaced | (_MARKS - {number_format.decimal}) | {number_format.group}
    own = _Convention(frozenset(own_groups - {""}), number_format.decimal)
    if number_format.decimal not in _MARKS:
        return own, None
    (other_mark,) = _MARKS - {number_format.decimal}
    return own, _Convention(spaced | {number_format.decimal}, other_mark)


def _read(body: str, convention: _Convention) -> _Reading | None:
    """``body`` read in ``convention``, or None where it is not a number written that way."""
    if convention.decimal:
        whole, separator, fraction = body.partition(convention.decimal)
    else:
        whole, separator, fraction = body, "", ""
    if separator and not (fraction.isascii() and fraction.isdigit()):
        return None
    digits = _ungrouped(whole, convention.groups)
    if digits is None or not (whole or fraction):
        return None
    return _Reading(digits.lstrip("0"), fraction, bool(separator))


def _ungrouped(text: str, groups: frozenset[str]) -> str | None:
    """The digits of ``text``, plain or grouped in threes by one kind of separator, or None."""
    if not text or (text.isascii() and text.isdigit()):
        return text
    used = {character for character in text if not ("0" <= character <= "9")}
    if not used <= groups:
        return None
    if len(used - _SPACES) > 1 or (len(used) > 1 and not used <= _SPACES):
        return None  # two kinds mixed, as in "1.000 000"; spaces of any width are one kind
    marked = "".join("|" if character in used else character for character in text)
    if _GROUPED.fullmatch(marked) is None:
        return None
    return marked.replace("|", "")


def parse_whole_number(
    field: str, text: str, number_format: NumberFormat = MACHINE, minimum: int = 0
) -> int:
    """Read a whole number typed in ``number_format``, or say what is wrong with it.

    Leading zeros, grouping and the other convention's plain grouping are read in time
    linear in the text; the length limit applies to the significant digits.

    >>> german = NumberFormat(group=".", decimal=",")
    >>> parse_whole_number("tokens", "8.000", german), parse_whole_number("tokens", "200 000")
    (8000, 200000)
    >>> parse_whole_number("tokens", "60,000,000", german)
    60000000
    >>> parse_whole_number("tokens", "0" * 5000 + "7")
    7
    >>> parse_whole_number("tokens", "8,5", german)
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: tokens: Enter a whole number.
    >>> try:
    ...     parse_whole_number("tokens", "8,000", german)
    ... except CalculatorError as error:
    ...     print(error.key)
    ambiguous_number
    >>> parse_whole_number("chunk_size", "-3", minimum=1)
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: chunk_size: Enter 1 or more.
    """
    return _parsed(field, text, number_format.group, number_format.decimal, minimum)


# The page sends every field with every answer, and the link's query and the comparison's
# rows read most of them again: remembered readings are most of why an answer takes a
# quarter less time in the browser's Python (ints are immutable; a refusal is raised anew,
# never remembered).
@lru_cache(maxsize=1024)
def _parsed(field: str, text: str, group: str, decimal: str, minimum: int) -> int:
    body = text.strip()
    if not body:
        raise CalculatorError(field, "empty")
    negative = body[0] in _MINUS_SIGNS
    digits = _whole_digits(field, body[1:] if negative else body, NumberFormat(group, decimal))
    if negative and digits:
        raise CalculatorError(field, "too_small", minimum=minimum)
    if len(digits) > _MAX_DIGITS:
        raise CalculatorError(field, "too_large", maximum=MAX_TYPED_VALUE)
    value = int(digits or "0")
    if value < minimum:
        raise CalculatorError(field, "too_small", minimum=minimum)
    if value > MAX_TYPED_VALUE:
        raise CalculatorError(field, "too_large", maximum=MAX_TYPED_VALUE)
    return value


def _whole_digits(field: str, body: str, number_format: NumberFormat) -> str:
    """The significant digits of the whole number ``body`` plainly means, or its error.

    The page's own reading wins; a decimal in it is refused, as ambiguous where the other
    convention reads a whole number instead ("8.000" on an English page).
    """
    if body.isascii() and body.isdigit():
        return body.lstrip("0")  # the common case, plain digits: nothing to check or remove
    own, other = _conventions(number_format)
    mine = _read(body, own)
    if mine is not None and not mine.fractional:
        return mine.whole
    theirs = _read(body, other) if other is not None else None
    if mine is not None:
        if theirs is not None and not theirs.fractional:
            raise CalculatorError(field, "ambiguous_number")
        raise CalculatorError(field, "not_whole")
    if theirs is None:
        raise CalculatorError(field, "not_a_number")
    if theirs.fractional:
        raise CalculatorError(field, "not_whole")
    return theirs.whole


def parse_decimal(field: str, text: str, number_format: NumberFormat = MACHINE) -> Fraction:
    """A non-negative decimal number for ``field``, typed in ``number_format``, read exactly.

    The page's own convention reads first; a number it cannot read is read in the other
    convention, so a price copied from an English page keeps its meaning on a German one.

    >>> german = NumberFormat(group=".", decimal=",")
    >>> parse_decimal("text_bytes_per_token", "4.29"), parse_decimal("price", "0.02", german)
    (Fraction(429, 100), Fraction(1, 50))
    >>> parse_decimal("price", "1.500", german), parse_decimal("price", "4,29")
    (Fraction(1500, 1), Fraction(429, 100))
    >>> parse_decimal("price", "0." + "0" * 40 + "1")
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: price: Enter at most 30 digits.
    """
    body = text.strip()
    if not body:
        raise CalculatorError(field, "empty")
    if body[0] in _MINUS_SIGNS:
        raise CalculatorError(field, "too_small", minimum=0)
    own, other = _conventions(number_format)
    reading = _read(body, own)
    if reading is None and other is not None:
        reading = _read(body, other)
    if reading is None:
        raise CalculatorError(field, "not_a_decimal")
    fraction = reading.fraction.rstrip("0")
    if len(reading.whole) + len(fraction) > MAX_DECIMAL_DIGITS:
        raise CalculatorError(field, "too_many_digits", maximum=MAX_DECIMAL_DIGITS)
    return Fraction(int(reading.whole + fraction or "0"), 10 ** len(fraction))
