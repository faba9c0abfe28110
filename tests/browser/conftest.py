"""Browser fixtures: the built site served on a free port, and Debian's Chromium and Firefox.

    site_url     base URL of the site, served under a sub-path to prove its URLs are
                 relative: http://127.0.0.1:<port>/docs/rag-calc/ (pages at "en/" ...)
    site_origin  http://127.0.0.1:<port>
    browser_name the engine a test runs in, "chromium" or "firefox": every browser test
                 runs once in each (its id says which); BROWSER_ENGINES=firefox (or
                 chromium) runs one engine only
    page         a Playwright page in a fresh browser context, guarded: the test
                 fails if the page, its workers or a service worker (seen in Chromium
                 only) request anything outside site_origin, if the page or its worker
                 raises an uncaught error, or if a Content-Security-Policy violation is
                 reported
    new_page     opens more guarded pages, each in its own context made with
                 Playwright's context options: new_page(locale="de-DE"); service
                 workers are blocked unless a test passes service_workers="allow";
                 new_page(color_scheme="dark") and new_page(java_script_enabled=False)
                 work in both engines (FIREFOX_PREFS)
    page_guard   what the guard recorded (requests, console errors...), for tests
                 that assert on it or expect a CSP violation on purpose
    started      started("de", "?tokens=9000") gives the engine's started page of that
                 language, guarded the same way, reset in place to the link as Back or
                 Forward resets it (the page's own path for an address that changes
                 without a load): the tests whose subject is not the start share one
                 Python start per engine and language.  A test that fails or leaves the
                 page elsewhere closes it, and the next one starts it afresh.

An engine's tests are skipped when its browser (Debian's `chromium`, `firefox-esr`) is
not installed.
"""

from __future__ import annotations

import os
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Dialog,
    Error,
    Page,
    Playwright,
    Request,
    Route,
    expect,
    sync_playwright,
)

import build

SUB_PATH = "docs/rag-calc"
# Firefox's WebDriver BiDi driver reports every CSP violation the engine logs (the page's and
# its workers') as an uncaught error of this name, beside the page's own
# securitypolicyviolation event.
ENGINE_CSP_ERROR = "Content-Security-Policy"
# A Playwright screenshot in Firefox adds <style>body {}</style> to the page, which the CSP
# refuses; the engine names the refused style by this hash.  It is the driver's, not ours.
SCREENSHOT_STYLE_HASH = "sha256-YjaKGiklmzC6wjXA513HAMmzus8VE61XCOT+SmwNZWA="
# Firefox's BiDi driver also reports a promise rejection that the page handled in its
# unhandledrejection listener with preventDefault() (worker.js does, for the runtime files that
# Pyodide fetches ahead of awaiting them) as an uncaught error; Chromium's does not.  In the
# tests marked runtime_file_fails, which break a runtime file on purpose, these reports of the
# broken file are expected: a failed fetch, and Pyodide's or worker.js's message for a file
# answered with an error status.
FAILED_RUNTIME_FILE = re.compile(
    r"NetworkError when attempting to fetch resource\.|Failed to load '[^']+'|: HTTP \d{3}$"
)

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


# Playwright 1.64.1's BiDi driver ignores the context options color_scheme="dark" and
# java_script_enabled=False in Firefox (1.65 can emulate the scheme, with a BiDi command that
# Firefox ESR 153 refuses, which fails every new context there).  Firefox's own preferences do
# the same for a whole browser when it starts: a page asked for with one of these options comes
# from a Firefox started with the preferences, once per session, when first needed.  (Headless
# Firefox prefers light: color_scheme="light" needs no other browser.)
FIREFOX_PREFS: dict[tuple[str, object], dict[str, build.FirefoxPref]] = {
    ("color_scheme", "dark"): {"layout.css.prefers-color-scheme.content-override": 0},
    ("java_script_enabled", False): {"javascript.enabled": False},
}


def firefox_prefs_for(context_options: dict[str, Any]) -> dict[str, build.FirefoxPref]:
    """The preferences a Firefox needs for a context made with `context_options`.

    >>> firefox_prefs_for({"color_scheme": "dark", "locale": "de-DE"})
    {'layout.css.prefers-color-scheme.content-override': 0}
    >>> firefox_prefs_for({"color_scheme": "light"})
    {}
    """
    prefs: dict[str, build.FirefoxPref] = {}
    for (option, value), needed in FIREFOX_PREFS.items():
        if option in context_options and context_options[option] == value:
            prefs.update(needed)
    return prefs


