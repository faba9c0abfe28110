"""The results written into each page at build time for the default inputs.

They must read exactly as the page paints Python's answer in the browser, and must never
stand in for a link's own values: a page opened with a query hides them until Python has
answered for the link.  Python is held back by holding the start-up zip it boots from.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

import pytest
from playwright.sync_api import Page, expect

from browser.conftest import READY_TIMEOUT_MS, HeldRequests, requests_held
from browser.test_page import LANGUAGES, expect_integer, result

START_STDLIB = "**/python_stdlib_start*.zip"
# What the results area shows: every figure's text and exact value.
RESULTS_AREA = """() => {
  const area = document.querySelector("[data-results]");
  return {
    text: area.innerText,
    values: [...area.querySelectorAll("[data-value]")].map((element) => element.dataset.value),
  };
}"""


def python_held_back(page: Page) -> AbstractContextManager[HeldRequests]:
    """Python cannot answer inside the block: the start-up zip's response waits until its end."""
    return requests_held(page, START_STDLIB)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prerendered_results_read_as_pythons_answer(
    page: Page, site_url: str, lang: str
) -> None:
    with python_held_back(page):
        page.goto(f"{site_url}{lang}/")
        expect(page.locator(".result-list")).to_be_visible()
        prerendered = page.evaluate(RESULTS_AREA)
        expect(page.locator("html")).to_have_attribute("data-state", "loading")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    answered = page.evaluate(RESULTS_AREA)
    assert prerendered == answered
    assert "18" in answered["values"]


def test_a_link_never_shows_the_default_results(page: Page, site_url: str) -> None:
    with python_held_back(page):
        page.goto(f"{site_url}en/?tokens=2500&chunk_size=800&overlap=200")
        expect(page.locator(".result-list")).to_be_hidden()
        assert "18" not in page.locator("[data-results]").inner_text()
        expect(page.locator("html")).to_have_attribute("data-state", "loading")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator(".result-list")).to_be_visible()
    expect_integer(page, "chunks", 4, "en")


def test_a_link_with_bad_values_shows_no_results_at_all(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}en/?tokens=lots")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("[data-results-empty]")).to_be_visible()
    expect(result(page, "chunks")).to_be_hidden()
