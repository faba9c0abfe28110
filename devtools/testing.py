"""The test and benchmark runners behind `python3 build.py test` and `python3 build.py bench`."""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from devtools.js_checks import ensure_node_modules
from engine.build import ensure_pyodide
from site_build.pipeline import build
from site_build.project import DIST, ROOT

# The static checks, by the name a failure is reported under.
STATIC_CHECKS = {
    "ruff check": [sys.executable, "-m", "ruff", "check", "."],
    "ruff format": [
        sys.executable,
        "-m",
        "ruff",
        "format",
        "--check",
        "--output-format",
        "concise",
        ".",
    ],
    "mypy": [sys.executable, "-m", "mypy"],
    # Biome, tsc --checkJs against the answer's generated types, node --test (js_checks.py).
    "js checks": [sys.executable, "-m", "devtools.js_checks"],
}
# What --quick leaves out: the browser tests and the tests marked slow (the clean build,
# the largest property tests); `python3 build.py test` runs them all.
QUICK_PYTEST_ARGS = ("--ignore=tests/browser", "-m", "not slow")
# Every run lists its slowest tests, so CI's output shows where the suite's time goes.
DURATIONS = "--durations=30"


def pytest_command(pytest_args: Sequence[str], *, quick: bool) -> list[str]:
    """The pytest command line; --quick's own arguments come first, so the caller's win.

    >>> pytest_command(["-x"], quick=True)[3:]
    ['--durations=30', '--ignore=tests/browser', '-m', 'not slow', '-x']
    """
    quick_args = QUICK_PYTEST_ARGS if quick else ()
    return [sys.executable, "-m", "pytest", DURATIONS, *quick_args, *pytest_args]


def captured(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, check=False, capture_output=True, text=True)


def run_checks(pytest_args: Sequence[str], *, quick: bool = False) -> int:
    """ruff (lint and format), mypy, the JavaScript checks and pytest; every one runs, and any
    failure fails the whole.  The static checks run beside pytest (two cores halve the wait);
    their output is printed once pytest is done, so the two never interleave.

    The whole suite (no arguments, as CI runs it) runs in two pytest processes at once, on a
    site built once for both: the tests without a browser and Chromium's in one, Firefox's
    in the other (:func:`engine_runs`).  A browser test mostly waits for its engine and for
    Python starting in it, so the two engines share the machine's cores well."""
    # Before anything runs in parallel: pytest's own tsc tests need the pinned tools too.
    if ensure_node_modules() != 0:
        return 1
    failed = []
    with ThreadPoolExecutor() as pool:
        static = {name: pool.submit(captured, command) for name, command in STATIC_CHECKS.items()}
        if quick or pytest_args:
            # Exit code 5 (no tests collected) is non-zero, so it fails too.
            tests = subprocess.run(pytest_command(pytest_args, quick=quick), cwd=ROOT, check=False)
            if tests.returncode:
                failed.append("pytest")
        else:
            failed += engine_runs()
    for name, future in static.items():
        done = future.result()
        print(f"--- {name}", flush=True)
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        if done.returncode:
            failed.append(name)
    if failed:
        print(f"build.py: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


# The site the test processes share (tests/conftest.py's `dist` fixture reads it).
SHARED_DIST = "TEST_DIST"
# Firefox's browser tests take longer than Chromium's but less than Chromium's and the other
# tests together: the two slowest of those (a clean build compared with the shared one, and
# the tokenizers' property tests) run beside Firefox's, to even the two processes' time.
BESIDE_FIREFOX = (
    "tests/test_reproducible.py",
    "tests/test_hf_tokenizers.py",
    "tests/test_hf_counting.py",
)


# How long Firefox's process may go on once the other has ended (it usually ends within five
# minutes of it): past that something hangs, and CI would otherwise wait until its own limit
# and print nothing of either process.
FIREFOX_AFTER_S = 1200


def wait_or_interrupt(process: subprocess.Popen[bytes], timeout_s: float) -> None:
    """Wait for `process`; past `timeout_s`, interrupt it as Ctrl-C would (pytest then prints
    where each test stood and its summary), and past another minute, kill it."""
    try:
        process.wait(timeout_s)
    except subprocess.TimeoutExpired:
        print(f"build.py: Firefox's tests still ran {timeout_s} s after the others", flush=True)
        process.send_signal(signal.SIGINT)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def engine_runs() -> list[str]:
    """The whole suite as two pytest processes at once: Chromium's browser tests and most of
    the others (printed as it runs), and Firefox's with :data:`BESIDE_FIREFOX` (printed after);
    the names of those that failed."""
    with tempfile.TemporaryDirectory(prefix="rag-planner-tests-") as shared:
        dist = Path(shared) / "dist"
        build(dist)
        environment = {**os.environ, SHARED_DIST: str(dist)}
        firefox_log = Path(shared) / "firefox.log"
        with firefox_log.open("w", encoding="utf-8") as log:
            firefox = subprocess.Popen(
                pytest_command(["tests/browser", *BESIDE_FIREFOX], quick=False),
                cwd=ROOT,
                env={**environment, "BROWSER_ENGINES": "firefox"},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            rest = subprocess.run(
                pytest_command([f"--ignore={path}" for path in BESIDE_FIREFOX], quick=False),
                cwd=ROOT,
                env={**environment, "BROWSER_ENGINES": "chromium"},
                check=False,
            )
            wait_or_interrupt(firefox, FIREFOX_AFTER_S)
        print("--- pytest: Firefox's browser tests", flush=True)
        sys.stdout.write(firefox_log.read_text(encoding="utf-8"))
    return [
        name
        for name, status in (("pytest", rest.returncode), ("pytest firefox", firefox.returncode))
        if status
    ]


def run_bench(bench_args: Sequence[str]) -> int:
    """The benchmark lives with the tests (it needs Playwright, a test dependency)."""
    sys.path.insert(0, str(ROOT / "tests"))
    bench = importlib.import_module("bench")
    status: int = bench.run(DIST, ensure_pyodide(), bench_args)
    return status
