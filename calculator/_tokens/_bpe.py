"""Byte-pair merging: tiktoken's rule, lowest-ranked adjacent pair first, leftmost on ties.

Short pieces scan for the lowest pair as tiktoken does; long ones (a run of spaces, a
minified line) keep the pairs in a heap, so a piece of n bytes costs n log n, not n².
"""

from __future__ import annotations

import heapq
from itertools import pairwise

Ranks = dict[bytes, int]

# Above this many bytes a piece is merged with the heap.
_SCAN_LIMIT = 64
_NONE = 1 << 62  # larger than any rank: no such pair


def merge(piece: bytes, ranks: Ranks) -> list[int]:
    """The token ids of one piece.

    >>> merge(b"ab", {b"a": 0, b"b": 1, b"ab": 2})
    [2]
    >>> merge(b"abc", {b"a": 0, b"b": 1, b"c": 2, b"bc": 3})
    [0, 3]
    """
    rank = ranks.get(piece)
    if rank is not None:
        return [rank]
    if len(piece) > _SCAN_LIMIT:
        return _merge_heap(piece, ranks)
    return _merge_scan(piece, ranks)


def merged_count(piece: bytes, ranks: Ranks) -> int:
    """How many tokens one piece merges into: ``len(merge(piece, ranks))``, sooner.

    >>> merged_count(b"abc", {b"a": 0, b"b": 1, b"c": 2, b"bc": 3})
    2
    """
    if piece in ranks:
        return 1
    if len(piece) > _SCAN_LIMIT:
        return len(_merge_heap(piece, ranks))
    return len(_merged_starts(piece, ranks)) - 1


def _merge_scan(piece: bytes, ranks: Ranks) -> list[int]:
    starts = _merged_starts(piece, ranks)
    return [ranks[piece[start:end]] for start, end in pairwise(starts)]


def _merged_starts(piece: bytes, ranks: Ranks) -> list[int]:
    """Where the piece's tokens start, and its length."""
    get = ranks.get
    starts = list(range(len(piece) + 1))
    pair = [get(piece[i : i + 2], _NONE) for i in range(len(piece) - 1)]
    while pair:
        lowest = min(pair)
        if lowest == _NONE:
            break
        i = pair.index(lowest)  # the leftmost of the lowest
        del starts[i + 1]
        del pair[i]
        if i < len(pair):
            pair[i] = get(piece[starts[i] : starts[i + 2]], _NONE)
        if i > 0:
            pair[i - 1] = get(piece[starts[i - 1] : starts[i + 1]], _NONE)
    return starts


def _merge_heap(piece: bytes, ranks: Ranks) -> list[int]:
    get = ranks.get
    size = len(piece)
    following = list(range(1, size + 2))  # the next part's start, per part start
    previous = list(range(-1, size))
    # A part's pair only ever grows, and every byte string has one rank, so a heap
    # entry is current exactly when it still equals its part's pair rank.
    pair = [get(piece[i : i + 2], _NONE) for i in range(size - 1)] + [_NONE, _NONE]
    heap = [(rank, i) for i, rank in enumerate(pair) if rank != _NONE]
    heapq.heapify(heap)
    while heap:
        rank, i = heapq.heappop(heap)
        if pair[i] != rank:
            continue
        gone = following[i]
        following[i] = following[gone]
        if following[gone] <= size:
            previous[following[gone]] = i
        pair[gone] = _NONE
        for start in (i, previous[i]):
            if start < 0:
                continue
            end = following[following[start]] if following[start] < size else size + 1
            pair[start] = get(piece[start:end], _NONE) if end <= size else _NONE
            if pair[start] != _NONE:
                heapq.heappush(heap, (pair[start], start))
    parts: list[int] = []
    start = 0
    while start < size:
        parts.append(ranks[piece[start : following[start]]])
        start = following[start]
    return parts
