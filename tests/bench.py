"""Start-up and recalculation benchmark: our page against a stock Pyodide page.

Run with `python3 build.py bench [--runs N] [--only-networks | --only-loopback |
--only-counting | --only-cli-counting | --only-large-corpus]`.  It serves
dist/ and, on a second port, the unmodified files of the pinned Pyodide npm package with
brotli copies made the same way as ours; then, in headless Chromium:

- network profiles: both servers throttled in the server itself (one bandwidth shared by all
  connections, a fixed delay before each response; Chromium's own emulation would not cover
  the page's worker), service workers blocked, a fresh browser context per visit: the first
  result of a prefilled link and of the plain page, against stock's first `1+1`, and the
  bytes on the wire per file;
- the loopback: alternating cold and warm visits (the warm one once the service worker has
  kept the build), first contentful paint, long tasks, recalculation; then the same visits
  in a Chromium that Playwright does not drive (tests/plain_chromium.py), as a visitor's
  browser runs them, and in Firefox;
- counting text (the "Count your own text" panel) on the loopback: the tokenizer's first use
  (its module, code and ranks fetched and loaded), 1 MB of English counted once it is loaded,
  then a million "a" and 3 MB of CJK without spaces (texts without a break between words),
  then the 1 MB split by LangChain's recursive splitter (its zip fetched and loaded, the
  document drawn) and by the other two splitters (the sample's table filled), the longest
  main-thread task of each, and every count and split checked against the command line's
  tokenizer and the calculator's splitters;
- the command line's ``--count`` on Python's standard library against tiktoken in one
  process, on the same files (tests/cli_counting.py; ``--only-cli-counting`` runs it alone,
  without building or a browser);
- a real corpus (tests/corpus_bench.py; ``--only-large-corpus`` runs it alone): the page's
  answer for a pasted list of 100,000 documents and for a new chunk size with it, each with
  its longest main-thread task.

It prints medians with min-max and the budgets of the performance issues.  It reports; it
never fails on a budget.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Request,
    sync_playwright,
)

import build
from cli_counting import RUNS as CLI_COUNT_RUNS
from cli_counting import run_cli_counting
from corpus_bench import RUNS as CORPUS_RUNS
from corpus_bench import print_large_corpus, run_large_corpus
from plain_chromium import PlainChromium
from worker_starts import LAST_START, RECORD_STARTS

RUNS = 5
NETWORK_RUNS = 3
# The prefilled link a shared visit opens: its numbers need Python.
PREFILLED = "de/?tokens=123456&chunk_size=700&overlap=70&dimensions=768"


@dataclass(frozen=True)
class Network:
    name: str
    bytes_per_second: float  # shared by every connection to the server
    delay_s: float  # before each response


NETWORKS = (
    Network("10 Mbit/s, 40 ms", 10e6 / 8, 0.040),
    Network("1.6 Mbit/s, 150 ms", 1.6e6 / 8, 0.150),
)
RECALC_INPUTS = 30
SETTLING_MS = 1000
LONG_TASK_BUDGET_MS = 50.0
OUR_BYTES_BUDGET = 250_000

# The reference: what a page using Pyodide the documented way does before it can answer.
STOCK_PAGE = """<!doctype html>
<html data-state="loading"><head><meta charset="utf-8"><title>stock</title></head>
<body><p>stock Pyodide</p>
<script type="module">
import { loadPyodide } from "./pyodide.mjs";
const pyodide = await loadPyodide();
document.body.textContent = pyodide.runPython("1+1");
document.documentElement.dataset.state = "ready";
</script></body></html>
"""

# Before any script of the page: when data-state becomes "ready", every long task, and how
# our calculator's worker started (worker_starts.py).
RECORDER = (
    RECORD_STARTS
    + """
