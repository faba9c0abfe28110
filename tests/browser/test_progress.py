"""The progress bar while Python loads: bytes of the runtime's files received, of those the
start needs, in the page's language; the prefilled link stays editable meanwhile, and the
results area does not move when the answer arrives.

The start-up zip is held back: the bar shows what has come (Pyodide's JavaScript and wasm)
and cannot reach its end until the zip is let go.  A first visit that takes the snapshot
learns only then that the snapshot's bytes are to come too: the bar keeps its place and fills
the rest of its length with them, rather than going back.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect

import build
from browser.conftest import READY_TIMEOUT_MS, requests_held
from browser.test_a11y import axe_source, serious_violations  # noqa: F401 (a fixture)
from browser.test_page import catalog, expect_integer, field, type_values
from browser.test_start_choice import REPORT_A_FAST_LINK, SNAPSHOT
from worker_starts import LAST_START, RECORD_STARTS

START_STDLIB = "**/python_stdlib_start*.zip"
BAR = "[role=progressbar]"


def progress_words(lang: str) -> re.Pattern[str]:
    """The catalog's progress text with any localized number of megabytes in it."""
    number = r"\d+(?:[.,]\d)?"
    parts = re.split(r"\{(?:received|total)\}", catalog(lang)["status.progress"])
    return re.compile("^" + number.join(re.escape(part) for part in parts) + "$")


def bar_value(page: Page) -> int:
    return int(page.locator(BAR).get_attribute("aria-valuenow") or "0")


# Every value the bar takes, in order, from the page's first parse on.
RECORD_BAR_VALUES = """
window.__barValues = [];
new MutationObserver((records) => {
  for (const record of records) {
    window.__barValues.push(Number(record.target.getAttribute("aria-valuenow")));
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["aria-valuenow"] });
"""


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_the_bar_advances_in_the_pages_language(page: Page, site_url: str, lang: str) -> None:
    with requests_held(page, START_STDLIB) as held:
        page.goto(f"{site_url}{lang}/?tokens=2500&chunk_size=800&overlap=200&dimensions=384")
        held.wait_for_one()
        bar = page.locator(BAR)
        expect(bar).to_be_visible()
        expect(bar).to_have_accessible_name(catalog(lang)["status.loading"])
        # Pyodide's JavaScript and wasm are in; the zip is not.
        expect(bar).to_have_attribute("aria-valuetext", progress_words(lang))
        expect(page.locator("[data-load-progress-text]")).to_have_text(progress_words(lang))
        # Until the bar has passed half, or has advanced and then held still: a start that
        # takes the snapshot counts its bytes too, which come only after the held zip, so the
        # bar may stop short of half (twice in CI's Firefox under load, at 9 and 29).
        deadline = time.monotonic() + 180
        seen, still_since = bar_value(page), time.monotonic()
        while bar_value(page) < 50 and not (seen > 0 and time.monotonic() - still_since > 3):
            assert time.monotonic() < deadline, f"the bar stayed at {bar_value(page)}"
            page.wait_for_timeout(50)
            if bar_value(page) != seen:
                seen, still_since = bar_value(page), time.monotonic()
        held_at = bar_value(page)
        assert 0 < held_at < 100
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    assert bar_value(page) == 100 > held_at
    expect(page.locator(BAR)).to_be_hidden()
    expect_integer(page, "chunks", 4, lang)


def test_what_is_typed_while_loading_is_what_the_first_answer_computes(
    page: Page, site_url: str
) -> None:
    with requests_held(page, START_STDLIB) as held:
        page.goto(f"{site_url}en/?tokens=2500&chunk_size=800&overlap=200&dimensions=384")
        held.wait_for_one()
        expect(field(page, "tokens")).to_have_value("2500")
        type_values(page, tokens="12,345", chunk_size="700", overlap="70")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect_integer(page, "chunks", 20, "en")


def test_the_results_stay_in_place_when_the_answer_arrives(page: Page, site_url: str) -> None:
    top = "() => document.querySelector('[data-results]').getBoundingClientRect().top"
    with requests_held(page, START_STDLIB) as held:
        page.goto(f"{site_url}it/")
        held.wait_for_one()
        loading_top = page.evaluate(top)
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    assert page.evaluate(top) == loading_top


@pytest.mark.parametrize("query", ["", "?embed=1"], ids=["full", "embed"])
def test_axe_finds_no_serious_problem_while_loading(
    page: Page,
    site_url: str,
    axe_source: str,  # noqa: F811 (the fixture, imported above)
    query: str,
) -> None:
    with requests_held(page, START_STDLIB) as held:
        page.goto(f"{site_url}pt/{query}")
        held.wait_for_one()
        expect(page.locator("[data-load-progress-text]")).to_have_text(progress_words("pt"))
        assert serious_violations(page, axe_source) == []


@pytest.mark.parametrize("snapshot", ["restored", "refused"])
def test_the_bar_never_goes_back_when_a_first_visit_takes_the_snapshot(
    page: Page, site_url: str, layout: build.Layout, snapshot: str
) -> None:
    page.add_init_script(RECORD_STARTS)
    page.add_init_script(RECORD_BAR_VALUES)
    page.add_init_script(REPORT_A_FAST_LINK % json.dumps(f"{site_url}{layout.start}"))
    if snapshot == "refused":
        page.route(SNAPSHOT, lambda route: route.abort())
    page.goto(f"{site_url}en/?tokens=2500&chunk_size=800&overlap=200&dimensions=384")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    assert page.evaluate(LAST_START) == ("snapshot" if snapshot == "restored" else "start-up zip")
    values = page.evaluate("window.__barValues")
    assert values[-1] == 100
    assert values == sorted(values)
