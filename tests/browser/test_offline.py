"""The service worker: after one visit the calculator starts and answers with the server
stopped and the browser offline, and a new deployment replaces the kept build.

Each test serves the site from a server of its own, so that it can stop it.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Response, expect

import build
from browser.conftest import PageGuard, leaves_the_browser, origin_of, serve_site
from browser.test_page import expect_integer, open_page, result

LINK_8000 = "?tokens=8000&chunk_size=512&overlap=64&dimensions=384"
CACHE_PREFIX = "rag-chunk-planner "
# Resolves once this page's service worker has kept the whole build and taken over.
KEPT = "async () => { await navigator.serviceWorker.ready; return true; }"
OUR_CACHES = f"async () => (await caches.keys()).filter((n) => n.startsWith({CACHE_PREFIX!r}))"
CHECK_FOR_UPDATE = "async () => { await (await navigator.serviceWorker.ready).update(); }"
CACHE_WAIT_S = 30
# True once no newer service worker is installing or waiting: the newest has taken over.
TAKEN_OVER = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return !registration.installing && !registration.waiting
    && registration.active?.state === "activated";
}"""
FOREIGN_TOKENS = "https://example.invalid/tokens/"
# Firefox's WebDriver BiDi driver reports no request of a service worker (they belong to no
# browsing context), so what the service worker fetched can be checked in Chromium only.
NO_SERVICE_WORKER_REQUESTS = "Firefox's BiDi driver reports no service worker requests"
# Nor does it say which responses came from a service worker (from_service_worker is always
# False there): in Firefox, that the server is gone and the browser offline shows it.


def first_visit(new_page: Callable[..., Page], page_guard: PageGuard, url: str) -> Page:
    page_guard.origin = origin_of(url)  # this test's own server
    page = new_page(service_workers="allow")
    open_page(page, url, "en")
    page.evaluate(KEPT)
    return page


def wait_for_caches(page: Page, expected: list[str]) -> None:
    deadline = time.monotonic() + CACHE_WAIT_S
    while (names := page.evaluate(OUR_CACHES)) != expected:
        assert time.monotonic() < deadline, f"caches {names}, expected {expected}"
        page.wait_for_timeout(100)


def wait_for_takeover(page: Page) -> None:
    deadline = time.monotonic() + CACHE_WAIT_S
    while not page.evaluate(TAKEN_OVER):
        assert time.monotonic() < deadline, "the new build did not take over"
        page.wait_for_timeout(100)


def build_version(site: Path) -> str:
    build_line = (site / build.SERVICE_WORKER).read_text(encoding="utf-8").splitlines()[1]
    return build_line.split('"version": "')[1].split('"')[0]


def test_after_one_visit_the_calculator_works_with_the_server_gone(
    new_page: Callable[..., Page],
    page_guard: PageGuard,
    dist: Path,
    tmp_path: Path,
    browser_name: str,
) -> None:
    with serve_site(dist, tmp_path) as url:
        page = first_visit(new_page, page_guard, url)
    page.context.set_offline(True)
    responses: list[Response] = []

    def record(response: Response) -> None:
        responses.append(response)

    page.on("response", record)
    open_page(page, url, "en", LINK_8000)
    # Every file of the visit, the worker's included, came from the kept build.
    fetched = [response for response in responses if leaves_the_browser(response.url)]
    assert len(fetched) > 5
    if browser_name != "firefox":  # see NO_SERVICE_WORKER_REQUESTS
        assert [response.url for response in fetched if not response.from_service_worker] == []
    for key, value in {
        "chunks": 18,
        "last_chunk_tokens": 384,
        "tokens_processed": 9088,
        "padded_tokens": 9216,
    }.items():
        expect_integer(page, key, value, "en")
    expect(result(page, "raw_vector_bytes")).to_have_text("27,648 bytes")
    open_page(page, url, "de")  # every language was kept, not only the one visited
    expect_integer(page, "chunks", 18, "de")


