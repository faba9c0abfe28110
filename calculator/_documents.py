"""A corpus: documents chunked one by one, each split into windows of its own.

A pipeline splits every document on its own, so the windows restart at every document and
the corpus's figures are the sums of its documents' figures: usually more chunks than the
same tokens taken as one stream, as each document ends in a short chunk of its own.
Documents of one length have the same figures, so a corpus is kept as (length, how many)
pairs and each figure is worked out once per distinct length: exact, and fast for a list of
100 000 documents.  One document of N tokens is a corpus too, and its figures are the
window model's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache

from ._chunking import ChunkPlan, LengthGroup, plan_chunks
from ._errors import CalculatorError, shortened
from ._integers import ceil_div, require_int
from ._record import record
from ._text import MACHINE, NumberFormat, parse_whole_number

MAX_DOCUMENTS = 100_000

#: The chunker of a plan worked out by the window model (seed 004), not cut by a splitter.
WINDOW = "window"
#: Who may cut a plan's chunks: the window model, then the splitters of
#: ``calculator._splitters`` in this order (declared here once: the command line's choices,
#: the page's form and its scripts read them).
CHUNKERS = (WINDOW, "recursive", "markdown", "sentence")
#: The splitters alone.
SPLITTERS = CHUNKERS[1:]

#: A corpus as (document tokens, number of documents of that length) pairs, by length.
Lengths = tuple[tuple[int, int], ...]


@record
class CorpusPlan:
    """Every figure of a corpus chunked document by document; build it with
    :func:`plan_corpus` (or :func:`plan_documents`, :func:`plan_equal_documents`).

    ``lengths`` is the corpus: (document tokens, how many documents) pairs, by length.
    A plan of a real splitter's chunks (:func:`plan_split`) names it in ``chunker`` and
    keeps their lengths in ``chunk_lengths``: its chunks and tokens processed are the
    splitter's own, and :attr:`window` is the window model's plan beside it.
    """

    lengths: Lengths
    chunk_size: int
    overlap: int
    documents: int
    tokens: int
    chunks: int
    tokens_processed: int
    padded_tokens: int
    #: Who cut the chunks: ``"window"`` (the window model, worked out from the lengths) or a
    #: splitter's name (its chunks measured, one by one).
    chunker: str = WINDOW
    #: A splitter's chunks as (chunk tokens, how many chunks) pairs, by length; empty for the
    #: window model, whose chunk lengths follow from the documents'.
    chunk_lengths: Lengths = ()

    @property
    def measured(self) -> bool:
        """Whether the chunks are a splitter's, measured, rather than the window model's."""
        return self.chunker != WINDOW

    @property
    def window(self) -> CorpusPlan:
        """The window model's plan of the same documents (the plan itself when it is one)."""
        if not self.measured:
            return self
        return plan_corpus(self.lengths, self.chunk_size, self.overlap)

    @property
    def step(self) -> int:
        """How far each window moves within a document: chunk size minus overlap."""
        return self.chunk_size - self.overlap

    @property
    def repeated_tokens(self) -> int:
        """Tokens sent to the embedding model a second time: every document's overlaps."""
        return self.tokens_processed - self.tokens

    @property
    def padding_tokens(self) -> int:
        """How much ``chunks × chunk size`` overstates the exact tokens processed."""
        return self.padded_tokens - self.tokens_processed

    @property
    def repeated_share(self) -> Fraction:
        """Repeated tokens as an exact fraction of the corpus's tokens (0 without tokens)."""
        return Fraction(self.repeated_tokens, self.tokens) if self.tokens else Fraction(0)

    @property
    def document(self) -> ChunkPlan | None:
        """The plan of every document when all have one length (the one document's own);
        ``None`` for documents of several lengths, or a splitter's chunks (a splitter cuts
        documents of one length each its own way).

        >>> plan_equal_documents(3, 1200, 512, 64).document.chunks
        3
        """
        if len(self.lengths) != 1 or self.measured:
            return None
        return plan_chunks(self.lengths[0][0], self.chunk_size, self.overlap)

    @property
    def longest(self) -> ChunkPlan | None:
        """The plan of the longest document (the one a chunk map draws); ``None`` for an
        empty corpus."""
        if not self.lengths:
            return None
        return plan_chunks(self.lengths[-1][0], self.chunk_size, self.overlap)

    def document_plans(self) -> Iterator[tuple[ChunkPlan, int]]:
        """Each distinct length's plan and how many documents have it."""
        for length, count in self.lengths:
            yield plan_chunks(length, self.chunk_size, self.overlap), count

    @property
    def length_groups(self) -> tuple[LengthGroup, ...]:
        """The corpus's chunks by length, longest first, as run-length groups.

        >>> plan_documents([2500, 800, 800], 800, 200).length_groups
        (LengthGroup(count=5, length=800), LengthGroup(count=1, length=700))
        """
        if self.measured:
            return tuple(LengthGroup(count, n) for n, count in reversed(self.chunk_lengths))
        counts: Counter[int] = Counter()
        for plan, documents in self.document_plans():
            for group in plan.length_groups:
                counts[group.length] += group.count * documents
        return tuple(LengthGroup(counts[n], n) for n in sorted(counts, reverse=True))

    @property
    def one_stream(self) -> ChunkPlan:
        """The same tokens as one stream, the model of the source documents' formulas."""
        return plan_chunks(self.tokens, self.chunk_size, self.overlap)

    def __add__(self, other: CorpusPlan) -> CorpusPlan:
        """Two corpora planned with the same window, as one."""
        if self.measured or other.measured:
            raise ValueError("a splitter's chunks are added up by plan_split")
        if (self.chunk_size, self.overlap) != (other.chunk_size, other.overlap):
            raise ValueError("corpora planned with different windows")
        counts = Counter(dict(self.lengths))
        counts.update(dict(other.lengths))
        return plan_corpus(tuple(counts.items()), self.chunk_size, self.overlap)


