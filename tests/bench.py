"""Start-up and recalculation benchmark: our page against a stock Pyodide page.

Run with `python3 build.py bench [--runs N] [--only-networks | --only-loopback |
--only-counting | --only-cli-counting | --only-large-corpus | --only-scaling]`.  It serves
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
- ``--count`` of the same files on a local Dask cluster of 1 and 2 workers against the
  plain local run (tests/scaling_bench.py; ``--only-scaling`` runs it alone, without building
  or a browser): MB/s, and MB/s per worker;
- a real corpus (tests/corpus_bench.py; ``--only-large-corpus`` runs it alone): the page's
  answer for a pasted list of 100,000 documents and for a new chunk size with it, each with
  its longest main-thread task.

It prints medians with min-max and the budgets of the performance issues.  It reports; it
never fails on a budget.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import (
    Browser,
    sync_playwright,
)

import build
from bench_start import (
    NETWORK_RUNS,
    NETWORKS,
    PREFILLED,
    RECORDER,
    RUNS,
    Link,
    OurColdVisit,
    RequestLog,
    Samples,
    WireLog,
    byte_split,
    load_average,
    measure_pair,
    measure_recalc,
    print_budgets,
    print_report,
    print_table,
    served,
    start_up_budgets,
    stock_site,
    throttled_handler,
    verdict,
    visit,
)
from cli_counting import RUNS as CLI_COUNT_RUNS
from cli_counting import run_cli_counting
from corpus_bench import RUNS as CORPUS_RUNS
from corpus_bench import print_large_corpus, run_large_corpus
from counting_bench import COUNT_RUNS, run_counting
from evaluation_bench import RUNS as EVALUATION_RUNS
from evaluation_bench import run_evaluation
from plain_chromium import PlainChromium
from scaling_bench import RUNS as SCALING_RUNS
from scaling_bench import run_scaling
from tokenizer_json_bench import RUNS as TOKENIZER_JSON_RUNS
from tokenizer_json_bench import run_cli_tokenizer_json, run_page_tokenizer_json
from worker_starts import LAST_START

# --- network profiles ---------------------------------------------------------------------


def cold_network_visit(
    browser: Browser, url: str, log: WireLog
) -> tuple[float, list[tuple[str, int]]]:
    """A first visit with service workers blocked: ms to the first result, and the bytes of
    each file asked for before the page had the first answer (the later zip, which the worker
    asks for once that answer is out, is not)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(RECORDER)
    try:
        log.clear()
        page, result = visit(context, url)
        answered_s = page.evaluate(
            "(performance.timeOrigin + (window.__bench.answered ?? window.__bench.ready)) / 1000"
        )
        return result.ready_ms, log.asked_before(answered_s)
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
    part.add_argument("--only-tokenizer-json", action="store_true")
    part.add_argument("--only-evaluation", action="store_true")
    part.add_argument("--only-scaling", action="store_true")
    return parser.parse_args(argv)


def run(dist: Path, stock_files: Path, argv: Sequence[str] = ()) -> int:
    """Measure and print; 0 whatever the budgets say.  (stock_files: the npm package's
    files, from which the stock site is made.)"""
    args = parse_args(argv)
    del stock_files  # stock_site() finds them itself
    if args.only_cli_counting:  # no page, no browser
        run_cli_counting(args.runs or CLI_COUNT_RUNS)
        return 0
    if args.only_scaling:  # no page, no browser
        run_scaling(args.runs or SCALING_RUNS)
        return 0
    if args.only_large_corpus:
        run_corpus(dist, args.runs or CORPUS_RUNS)
        return 0
    if args.only_tokenizer_json:
        run_tokenizer_json(dist, args.runs or TOKENIZER_JSON_RUNS)
        return 0
    if args.only_evaluation:
        run_evaluation_bench(dist, args.runs or EVALUATION_RUNS)
        return 0
    stock = stock_site()
    with launched() as browser:
        if not (args.only_loopback or args.only_counting):
            runs = args.runs or NETWORK_RUNS
            load = load_average()
            print_network_report(measure_networks(browser, dist, stock, runs), runs, load)
        if not (args.only_networks or args.only_counting):
            run_loopback(browser, dist, stock, args.runs or RUNS)
        if not (args.only_networks or args.only_loopback):
            run_counting(browser, dist, args.runs or COUNT_RUNS)
    if not (args.only_networks or args.only_counting):
        report_plain_chromium(dist, stock, args.runs or RUNS)
        report_firefox(dist, stock, args.runs or RUNS)
    if not (args.only_networks or args.only_loopback or args.only_counting):
        run_cli_counting(args.runs or CLI_COUNT_RUNS)
        run_scaling(args.runs or SCALING_RUNS)
        run_corpus(dist, args.runs or CORPUS_RUNS)
        run_tokenizer_json(dist, args.runs or TOKENIZER_JSON_RUNS)
        run_evaluation_bench(dist, args.runs or EVALUATION_RUNS)
    return 0


@contextmanager
def launched(engine: str = "chromium") -> Iterator[Browser]:
    """Playwright's browser for one part of the bench, closed after it."""
    with sync_playwright() as playwright:
        browser = build.launch_browser(playwright, engine)
        try:
            yield browser
        finally:
            browser.close()


def run_evaluation_bench(dist: Path, runs: int) -> None:
    """Retrieval measured on a 1 MB sample in the page and on the command line
    (tests/evaluation_bench.py)."""
    with launched() as browser:
        run_evaluation(browser, dist, runs)


def run_tokenizer_json(dist: Path, runs: int) -> None:
    """Real tokenizer.json files counted in the page and on the command line against
    ``tokenizers`` (tests/tokenizer_json_bench.py)."""
    with launched() as browser:
        run_page_tokenizer_json(browser, dist, runs)
    run_cli_tokenizer_json(runs)


def run_corpus(dist: Path, runs: int) -> None:
    """The answer for 100,000 documents in Playwright's Chromium (tests/corpus_bench.py)."""
    load = load_average()
    with served(dist, RequestLog()) as url, launched() as browser:
        series = run_large_corpus(browser, f"{url}en/", runs)
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
        launched("firefox") as browser,
    ):
        for _ in range(runs):
            measure_pair(browser, f"{stock_url}stock.html", samples, "stock")
            measure_pair(browser, f"{ours_url}en/", samples, "ours")
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
