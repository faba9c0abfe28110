"""The page's splitting: what the calculator's worker (web/worker/count-worker.js) calls in
Pyodide to cut a counted document as a splitter cuts it.

A document is split a bounded amount of work a call (:meth:`Splitting.step`): a few of the
splitter's steps, each bounded by its chunk's own pieces (see ``iter_steps``), until a call has
worked :data:`STEP_SECONDS`; between calls the worker answers the calculator's requests,
reports progress and hears a cancel, as it does while counting.  The chunks are measured with
the counter the document was counted with (``calculator._tokens._page.counter``): OpenAI's
encodings as the libraries' tiktoken length does (LlamaIndex's counting a special token's
spelling as one token), bert-base-uncased and a tokenizer.json without special tokens.
"""

from __future__ import annotations

import json
import time
from itertools import pairwise
from typing import TYPE_CHECKING

from .._chunking import plan_chunks
from .._decimals import decimal_text
from .._errors import CalculatorError
from .._tokens import Encoding
from .._tokens import _page as tokens_page
from ..protocol._sample import RATIO_PLACES, splitter_estimate
from . import Chunk, Length, encoding_length, iter_steps

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .._tokens._page import Counting

# Seconds of splitting a call works at most past its first step: long enough that a call's
# own cost (a task of the worker's loop, the call into Python) is small beside it, short
# enough that the calculator's request waiting behind it is answered at once.
STEP_SECONDS = 0.02
# The chunks whose text the page draws at most, as the window model's view draws.
SHOWN_CHUNKS = tokens_page.SHOWN_CHUNKS
# ... and of them only those that end within this many characters (the first one always): a
# chunk size of many thousand tokens would otherwise draw the whole of a long text at once.
SHOWN_CHARACTERS = 1 << 18

# Per counter name and kind: the counter measured, and its length function.
_lengths: dict[tuple[str, bool], tuple[object, Length]] = {}


def length_of(encoding: str, splitter: str) -> Length:
    """The length function a splitter measures with: the loaded counter ``encoding``'s, as
    the library's own tokenizer length counts (one a counter and kind, so its memory of
    short texts' lengths serves every document)."""
    counter = tokens_page.counter(encoding)
    special = splitter == "sentence" and isinstance(counter, Encoding)
    kept = _lengths.get((encoding, special))
    # (A tokenizer.json loaded again under the same name is another counter.)
    if kept is not None and kept[0] is counter:
        return kept[1]
    if isinstance(counter, Encoding):
        length = encoding_length(counter, special=special)
    else:  # a tokenizer's special tokens written in a text are found by its count
        length = Length(counter.count)
    _lengths[(encoding, special)] = (counter, length)
    return length


class Splitting:
    """One counted document being split by ``splitter``, a bounded amount of work a call.

    ``chunks`` and ``tokens_processed`` (the chunks' own token counts added up) grow as it
    goes; ``error`` is the :class:`CalculatorError` that stopped it (LlamaIndex's refusal of
    a character longer than the chunk size), if any.
    """

    def __init__(
        self,
        splitter: str,
        encoding: str,
        counting: Counting,
        chunk_size: int | str,
        overlap: int | str,
        *,
        shown: int = SHOWN_CHUNKS,
        shown_characters: int = SHOWN_CHARACTERS,
        keep: bool = False,
    ) -> None:
        self.splitter = splitter
        self.text = counting.text
        self.chunk_size = int(chunk_size)
        self.overlap = int(overlap)
        self.chunks = 0
        self.tokens_processed = 0
        #: Each chunk's tokens, in order: the plan's chunks when the document is in the corpus.
        self.lengths: list[int] = []
        #: Each chunk's text and tokens, when ``keep`` asks (to compare two splits' chunks).
        self.cut: list[tuple[str, int]] = []
        self._keep = keep
        self.done = 0
        self.error: CalculatorError | None = None
        self.drawn: list[Chunk] = []
        self._shown = shown
        self._shown_characters = shown_characters
        self._finished = counting.error is not None
        self._steps: Iterator[Chunk | None] = iter_steps(
            splitter, self.text, length_of(encoding, splitter), self.chunk_size, self.overlap
        )

    @property
    def total(self) -> int:
        """The document's characters (Unicode code points)."""
        return len(self.text)

    def step(self, seconds: float = STEP_SECONDS) -> bool:
        """Split on for about ``seconds`` (at least one of the splitter's steps); whether the
        document is split now (or stopped by an error)."""
        ends = time.perf_counter() + seconds
        while not self._finished:
            try:
                chunk = next(self._steps)
            except StopIteration:
                self._finished = True
                self.done = len(self.text)
                break
            except CalculatorError as error:
                self.error = error
                self._finished = True
                break
            if chunk is not None:
                self._add(chunk)
            if time.perf_counter() >= ends:
                break
        return self._finished

    def _add(self, chunk: Chunk) -> None:
        self.chunks += 1
        self.tokens_processed += chunk.tokens
        self.lengths.append(chunk.tokens)
        if self._keep:
            self.cut.append((chunk.text, chunk.tokens))
        self.done = chunk.end
        if len(self.drawn) < self._shown and (
            not self.drawn or chunk.end <= self._shown_characters
        ):
            self.drawn.append(chunk)

    def result(self) -> str:
        """The document's figures as JSON: ``chunks``, ``tokens_processed`` and ``lengths``
        (each chunk's tokens), or ``error`` (the calculator's error: its ``key``, ``params``
        and ``integer_params``)."""
        if self.error is not None:
            return json.dumps({"error": self.error.to_dict()})
        return json.dumps({
            "chunks": self.chunks, "tokens_processed": self.tokens_processed,
            "lengths": self.lengths,
        })  # fmt: skip

    def view(self, tokens: int | str) -> str:
        """The first chunks as the page draws them, as JSON: ``splitter``, ``chunks`` and
        ``tokens_processed`` (the whole document's), ``window`` (the window model's
        ``chunks`` and ``tokens_processed`` of the document's ``tokens``, its count) and
        ``chunks_ratio`` (the splitter's chunks to the window model's, a decimal string or
        null), ``error`` (as :meth:`result`'s, or null), ``shown`` (how many are drawn),
        ``windows`` (per drawn chunk ``[start, end, tokens]``, in Unicode code points) and
        ``segments`` (the text up to the last drawn chunk's end, cut at every chunk's start
        and end: per piece its first character, its text, and the first and last drawn
        chunk holding it, ``-1`` for text in no chunk, the white space a splitter strips;
        a piece in two chunks or more is an overlap).
        """
        windows = [[chunk.start, chunk.end, chunk.tokens] for chunk in self.drawn]
        plan = plan_chunks(int(tokens), self.chunk_size, self.overlap)
        ratio = splitter_estimate(
            self.splitter,
            self.chunks,
            self.tokens_processed,
            (plan.chunks, plan.tokens_processed),
            None,
        ).chunks_ratio
        return json.dumps(
            {
                "splitter": self.splitter,
                "chunks": self.chunks,
                "tokens_processed": self.tokens_processed,
                "window": {"chunks": plan.chunks, "tokens_processed": plan.tokens_processed},
                "chunks_ratio": None if ratio is None else decimal_text(ratio, RATIO_PLACES),
                "error": None if self.error is None else self.error.to_dict(),
                "shown": len(windows),
                "windows": windows,
                "segments": segments(self.text, [(start, end) for start, end, _ in windows]),
            }
        )