@dataclass
class PageGuard:
    """What a guarded page did; checked when the test ends."""

    origin: str
    requests: list[Request] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    csp_violations: list[object] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    csp_violations_expected: bool = False
    failed_runtime_file_expected: bool = False
    screenshot_styles_refused: int = 0

    def on_request(self, request: Request) -> None:
        # Playwright reports the requests of the context's pages, their dedicated
        # workers and (in Chromium only: Firefox's BiDi driver reports none) its service
        # workers; the browser's own background traffic (update checks and the like, also
        # switched off by build.CHROMIUM_ARGS and Playwright's Firefox profile) never appears
        # here.  So every foreign request listed was made by the site and fails the test.
        self.requests.append(request)
        if leaves_the_browser(request.url) and origin_of(request.url) != self.origin:
            self.foreign_requests.append(describe_request(request))

    def on_csp_violation(self, violation: object) -> None:
        self.csp_violations.append(violation)

    def on_page_error(self, error: Error) -> None:
        if error.name != ENGINE_CSP_ERROR:
            self.page_errors.append(str(error))
        elif SCREENSHOT_STYLE_HASH in error.message:
            self.screenshot_styles_refused += 1
        else:
            self.csp_violations.append(f"{error.message} (reported by the engine)")

    def unexplained_csp_violations(self) -> list[object]:
        """The violations, less the page's own reports of the styles that Playwright's
        screenshots added (as many as the engine named by their hash)."""
        unexplained = list(self.csp_violations)
        for _ in range(self.screenshot_styles_refused):
            for context in ("page (test recorder)", "page"):
                screenshot_style = {
                    "directive": "style-src-elem",
                    "blockedURI": "inline",
                    "context": context,
                }
                unexplained = remove_first(unexplained, screenshot_style)
        return unexplained

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def on_dialog(self, dialog: Dialog) -> None:
        # The page never opens one: an alert or a prompt would be a link's script running.
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def failures(self) -> list[str]:
        failures = [f"request outside {self.origin}: {line}" for line in self.foreign_requests]
        failures += [f"dialog opened: {dialog}" for dialog in self.dialogs]
        failures += [
            f"uncaught page error: {error}"
            for error in self.page_errors
            if not (self.failed_runtime_file_expected and FAILED_RUNTIME_FILE.search(error))
        ]
        if not self.csp_violations_expected:
            failures += [
                f"CSP violation: {violation}" for violation in self.unexplained_csp_violations()
            ]
        return failures


def remove_first(violations: list[object], pattern: dict[str, str]) -> list[object]:
    """`violations` less the first report that has every item of `pattern`."""
    for index, violation in enumerate(violations):
        if isinstance(violation, dict) and pattern.items() <= violation.items():
            return violations[:index] + violations[index + 1 :]
    return violations


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

    def wait_for_one(self, timeout_s: float = 60.0) -> None:
        deadline = time.monotonic() + timeout_s
        while not self.routes:  # route handlers run while Playwright waits
            assert time.monotonic() < deadline, f"no request held in {timeout_s} s"
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
def serve_site(
    site: Path, webroot: Path, handler: type[build.SiteRequestHandler] = build.SiteRequestHandler
) -> Iterator[str]:
    """Serve a built site at SUB_PATH of a fresh loopback server; yield the site's URL.
    `webroot` is an empty directory to serve from.  The server stops when the block ends."""
    (webroot / SUB_PATH).parent.mkdir(parents=True)
    (webroot / SUB_PATH).symlink_to(site, target_is_directory=True)
    with build.serving_in_background(webroot, handler=handler) as url:
        yield f"{url}{SUB_PATH}/"


