"""The page's own JavaScript modules, run under Node by a test's script (as the build's
prerendering runs them): the jobs go in as JSON on stdin, the script's JSON comes back."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from site_build.modules import script_sources


def node_runner(folder: Path, modules: Sequence[str], script: str) -> Callable[[object], Any]:
    """Copy the scripts named `modules` into `folder` beside `script`; the runner feeds it one
    job."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is needed to run the page's JavaScript modules")
    sources = script_sources()
    for name in modules:
        shutil.copy(sources[name], folder / name)
    (folder / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (folder / "run.js").write_text(script, encoding="utf-8")

    def run(jobs: object) -> Any:
        done = subprocess.run(
            [node, str(folder / "run.js")],
            input=json.dumps(jobs),
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout)

    return run
