"""The guard itself, in each engine: a request leaving the origin (from the page or from its
worker), an uncaught error (in the page or in its worker) and a CSP violation fail a test.

Each test makes one happen in a blank page of the site's origin, checks that the guard lists
it among the test's failures, then clears it so that the test itself passes.  (What the
service worker requests is seen in Chromium only: test_offline.py.)
"""

from __future__ import annotations

import html

import pytest
from playwright.sync_api import Page

import build
from browser.conftest import PageGuard

FOREIGN = "http://foreign.invalid/"
# Not shipped: a blank page at the site's root, with the site's CSP or with none.
GUARD_PAGE = "guard-test.html"
START_WORKER = """(source) => new Promise((resolve) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const worker = new Worker(url);
  worker.onmessage = () => resolve(true);
  worker.onerror = () => resolve(false);
})"""


def open_guard_page(page: Page, site_url: str, csp: str | None = None) -> None:
    meta = (
        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(csp)}">' if csp else ""
    )
    page.route(
        site_url + GUARD_PAGE,
        lambda route: route.fulfill(
            body=f"<!doctype html><html><head><meta charset='utf-8'>{meta}"
            "<title>guard test</title></head><body></body></html>",
            content_type="text/html",
        ),
    )
    # Answered here, so that nothing waits on a name that does not resolve.
    page.route(f"{FOREIGN}**", lambda route: route.fulfill(body="", status=204))
    page.goto(site_url + GUARD_PAGE)


def wait_for_failure(page: Page, guard: PageGuard, fragment: str) -> list[str]:
    for _ in range(100):
        failures = [line for line in guard.failures() if fragment in line]
        if failures:
            return failures
        page.wait_for_timeout(50)
    raise AssertionError(f"the guard reported no failure with {fragment!r}: {guard.failures()}")


def test_a_request_from_the_page_fails_the_test(
    page: Page, page_guard: PageGuard, site_url: str
) -> None:
    open_guard_page(page, site_url)
    page.evaluate(f"fetch('{FOREIGN}from-page')")
    assert wait_for_failure(page, page_guard, f"{FOREIGN}from-page")
    page_guard.foreign_requests.clear()


def test_a_request_from_a_worker_fails_the_test(
    page: Page, page_guard: PageGuard, site_url: str
) -> None:
    open_guard_page(page, site_url)
    assert page.evaluate(START_WORKER, f"fetch('{FOREIGN}from-worker').then(() => postMessage(1))")
    assert wait_for_failure(page, page_guard, f"{FOREIGN}from-worker")
    page_guard.foreign_requests.clear()


@pytest.mark.parametrize("where", ["page", "worker"])
def test_an_uncaught_error_fails_the_test(
    page: Page, page_guard: PageGuard, site_url: str, where: str
) -> None:
    open_guard_page(page, site_url)
    throw = f"setTimeout(() => {{ throw new Error('thrown in the {where}'); }});"
    if where == "page":
        page.evaluate(throw)
    else:
        page.evaluate(START_WORKER, f"{throw} setTimeout(() => postMessage(1), 100);")
    assert wait_for_failure(page, page_guard, f"thrown in the {where}")
    page_guard.page_errors.clear()


def test_an_unhandled_rejection_in_a_worker_fails_the_test(
    page: Page, page_guard: PageGuard, site_url: str
) -> None:
    open_guard_page(page, site_url)
    page.evaluate(
        START_WORKER, "Promise.reject(new Error('rejected in the worker')); postMessage(1);"
    )
    assert wait_for_failure(page, page_guard, "rejected in the worker")
    page_guard.page_errors.clear()


def test_a_csp_violation_fails_the_test(page: Page, page_guard: PageGuard, site_url: str) -> None:
    open_guard_page(page, site_url, build.CSP)
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    assert wait_for_failure(page, page_guard, "CSP violation")
    page_guard.csp_violations.clear()