@pytest.fixture(scope="session")
def site_url(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve_site(dist, tmp_path_factory.mktemp("webroot")) as url:
        yield url


@pytest.fixture(scope="session")
def site_origin(site_url: str) -> str:
    return origin_of(site_url)


def selected_engines() -> list[str]:
    """The engines named by BROWSER_ENGINES ("chromium", "firefox" or both, comma-separated),
    every engine when it is unset."""
    wanted = [name.strip() for name in os.environ.get("BROWSER_ENGINES", "").split(",")]
    wanted = [name for name in wanted if name]
    unknown = sorted(set(wanted) - set(build.BROWSER_ENGINES))
    if unknown:
        raise pytest.UsageError(f"BROWSER_ENGINES names no engine we drive: {unknown}")
    return [name for name in build.BROWSER_ENGINES if not wanted or name in wanted]


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session", params=selected_engines())
def browser_name(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture(scope="session")
def browser(playwright: Playwright, browser_name: str) -> Iterator[Browser]:
    if build.browser_executable(browser_name) is None:
        pytest.skip(
            f"Debian's {build.BROWSER_PACKAGES[browser_name]} is not installed "
            f"(apt-get install {build.BROWSER_PACKAGES[browser_name]})"
        )
    launched = build.launch_browser(playwright, browser_name)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def firefox_with_prefs(
    playwright: Playwright,
) -> Iterator[Callable[[dict[str, build.FirefoxPref]], Browser]]:
    """Gives a Firefox started with the given preferences, started on first use and then kept
    for the session."""
    started: dict[str, Browser] = {}

    def firefox(prefs: dict[str, build.FirefoxPref]) -> Browser:
        key = repr(sorted(prefs.items()))
        if key not in started:
            started[key] = build.launch_browser(playwright, "firefox", prefs)
        return started[key]

    yield firefox
    for launched in started.values():
        launched.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "runtime_file_fails: the test breaks a runtime file on purpose (see FAILED_RUNTIME_FILE)",
    )


@pytest.fixture
def page_guard(site_origin: str) -> PageGuard:
    return PageGuard(origin=site_origin)


class GuardEvents(Protocol):
    """What a guarded context and its page report to: a test's PageGuard, or a SharedPage
    that hands them on to the guard of the test using it."""

    def on_request(self, request: Request) -> None: ...
    def on_csp_violation(self, violation: object) -> None: ...
    def on_page_error(self, error: Error) -> None: ...
    def on_console(self, message: ConsoleMessage) -> None: ...
    def on_dialog(self, dialog: Dialog) -> None: ...


def guarded_page(context: BrowserContext, events: GuardEvents) -> Page:
    """A new page of `context`, whose requests, CSP violations, uncaught errors, console
    errors (the context's workers' too) and dialogs (dismissed) go to `events`."""
    context.on("request", events.on_request)
    context.expose_function("__reportCspViolation", events.on_csp_violation)
    context.add_init_script(CSP_RECORDER)
    guarded = context.new_page()
    guarded.on("pageerror", events.on_page_error)
    guarded.on("console", events.on_console)
    guarded.on("dialog", events.on_dialog)
    return guarded


@pytest.fixture
def new_page(
    browser: Browser,
    browser_name: str,
    page_guard: PageGuard,
    request: pytest.FixtureRequest,
    firefox_with_prefs: Callable[[dict[str, build.FirefoxPref]], Browser],
) -> Iterator[Callable[..., Page]]:
    """Opens guarded pages, each in a new context made with Playwright's context options
    (locale="de-DE", offline=True, ...); all are checked when the test ends."""
    contexts: list[BrowserContext] = []
    if request.node.get_closest_marker("runtime_file_fails") is not None:
        page_guard.failed_runtime_file_expected = True

    def open_page(**context_options: Any) -> Page:
        # The site's service worker answers a context's later visits from its cache, where
        # the tests' routes (a blocked or delayed file) can't reach: only the tests of the
        # service worker itself let it in, with service_workers="allow".
        context_options.setdefault("service_workers", "block")
        prefs = firefox_prefs_for(context_options) if browser_name == "firefox" else {}
        context = (firefox_with_prefs(prefs) if prefs else browser).new_context(**context_options)
        contexts.append(context)
        return guarded_page(context, page_guard)

    yield open_page
    for context in contexts:
        context.close()
    failures = page_guard.failures()
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    return new_page()


READY_TIMEOUT_MS = 90_000
# Resets a started page to a link: every form to the values it was served with, then the
# address changed without a load, as Back or Forward changes it (app.js's popstate: the
# page reads the link as a load does, and Python answers it).  Two addresses, as the page
# reads only an address it does not hold already.  The page writes data-state "ready" once
# the answer to the last one is painted.
RESET_IN_PLACE = """(query) => {
  document.activeElement?.blur();
  for (const form of document.forms) form.reset();
  document.documentElement.dataset.state = "resetting";
  const go = (search) => {
    history.pushState(null, "", location.pathname + search);
    dispatchEvent(new PopStateEvent("popstate"));
  };
  go(query === "?tokens=1" ? "?tokens=2" : "?tokens=1");
  go(query);
  scrollTo(0, 0);
}"""


# started(lang, query="") -> Page
Started = Callable[..., Page]


@dataclass
class SharedPage:
    """A started page that tests share; its events go to the guard of the test using it."""

    context: BrowserContext
    guard: PageGuard
    page: Page = field(init=False)

    def hand_to(self, guard: PageGuard) -> None:
        """What came between two tests goes to the next one's guard, as does all that follows."""
        between = self.guard
        guard.requests += between.requests
        guard.foreign_requests += between.foreign_requests
        guard.page_errors += between.page_errors
        guard.console_errors += between.console_errors
        guard.csp_violations += between.csp_violations
        guard.dialogs += between.dialogs
        guard.screenshot_styles_refused += between.screenshot_styles_refused
        self.guard = guard

    def on_request(self, request: Request) -> None:
        self.guard.on_request(request)

    def on_csp_violation(self, violation: object) -> None:
        self.guard.on_csp_violation(violation)

    def on_page_error(self, error: Error) -> None:
        self.guard.on_page_error(error)

    def on_console(self, message: ConsoleMessage) -> None:
        self.guard.on_console(message)

    def on_dialog(self, dialog: Dialog) -> None:
        self.guard.on_dialog(dialog)


@pytest.fixture(scope="session")
def shared_pages(browser: Browser) -> Iterator[dict[str, SharedPage]]:
    """The engine's started pages, by language."""
    pages: dict[str, SharedPage] = {}
    yield pages
    for shared in pages.values():
        shared.context.close()


def open_shared(browser: Browser, guard: PageGuard) -> SharedPage:
    shared = SharedPage(browser.new_context(service_workers="block"), guard)
    # Through the holder: the guard its events reach is the one of the test using it now.
    shared.page = guarded_page(shared.context, shared)
    return shared


def wait_until_ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)


