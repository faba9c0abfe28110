"""Chunk lengths as a distribution: the least, the median, the 95th percentile, the most and
a histogram, exact, from the (count, length) groups a plan has, however many chunks.

A corpus of 100,000 documents has as many distinct last-chunk lengths as lengths: a list of
them is a page long (3,934 characters on one line for 674 files), a distribution is a line.
Percentiles are nearest-rank: the ``p``-th is the least length that at least ``p`` % of the
chunks do not exceed (so it is always a length some chunk has).

>>> lengths = distribution([(3, 512), (1, 100), (1, 7)])
>>> (lengths.least, lengths.median, lengths.p95, lengths.most, lengths.chunks)
(7, 512, 512, 512, 5)
>>> lengths.histogram(4)
((7, 133, 2), (134, 260, 0), (261, 387, 0), (388, 512, 3))
"""

from __future__ import annotations

from collections.abc import Iterable

from ._record import record

__all__ = ["LengthDistribution", "distribution"]


@record
class LengthDistribution:
    """The lengths of ``chunks`` chunks, as sorted (length, count) pairs and their figures."""

    groups: tuple[tuple[int, int], ...]
    chunks: int

    @property
    def least(self) -> int:
        return self.groups[0][0]

    @property
    def most(self) -> int:
        return self.groups[-1][0]

    @property
    def median(self) -> int:
        return self.percentile(50)

    @property
    def p95(self) -> int:
        return self.percentile(95)

    def percentile(self, percent: int) -> int:
        """The nearest-rank ``percent``-th percentile (0 < percent ≤ 100)."""
        rank = max(1, -(-percent * self.chunks // 100))  # ⌈percent·n/100⌉, exact
        seen = 0
        for length, count in self.groups:
            seen += count
            if seen >= rank:
                return length
        return self.most

    def histogram(self, bins: int) -> tuple[tuple[int, int, int], ...]:
        """``bins`` ranges of equal width from the least length to the most, each as
        (first length, last length, chunks); fewer when the lengths span fewer values."""
        span = self.most - self.least + 1
        bins = max(1, min(bins, span))
        width = -(-span // bins)
        edges = [(self.least + index * width, min(self.most, self.least + (index + 1) * width - 1))
                 for index in range(-(-span // width))]  # fmt: skip
        counts = [0] * len(edges)
        for length, count in self.groups:
            counts[(length - self.least) // width] += count
        return tuple(
            (first, last, count) for (first, last), count in zip(edges, counts, strict=True)
        )


def distribution(groups: Iterable[tuple[int, int]]) -> LengthDistribution:
    """The distribution of chunks given as (count, length) groups, in any order.

    Raises ``ValueError`` for no chunks."""
    merged: dict[int, int] = {}
    for count, length in groups:
        if count:
            merged[length] = merged.get(length, 0) + count
    if not merged:
        raise ValueError("no chunks")
    pairs = tuple(sorted(merged.items()))
    return LengthDistribution(pairs, sum(count for _, count in pairs))
