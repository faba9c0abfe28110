"""An export request of the page: the plan and its trade-off as a file, in the request's
words, with the page's own settings and notes (bounded).  Imported on the first export."""

from __future__ import annotations

from collections.abc import Mapping

from .._text import NumberFormat
from .._tradeoff import tradeoff
from ._export import export_csv, export_markdown, export_words
from ._fields import TRADEOFF_INPUTS, stale_panels
from ._form import FormOutcome

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._answer import ExportAnswer
    from ._carried import Measures


def export_file(
    outcome: FormOutcome,
    request: Mapping[str, object],
    number_format: NumberFormat,
    retrieval: Mapping[tuple[int, int], Measures] | None = None,
) -> ExportAnswer | None:
    """The plan and its trade-off as Markdown (the page's number format) or CSV (plain
    figures), headed in the request's words; nothing while a field they follow is invalid."""
    file_format = request.get("format")
    words = request.get("words")
    plan, vectors = outcome.plan, outcome.vectors
    if plan is None or TRADEOFF_INPUTS & stale_panels(outcome.errors):
        return None
    if file_format not in ("markdown", "csv"):
        return None
    given = words if isinstance(words, Mapping) else {}
    chosen = export_words({k: v for k, v in given.items() if isinstance(v, str)})
    grid = tradeoff(
        plan, vectors=vectors, storage=outcome.storage,
        price_per_million=outcome.price_per_million, retrieval=retrieval,
    )  # fmt: skip
    if file_format == "csv":
        return {"format": "csv", "text": export_csv(grid, chosen)}
    # Polish writes 2048 ungrouped, as the page does (CLDR's minimum grouping digits).
    group_four_digits = request.get("group_four_digits") is not False
    text = export_markdown(
        plan, vectors, grid, words=chosen, number_format=number_format,
        group_four_digits=group_four_digits, settings=_settings(request.get("settings")),
        notes=_texts(request.get("notes")),
    )  # fmt: skip
    return {"format": "markdown", "text": text}


# What an export request may carry of the page's own texts: a few short lines each.
_MOST_SETTINGS = 24
_MOST_TEXT = 2000


def _texts(given: object) -> list[str]:
    """The page's notes for the export (its warnings and sources), as strings, bounded."""
    if not isinstance(given, list):
        return []
    return [item[:_MOST_TEXT] for item in given[:_MOST_SETTINGS] if isinstance(item, str)]


def _settings(given: object) -> list[tuple[str, str]]:
    """The page's (label, value) settings for the export, as strings, bounded."""
    if not isinstance(given, list):
        return []
    rows = [item for item in given[:_MOST_SETTINGS] if isinstance(item, list) and len(item) == 2]
    return [
        (label[:_MOST_TEXT], value[:_MOST_TEXT])
        for label, value in rows
        if isinstance(label, str) and isinstance(value, str)
    ]
