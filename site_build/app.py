"""The calculator as the start-up engine (engine/build/) runs it: the package, the function that
answers, what it answers at build time and which of its files no page imports."""

from __future__ import annotations

from engine.build import App

# Answered before the memory snapshot is taken, so the snapshot holds what a first answer
# imports and caches.  Python, evaluated in Pyodide: its text, this layout too, is part of the
# memory the snapshot holds.
SNAPSHOT_REQUEST = """{"fields": dict(calculator.DEFAULT_FIELDS),
                               "number_format": {"group": ",", "decimal": "."}}"""

CALCULATOR = App(
    package="calculator",
    entry="respond",
    requests=(
        SNAPSHOT_REQUEST,
        # The other number format, and a link's query: their imports go in the zip too.
        '{"fields": dict(calculator.DEFAULT_FIELDS),'
        ' "number_format": {"group": ".", "decimal": ","}}',
        '{"query": "?tokens=8.000&chunk_size=512&overlap=64&dimensions=384",'
        ' "number_format": {"group": ".", "decimal": ","}}',
        # A model's preset, read from its data file once a model is chosen.
        '{"fields": {"model": "e5-base-v2"}, "previous_model": "custom"}',
        # The trade-off and the export, imported once the visitor scrolls to them: what they
        # import (bisect) goes in the zip, not in the snapshot.
        '{"fields": dict(calculator.DEFAULT_FIELDS), "tradeoff": True,'
        ' "export": {"format": "markdown"}}',
    ),
    # The command line with its English texts, and the answer's and the features' types (read
    # by the type checkers only); the tokenizers and the splitters, each shipped in a zip of its
    # own that a page loads when it first counts or splits (site_build/token_ranks.py).
    not_on_page=(
        "cli/",
        "protocol/_answer.py",
        "protocol/_figures.py",
        "protocol/_feature_types.py",
        "_tokens/",
        "_splitters/",
        "_retrieval/",
        "_sources/",
    ),
    # The model presets (calculator/_models.py reads them).
    data=("models.json",),
)
# The calculator's zip, beside the start-up zip in start-<hash>/.
CALCULATOR_ZIP = CALCULATOR.zip_name
