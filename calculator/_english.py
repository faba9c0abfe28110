"""English for counted things: "1 document", "2 documents", with the thousands' commas.

The readable output of ``python3 -m calculator`` says every count of a thing through
:func:`count_of`, so that one of anything is never plural.
"""

from __future__ import annotations


def count_of(n: int, singular: str, plural: str, *, signed: bool = False) -> str:
    """``n`` with the noun that agrees with it; ``signed`` writes the sign of a difference.

    >>> count_of(1, "document", "documents")
    '1 document'
    >>> count_of(2, "document", "documents")
    '2 documents'
    >>> count_of(0, "chunk", "chunks")
    '0 chunks'
    >>> count_of(12_345, "byte", "bytes")
    '12,345 bytes'
    >>> count_of(1, "chunk", "chunks", signed=True), count_of(-3, "chunk", "chunks", signed=True)
    ('+1 chunk', '-3 chunks')
    """
    figure = f"{n:+,}" if signed else f"{n:,}"
    return f"{figure} {singular if abs(n) == 1 else plural}"
