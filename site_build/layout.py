"""Where a build put its versioned directories (site_build/versioned.py), relative to dist/."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from engine.build import PYODIDE_VERSION, SNAPSHOT_NAME, START_STDLIB
from site_build.app import CALCULATOR_LATER_ZIP, CALCULATOR_ZIP
from site_build.project import BuildError


class Layout(NamedTuple):
    """Where a build put its versioned directories, relative to dist/."""

    assets: str  # "assets-<hash>/": our scripts and styles, and the build manifest
    runtime: str  # "pyodide-<version>-<hash>/": Pyodide's runtime, our compiled stdlib
    snapshot: str  # "snapshot-<hash>/python-snapshot.bin"
    # "start-<hash>/python_stdlib_start.zip": apart from the runtime, as it holds the
    # calculator: an update of the calculator leaves the runtime's directory as it was.
    start: str
    # "start-<hash>/python_calculator.zip": the calculator's zip, which every start adds once
    # Python has started (engine/node/start_stdlib.py).
    calculator: str
    # "start-<hash>/python_calculator_later.zip": the rest of the calculator a page runs,
    # which the worker fetches once the first answer is out.
    calculator_later: str
    # "tokens-<hash>/": the tokenizer's code and ranks, loaded only when a page counts text.
    tokens: str


def layout_of(dist: Path) -> Layout:
    """The layout of a finished build, found from its directories' names."""

    def only(pattern: str) -> str:
        found = [path.name for path in dist.glob(pattern)]
        if len(found) != 1:
            raise BuildError(f"{dist} holds {len(found)} directories {pattern}, not one")
        return f"{found[0]}/"

    return Layout(
        assets=only("assets-*"),
        runtime=only(f"pyodide-{PYODIDE_VERSION}-*"),
        snapshot=only("snapshot-*") + SNAPSHOT_NAME,
        start=only("start-*") + START_STDLIB,
        calculator=only("start-*") + CALCULATOR_ZIP,
        calculator_later=only("start-*") + CALCULATOR_LATER_ZIP,
        tokens=only("tokens-*"),
    )
