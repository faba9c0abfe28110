"""Byte counts in binary (IEC: KiB = 1024 bytes) and decimal (SI: kB = 1000 bytes) units.

One rounding rule for every approximate size, the command line's and the page's: three
significant digits, half up, whole units never rounded away (1016 KiB), and a figure that
rounds up to a whole next unit is said in that unit (999,999 bytes are ≈1 MB, not ≈1000 kB).
The page receives the decided figure (``size_figure``) and only localizes its digits.
"""

from __future__ import annotations

from ._english import count_of
from ._record import record

# The page's Python never imports typing (one more module to load at start); the unit
# systems' names are for the checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    UnitSystem: TypeAlias = Literal["iec", "si"]

IEC_UNITS = ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB")
SI_UNITS = ("bytes", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB")
SIGNIFICANT_DIGITS = 3

_SYSTEMS: dict[str, tuple[int, tuple[str, ...]]] = {
    "iec": (1024, IEC_UNITS),
    "si": (1000, SI_UNITS),
}


@record
class SizeFigure:
    """A byte count as shown: ``significand`` (plain decimal text) in ``unit``.

    ``unit`` is ``"bytes"`` below one KiB or kB; ``approximate`` is true when the
    significand was rounded.
    """

    approximate: bool
    significand: str
    unit: str


def size_figure(byte_count: int, system: UnitSystem) -> SizeFigure:
    """``byte_count`` (>= 0) in the largest unit of ``system`` it reaches, rounded by the one rule.

    >>> size_figure(27648, "iec"), size_figure(27648, "si")
    (SizeFigure(approximate=False, significand='27', unit='KiB'), \
SizeFigure(approximate=True, significand='27.6', unit='kB'))
    >>> [size_figure(count, "si").significand for count in (999, 999_999, 1_040_000, 1_234_567)]
    ['999', '1', '1.04', '1.23']
    >>> size_figure(1_048_575, "iec"), size_figure(1_040_000, "iec")
    (SizeFigure(approximate=True, significand='1', unit='MiB'), \
SizeFigure(approximate=True, significand='1016', unit='KiB'))
    """
    if byte_count < 0:
        raise ValueError("a byte count is never negative")
    base, units = _SYSTEMS[system]
    exponent = 0
    while exponent + 1 < len(units) and byte_count >= base ** (exponent + 1):
        exponent += 1
    if exponent == 0:
        return SizeFigure(approximate=False, significand=str(byte_count), unit=units[0])
    while True:
        divisor = base**exponent
        places = max(0, SIGNIFICANT_DIGITS - len(str(byte_count // divisor)))
        scale = 10**places
        # Half up, in integers: floor(byte_count / divisor * scale + 1/2).
        scaled = (2 * byte_count * scale + divisor) // (2 * divisor)
        if scaled >= base * scale and exponent + 1 < len(units):
            exponent += 1
            continue
        break
    whole, fraction = divmod(scaled, scale)
    digits = str(fraction).rjust(places, "0").rstrip("0") if places else ""
    significand = f"{whole}.{digits}" if digits else str(whole)
    return SizeFigure(
        approximate=scaled * divisor != byte_count * scale,
        significand=significand,
        unit=units[exponent],
    )


def size_text(figure: SizeFigure) -> str:
    """The command line's words for ``figure``: its whole part grouped with ",", "≈" if rounded.

    >>> size_text(size_figure(1_040_000, "iec")), size_text(size_figure(1000, "iec"))
    ('≈1,016 KiB', '1,000 bytes')
    """
    whole, dot, fraction = figure.significand.partition(".")
    marker = "≈" if figure.approximate else ""
    return f"{marker}{int(whole):,}{dot}{fraction} {figure.unit}"


def iec_size(byte_count: int) -> str:
    """``byte_count`` in the largest binary unit it reaches; "≈" marks rounding.

    >>> iec_size(6144), iec_size(27648), iec_size(1000), iec_size(10**6)
    ('6 KiB', '27 KiB', '1,000 bytes', '≈977 KiB')
    """
    return size_text(size_figure(byte_count, "iec"))


def si_size(byte_count: int) -> str:
    """``byte_count`` in the largest decimal unit it reaches; "≈" marks rounding.

    >>> si_size(6144), si_size(27648), si_size(10**6)
    ('≈6.14 kB', '≈27.6 kB', '1 MB')
    """
    return size_text(size_figure(byte_count, "si"))


def bytes_and_sizes(byte_count: int) -> str:
    """``byte_count`` in bytes, then in each unit system where it reaches a larger unit.

    A figure that would only say the byte count again is left out, as the page does
    (``Formatter.bytesAndSizes``).

    >>> bytes_and_sizes(1), bytes_and_sizes(1008), bytes_and_sizes(6144)
    ('1 byte', '1,008 bytes = ≈1.01 kB', '6,144 bytes = 6 KiB = ≈6.14 kB')
    """
    figures = [size_figure(byte_count, system) for system in ("iec", "si")]
    larger = [size_text(figure) for figure in figures if figure.unit != "bytes"]
    return " = ".join([count_of(byte_count, "byte", "bytes"), *larger])
