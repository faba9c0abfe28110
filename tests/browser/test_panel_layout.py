"""Every panel as a visitor first sees it: written from the catalog before Python answers,
laid out only once scrolled near, fitting a phone, and the comparison never scrolling
sideways in any language."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Literal

import pytest
from playwright.sync_api import Page, expect

from browser.test_page import (
    localized,
    open_page,
)
from browser.test_panels import (
    cell,
    expect_figure,
    message,
)


@pytest.mark.parametrize("lang", ["pt", "de", "it", "pl", "en"])
def test_panels_are_rendered_from_the_catalog_before_python(
    page: Page, site_url: str, lang: str
) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: Python never starts
    page.goto(f"{site_url}{lang}/")
    for key in ("compare.heading", "documents.heading", "budget.heading", "cost.heading"):
        expect(page.get_by_role("heading", name=message(lang, key), exact=True)).to_be_visible()
    expect(cell(page, 2, "overlap")).to_have_value("128")
    for name in (
        "documents",
        "average_tokens",
        "top_k",
        "context_window",
        "reserved_tokens",
        "answer_tokens",
        "price_per_million",
    ):
        control = page.locator(f"#field-{name}")
        expect(page.locator(f'label[for="field-{name}"]')).to_have_text(
            message(lang, f"field.{name}.label")
        )
        described = (control.get_attribute("aria-describedby") or "").split()
        assert described == [f"help-{name}", f"error-{name}"]
        if name in ("documents", "average_tokens"):
            # The collection's own fields sit in the form itself, at its top.
            expect(page.locator(f"#calculator-form #field-{name}")).to_have_count(1)
        else:
            expect(control).to_have_attribute("form", "calculator-form")
    expect(page.locator("#field-context_window")).to_have_value(localized(8192, lang))
    page.locator("[data-compare-add]").click()
    expect(page.locator("#compare tbody tr")).to_have_count(4)


# The panels as DOMContentLoaded finds them, and the moment they start to skip their layout
# far from the viewport (first-screen.css, panels.js): what they are then and the page's length.
RECORD_PANELS_LAYOUT = """(() => {
  const shape = () => ({
    length: document.documentElement.scrollHeight,
    visibility: [...document.querySelectorAll("[data-panels] .panel")].map(
      (panel) => getComputedStyle(panel).contentVisibility,
    ),
  });
  document.addEventListener("DOMContentLoaded", () => {
    window.panelsAtLoaded = shape();
    new MutationObserver(() => {
      window.panelsWhenSkipping ??= shape();
    }).observe(document.querySelector("[data-panels]"), { attributes: true });
  }, { once: true });
})();"""
# Whether the last panel comes to skip its contents' layout (its heading's) or not, as
# `skipped` says, within five seconds: the browser decides which panels are near the viewport
# as it renders frames.
LAST_PANEL_COMES_TO = """async (skipped) => {
  const last = [...document.querySelectorAll("[data-panels] .panel")].at(-1);
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline) {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    if (!last.querySelector("h2").checkVisibility({ contentVisibilityAuto: true }) === skipped) {
      return true;
    }
  }
  return false;
}"""


def test_panels_far_from_view_are_laid_out_only_after_the_forms_scan(
    page: Page, site_url: str
) -> None:
    page.add_init_script(RECORD_PANELS_LAYOUT)
    open_page(page, site_url, "en", "?tokens=250000&chunk_size=1300&overlap=30")
    expect(page.locator("[data-panels]")).to_have_attribute("data-skip-far", "")
    loaded = page.evaluate("window.panelsAtLoaded")
    skipping = page.evaluate("window.panelsWhenSkipping")
    assert len(loaded["visibility"]) >= 5
    assert set(loaded["visibility"]) == {"visible"}, json.dumps(loaded)
    assert set(skipping["visibility"]) == {"auto"}, json.dumps(skipping)
    # Each panel keeps the size it was laid out with: the page does not change length.
    assert skipping["length"] == loaded["length"], json.dumps([loaded, skipping])
    assert page.evaluate(LAST_PANEL_COMES_TO, True)
    page.locator("[data-panels] .panel").last.scroll_into_view_if_needed()
    assert page.evaluate(LAST_PANEL_COMES_TO, False)
    page.locator("#compare").scroll_into_view_if_needed()
    expect_figure(page, 0, "chunks", 197, "en")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_panels_fit_a_phone(
    new_page: Callable[..., Page], site_url: str, scheme: Literal["light", "dark"]
) -> None:
    page = new_page(color_scheme=scheme)
    page.set_viewport_size({"width": 360, "height": 800})
    open_page(page, site_url, "pl")
    expect_figure(page, 0, "chunks", 18, "pl")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, json.dumps(width)


# How the comparison is laid out, and whether it scrolls sideways: the table's rows are table
# rows, or grids (cards).
COMPARE_LAYOUT = """() => {
  const scroll = document.querySelector(".compare-scroll");
  const row = scroll.querySelector("tbody tr");
  return {
    layout: getComputedStyle(row).display === "table-row" ? "table" : "cards",
    sideways: scroll.scrollWidth > scroll.clientWidth,
  };
}"""


@pytest.mark.parametrize(("width", "layout"), [(1280, "cards"), (1024, "cards")])
def test_the_comparison_never_scrolls_sideways_in_any_language(
    new_page: Callable[..., Page], site_url: str, width: int, layout: str
) -> None:
    # The table's eleven columns need more than the page's widest panel for a collection's
    # figures (compare.css), so each configuration is a card on every screen; every table
    # and chart at 390 and 1280 px, with a collection: tests/browser/test_tradeoff.py.
    page = new_page()
    page.set_viewport_size({"width": width, "height": 900})
    for lang in ("en", "pt", "de", "it", "pl"):
        open_page(page, site_url, lang)
        page.locator("#compare").scroll_into_view_if_needed()
        assert page.evaluate(COMPARE_LAYOUT) == {"layout": layout, "sideways": False}, lang