def plan_corpus(
    lengths: Iterable[tuple[int, int]], chunk_size: int, overlap: int = 0
) -> CorpusPlan:
    """Chunk every document of a corpus given as (length, number of documents) pairs.

    Each figure is a sum over the distinct lengths, in whole numbers.

    >>> plan = plan_corpus([(1200, 50_000)], 512, 64)
    >>> plan.chunks, plan.one_stream.chunks
    (150000, 133929)
    >>> plan_corpus([(0, 2), (100, 1)], 64, 0).chunks
    2
    """
    require_int("chunk_size", chunk_size, 1)
    require_int("overlap", overlap, 0)
    if overlap >= chunk_size:
        raise CalculatorError(
            "overlap", "overlap_not_below_chunk_size", overlap=overlap, chunk_size=chunk_size
        )
    merged: Counter[int] = Counter()
    for length, count in lengths:
        merged[require_int("document_tokens", length, 0)] += require_int("documents", count, 1)
    if not merged:
        raise CalculatorError("document_tokens", "list_empty")
    step = chunk_size - overlap
    documents = tokens = chunks = processed = 0
    for length, count in merged.items():
        documents += count
        tokens += count * length
        if length:
            # The window model per document (seed 004): 1 + ⌈max(0, N − C)/s⌉ chunks.
            windows = 1 + ceil_div(max(0, length - chunk_size), step)
            chunks += count * windows
            processed += count * (length + overlap * (windows - 1))
    return CorpusPlan(
        lengths=tuple(sorted(merged.items())),
        chunk_size=chunk_size,
        overlap=overlap,
        documents=documents,
        tokens=tokens,
        chunks=chunks,
        tokens_processed=processed,
        padded_tokens=chunks * chunk_size,
    )


