"""The start-up comparison's parts (tests/bench.py runs them): a visit of our page and of a
stock Pyodide page served alike, the requests and bytes each makes, recalculation while
typing, and the budgets the figures are held to."""

from __future__ import annotations

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
)

import build
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

# Before any script of the page: when the first result is shown (data-state "answered", our
# page's first answer, whose panels follow in the next; or "ready"), when the page received
# the calculator's first answer from its worker (what the worker asks for after that, the
# later zip, is no part of the first answer's bytes), every long task, and how our
# calculator's worker started (worker_starts.py).
RECORDER = (
    RECORD_STARTS
    + """
(() => {
  window.__bench = { ready: null, answered: null, longTasks: [], longTaskStarts: [] };
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (window.__bench.answered === null && event.data && "response" in event.data) {
          window.__bench.answered = performance.now();
        }
      });
    }
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bench.longTasks.push(entry.duration);
      window.__bench.longTaskStarts.push(entry.startTime);
    }
  }).observe({ type: "longtask", buffered: true });
  new MutationObserver(() => {
    const state = document.documentElement.dataset.state;
    if ((state === "answered" || state === "ready") && window.__bench.ready === null) {
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
    """Bytes each path's response body took on the wire, in the order they were sent, and
    when each request arrived (time.time(), to compare with the page's clock)."""

    sent: list[tuple[str, int]] = field(default_factory=list)
    arrived: list[float] = field(default_factory=list)

    def clear(self) -> None:
        self.sent.clear()
        self.arrived.clear()

    def asked_before(self, epoch_s: float) -> list[tuple[str, int]]:
        """What was sent for the requests that arrived before `epoch_s`."""
        return [sent for sent, at in zip(self.sent, self.arrived, strict=True) if at < epoch_s]


def throttled_handler(link: Link, log: WireLog) -> type[build.SiteRequestHandler]:
    class Handler(build.SiteRequestHandler):
        def send_head(self) -> Any:
            self.arrived_at = time.time()
            time.sleep(link.network.delay_s)  # the request's way there and the answer's back
            return super().send_head()

        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            log.sent.append((self.path.split("?")[0], len(data)))
            log.arrived.append(self.arrived_at)
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
    page.wait_for_selector(
        'html[data-state="answered"], html[data-state="ready"]', state="attached", timeout=120_000
    )
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
        elif path in (f"/{layout.start}", f"/{layout.calculator}", f"/{layout.calculator_later}"):
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


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3])
    except OSError:
        return "unknown"
