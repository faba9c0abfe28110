"""On a phone the results come after the form: a bar at the bottom of the screen shows the
first figures while the form is on it, and leads to the results."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from browser.conftest import READY_TIMEOUT_MS
from browser.test_page import catalog, localized, open_page
from calculator import plan_chunks

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.mark.parametrize("lang", ["pl"])
def test_the_first_figures_are_on_the_first_screen_of_a_phone(
    page: Page, site_url: str, lang: str
) -> None:
    page.set_viewport_size(PHONE)
    open_page(page, site_url, lang, "?tokens=200000&chunk_size=512&overlap=64&dimensions=384")
    plan = plan_chunks(200_000, 512, 64)
    bar = page.locator("[data-result-bar]")
    expect(bar).to_have_attribute("data-chunks", str(plan.chunks), timeout=READY_TIMEOUT_MS)
    box = bar.bounding_box()
    assert box is not None
    # Within the screen, to a pixel's rounding (Firefox lays out in fractions of one).
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5, box
    assert box["width"] <= PHONE["width"], box
    # The results start below the first screen: the bar is what shows them there.
    top = page.evaluate("document.getElementById('results').getBoundingClientRect().top")
    assert top > PHONE["height"], top
    figures = bar.locator("[data-result-bar-figures]")
    expect(figures).to_contain_text(localized(plan.chunks, lang))
    expect(bar.locator(".visually-hidden")).to_have_text(
        f"{catalog(lang)['page.skip_to_results']}: "
    )
    bar.click()
    expect(page.locator("#results")).to_be_in_viewport()
    # An invalid field: the figures are out of date, and the bar leaves.
    page.locator('#calculator-form [name="chunk_size"]').fill("x")
    expect(bar).to_be_hidden()


def test_the_bar_is_not_on_a_wide_screen(page: Page, site_url: str) -> None:
    open_page(page, site_url, "en")
    expect(page.locator("html")).to_have_attribute("data-state", "ready")
    expect(page.locator("[data-result-bar]")).to_be_hidden()