def test_the_calculators_worker_is_held_to_the_pages_policy_under_the_service_worker(
    new_page: Callable[..., Page],
    page_guard: PageGuard,
    dist: Path,
    layout: build.Layout,
    tmp_path: Path,
) -> None:
    """There runtime.js starts the worker from worker.js's own URL, and a worker's policy comes
    from its script's response, not from the page: sw.js sends the page's.  A build whose worker
    asks another origin for the tokenizer (when the visitor's text is counted) is refused."""
    page_guard.csp_violations_expected = True
    page_guard.failed_runtime_file_expected = True  # the refused fetch, reported by Firefox
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    manifest = site / layout.assets / "build-manifest.js"
    source, replaced = re.subn(
        r'new URL\("[^"]*/tokens-[^"]*", import\.meta\.url\)\.href',
        f'"{FOREIGN_TOKENS}"',
        manifest.read_text(encoding="utf-8"),
    )
    assert replaced == 1
    manifest.write_text(source, encoding="utf-8")
    build.write_service_worker(site)
    build.write_precompressed(site)
    with serve_site(site, tmp_path / "webroot") as url:
        page = first_visit(new_page, page_guard, url)
        seen_before = len(page_guard.csp_violations)
        open_page(page, url, "en")
        # The worker started from worker.js's own URL: the one the refused fetch comes from.
        assert [worker.url for worker in page.workers] == [f"{url}{layout.assets}worker.js"]
        page.locator("[data-count] textarea[name=text]").fill("Count me.")
        deadline = time.monotonic() + CACHE_WAIT_S
        while not (
            refused := [
                violation
                for violation in page_guard.csp_violations[seen_before:]
                if isinstance(violation, dict) and violation.get("context") == "worker"
            ]
        ):
            assert time.monotonic() < deadline, "the worker's fetch was not refused"
            page.wait_for_timeout(100)
    assert refused[0]["directive"] == "connect-src"
    assert refused[0]["blockedURI"] == f"{FOREIGN_TOKENS}tokenizer.zip"


def test_the_guard_sees_the_service_workers_own_requests(
    new_page: Callable[..., Page],
    page_guard: PageGuard,
    dist: Path,
    layout: build.Layout,
    tmp_path: Path,
    browser_name: str,
) -> None:
    """What proves that nothing leaves the browser covers the service worker too."""
    if browser_name == "firefox":
        pytest.skip(NO_SERVICE_WORKER_REQUESTS)
    with serve_site(dist, tmp_path) as url:
        first_visit(new_page, page_guard, url)
    from_worker = {request.url for request in page_guard.requests if request.service_worker}
    assert f"{url}{layout.runtime}pyodide.asm.wasm" in from_worker
    assert f"{url}pl/" in from_worker