def segments(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, str, int, int]]:
    """``text`` up to the last span's end cut at every span's start and end: per piece its
    start, its text and the first and last span holding it (``-1`` for none).

    >>> segments("ab cd ef", [(0, 5), (3, 8)])
    [(0, 'ab ', 0, 0), (3, 'cd', 0, 1), (5, ' ef', 1, 1)]
    >>> segments("  ab  cd", [(2, 4), (6, 8)])
    [(0, '  ', -1, -1), (2, 'ab', 0, 0), (4, '  ', -1, -1), (6, 'cd', 1, 1)]
    """
    if not spans:
        return []
    cuts = sorted({0, *(at for span in spans for at in span)})
    pieces: list[tuple[int, str, int, int]] = []
    for start, end in pairwise(cuts):
        holding = [index for index, (first, last) in enumerate(spans) if first <= start < last]
        if holding:
            pieces.append((start, text[start:end], holding[0], holding[-1]))
        else:
            pieces.append((start, text[start:end], -1, -1))
    return pieces


def start(  # noqa: PLR0917 (the worker calls it positionally)
    splitter: str,
    encoding: str,
    counting: Counting,
    chunk_size: str,
    overlap: str,
    keep: bool = False,
) -> Splitting:
    """The splitting of a counted document (the worker's ``Counting`` of its text or file);
    ``keep``: with its chunks' texts, for :func:`change`."""
    return Splitting(splitter, encoding, counting, chunk_size, overlap, keep=keep)


def fit_lengths(cut: Splitting, tokenizer: str) -> str:
    """Each chunk of ``cut`` (which kept its chunks' texts) counted by the loaded counter
    ``tokenizer``, the model's own, without the tokens the model adds: a JSON list; ``null``
    when the split stopped on an error."""
    if cut.error is not None:
        return "null"
    count = tokens_page.counter(tokenizer).count
    return json.dumps([count(text) for text, _ in cut.cut])


def change(old: Splitting, new: Splitting) -> str:
    """What splitting a document again changes (both kept their chunks' texts), as JSON: a
    ``ReindexPlan``'s fields in its order (old and new chunks, those reused, their tokens);
    ``null`` when either split stopped on an error."""
    if old.error is not None or new.error is not None:
        return "null"
    # Imported here: only a re-indexing of a splitter's plan asks for it.
    from .._reindex import texts_change  # noqa: PLC0415

    plan = texts_change(old.cut, new.cut)
    return json.dumps([
        plan.old_chunks, plan.new_chunks, plan.reused_chunks,
        plan.old_tokens_processed, plan.new_tokens_processed, plan.reused_tokens,
    ])  # fmt: skip


def split_text(
    splitter: str, encoding: str, text: str, chunk_size: int, overlap: int, *, seconds: float = 0.0
) -> Splitting:
    """A text split whole as the page splits it, call by call (for the tests)."""
    splitting = Splitting(
        splitter, encoding, tokens_page.start_text(encoding, text), chunk_size, overlap
    )
    while not splitting.step(seconds):
        pass
    return splitting
