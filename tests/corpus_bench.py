"""The page's answer for a real corpus: a list of 100,000 documents (bench.py's part).

`python3 build.py bench --only-large-corpus [--runs N]` opens the page in a fresh browser
context each run, once it has given its first answer, and times

- the list pasted into the form's list of per-document counts (as a paste puts it: the
  text in the box, one input event) until the results show the corpus's chunks, the chunk
  lengths' distribution painted (the page's pause before it sends a list, 400 ms, included);
- then a new chunk size with that list in place, until the results follow it;

with the longest main-thread task of each (from the input to the frame after the answer's
paint), and checks both answers' chunks against the calculator's.  It prints the median
(min-max) of each; it reports, it never fails on a budget.
"""

from __future__ import annotations

import statistics

from playwright.sync_api import Browser, Page

import calculator

RUNS = 5
DOCUMENTS = 100_000
# The page's defaults, then the chunk size the second answer asks for.
CHUNK_SIZE, OVERLAP, NEW_CHUNK_SIZE = 512, 64, 1024
# A main-thread task a visitor notices (bench.py's budget of long tasks).
LONG_TASK_MS = 50.0

# Puts `text` into `selector`'s field as one input, then resolves, once the chunks card shows
# `chunks` and a frame has been painted after it, with the milliseconds that took and every
# long task between.
TIMED_ANSWER = """
async ({ selector, text, chunks }) => {
  const field = document.querySelector(selector);
  const card = document.querySelector('.result-list [data-result="chunks"]');
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  await painted();
  const longTasks = [];
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  tasks.observe({ type: "longtask" });
  const shown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (card.dataset.value === chunks) { observer.disconnect(); resolve(performance.now()); }
    });
    observer.observe(card, { attributes: true, attributeFilter: ["data-value"] });
  });
  const start = performance.now();
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  const end = await shown;
  await painted();
  for (const entry of tasks.takeRecords()) longTasks.push(entry.duration);
  tasks.disconnect();
  return {
    ms: end - start,
    longTasks,
    distributed: !document.querySelector("[data-length-distribution]").hidden,
  };
}
"""


def corpus_lengths() -> list[int]:
    """100,000 documents of 100 to 3,099 tokens, every one of the lengths many times."""
    return [100 + (index * 7919) % 3000 for index in range(DOCUMENTS)]


def timed_answer(page: Page, selector: str, text: str, chunks: int) -> tuple[float, float]:
    """The milliseconds from the input to the answer's paint, and the longest task then."""
    measured = page.evaluate(
        TIMED_ANSWER, {"selector": selector, "text": text, "chunks": str(chunks)}
    )
    if not measured["distributed"]:
        raise AssertionError("the chunk lengths of 100,000 documents were not a distribution")
    return float(measured["ms"]), max(measured["longTasks"], default=0.0)


def run_large_corpus(browser: Browser, url: str, runs: int) -> dict[str, list[float]]:
    """Each run's figures by series name (see the module's docstring), the page at ``url``
    (its English page) in a fresh browser context each run."""
    lengths = corpus_lengths()
    text = "\n".join(map(str, lengths))
    first = calculator.plan_documents(lengths, CHUNK_SIZE, OVERLAP).chunks
    second = calculator.plan_documents(lengths, NEW_CHUNK_SIZE, OVERLAP).chunks
    series: dict[str, list[float]] = {}
    for _ in range(runs):
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector('html[data-state="ready"]', state="attached", timeout=120_000)
            page.locator("#field-corpus").select_option("list")
            for name, selector, typed, chunks in (
                ("100,000-document list pasted", "#field-document_tokens", text, first),
                ("chunk size changed with the list", '[name="chunk_size"]', "1024", second),
            ):
                ms, longest = timed_answer(page, selector, typed, chunks)
                series.setdefault(f"{name}: answer painted", []).append(ms)
                series.setdefault(f"{name}: longest main-thread task", []).append(longest)
        finally:
            context.close()
    return series


def print_large_corpus(series: dict[str, list[float]], runs: int, load: str) -> None:
    print(
        f"\nA list of {DOCUMENTS:,} documents on the loopback, {runs} runs "
        f"(load average at the start: {load}); median (min-max) in milliseconds\n"
    )
    print("| measure | median | min-max |")
    print("|---|---|---|")
    for name, values in series.items():
        print(f"| {name} | {statistics.median(values):.0f} | {min(values):.0f}-{max(values):.0f} |")
    longest = max(
        (value for name, values in series.items() if "task" in name for value in values),
        default=0.0,
    )
    verdict = "within" if longest <= LONG_TASK_MS else "over"
    print(f"\nlongest main-thread task of every answer: {longest:.0f} ms ({verdict} 50 ms)")
