"""Which windows the page's chunk map draws, and of which document.

The map draws one document's windows to scale: the one document, one of D equal ones, or the
longest of a list (the one with the most windows).  Up to twelve windows are all drawn; with
more, the first four, a gap, and the last one, whose predecessor is not drawn.  Positions are
exact integers at any size; the page only scales them to pixels.
"""

from __future__ import annotations

from .._documents import CorpusPlan
from .._record import record

# Every window is drawn up to this many; past it, this many before the gap and the last.
DRAW_ALL_UP_TO = 12
DRAWN_BEFORE_GAP = 4

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._figures import ChunkMapAnswer, ChunkWindow


@record
class DrawnWindow:
    """Chunk ``index`` (from 0) covers tokens ``[start, end)`` of the drawn document."""

    index: int
    start: int
    end: int


def chunk_map(plan: CorpusPlan) -> ChunkMapAnswer | None:
    """The drawn document and its windows; ``None`` for a corpus without tokens.

    >>> from calculator._documents import plan_documents, plan_one_document
    >>> drawn = chunk_map(plan_one_document(2500, 800, 200))
    >>> drawn["document"], [(w["start"], w["end"]) for w in drawn["before"]], drawn["hidden"]
    ('one', [(0, 800), (600, 1400), (1200, 2000), (1800, 2500)], 0)
    >>> drawn = chunk_map(plan_documents([300, 9000, 2500], 512, 64))
    >>> drawn["document"], drawn["tokens"], len(drawn["before"]), drawn["after"], drawn["hidden"]
    ('longest', 9000, 4, [{'index': 19, 'start': 8512, 'end': 9000}], 15)
    """
    document = plan.longest
    if document is None or document.chunks == 0:
        return None
    before, after = drawn_windows(document.tokens, document.chunk_size, document.overlap)
    drawn: ChunkMapAnswer = {
        "document": "one" if plan.documents == 1 else "each" if plan.document else "longest",
        "tokens": document.tokens,
        "chunks": document.chunks,
        "before": [_window(window) for window in before],
        "after": [_window(window) for window in after],
        "hidden": document.chunks - len(before) - len(after),
    }
    return drawn


def drawn_windows(
    tokens: int, chunk_size: int, overlap: int
) -> tuple[tuple[DrawnWindow, ...], tuple[DrawnWindow, ...]]:
    """The windows drawn before the gap and after it (the last one; none without a gap).

    >>> before, after = drawn_windows(2**60, 512, 64)
    >>> len(before), after[0].end == 2**60, after[0].start == (after[0].index) * 448
    (4, True, True)
    """
    step = chunk_size - overlap
    chunks = 0 if tokens == 0 else 1 + -(-max(0, tokens - chunk_size) // step)

    def window(index: int) -> DrawnWindow:
        start = index * step
        return DrawnWindow(index, start, min(start + chunk_size, tokens))

    if chunks <= DRAW_ALL_UP_TO:
        return tuple(window(index) for index in range(chunks)), ()
    return tuple(window(index) for index in range(DRAWN_BEFORE_GAP)), (window(chunks - 1),)


def _window(window: DrawnWindow) -> ChunkWindow:
    return {"index": window.index, "start": window.start, "end": window.end}
