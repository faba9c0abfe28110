"""A brute-force reference the closed formulas are tested against."""

from __future__ import annotations


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
