"""How ``--count`` scales with Dask's workers (bench.py's part).

`python3 build.py bench --only-scaling [--runs N]` counts one corpus, every ``.py`` file of
the running interpreter's standard library (its tests included, its installed packages left
out: some 30 MB of real code that nobody here wrote, a few files of it not UTF-8 and so
reported), in turns:

- ``python3 -m calculator --count FILES --json``: the plain local run (a process per free
  core, ``calculator._tokens._files.free_cores``);
- the same with ``--dask --dask-workers N`` for N = 1 and 2: a local Dask cluster of N worker
  processes, one thread each, the files in tasks of neighbouring batches.

Each command is timed whole (Python's start, the cluster's start, the ranks loaded in every
worker) and, to tell the fixed cost from the counting, on one small file too.  It prints the
median (min-max) of each, the corpus's MB/s with and without the fixed cost, and that per
worker, and checks that every run's JSON report is the plain run's.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import sysconfig
import time
from collections.abc import Sequence
from pathlib import Path

import build
from cli_counting import _load_average

RUNS = 3
WORKERS = (1, 2)


def _command(paths: Sequence[str], extra: Sequence[str]) -> list[str]:
    return [sys.executable, "-m", "calculator", "--count", *paths, "--chunk-size", "512",
            "--json", "--ranks", str(build.TOKEN_RANKS), *extra]  # fmt: skip


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def stdlib_python_files() -> list[Path]:
    """Every ``.py`` file of the standard library, tests included, installed packages not."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return sorted(
        path
        for path in stdlib.rglob("*.py")
        if not {"site-packages", "dist-packages"} & set(path.relative_to(stdlib).parts)
    )


def timed(command: Sequence[str]) -> tuple[float, str]:
    """Wall-clock seconds and stdout; exit status 1 (a file not UTF-8, reported) is fine."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=build.ROOT, check=False, capture_output=True, text=True)
    if done.returncode not in {0, 1}:
        raise RuntimeError(f"{command[3:6]}…: {done.stderr}")
    return time.perf_counter() - start, done.stdout


def run_scaling(runs: int = RUNS) -> None:
    files = stdlib_python_files()
    paths = [str(path) for path in files]
    size = sum(path.stat().st_size for path in files)
    small = [str(min(files, key=lambda path: path.stat().st_size))]
    print(
        f"\nCounting one corpus locally and on a local Dask cluster: {len(files):,} files,"
        f" {size / 1e6:.1f} MB of Python's standard library ({sysconfig.get_paths()['stdlib']},"
        f" .py files); {os.cpu_count()} cores, {runs} runs"
        f" in turns, seconds, median (min–max); load average at the start: {_load_average()}\n"
    )
    setups: dict[str, list[str]] = {"local (a process per free core)": []} | {
        f"--dask --dask-workers {n}": ["--dask", "--dask-workers", str(n)] for n in WORKERS
    }
    whole: dict[str, list[float]] = {name: [] for name in setups}
    fixed: dict[str, list[float]] = {name: [] for name in setups}
    reports: dict[str, str] = {}
    for _ in range(runs):
        for name, extra in setups.items():
            wall, out = timed(_command(paths, extra))
            whole[name].append(wall)
            reports.setdefault(name, out)
            equal = json.loads(out) == json.loads(reports["local (a process per free core)"])
            if not equal:
                print(f"{name}: a report that is NOT the local run's")
            fixed[name].append(timed(_command(small, extra))[0])
    print("| run | workers | whole corpus | one small file | MB/s | MB/s less the fixed cost |"
          " per worker |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for name in setups:
        workers = int(name.rsplit(" ", 1)[1]) if name.startswith("--dask") else None
        seconds = statistics.median(whole[name])
        counting = seconds - statistics.median(fixed[name])
        rate, net = size / 1e6 / seconds, size / 1e6 / counting if counting > 0 else float("nan")
        per_worker = f"{net / workers:.2f}" if workers else "–"
        shown = workers if workers else "free cores"
        print(f"| {name} | {shown} | {_spread(whole[name])} | {_spread(fixed[name])} |"
              f" {rate:.2f} | {net:.2f} | {per_worker} |")  # fmt: skip
    print(f"\nevery report equal to the local run's: {len(set(reports.values())) == 1}")


if __name__ == "__main__":
    run_scaling(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
