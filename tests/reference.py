"""A brute-force reference the closed formulas are tested against."""

from __future__ import annotations

from collections.abc import Sequence


def walk_windows(tokens: int, chunk_size: int, overlap: int) -> list[int]:
    """Chunk lengths from sliding the window along the stream, as token splitters do."""
    lengths: list[int] = []
    start = 0
    while start < tokens:
        end = min(start + chunk_size, tokens)
        lengths.append(end - start)
        if end == tokens:
            break
        start += chunk_size - overlap
    return lengths


def window_inputs(stream: Sequence[int], chunk_size: int, overlap: int) -> list[tuple[int, ...]]:
    """Each window's exact input, the tokens themselves, walked along ``stream``."""
    windows: list[tuple[int, ...]] = []
    start = 0
    for length in walk_windows(len(stream), chunk_size, overlap):
        windows.append(tuple(stream[start : start + length]))
        start += chunk_size - overlap
    return windows


def edited(tokens: int, at: int, delta: int) -> list[int]:
    """The stream 0 … N − 1 with ``delta`` fresh tokens inserted at ``at`` or ``-delta`` deleted."""
    stream = list(range(tokens))
    if delta >= 0:
        return stream[:at] + list(range(tokens, tokens + delta)) + stream[at:]
    return stream[:at] + stream[at - delta :]


def reuse_walk(old: list[tuple[int, ...]], new: list[tuple[int, ...]]) -> tuple[int, int, int, int]:
    """Reused chunks, chunks to embed, chunks to delete, tokens to embed, by lookup."""
    known = set(old)
    fresh = [window for window in new if window not in known]
    reused = len(new) - len(fresh)
    return reused, len(fresh), len(old) - reused, sum(map(len, fresh))
