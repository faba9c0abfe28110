"""The text splitters RAG pipelines run, exactly: each chunk as the library cuts it.

- ``recursive``: LangChain's ``RecursiveCharacterTextSplitter`` with a token length
  (``from_tiktoken_encoder``), cutting at paragraphs, lines, spaces, then characters;
- ``markdown``: the same with ``from_language(Language.MARKDOWN)``'s separators (headings,
  code block ends, horizontal rules first);
- ``sentence``: LlamaIndex's ``SentenceSplitter``, keeping sentences and paragraphs whole.

Standard library only, and imported only by what splits text (``calculator`` itself does not
import it).  A splitter measures text with any tokenizer's length function; give it a
:class:`Length` (``encoding_length`` makes one of a ``calculator._tokens`` encoding) so that
it remembers short texts' lengths and never counts a piece it knows to be too long.

>>> text = "First paragraph, short.\\n\\nSecond paragraph is a little longer."
>>> for chunk in split("recursive", text, Length(len), 30, 0):
...     print(chunk.start, chunk.end, repr(chunk.text))
0 23 'First paragraph, short.'
25 53 'Second paragraph is a little'
54 61 'longer.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .._documents import SPLITTERS
from .._errors import CalculatorError
from ._chunk import Chunk
from ._length import Length, encoding_length
from ._recursive import markdown_steps, recursive_steps
from ._sentence import sentence_steps

__all__ = [
    "SPLITTERS",
    "Chunk",
    "Length",
    "encoding_length",
    "iter_chunks",
    "iter_steps",
    "split",
]

_STEPS = {
    "recursive": recursive_steps,
    "markdown": markdown_steps,
    "sentence": sentence_steps,
}
#: Declared once in the model (who may cut a plan's chunks); ``_STEPS`` holds the code of each.


def iter_steps(
    splitter: str,
    text: str,
    length: Callable[[str], int],
    chunk_size: int,
    chunk_overlap: int,
) -> Iterator[Chunk | None]:
    """The chunks of ``text`` as ``splitter`` (one of :data:`SPLITTERS`) cuts it, one a
    step, and ``None`` for a step that made a chunk of whitespace only, which the library
    drops.  A caller, such as the page's worker splitting a slice at a time, can stop
    between any two steps; each splitter's ``*_steps`` function says what bounds a step's
    work.  The sizes are checked at the first step (:class:`CalculatorError`)."""
    steps = _STEPS.get(splitter)
    if steps is None:
        raise CalculatorError("splitter", "unknown_choice", value=splitter)
    return steps(text, length, chunk_size, chunk_overlap)


def iter_chunks(
    splitter: str,
    text: str,
    length: Callable[[str], int],
    chunk_size: int,
    chunk_overlap: int,
) -> Iterator[Chunk]:
    """The chunks of :func:`iter_steps`, without the steps that made none."""
    steps = iter_steps(splitter, text, length, chunk_size, chunk_overlap)
    return (chunk for chunk in steps if chunk is not None)


def split(
    splitter: str,
    text: str,
    length: Callable[[str], int],
    chunk_size: int,
    chunk_overlap: int,
) -> list[Chunk]:
    """Every chunk of ``text`` as ``splitter`` cuts it: the library's ``split_text``."""
    return list(iter_chunks(splitter, text, length, chunk_size, chunk_overlap))
