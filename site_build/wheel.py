"""The calculator's wheel, built with pyproject's own PEP 517 backend: what the start-up zip
and the snapshot are made of, and what pages that install it themselves (micropip) fetch."""

from __future__ import annotations

import contextlib
import importlib
from pathlib import Path

from site_build.project import ROOT, load_pyproject


def build_wheel(dist: Path) -> str:
    """Build the calculator wheel into dist/wheels/ with pyproject's own PEP 517 backend,
    in-process; return its path relative to dist/.  Pages load the calculator from the
    start-up zip or the snapshot made of it; the wheel is for pages that install it
    themselves (micropip)."""
    backend = importlib.import_module(load_pyproject()["build-system"]["build-backend"])
    wheels = dist / "wheels"
    wheels.mkdir(parents=True)
    with contextlib.chdir(ROOT):
        name: str = backend.build_wheel(str(wheels))
    return f"wheels/{name}"