def test_a_new_deployment_replaces_the_kept_build_whole(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    with serve_site(site, tmp_path / "webroot") as url:
        page = first_visit(new_page, page_guard, url)
        old_title = page.title()
        assert page.evaluate(OUR_CACHES) == [f"{CACHE_PREFIX}{url} {build_version(site)}"]

        english = site / "en" / "index.html"
        english.write_text(
            english.read_text(encoding="utf-8").replace("<title>", "<title>New build: ", 1),
            encoding="utf-8",
        )
        build.write_service_worker(site)
        build.write_precompressed(site)  # as a deployment would: its compressed copies too

        # The visit that finds the new build still gets the kept one, whole...
        open_page(page, url, "en")
        assert page.title() == old_title
        # ...while the new build is kept beside it and then takes the old one's place.
        # (Browsers check for a new service worker after a navigation, at a moment of their
        # choosing; the test asks at once.)
        page.evaluate(CHECK_FOR_UPDATE)
        new_cache = f"{CACHE_PREFIX}{url} {build_version(site)}"
        wait_for_caches(page, [new_cache])
        open_page(page, url, "en")
        expect(page).to_have_title(f"New build: {old_title}")


def deploy_changed_script(site: Path) -> str:
    """What a new build whose page.js changed deploys: a new assets directory (the runtime and
    the snapshot unchanged), pages that load from it, a new service worker.  Its name."""
    old = build.layout_of(site).assets
    staging = site / "assets"
    (site / old).rename(staging)
    with (staging / "page.js").open("a", encoding="utf-8") as script:
        script.write("\n// the next build\n")
    new = build.versioned(staging)
    for page in [site / "index.html", *(site / lang / "index.html" for lang in build.LANGUAGES)]:
        page.write_text(page.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    build.write_service_worker(site)
    build.write_precompressed(site)
    return new


def test_an_update_downloads_only_what_changed_and_works_offline(
    new_page: Callable[..., Page],
    page_guard: PageGuard,
    dist: Path,
    layout: build.Layout,
    tmp_path: Path,
    browser_name: str,
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    with serve_site(site, tmp_path / "webroot") as url:
        page = first_visit(new_page, page_guard, url)
        old_cache = f"{CACHE_PREFIX}{url} {build_version(site)}"
        new_assets = deploy_changed_script(site)
        seen_before_update = len(page_guard.requests)
        page.evaluate(CHECK_FOR_UPDATE)
        # The old build's cache stays while this page of it is open.
        wait_for_takeover(page)
        wait_for_caches(page, [old_cache, f"{CACHE_PREFIX}{url} {build_version(site)}"])
        fetched = {
            request.url.removeprefix(url)
            for request in page_guard.requests[seen_before_update:]
            if request.service_worker
        }
    # Pyodide's runtime and the snapshot came from the kept build, not from the server...
    if browser_name != "firefox":  # NO_SERVICE_WORKER_REQUESTS
        assert {f"{new_assets}page.js", "en/"} <= fetched
        assert [
            path for path in fetched if path.startswith((layout.runtime, layout.snapshot))
        ] == []
    # ...and the new build is whole: with the server gone, the next visit starts from it.
    page.context.set_offline(True)
    open_page(page, url, "en", LINK_8000)
    expect(page.locator(f'script[src="../{new_assets}page.js"]')).to_have_count(1)
    expect_integer(page, "chunks", 18, "en")


class NothingInTheHTTPCache(build.SiteRequestHandler):
    """Every response "no-store": what the service worker fetched at install is not in the
    browser's HTTP cache (which may have evicted it anyway) to answer for it later."""

    def send_header(self, keyword: str, value: str) -> None:
        super().send_header(keyword, "no-store" if keyword == "Cache-Control" else value)


def test_a_tab_of_the_previous_build_counts_text_after_the_next_took_over(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    """A deployment removes the previous build's assets from the server (as a sync with
    delete does) while a tab of it stays open without having counted: its counter (count.js,
    count-worker.js) comes from the previous build's cache, kept until no page of it is open."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    with serve_site(site, tmp_path / "webroot", NothingInTheHTTPCache) as url:
        old_tab = first_visit(new_page, page_guard, url)
        open_page(old_tab, url, "en")  # now under the service worker, nothing counted yet
        old_cache = f"{CACHE_PREFIX}{url} {build_version(site)}"
        deploy_changed_script(site)
        new_cache = f"{CACHE_PREFIX}{url} {build_version(site)}"
        old_tab.evaluate(CHECK_FOR_UPDATE)  # the old tab lets the new build take over
        wait_for_takeover(old_tab)
        wait_for_caches(old_tab, [old_cache, new_cache])

        old_tab.locator("[data-count] textarea[name=text]").fill("Count me after the deploy.")
        expect(old_tab.locator("[data-count] [data-result=text_tokens]")).to_have_attribute(
            "data-value", "6", timeout=60_000
        )

        # Once no page of the previous build is open, the next page load drops its cache.
        new_tab = old_tab.context.new_page()
        new_tab.on("pageerror", page_guard.on_page_error)
        old_tab.close()
        open_page(new_tab, url, "en")
        wait_for_caches(new_tab, [new_cache])
