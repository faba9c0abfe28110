"""Numbers as people type them, on every page: a decimal copied from another language's
page keeps its meaning (the address carries it in machine form), and a link of thousands
of leading zeros opens ready with its result or a field's error."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from browser.conftest import Started
from browser.test_page import LANGUAGES, expect_integer, open_page
from browser.test_share import expected_error

# Each of them means one decimal, whichever page it is typed on.
TYPED = {"0.02": "0.02", "0,02": "0.02", "1.5": "1.5", "1,5": "1.5", "4.29": "4.29", "3,29": "3.29"}
DECIMAL_FIELDS = ("price_per_million", "text_bytes_per_token")
ZEROS = "0" * 5000


def address_value(page: Page, name: str, expected: str, timeout_s: float = 10) -> str | None:
    """The address's value for ``name`` once it is ``expected`` (polled: the CSP refuses
    wait_for_function's evaluation), else the last value seen."""
    deadline = time.monotonic() + timeout_s
    seen = None
    while time.monotonic() < deadline:
        seen = page.evaluate("(name) => new URLSearchParams(location.search).get(name)", name)
        if seen == expected:
            break
        page.wait_for_timeout(50)
    return seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_decimal_typed_either_way_keeps_its_meaning(started: Started, lang: str) -> None:
    page = started(lang)
    for name in DECIMAL_FIELDS:
        for typed, meant in TYPED.items():
            page.locator(f"#field-{name}").fill(typed)
            assert address_value(page, name, meant) == meant, (lang, name, typed)
            expect(page.locator(f'[data-error-for="{name}"]')).to_be_empty()


def test_a_link_of_leading_zeros_opens_with_its_result(page: Page, site_url: str) -> None:
    """By a load: the page's first reading of a link (the language changes no digit of it)."""
    query = f"?tokens={ZEROS}8000&chunk_size={ZEROS}512&overlap={ZEROS}64"
    open_page(page, site_url, "de", query)
    expect_integer(page, "chunks", 18, "de")


def test_a_link_of_leading_zeros_marks_its_field(page: Page, site_url: str) -> None:
    query = f"?tokens=8000&chunk_size=512&overlap={ZEROS}512"
    open_page(page, site_url, "pl", query)
    expect(page.locator('[data-error-for="overlap"]')).to_have_text(
        expected_error(query, "overlap", "pl")
    )
