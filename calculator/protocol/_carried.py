"""Figures the page's worker measured that every calculation then carries (requests.js's
``askFromNowOn``), read back for the trade-off: a splitter's chunks at the grid's windows
(``tradeoff_split``) and an evaluation's measures at them (``retrieval``).  What the worker
does not make (another chunker's, malformed, out of range) is dropped, never an error: the
trade-off then shows the window model's figures and no measures."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .._documents import CorpusPlan
from .._retrievers import MEASURES

#: A window's measures: each measure's name and exact value, in ``MEASURES``' order.
Measures = tuple[tuple[str, Fraction], ...]


def grid_split(
    grid: object, plan: CorpusPlan | None
) -> dict[tuple[int, int], tuple[int, int]] | None:
    """The plan's splitter's chunks and tokens processed at the trade-off's windows, as the
    page's worker measured them (``{"chunker", "windows": [[size, overlap, chunks, tokens],
    ...]}``); nothing for another chunker's, or what the worker does not make."""
    if not isinstance(grid, dict) or plan is None or grid.get("chunker") != plan.chunker:
        return None
    try:
        windows = [tuple(map(int, window)) for window in grid["windows"]]
        measured = {(size, overlap): (chunks, tokens) for size, overlap, chunks, tokens in windows}
    except (KeyError, TypeError, ValueError):
        return None
    if any(min(window) < 0 for window in windows):
        return None  # no count the worker makes
    return measured


def grid_retrieval(
    measured: object, plan: CorpusPlan | None
) -> dict[tuple[int, int], Measures] | None:
    """An evaluation's measures by window, as the page's worker measured them on the
    visitor's sample (``{"chunker", "windows": [[size, overlap, {measure: exact}], ...]}``,
    each exact value a fraction's text, ``"2/3"``); nothing when it cut with another chunker
    than the plan's, or for what the worker does not make.

    >>> from calculator._documents import plan_one_document
    >>> plan = plan_one_document(8000, 512, 64)
    >>> every = {name: "1/2" for name in MEASURES}
    >>> grid_retrieval({"chunker": "window", "windows": [[512, 64, every]]}, plan)[512, 64][0]
    ('excerpt_survival', Fraction(1, 2))
    >>> grid_retrieval({"chunker": "recursive", "windows": [[512, 64, every]]}, plan) is None
    True
    """
    if not isinstance(measured, dict) or plan is None:
        return None
    if measured.get("chunker") != plan.chunker or not isinstance(measured.get("windows"), list):
        return None
    found: dict[tuple[int, int], Measures] = {}
    try:
        for size, overlap, values in measured["windows"]:
            if not isinstance(values, Mapping):
                return None
            exact = tuple((name, Fraction(str(values[name]))) for name in MEASURES)
            if min(int(size), int(overlap)) < 0 or any(value < 0 for _, value in exact):
                return None
            found[int(size), int(overlap)] = exact
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        return None
    return found
