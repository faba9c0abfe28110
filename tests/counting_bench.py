"""Counting and splitting a megabyte of text in the page, timed in the browser: the tokenizer
ready, one megabyte counted, and split by each splitter, against the counts tiktoken and the
reference splitters give (part of tests/bench.py's run; ``--only-counting`` runs it alone)."""

from __future__ import annotations

import statistics
from pathlib import Path

from playwright.sync_api import (
    Browser,
    Page,
)

import build
from bench_start import (
    LONG_TASK_BUDGET_MS,
    PageRequests,
    RequestLog,
    Samples,
    load_average,
    new_context,
    served,
    verdict,
    visit,
)

COUNT_RUNS = 3
ENGLISH_BYTES = 1_000_000
COUNT_BUDGETS_MS = {"tokenizer ready": 1000.0, "1 MB counted": 1500.0}
# No budget for splitting yet: its figures are reported (speed, and no long task > 50 ms).

# Makes the file the next timing gives the panel, in a task of its own: Playwright reads a
# call's arguments in the task that runs it, which would be timed too.
PREPARE_FILE = """
(text) => { window.__benchFile = new File([text], "english.txt", { type: "text/plain" }); }
"""

# Gives the panel's file input the prepared file, as picking it does, and resolves once the
# panel has painted the count (its table is rebuilt for every count): the milliseconds from
# the pick to the painted count, the count, and the main thread's long tasks meanwhile.  An
# encoding, if given, is chosen instead (the panel counts its file again).
COUNT_TIMING = """
async (encoding) => {
  const panel = document.querySelector("[data-count]");
  const input = panel.querySelector("input[type=file][name=files]");
  const rows = panel.querySelector("[data-count-documents]");
  const total = panel.querySelector("[data-result=text_tokens]");
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const longTasks = [];
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  tasks.observe({ type: "longtask" });
  const painted = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(rows, { childList: true });
  });
  const start = performance.now();
  if (encoding) {
    const select = panel.querySelector("select[name=encoding]");
    select.value = encoding;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  } else {
    const files = new DataTransfer();
    files.items.add(window.__benchFile);
    input.files = files.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  const end = await painted;
  // Long tasks are reported after they end: one more frame lets the last one in.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  tasks.disconnect();
  return { ms: end - start, tokens: total.dataset.value, longTasks };
}
"""


# Chooses a splitter in "your text in chunks" and resolves once the panel has drawn the chosen
# document as that splitter cuts it, and again once the table of each splitter on the sample
# is filled: the milliseconds of each from the choice, the drawn document's chunks, each
# splitter's chunks of the sample, and the main thread's long tasks meanwhile.
SPLIT_TIMING = """
async (splitter) => {
  const panel = document.querySelector("[data-count]");
  const summary = panel.querySelector("[data-count-chunks-summary]");
  const cells = [...panel.querySelectorAll("[data-count-splitters] [data-splitter-chunks]")];
  const splitters = ["recursive", "markdown", "sentence"];
  const chunksOf = (name) =>
    panel.querySelector(`tr[data-splitter="${name}"] [data-splitter-chunks]`).dataset.value;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const longTasks = [];
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  tasks.observe({ type: "longtask" });
  const start = performance.now();
  let drawn = 0;
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!drawn && summary.dataset.splitter === splitter && summary.dataset.chunks) {
        drawn = performance.now();
      }
      if (drawn && splitters.every((name) => chunksOf(name))) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(panel, { attributes: true, subtree: true });
  });
  const select = panel.querySelector("[data-count-splitter]");
  select.value = splitter;
  select.dispatchEvent(new Event("change", { bubbles: true }));
  const end = await done;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  tasks.disconnect();
  return {
    drawnMs: drawn - start,
    allMs: end - start,
    chunks: summary.dataset.chunks,
    sample: Object.fromEntries(splitters.map((name) => [name, chunksOf(name)])),
    longTasks,
  };
}
"""


