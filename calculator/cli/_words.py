"""The command line's words in the language ``--lang`` chose: the catalogs' ``cli.*`` keys.

An installed package has no ``locales/`` beside it, so the words come from generated tables,
one a language (``_tables/_cli_words_<language>.py``, written by tools/make_cli_words.py from
the five catalogs), imported when the language is first spoken.  A key's text is filled as
the page fills its own (``{name}`` placeholders, a plural object of CLDR categories for a
count), and its figures take the language's number format, which the catalogs declare for
the command line (``cli.number.*``): a terminal has no Intl to ask.

>>> words = Words("en")
>>> words("cli.summary.head", corpus="1 token", chunk_size=8000, overlap=64, window="step 448")
'1 token, chunk size 8,000, overlap 64, step 448'
>>> Words("de").count(2048, "chunks"), Words("pl").count(2048, "chunks")
('2.048 Abschnitte', '2048 fragmentów')
>>> Words("pl").count(22, "tokens"), Words("pl").integer(12_345)
('22 tokeny', '12\\xa0345')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING

from .._decimals import decimal_text
from .._text import NumberFormat
from .._units import size_figure
from ..protocol._export import catalog_export_words
from ._tables._cli_words import LANGUAGES as DECLARED

if TYPE_CHECKING:
    from .._units import UnitSystem

_TABLES = f"{__package__}._tables._cli_words_"


def available(declared: Sequence[str]) -> tuple[str, ...]:
    """The ``declared`` languages whose table this copy of the package carries: all five,
    but English only in the page's wheel (site_build/wheel.py; its pages speak their own).

    >>> available(["en", "xx"])
    ('en',)
    """
    return tuple(language for language in declared if find_spec(_TABLES + language) is not None)


def table(language: str) -> Mapping[str, str | dict[str, str]]:
    """The words of ``language``, every key, as the catalogs have them."""
    words: Mapping[str, str | dict[str, str]] = import_module(_TABLES + language).WORDS
    return words


#: The languages the command line speaks, English first (its default).
LANGUAGES = available(DECLARED)
#: Where a figure starts after its label ("chunks              2,557 (…)").
FIGURE_COLUMN = 20
# A placeholder as the catalogs write it; an unknown one stays visible, as on the page.
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


class Words:
    """One language's command-line words and number format."""

    def __init__(self, language: str = "en") -> None:
        self.language = language
        self.catalog = table(language)
        # The catalogs show the format by example ("12,345.6", "12.345,6"): its separators
        # are the characters after "12" and "345".
        example = self.text("cli.number.five_digits")
        self.number_format = NumberFormat(group=example[2], decimal=example[6])
        #: Whether a four-digit number is grouped ("1,234"; Polish groups from 10 000 only).
        self.group_four_digits = self.text("cli.number.four_digits") != "1234"

    def text(self, key: str) -> str:
        """A key's text exactly as the catalog has it (a label, the number format's example)."""
        value = self.catalog[key]
        assert isinstance(value, str), key
        return value

    def __call__(self, key: str, /, **values: int | str) -> str:
        """The key's text with its placeholders filled: a number in this language's format,
        a text as given."""
        return _filled(_plain(self.text(key)), self._shown(values))

    def _shown(self, values: Mapping[str, int | str]) -> dict[str, str]:
        return {
            name: self.integer(value) if isinstance(value, int) else value
            for name, value in values.items()
        }

    def count(self, n: int, noun: str, *, signed: bool = False, **values: int | str) -> str:
        """``n`` with the form of ``cli.plural.<noun>`` that agrees with it."""
        forms = self.catalog[f"cli.plural.{noun}"]
        assert isinstance(forms, dict), noun
        form = forms["zero"] if n == 0 and "zero" in forms else forms[self._category(n)]
        figure = self.integer(n, signed=signed)
        return _filled(_plain(form), {**self._shown(values), "count": figure})

    def _category(self, n: int) -> str:
        """CLDR's plural category of a whole number in this language, as the page's
        ``pluralCategory`` chooses it (pt and it's "many" of millions in words is "other")."""
        n = abs(n)
        if self.language == "pl":
            if n == 1:
                return "one"
            if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
                return "few"
            return "many"
        if self.language == "pt":
            return "one" if n in (0, 1) else "other"
        return "one" if n == 1 else "other"

    def integer(self, n: int, *, signed: bool = False) -> str:
        """A whole number grouped as this language groups it ("8,000", "8.000", "8000")."""
        sign = ("+" if signed and n >= 0 else "") + ("-" if n < 0 else "")
        digits = str(abs(n))
        if len(digits) > 3 and (self.group_four_digits or len(digits) > 4):
            digits = f"{abs(n):,}".replace(",", self.number_format.group)
        return sign + digits

    def decimal(self, text: str) -> str:
        """A plain decimal text ("1234.5", as ``decimal_text`` writes it) in this format."""
        sign, unsigned = ("-", text[1:]) if text.startswith("-") else ("", text)
        whole, dot, fraction = unsigned.partition(".")
        decimals = self.number_format.decimal + fraction if dot else ""
        return sign + self.integer(int(whole)) + decimals

    def percent(self, share: Fraction) -> str:
        """A share in per cent, to two places ("13.6%")."""
        return self("cli.percent", value=self.decimal(decimal_text(share * 100, places=2)))

    def size(self, byte_count: int, system: UnitSystem) -> str:
        """``byte_count`` in the largest unit of ``system`` ("iec", "si") it reaches, "≈"
        where rounded; below the first unit, in bytes."""
        figure = size_figure(byte_count, system)
        if figure.unit == "bytes":
            return self.count(byte_count, "bytes")
        marker = "≈" if figure.approximate else ""
        return f"{marker}{self.decimal(figure.significand)} {figure.unit}"

    def bytes_and_sizes(self, byte_count: int) -> str:
        """``byte_count`` in bytes, then in each unit system where it reaches a larger unit
        (as ``calculator._units.bytes_and_sizes``, in this language)."""
        systems: tuple[UnitSystem, ...] = ("iec", "si")
        larger = [
            self.size(byte_count, system)
            for system in systems
            if size_figure(byte_count, system).unit != "bytes"
        ]
        return " = ".join([self.count(byte_count, "bytes"), *larger])

    def export_words(self) -> dict[str, str]:
        """The Markdown and CSV tables' words: the page's, from this language's catalog."""
        return catalog_export_words(self.catalog)


def row(label: str, text: str) -> str:
    """A labelled line: the figure at :data:`FIGURE_COLUMN`, or a space after a longer label."""
    return f"{label.ljust(FIGURE_COLUMN - 1)} {text}"


def _plain(text: str) -> str:
    """A catalog text as the command line writes it: its no-break spaces plain.  The page
    keeps a number and its unit on one line with them; the command line has always written
    plain spaces (its English is held byte for byte) and wraps its lines itself.  Filled in
    after this, a figure keeps its own separators (Polish groups digits with a no-break
    space, so a number is never wrapped apart)."""
    return text.replace("\u00a0", " ")


def _filled(template: str, values: Mapping[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda match: values.get(match[1], match[0]), template)


@cache
def words_of(language: str = "en") -> Words:
    """The words of ``language``, made once."""
    return Words(language)


def words_for(options: object) -> Words:
    """The words of the language the command line's options chose (``--lang``)."""
    return words_of(getattr(options, "lang", None) or "en")


def english() -> Words:
    """The command line's default words, the ones its doctests and JSON speak."""
    return words_of("en")
