"""tiktoken's pre-tokenizing patterns, run by Python's own ``re``.

The patterns use \\p{L}, \\p{Lu}, \\p{N}, \\p{M} and \\s, which ``re`` does not know.  So
the text is first translated, character for character, into one code letter per class
the patterns tell apart (``str.translate``, in C); the same patterns, written over those
code letters, then run on the translated text, and their matches, which cover the text
end to end, are the pieces at the same positions of the original.  (The translation
trick follows the pure-Python ``puretiktoken`` package, MIT licensed.)  The classes come
from a table of Unicode 16.0.0, the version tiktoken's regex engine uses, rather than from
``unicodedata``, whose version is the interpreter's.

Python's ``re`` has tiktoken's possessive quantifiers and its ordered, leftmost-first
alternation, so the patterns below are tiktoken's, symbol for symbol.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import pairwise

from ._tables._classes import CLASSES, STARTS

# Code letters of the classes besides letters.
_NEWLINE = "a"  # \r and \n
_SPACE = "b"  # U+0020, the pattern's literal space
_WHITE = "c"  # other White_Space
_NUMBER = "d"  # \p{N}
_APOSTROPHE = "e"  # '
_SLASH = "f"  # /, which o200k keeps with the punctuation before it
_OTHER = "g"  # punctuation, symbols, controls, unassigned
_MARK = "h"  # \p{M}: a letter for o200k's classes, not for \p{L}

# The contractions are case-insensitive: their letters (and U+017F, a long s that
# case-folds to s) each get codes of their own.
_FOLDED = "stmdlvre"
_SHAPES = ("U", "L", "O")  # Lu/Lt, Ll, Lm/Lo
_LETTER_CODES = "ijklmnopqrstuvwxyzABCDEFGHI"  # 3 shapes × (no fold + 8 folds)


def _letter(shape: str, folded: str = "") -> str:
    return _LETTER_CODES[_SHAPES.index(shape) * 9 + (_FOLDED.index(folded) + 1 if folded else 0)]


def _letters(*, shapes: str = "ULO", folded: str | None = None) -> str:
    """The codes of letters of these shapes (and, if given, this folded letter)."""
    folds = ["", *_FOLDED] if folded is None else [folded]
    return "".join(_letter(shape, fold) for shape in shapes for fold in folds)


_CLASS_CODES = {"U": _letter("U"), "L": _letter("L"), "O": _letter("O"), "M": _MARK,
                "N": _NUMBER, "W": _WHITE, "P": _OTHER}  # fmt: skip
_SPECIAL = {"\r": _NEWLINE, "\n": _NEWLINE, " ": _SPACE, "'": _APOSTROPHE, "/": _SLASH}
for _fold in _FOLDED:
    _SPECIAL[_fold] = _letter("L", _fold)
    _SPECIAL[_fold.upper()] = _letter("U", _fold)
_SPECIAL["\u017f"] = _letter("L", "s")


def _code(character: str) -> int:
    special = _SPECIAL.get(character)
    if special is not None:
        return ord(special)
    return ord(_CLASS_CODES[CLASSES[bisect_right(STARTS, ord(character)) - 1]])


# Code points seen so far → their code letter; grows with the characters met.
_TABLE: dict[int, int] = {}


def class_codes(text: str) -> str:
    """``text`` with every character replaced by its class's code letter.

    >>> class_codes("It's 42 µs\\r\\n")
    'itesbddbrsaa'
    """
    table = _TABLE
    for character in set(text):
        if ord(character) not in table:
            table[ord(character)] = _code(character)
    return text.translate(table)


def _pattern(template: str) -> re.Pattern[str]:
    """A tiktoken pattern with its classes replaced by their code letters."""
    classes = {
        "{L}": _letters(),
        "{UP}": _letters(shapes="UO") + _MARK,  # [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
        "{LO}": _letters(shapes="LO") + _MARK,  # [\p{Ll}\p{Lm}\p{Lo}\p{M}]
        "{N}": _NUMBER,
        "{S}": _NEWLINE + _SPACE + _WHITE,
        "{RN}": _NEWLINE,
        "{SP}": _SPACE,
        "{AP}": _APOSTROPHE,
        "{SL}": _SLASH,
        "{OTHER}": _OTHER + _MARK + _APOSTROPHE + _SLASH + _SPACE + _WHITE,  # not \r\n, L, N
    }
    for fold in _FOLDED:
        classes["{" + fold + "}"] = _letters(folded=fold)
    for name, codes in classes.items():
        template = template.replace(name, codes)
    return re.compile(template)


# '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+
# |\s++$|\s*[\r\n]|\s+(?!\S)|\s
CL100K_TEMPLATE = (
    "[{AP}](?:[{s}{d}{m}{t}]|[{l}][{l}]|[{v}][{e}]|[{r}][{e}])"
    "|[{OTHER}]?+[{L}]++"
    "|[{N}]{1,3}+"
    "|[{SP}]?[^{S}{L}{N}]++[{RN}]*+"
    "|[{S}]++\\Z"
    "|[{S}]*[{RN}]"
    "|[{S}]+(?![^{S}])"
    "|[{S}]"
)
CL100K = _pattern(CL100K_TEMPLATE)

# [^\r\n\p{L}\p{N}]?[UP]*[LO]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[UP]+[LO]*(?i:…)?
# |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
_CONTRACTION = "(?:[{AP}](?:[{s}]|[{t}]|[{r}][{e}]|[{v}][{e}]|[{m}]|[{l}][{l}]|[{d}]))?"
O200K_TEMPLATE = (
    "[{OTHER}]?[{UP}]*[{LO}]+" + _CONTRACTION
    + "|[{OTHER}]?[{UP}]+[{LO}]*" + _CONTRACTION
    + "|[{N}]{1,3}"
    "|[{SP}]?[^{S}{L}{N}]+[{RN}{SL}]*"
    "|[{S}]*[{RN}]+"
    "|[{S}]+(?![^{S}])"
    "|[{S}]+"
)  # fmt: skip
O200K = _pattern(O200K_TEMPLATE)


def pieces(pattern: re.Pattern[str], text: str) -> list[str]:
    """The pieces tiktoken's pattern splits ``text`` into.

    >>> pieces(O200K, "Hello world's  END\\n")
    ['Hello', " world's", ' ', ' END', '\\n']
    >>> pieces(CL100K, "Hello world's  END\\n")
    ['Hello', ' world', "'s", ' ', ' END', '\\n']
    """
    ends = [match.end() for match in pattern.finditer(class_codes(text))]
    return [text[start:end] for start, end in pairwise([0, *ends])]
