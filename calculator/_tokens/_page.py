"""The page's counting: what the calculator's worker (web/count-worker.js) calls in Pyodide.

A document is counted in slices, each one call from the worker, so that between slices the
worker can answer the calculator's requests, report progress and hear a cancel.  A slice ends
only where the tokenizer's splitting must end a piece whatever follows (see :func:`cut`), so
the slices' counts add up to the whole text's count.  Files are read as the command line reads
them (:func:`decoded_text`): the page and ``--count`` count the same file alike.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import Encoding, load_ranks
from ._files import BinaryFileError, NotUtf8Error, decoded_text

# Characters a slice holds where the text has a place to cut (at most 4 UTF-8 bytes each, so
# 256 KiB); a text with none so far (one long line of digits, say) makes a longer slice.
SLICE_CHARACTERS = 1 << 16

_encodings: dict[str, Encoding] = {}


def load(encoding: str, ranks: str) -> None:
    """Load ``encoding``'s converted ranks from the file ``ranks`` (once per encoding)."""
    if encoding not in _encodings:
        _encodings[encoding] = Encoding(encoding, load_ranks(Path(ranks), encoding))


def _safe_after(text: str, at: int) -> bool:
    """Whether every piece of the tokenizer's splitting ends at ``at``, whatever follows.

    Any character but white space and "/" that follows a newline, or a space and a letter
    that follow a letter, always start a new piece in both encodings' patterns: a newline
    ends its piece (only o200k_base's punctuation pieces go on past one, and only into "/"
    or more newlines), and a word never takes a following space.
    """
    if not 0 < at < len(text) - 1:
        return False
    before, here = text[at - 1], text[at]
    if before == "\n":
        return not here.isspace() and here != "/"
    return before.isalpha() and here == " " and text[at + 1].isalpha()


def cut(text: str, start: int, size: int = SLICE_CHARACTERS) -> int:
    """Where the slice of ``text`` from ``start`` ends: at most ``size`` characters on, at a
    place where splitting the text changes no token (or later, at the next such place, or
    at the end).

    >>> cut("one two three", 0, 6), cut("one two three", 0, 100)
    (3, 13)
    """
    end = start + size
    if end >= len(text):
        return len(text)
    for at in range(end, start, -1):
        if _safe_after(text, at):
            return at
    for at in range(end + 1, len(text)):
        if _safe_after(text, at):
            return at
    return len(text)


class Counting:
    """One document being counted, a slice a call; ``error`` when it is no text."""

    def __init__(self, encoding: str, text: str, error: dict[str, object] | None = None) -> None:
        self._encoding = _encodings[encoding]
        self.text = text
        self.error = error
        self.done = 0
        self.tokens = 0

    @property
    def total(self) -> int:
        """The document's characters (Unicode code points)."""
        return len(self.text)

    def step(self, size: int = SLICE_CHARACTERS) -> bool:
        """Count the next slice; whether the whole document is counted now."""
        if self.error is None and self.done < len(self.text):
            end = cut(self.text, self.done, size)
            self.tokens += self._encoding.count(self.text[self.done : end])
            self.done = end
        return self.error is not None or self.done >= len(self.text)

    def result(self) -> str:
        """The document's figures as JSON: tokens, characters and UTF-8 bytes, or its error."""
        if self.error is not None:
            return json.dumps(self.error)
        utf8 = len(self.text.encode("utf-8", "surrogatepass"))
        return json.dumps({"tokens": self.tokens, "characters": len(self.text), "bytes": utf8})


def start_text(encoding: str, text: str) -> Counting:
    """Counting of text pasted into the page."""
    return Counting(encoding, text)


def start_file(encoding: str, path: str, suffix: str) -> Counting:
    """Counting of a file the worker wrote at ``path``, read as one named with ``suffix``."""
    data = Path(path).read_bytes()
    try:
        return Counting(encoding, decoded_text(data, suffix))
    except BinaryFileError:
        return Counting(encoding, "", {"error": "binary"})
    except NotUtf8Error as failure:
        return Counting(encoding, "", {"error": "not_utf8", "offset": failure.offset})


def count_file(encoding: str, path: str, size: int = SLICE_CHARACTERS) -> dict[str, object]:
    """A file's figures as the page gets them, slice by slice (for the tests and the CLI's
    comparison)."""
    counting = start_file(encoding, path, Path(path).suffix)
    while not counting.step(size):
        pass
    figures: dict[str, object] = json.loads(counting.result())
    return figures
