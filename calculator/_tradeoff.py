"""The trade-off: a corpus's figures across chunk sizes and overlaps, the current choice marked.

The grid is every chunk size of ``CHUNK_SIZES`` and the current one, by every overlap share of
``OVERLAP_SHARES`` and the current one (its overlap over its chunk size): at most 9 × 6
points.  A point's overlap is ⌊C × share⌋ tokens, the whole number a splitter is given, so
the current share at the current chunk size is exactly the current overlap, and 50 % stays
below the chunk size.  The sizes run from 128, below which a chunk holds a sentence or two,
to 2,048, the input limit of the larger embedding models, in steps of about ×1.5 (powers of
two and the halfway points) so the chart's axis spaces them evenly; the shares are no
overlap, the 10-20 % the source documents call a common start, a quarter and the half that
about doubles the tokens embedded.

Each point is the corpus chunked document by document at that window, exactly as
``plan_corpus`` plans it.  Only the chunks need work: the tokens processed are
N + O × (chunks − documents with tokens).  A corpus of up to 100 000 documents of as many
lengths is sorted once and kept; a point then counts the windows after each document's
first either length by length, or, when the longest document is few steps longer than the
chunk size, step by step (the documents longer than C + k × s, for each k, found by
bisection), whichever is fewer operations.  Points already counted for the same corpus are
remembered, so an edit that changes only the current window counts only the new ones.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import accumulate

from ._cost import embedding_cost
from ._documents import WINDOW, CorpusPlan, Lengths
from ._integers import ceil_div, require_int
from ._record import record
from ._storage import StorageSize, storage_size
from ._vectors import CUSTOM_DTYPE, VectorSize, vector_size

CHUNK_SIZES = (128, 256, 384, 512, 768, 1024, 1536, 2048)
OVERLAP_SHARES = (Fraction(0), Fraction(1, 10), Fraction(1, 5), Fraction(1, 4), Fraction(1, 2))


@record
class TradeoffPoint:
    """The corpus at one window: its chunks, tokens processed and, with vectors, raw size and
    storage; with a price, the one-time cost."""

    chunk_size: int
    overlap: int
    #: The overlap share's index in :attr:`Tradeoff.shares`: the series the point is drawn in.
    series: int
    chunks: int
    tokens_processed: int
    #: The corpus's tokens (the same at every point): tokens processed less them are repeated.
    tokens: int
    vectors: VectorSize | None
    storage: StorageSize | None
    cost: Fraction | None
    current: bool
    #: Whether a chunk at this window is longer than the model takes once its own tokens are
    #: added (its end cut off, never embedded); ``None`` without a model's limit.
    over_limit: bool | None = None
    #: The storage as the chosen database stores it (pgvector, Qdrant), when one is chosen.
    database_bytes: int | None = None
    #: Who cut the point's chunks: "window" (worked out) or the plan's splitter (measured).
    chunker: str = WINDOW
    #: Retrieval measured at this window on the user's sample (``calculator._retrieval``):
    #: each measure's name and exact value, in ``MEASURES``' order; empty where not measured.
    retrieval: tuple[tuple[str, Fraction], ...] = ()

    @property
    def repeated_tokens(self) -> int:
        return self.tokens_processed - self.tokens

    @property
    def padded_tokens(self) -> int:
        return self.chunks * self.chunk_size

    @property
    def storage_bytes(self) -> int | None:
        """The storage in all: the chosen database's where there is one, else the generic
        formula's (``None`` without vectors)."""
        if self.database_bytes is not None:
            return self.database_bytes
        return None if self.storage is None else self.storage.total_bytes


@record
class Tradeoff:
    """The grid of points; build it with :func:`tradeoff`."""

    documents: int
    tokens: int
    chunk_sizes: tuple[int, ...]
    shares: tuple[Fraction, ...]
    #: The current overlap share's index in :attr:`shares`.
    current_series: int
    #: By series (share), then by chunk size: ``len(shares) × len(chunk_sizes)`` points.
    points: tuple[TradeoffPoint, ...]
    #: The database whose storage each point gives too (``TradeoffPoint.database_bytes``).
    database: str | None = None
    #: The plan's chunker: a splitter's grid has its chunks at every point it was run at.
    chunker: str = WINDOW

    @property
    def current(self) -> TradeoffPoint:
        """The point of the current chunk size and overlap."""
        return next(point for point in self.points if point.current)

    def series(self, index: int) -> tuple[TradeoffPoint, ...]:
        """The points of overlap share ``index``, by chunk size."""
        return tuple(point for point in self.points if point.series == index)


