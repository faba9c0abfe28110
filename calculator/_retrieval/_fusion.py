"""Reciprocal rank fusion: one ranking made of several (Cormack, Clarke and Büttcher, 2009).

Public names:

- ``fused_scores(rankings: Sequence[Sequence[int]], k: int = 60) -> dict[int, Fraction]``:
  each item's fused score, the sum over the rankings that hold it of 1 / (k + its rank),
  ranks counted from 1.
- ``fused_ranking(rankings: Sequence[Sequence[int]], k: int = 60) -> list[int]``: every item of
  any ranking, best first.

``k = 60`` is the constant of Cormack et al., "Reciprocal Rank Fusion outperforms Condorcet and
individual Rank Learning Methods" (SIGIR 2009).  The scores are exact fractions, so two items
tie only when their sums are equal, never by rounding.  Ties are broken by the better best
rank (the item some ranking put higher), then by the smaller index, so the order is the same
wherever it is computed.  An item missing from a ranking gets nothing from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["DEFAULT_K", "fused_ranking", "fused_scores"]

#: Cormack et al.'s constant: it damps the weight of the first few ranks.
DEFAULT_K = 60


def fused_scores(rankings: Sequence[Sequence[int]], k: int = DEFAULT_K) -> dict[int, Fraction]:
    """Each item's reciprocal-rank-fusion score over ``rankings`` (lists of item indices, best
    first; an index twice in one ranking is refused).

    >>> fused_scores([[2, 0], [0]], k=1)
    {2: Fraction(1, 2), 0: Fraction(5, 6)}
    """
    return _fused(rankings, k)[0]


def fused_ranking(rankings: Sequence[Sequence[int]], k: int = DEFAULT_K) -> list[int]:
    """The items of ``rankings`` by fused score descending, ties by best rank, then index.

    Second in both rankings scores less than first in one and third in the other:

    >>> fused_ranking([[0, 1, 2], [2, 1, 0]])
    [0, 2, 1]
    """
    scores, best = _fused(rankings, k)
    return sorted(scores, key=lambda item: (-scores[item], best[item], item))


def _fused(rankings: Sequence[Sequence[int]], k: int) -> tuple[dict[int, Fraction], dict[int, int]]:
    """The fused scores and each item's best rank."""
    if k < 0:
        raise ValueError(f"k must be 0 or more, got {k}")
    scores: dict[int, Fraction] = {}
    best: dict[int, int] = {}
    for ranking in rankings:
        if len(set(ranking)) != len(ranking):
            raise ValueError("an item appears twice in one ranking")
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, Fraction(0)) + Fraction(1, k + rank)
            best[item] = min(best.get(item, rank), rank)
    return scores, best