(() => {
  window.__bench = { ready: null, longTasks: [], longTaskStarts: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bench.longTasks.push(entry.duration);
      window.__bench.longTaskStarts.push(entry.startTime);
    }
  }).observe({ type: "longtask", buffered: true });
  new MutationObserver(() => {
    if (document.documentElement.dataset.state === "ready" && window.__bench.ready === null) {
      window.__bench.ready = performance.now();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
})();
"""
)

# Sets the tokens field, fires the event, and resolves with the milliseconds until the
# chunks card shows a new exact value.  Each input comes once the page has rendered the
# previous answer, as a visitor's next keystroke does: back to back, an input would wait for
# the rendering of the one before and the sum of both would be timed.
RECALC = """
async ({ texts, enter }) => {
  const input = document.querySelector('[name="tokens"]');
  const card = document.querySelector('[data-result="chunks"]');
  const rendered = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const times = [];
  for (const text of texts) {
    await rendered();
    const before = card.dataset.value;
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (card.dataset.value !== before) { observer.disconnect(); resolve(performance.now()); }
      });
      observer.observe(card, { attributes: true, attributeFilter: ["data-value"] });
    });
    input.value = text;
    const start = performance.now();
    input.dispatchEvent(enter
      ? new KeyboardEvent("keydown", { key: "Enter", bubbles: true })
      : new Event("input", { bubbles: true }));
    times.push((await changed) - start);
  }
  return times;
}
"""


@dataclass
class Visit:
    ready_ms: float
    fcp_ms: float | None
    long_tasks: list[float]
    # Those that did not start as the wasm's preload ended (OTHER_LONG_TASKS).
    other_long_tasks: list[float]


# The long tasks of a visit that did not start as the page's preload of the wasm ended: under
# DevTools' network instrumentation, which Playwright turns on, the renderer's main thread
# spends a long task there on the wasm's body, a task that a Chromium nothing instruments
# does not have (docs/performance.md, "How a first visit starts").  Such a task starts just
# after the preload's responseEnd; the window below is a little wider than where it was seen.
OTHER_LONG_TASKS = """(() => {
  const preload = performance.getEntriesByType("resource").find(
    (entry) => entry.initiatorType === "link" && entry.name.endsWith("/pyodide.asm.wasm"),
  );
  const end = preload ? preload.responseEnd : -Infinity;
  return window.__bench.longTasks.filter((duration, index) => {
    const start = window.__bench.longTaskStarts[index];
    return !(start >= end - 5 && start <= end + 30);
  });
})()"""
# Their longest, a series of the Playwright visits only.
OTHER_LONGEST = "ours longest task not at the wasm preload's end"


@dataclass
class Samples:
    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        self.values.setdefault(name, []).append(value)


@dataclass
class RequestLog:
    """Paths the servers answered with 200 and the content coding they were sent in, so
    bytes are counted from the files themselves."""

    paths: list[tuple[str, str | None]] = field(default_factory=list)


def logging_handler(log: RequestLog) -> type[build.SiteRequestHandler]:
    class Handler(build.SiteRequestHandler):
        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            if str(code) == "200":
                log.paths.append((self.path.split("?")[0], self.encoding))

    return Handler


def served(directory: Path, log: RequestLog) -> AbstractContextManager[str]:
    return build.serving_in_background(directory, handler=logging_handler(log))


class Link:
    """One bandwidth for every connection of a server: each block of a body waits for its
    turn on the wire, as on a real access link."""

    BLOCK = 16384

    def __init__(self, network: Network) -> None:
        self.network = network
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the wire has sent everything already queued

    def send(self, data: bytes, output: Any) -> None:
        for start in range(0, len(data), self.BLOCK):
            block = data[start : start + self.BLOCK]
            with self.lock:
                begin = max(time.monotonic(), self.free_at)
                self.free_at = begin + len(block) / self.network.bytes_per_second
                done = self.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            output.write(block)


@dataclass
class WireLog:
    """Bytes each path's response body took on the wire, in the order they were sent."""

    sent: list[tuple[str, int]] = field(default_factory=list)


def throttled_handler(link: Link, log: WireLog) -> type[build.SiteRequestHandler]:
    class Handler(build.SiteRequestHandler):
        def send_head(self) -> Any:
            time.sleep(link.network.delay_s)  # the request's way there and the answer's back
            return super().send_head()

        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            log.sent.append((self.path.split("?")[0], len(data)))
            link.send(data, outputfile)

    return Handler


