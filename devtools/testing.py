"""The test and benchmark runners behind `python3 build.py test` and `python3 build.py bench`."""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Sequence

from site_build.project import DIST, ROOT
from site_build.runtime import ensure_pyodide


def run_checks(pytest_args: Sequence[str]) -> int:
    """ruff, mypy and pytest; every one runs, and any failure fails the whole."""
    commands = (
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "mypy"],
        # Exit code 5 (no tests collected) is non-zero, so it fails too.
        [sys.executable, "-m", "pytest", *pytest_args],
    )
    failed = [cmd[2] for cmd in commands if subprocess.run(cmd, cwd=ROOT, check=False).returncode]
    if failed:
        print(f"build.py: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def run_bench(bench_args: Sequence[str]) -> int:
    """The benchmark lives with the tests (it needs Playwright, a test dependency)."""
    sys.path.insert(0, str(ROOT / "tests"))
    bench = importlib.import_module("bench")
    status: int = bench.run(DIST, ensure_pyodide(), bench_args)
    return status
