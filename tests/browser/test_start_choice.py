"""How a first visit starts Python (engine/worker/worker.js startChoice).

The worker fetches the start-up zip whole either way (the page preloads it); the page reports
how fast that zip's body came.  Where it came fast, the worker restores the memory snapshot,
which saves Python's start; where it came slowly, it boots from the zip it has, and the
snapshot's bytes are never asked for; a snapshot that cannot be downloaded leaves the zip.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route, expect

import build
from browser.conftest import READY_TIMEOUT_MS, PageGuard, origin_of, serve_site
from browser.test_page import expect_integer
from worker_starts import LAST_START, RECORD_STARTS

SNAPSHOT = "**/python-snapshot*.bin"
LINK = "?tokens=2500&chunk_size=800&overlap=200"


class SlowStartZip(build.SiteRequestHandler):
    """Sends the start-up zip's body in small blocks with pauses: under 0.7 MB/s, as over a
    link of 10 Mbit/s or less; everything else as fast as the loopback goes."""

    BLOCK = 32_768
    PAUSE_S = 0.05

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not urlsplit(self.path).path.endswith("/python_stdlib_start.zip"):
            super().copyfile(source, outputfile)
            return
        data = source.read()
        for start in range(0, len(data), self.BLOCK):
            outputfile.write(data[start : start + self.BLOCK])
            outputfile.flush()
            time.sleep(self.PAUSE_S)


class SlowWasm(build.SiteRequestHandler):
    """Sends the wasm's body, in whichever encoding, in blocks with pauses: 3 s in all, longer
    than the worker takes to get going on the loopback.  Notes when each request came in and
    when the wasm's last byte went out."""

    BLOCKS = 60
    PAUSE_S = 0.05
    events: ClassVar[list[tuple[str, float]]] = []

    def send_head(self) -> Any:
        self.events.append((f"asked {urlsplit(self.path).path}", time.monotonic()))
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not urlsplit(self.path).path.endswith("/pyodide.asm.wasm"):
            super().copyfile(source, outputfile)
            return
        data = source.read()
        block = -(-len(data) // self.BLOCKS)
        for start in range(0, len(data), block):
            outputfile.write(data[start : start + block])
            outputfile.flush()
            time.sleep(self.PAUSE_S)
        self.events.append(("wasm sent", time.monotonic()))


class LateStartZip(build.SiteRequestHandler):
    """Answers the start-up zip half a second late: the test's report of a fast link
    (REPORT_A_FAST_LINK) then reaches the worker before the zip does, however late a busy
    machine hands a new worker its first messages (50-300 ms after its script ran, seen on
    a 2-core machine), and the worker chooses by that report."""

    DELAY_S = 0.5

    def send_head(self) -> Any:
        if urlsplit(self.path).path.endswith("/python_stdlib_start.zip"):
            time.sleep(self.DELAY_S)
        return super().send_head()


def asked_for(page_guard: PageGuard, name: str) -> bool:
    return any(urlsplit(request.url).path.endswith(f"/{name}") for request in page_guard.requests)


# The page's reports to the calculator's worker (runtime.js reportPreloads), kept for the test.
RECORD_PRELOAD_REPORTS = """
window.__preloadReports = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message?.type === "preloaded") {
    window.__preloadReports.push(message);
  }
  return post.call(this, message, ...rest);
};
"""

# A report that the start-up zip came over a fast link, posted as the worker is created, so
# that it is there before the worker's own download of the zip ends; the page's own report of
# that zip is held back, so that the worker gets this one alone (on a busy machine the page's
# measure may read the loopback as a slow link, and the worker takes the first report).
REPORT_A_FAST_LINK = """
(() => {
  const startZip = %s;
  const Original = window.Worker;
  const post = Original.prototype.postMessage;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      const fast = { bytes: 1000000, ms: 1, fromNetwork: true };
      post.call(this, { type: "preloaded", url: startZip, ...fast });
    }

    postMessage(message, ...rest) {
      if (message?.type === "preloaded" && message.url === startZip) {
        return;
      }
      post.call(this, message, ...rest);
    }
  };
})();
"""


def started_from(page: Page) -> Any:
    """How the page's worker started: "snapshot" or "start-up zip"."""
    return page.evaluate(LAST_START)


@pytest.fixture
def record_starts(page: Page) -> None:
    page.add_init_script(RECORD_STARTS)


def test_the_page_reports_how_its_start_up_zip_came_over_the_link(
    page: Page, site_url: str, dist: Path, layout: build.Layout
) -> None:
    page.add_init_script(RECORD_PRELOAD_REPORTS)
    page.goto(f"{site_url}en/{LINK}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    reports = page.evaluate("window.__preloadReports")
    start_zip = [report for report in reports if report["url"] == f"{site_url}{layout.start}"]
    assert len(start_zip) == 1
    # Bytes on the wire: the zip as the server sent it, in whichever encoding.
    sent = {(dist / f"{layout.start}{suffix}").stat().st_size for suffix in ("", ".br", ".gz")}
    assert start_zip[0]["bytes"] in sent
    # Firefox rounds Resource Timing to whole milliseconds, and on the loopback the zip can
    # come within one: 0 is a measure (a fast link) there, as the worker reads it.
    assert isinstance(start_zip[0]["ms"], (int, float))
    assert 0 <= start_zip[0]["ms"] < READY_TIMEOUT_MS
    assert start_zip[0]["fromNetwork"] is True


@contextmanager
def fast_link_page(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> Iterator[tuple[Page, str]]:
    """A page whose worker is told the start-up zip came fast, on a server that answers
    that zip late (LateStartZip), and the site's URL there."""
    with serve_site(dist, tmp_path / "webroot", handler=LateStartZip) as url:
        page_guard.origin = origin_of(url)  # this test's own server
        page = new_page()
        page.add_init_script(RECORD_STARTS)
        start_zip = f"{url}{build.layout_of(dist).start}"
        page.add_init_script(REPORT_A_FAST_LINK % json.dumps(start_zip))
        yield page, url


def test_a_first_visit_over_a_fast_link_restores_the_snapshot(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    with fast_link_page(new_page, page_guard, dist, tmp_path) as (page, url):
        page.goto(f"{url}pl/{LINK}")
        expect(page.locator("html")).to_have_attribute(
            "data-state", "ready", timeout=READY_TIMEOUT_MS
        )
        expect_integer(page, "chunks", 4, "pl")
        # The worker's own report: it restored the snapshot, so it downloaded it.
        assert started_from(page) == "snapshot"
    # The snapshot is made over the start-up zip: restoring it needs no whole stdlib.
    assert not asked_for(page_guard, "python_stdlib.zip")


def test_a_first_visit_over_a_slow_link_boots_from_the_start_up_zip(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    with serve_site(dist, tmp_path / "webroot", handler=SlowStartZip) as url:
        page_guard.origin = origin_of(url)  # this test's own server
        page = new_page()
        page.add_init_script(RECORD_STARTS)
        page.goto(f"{url}de/{LINK}")
        expect(page.locator("html")).to_have_attribute(
            "data-state", "ready", timeout=READY_TIMEOUT_MS
        )
        expect_integer(page, "chunks", 4, "de")
        assert started_from(page) == "start-up zip"
    assert asked_for(page_guard, "python_stdlib_start.zip")
    assert not asked_for(page_guard, "python-snapshot.bin")
    assert not asked_for(page_guard, "python_stdlib.zip")


def test_a_snapshot_that_cannot_be_downloaded_leaves_the_start_up_zip(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    refused: list[str] = []

    def refuse(route: Route) -> None:
        # Counted here, where the request is refused: Playwright's request events of a worker
        # now and then come too late for page_guard's list.
        refused.append(route.request.url)
        route.abort()

    with fast_link_page(new_page, page_guard, dist, tmp_path) as (page, url):
        page.route(SNAPSHOT, refuse)
        page.goto(f"{url}en/{LINK}")
        expect(page.locator("html")).to_have_attribute(
            "data-state", "ready", timeout=READY_TIMEOUT_MS
        )
        expect_integer(page, "chunks", 4, "en")
        assert len(refused) == 1
        assert started_from(page) == "start-up zip"


@pytest.mark.usefixtures("record_starts")
def test_a_start_up_zip_from_the_browsers_cache_boots_from_the_zip(
    page: Page, page_guard: PageGuard, site_url: str
) -> None:
    """A copy from the cache says nothing of the link: without a kept build (service workers
    are blocked here, as in an embedding page that cannot register one) a repeat visit over a
    slow link must not fetch the snapshot because its zip came from the disk."""
    page.goto(f"{site_url}en/{LINK}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    first_visit = len(page_guard.requests)
    page.goto(f"{site_url}it/{LINK}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect_integer(page, "chunks", 4, "it")
    assert started_from(page) == "start-up zip"
    repeat = [urlsplit(request.url).path for request in page_guard.requests[first_visit:]]
    assert any(path.endswith("/python_stdlib_start.zip") for path in repeat)
    assert not any(path.endswith("/python-snapshot.bin") for path in repeat)


def test_a_first_visit_asks_for_the_calculators_zip_once_the_wasm_has_come(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    """Python's start never reads the calculator's zip: asked for beside the wasm, its bytes
    would only delay the wasm's last byte."""
    SlowWasm.events.clear()
    with serve_site(dist, tmp_path / "webroot", handler=SlowWasm) as url:
        page_guard.origin = origin_of(url)  # this test's own server
        page = new_page()
        page.goto(f"{url}en/{LINK}")
        expect(page.locator("html")).to_have_attribute(
            "data-state", "ready", timeout=READY_TIMEOUT_MS
        )
        expect_integer(page, "chunks", 4, "en")
    order = [event for event, _ in sorted(SlowWasm.events, key=lambda event: event[1])]
    calculator_zip = [event for event in order if event.endswith("/python_calculator.zip")]
    assert len(calculator_zip) == 1
    assert order.index("wasm sent") < order.index(calculator_zip[0])
    # The start-up zip, which Python's start reads, is asked for beside the wasm.
    start_zip = next(event for event in order if event.endswith("/python_stdlib_start.zip"))
    assert order.index(start_zip) < order.index("wasm sent")