def stock_site() -> Path:
    """The npm package's runtime files, its lock file and the stock page, with brotli and gzip
    copies made as the build makes ours, in .cache/ (kept between runs)."""
    target = build.CACHE / f"bench-stock-{build.PYODIDE_VERSION}"
    if not (target / "stock.html").exists():
        pyodide = build.ensure_pyodide()
        if target.exists():
            shutil.rmtree(target)
        target.mkdir()
        for name in (*build.PYODIDE_RUNTIME_FILES, build.PYODIDE_LOCK_FILE):
            shutil.copy2(pyodide / name, target / name)
        build.write_precompressed(target)
        (target / "stock.html").write_text(STOCK_PAGE, encoding="utf-8")
    return target


def visit(context: BrowserContext, url: str) -> tuple[Page, Visit]:
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('html[data-state="ready"]', state="attached", timeout=120_000)
    data = page.evaluate(
        """() => ({
          ready: window.__bench.ready,
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
          longTasks: window.__bench.longTasks,
          otherLongTasks: """
        + OTHER_LONG_TASKS
        + """,
        })"""
    )
    return page, Visit(data["ready"], data["fcp"], data["longTasks"], data["otherLongTasks"])


def new_context(browser: Browser) -> BrowserContext:
    context = browser.new_context()
    context.add_init_script(RECORDER)
    return context


def measure_pair(
    browser: Browser,
    url: str,
    samples: Samples,
    prefix: str,
    prepare: Callable[[BrowserContext], None] = lambda _: None,
    after_cold: Callable[[Page], None] = lambda _: None,
) -> None:
    """A cold visit in a fresh context, then a warm one in the same context."""
    context = new_context(browser)
    prepare(context)
    try:
        for temperature in ("cold", "warm"):
            page, result = visit(context, url)
            samples.add(f"{prefix} {temperature}", result.ready_ms)
            if prefix == "ours":
                samples.add(f"ours FCP {temperature}", result.fcp_ms or float("nan"))
                samples.add(f"ours long tasks {temperature}", len(result.long_tasks))
                samples.add(f"ours longest task {temperature}", max(result.long_tasks, default=0.0))
                samples.add(
                    f"{OTHER_LONGEST} {temperature}",
                    max(result.other_long_tasks, default=0.0),
                )
            if temperature == "cold":
                after_cold(page)
            page.close()
    finally:
        context.close()


@dataclass
class PageRequests:
    """The paths the page and its worker asked for (not its service worker), in order."""

    paths: list[str] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        if request.service_worker is None:
            self.paths.append(urlsplit(request.url).path)


@dataclass
class OurColdVisit:
    """What our cold visit's page and worker fetched, and what the service worker fetched
    on top to keep the build for offline use, which the warm visit then uses, as a
    visitor's next visit does."""

    log: RequestLog
    page: PageRequests = field(default_factory=PageRequests)
    fetched: list[tuple[str, str | None]] = field(default_factory=list)
    before_result: int = 0
    start: str | None = None  # how the worker started (RECORDER)

    def watch(self, context: BrowserContext) -> None:
        self.log.paths.clear()
        context.on("request", self.page.on_request)

    def after_result(self, page: Page) -> None:
        # What the servers sent until the first result is the page's and its worker's: the
        # service worker registers only then (app.js).
        self.before_result = len(self.log.paths)
        self.start = page.evaluate(LAST_START)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        self.fetched = list(self.log.paths)

    def by_page(self) -> list[tuple[str, str | None]]:
        asked = set(self.page.paths)
        return [entry for entry in self.fetched[: self.before_result] if entry[0] in asked]

    def restored_snapshot(self) -> bool:
        """Whether the worker started from the snapshot (engine/worker/worker.js startChoice); a
        snapshot asked for but not used (its download failed) does not count."""
        return self.start == "snapshot"

    def by_service_worker(self) -> list[tuple[str, str | None]]:
        page = set(self.by_page())
        return [entry for entry in self.fetched if entry not in page]


def input_series(base: int) -> list[str]:
    """Inputs that each change the chunks, every value differing from the one before."""
    return [str(base + 1000 * index) for index in range(RECALC_INPUTS)]


