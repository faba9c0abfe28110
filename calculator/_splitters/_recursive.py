"""LangChain's ``RecursiveCharacterTextSplitter``, measured in tokens.

It cuts the text at the first separator of its list that occurs in it, keeping each
separator at the start of the piece after it; pieces shorter than ``chunk_size`` tokens are
merged into chunks of at most ``chunk_size`` (counted as the sum of their pieces' lengths),
the next chunk starting with the last pieces of the one before that add up to at most
``chunk_overlap``; a piece of ``chunk_size`` tokens or more is cut again with the separators
after the one used, down to single characters.  Each chunk is stripped of surrounding
whitespace, and a chunk of nothing but whitespace is dropped.

This is ``langchain-text-splitters`` 1.1.3's algorithm (``_split_text``, ``_merge_splits``,
``_split_text_with_regex``; MIT licence) with the options ``from_tiktoken_encoder`` leaves at
their defaults: ``keep_separator=True`` (at the start), ``strip_whitespace=True``,
``is_separator_regex=False`` with the separators ``"\\n\\n"``, ``"\\n"``, ``" "``, ``""``, or
``from_language(Language.MARKDOWN)``'s regular expressions (:data:`MARKDOWN_SEPARATORS`).

>>> from calculator._splitters import Length
>>> [chunk.text for chunk in recursive_steps("one two three\\n\\nfour", Length(len), 9, 4) if chunk]
['one two', 'three', 'four']
>>> list(recursive_steps("a\\n\\n  \\n\\nb", Length(len), 2, 0))  # doctest: +NORMALIZE_WHITESPACE
[Chunk(text='a', start=0, end=1, tokens=1), None, None, None, None,
 Chunk(text='b', start=7, end=8, tokens=1)]
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterator

from ._chunk import Chunk, check_sizes, stripped
from ._length import Length, as_length

SEPARATORS = ("\n\n", "\n", " ", "")
MARKDOWN_SEPARATORS = (
    "\n#{1,6} ",  # headings
    "```\n",  # the end of a code block
    "\n\\*\\*\\*+\n",  # horizontal rules
    "\n---+\n",
    "\n___+\n",
    "\n\n",
    "\n",
    " ",
    "",
)


def recursive_steps(
    text: str, length: Callable[[str], int], chunk_size: int = 4000, chunk_overlap: int = 200
) -> Iterator[Chunk | None]:
    """The chunks of ``RecursiveCharacterTextSplitter(chunk_size=..., chunk_overlap=...,
    length_function=length).split_text(text)``, one a step, and ``None`` for a step whose
    chunk was only whitespace (the library drops it).

    Lazy: the text is cut as it is read, and a step's work is bounded by its chunk's own
    pieces (each measured once; a piece longer than ``chunk_size × length.longest_token``
    characters is never measured, only known to be too long); besides that, finding
    whether a separator occurs in a long piece scans it in C, to its first occurrence.
    """
    return _steps(text, length, chunk_size, chunk_overlap, SEPARATORS, is_regex=False)


def markdown_steps(
    text: str, length: Callable[[str], int], chunk_size: int = 4000, chunk_overlap: int = 200
) -> Iterator[Chunk | None]:
    """The chunks of ``RecursiveCharacterTextSplitter.from_language(Language.MARKDOWN,
    chunk_size=..., chunk_overlap=..., length_function=length).split_text(text)``, in steps
    bounded as :func:`recursive_steps`'s.

    >>> text = "# A\\nintro\\n## B\\nmore text"
    >>> [chunk.text for chunk in markdown_steps(text, Length(len), 12, 0) if chunk]
    ['# A\\nintro', '## B', 'more text']
    """
    return _steps(text, length, chunk_size, chunk_overlap, MARKDOWN_SEPARATORS, is_regex=True)


def _steps(
    text: str,
    length: Callable[[str], int],
    chunk_size: int,
    chunk_overlap: int,
    separators: tuple[str, ...],
    *,
    is_regex: bool,
) -> Iterator[Chunk | None]:
    check_sizes(chunk_size, chunk_overlap)
    measure = as_length(length)
    splitter = _Splitter(measure, chunk_size, chunk_overlap, is_regex=is_regex)
    for step in splitter.split(text, 0, separators):
        if step is None:
            yield None
        else:
            piece, start = step
            yield Chunk(piece, start, start + len(piece), measure(piece))


class _Splitter:
    def __init__(
        self, length: Length, chunk_size: int, chunk_overlap: int, *, is_regex: bool
    ) -> None:
        self.length = length
        self.chunk_size = chunk_size
        self.chunk_overlap = chunk_overlap
        self.is_regex = is_regex
        # keep_separator joins the pieces with "", measured once (0 for a tokenizer).
        self.separator_length = length("")

    def split(
        self, text: str, offset: int, separators: tuple[str, ...]
    ) -> Iterator[tuple[str, int] | None]:
        """``_split_text``: the chunks of ``text`` (which starts at ``offset``), each with
        where it starts."""
        separator = separators[-1]
        rest: tuple[str, ...] = ()
        for index, candidate in enumerate(separators):
            if not candidate:
                separator = candidate
                break
            if re.search(self._pattern(candidate), text):
                separator, rest = candidate, separators[index + 1 :]
                break
        merger = _Merger(self)
        limit = self.chunk_size - 1
        for piece, start in _pieces(text, offset, self._pattern(separator)):
            tokens = self.length.at_most(piece, limit)
            if tokens < self.chunk_size:
                yield from merger.add(piece, start, tokens)
                continue
            yield from merger.finish()
            if rest:
                yield from self.split(piece, start, rest)
            else:
                yield piece, start  # a single character too long: kept whole, unstripped
        yield from merger.finish()

    def _pattern(self, separator: str) -> str:
        return separator if self.is_regex else re.escape(separator)


def _pieces(text: str, offset: int, pattern: str) -> Iterator[tuple[str, int]]:
    """``_split_text_with_regex(text, pattern, keep_separator=True)``, lazily: the text cut
    before each match, empty pieces left out (single characters for an empty pattern)."""
    if not pattern:
        for index, character in enumerate(text):
            yield character, offset + index
        return
    previous = 0
    for match in re.finditer(pattern, text):
        if match.start() > previous:  # not at the very start: no empty first piece
            yield text[previous : match.start()], offset + previous
            previous = match.start()
    if previous < len(text):
        yield text[previous:], offset + previous


class _Merger:
    """``_merge_splits`` as a state kept between pieces: each chunk is given as soon as the
    piece after it does not fit, and :meth:`finish` gives the last one."""

    def __init__(self, splitter: _Splitter) -> None:
        self.chunk_size = splitter.chunk_size
        self.chunk_overlap = splitter.chunk_overlap
        self.separator_length = splitter.separator_length
        self.current: deque[tuple[str, int, int]] = deque()  # (piece, start, length)
        self.total = 0

    def add(self, piece: str, start: int, length: int) -> Iterator[tuple[str, int] | None]:
        separator = self.separator_length
        current = self.current
        # LangChain logs a warning here when the chunk is longer than chunk_size, which
        # pieces shorter than chunk_size never make.
        if self.total + length + (separator if current else 0) > self.chunk_size and current:
            yield from self._chunk()
            while self.total > self.chunk_overlap or (
                self.total + length + (separator if current else 0) > self.chunk_size
                and self.total > 0
            ):
                self.total -= current[0][2] + (separator if len(current) > 1 else 0)
                current.popleft()
        current.append((piece, start, length))
        self.total += length + (separator if len(current) > 1 else 0)

    def finish(self) -> Iterator[tuple[str, int] | None]:
        yield from self._chunk()
        self.current.clear()
        self.total = 0

    def _chunk(self) -> Iterator[tuple[str, int] | None]:
        if self.current:
            chunk = stripped("".join(piece for piece, _, _ in self.current), self.current[0][1])
            yield None if chunk is None else (chunk[0], chunk[1])