def plan_split(
    documents: Iterable[tuple[int, Sequence[int]]], chunk_size: int, overlap: int, chunker: str
) -> CorpusPlan:
    """A corpus as a splitter cut it: each document's tokens and its chunks' tokens (in the
    tokenizer the splitter measured with), for the ``chunk_size`` and ``overlap`` it was
    given.  The chunks and tokens processed are the chunks', added up; nothing is worked
    out by the window model, which stands beside it as :attr:`CorpusPlan.window`.

    >>> plan = plan_split([(1200, [500, 480, 300]), (90, [90]), (0, [])], 512, 64, "recursive")
    >>> plan.chunks, plan.tokens_processed, plan.window.chunks
    (4, 1370, 4)
    >>> plan.length_groups[0], plan.chunker
    (LengthGroup(count=1, length=500), 'recursive')
    """
    _require_split(chunk_size, overlap, chunker)
    merged: Counter[int] = Counter()
    chunk_counts: Counter[int] = Counter()
    for length, chunk_tokens in documents:
        merged[require_int("document_tokens", length, 0)] += 1
        chunk_counts.update(require_int("chunk_tokens", n, 0) for n in chunk_tokens)
    return plan_split_counts(merged.items(), chunk_counts.items(), chunk_size, overlap, chunker)


def _require_split(chunk_size: int, overlap: int, chunker: str) -> None:
    """The window a splitter was given, and that it is a splitter (not the window model)."""
    require_int("chunk_size", chunk_size, 1)
    require_int("overlap", overlap, 0)
    if chunker not in CHUNKERS[1:]:
        raise ValueError(f"not a splitter: {chunker!r} (the window model's plan is plan_corpus)")


def plan_split_counts(
    lengths: Iterable[tuple[int, int]],
    chunk_lengths: Iterable[tuple[int, int]],
    chunk_size: int,
    overlap: int,
    chunker: str,
) -> CorpusPlan:
    """:func:`plan_split` of a corpus given as (document tokens, how many documents) and
    (chunk tokens, how many chunks) pairs: a corpus too large to list document by document.

    >>> plan_split_counts([(1200, 1), (90, 1)], [(500, 1), (480, 1), (300, 1), (90, 1)],
    ...                   512, 64, "recursive").tokens_processed
    1370
    """
    _require_split(chunk_size, overlap, chunker)
    merged: Counter[int] = Counter()
    chunk_counts: Counter[int] = Counter()
    for length, count in lengths:
        merged[require_int("document_tokens", length, 0)] += require_int("documents", count, 1)
    for n, count in chunk_lengths:
        chunk_counts[require_int("chunk_tokens", n, 0)] += require_int("chunks", count, 1)
    if not merged:
        raise CalculatorError("document_tokens", "list_empty")
    chunks = sum(chunk_counts.values())
    return CorpusPlan(
        lengths=tuple(sorted(merged.items())),
        chunk_size=chunk_size,
        overlap=overlap,
        documents=sum(merged.values()),
        tokens=sum(length * count for length, count in merged.items()),
        chunks=chunks,
        tokens_processed=sum(n * count for n, count in chunk_counts.items()),
        padded_tokens=chunks * chunk_size,
        chunker=chunker,
        chunk_lengths=tuple(sorted(chunk_counts.items())),
    )


def plan_documents(lengths: Iterable[int], chunk_size: int, overlap: int = 0) -> CorpusPlan:
    """Chunk every document of ``lengths`` (tokens each) on its own and add up.

    >>> plan_documents([2000] * 10_000, 512, 51).chunks
    50000
    >>> plan_chunks(2000 * 10_000, 512, 51).chunks
    43384
    """
    counts = Counter(require_int("document_tokens", length, 0) for length in lengths)
    return plan_corpus(counts.items(), chunk_size, overlap)


def plan_length_counts(
    counts: Iterable[tuple[int, int]], chunk_size: int, overlap: int = 0
) -> CorpusPlan:
    """:func:`plan_documents` for ``(length, number of documents)`` pairs."""
    return plan_corpus(counts, chunk_size, overlap)


def plan_one_document(tokens: int, chunk_size: int, overlap: int = 0) -> CorpusPlan:
    """One document of ``tokens`` tokens as a corpus: the window model's own figures.

    >>> plan = plan_one_document(8000, 512, 64)
    >>> plan.chunks, plan.tokens_processed, plan.padded_tokens
    (18, 9088, 9216)
    """
    require_int("tokens", tokens, 0)
    return plan_corpus([(tokens, 1)], chunk_size, overlap)


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
    return plan_corpus([(average_tokens, documents)], chunk_size, overlap)


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