def measure_recalc(browser: Browser, url: str, samples: Samples) -> None:
    """Inputs at once after the first result, then once the page has settled (its service
    worker has kept the build, a second has passed), as a visitor's first edit comes."""
    context = new_context(browser)
    try:
        page, _ = visit(context, url)
        for ms in page.evaluate(RECALC, {"texts": input_series(9000), "enter": True}):
            samples.add("recalc Enter at start N=9000+", ms)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_timeout(SETTLING_MS)
        for name, base in (("N=8000+", 8000), ("N=10^15+", 10**15)):
            for offset, (enter, how) in enumerate(((True, "Enter"), (False, "typing"))):
                # Every value differs from the one before, so each input changes the chunks.
                texts = input_series(base + 100_000 * (offset + 1))
                for ms in page.evaluate(RECALC, {"texts": texts, "enter": enter}):
                    samples.add(f"recalc {how} {name}", ms)
    finally:
        context.close()


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def row(name: str, values: Sequence[float]) -> str:
    return (
        f"| {name} | {statistics.median(values):.1f} | {min(values):.1f} | "
        f"{max(values):.1f} | {percentile(values, 0.95):.1f} |"
    )


def print_table(series: dict[str, list[float]]) -> None:
    """Median, min, max and p95 of each series, a row each."""
    print("| measure | median | min | max | p95 |")
    print("|---|---|---|---|---|")
    for name, values in series.items():
        print(row(name, values))


@dataclass
class Bytes:
    files: int = 0
    sent: int = 0


def byte_split(paths: Sequence[tuple[str, str | None]], dist: Path) -> dict[str, Bytes]:
    """Bytes of one cold visit's files, as files and as sent (compressed when the browser
    accepted a precompressed copy): Pyodide's runtime, the start-up and calculator zips, the Python
    snapshot, ours."""
    split = {
        "Pyodide runtime": Bytes(),
        "start-up and calculator zips": Bytes(),
        "Python snapshot": Bytes(),
        "ours": Bytes(),
    }
    suffixes = dict(build.ENCODINGS)
    layout = build.layout_of(dist)
    for path, encoding in set(paths):
        file = dist / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if not file.is_file():
            continue
        if path.startswith(f"/{layout.runtime}"):
            group = split["Pyodide runtime"]
        elif path in (f"/{layout.start}", f"/{layout.calculator}"):
            group = split["start-up and calculator zips"]
        elif path == f"/{layout.snapshot}":
            group = split["Python snapshot"]
        else:
            group = split["ours"]
        group.files += file.stat().st_size
        sent = file.with_name(file.name + suffixes[encoding]) if encoding else file
        group.sent += sent.stat().st_size
    return split


def verdict(ok: bool) -> str:
    return "pass" if ok else "FAIL"


Budget = tuple[str, bool, str]  # what, met, the figure measured


def start_up_budgets(values: dict[str, list[float]]) -> tuple[float, float, list[Budget]]:
    """The cold and warm ratios of our first result to stock's (medians), and the start-up
    budgets: both ratios, the first contentful paint and the longest start-up task."""
    median = {name: statistics.median(series) for name, series in values.items()}
    cold = median["ours cold"] / median["stock cold"]
    warm = median["ours warm"] / median["stock warm"]
    longest = max(*values["ours longest task cold"], *values["ours longest task warm"])
    measured = f"longest {longest:.0f} ms"
    if f"{OTHER_LONGEST} cold" in values:  # Playwright: say which of them its instrumentation made
        apart = max(*values[f"{OTHER_LONGEST} cold"], *values[f"{OTHER_LONGEST} warm"])
        measured += f"; not at the wasm preload's end: {apart:.0f} ms"
    return (
        cold,
        warm,
        [
            ("cold first result <= 0.45 x stock", cold <= 0.45, f"{cold:.2f}"),
            ("warm first result <= 0.35 x stock", warm <= 0.35, f"{warm:.2f}"),
            (
                "first contentful paint <= 300 ms",
                median["ours FCP cold"] <= 300,
                f"{median['ours FCP cold']:.0f} ms cold",
            ),
            (
                "no long task > 50 ms at start-up",
                longest <= LONG_TASK_BUDGET_MS,
                measured,
            ),
        ],
    )


def print_budgets(budgets: Sequence[Budget]) -> None:
    print("| budget | result | measured |")
    print("|---|---|---|")
    for name, ok, measured in budgets:
        print(f"| {name} | {verdict(ok)} | {measured} |")


