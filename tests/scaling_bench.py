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
worker) and on one small file too (the fixed cost, roughly).  Then the counting alone: the
same tasks counted in this process and on clusters of 1 and 2 workers started and warmed
first.  It prints the median (min-max) of each, the corpus's MB/s, and that per worker, and
checks that every run's JSON report is the plain run's.
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
    warm_counting(paths, size, runs)


def warm_counting(paths: list[str], size: int, runs: int) -> None:
    """The counting alone: the same parts counted in this process, and as Dask tasks on a
    cluster of 1 and 2 workers started and warmed first (every worker's ranks loaded), so
    that neither Python's nor the cluster's start is in the figure a worker's rate is."""
    from calculator._sources import Part, count_part, plan_parts  # noqa: PLC0415
    from calculator._sources._run import Engine  # noqa: PLC0415
    from calculator._tokens._files import _load  # noqa: PLC0415

    parts = [part for part in plan_parts(paths, None) if isinstance(part, Part)]
    setup = (_load, ("o200k_base", build.TOKEN_RANKS, True))
    engines = {"this process": Engine(workers=1)} | {
        f"Dask, {n} worker{'s' * (n > 1)}": Engine(dask=True, workers=n) for n in WORKERS
    }
    seconds: dict[str, list[float]] = {name: [] for name in engines}
    try:
        for engine in engines.values():
            list(engine.run(count_part, setup, parts[: 2 * max(WORKERS)]))  # started, warm
        for _ in range(runs):
            for name, engine in engines.items():
                start = time.perf_counter()
                list(engine.run(count_part, setup, parts))
                seconds[name].append(time.perf_counter() - start)
    finally:
        for engine in engines.values():
            engine.close()
    print(f"\nThe counting alone ({len(parts):,} tasks, warm workers), seconds:\n")
    print("| counted by | seconds | MB/s | per worker |")
    print("|---|---|---|---|")
    for name, values in seconds.items():
        rate = size / 1e6 / statistics.median(values)
        workers = 1 if name == "this process" else int(name.split()[1])
        print(f"| {name} | {_spread(values)} | {rate:.2f} | {rate / workers:.2f} |")


if __name__ == "__main__":
    run_scaling(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
