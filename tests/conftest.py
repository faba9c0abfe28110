"""Fixtures shared by every test: the built site."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

import build

# The docs tools' wheel, its environment and a Sphinx and an MkDocs site built with it, for the
# tests with and without a browser (tests/docs_sites.py).
from docs_sites import docs_env, docs_wheel, mkdocs_site, sphinx_site  # noqa: F401

# Speed is measured by the benchmark, never asserted by a test: a property test on a busy
# machine must not fail a correctness check on hypothesis's per-example time limit.
settings.register_profile("correctness", deadline=None)
settings.load_profile("correctness")

# The benchmark (python3 build.py bench) lives here for its imports; it holds no test.
collect_ignore = ["bench.py"]


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once per test session, in a temporary directory so a dist/
    someone is serving is never replaced under them; or the one the whole suite's two pytest
    processes share (devtools/testing.py builds it once and names it in TEST_DIST)."""
    shared = os.environ.get("TEST_DIST")
    if shared:
        return Path(shared)
    target = tmp_path_factory.mktemp("site") / "dist"
    build.build(target)
    return target


@pytest.fixture(scope="session")
def layout(dist: Path) -> build.Layout:
    """Where that build put its versioned directories (assets, runtime, snapshot)."""
    return build.layout_of(dist)