def grid(chunk_size: int, overlap: int) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    """The chunk sizes and overlap shares of the grid around the current window.

    >>> sizes, shares = grid(1000, 125)
    >>> sizes
    (128, 256, 384, 512, 768, 1000, 1024, 1536, 2048)
    >>> [str(share) for share in shares]
    ['0', '1/10', '1/8', '1/5', '1/4', '1/2']
    >>> len(grid(512, 128)[1])  # a quarter is one of the shares already
    5
    """
    require_int("chunk_size", chunk_size, 1)
    require_int("overlap", overlap, 0)
    sizes = tuple(sorted({*CHUNK_SIZES, chunk_size}))
    shares = tuple(sorted({*OVERLAP_SHARES, Fraction(overlap, chunk_size)}))
    return sizes, shares


def grid_windows(chunk_size: int, overlap: int) -> tuple[tuple[int, int], ...]:
    """The grid's windows (chunk size, overlap) other than the current one, in order: the
    settings the trade-off shows, each a splitter's cut or an evaluation's setting.

    >>> grid_windows(512, 64)[:4]
    ((128, 0), (128, 12), (128, 16), (128, 25))
    """
    sizes, shares = grid(chunk_size, overlap)
    windows = {
        (size, size * share.numerator // share.denominator) for share in shares for size in sizes
    }
    return tuple(sorted(windows - {(chunk_size, overlap)}))


def tradeoff(
    plan: CorpusPlan,
    *,
    vectors: VectorSize | None = None,
    storage: StorageSize | None = None,
    price_per_million: Fraction | None = None,
    largest_chunk_size: int | None = None,
    database: tuple[str, Callable[[StorageSize], int]] | None = None,
    measured: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    retrieval: Mapping[tuple[int, int], tuple[tuple[str, Fraction], ...]] | None = None,
) -> Tradeoff:
    """The corpus of ``plan`` across the grid around its window, the plan's point marked.

    ``vectors`` gives the dimensions and representation (its count is the plan's, not
    used); ``storage`` the storage inputs (M, metadata, text bytes per token, replicas, a
    quantized copy), the defaults without it; ``price_per_million`` a cost at every point;
    ``largest_chunk_size`` (the model's limit less the tokens it adds) marks the points whose
    longest chunk, min(C, the longest document), is over it; ``database`` (its name and what
    sizes a storage as it stores it) gives each point's storage as the chosen database's;
    ``measured``, a splitter's chunks and tokens processed by window (chunk size, overlap):
    its figures at those points (the plan's own at the plan's), the window model's elsewhere;
    ``retrieval``, the measures of an evaluation by window: each point's own.

    >>> from calculator._documents import plan_equal_documents
    >>> grid_ = tradeoff(plan_equal_documents(50_000, 1200, 512, 64),
    ...                  vectors=vector_size(1, 384))
    >>> current = grid_.current
    >>> current.chunks, current.tokens_processed, current.vectors.raw_bytes
    (150000, 66400000, 230400000)
    >>> [point.chunks for point in grid_.series(0)]
    [500000, 250000, 200000, 150000, 100000, 100000, 50000, 50000]
    >>> current.storage.total_bytes == 230400000 + 150000 * 2 * 16 * 4
    True
    """
    sizes, shares = grid(plan.chunk_size, plan.overlap)
    corpus = _sorted_corpus(plan.lengths)
    longest = plan.lengths[-1][0] if plan.lengths else 0
    representation = _representation(vectors)
    points = []
    for series, share in enumerate(shares):
        for size in sizes:
            # ⌊C × share⌋: for the current share at the current size, the current overlap.
            overlap = size * share.numerator // share.denominator
            chunks = corpus.chunks(size, overlap)
            processed = plan.tokens + overlap * (chunks - corpus.with_tokens)
            chunker = WINDOW
            if plan.measured and (size, overlap) == (plan.chunk_size, plan.overlap):
                chunks, processed, chunker = plan.chunks, plan.tokens_processed, plan.chunker
            elif plan.measured and measured is not None and (size, overlap) in measured:
                (chunks, processed), chunker = measured[size, overlap], plan.chunker
            point_vectors = point_storage = None
            if vectors is not None:
                point_vectors = vector_size(chunks, vectors.dimensions, representation)
                point_storage = _storage(point_vectors, processed, storage)
            over = None if largest_chunk_size is None else min(size, longest) > largest_chunk_size
            points.append(
                TradeoffPoint(
                    chunk_size=size,
                    overlap=overlap,
                    series=series,
                    chunks=chunks,
                    tokens_processed=processed,
                    tokens=plan.tokens,
                    vectors=point_vectors,
                    storage=point_storage,
                    cost=None
                    if price_per_million is None
                    else embedding_cost(processed, price_per_million),
                    current=size == plan.chunk_size and overlap == plan.overlap,
                    over_limit=over,
                    database_bytes=None
                    if database is None or point_storage is None
                    else database[1](point_storage),
                    chunker=chunker,
                    retrieval=() if retrieval is None else retrieval.get((size, overlap), ()),
                )
            )
    return Tradeoff(
        chunker=plan.chunker,
        database=None if database is None else database[0],
        documents=plan.documents,
        tokens=plan.tokens,
        chunk_sizes=sizes,
        shares=shares,
        current_series=shares.index(Fraction(plan.overlap, plan.chunk_size)),
        points=tuple(points),
    )


def _representation(vectors: VectorSize | None) -> str | int:
    """The representation ``vector_size`` takes back: a dtype name or a custom byte count."""
    if vectors is None or vectors.dtype != CUSTOM_DTYPE:
        return "float32" if vectors is None else vectors.dtype
    return vectors.bits_per_dimension // 8


def _storage(vectors: VectorSize, processed: int, inputs: StorageSize | None) -> StorageSize:
    """The storage of ``vectors`` with the form's storage inputs (the defaults without)."""
    if inputs is None:
        return storage_size(vectors, processed)
    return storage_size(
        vectors,
        processed,
        hnsw_m=inputs.hnsw_m,
        metadata_bytes=inputs.metadata_bytes_per_chunk,
        text_bytes_per_token=inputs.text_bytes_per_token,
        replicas=inputs.replicas,
        quantized=None if inputs.quantized is None else inputs.quantized.dtype,
    )


class _SortedCorpus:
    """A corpus's distinct non-empty lengths in ascending order, each one's number of
    documents, and how many documents are at least each length; with the chunks of every
    window asked for so far."""

    def __init__(self, lengths: Lengths) -> None:
        """``lengths``: a plan's, by length, each length once and validated."""
        pairs = [(length, count) for length, count in lengths if length]
        self.lengths = [length for length, _ in pairs]
        self.counts = [count for _, count in pairs]
        # at_least[i]: the documents of length lengths[i] or more (0 past the longest).
        self.at_least = [*reversed([*accumulate(reversed(self.counts))]), 0]
        self.with_tokens = self.at_least[0]
        self._chunks: dict[tuple[int, int], int] = {}

    def chunks(self, chunk_size: int, overlap: int) -> int:
        """Every document's 1 + ⌈max(0, L − C) / s⌉ windows, summed (none for L = 0)."""
        key = (chunk_size, overlap)
        known = self._chunks.get(key)
        if known is None:
            known = self._chunks[key] = self.with_tokens + self._later_windows(*key)
        return known

    def _later_windows(self, chunk_size: int, overlap: int) -> int:
        """Σ ⌈(L − C) / s⌉ over the documents longer than C."""
        lengths, step = self.lengths, chunk_size - overlap
        first = bisect_right(lengths, chunk_size)  # the shortest document longer than C
        if first == len(lengths):
            return 0
        # ⌈(L − C)/s⌉ = the number of k ≥ 0 with L > C + k·s: one bisection per step up to
        # the longest document, or one division per distinct length, whichever is fewer.
        steps = ceil_div(lengths[-1] - chunk_size, step)
        if 2 * steps < len(lengths) - first:
            at_least, total, index = self.at_least, 0, first
            for bound in range(chunk_size, lengths[-1], step):
                index = bisect_right(lengths, bound, index)
                total += at_least[index]
            return total
        # ⌈(L − C)/s⌉ = (L − C − 1)//s + 1 = (L + s − C − 1)//s for L > C.
        shift = step - chunk_size - 1
        return sum(
            count * ((length + shift) // step)
            for length, count in zip(lengths[first:], self.counts[first:], strict=True)
        )


# The corpora counted last, most recent first: the page asks again at every edit, and the
# corpus (a pasted list of up to 100 000 lengths) seldom changes between two.
_KEPT = 2
_corpora: list[tuple[Lengths, _SortedCorpus]] = []


def _sorted_corpus(lengths: Lengths) -> _SortedCorpus:
    for index, (kept, corpus) in enumerate(_corpora):
        if kept is lengths or kept == lengths:
            if index:
                _corpora.insert(0, _corpora.pop(index))
            return corpus
    corpus = _SortedCorpus(lengths)
    _corpora.insert(0, (lengths, corpus))
    del _corpora[_KEPT:]
    return corpus
