"""The command line's counting speed against tiktoken's, on the same files (bench.py's part).

`python3 build.py bench --only-cli-counting [--runs N]` times, in turns,

- ``python3 -m calculator --count FILES --encoding E --json``: the whole command, as a user
  runs it (Python's start, the ranks loaded, a process per core);
- a script that does the same with tiktoken in one process: tiktoken imported, its encoding
  made from the same local rank file (as tests/test_tokens.py's oracle), every file read as
  the command line reads it and counted with ``encode_ordinary``; it also reports its
  counting alone, after the import and the load;

and prints the median (min-max) of each, wall-clock and CPU seconds, and whether every
count is equal.  The files are Python's own standard library sources (the interpreter's
stdlib folder without its tests and installed packages), several MB of real code and
docstrings that any machine with Python has.
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

RUNS = 5
ENCODINGS = ("o200k_base", "cl100k_base")
# Folders of the stdlib that are not the library itself: its tests, installed packages.
LEFT_OUT = {"site-packages", "dist-packages", "test", "tests", "idlelib", "__pycache__"}

TIKTOKEN_SCRIPT = """
import json, sys, time
from pathlib import Path
import tiktoken
from tiktoken.load import load_tiktoken_bpe
from tiktoken_ext import openai_public

ranks_dir, encoding, *paths = sys.argv[1:]

def local(url, expected_hash=None):
    return load_tiktoken_bpe(str(Path(ranks_dir) / url.rsplit("/", 1)[1]), expected_hash)

openai_public.load_tiktoken_bpe = local
spec = getattr(openai_public, encoding)()
enc = tiktoken.Encoding(
    name=spec["name"], pat_str=spec["pat_str"],
    mergeable_ranks=spec["mergeable_ranks"], special_tokens=spec["special_tokens"],
)
from calculator._tokens._files import read_text, text_files
start = time.perf_counter()
counts = []
for path in text_files(paths):
    try:
        counts.append(len(enc.encode_ordinary(read_text(path))))
    except ValueError:
        pass
print(json.dumps({"counts": counts, "counting_s": time.perf_counter() - start}))
"""


def stdlib_sources() -> list[str]:
    """The standard library's top-level modules and packages, as paths for ``--count``."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return sorted(
        str(entry)
        for entry in stdlib.iterdir()
        if not entry.name.startswith((".", "config-"))
        and entry.name not in LEFT_OUT
        and (entry.suffix == ".py" or (entry.is_dir() and (entry / "__init__.py").exists()))
    )


def timed(command: Sequence[str]) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds (the command's processes, children included) and stdout."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(command, cwd=build.ROOT, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu, done.stdout


def run_cli_counting(runs: int = RUNS) -> None:
    paths = stdlib_sources()
    from calculator._tokens._files import text_files  # noqa: PLC0415 (after build's setup)

    files = list(text_files(paths))
    size = sum(path.stat().st_size for path in files)
    load = _load_average()
    print(
        f"\nCounting files on the command line against tiktoken {_tiktoken_version()} in one "
        f"process: {len(files):,} files, {size / 1e6:.1f} MB of Python's standard library "
        f"({sysconfig.get_paths()['stdlib']}, without tests and installed packages); "
        f"{os.cpu_count()} cores, {runs} runs in turns, seconds; load average at the start: "
        f"{load}\n"
    )
    print("| encoding | measure | wall median | min | max | CPU median |")
    print("|---|---|---|---|---|---|")
    verdicts = []
    for encoding in ENCODINGS:
        cli_command = [sys.executable, "-m", "calculator", "--count", *paths,
                       "--encoding", encoding, "--chunk-size", "512", "--json",
                       "--ranks", str(build.TOKEN_RANKS)]  # fmt: skip
        tiktoken_command = [sys.executable, "-c", TIKTOKEN_SCRIPT, str(build.TOKEN_RANKS),
                            encoding, *paths]  # fmt: skip
        series: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        equal = True
        for _ in range(runs):
            wall, used, out = timed(cli_command)
            ours = [item["tokens"] for item in json.loads(out)["counted"]["documents"]]
            series.setdefault("command line, whole command", []).append(wall)
            cpu.setdefault("command line, whole command", []).append(used)
            wall, used, out = timed(tiktoken_command)
            theirs = json.loads(out)
            series.setdefault("tiktoken, whole script", []).append(wall)
            cpu.setdefault("tiktoken, whole script", []).append(used)
            series.setdefault("tiktoken, counting alone", []).append(theirs["counting_s"])
            equal = equal and ours == theirs["counts"]
        for name, values in series.items():
            used_cpu = f"{statistics.median(cpu[name]):.2f}" if name in cpu else "–"
            print(
                f"| {encoding} | {name} | {statistics.median(values):.2f} | {min(values):.2f} | "
                f"{max(values):.2f} | {used_cpu} |"
            )
        ratio = statistics.median(series["command line, whole command"]) / statistics.median(
            series["tiktoken, whole script"]
        )
        alone = statistics.median(series["command line, whole command"]) / statistics.median(
            series["tiktoken, counting alone"]
        )
        verdicts.append((encoding, ratio, alone, equal, sum(ours)))
    print("\n| encoding | command line / tiktoken's script | / tiktoken's counting alone "
          "| counts equal |")  # fmt: skip
    print("|---|---|---|---|")
    for encoding, ratio, alone, equal, total in verdicts:
        print(f"| {encoding} | {ratio:.2f} | {alone:.2f} | "
              f"{'yes' if equal else 'NO'}: {total:,} tokens |")  # fmt: skip


def _tiktoken_version() -> str:
    from importlib.metadata import version  # noqa: PLC0415

    return version("tiktoken")


def _load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3])
    except OSError:
        return "unknown"
