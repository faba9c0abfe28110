"""Retrieval measured on a 1 MB sample with 100 questions, in the page and on the command
line (bench.py's part; issue 50's bench line).

`python3 build.py bench --only-evaluation [--runs N]` makes the sample: counting_bench's
megabyte of English (Python's own documentation) cut into 100 documents, and 100 questions,
each quoting a unique excerpt of 80 to 240 characters (its first words are the question).
It times, in turns,

- on the command line: ``--count DIR --evaluate SET --retriever R --json`` with BM25 at the
  plan's setting and every window of the trade-off's grid (``--tradeoff``), and with
  WordLlama (64 dimensions) and hybrid at the plan's setting;
- in the page (Playwright's Chromium, a fresh context each run, after the first answer):
  the 100 files counted, then the same evaluations from the press of "Measure" until the
  table is painted, with the main thread's longest task meanwhile;

and prints the median (min-max) of each, the settings measured per second, and whether the
page's figures equal the command line's.  Speed is reported, never asserted.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

import build
from bench_start import RequestLog, load_average, new_context, served, visit
from cli_counting import timed
from counting_bench import english_text

RUNS = 3
DOCUMENTS = 100
QUESTIONS = 100
# (retriever, the trade-off's grid too): what is timed, in the page and on the command line.
CASES = (("bm25", True), ("wordllama", False), ("hybrid", False))
DIMENSIONS = 64
TIMEOUT_S = 900.0

# Gives the counter's file input the sample's files, as picking them does.
PICK_FILES = """
(texts) => {
  const input = document.querySelector("[data-count] input[type=file][name=files]");
  const files = new DataTransfer();
  texts.forEach((text, index) => files.items.add(
    new File([text], `doc-${String(index).padStart(3, "0")}.txt`, { type: "text/plain" })));
  input.files = files.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
"""

# Presses "Measure" with the given set and choices and resolves once the evaluation is done:
# the milliseconds, the main thread's long tasks meanwhile, and each row's exact recall.
MEASURE = """
async ({ set, retriever, tradeoff, dimensions }) => {
  const box = document.querySelector("[data-count-evaluate]");
  box.querySelector("#count-evaluate-set").value = set;
  box.querySelector("#count-evaluate-set").dispatchEvent(new Event("input", { bubbles: true }));
  box.querySelector("#count-evaluate-retriever").value = retriever;
  box.querySelector("#count-evaluate-retriever").dispatchEvent(new Event("change"));
  box.querySelector("#count-evaluate-dimensions").value = String(dimensions);
  box.querySelector("#count-evaluate-tradeoff").checked = tradeoff;
  const longTasks = [];
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  tasks.observe({ type: "longtask" });
  const start = performance.now();
  box.querySelector("[data-evaluate-run]").click();
  await new Promise((resolve) => {
    const seen = () => box.dataset.evaluateState === "done";
    const observer = new MutationObserver(() => {
      if (seen()) { observer.disconnect(); resolve(); }
    });
    observer.observe(box, { attributes: true });
  });
  const ms = performance.now() - start;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  tasks.disconnect();
  const rows = [...box.querySelectorAll("[data-evaluate-rows] tr")].map((row) => [
    `${row.dataset.chunkSize}/${row.dataset.overlap}`,
    row.querySelector('[data-measure="recall"]')?.dataset.exact ?? null,
  ]);
  return { ms, longTasks, rows, error: box.querySelector("[data-evaluate-set-error]").textContent };
}
"""


def make_sample(folder: Path) -> tuple[list[str], str]:
    """The sample's 100 documents (written into ``folder``) and the set's JSONL text."""
    text = english_text()
    size = len(text) // DOCUMENTS
    documents = []
    start = 0
    for index in range(DOCUMENTS):
        end = (
            len(text) if index == DOCUMENTS - 1 else text.find("\n", start + size) + 1 or len(text)
        )
        documents.append(text[start:end])
        start = end
    for index, document in enumerate(documents):
        (folder / f"doc-{index:03d}.txt").write_text(document, encoding="utf-8")
    rng = random.Random(50)
    lines: list[str] = []
    while len(lines) < QUESTIONS:
        document = documents[rng.randrange(DOCUMENTS)]
        at = rng.randrange(max(1, len(document) - 300))
        at = document.find(" ", at) + 1
        excerpt = document[at : at + rng.randrange(80, 240)]
        places = sum(
            other.find(excerpt) >= 0 and other.find(excerpt, other.find(excerpt) + 1) < 0
            for other in documents
        )
        if excerpt.strip() and places == 1 and sum(excerpt in other for other in documents) == 1:
            question = " ".join(excerpt.split()[:6]) + "?"
            lines.append(json.dumps({"question": question, "excerpt": excerpt}))
    return documents, "\n".join(lines) + "\n"


def cli_case(
    folder: Path, questions: Path, retriever: str, tradeoff: bool
) -> tuple[float, dict[str, Any]]:
    command = [sys.executable, "-m", "calculator", "--count", str(folder),
               "--evaluate", str(questions), "--retriever", retriever,
               "--wordllama-dimensions", str(DIMENSIONS), "--ranks", str(build.TOKEN_RANKS),
               "--chunk-size", "512", "--overlap", "64",
               "--json", *(["--tradeoff"] if tradeoff else [])]  # fmt: skip
    wall, _, out = timed(command)
    return wall, json.loads(out)["evaluation"]


def page_case(page: Page, set_text: str, retriever: str, tradeoff: bool) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(
        MEASURE,
        {"set": set_text, "retriever": retriever, "tradeoff": tradeoff, "dimensions": DIMENSIONS},
    )
    return measured


def run_evaluation(browser: Browser, dist: Path, runs: int) -> None:
    load = load_average()
    series: dict[str, list[float]] = {}
    longest: dict[str, float] = {}
    settings: dict[str, int] = {}
    mismatches: list[str] = []
    with tempfile.TemporaryDirectory() as name, served(dist, RequestLog()) as url:
        folder = Path(name) / "sample"
        folder.mkdir()
        documents, set_text = make_sample(folder)
        questions = Path(name) / "questions.jsonl"
        questions.write_text(set_text, encoding="utf-8")
        for _ in range(runs):
            expected = {}
            for retriever, tradeoff in CASES:
                key = f"{retriever}{' + trade-off' if tradeoff else ''}"
                wall, evaluation = cli_case(folder, questions, retriever, tradeoff)
                series.setdefault(f"command line: {key}", []).append(wall)
                settings[key] = len(evaluation["settings"])
                expected[key] = {
                    f"{entry['chunk_size']}/{entry['overlap']}": entry["recall"]["exact"]
                    for entry in evaluation["settings"]
                }
            context = new_context(browser)
            try:
                page, _ = visit(context, f"{url}en/")
                page.evaluate(PICK_FILES, documents)
                deadline = time.monotonic() + TIMEOUT_S
                while page.evaluate(
                    "() => document.querySelector('[data-count] [data-result=text_tokens]')"
                    ".dataset.value === ''"
                ):
                    if time.monotonic() > deadline:
                        raise TimeoutError("the sample was not counted")
                    page.wait_for_timeout(200)
                for retriever, tradeoff in CASES:
                    key = f"{retriever}{' + trade-off' if tradeoff else ''}"
                    measured = page_case(page, set_text, retriever, tradeoff)
                    series.setdefault(f"page: {key}", []).append(measured["ms"] / 1000)
                    longest[key] = max([longest.get(key, 0.0), *measured["longTasks"]])
                    shown = dict(measured["rows"])
                    if measured["error"] or shown != expected[key]:
                        differs = sorted(set(shown.items()) ^ set(expected[key].items()))[:2]
                        mismatches.append(f"{key}: {measured['error'] or differs}")
            finally:
                context.close()
    size = sum(len(document.encode("utf-8")) for document in documents)
    print(
        f"\nRetrieval measured on {size:,} bytes ({DOCUMENTS} documents of Python's own "
        f"documentation) with {QUESTIONS} questions, top 8, window model 512/64 (the page's "
        f"defaults), o200k_base; WordLlama at {DIMENSIONS} dimensions; {runs} runs; seconds, "
        f"median (min-max); load average at the start: {load}\n"
    )
    print("| where | retriever | settings | median | min-max | settings per second |")
    print("|---|---|---|---|---|---|")
    for name, values in series.items():
        where, key = name.split(": ", 1)
        median = statistics.median(values)
        print(f"| {where} | {key} | {settings[key]} | {median:.1f} | {min(values):.1f}-"
              f"{max(values):.1f} | {settings[key] / median:.2f} |")  # fmt: skip
    print("\n| page | longest main-thread task |")
    print("|---|---|")
    for key, task in longest.items():
        print(f"| {key} | {task:.0f} ms |")
    print(f"\nthe page's recall per setting equals the command line's: "
          f"{'yes' if not mismatches else 'NO: ' + '; '.join(mismatches)}")  # fmt: skip
