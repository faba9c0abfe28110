"""Documents chunked one by one, next to the same tokens taken as one stream.

Splitting each document on its own restarts the windows at every document, so
the per-document figures differ from the one-stream ones: usually more chunks,
as each document ends in a short chunk of its own.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from ._chunking import ChunkPlan, plan_chunks
from ._errors import CalculatorError, shortened
from ._integers import require_int
from ._record import record
from ._text import MACHINE, NumberFormat, parse_whole_number

MAX_DOCUMENTS = 100_000


@record
class CorpusPlan:
    """Totals of a corpus whose documents are chunked one by one."""

    documents: int
    tokens: int
    chunks: int
    tokens_processed: int
    repeated_tokens: int
    padded_tokens: int

    def __add__(self, other: CorpusPlan) -> CorpusPlan:
        return CorpusPlan(
            self.documents + other.documents,
            self.tokens + other.tokens,
            self.chunks + other.chunks,
            self.tokens_processed + other.tokens_processed,
            self.repeated_tokens + other.repeated_tokens,
            self.padded_tokens + other.padded_tokens,
        )


def plan_documents(lengths: Iterable[int], chunk_size: int, overlap: int = 0) -> CorpusPlan:
    """Chunk every document of ``lengths`` (tokens each) on its own and add up.

    Equal lengths are planned once, so a list of 100 000 documents stays fast.

    >>> plan_documents([2000] * 10_000, 512, 51).chunks
    50000
    >>> plan_chunks(2000 * 10_000, 512, 51).chunks
    43384
    """
    counts = Counter(require_int("document_tokens", length, 0) for length in lengths)
    return plan_length_counts(counts.items(), chunk_size, overlap)


def plan_length_counts(
    counts: Iterable[tuple[int, int]], chunk_size: int, overlap: int = 0
) -> CorpusPlan:
    """:func:`plan_documents` for ``(length, number of documents)`` pairs."""
    plans = [_scaled(plan_chunks(length, chunk_size, overlap), n) for length, n in counts]
    if not plans:
        raise CalculatorError("document_tokens", "list_empty")
    total = plans[0]
    for plan in plans[1:]:
        total += plan
    return total


@lru_cache(maxsize=4)
def count_document_tokens(
    text: str, number_format: NumberFormat = MACHINE
) -> tuple[tuple[int, int], ...]:
    """The pasted list as ``(length, number of documents)`` pairs, remembered.

    The page sends the whole form, list included, at every keystroke in any
    field; remembering the last lists spares re-reading 100 000 lines each time.

    >>> count_document_tokens("800, 2500, 800")
    ((800, 2), (2500, 1))
    """
    return tuple(Counter(parse_document_tokens(text, number_format)).items())


def plan_equal_documents(
    documents: int, average_tokens: int, chunk_size: int, overlap: int = 0
) -> CorpusPlan:
    """``documents`` documents of ``average_tokens`` tokens each, chunked one by one.

    >>> plan_equal_documents(10_000, 2000, 512, 51).chunks
    50000
    """
    require_int("documents", documents, 1)
    require_int("average_tokens", average_tokens, 0)
    return _scaled(plan_chunks(average_tokens, chunk_size, overlap), documents)


def _scaled(plan: ChunkPlan, documents: int) -> CorpusPlan:
    return CorpusPlan(
        documents=documents,
        tokens=documents * plan.tokens,
        chunks=documents * plan.chunks,
        tokens_processed=documents * plan.tokens_processed,
        repeated_tokens=documents * plan.repeated_tokens,
        padded_tokens=documents * plan.padded_tokens,
    )


def parse_document_tokens(text: str, number_format: NumberFormat = MACHINE) -> list[int]:
    """Per-document token counts, one per line or separated by commas or semicolons.

    With one count per line a count may be grouped as the locale writes it; on a
    single line commas separate counts, so only spaces may group digits there.

    >>> parse_document_tokens("1200\\n8.000\\n", NumberFormat(group=".", decimal=","))
    [1200, 8000]
    >>> parse_document_tokens("1200, 800; 5 000")
    [1200, 800, 5000]
    >>> parse_document_tokens("1200, 12x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: document_tokens: Line 2: “12x” is not a whole number.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1:
        items, item_format = lines, number_format
    else:
        items, item_format = re.split(r"[,;\t]", text), NumberFormat(group="", decimal="")
        items = [item for item in items if item.strip()]
    if not items:
        raise CalculatorError("document_tokens", "list_empty")
    if len(items) > MAX_DOCUMENTS:
        raise CalculatorError("document_tokens", "list_too_long", maximum=MAX_DOCUMENTS)
    return [_document_length(number, item, item_format) for number, item in enumerate(items, 1)]


def _document_length(number: int, item: str, number_format: NumberFormat) -> int:
    try:
        return parse_whole_number("document_tokens", item, number_format)
    except CalculatorError:
        raise CalculatorError(
            "document_tokens", "list_item_invalid", line=number, value=shortened(item.strip())
        ) from None
