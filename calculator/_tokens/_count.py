"""Token counts without the tokens: what ``--count`` needs, as fast as pure Python goes.

:meth:`Encoding.encode <calculator._tokens.Encoding.encode>` matches the splitting pattern
on the text's class codes and slices each piece out of the text in a Python loop.  Counting
needs neither the ids nor that loop:

- The same pattern is written over the characters themselves (the classes as ranges of
  code points, from the same Unicode table, see :func:`text_pattern`), so one ``findall``
  call in C gives the pieces.  Python's ``re`` tests a character beyond U+FFFF against a
  class's astral ranges one by one, so that pattern leaves them out, and a slice of text
  that has such a character (an emoji) is split on its class codes instead, as ``encode``
  splits it.
- Each distinct piece's token count is merged once and kept (:class:`_PieceCounts`, a
  dictionary whose misses merge); real text repeats its words, so ``sum(map(...))`` over
  the pieces is mostly lookups, in C.
- Text is counted as it is read (:class:`CountStream`): each slice's pieces that no later
  text can change are counted and the rest waits for the next slice, so a file of any size
  takes memory for a slice and its pending piece, never the whole file's pieces.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import accumulate, pairwise

from . import Encoding, _without_lone_surrogates
from ._bpe import Ranks, merged_count
from ._split import CL100K_TEMPLATE, O200K_TEMPLATE, class_codes
from ._tables._classes import CLASSES, STARTS

# Characters a slice of a stream holds before its certain pieces are counted.
SLICE_CHARACTERS = 1 << 20
# Distinct pieces whose counts are kept: real text repeats its words, text of unique pieces
# (a long list of hashes) must not grow the table for ever.
PIECES_KEPT = 1 << 18
# White space, as tiktoken's \s knows it: the characters of class W.
_WHITE_SPACE = "".join(
    chr(code)
    for (start, end), kind in zip(pairwise((*STARTS, 0x110000)), CLASSES, strict=True)
    if kind == "W"
    for code in range(start, end)
)
_BMP_END = 0x10000
# The placeholders of _split's templates as sets of code points: the classes (of
# _classes.CLASSES) they take, and single characters added or taken out; the same sets
# _split._pattern writes as class codes.
_PLACEHOLDERS: dict[str, tuple[str, str, str]] = {
    "{L}": ("ULO", "", ""),  # \p{L}
    "{UP}": ("UOM", "", ""),  # [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
    "{LO}": ("LOM", "", ""),  # [\p{Ll}\p{Lm}\p{Lo}\p{M}]
    "{N}": ("N", "", ""),
    "{S}": ("W", "", ""),
    "{RN}": ("", "\r\n", ""),
    "{SP}": ("", " ", ""),
    "{AP}": ("", "'", ""),
    "{SL}": ("", "/", ""),
    "{OTHER}": ("PMW", "", "\r\n"),  # [^\r\n\p{L}\p{N}]
    # The contractions' letters, case-insensitive: U+017F (long s) folds to s.
    **{"{" + letter + "}": ("", letter + letter.upper(), "") for letter in "tmdlvre"},
    "{s}": ("", "sS\u017f", ""),
}
_TEMPLATES = {"o200k_base": O200K_TEMPLATE, "cl100k_base": CL100K_TEMPLATE}


def _class_text(kinds: str, extra: str, excluded: str) -> str:
    """The code points below U+10000 of ``kinds`` with ``extra`` and without ``excluded``,
    as the inside of a regular expression's character class.

    >>> print(_class_text("N", "", "")[:26])
    \\u0030-\\u0039\\u00b2-\\u00b3
    """
    spans = [
        (start, min(end, _BMP_END) - 1)
        for (start, end), kind in zip(pairwise((*STARTS, 0x110000)), CLASSES, strict=True)
        if kind in kinds and start < _BMP_END
    ]
    spans += [(ord(character), ord(character)) for character in extra]
    for character in excluded:  # a single code point cut out of the span holding it
        point = ord(character)
        spans = [
            piece
            for first, last in spans
            for piece in (
                ((first, point - 1), (point + 1, last))
                if first <= point <= last
                else ((first, last),)
            )
            if piece[0] <= piece[1]
        ]
    merged: list[list[int]] = []
    for first, last in sorted(spans):
        if merged and first <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    return "".join(
        f"\\u{first:04x}" if first == last else f"\\u{first:04x}-\\u{last:04x}"
        for first, last in merged
    )


@cache
def text_pattern(encoding: str) -> re.Pattern[str]:
    """``encoding``'s splitting pattern over text itself, for text without characters
    beyond U+FFFF (it leaves them out of every class).

    >>> text_pattern("o200k_base").findall("Hello world's  END\\n")
    ['Hello', " world's", ' ', ' END', '\\n']
    """
    template = _TEMPLATES[encoding]
    for name, (kinds, extra, excluded) in _PLACEHOLDERS.items():
        template = template.replace(name, _class_text(kinds, extra, excluded))
    return re.compile(template)


class _PieceCounts(dict[str, int]):
    """Piece → its token count; a piece not yet known is merged on lookup (and kept while
    fewer than :data:`PIECES_KEPT` are)."""

    def __init__(self, ranks: Ranks) -> None:
        super().__init__()
        self._ranks = ranks

    def __missing__(self, piece: str) -> int:
        count = merged_count(piece.encode("utf-8"), self._ranks)
        if len(self) < PIECES_KEPT:
            self[piece] = count
        return count


class TokenCounter:
    """Counts text in ``encoding``'s tokens, equal to ``len(Encoding.encode(text))``.

    >>> ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b" c": 257}
    >>> TokenCounter(Encoding("o200k_base", ranks)).count("ab c ab")
    4
    """

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self._text_pattern = text_pattern(encoding.name)
        self._counts = _PieceCounts(encoding.ranks)
        self.lookup = self._counts.__getitem__

    def count(self, text: str) -> int:
        """How many tokens ``text`` is."""
        stream = self.stream()
        stream.feed(text)
        return stream.close()

    def stream(self, slice_characters: int = SLICE_CHARACTERS) -> CountStream:
        """A count of text given a part at a time."""
        return CountStream(self, slice_characters)

    def pieces(self, text: str) -> list[str]:
        """The pieces ``text`` splits into, taken as a whole text."""
        if text.isascii() or max(text) < "\U00010000":
            return self._text_pattern.findall(text)
        # Beyond U+FFFF: the pieces as encode() finds them, on the class codes.
        ends = accumulate(map(len, self.encoding.pattern.findall(class_codes(text))))
        return [text[start:end] for start, end in pairwise((0, *ends))]


class CountStream:
    """Text counted a part at a time, as it is read: :meth:`feed` the parts in order, then
    :meth:`close` gives the whole text's count.

    Pending text is split a slice at a time, each slice as if it were the whole text; the
    pieces that end at least three characters before the slice's end, with something other
    than white space after them, are the whole text's (see ``_page._certain_end``, which the
    page's counting rests on) and are counted; the rest starts the next slice.  When a slice
    has no such piece (one long piece: a million "a"), the next is twice as long, so such a
    piece is split a few times over its length, not once per slice.
    """

    def __init__(self, counter: TokenCounter, slice_characters: int) -> None:
        self._counter = counter
        self._slice = slice_characters
        self._window = slice_characters
        self._pending = ""
        self.tokens = 0

    def feed(self, text: str) -> None:
        """Add the next part of the text, counting the slices it completes."""
        if not text.isascii():
            text = _without_lone_surrogates(text)
        pending = self._pending + text if self._pending else text
        start = 0
        while len(pending) - start >= self._window:
            done = self._count_certain(pending[start : start + self._window])
            if done:
                start += done
                self._window = self._slice
            else:
                self._window *= 2
        self._pending = pending[start:] if start else pending

    def _count_certain(self, window: str) -> int:
        """Count the pieces of ``window`` that no text after it changes; how many
        characters they are (0 when there is none)."""
        last = len(window.rstrip(_WHITE_SPACE)) - 1
        limit = min(len(window) - 3, last)
        pieces = self._counter.pieces(window)
        end = len(window)
        while pieces and end > limit:
            end -= len(pieces.pop())
        self.tokens += sum(map(self._counter.lookup, pieces))
        return end

    def close(self) -> int:
        """Count the rest: the whole text's token count."""
        pending, self._pending = self._pending, ""
        self.tokens += sum(map(self._counter.lookup, self._counter.pieces(pending)))
        return self.tokens