@pytest.fixture
def started(
    browser: Browser,
    shared_pages: dict[str, SharedPage],
    site_url: str,
    page_guard: PageGuard,
    request: pytest.FixtureRequest,
) -> Iterator[Started]:
    """started(lang, query="") -> the shared started page of `lang`, reset to that link."""
    used: list[str] = []

    def open_started(lang: str, query: str = "") -> Page:
        assert not used, "a test uses one shared page"
        used.append(lang)
        home = f"{site_url}{lang}/"
        shared = shared_pages.get(lang)
        if shared is not None and not shared.page.url.startswith(home):
            shared.context.close()
            del shared_pages[lang]
            shared = None
        if shared is None:
            shared = shared_pages[lang] = open_shared(browser, page_guard)
            shared.page.goto(home + query)
        else:
            shared.hand_to(page_guard)
            shared.page.evaluate(RESET_IN_PLACE, query)
        wait_until_ready(shared.page)
        # The page the test works in has the focus, as a page just opened has.
        shared.page.bring_to_front()
        return shared.page

    yield open_started
    for lang in used:
        shared = shared_pages[lang]
        failures = page_guard.failures()
        report = request.node.stash.get(CALL_REPORT, None)
        if failures or report is None or report.failed:
            shared.context.close()
            del shared_pages[lang]
        else:
            shared.guard = PageGuard(origin=page_guard.origin)
        if failures:
            pytest.fail("\n".join(failures), pytrace=False)


CALL_REPORT = pytest.StashKey[pytest.TestReport]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[CALL_REPORT] = report
    return report


ENGINE_OF_TEST = pytest.StashKey[dict[str, str]]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    engines: dict[str, str] = config.stash.setdefault(ENGINE_OF_TEST, {})
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "browser_name" in callspec.params:
            engines[item.nodeid] = callspec.params["browser_name"]


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """One line of counts per engine, so a CI log shows that both engines ran."""
    engines = config.stash.get(ENGINE_OF_TEST, {})
    counts = {engine: Counter[str]() for engine in selected_engines()}
    for outcome in ("passed", "failed", "error", "skipped", "xfailed", "xpassed"):
        for report in terminalreporter.stats.get(outcome, []):
            engine = engines.get(getattr(report, "nodeid", ""))
            if engine in counts:
                counts[engine][outcome] += 1
    if any(counts.values()):
        terminalreporter.write_line(
            "browser tests: "
            + ", ".join(
                f"{engine} " + ", ".join(f"{count} {outcome}" for outcome, count in tally.items())
                for engine, tally in counts.items()
                if tally
            )
        )
