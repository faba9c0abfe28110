"""Shared links: a link opens its state without typing, the address follows the form, the
language switcher and the copy button carry it, and no link can break or inject into the page.

Expected error texts come from the calculator package and the catalogs, not from the page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from urllib.parse import parse_qsl, quote, urlsplit

import pytest
from playwright.sync_api import Page, expect

import calculator
from browser.conftest import READY_TIMEOUT_MS, Started
from browser.test_page import (
    NUMBER_FORMATS,
    catalog,
    expect_integer,
    field,
    fill,
    localized,
    open_page,
    type_values,
)


def query_of(url: str) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))


def wait_for_address(page: Page, **expected: str) -> None:
    """The address bar follows the form after a short debounce."""
    page.wait_for_function(
        """expected => Object.entries(expected).every(
             ([name, value]) => new URLSearchParams(location.search).get(name) === value)""",
        arg=expected,
    )


def expected_error(query: str, name: str, lang: str) -> str:
    """The localized message the page must show next to `name` for this link."""
    group, decimal, _ = NUMBER_FORMATS[lang]
    answer = json.loads(
        calculator.respond(
            json.dumps({"query": query, "number_format": {"group": group, "decimal": decimal}})
        )
    )
    error = answer["errors"][name]
    params = {
        key: localized(int(value), lang) if key in error["integer_params"] else value
        for key, value in error["params"].items()
    }
    return fill(catalog(lang)[f"errors.{error['key']}"], **params)


@pytest.mark.parametrize(
    ("lang", "query", "shown", "figures"),
    [
        (
            "pt",
            "?tokens=2500&chunk_size=800&overlap=200",
            {"tokens": "2.500", "chunk_size": "800", "overlap": "200"},
            {"step": 600, "chunks": 4, "tokens_processed": 3100, "repeated_tokens": 600},
        ),
        (
            "pl",
            "?tokens=8000&chunk_size=512&overlap=64",
            {"tokens": "8000", "chunk_size": "512", "overlap": "64"},
            {"step": 448, "chunks": 18, "tokens_processed": 9088, "padded_tokens": 9216},
        ),
        (
            "de",
            "?chunk_size=800&tokens=2500&overlap=200&dimensions=768&dtype=int8",
            {"tokens": "2.500", "dimensions": "768", "dtype": "int8"},
            {"chunks": 4, "raw_vector_bytes": 3072},
        ),
    ],
)
def test_a_prefilled_link_opens_with_its_results(
    page: Page,
    site_url: str,
    lang: str,
    query: str,
    shown: dict[str, str],
    figures: dict[str, int],
) -> None:
    open_page(page, site_url, lang, query)
    for name, text in shown.items():
        expect(field(page, name)).to_have_value(text)
    for key, value in figures.items():
        expect(page.locator(f'.result-list [data-result="{key}"]')).to_have_attribute(
            "data-value", str(value)
        )
    expect_integer(page, "chunks", figures["chunks"], lang)


def test_a_link_fills_the_form_before_python_is_ready(page: Page, site_url: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: Python never starts
    page.goto(f"{site_url}en/?tokens=2500&chunk_size=abc")
    expect(page.locator("html")).to_have_attribute("data-state", "loading")
    expect(field(page, "tokens")).to_have_value("2500")
    expect(field(page, "chunk_size")).to_have_value("abc")


def test_the_address_follows_the_form(page: Page, site_url: str) -> None:
    open_page(page, site_url, "en")
    type_values(page, tokens="2,500", chunk_size="800", overlap="200")
    wait_for_address(page, tokens="2500", chunk_size="800", overlap="200")
    # Values back at their defaults leave the link; nothing else appears in it.
    type_values(page, tokens="8000")
    page.wait_for_function("() => !new URLSearchParams(location.search).has('tokens')")
    assert query_of(page.url) == {"chunk_size": "800", "overlap": "200"}


def test_back_restores_the_state_its_address_holds(page: Page, site_url: str) -> None:
    """The skip link adds a history entry, and the address follows the form on it; Back
    then shows the state of the earlier address, not the edits made since."""
    open_page(page, site_url, "en", "?tokens=2500&chunk_size=800&overlap=200&theme=dark")
    page.locator(".skip-link").focus()
    page.keyboard.press("Enter")
    type_values(page, tokens="100000", chunk_size="256", overlap="0")
    wait_for_address(page, tokens="100000", chunk_size="256", overlap="0")
    expect_integer(page, "chunks", 391, "en")
    page.go_back()
    wait_for_address(page, tokens="2500", chunk_size="800", overlap="200")
    expect(field(page, "tokens")).to_have_value("2,500")
    expect(field(page, "overlap")).to_have_value("200")
    expect_integer(page, "chunks", 4, "en")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.go_forward()
    expect_integer(page, "chunks", 391, "en")
    expect(field(page, "chunk_size")).to_have_value("256")


def test_the_skip_link_keeps_what_was_just_typed(page: Page, site_url: str) -> None:
    """Its jump to #results fires popstate with the same query: no new address to read, so
    a value typed just before (not yet in the address) stays and gets there."""
    open_page(page, site_url, "en")
    field(page, "tokens").fill("2,500")
    page.locator(".skip-link").focus()
    page.keyboard.press("Enter")
    wait_for_address(page, tokens="2500")
    expect(field(page, "tokens")).to_have_value("2,500")
    expect_integer(page, "chunks", 6, "en")


def test_the_address_keeps_page_parameters_and_drops_unknown_ones(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "en", "?lang=en&theme=dark&utm=x&tokens=2500")
    type_values(page, chunk_size="800")
    wait_for_address(page, chunk_size="800")
    assert query_of(page.url) == {
        "tokens": "2500",
        "chunk_size": "800",
        "lang": "en",
        "theme": "dark",
    }


def test_a_typed_state_reopens_identically_in_a_fresh_page(
    page: Page, new_page: Callable[..., Page], site_url: str
) -> None:
    open_page(page, site_url, "it")
    type_values(page, tokens="12.345", chunk_size="700", overlap="70", dimensions="1.024")
    field(page, "dtype").select_option("binary")
    wait_for_address(
        page, tokens="12345", chunk_size="700", overlap="70", dimensions="1024", dtype="binary"
    )
    fresh = new_page()
    fresh.goto(page.url)
    expect(fresh.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    for name in ("tokens", "chunk_size", "overlap", "dimensions", "dtype"):
        expect(field(fresh, name)).to_have_value(field(page, name).input_value())
    for key in ("step", "chunks", "tokens_processed", "repeated_tokens", "raw_vector_bytes"):
        locator = f'.result-list [data-result="{key}"]'
        expect(fresh.locator(locator)).to_have_text(page.locator(locator).inner_text())


def test_switching_language_keeps_the_typed_state(page: Page, site_url: str) -> None:
    open_page(page, site_url, "en")
    type_values(page, tokens="2,500", chunk_size="800", overlap="200")
    # Clicked as soon as Python has answered, without waiting for the address bar's
    # debounce: the language link must carry the new state anyway.
    expect(page.locator("[data-share-link]")).to_have_value(re.compile("overlap=200"))
    page.locator('.languages a[hreflang="pt-BR"]').click()
    page.wait_for_url(f"{site_url}pt/?tokens=2500&chunk_size=800&overlap=200")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect(field(page, "tokens")).to_have_value("2.500")
    expect_integer(page, "chunks", 4, "pt")
    expect_integer(page, "tokens_processed", 3100, "pt")


def test_copy_link_puts_the_state_on_the_clipboard(
    new_page: Callable[..., Page], site_url: str, site_origin: str
) -> None:
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    open_page(page, site_url, "de", "?tokens=2500")
    type_values(page, chunk_size="800")
    link = page.locator("[data-share-link]")
    expect(link).to_have_value(f"{site_url}de/?tokens=2500&chunk_size=800")
    page.get_by_role("button", name=catalog("de")["share.copy_link"]).click()
    expect(page.locator("[data-share-status]")).to_have_text(catalog("de")["share.copied"])
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == link.input_value()
    assert copied.startswith(site_origin)


def test_copy_link_without_clipboard_selects_the_link(page: Page, site_url: str) -> None:
    page.add_init_script(
        "if (navigator.clipboard) navigator.clipboard.writeText = "
        "() => Promise.reject(new DOMException('denied'));"
    )
    open_page(page, site_url, "pl", "?overlap=100")
    page.get_by_role("button", name=catalog("pl")["share.copy_link"]).click()
    expect(page.locator("[data-share-status]")).to_have_text(catalog("pl")["share.copy_failed"])
    link = page.locator("[data-share-link]")
    expect(link).to_be_focused()
    expect(link).to_have_value(f"{site_url}pl/?overlap=100")
    selected = page.evaluate("() => String(getSelection())")
    assert selected == f"{site_url}pl/?overlap=100"


# --- links nobody should trust ------------------------------------------------------------

HTML_TEXT = '"><img src=x onerror="window.__pwned=1"><b id="pwned">x</b>'
SCRIPT_TEXT = "<script>window.__pwned=1</script>"
BAD_LINKS = {
    # id: (query, field, the text the field must show)
    "letters": ("tokens=abc", "tokens", "abc"),
    "negative": ("chunk_size=-5", "chunk_size", "-5"),
    "overlap_not_below_chunk": ("chunk_size=512&overlap=600", "overlap", "600"),
    "overflowing_float": ("tokens=1e400", "tokens", "1e400"),
    "ten_thousand_digits": ("tokens=" + "7" * 10_000, "tokens", "7" * 10_000),
    "html": (f"tokens={quote(HTML_TEXT)}", "tokens", HTML_TEXT),
    "script": (f"dimensions={quote(SCRIPT_TEXT)}", "dimensions", SCRIPT_TEXT),
    "html_choice": (f"dtype={quote(HTML_TEXT)}", "dtype", HTML_TEXT),
    "repeated_keys": ("overlap=abc&overlap=10", "overlap", "abc"),
}


def expect_nothing_injected(page: Page) -> None:
    assert page.evaluate("typeof window.__pwned") == "undefined"
    expect(page.locator("img, iframe, object, embed, #pwned")).to_have_count(0)
    # Only the scripts the page was served with (its modules and the JSON island of strings).
    served = page.request.get(page.url).text()
    expect(page.locator("script")).to_have_count(served.count("<script"))


@pytest.mark.parametrize("case", BAD_LINKS.values(), ids=BAD_LINKS.keys())
def test_a_bad_link_shows_the_value_and_its_error(
    started: Started, case: tuple[str, str, str]
) -> None:
    """Opened in place, as Back opens it (the page reads it as a load does); the load's own
    reading of bad links is test_hostile_links.py's."""
    query, name, shown = case
    page = started("en", f"?{query}")
    expect(page.locator(f'[data-error-for="{name}"]')).to_have_text(
        expected_error(query, name, "en")
    )
    expect(field(page, name)).to_have_value(shown)
    expect(field(page, name)).to_have_attribute("aria-invalid", "true")
    expect_nothing_injected(page)


def test_unknown_keys_are_ignored_and_defaults_fill_the_rest(page: Page, site_url: str) -> None:
    junk = quote(SCRIPT_TEXT)
    open_page(page, site_url, "en", f"?{junk}={junk}&embed_x=1&tokens=2500&Tokens=abc&x={junk}")
    expect(page.locator("[data-error-for]:not(:empty)")).to_have_count(0)
    expect(field(page, "tokens")).to_have_value("2,500")
    expect(field(page, "chunk_size")).to_have_value("512")
    expect_integer(page, "chunks", 6, "en")
    page.wait_for_function("() => !new URLSearchParams(location.search).has('x')")
    assert query_of(page.url) == {"tokens": "2500"}
    expect_nothing_injected(page)


def test_correcting_a_bad_link_value_recalculates(page: Page, site_url: str) -> None:
    open_page(page, site_url, "en", f"?dtype={quote(HTML_TEXT)}&tokens=2500")
    field(page, "dtype").select_option("int8")
    expect(page.locator('[data-error-for="dtype"]')).to_be_empty()
    expect_integer(page, "chunks", 6, "en")
    wait_for_address(page, dtype="int8")