def english_text(size: int = ENGLISH_BYTES) -> str:
    """About ``size`` bytes of real English prose, the same on every run: the standard
    library's own documentation (pydoc's topics, then module docstrings), cut at a line."""
    import ast  # noqa: PLC0415
    import pydoc_data.topics  # noqa: PLC0415
    import sysconfig  # noqa: PLC0415

    parts = [pydoc_data.topics.topics[key] for key in sorted(pydoc_data.topics.topics)]
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for source in sorted(stdlib.glob("*.py")):
        if sum(len(part) for part in parts) >= size:
            break
        try:
            tree = ast.parse(source.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
                docstring = ast.get_docstring(node)
                if docstring:
                    parts.append(docstring)
    text = "\n\n".join(parts)
    while len(text.encode("utf-8")) > size:
        text = text[: text.rfind("\n", 0, len(text) - 1)]
    return text + "\n"


def expected_tokens(text: str, encoding: str) -> int:
    """The count of ``text`` by the command line's tokenizer (tiktoken's, as the tests show)."""
    from calculator._tokens import RANKS_SUFFIX, Encoding, load_ranks  # noqa: PLC0415

    ranks = build.TOKEN_RANKS / (encoding + RANKS_SUFFIX)  # the build fetched them for the page
    return Encoding(encoding, load_ranks(ranks, encoding)).count(text)


# The measure whose median gives the splitting speed.
SPLIT_ALL = "1 MB split by the 3 splitters"


def expected_splits(text: str, encoding: str, chunk_size: int, overlap: int) -> dict[str, int]:
    """Each splitter's chunks of ``text`` by the calculator's splitters (LangChain's and
    LlamaIndex's, as tests/test_splitters.py shows) with the command line's tokenizer."""
    from calculator._splitters import SPLITTERS, encoding_length, split  # noqa: PLC0415
    from calculator._tokens import RANKS_SUFFIX, Encoding, load_ranks  # noqa: PLC0415

    ranks = build.TOKEN_RANKS / (encoding + RANKS_SUFFIX)
    counter = Encoding(encoding, load_ranks(ranks, encoding))
    return {
        splitter: len(
            split(
                splitter,
                text,
                encoding_length(counter, special=splitter == "sentence"),
                chunk_size,
                overlap,
            )
        )
        for splitter in SPLITTERS
    }


def split_megabyte(
    page: Page,
    english: str,
    splits: dict[str, int],
    *,
    samples: Samples,
    steps: dict[str, float],
    mismatches: list[str],
) -> list[float]:
    """The 1 MB of English counted again, then split: the recursive splitter's first use (its
    zip fetched and loaded) until the document is drawn, and until the sample's table of the
    three splitters is filled, each added to ``samples`` and its longest main-thread task to
    ``steps``; page's chunks other than ``splits`` added to ``mismatches``.  Gives the main
    thread's long tasks."""
    page.evaluate(PREPARE_FILE, english)
    page.evaluate(COUNT_TIMING, None)
    measured = page.evaluate(SPLIT_TIMING, "recursive")
    if measured["longTasks"]:
        print(f"long tasks while splitting: {measured['longTasks']}")
    page_splits = {name: int(value) for name, value in measured["sample"].items()}
    if page_splits != splits or measured["chunks"] != str(splits["recursive"]):
        mismatches.append(f"1 MB split: page {page_splits}, expected {splits}")
    tasks = [float(task) for task in measured["longTasks"]]
    for name, key in (("1 MB split by recursive, drawn", "drawnMs"), (SPLIT_ALL, "allMs")):
        samples.add(name, float(measured[key]))
        steps[name] = max([steps.get(name, 0.0), *tasks])
    return tasks


def run_counting(browser: Browser, dist: Path, runs: int) -> None:
    """The panel's first use and a 1 MB count, in a fresh context each run, once the page has
    given its first answer (the counting module is then still unloaded)."""
    english = english_text()
    small = "How many tokens is this sentence?\n"
    # Texts without a line break or a space between words, which the page once counted in
    # one call: a million "a" and a million CJK characters (3 MB), no two neighbours alike.
    one_run = "a" * 10**6
    cjk = "".join(chr(0x4E00 + (i * 7919) % 20_000) for i in range(10**6))
    expected = {
        "o200k_base small": expected_tokens(small, "o200k_base"),
        "o200k_base 1 MB": expected_tokens(english, "o200k_base"),
        "cl100k_base 1 MB": expected_tokens(english, "cl100k_base"),
        "cl100k_base a × 10^6": expected_tokens(one_run, "cl100k_base"),
        "cl100k_base 3 MB CJK": expected_tokens(cjk, "cl100k_base"),
    }
    # The page's defaults: 512-token chunks, 64 overlapping.
    splits = expected_splits(english, "cl100k_base", 512, 64)
    samples = Samples()
    long_tasks: list[float] = []
    longest_by_step: dict[str, float] = {}
    mismatches: list[str] = []
    at_start: list[str] = []
    load = load_average()
    with served(dist, RequestLog()) as url:
        for _ in range(runs):
            context = new_context(browser)
            try:
                by_page = PageRequests()
                context.on("request", by_page.on_request)
                page, _ = visit(context, f"{url}en/")
                # (The service worker, registered after the first answer, keeps the counter's
                # modules for offline use: only the page's and its worker's requests count.)
                at_start = [path for path in by_page.paths if "tokens-" in path or "count" in path]
                steps = (
                    ("tokenizer ready", "o200k_base small", small, None),
                    ("1 MB counted", "o200k_base 1 MB", english, None),
                    (
                        "cl100k_base loaded and 1 MB counted",
                        "cl100k_base 1 MB",
                        None,
                        "cl100k_base",
                    ),
                    ("a million a counted", "cl100k_base a × 10^6", one_run, None),
                    ("3 MB of CJK counted", "cl100k_base 3 MB CJK", cjk, None),
                )
                for name, check, text, encoding in steps:
                    if text is not None:
                        page.evaluate(PREPARE_FILE, text)
                    measured = page.evaluate(COUNT_TIMING, encoding)
                    samples.add(name, measured["ms"])
                    long_tasks += measured["longTasks"]
                    longest_by_step[name] = max(
                        [longest_by_step.get(name, 0.0), *measured["longTasks"]]
                    )
                    if measured["longTasks"]:
                        print(f"long tasks during {name}: {measured['longTasks']}")
                    if measured["tokens"] != str(expected[check]):
                        mismatches.append(
                            f"{check}: page {measured['tokens']}, expected {expected[check]}"
                        )
                long_tasks += split_megabyte(
                    page,
                    english,
                    splits,
                    samples=samples,
                    steps=longest_by_step,
                    mismatches=mismatches,
                )
            finally:
                context.close()
    english_bytes = len(english.encode("utf-8"))
    print(
        f"\nCounting text on the loopback, milliseconds over {runs} runs (a fresh context each, "
        f"after the page's first answer); {english_bytes:,} bytes of English, the standard "
        f"library's documentation; load average at the start: {load}\n"
    )
    print("| measure | median | min | max |")
    print("|---|---|---|---|")
    for name, series in samples.values.items():
        print(
            f"| {name} | {statistics.median(series):.0f} | {min(series):.0f} | {max(series):.0f} |"
        )
    longest = max(long_tasks, default=0.0)
    median = {name: statistics.median(series) for name, series in samples.values.items()}
    print("\n| budget | result | measured |")
    print("|---|---|---|")
    for name, limit in COUNT_BUDGETS_MS.items():
        print(
            f"| {name} <= {limit / 1000:g} s | {verdict(median[name] <= limit)} | "
            f"{median[name]:.0f} ms |"
        )
    print(
        f"| no long task > 50 ms while counting | {verdict(longest <= LONG_TASK_BUDGET_MS)} | "
        f"{len(long_tasks)} long tasks, longest {longest:.0f} ms |"
    )
    for name, task in longest_by_step.items():
        print(f"| longest main-thread task: {name} | {verdict(task <= LONG_TASK_BUDGET_MS)} | "
              f"{task:.0f} ms |")  # fmt: skip
    print(
        f"| splitting speed (3 splitters, median) | info | "
        f"{english_bytes * 3 / median[SPLIT_ALL] / 1000:.2f} MB/s of splitter work |"
    )
    print(
        f"| counts and splits equal the command line's | {verdict(not mismatches)} | "
        f"{'; '.join(mismatches) or ', '.join(f'{k} {v:,}' for k, v in expected.items())}; "
        f"chunks at 512/64: {', '.join(f'{k} {v:,}' for k, v in splits.items())} |"
    )
    print(
        f"| nothing of the counter fetched before the first answer | {verdict(not at_start)} | "
        f"{', '.join(at_start) or 'none'} |"
    )
