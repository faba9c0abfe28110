"""The exact chunk plan of one token stream split into fixed, overlapping windows.

The model: a single tokenized stream of N tokens, windows of C tokens, overlap O
with 0 <= O < C, step s = C - O; the last chunk may be shorter and is not padded;
splitting stops at the first window that reaches the last token.  This is the
chunk count that LangChain's ``TokenTextSplitter`` (``split_text_on_tokens``),
chonkie's ``TokenChunker`` and GraphRAG's token splitter produce on one stream.
"""

from __future__ import annotations

from fractions import Fraction

from ._errors import CalculatorError
from ._integers import ceil_div, require_int
from ._record import record


@record
class LengthGroup:
    """``count`` consecutive chunks of ``length`` tokens each."""

    count: int
    length: int


@record
class ChunkPlan:
    """Every figure of one split; build it with :func:`plan_chunks`."""

    tokens: int
    chunk_size: int
    overlap: int
    chunks: int
    last_chunk_tokens: int

    @property
    def step(self) -> int:
        """How far each window moves: chunk size minus overlap."""
        return self.chunk_size - self.overlap

    @property
    def length_groups(self) -> tuple[LengthGroup, ...]:
        """Chunk lengths as run-length groups, never one item per chunk.

        >>> plan_chunks(2500, 800, 200).length_groups
        (LengthGroup(count=3, length=800), LengthGroup(count=1, length=700))
        >>> plan_chunks(1600, 800, 0).length_groups
        (LengthGroup(count=2, length=800),)
        """
        if self.chunks == 0:
            return ()
        full = self.chunks - 1
        if full == 0:
            return (LengthGroup(1, self.last_chunk_tokens),)
        if self.last_chunk_tokens == self.chunk_size:
            return (LengthGroup(self.chunks, self.chunk_size),)
        return (LengthGroup(full, self.chunk_size), LengthGroup(1, self.last_chunk_tokens))

    @property
    def repeated_tokens(self) -> int:
        """Tokens sent to the embedding model a second time: the overlaps."""
        return self.overlap * max(0, self.chunks - 1)

    @property
    def tokens_processed(self) -> int:
        """Exact tokens sent to the embedding model: N plus every repeat."""
        return self.tokens + self.repeated_tokens

    @property
    def padded_tokens(self) -> int:
        """``chunks × chunk_size``: the upper bound if every chunk were full size.

        Some calculators report this as "tokens embedded"; the last chunk is
        shorter, so it overstates the exact figure by :attr:`padding_tokens`.
        """
        return self.chunks * self.chunk_size

    @property
    def padding_tokens(self) -> int:
        """How much :attr:`padded_tokens` overstates :attr:`tokens_processed`."""
        return self.padded_tokens - self.tokens_processed

    @property
    def repeated_share(self) -> Fraction:
        """Repeated tokens as an exact fraction of the document (0 for N = 0).

        >>> plan_chunks(8000, 512, 64).repeated_share
        Fraction(17, 125)
        """
        if self.tokens == 0:
            return Fraction(0)
        return Fraction(self.repeated_tokens, self.tokens)

    def window(self, index: int) -> tuple[int, int]:
        """The token range ``[start, end)`` of chunk ``index`` (counted from 0).

        >>> plan = plan_chunks(2500, 800, 200)
        >>> [plan.window(i) for i in range(plan.chunks)]
        [(0, 800), (600, 1400), (1200, 2000), (1800, 2500)]
        """
        if not 0 <= index < self.chunks:
            raise IndexError(f"chunk {index} of {self.chunks}")
        start = index * self.step
        return start, min(start + self.chunk_size, self.tokens)

    @property
    def steps_after_first(self) -> Fraction:
        """``max(0, N - C) / s``: the quotient whose ceiling counts the later chunks."""
        return Fraction(max(0, self.tokens - self.chunk_size), self.step)


def plan_chunks(tokens: int, chunk_size: int, overlap: int = 0) -> ChunkPlan:
    """Split ``tokens`` into windows of ``chunk_size`` overlapping by ``overlap``.

    Constant time and exact at any size.

    >>> plan = plan_chunks(8000, 512, 64)
    >>> plan.step, plan.chunks, plan.last_chunk_tokens
    (448, 18, 384)
    >>> plan.tokens_processed, plan.repeated_tokens, plan.padded_tokens
    (9088, 1088, 9216)

    A document no longer than the overlap is still one chunk (the common
    ``ceil((N - O) / (C - O))`` says zero or less):

    >>> plan_chunks(50, 512, 64).chunks
    1
    >>> plan_chunks(0, 512, 64).chunks
    0
    >>> plan_chunks(100, 64, 64)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: overlap: The overlap (64) must be smaller than ...
    """
    require_int("tokens", tokens, 0)
    require_int("chunk_size", chunk_size, 1)
    require_int("overlap", overlap, 0)
    if overlap >= chunk_size:
        raise CalculatorError(
            "overlap", "overlap_not_below_chunk_size", overlap=overlap, chunk_size=chunk_size
        )
    if tokens == 0:
        return ChunkPlan(tokens, chunk_size, overlap, chunks=0, last_chunk_tokens=0)
    step = chunk_size - overlap
    chunks = 1 + ceil_div(max(0, tokens - chunk_size), step)
    last = tokens - (chunks - 1) * step
    return ChunkPlan(tokens, chunk_size, overlap, chunks=chunks, last_chunk_tokens=last)
