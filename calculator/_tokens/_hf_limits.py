"""What a ``tokenizer.json`` may ask of the counter, and the error that says what it asked.

A tokenizer file is untrusted input: anyone can write one, and a page or a colleague may hand
it on.  Its regular expressions, its normalizers and its vocabulary decide how much work a
count is, so each is bounded when the file is read, or while a text is counted, by the limits
below; a file that asks for more is refused with :class:`TokenizerFileError`, whose
``reason`` names the page's catalog message (``count.tokenizer_reason.<reason>``) and whose
``params`` fill it, language-free (a part of the file as written, a number).  The English
message is the command line's.

The regular expressions of Split and Replace are the ones to bound by construction: Python's
``re`` backtracks, and ``a*a*a*c`` over a run of "a" takes time growing as a power of the
run.  A pattern made of literal characters (what ``_hf._patterns._PLAIN_REGEX`` admits) is applied
only when every repetition in it but the last is of a fixed count and its fixed part is
short: then ``re`` tries at most :data:`MOST_FIXED_CHARACTERS` twice at each position and
never backtracks into a repetition, so a text is matched in time linear in its length.

>>> bounded_pattern("a{2,}", "Split pre-tokenizer").pattern
'a{2,}'
>>> try:
...     bounded_pattern("a*a*c", "Split pre-tokenizer")
... except TokenizerFileError as refusal:
...     print(refusal.reason)
unbounded_pattern
"""

from __future__ import annotations

import re
from re import _parser  # type: ignore[attr-defined]  # re's own reading of a pattern

__all__ = [
    "MOST_BYTES",
    "MOST_FIXED_CHARACTERS",
    "MOST_PIECE_CHARACTERS",
    "REASONS",
    "TokenizerFileError",
    "UnsupportedTokenizerError",
    "bounded_pattern",
    "most_normalized",
]

#: The largest tokenizer.json read, in bytes (the largest real ones, of models with 250,000
#: pieces and their merges, are about 35 MB); the page's worker refuses the same size.
MOST_BYTES = 64 * 2**20

#: How much longer than its input a normalizer's text may be: NFKC makes one character at
#: most 18 (U+FDFA), a Replace of a space by "▁" keeps the length; more is a file that
#: multiplies the text (nine Replaces of "a" by ten a's make it 10⁹ times longer).
MOST_GROWTH = 32
#: ... plus a few characters for a short text (Prepend's "▁").
GROWTH_SLACK = 1024

#: The characters of a Split or Replace pattern's fixed part, and of its last repetition's
#: least count (see the module's docstring).
MOST_FIXED_CHARACTERS = 256

#: The longest piece of a Unigram vocabulary: the lattice looks up each piece length that
#: starts at each position, so a piece of 100,000 characters would make every position of a
#: long run cost 100,000 (SentencePiece's trainer makes pieces of at most 16 by default).
MOST_PIECE_CHARACTERS = 256


#: Every reason a tokenizer.json is refused for, and the values its message is filled with:
#: the page's catalogs hold ``count.tokenizer_reason.<reason>`` for each, with ``{file}``.
REASONS: dict[str, tuple[str, ...]] = {
    "not_utf8": (),
    "not_json": ("line", "column"),
    "no_model": (),
    "too_deep": (),
    "missing_field": ("field",),
    "wrong_kind": (),
    "bad_value": ("part",),
    "unsupported": ("part",),
    "unsupported_pattern": ("part",),
    "bad_pattern": ("part",),
    "unbounded_pattern": ("part",),
    "grows": ("times",),
    "long_piece": ("part",),
}


class TokenizerFileError(ValueError):
    """Why a tokenizer.json cannot count: ``reason`` (the catalog message's last name part),
    ``params`` (its values, language-free) and, as the exception's text, the English
    message."""

    def __init__(self, reason: str, message: str, **params: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params

    def __reduce__(self) -> tuple[object, ...]:
        # As it was, across the command line's counting processes (an exception is rebuilt
        # from its args, which hold only the message).
        return (_rebuilt, (type(self), self.reason, str(self), self.params))


def _rebuilt(
    kind: type[TokenizerFileError], reason: str, message: str, params: dict[str, str]
) -> TokenizerFileError:
    error = ValueError.__new__(kind)
    ValueError.__init__(error, message)
    error.reason, error.params = reason, params
    return error


class UnsupportedTokenizerError(TokenizerFileError):
    """A tokenizer.json this module cannot apply exactly (or not in bounded time);
    ``part`` is the part as the file writes it."""

    def __init__(self, message: str, part: str = "", reason: str = "unsupported") -> None:
        super().__init__(reason, message, part=part)


def most_normalized(text: str) -> int:
    """The most characters a normalizer may make of ``text``."""
    return MOST_GROWTH * len(text) + GROWTH_SLACK


def too_long(where: str) -> TokenizerFileError:
    """The error of a normalizer whose text grew past :func:`most_normalized`."""
    return TokenizerFileError(
        "grows",
        f"the {where} makes a text more than {MOST_GROWTH} times longer",
        times=str(MOST_GROWTH),
    )


def bounded_pattern(regex: str, where: str) -> re.Pattern[str]:
    """``regex`` (of literal characters) compiled, if ``re`` matches it in linear time.

    Raises :class:`UnsupportedTokenizerError` when it is no pattern, or when it could
    backtrack: a repetition of varying count before its end, or a fixed part longer than
    :data:`MOST_FIXED_CHARACTERS`.
    """
    try:
        compiled = re.compile(regex)
        parsed = list(_parser.parse(regex))
    except (re.error, OverflowError, RecursionError) as failure:
        raise UnsupportedTokenizerError(
            f"the {where}'s regular expression {regex!r} is not valid ({failure})",
            part=regex,
            reason="bad_pattern",
        ) from None
    # (least, most) count of each element, in order.
    counts: list[tuple[int, int]] = []
    for op, value in parsed:
        name = str(op)
        if name == "LITERAL":
            counts.append((1, 1))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            least, most, inner = value
            if [str(item[0]) for item in inner] != ["LITERAL"]:
                break
            counts.append((least, most))
        else:
            break
    else:
        fixed = sum(least for least, _ in counts)
        if all(least == most for least, most in counts[:-1]) and fixed <= MOST_FIXED_CHARACTERS:
            return compiled
    raise UnsupportedTokenizerError(
        f"the {where}'s regular expression {regex!r} could take time without bound"
        " (only literal text ending in one repetition is applied)",
        part=regex,
        reason="unbounded_pattern",
    )
