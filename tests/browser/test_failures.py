"""When things go wrong: a runtime file missing or blocked, a slow network, Python raising.

The page must say what happened in its own language, keep what the visitor typed, and
recover: a retry once the file is back, results once the slow files arrive, and the next
calculation after Python raised.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

import build
from browser.conftest import READY_TIMEOUT_MS, requests_held
from browser.test_page import (
    catalog,
    expect_integer,
    field,
    localized,
    type_values,
)

# Glob patterns, so the tests keep working when the runtime's file names carry versions.
WASM = "**/pyodide.asm*.wasm"
STDLIB = "**/python_stdlib*.zip"
CALCULATOR_ZIP = "**/python_calculator.zip"
LATER_ZIP = "**/python_calculator_later.zip"
RUNTIME_MODULE = "**/pyodide.asm*.mjs"
SNAPSHOT = "**/python-snapshot*.bin"


def refuse_with_404(route: Route) -> None:
    route.fulfill(status=404, body="not found")


def refuse_with_network_error(route: Route) -> None:
    route.abort()


@pytest.mark.runtime_file_fails
@pytest.mark.parametrize(
    ("lang", "pattern", "refuse"),
    [
        ("pt", WASM, refuse_with_404),
        ("pl", STDLIB, refuse_with_404),
        ("de", STDLIB, refuse_with_network_error),
        ("en", RUNTIME_MODULE, refuse_with_404),
    ],
    ids=["wasm-404", "stdlib-404", "stdlib-blocked", "runtime-module-404"],
)
def test_a_missing_runtime_file_is_reported_and_retry_recovers(
    page: Page, site_url: str, lang: str, pattern: str, refuse: Callable[[Route], None]
) -> None:
    page.route(pattern, refuse)
    page.goto(f"{site_url}{lang}/?tokens=2500")
    expect(page.locator("html")).to_have_attribute("data-state", "error", timeout=READY_TIMEOUT_MS)
    expect(page.locator("[data-load-error-message]")).to_have_text(
        catalog(lang)["status.load_failed"]
    )
    retry = page.get_by_role("button", name=catalog(lang)["status.retry"])
    expect(retry).to_be_visible()
    expect(field(page, "tokens")).to_have_value("2500")
    page.unroute(pattern)
    retry.click()
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("[data-load-error]")).to_be_hidden()
    expect_integer(page, "chunks", 6, lang)


def test_a_slow_network_keeps_the_page_usable_while_loading(page: Page, site_url: str) -> None:
    # The runtime's big files are held back until the visitor has typed: as slow as it gets.
    with requests_held(page, WASM, STDLIB) as held:
        page.goto(f"{site_url}it/")
        held.wait_for_one()
        expect(page.locator("[data-load-status]")).to_have_text(catalog("it")["status.loading"])
        expect(page.locator("[data-load-status]")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("data-state", "loading")
        type_values(page, tokens="12.345", chunk_size="700", overlap="70")
        expect(field(page, "tokens")).to_have_value("12.345")
        # The main thread still answers at once: Python's start must not freeze the page.
        assert page.evaluate("() => new Promise((resolve) => setTimeout(() => resolve(true), 0))")
        expect(page.locator("html")).to_have_attribute("data-state", "loading")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    # 12345 tokens, windows of 700 moving by 630: what was typed while loading counts.
    expect_integer(page, "chunks", 20, "it")
    expect(page.locator("[data-load-status]")).to_be_hidden()


@pytest.mark.runtime_file_fails
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_links_first_answer_needs_none_of_the_later_zip(
    page: Page, site_url: str, lang: str
) -> None:
    # Booted from the start-up zip (the snapshot refused) and refused the later zip: the first
    # answer, the main result of a link with a list, a price and rows to compare, comes all
    # the same; the answer with the panels, which need that zip, fails as Python failing does,
    # and the main result stays.
    page.route(LATER_ZIP, refuse_with_network_error)
    page.route(SNAPSHOT, refuse_with_network_error)
    page.goto(
        f"{site_url}{lang}/?corpus=list&document_tokens=2500%0A2500&price_per_million=0.02"
        "&compare=512:64,256:0"
    )
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect_integer(page, "chunks", 12, lang)
    expect(page.locator("[data-calc-error]")).to_have_text(catalog(lang)["status.python_error"])
    expect(page.locator("[data-load-error]")).to_be_hidden()


FAILING_TOKENS = "6666"
# Appended to the wheel's calculator/protocol/__init__.py, of which the test makes the start-up zip
# the page boots from: the entry point raises for one input, as a bug in Python would;
# everything else is answered by the real code.
PLANTED_FAILURE = f'''

_respond_for_real = respond


def respond(request_json: str) -> str:
    if "{FAILING_TOKENS}" in request_json:  # typed in a field or in a link's query
        raise RuntimeError("a failure planted by the test")
    return _respond_for_real(request_json)
'''


@pytest.fixture(scope="module")
def calculator_zip_that_raises(
    dist: Path, layout: build.Layout, tmp_path_factory: pytest.TempPathFactory
) -> bytes:
    (wheel,) = (dist / "wheels").glob("*.whl")
    work = tmp_path_factory.mktemp("planted")
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(work / wheel.name, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "calculator/protocol/__init__.py":
                data += PLANTED_FAILURE.encode()
            target.writestr(item, data)
    build.make_start_stdlib(
        build.ensure_pyodide(),
        dist / layout.runtime / "python_stdlib.zip",
        work / wheel.name,
        build.CALCULATOR,
        work / build.START_STDLIB,
    )
    return (work / build.CALCULATOR_ZIP).read_bytes()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_python_raising_is_reported_and_the_page_keeps_working(
    page: Page, site_url: str, calculator_zip_that_raises: bytes, lang: str
) -> None:
    page.route(
        CALCULATOR_ZIP, lambda route: route.fulfill(status=200, body=calculator_zip_that_raises)
    )
    # The snapshot holds the real calculator: refused, the worker boots and imports the
    # calculator from this zip.
    page.route(SNAPSHOT, refuse_with_network_error)
    page.goto(f"{site_url}{lang}/")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    type_values(page, tokens=localized(2500, lang))
    expect_integer(page, "chunks", 6, lang)
    type_values(page, tokens=FAILING_TOKENS)
    calc_error = page.locator("[data-calc-error]")
    expect(calc_error).to_be_visible()
    expect(calc_error).to_have_text(catalog(lang)["status.python_error"])
    # The last valid results stay, marked out of date, and the input is kept.
    expect_integer(page, "chunks", 6, lang)
    expect(page.locator("[data-stale-note]")).to_be_visible()
    expect(field(page, "tokens")).to_have_value(FAILING_TOKENS)
    type_values(page, tokens=localized(8000, lang))
    expect(calc_error).to_be_hidden()
    expect_integer(page, "chunks", 18, lang)
    expect(page.locator("[data-stale-note]")).to_be_hidden()


def test_a_link_whose_first_answer_raises_leaves_starting(
    page: Page, site_url: str, calculator_zip_that_raises: bytes
) -> None:
    page.route(
        CALCULATOR_ZIP, lambda route: route.fulfill(status=200, body=calculator_zip_that_raises)
    )
    page.route(SNAPSHOT, refuse_with_network_error)
    page.goto(f"{site_url}en/?tokens={FAILING_TOKENS}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("[data-calc-error]")).to_be_visible()
    expect(field(page, "tokens")).to_have_value(FAILING_TOKENS)
    type_values(page, tokens="8000")
    expect_integer(page, "chunks", 18, "en")
