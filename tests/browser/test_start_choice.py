"""How a first visit starts Python (web/worker.js startChoice).

The worker fetches the start-up zip whole either way (the page preloads it); the page reports
how fast that zip's body came.  Where it came fast, the worker restores the memory snapshot,
which saves Python's start; where it came slowly, it boots from the zip it has, and the
snapshot's bytes are never asked for; a snapshot that cannot be downloaded leaves the zip.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

import build
from browser.conftest import PageGuard, origin_of, serve_site
from browser.test_page import READY_TIMEOUT_MS, expect_integer

START_STDLIB = "**/python_stdlib_start*.zip"
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


def asked_for(page_guard: PageGuard, name: str) -> bool:
    return any(urlsplit(request.url).path.endswith(f"/{name}") for request in page_guard.requests)


@pytest.fixture
def start_zip_at_once(page: Page, browser_name: str, dist: Path, layout: build.Layout) -> None:
    """The start-up zip's whole body there at once, as over a fast link.  Firefox's driver
    gives a response the test fulfils no transfer size, as if it came from the browser's
    cache (which says nothing of the link, so the worker boots from the zip): there the
    loopback's own response is used, whose body Firefox reads off the page's thread in a
    few milliseconds."""
    if browser_name != "firefox":
        body = (dist / layout.start).read_bytes()
        page.route(
            START_STDLIB,
            lambda route: route.fulfill(status=200, body=body, content_type="application/zip"),
        )


@pytest.mark.usefixtures("start_zip_at_once")
def test_a_first_visit_over_a_fast_link_restores_the_snapshot(
    page: Page, page_guard: PageGuard, site_url: str
) -> None:
    page.goto(f"{site_url}pl/{LINK}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect_integer(page, "chunks", 4, "pl")
    assert asked_for(page_guard, "python-snapshot.bin")


def test_a_first_visit_over_a_slow_link_boots_from_the_start_up_zip(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    with serve_site(dist, tmp_path / "webroot", handler=SlowStartZip) as url:
        page_guard.origin = origin_of(url)  # this test's own server
        page = new_page()
        page.goto(f"{url}de/{LINK}")
        expect(page.locator("html")).to_have_attribute(
            "data-state", "ready", timeout=READY_TIMEOUT_MS
        )
        expect_integer(page, "chunks", 4, "de")
    assert asked_for(page_guard, "python_stdlib_start.zip")
    assert not asked_for(page_guard, "python-snapshot.bin")
    assert not asked_for(page_guard, "python_stdlib.zip")


@pytest.mark.usefixtures("start_zip_at_once")
def test_a_snapshot_that_cannot_be_downloaded_leaves_the_start_up_zip(
    page: Page, page_guard: PageGuard, site_url: str
) -> None:
    page.route(SNAPSHOT, lambda route: route.abort())
    page.goto(f"{site_url}en/{LINK}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect_integer(page, "chunks", 4, "en")
    assert asked_for(page_guard, "python-snapshot.bin")


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
    repeat = [urlsplit(request.url).path for request in page_guard.requests[first_visit:]]
    assert any(path.endswith("/python_stdlib_start.zip") for path in repeat)
    assert not any(path.endswith("/python-snapshot.bin") for path in repeat)
