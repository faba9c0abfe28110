"""How the splitters measure text: any tokenizer's length function, memoized and bounded.

A splitter asks for the length of many small pieces, some of them again and again (single
characters, words, the same separator), and of a few long ones only to learn that they are
too long.  :class:`Length` remembers the lengths of short texts, and, when it knows the most
characters one token can stand for, answers "longer than the limit" for a long piece
without counting it, so a step of a splitter never counts more than about
``chunk_size × longest_token`` characters at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .._tokens import Encoding

# Texts up to this many characters have their lengths remembered, at most this many.
_MEMO_CHARACTERS = 32
_MEMO_LIMIT = 1 << 16

# Every token of o200k_base and cl100k_base stands for at most 128 bytes (so at most 128
# characters); a test reads it from the ranks.
LONGEST_TOKEN_BYTES = 128

# tiktoken's special tokens, which ``encode(text, allowed_special="all")`` counts as one
# token each where their spelling appears; a test compares them with tiktoken's.
SPECIAL_TOKENS = {
    "o200k_base": ("<|endoftext|>", "<|endofprompt|>"),
    "cl100k_base": (
        "<|endoftext|>",
        "<|fim_prefix|>",
        "<|fim_middle|>",
        "<|fim_suffix|>",
        "<|endofprompt|>",
    ),
}


class Length:
    """A length function for the splitters: ``count(text)``, remembered for short texts.

    ``longest_token``, when given, is the most characters a single token can stand for:
    a text of more than ``limit × longest_token`` characters is then known to be more than
    ``limit`` tokens without being counted (:meth:`at_most`).

    >>> length = Length(len, longest_token=1)
    >>> length("abc"), length.at_most("abcdef", 4)
    (3, 5)
    """

    __slots__ = ("_count", "_memo", "longest_token")

    def __init__(self, count: Callable[[str], int], longest_token: int | None = None) -> None:
        self._count = count
        self._memo: dict[str, int] = {}
        self.longest_token = longest_token

    def __call__(self, text: str) -> int:
        if len(text) > _MEMO_CHARACTERS:
            return self._count(text)
        length = self._memo.get(text)
        if length is None:
            length = self._count(text)
            if len(self._memo) < _MEMO_LIMIT:
                self._memo[text] = length
        return length

    def at_most(self, text: str, limit: int) -> int:
        """``text``'s length if it may be ``limit`` or less; else a number above ``limit``
        (``limit + 1`` when the text is known too long without counting it)."""
        if self.longest_token is not None and len(text) > limit * self.longest_token:
            return limit + 1
        return self(text)


def as_length(length: Callable[[str], int]) -> Length:
    """``length`` as a :class:`Length` (a plain function gets memoized, with no bound)."""
    return length if isinstance(length, Length) else Length(length)


def encoding_length(encoding: Encoding, *, special: bool = False) -> Length:
    """The length in tokens of an ``calculator._tokens`` encoding.

    By default text is counted as ordinary text (tiktoken's ``encode_ordinary``), so a
    special token's spelling counts as the characters it is made of; LangChain's
    ``from_tiktoken_encoder`` refuses such text instead (its ``disallowed_special="all"``).
    ``special=True`` counts each spelling as the one token it is, as tiktoken's
    ``encode(text, allowed_special="all")`` does: LlamaIndex's default tokenizer.
    """
    if not special:
        return Length(encoding.count, LONGEST_TOKEN_BYTES)
    spellings = SPECIAL_TOKENS[encoding.name]
    pattern = re.compile("|".join(map(re.escape, spellings)))
    count = encoding.count

    def count_with_special(text: str) -> int:
        # tiktoken encodes the text between special tokens piece by piece.
        total, start = 0, 0
        for match in pattern.finditer(text):
            total += count(text[start : match.start()]) + 1
            start = match.end()
        return total + count(text[start:])

    longest = max(LONGEST_TOKEN_BYTES, *map(len, spellings))
    return Length(count_with_special, longest)
