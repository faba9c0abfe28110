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
from ._words import Words, english

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
    words: Words | None = None,
) -> tuple[list[tuple[str, str]], list[str]]:
    """The (label, value) rows and the notes (the warnings, then each source of the model's
    values with the day it was checked) of a plan; ``encoding`` and ``splitter`` only where
    files were counted."""
    w = words or english()
    rows = [
        (w("cli.settings.model"), model.name if model is not None else w("cli.settings.custom"))
    ]
    if encoding is not None:
        rows.append((w("cli.settings.tokenizer"), encoding))
    if splitter is not None:
        shown = w("cli.settings.window_model") if splitter == "window" else splitter
        rows.append((w("cli.settings.splitter"), shown))
    rows.append((w("cli.settings.database"), database or w("cli.settings.generic")))
    if dimensions:
        vectors = w("cli.settings.vectors", dimensions=dimensions, dtype=dtype or "float32")
        rows.append((w("cli.settings.vectors_label"), vectors))
    if version is not None:
        rows.append((w("cli.settings.made_with"), f"{DISTRIBUTION} {version}"))
    notes = list(warnings)
    if model is not None:
        for field, source in model.sources:
            addresses = ", ".join(source.addresses)
            notes.append(w("cli.settings.source", field=field, addresses=addresses,
                           checked=source.checked))  # fmt: skip
    return rows, notes