def print_report(
    samples: Samples, split: dict[str, Bytes], kept: dict[str, Bytes], runs: int
) -> None:
    values = samples.values
    print(
        f"\nMilliseconds over {runs} alternating runs (recalculation: "
        f"{RECALC_INPUTS} inputs each); headless Chromium\n"
    )
    print_table(values)
    print(
        "\nBytes of a cold visit of /en/, fetched by the page and its worker (files / sent, "
        "compressed where accepted; the service worker's own downloads right after the first "
        "result may be counted here too: the network profiles, service workers blocked, give "
        "a first visit's bytes):"
    )
    for name, counted in split.items():
        print(f"- {name}: {counted.files:,} / {counted.sent:,}")
    print(
        "Fetched by the service worker besides, to keep the build for offline use (files / "
        "sent; what the page fetched already comes from the browser's cache):"
    )
    for name, counted in kept.items():
        print(f"- {name}: {counted.files:,} / {counted.sent:,}")
    our_bytes = split["ours"].files
    cold, warm, budgets = start_up_budgets(values)
    # Settled: the series at start is in the table, its cause in docs/performance.md
    # ("What limits the rest").
    recalc = values["recalc Enter N=8000+"] + values["recalc Enter N=10^15+"]
    print(f"\nratio ours/stock: cold {cold:.2f}, warm {warm:.2f}\n")
    print_budgets(
        [
            *budgets,
            (
                "recalc median <= 4 ms (Enter)",
                statistics.median(recalc) <= 4,
                f"{statistics.median(recalc):.1f} ms",
            ),
            (
                "recalc p95 <= 16 ms (Enter)",
                percentile(recalc, 0.95) <= 16,
                f"{percentile(recalc, 0.95):.1f} ms",
            ),
            ("our files <= 250 KB", our_bytes <= OUR_BYTES_BUDGET, f"{our_bytes:,} B"),
        ]
    )


# --- network profiles ---------------------------------------------------------------------


