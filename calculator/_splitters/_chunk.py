"""What a splitter gives: each chunk's text, where it lies in the text, and its tokens."""

from __future__ import annotations

from .._errors import CalculatorError
from .._record import record


@record
class Chunk:
    """One chunk as the library returns it, and where it lies in the split text.

    ``text`` is the library's chunk, whitespace stripped as the library strips it;
    ``text[start:end]`` of the split text is that chunk (``start`` is where the chunk's first
    piece starts, moved past the whitespace stripped from it).  ``tokens`` is the chunk's
    own length, measured again by the splitter's length function: what an embedding model
    receives, which can differ from the sum of its pieces' lengths the splitter added up.
    """

    text: str
    start: int
    end: int
    tokens: int


def stripped(pieces: str, start: int) -> tuple[str, int, int] | None:
    """``pieces`` (joined, starting at ``start``) as the library strips a chunk: its text,
    start and end, or ``None`` when nothing but whitespace is left.

    >>> stripped("  ab \\n", 10)
    ('ab', 12, 14)
    >>> stripped(" \\t", 3) is None
    True
    """
    text = pieces.strip()
    if not text:
        return None
    start += len(pieces) - len(pieces.lstrip())
    return text, start, start + len(text)


def check_sizes(chunk_size: int, chunk_overlap: int) -> None:
    """Refuse what both libraries refuse: a chunk size below 1, a negative overlap, and an
    overlap larger than the chunk size (an overlap equal to it is allowed).

    >>> check_sizes(100, 101)
    Traceback (most recent call last):
        ...
    calculator._errors.CalculatorError: overlap: Enter 100 or less.
    """
    for field, value in (("chunk_size", chunk_size), ("overlap", chunk_overlap)):
        if type(value) is not int:
            raise CalculatorError(field, "not_an_integer", type=type(value).__name__)
    if chunk_size < 1:
        raise CalculatorError("chunk_size", "too_small", minimum=1)
    if chunk_overlap < 0:
        raise CalculatorError("overlap", "too_small", minimum=0)
    if chunk_overlap > chunk_size:
        raise CalculatorError("overlap", "too_large", maximum=chunk_size)
