"""Reading numbers from what people type, in their own number format or a plain other one.

One rule serves every field, the page's and the command line's: a separator groups digits
only where it groups thousands as the page's language writes them; a number typed in the
other convention (``0.02`` on a German page, ``4,29`` on an English one) is read as it plainly
means, and a number that two conventions would read differently is refused, never read as
its digits joined.  A count may be written with a power of ten (``1e6``), and a size in bytes
with its unit (``50 GB``, ``1,5 TiB``): both are read exactly, in time linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from ._errors import CalculatorError
from ._record import record
from ._units import IEC_UNITS, SI_UNITS

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
# Scientific notation's power of ten: 2.5e3, 2,5E3, 1e-2 (with a hyphen or a minus sign).
_EXPONENT_MARKS = "eE"
_EXPONENT_SIGNS = "+-\u2212"
# Past this power of ten no typed number is whole and at most MAX_TYPED_VALUE: a mantissa has
# at most MAX_DECIMAL_DIGITS significant digits, so 10**-MAX_DECIMAL_DIGITS × 10**e is already
# too large, and 10**MAX_DECIMAL_DIGITS × 10**-e not whole.  An exponent beyond it ("1e999999999")
# is refused from its length, never computed.
_MAX_EXPONENT = MAX_DECIMAL_DIGITS + _MAX_DIGITS
#: The units a size in bytes is typed with, as CLDR and the IEC write them (declared in
#: calculator/_units.py): decimal (1000^n, kB also as KB) and binary (1024^n), up to peta.
#: Exactly these: "Gb" is gigabits, "gb" unclear.
SIZE_UNITS: Mapping[str, int] = MappingProxyType(
    {
        "B": 1,
        "KB": 1000,
        **{unit: 1000**power for power, unit in enumerate(SI_UNITS[1:6], 1)},
        **{unit: 1024**power for power, unit in enumerate(IEC_UNITS[1:6], 1)},
    }
)


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
    linear in the text; the length limit applies to the significant digits.  A power of ten
    (``1e6``, ``2,5e3`` on a German page) is read exactly and must come to a whole number.

    >>> german = NumberFormat(group=".", decimal=",")
    >>> parse_whole_number("tokens", "8.000", german), parse_whole_number("tokens", "200 000")
    (8000, 200000)
    >>> parse_whole_number("documents", "2,5e3", german), parse_whole_number("tokens", "1E6")
    (2500, 1000000)
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
    unsigned = body[1:] if negative else body
    if _scientific(unsigned):
        return _whole_value(
            field, _exact(field, unsigned, NumberFormat(group, decimal)), minimum, negative
        )
    digits = _whole_digits(field, unsigned, NumberFormat(group, decimal))
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


def _whole_value(field: str, value: Fraction, minimum: int, negative: bool) -> int:
    """``value`` (read without its sign) as the whole number a field takes, or its error."""
    if negative and value:
        raise CalculatorError(field, "too_small", minimum=minimum)
    if value > MAX_TYPED_VALUE:
        raise CalculatorError(field, "too_large", maximum=MAX_TYPED_VALUE)
    if value.denominator != 1:
        raise CalculatorError(field, "not_whole")
    if value < minimum:
        raise CalculatorError(field, "too_small", minimum=minimum)
    return int(value)


def _scientific(body: str) -> bool:
    """Whether ``body`` is written with a power of ten (``1e6``)."""
    return any(mark in body for mark in _EXPONENT_MARKS)


def _exact(field: str, body: str, number_format: NumberFormat) -> Fraction:
    """``body`` (no sign), a decimal in either convention with an optional power of ten
    (``2,5e3`` on a German page, ``1.5E-2``), read exactly; the mantissa is read as
    :func:`parse_decimal` reads a decimal (the page's own convention first).

    The work is linear in the text: at most :data:`MAX_DECIMAL_DIGITS` significant digits are
    converted, and an exponent past :data:`_MAX_EXPONENT` is refused from its length.

    >>> german = NumberFormat(group=".", decimal=",")
    >>> _exact("tokens", "2,5e3", german), _exact("tokens", "2.5E3", german)
    (Fraction(2500, 1), Fraction(2500, 1))
    >>> _exact("tokens", "1.5e-2", MACHINE), _exact("tokens", "1.000.000", german)
    (Fraction(3, 200), Fraction(1000000, 1))
    """
    mantissa, mark, exponent = body.replace("E", "e").partition("e")
    power = 0
    if mark:
        sign = exponent[:1] if exponent[:1] in _EXPONENT_SIGNS else ""
        digits = exponent[len(sign) :]
        if not (digits.isascii() and digits.isdigit()):
            raise CalculatorError(field, "not_a_number")
        digits = digits.lstrip("0") or "0"
        # Measured by its length first: int() of a long exponent is never asked for.
        huge = len(digits) > len(str(_MAX_EXPONENT)) or int(digits) > _MAX_EXPONENT
        power = _MAX_EXPONENT + 1 if huge else int(digits)
        if sign and sign != "+":
            power = -power
    reading = _either(mantissa, number_format)
    if reading is None:
        raise CalculatorError(field, "not_a_number")
    value = _reading_value(reading, field)
    if not value:
        return value
    if power > _MAX_EXPONENT:
        raise CalculatorError(field, "too_large", maximum=MAX_TYPED_VALUE)
    if power < -_MAX_EXPONENT:
        raise CalculatorError(field, "not_whole")
    scale: int = 10 ** abs(power)
    return value * scale if power >= 0 else value / scale


def _reading_value(reading: _Reading, field: str) -> Fraction:
    """The value of a reading, exactly; refused past :data:`MAX_DECIMAL_DIGITS` digits."""
    fraction = reading.fraction.rstrip("0")
    if len(reading.whole) + len(fraction) > MAX_DECIMAL_DIGITS:
        raise CalculatorError(field, "too_many_digits", maximum=MAX_DECIMAL_DIGITS)
    return Fraction(int(reading.whole + fraction or "0"), 10 ** len(fraction))


def _either(body: str, number_format: NumberFormat) -> _Reading | None:
    """``body`` as a decimal plainly means (whole or not), as :func:`parse_decimal` reads
    one: the page's own convention first, then the other; None if neither reads it."""
    own, other = _conventions(number_format)
    mine = _read(body, own)
    if mine is None and other is not None:
        return _read(body, other)
    return mine


def split_unit(text: str) -> tuple[str, str]:
    """``text`` as its number and the letters that end it (its unit, if it is one), with the
    spaces between them dropped.

    >>> split_unit(" 1,5\u00a0TB "), split_unit("50GB"), split_unit("1e6")
    (('1,5', 'TB'), ('50', 'GB'), ('1e6', ''))
    """
    body = text.strip()
    end = len(body)
    while end and body[end - 1].isascii() and body[end - 1].isalpha():
        end -= 1
    number = body[:end]
    start = len(number)
    while start and number[start - 1] in _SPACES:
        start -= 1
    return number[:start], body[end:]


def parse_size(
    field: str, text: str, number_format: NumberFormat = MACHINE, minimum: int = 1
) -> Fraction:
    """A size in bytes typed with its unit (``50 GB``, ``1,5 TiB``, ``2.5e3 kB``) or as a
    whole number of bytes (``2000000``, ``2e6``, ``2000000 B``), read exactly in
    ``number_format``.

    The number before a unit above a byte is a decimal, read as :func:`parse_decimal` reads
    one (``1,500 GB`` is 1.5 GB on a German page), and may come to a fraction of a byte
    (1.23 GiB is 1,320,702,443.52 bytes), kept exactly; a number of bytes is a whole number,
    read as :func:`parse_whole_number` reads one.  Anything else is refused with the forms
    accepted (``not_a_size``).

    >>> german = NumberFormat(group=".", decimal=",")
    >>> parse_size("size", "50 GB"), parse_size("size", "1,5\u00a0TiB", german)
    (Fraction(50000000000, 1), Fraction(1649267441664, 1))
    >>> parse_size("size", "1.23 GiB")
    Fraction(33017561088, 25)
    >>> try:
    ...     parse_size("size", "50 gb")
    ... except CalculatorError as error:
    ...     print(error.key)
    not_a_size
    """
    number, unit = split_unit(text)
    try:
        if not number:
            raise CalculatorError(field, "empty" if not unit else "not_a_size")
        factor = SIZE_UNITS.get(unit) if unit else 1
        if factor is None:
            raise CalculatorError(field, "not_a_size")
        if factor == 1:  # bytes: a whole number, read as every count is
            return Fraction(parse_whole_number(field, number, number_format, minimum))
        negative = number[0] in _MINUS_SIGNS
        try:
            value = _exact(field, number[1:] if negative else number, number_format) * factor
        except CalculatorError as error:
            if error.key != "not_whole":
                raise
            value = Fraction(0)  # a power of ten too small to compute: far below a byte
        if (negative and value) or value < minimum:
            raise CalculatorError(field, "too_small", minimum=minimum)
        if value > MAX_TYPED_VALUE:
            raise CalculatorError(field, "too_large", maximum=MAX_TYPED_VALUE)
        return value
    except CalculatorError as error:
        if error.key == "not_a_number":
            raise CalculatorError(field, "not_a_size") from None
        raise


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
    return _reading_value(reading, field)
