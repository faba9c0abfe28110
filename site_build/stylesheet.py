"""The one stylesheet the pages load, style.css: web/styles/, one file per component,
joined in the order below (one request, the same bytes in every build).

The order is the cascade's: the variables and base rules first, then the components as the
page shows them. Each file keeps its own media queries (wide screens, phones, print) after
its rules, so a component reads whole in one place. A new component is a new file, added
here where it belongs.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from site_build.project import NO_TSCONFIG, WEB, BuildError, esbuild, node_command

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


def minified_components(styles: Path = STYLES) -> list[str]:
    """Each component as esbuild minifies it (one run for all): without comments, spaces
    or longer forms than needed, the page's own files being held to 250 KB
    (docs/performance.md).  Minified one by one, each keeps its place in the cascade."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder)
        command = [
            node_command("to minify the stylesheet"),
            str(esbuild()),
            *COMPONENTS,
            "--minify",
            "--charset=utf8",
            "--legal-comments=none",
            "--log-level=warning",
            NO_TSCONFIG,
            f"--outdir={output}",
        ]
        done = subprocess.run(command, cwd=styles, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BuildError(f"minifying the stylesheet failed:\n{done.stderr}")
        return [(output / name).read_text(encoding="utf-8") for name in COMPONENTS]


def write_stylesheet(target: Path, styles: Path = STYLES) -> None:
    shipped = "".join(minified_components(styles))
    (target / STYLESHEET).write_text(shipped, encoding="utf-8", newline="\n")
