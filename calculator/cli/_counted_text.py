"""What ``--count`` says of the files it counted: their tokens, and the text's bytes and
characters a token, as the page's counter says them and uses them.

>>> from calculator._tokens._files import Counted
>>> counted = [Counted("a.md", 8, None, 30, 32), Counted("b.md", 4, None, 10, 10)]
>>> counted_line("o200k_base", counted)
'counted with o200k_base: 2 files, 12 tokens; 3.5 bytes and 3.33 characters a token'
>>> text_bytes_per_token(counted)
'3.50'
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from .._decimals import decimal_text
from .._encodings import PURE_PYTHON
from ._words import Words, english

if TYPE_CHECKING:
    from typing import Protocol

    from .._tokens._files import Counted

    class Totals(Protocol):
        """A corpus too large to list (``calculator._sources.Tally``): its totals."""

        documents: int
        tokens: int
        characters: int
        bytes: int

    Corpus = list[Counted] | Totals

#: The decimals of the text bytes a token that the page's counter puts into the storage
#: panel (web/page/count/sample.js's BYTES_PER_TOKEN_DECIMALS).
BYTES_PER_TOKEN_DECIMALS = 2
# The decimals the line shows a ratio with.
SHOWN_DECIMALS = 2


def _totals(counted: Corpus) -> tuple[int, int, int]:
    if not isinstance(counted, list):
        return counted.tokens, counted.bytes, counted.characters
    return (
        sum(item.tokens or 0 for item in counted),
        sum(item.bytes for item in counted),
        sum(item.characters for item in counted),
    )


def text_bytes_per_token(counted: Corpus) -> str | None:
    """The counted text's UTF-8 bytes a token, as the page fills the storage panel's field
    (``(bytes / tokens).toFixed(2)``: the double's exact value rounded half up, so that the
    page and the command line size one corpus the same), or None without tokens."""
    tokens, utf8, _ = _totals(counted)
    if not tokens:
        return None
    exact = Decimal(utf8 / tokens)  # the double JavaScript divides to, exactly
    return str(exact.quantize(Decimal(1).scaleb(-BYTES_PER_TOKEN_DECIMALS), ROUND_HALF_UP))


def counted_line(
    encoding: str,
    counted: Corpus,
    engine: str = PURE_PYTHON,
    unit: str = "files",
    words: Words | None = None,
) -> str:
    """The first line: files (``unit``: "files" or "documents"), tokens, and the text's bytes
    and characters a token; the library that counted, where one did (the same counts as this
    package's own)."""
    w = words or english()
    tokens, utf8, characters = _totals(counted)
    many = counted.documents if not isinstance(counted, list) else len(counted)
    by = "" if engine == PURE_PYTHON else f" ({engine})"
    line = w(
        "cli.counted.line", encoding=f"{encoding}{by}", files=w.count(many, unit),
        tokens=w.count(tokens, "tokens"),
    )  # fmt: skip
    if tokens:
        per_byte = decimal_text(Fraction(utf8, tokens), SHOWN_DECIMALS)
        per_character = decimal_text(Fraction(characters, tokens), SHOWN_DECIMALS)
        line += "; " + w(
            "cli.counted.per_token", bytes=w.decimal(per_byte), characters=w.decimal(per_character)
        )
    return line


def counted_report(encoding: str, counted: Corpus, engine: str = PURE_PYTHON) -> dict[str, object]:
    """``--json``'s ``counted``: each file's figures and their totals, and what counted; a
    corpus too large to list gives its number of documents in place of the list."""
    listed: dict[str, object]
    if isinstance(counted, list):
        documents = [
            {
                "path": item.path,
                "tokens": item.tokens,
                "characters": item.characters,
                "bytes": item.bytes,
            }
            for item in counted
        ]
        listed = {"documents": documents}
    else:
        listed = {"document_count": counted.documents}
    tokens, utf8, characters = _totals(counted)
    return {
        "encoding": encoding,
        "engine": engine,
        **listed,
        "tokens": tokens,
        "characters": characters,
        "bytes": utf8,
        "bytes_per_token": text_bytes_per_token(counted),
    }
