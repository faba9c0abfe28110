"""The page's counting: what the calculator's worker (web/count-worker.js) calls in Pyodide.

A document is counted in slices, each one call from the worker, so that between slices the
worker can answer the calculator's requests, report progress and hear a cancel.  A slice ends
only where the tokenizer's splitting must end a piece whatever follows (see :func:`cut`), so
the slices' counts add up to the whole text's count.  Files are read as the command line reads
them (:func:`decoded_text`): the page and ``--count`` count the same file alike.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

from .._chunking import plan_chunks
from . import Encoding, load_ranks
from ._files import BinaryFileError, NotUtf8Error, decoded_text

# Characters a slice holds where the text has a place to cut (at most 4 UTF-8 bytes each, so
# 256 KiB); a text with none so far (one long line of digits, say) makes a longer slice.
SLICE_CHARACTERS = 1 << 16
# The chunks whose text the page draws at most: the first ones, enough to see the windows move.
SHOWN_CHUNKS = 30
# ... and only those that end within this many tokens (the first chunk always): with a chunk
# size of many thousand tokens, thirty chunks would be the whole of a long text, drawn at once.
SHOWN_TOKENS = 1 << 16
# Characters a slice holds while the text is encoded for its first chunks (see chunks()): small,
# so that little past the last drawn chunk is encoded.
CHUNK_SLICE_CHARACTERS = 1 << 12

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

    def chunks(
        self,
        tokens: int | str,
        chunk_size: int | str,
        overlap: int | str,
        shown: int = SHOWN_CHUNKS,
        shown_tokens: int = SHOWN_TOKENS,
    ) -> str:
        """The document split into the calculator's chunks, as JSON, for the page to draw.

        ``tokens`` is the document's count (N, this text's :attr:`tokens` once counted), so
        the chunk count is the calculator's for that N; only the text of the first ``shown``
        chunks (those of them that end within ``shown_tokens``, and the first one) is
        encoded, so a long document costs no more than a short one.  Figures come
        as integers or as the integer strings the calculator's answer holds.

        The JSON: ``tokens``, ``chunk_size``, ``overlap``, ``chunks`` (the calculator's
        count), ``shown`` (how many are drawn), ``windows`` (per drawn chunk: its tokens'
        ``[start, end)`` and its characters' ``[start, end)``, in Unicode code points) and
        ``segments`` (the drawn text cut at every window's start and end: per piece, its first
        character, its text, and the first and last drawn chunk holding it; a piece held by
        two or more chunks is an overlap).
        """
        plan = plan_chunks(int(tokens), int(chunk_size), int(overlap))
        windows = [plan.window(index) for index in range(min(shown, plan.chunks))]
        windows = windows[:1] + [window for window in windows[1:] if window[1] <= shown_tokens]
        ends = self._token_ends(windows[-1][1] if windows else 0)
        places = _characters_at(self.text, sorted({0, *ends}))

        def character(token: int) -> int:
            return places[ends[token - 1]] if token else 0

        drawn = [(start, end, character(start), character(end)) for start, end in windows]
        cuts = sorted({at for window in drawn for at in window[2:]})
        segments: list[tuple[int, str, int, int]] = []
        for start, end in pairwise(cuts):
            holding = [
                index for index, window in enumerate(drawn) if window[2] <= start < window[3]
            ]
            segments.append((start, self.text[start:end], holding[0], holding[-1]))
        return json.dumps(
            {
                "tokens": plan.tokens,
                "chunk_size": plan.chunk_size,
                "overlap": plan.overlap,
                "chunks": plan.chunks,
                "shown": len(drawn),
                "windows": drawn,
                "segments": segments,
            }
        )

    def _token_ends(self, tokens: int) -> list[int]:
        """The UTF-8 byte offset where each of the text's first ``tokens`` tokens ends.

        The text is encoded a slice at a time, each ending where no token is cut (as
        :meth:`step` counts it), until it has that many tokens or ends.
        """
        ends: list[int] = []
        done = offset = 0
        while len(ends) < tokens and done < len(self.text):
            end = cut(self.text, done, CHUNK_SLICE_CHARACTERS)
            for token in self._encoding.encode(self.text[done:end]):
                offset += self._encoding.byte_length(token)
                ends.append(offset)
            done = end
        if len(ends) < tokens:
            raise ValueError(f"the text is {len(ends)} tokens, not {tokens}")
        return ends[:tokens]

    def result(self) -> str:
        """The document's figures as JSON: tokens, characters and UTF-8 bytes, or its error."""
        if self.error is not None:
            return json.dumps(self.error)
        utf8 = len(self.text.encode("utf-8", "surrogatepass"))
        return json.dumps({"tokens": self.tokens, "characters": len(self.text), "bytes": utf8})


def _utf8_length(character: str) -> int:
    """The UTF-8 bytes of one character as the tokenizer encodes it (a lone surrogate is
    encoded as U+FFFD, three bytes)."""
    point = ord(character)
    if point < 0x80:
        return 1
    if point < 0x800:
        return 2
    return 3 if point < 0x10000 else 4


def _characters_at(text: str, offsets: list[int]) -> dict[int, int]:
    """For each UTF-8 byte offset in ``offsets`` (sorted), the character where it falls.

    A token may end inside a character (one of an emoji's bytes, say): that boundary is
    placed at the start of the character, so every chunk's text is whole characters: a
    character cut by a window's edge is drawn in the chunk that holds its last byte.

    >>> _characters_at("aé🙂", [0, 1, 2, 3, 5, 7])
    {0: 0, 1: 1, 2: 1, 3: 2, 5: 2, 7: 3}
    """
    places: dict[int, int] = {}
    character = byte = 0
    for offset in offsets:
        while character < len(text) and byte + _utf8_length(text[character]) <= offset:
            byte += _utf8_length(text[character])
            character += 1
        places[offset] = character
    return places


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
