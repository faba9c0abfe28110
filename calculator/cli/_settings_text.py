"""What made a plan, for the command line's ``--markdown``: the model, the tokenizer and the
splitter the files were counted and cut with, the database, the vectors, the tool's version;
then its warnings and the model's sources, as the page's Markdown export says them.

>>> rows, notes = plan_settings(
...     model=None, encoding=None, splitter=None, database=None, dimensions="384",
...     dtype="float32", version="0.1.0", warnings=["warning: 3 chunks over the limit"])
>>> rows[0], rows[-1]
(('Embedding model', 'custom'), ('Made with', 'rag-chunk-planner 0.1.0'))
>>> notes
['warning: 3 chunks over the limit']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._version import DISTRIBUTION

if TYPE_CHECKING:
    from .._models import ModelPreset


def plan_settings(
    *,
    model: ModelPreset | None,
    encoding: str | None,
    splitter: str | None,
    database: str | None,
    dimensions: str | None,
    dtype: str | None,
    version: str | None,
    warnings: Sequence[str] = (),
) -> tuple[list[tuple[str, str]], list[str]]:
    """The (label, value) rows and the notes (the warnings, then each source of the model's
    values with the day it was checked) of a plan; ``encoding`` and ``splitter`` only where
    files were counted."""
    rows = [("Embedding model", model.name if model is not None else "custom")]
    if encoding is not None:
        rows.append(("Tokenizer", encoding))
    if splitter is not None:
        rows.append(("Splitter", "window model" if splitter == "window" else splitter))
    rows.append(("Database", database or "generic"))
    if dimensions:
        rows.append(("Vectors", f"{dimensions} dimensions, {dtype or 'float32'}"))
    if version is not None:
        rows.append(("Made with", f"{DISTRIBUTION} {version}"))
    notes = list(warnings)
    if model is not None:
        for field, source in model.sources:
            notes.append(f"{field}: {', '.join(source.addresses)} (checked {source.checked})")
    return rows, notes
