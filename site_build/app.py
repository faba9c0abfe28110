"""The calculator as the start-up engine (engine/build/) runs it: the package, the function that
answers, what it answers at build time and which of its files no page imports."""

from __future__ import annotations

from engine.build import App

# Answered before the memory snapshot is taken, so the snapshot holds what a first answer
# imports and caches.  Python, evaluated in Pyodide: its text, this layout too, is part of the
# memory the snapshot holds.  A page's first request asks for the main form only ("first":
# the panels follow in its next answer, from the later zip).
SNAPSHOT_REQUEST = """{"fields": dict(calculator.DEFAULT_FIELDS),
                               "number_format": {"group": ",", "decimal": "."}, "first": True}"""

CALCULATOR = App(
    package="calculator",
    entry="respond",
    # What a page's first answer imports goes in the calculator's zip: the default form and
    # links (every kind of corpus, a short list, a price, rows to compare), in both number
    # formats.  A link naming a model reads its preset's fields from
    # models.json, which the later zip holds: its first answer downloads that zip first.
    first_requests=(
        SNAPSHOT_REQUEST,
        '{"fields": dict(calculator.DEFAULT_FIELDS),'
        ' "number_format": {"group": ".", "decimal": ","}, "first": True}',
        '{"query": "?tokens=8.000&chunk_size=512&overlap=64&dimensions=384'
        '&price_per_million=0,02&compare=512:64,256:0:768:int8&database=pgvector",'
        ' "number_format": {"group": ".", "decimal": ","}, "first": True}',
        '{"query": "?corpus=list&document_tokens=100%0A200&dtype=custom&bytes_per_dimension=3",'
        ' "number_format": {"group": ",", "decimal": "."}, "first": True}',
        '{"query": "?corpus=documents&documents=40&average_tokens=900", "first": True}',
    ),
    # The rest of what a page imports goes in the later zip, which the worker fetches once
    # the first answer is out: the panels, in both number formats and from a link, and a
    # long list's link (its fragment: that link's first answer downloads the later zip).
    requests=(
        '{"query": "?corpus=documents&documents=40&average_tokens=900",'
        ' "fragment": calculator.protocol._query.link_from_fields('
        '{"corpus": "list", "document_tokens": "\\n".join(map(str, range(1, 3000)))},'
        " calculator.protocol.MACHINE).fragment}",
        '{"fields": dict(calculator.DEFAULT_FIELDS),'
        ' "number_format": {"group": ",", "decimal": "."}}',
        '{"query": "?tokens=8.000&chunk_size=512&overlap=64&dimensions=384'
        '&compare=512:64,256:0&price_per_million=0,02&database=pgvector",'
        ' "number_format": {"group": ".", "decimal": ","}}',
        # A model's preset, read from its data file once a model is chosen.
        '{"fields": {"model": "e5-base-v2"}, "previous_model": "custom"}',
        # The trade-off and the export, imported once the visitor scrolls to them.
        '{"fields": dict(calculator.DEFAULT_FIELDS), "tradeoff": True,'
        ' "export": {"format": "markdown"}}',
    ),
    # The command line with its English texts, and the answer's, the features' and the count's
    # messages' types (read by the type checkers only); the tokenizers and the splitters, each
    # shipped in a zip of its own that a page loads when it first counts or splits
    # (site_build/token_ranks.py).
    not_on_page=(
        "cli/",
        "protocol/_answer.py",
        "protocol/_figures.py",
        "protocol/_feature_types.py",
        "protocol/_message_types.py",
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
CALCULATOR_LATER_ZIP = CALCULATOR.later_zip_name
