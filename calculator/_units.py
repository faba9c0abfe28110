"""Byte counts in binary (IEC: KiB = 1024 bytes) and decimal (SI: kB = 1000 bytes) units."""

from __future__ import annotations

from fractions import Fraction

from ._report import decimal_text

IEC_UNITS = ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB")
SI_UNITS = ("bytes", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB")


def iec_size(byte_count: int) -> str:
    """``byte_count`` in the largest binary unit it reaches; "≈" marks rounding.

    >>> iec_size(6144), iec_size(27648), iec_size(1000), iec_size(10**6)
    ('6 KiB', '27 KiB', '1000 bytes', '≈976.56 KiB')
    """
    return _scaled(byte_count, 1024, IEC_UNITS)


def si_size(byte_count: int) -> str:
    """``byte_count`` in the largest decimal unit it reaches; "≈" marks rounding.

    >>> si_size(6144), si_size(27648), si_size(10**6)
    ('≈6.14 kB', '≈27.65 kB', '1 MB')
    """
    return _scaled(byte_count, 1000, SI_UNITS)


def _scaled(byte_count: int, base: int, units: tuple[str, ...]) -> str:
    exponent = 0
    while exponent + 1 < len(units) and byte_count >= base ** (exponent + 1):
        exponent += 1
    value = Fraction(byte_count, base**exponent)
    text = decimal_text(value, places=2)
    marker = "" if Fraction(text) == value else "≈"
    return f"{marker}{text} {units[exponent]}"