def cold_network_visit(
    browser: Browser, url: str, log: WireLog
) -> tuple[float, list[tuple[str, int]]]:
    """A first visit with service workers blocked: ms to data-state="ready", bytes per file."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(RECORDER)
    try:
        log.sent.clear()
        _, result = visit(context, url)
        return result.ready_ms, list(log.sent)
    finally:
        context.close()


@dataclass
class NetworkResults:
    samples: Samples = field(default_factory=Samples)
    # The bytes of the last visit of each page (the same files every run).
    sent: dict[str, list[tuple[str, int]]] = field(default_factory=dict)


def measure_networks(browser: Browser, dist: Path, stock: Path, runs: int) -> NetworkResults:
    results = NetworkResults()
    for network in NETWORKS:
        link = Link(network)
        log = WireLog()
        handler = throttled_handler(link, log)
        with (
            build.serving_in_background(dist, handler=handler) as ours_url,
            build.serving_in_background(stock, handler=handler) as stock_url,
        ):
            pages = (
                ("stock", f"{stock_url}stock.html"),
                ("ours, prefilled link", ours_url + PREFILLED),
                ("ours, plain page", f"{ours_url}de/"),
            )
            for _ in range(runs):
                for name, url in pages:
                    ready_ms, sent = cold_network_visit(browser, url, log)
                    results.samples.add(f"{network.name} | {name}", ready_ms)
                    results.sent[name] = sent
    return results


def megabytes(count: int) -> str:
    return f"{count / 1e6:.2f} MB"


def print_network_report(results: NetworkResults, runs: int, load: str) -> None:
    values = results.samples.values
    print(
        f"\nCold first result over throttled networks (server-side: one bandwidth shared by all "
        f"connections, a delay before each response; service workers blocked), {runs} runs, "
        f"seconds; load average at the start: {load}\n"
    )
    print("| network | page | median | min | max | median / stock |")
    print("|---|---|---|---|---|---|")
    ratios = {}
    for name, series in values.items():
        network_name, page = name.split(" | ")
        stock = statistics.median(values[f"{network_name} | stock"])
        ratios[name] = statistics.median(series) / stock
        print(
            f"| {network_name} | {page} | {statistics.median(series) / 1000:.2f} | "
            f"{min(series) / 1000:.2f} | {max(series) / 1000:.2f} | {ratios[name]:.2f} |"
        )
    print("\nBytes on the wire per file, one cold visit (response bodies as sent):")
    totals = {}
    for page, sent in results.sent.items():
        totals[page] = sum(count for _, count in sent)
        print(f"\n{page}: {megabytes(totals[page])} in {len(sent)} responses")
        for path, count in sorted(sent, key=lambda item: -item[1]):
            print(f"  {count:>10,}  {path}")
    print("\n| budget | result | measured |")
    print("|---|---|---|")
    prefilled = "ours, prefilled link"
    for network, limit in ((NETWORKS[0], 0.5), (NETWORKS[1], 0.65)):
        measured = ratios.get(f"{network.name} | {prefilled}")
        if measured is not None:
            print(
                f"| prefilled link at {network.name} <= {limit} x stock | "
                f"{verdict(measured <= limit)} | {measured:.2f} |"
            )
    if prefilled in totals:
        print(
            f"| bytes before the first result <= 3.5 MB | "
            f"{verdict(totals[prefilled] <= 3_500_000)} | {megabytes(totals[prefilled])} |"
        )


# --- the whole run ----------------------------------------------------------------------------


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3])
    except OSError:
        return "unknown"


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="build.py bench")
    parser.add_argument(
        "--runs",
        type=int,
        default=None,
        help=f"runs per measure (default {NETWORK_RUNS} on networks, {RUNS} on the loopback)",
    )
    part = parser.add_mutually_exclusive_group()
    part.add_argument("--only-networks", action="store_true")
    part.add_argument("--only-loopback", action="store_true")
    part.add_argument("--only-counting", action="store_true")
    part.add_argument("--only-cli-counting", action="store_true")
    part.add_argument("--only-large-corpus", action="store_true")
    return parser.parse_args(argv)


def run(dist: Path, stock_files: Path, argv: Sequence[str] = ()) -> int:
    """Measure and print; 0 whatever the budgets say.  (stock_files: the npm package's
    files, from which the stock site is made.)"""
    args = parse_args(argv)
    del stock_files  # stock_site() finds them itself
    if args.only_cli_counting:  # no page, no browser
        run_cli_counting(args.runs or CLI_COUNT_RUNS)
        return 0
    if args.only_large_corpus:
        run_corpus(dist, args.runs or CORPUS_RUNS)
        return 0
    stock = stock_site()
    with sync_playwright() as playwright:
        browser = build.launch_browser(playwright, "chromium")
        try:
            if not (args.only_loopback or args.only_counting):
                runs = args.runs or NETWORK_RUNS
                load = load_average()
                print_network_report(measure_networks(browser, dist, stock, runs), runs, load)
            if not (args.only_networks or args.only_counting):
                run_loopback(browser, dist, stock, args.runs or RUNS)
            if not (args.only_networks or args.only_loopback):
                run_counting(browser, dist, args.runs or COUNT_RUNS)
        finally:
            browser.close()
    if not (args.only_networks or args.only_counting):
        report_plain_chromium(dist, stock, args.runs or RUNS)
        report_firefox(dist, stock, args.runs or RUNS)
    if not (args.only_networks or args.only_loopback or args.only_counting):
        run_cli_counting(args.runs or CLI_COUNT_RUNS)
        run_corpus(dist, args.runs or CORPUS_RUNS)
    return 0


def run_corpus(dist: Path, runs: int) -> None:
    """The answer for 100,000 documents in Playwright's Chromium (tests/corpus_bench.py)."""
    load = load_average()
    with served(dist, RequestLog()) as url, sync_playwright() as playwright:
        browser = build.launch_browser(playwright, "chromium")
        try:
            series = run_large_corpus(browser, f"{url}en/", runs)
        finally:
            browser.close()
    print_large_corpus(series, runs, load)


def run_loopback(browser: Browser, dist: Path, stock: Path, runs: int) -> None:
    samples = Samples()
    ours_log, stock_log = RequestLog(), RequestLog()
    cold_visit = OurColdVisit(ours_log)
    load = load_average()
    restored = 0
    with served(dist, ours_log) as ours_url, served(stock, stock_log) as stock_url:
        for _ in range(runs):
            measure_pair(browser, f"{stock_url}stock.html", samples, "stock")
            cold_visit = OurColdVisit(ours_log)
            measure_pair(
                browser,
                f"{ours_url}en/",
                samples,
                "ours",
                prepare=cold_visit.watch,
                after_cold=cold_visit.after_result,
            )
            restored += cold_visit.restored_snapshot()
        measure_recalc(browser, f"{ours_url}en/", samples)
    print(f"\nLoopback, load average at the start: {load}")
    print(
        f"Cold visits that restored the snapshot (the start-up zip came fast): {restored} of "
        f"{runs}; the others booted from the start-up zip"
    )
    print_report(
        samples,
        byte_split(cold_visit.by_page(), dist),
        byte_split(cold_visit.by_service_worker(), dist),
        runs,
    )


