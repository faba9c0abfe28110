"""Browser fixtures: the built site served on a free port, and Debian's Chromium.

    site_url     base URL of the site, served under a sub-path to prove its URLs are
                 relative: http://127.0.0.1:<port>/docs/rag-calc/ (pages at "en/" ...)
    site_origin  http://127.0.0.1:<port>
    page         a Playwright page in a fresh browser context, guarded: the test
                 fails if the page, its workers or a service worker request anything
                 outside site_origin, if the page raises an uncaught error, or if a
                 Content-Security-Policy violation is reported
    new_page     opens more guarded pages, each in its own context made with
                 Playwright's context options: new_page(locale="de-DE"); service
                 workers are blocked unless a test passes service_workers="allow"
    page_guard   what the guard recorded (requests, console errors...), for tests
                 that assert on it or expect a CSP violation on purpose

The whole module is skipped when no `chromium` is installed.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Request,
    Route,
    sync_playwright,
)

import build

SUB_PATH = "docs/rag-calc"

# Runs in every document before its own scripts: reports CSP violations to Python at
# once (so none is lost when a test navigates on), both the document's own and those
# runtime.js appends to window.__cspViolations (which include the worker's).
CSP_RECORDER = """
(() => {
  const report = window.__reportCspViolation;
  class ReportingList extends Array {
    push(...violations) {
      violations.forEach((violation) => report(violation));
      return super.push(...violations);
    }
  }
  window.__cspViolations = new ReportingList();
  document.addEventListener("securitypolicyviolation", (event) => report({
    directive: event.effectiveDirective,
    blockedURI: event.blockedURI,
    sourceFile: event.sourceFile,
    context: "page (test recorder)",
  }));
})();
"""


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def leaves_the_browser(url: str) -> bool:
    """data: and blob: URLs are read from memory; every other scheme is a request."""
    return urlsplit(url).scheme not in {"data", "blob"}


def describe_request(request: Request) -> str:
    if request.service_worker is not None:
        initiator = f"service worker {request.service_worker.url}"
    else:
        try:
            initiator = f"frame {request.frame.url}"
        except Error:  # a navigation whose frame does not exist yet
            initiator = "no frame"
    return f"{request.method} {request.url} ({request.resource_type}, from {initiator})"


@dataclass
class PageGuard:
    """What a guarded page did; checked when the test ends."""

    origin: str
    requests: list[Request] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    csp_violations: list[object] = field(default_factory=list)
    csp_violations_expected: bool = False

    def on_request(self, request: Request) -> None:
        # Playwright reports the requests of the context's pages, their dedicated
        # workers and service workers only; Chromium's own background traffic (update
        # checks and the like, also switched off by build.CHROMIUM_ARGS) never appears here.
        # So every foreign request listed was made by the site and fails the test.
        self.requests.append(request)
        if leaves_the_browser(request.url) and origin_of(request.url) != self.origin:
            self.foreign_requests.append(describe_request(request))

    def on_csp_violation(self, violation: object) -> None:
        self.csp_violations.append(violation)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def failures(self) -> list[str]:
        failures = [f"request outside {self.origin}: {line}" for line in self.foreign_requests]
        failures += [f"uncaught page error: {error}" for error in self.page_errors]
        if not self.csp_violations_expected:
            failures += [f"CSP violation: {violation}" for violation in self.csp_violations]
        return failures


@dataclass
class HeldRequests:
    """Requests a test holds back (a slow network at its slowest) until it lets them go."""

    page: Page
    routes: list[Route] = field(default_factory=list)
    released: bool = False

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def wait_for_one(self) -> None:
        while not self.routes:  # route handlers run while Playwright waits
            self.page.wait_for_timeout(50)


@contextmanager
def requests_held(page: Page, *patterns: str) -> Iterator[HeldRequests]:
    """Inside the block, requests matching `patterns` get no response; at its end (once one
    has been held, so the block really ran without them) they all go on."""
    held = HeldRequests(page)
    for pattern in patterns:
        page.route(pattern, held.hold)
    yield held
    held.wait_for_one()
    held.released = True
    for route in held.routes:
        route.continue_()


@contextmanager
def serve_site(site: Path, webroot: Path) -> Iterator[str]:
    """Serve a built site at SUB_PATH of a fresh loopback server; yield the site's URL.
    `webroot` is an empty directory to serve from.  The server stops when the block ends."""
    (webroot / SUB_PATH).parent.mkdir(parents=True)
    (webroot / SUB_PATH).symlink_to(site, target_is_directory=True)
    with build.serving_in_background(webroot) as url:
        yield f"{url}{SUB_PATH}/"


@pytest.fixture(scope="session")
def site_url(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve_site(dist, tmp_path_factory.mktemp("webroot")) as url:
        yield url


@pytest.fixture(scope="session")
def site_origin(site_url: str) -> str:
    return origin_of(site_url)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, args=list(build.CHROMIUM_ARGS)
        )
        yield launched
        launched.close()


@pytest.fixture
def page_guard(site_origin: str) -> PageGuard:
    return PageGuard(origin=site_origin)


@pytest.fixture
def new_page(browser: Browser, page_guard: PageGuard) -> Iterator[Callable[..., Page]]:
    """Opens guarded pages, each in a new context made with Playwright's context options
    (locale="de-DE", offline=True, ...); all are checked when the test ends."""
    contexts: list[BrowserContext] = []

    def open_page(**context_options: Any) -> Page:
        # The site's service worker answers a context's later visits from its cache, where
        # the tests' routes (a blocked or delayed file) can't reach: only the tests of the
        # service worker itself let it in, with service_workers="allow".
        context_options.setdefault("service_workers", "block")
        context = browser.new_context(**context_options)
        contexts.append(context)
        context.on("request", page_guard.on_request)
        context.expose_function("__reportCspViolation", page_guard.on_csp_violation)
        context.add_init_script(CSP_RECORDER)
        guarded = context.new_page()
        guarded.on("pageerror", lambda error: page_guard.page_errors.append(str(error)))
        guarded.on("console", page_guard.on_console)
        return guarded

    yield open_page
    for context in contexts:
        context.close()
    failures = page_guard.failures()
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    return new_page()
