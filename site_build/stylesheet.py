"""The one stylesheet the pages load, style.css: web/styles/, one file per component,
joined in the order below (one request, the same bytes in every build).

The order is the cascade's: the variables and base rules first, then the components as the
page shows them. Each file keeps its own media queries (wide screens, phones, print) after
its rules, so a component reads whole in one place. A new component is a new file, added
here where it belongs.
"""

from __future__ import annotations

from pathlib import Path

from site_build.comments import css_without_comments
from site_build.project import WEB

STYLES = WEB / "styles"
STYLESHEET = "style.css"
COMPONENTS = (
    "base.css",  # the colours, the reset, type, links and focus
    "header.css",  # the page's header and its language links
    "calculator.css",  # the form and results side by side, the fields, the presets
    "results.css",  # the loading state, the results and their errors
    "model.css",  # the embedding model's note and sources, the chunks its limit cuts
    "chunk-map.css",
    "explanations.css",  # the derivation, explanations, FAQ and footer
    "share.css",  # the share and embed panels
    "embed.css",  # embed mode (?embed=1)
    "panels.css",  # what the planning panels share
    "compare.css",
    "tradeoff.css",  # the trade-off's chart, tables and storage by part
    "documents.css",
    "budget-cost.css",
    "count.css",  # count your own text
    "evaluate.css",  # retrieval measured on the sample
    "index-life.css",  # re-indexing, storage and the model's input limit
    "language-choice.css",  # dist/index.html
    "first-screen.css",  # sections below the first screen laid out when they near it
)


def stylesheet(styles: Path = STYLES) -> str:
    """The components joined, each ending in one newline and set apart by a blank line."""
    return "\n".join(
        (styles / name).read_text(encoding="utf-8").rstrip("\n") + "\n" for name in COMPONENTS
    )


def write_stylesheet(target: Path, styles: Path = STYLES) -> None:
    shipped = css_without_comments(stylesheet(styles))
    (target / STYLESHEET).write_text(shipped, encoding="utf-8", newline="\n")