def report_firefox(dist: Path, stock: Path, runs: int) -> None:
    """The first result in Debian's Firefox ESR, cold and warm, beside Chromium's above:
    the same alternating visits of both pages, the first-result rows only (no budget)."""
    if build.browser_executable("firefox") is None:
        print("\nFirefox: not measured (Debian's firefox-esr is not installed)")
        return
    samples = Samples()
    with (
        served(dist, RequestLog()) as ours_url,
        served(stock, RequestLog()) as stock_url,
        sync_playwright() as playwright,
    ):
        browser = build.launch_browser(playwright, "firefox")
        try:
            for _ in range(runs):
                measure_pair(browser, f"{stock_url}stock.html", samples, "stock")
                measure_pair(browser, f"{ours_url}en/", samples, "ours")
        finally:
            browser.close()
    print(
        f"\nFirst result in milliseconds over {runs} alternating runs; headless Firefox ESR "
        f"{browser.version}\n"
    )
    print_table(
        {
            name: samples.values[name]
            for name in ("stock cold", "stock warm", "ours cold", "ours warm")
        }
    )
    median = {name: statistics.median(series) for name, series in samples.values.items()}
    print(
        f"\nratio ours/stock in Firefox: cold {median['ours cold'] / median['stock cold']:.2f}, "
        f"warm {median['ours warm'] / median['stock warm']:.2f}"
    )


# The visit's figures once the page is ready (RECORDER, installed before the page's scripts).
READY_FIGURES = f"""
window.__bench?.ready == null ? null : {{
  ready: window.__bench.ready,
  fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
  longTasks: window.__bench.longTasks,
  start: {LAST_START},
}}
"""


def plain_pair(url: str, samples: Samples, prefix: str) -> str | None:
    """A cold visit in a fresh browser, then a warm one in the same tab (ours once its
    service worker has kept the build), in a Chromium that nothing instruments; how the cold
    visit's worker started (None for stock, which has none)."""
    start = None
    with PlainChromium() as browser:
        browser.add_init_script(RECORDER)
        for temperature in ("cold", "warm"):
            if temperature == "warm":
                # Away first: a navigation to the address already open would be a reload.
                browser.open("about:blank", "true")
            figures = browser.open(url, READY_FIGURES)
            samples.add(f"{prefix} {temperature}", figures["ready"])
            if temperature == "cold":
                start = figures["start"]
            if prefix == "ours":
                samples.add(f"ours FCP {temperature}", figures["fcp"] or float("nan"))
                samples.add(
                    f"ours longest task {temperature}", max(figures["longTasks"], default=0)
                )
                if temperature == "cold":
                    browser.evaluate("navigator.serviceWorker.ready.then(() => true)")
    return start


def report_plain_chromium(dist: Path, stock: Path, runs: int) -> None:
    """The loopback's visits again in a Chromium driven over its DevTools pipe with nothing
    but Page and Runtime (tests/plain_chromium.py): first result, first contentful paint and
    long tasks as a visitor's browser has them, beside Playwright's figures above."""
    samples = Samples()
    restored = 0
    with served(dist, RequestLog()) as ours_url, served(stock, RequestLog()) as stock_url:
        for _ in range(runs):
            plain_pair(f"{stock_url}stock.html", samples, "stock")
            restored += plain_pair(f"{ours_url}en/", samples, "ours") == "snapshot"
    values = samples.values
    print(
        f"\nThe same visits in headless Chromium without Playwright (DevTools pipe, Page and "
        f"Runtime only: no network instrumentation), milliseconds over {runs} alternating "
        f"runs; cold visits that restored the snapshot: {restored} of {runs}\n"
    )
    print_table(values)
    cold, warm, budgets = start_up_budgets(values)
    print(f"\nratio ours/stock without Playwright: cold {cold:.2f}, warm {warm:.2f}\n")
    print_budgets(budgets)


# --- counting text --------------------------------------------------------------------------

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
