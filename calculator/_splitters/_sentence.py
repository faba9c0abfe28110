"""LlamaIndex's ``SentenceSplitter``: chunks that keep sentences and paragraphs whole.

A text longer than ``chunk_size`` tokens is cut into paragraphs (at ``"\\n\\n\\n"``, kept at
the start of the piece after it), else into sentences (NLTK's Punkt, as LlamaIndex builds it:
``_punkt``), else into phrases (up to a comma, full stop or semicolon, or an ideographic
full stop, full-width question or exclamation mark), words
(at ``" "``) or characters, and each piece still too long is cut again the same way.
The pieces are then merged in order into chunks of at most ``chunk_size`` tokens (the sum of
their pieces' lengths); each new chunk starts with the last pieces of the one before that add
up to at most ``chunk_overlap``.  Chunks are stripped of surrounding whitespace, and chunks
of nothing but whitespace dropped; an empty text is one empty chunk.

This is ``llama-index-core`` 0.14.25's ``SentenceSplitter.split_text`` (``_split``,
``_merge``, ``_postprocess_chunks``; MIT licence) with its defaults: ``separator=" "``,
``paragraph_separator="\\n\\n\\n"``, ``secondary_chunking_regex`` :data:`CHUNKING_REGEX`.

>>> from calculator._splitters import Length
>>> text = "One sentence here. Another one follows, with a clause.\\n\\n\\nA new paragraph."
>>> [chunk.text for chunk in sentence_steps(text, Length(len), 40, 0) if chunk]
['One sentence here.', 'Another one follows, with a clause.', 'A new paragraph.']
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterator
from itertools import chain, islice

from .._errors import CalculatorError
from ._chunk import Chunk, check_sizes, stripped
from ._length import Length, as_length

# Up to a comma, full stop or semicolon, or their ideographic and full-width forms.
CHUNKING_REGEX = "[^,.;\u3002\uff1f\uff01]+[,.;\u3002\uff1f\uff01]?|[,.;\u3002\uff1f\uff01]"
PARAGRAPH_SEPARATOR = "\n\n\n"
SEPARATOR = " "

# A piece: its text, where it starts, whether it is a whole sentence (or more), its length.
_Split = tuple[str, int, bool, int]
_Pieces = Iterator[tuple[str, int]]


def sentence_steps(
    text: str, length: Callable[[str], int], chunk_size: int = 1024, chunk_overlap: int = 200
) -> Iterator[Chunk | None]:
    """The chunks of ``SentenceSplitter(chunk_size=..., chunk_overlap=...,
    tokenizer=...).split_text(text)``, where ``length(text)`` is ``len(tokenizer(text))``,
    one a step, and ``None`` for a step whose chunk was only whitespace (the library drops
    it).

    Lazy: the text is cut as it is read, and a step's work is bounded by its chunk's own
    pieces and the pieces that were cut to make them (each measured once; a piece longer
    than ``chunk_size × length.longest_token`` characters is never measured, only known to
    be too long); besides that, looking for the next paragraph or sentence break scans the
    text in C.

    Raises :class:`CalculatorError` (``chunk_size``, ``too_small``) where the library raises
    "Single token exceeded chunk size": a single character longer than ``chunk_size``
    tokens; the chunks before it have been given by then.
    """
    check_sizes(chunk_size, chunk_overlap)
    measure = as_length(length)
    if not text:
        yield Chunk("", 0, 0, measure(""))
        return
    splits = _Splitter(measure, chunk_size).split(text, 0, None)
    for step in _merge(splits, chunk_size, chunk_overlap):
        if step is None:
            yield None
        else:
            piece, start = step
            yield Chunk(piece, start, start + len(piece), measure(piece))


class _Splitter:
    def __init__(self, length: Length, chunk_size: int) -> None:
        self.length = length
        self.chunk_size = chunk_size

    def split(self, text: str, offset: int, tokens: int | None) -> Iterator[_Split]:
        """``_split``: pieces of at most ``chunk_size`` tokens (``tokens`` is the text's
        length when already measured)."""
        chunk_size = self.chunk_size
        if tokens is None:
            tokens = self.length.at_most(text, chunk_size)
        if tokens <= chunk_size:
            yield text, offset, True, tokens
            return
        pieces, is_sentence, single = _pieces(text, offset)
        for piece, start in pieces:
            tokens = self.length.at_most(piece, chunk_size)
            if tokens <= chunk_size or single:
                # A single piece that cannot be cut (one character) is kept: _merge refuses it.
                yield piece, start, is_sentence, tokens
            else:
                yield from self.split(piece, start, tokens)


def _pieces(text: str, offset: int) -> tuple[_Pieces, bool, bool]:
    """``_get_splits_by_fns``: the first cut that makes more than one piece, whether its
    pieces are sentences (or paragraphs), and whether it is one piece that no cut divides."""
    peeked: list[tuple[str, int]] = []
    for cut, is_sentence in (
        (_paragraphs, True),
        (_sentences, True),
        (_phrases, False),
        (_words, False),
        (_characters, False),
    ):
        pieces = cut(text, offset)
        peeked = list(islice(pieces, 2))
        if len(peeked) > 1:
            return chain(peeked, pieces), is_sentence, False
    return iter(peeked), False, len(peeked) == 1


def _with_separator(text: str, offset: int, separator: str) -> _Pieces:
    """``split_text_keep_separator``: the text cut before each separator, empty pieces left
    out."""
    start = 0
    found = text.find(separator)
    while found >= 0:
        if found > start:
            yield text[start:found], offset + start
            start = found
        found = text.find(separator, found + len(separator))
    if start < len(text):
        yield text[start:], offset + start


def _paragraphs(text: str, offset: int) -> _Pieces:
    return _with_separator(text, offset, PARAGRAPH_SEPARATOR)


def _sentences(text: str, offset: int) -> _Pieces:
    # Imported at the first sentence split: compiling Punkt's patterns takes a while, which
    # the other splitters need not wait for.
    from ._punkt import sentence_spans  # noqa: PLC0415

    for start, end in sentence_spans(text):
        yield text[start:end], offset + start


_PHRASE = re.compile(CHUNKING_REGEX)


def _phrases(text: str, offset: int) -> _Pieces:
    for match in _PHRASE.finditer(text):
        yield match.group(), offset + match.start()


def _words(text: str, offset: int) -> _Pieces:
    return _with_separator(text, offset, SEPARATOR)


def _characters(text: str, offset: int) -> _Pieces:
    for index, character in enumerate(text):
        yield character, offset + index


def _merge(
    splits: Iterator[_Split], chunk_size: int, chunk_overlap: int
) -> Iterator[tuple[str, int] | None]:
    """``_merge`` and ``_postprocess_chunks``: each stripped chunk and where it starts."""
    current: deque[_Split] = deque()
    current_length = 0
    new_chunk = True

    def close() -> Iterator[tuple[str, int] | None]:
        nonlocal current, current_length, new_chunk
        chunk = stripped("".join(split[0] for split in current), current[0][1])
        yield None if chunk is None else (chunk[0], chunk[1])
        last = current
        current, current_length, new_chunk = deque(), 0, True
        # The next chunk starts with the last chunk's pieces that fit in the overlap.
        for split in reversed(last):
            if current_length + split[3] > chunk_overlap:
                break
            current_length += split[3]
            current.appendleft(split)

    split = next(splits, None)
    while split is not None:
        tokens = split[3]
        if tokens > chunk_size:
            raise CalculatorError("chunk_size", "too_small", minimum=tokens)
        if current_length + tokens > chunk_size and not new_chunk:
            yield from close()
            continue
        if new_chunk:  # a new chunk's overlap makes room for its first piece
            while current and current_length + tokens > chunk_size:
                current_length -= current.popleft()[3]
        if split[2] or current_length + tokens <= chunk_size or new_chunk:
            current_length += tokens
            current.append(split)
            split = next(splits, None)
            new_chunk = False
        else:
            yield from close()
    if not new_chunk:
        chunk = stripped("".join(split[0] for split in current), current[0][1])
        yield None if chunk is None else (chunk[0], chunk[1])
