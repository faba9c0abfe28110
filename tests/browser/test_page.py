"""The calculator page in every language: results, localized numbers and messages, errors
next to their field, stale results, presets, the chunk map and the language switcher.

Expected texts are computed here from the catalogs and each language's known separators,
never by asking the page's own Intl, so a formatting mistake in the page cannot hide itself.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

import build
from browser.conftest import READY_TIMEOUT_MS, Started, wait_until_ready
from test_stylesheet import SCALE

LANGUAGES = ("pt", "de", "it", "pl", "en")
NBSP = "\u00a0"
# The page's group and decimal separators and minimum grouping digits: Polish leaves
# four-digit numbers ungrouped ("8000", CLDR's rule), the others group them; Italian as its
# own documents do ("8.000"), although CLDR's current rule for it would not (web/pure/format.js).
NUMBER_FORMATS = {
    "pt": (".", ",", 1),
    "de": (".", ",", 1),
    "it": (".", ",", 1),
    "pl": (NBSP, ",", 2),
    "en": (",", ".", 1),
}


@cache
def catalog(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((build.LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def localized(number: int, lang: str) -> str:
    """An integer as the page's Intl.NumberFormat writes it."""
    group, _, minimum = NUMBER_FORMATS[lang]
    digits = str(number)
    if len(digits) < 3 + minimum:
        return digits
    groups = [digits[max(0, end - 3) : end] for end in range(len(digits), 0, -3)]
    return group.join(reversed(groups))


def fill(template: str, **params: str) -> str:
    return re.sub(r"\{([a-z_]+)\}", lambda match: params[match.group(1)], template)


def open_page(page: Page, site_url: str, lang: str, query: str = "") -> None:
    page.goto(f"{site_url}{lang}/{query}")
    wait_until_ready(page)


def result(page: Page, key: str) -> Locator:
    return page.locator(f'.result-list [data-result="{key}"]')


def field(page: Page, name: str) -> Locator:
    return page.locator(f'#calculator-form [name="{name}"]')


def type_values(page: Page, **values: str) -> None:
    for name, text in values.items():
        field(page, name).fill(text)


def expect_integer(page: Page, key: str, value: int, lang: str) -> None:
    expect(result(page, key)).to_have_attribute("data-value", str(value))
    expect(result(page, key)).to_have_text(localized(value, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_documents_small_example(started: Started, lang: str) -> None:
    page = started(lang)
    type_values(page, tokens="2500", chunk_size="800", overlap="200", dimensions="384")
    field(page, "dtype").select_option("float32")
    expect_integer(page, "step", 600, lang)
    expect_integer(page, "chunks", 4, lang)
    expect_integer(page, "last_chunk_tokens", 700, lang)
    expect(result(page, "length_groups")).to_have_text("3 × 800 + 1 × 700")
    expect_integer(page, "tokens_processed", 3100, lang)
    expect_integer(page, "repeated_tokens", 600, lang)
    expect_integer(page, "padded_tokens", 3200, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_small_example_raw_vector_size(started: Started, lang: str) -> None:
    page = started(lang)
    type_values(page, tokens="2500", chunk_size="800", overlap="200", dimensions="384")
    raw = result(page, "raw_vector_bytes")
    expect(raw).to_have_attribute("data-value", "6144")
    # 6144 is "few" in Polish (ends in 2-4, not 12-14) and "other" elsewhere.
    form = catalog(lang)["plural.bytes"]["few" if lang == "pl" else "other"]
    expect(raw).to_have_text(fill(form, count=localized(6144, lang)))
    expect(result(page, "raw_vector_iec")).to_have_text("6 KiB")
    decimal = NUMBER_FORMATS[lang][1]
    expect(result(page, "raw_vector_si")).to_have_text(f"≈ 6{decimal}14 kB")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_documents_large_example(started: Started, lang: str) -> None:
    page = started(lang)
    type_values(page, tokens="2500")
    expect_integer(page, "chunks", 6, lang)
    type_values(page, tokens="8000", chunk_size="512", overlap="64")
    expect_integer(page, "step", 448, lang)
    expect_integer(page, "chunks", 18, lang)
    expect_integer(page, "tokens_processed", 9088, lang)
    expect_integer(page, "repeated_tokens", 1088, lang)
    expect_integer(page, "padded_tokens", 9216, lang)
    expect(result(page, "length_groups")).to_have_text("17 × 512 + 1 × 384")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_defaults_are_written_as_intl_formats_them(started: Started, lang: str) -> None:
    page = started(lang)
    tag = catalog(lang)["meta.locale"]
    intl = page.evaluate(
        "([tag, always]) => new Intl.NumberFormat(tag, always ? {useGrouping: 'always'} : {})"
        ".format(8000)",
        [tag, lang == "it"],
    )
    assert intl == localized(8000, lang)
    expect(field(page, "tokens")).to_have_value(intl)
    expect(field(page, "chunk_size")).to_have_value("512")
    expect(field(page, "overlap")).to_have_value("64")
    expect(field(page, "dimensions")).to_have_value("384")
    expect(field(page, "dtype")).to_have_value("float32")
    expect_integer(page, "chunks", 18, lang)


@pytest.mark.parametrize(
    ("lang", "typed"),
    [
        ("de", "8.000"),
        ("pt", "8.000"),
        ("it", "8.000"),
        ("pl", "8 000"),
        ("pl", f"8{NBSP}000"),
        ("en", "8,000"),
    ],
)
def test_grouped_input_is_accepted_and_enter_recalculates(
    started: Started, lang: str, typed: str
) -> None:
    page = started(lang)
    type_values(page, tokens="100")
    expect_integer(page, "chunks", 1, lang)
    field(page, "tokens").fill(typed)
    field(page, "tokens").press("Enter")
    expect_integer(page, "chunks", 18, lang)
    expect(page.locator('[data-error-for="tokens"]')).to_be_empty()
    expect(field(page, "tokens")).to_have_value(typed)


INVALID_CASES = {
    "overlap_not_below_chunk_size": ("overlap", "600", {"overlap": 600, "chunk_size": 512}),
    "too_small": ("tokens", "-5", {"minimum": 0}),
    "not_a_number": ("chunk_size", "abc", {}),
    "not_whole": ("dimensions", "1{decimal}5", {}),
}


@pytest.mark.parametrize("key", INVALID_CASES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_invalid_input_shows_message_keeps_text_and_marks_results_stale(
    started: Started, lang: str, key: str
) -> None:
    name, template, params = INVALID_CASES[key]
    typed = template.format(decimal=NUMBER_FORMATS[lang][1])
    page = started(lang)
    expect_integer(page, "chunks", 18, lang)
    field(page, name).fill(typed)
    message = fill(
        catalog(lang)[f"errors.{key}"],
        **{param: localized(value, lang) for param, value in params.items()},
    )
    expect(page.locator(f'[data-error-for="{name}"]')).to_have_text(message)
    expect(field(page, name)).to_have_attribute("aria-invalid", "true")
    expect(field(page, name)).to_have_value(typed)
    expect(page.locator("[data-results]")).to_have_class(re.compile(r"\bis-stale\b"))
    expect(page.locator("[data-stale-note]")).to_have_text(catalog(lang)["status.stale"])
    expect(page.locator("[data-stale-note]")).to_be_visible()
    expect_integer(page, "chunks", 18, lang)


def test_correcting_the_field_clears_error_and_staleness(started: Started) -> None:
    page = started("de")
    type_values(page, overlap="600")
    expect(page.locator('[data-error-for="overlap"]')).not_to_be_empty()
    type_values(page, overlap="200", chunk_size="800", tokens="2.500")
    expect_integer(page, "chunks", 4, "de")
    expect(page.locator('[data-error-for="overlap"]')).to_be_empty()
    expect(field(page, "overlap")).to_have_attribute("aria-invalid", "false")
    expect(page.locator("[data-results]")).not_to_have_class(re.compile(r"\bis-stale\b"))
    expect(page.locator("[data-stale-note]")).to_be_hidden()


def test_page_is_rendered_loading_and_becomes_ready(page: Page, site_url: str) -> None:
    html = page.request.get(f"{site_url}pt/").text()
    assert '<html lang="pt-BR" dir="ltr" data-state="loading">' in html
    open_page(page, site_url, "pt")
    expect(page.locator("[data-load-status]")).to_be_hidden()


# Each text and control the page shows: its element, font family, size in px, weight, and
# whether it is the chunk map's SVG text (sized in the drawing's own units).
DRAWN_FACES = """() => [...document.querySelectorAll("body *")]
  .filter((element) =>
    element.matches("input, select, textarea, button") ||
    [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim()))
  .filter((element) => element.checkVisibility())
  .map((element) => {
    const style = getComputedStyle(element);
    return [element.tagName.toLowerCase() + (element.className?.baseVal ?? element.className ?? ""),
            style.fontFamily, parseFloat(style.fontSize), style.fontWeight,
            element instanceof SVGElement];
  })"""


def test_text_is_drawn_in_the_pages_two_families_and_its_type_scale(started: Started) -> None:
    """Each size, weight and family is a font looked up before the first layout (base.css):
    no control keeps the browser's own font, no size or weight is off the scale."""
    page = started("de")
    title_px = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    body_px = 16
    scale_px = {body_px * float(rem.removesuffix("rem")) for rem in SCALE.values()}
    scale_px |= {body_px, title_px}
    drawn = page.evaluate(DRAWN_FACES)
    assert len(drawn) > 300
    for element, family, size, weight, in_svg in drawn:
        assert family.split(",")[0] in ("system-ui", "ui-monospace"), (element, family)
        assert weight in ("400", "700"), (element, weight)
        if not in_svg:
            assert any(abs(size - px) < 0.01 for px in scale_px), (element, size)
    assert {round(size, 1) for *_, size, _, in_svg in drawn if not in_svg} == {
        round(px, 1) for px in scale_px
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_field_has_label_help_and_error_tied_by_aria(
    page: Page,
    site_url: str,
    lang: str,
) -> None:
    page.goto(f"{site_url}{lang}/")
    for name in ("tokens", "chunk_size", "overlap", "dimensions", "dtype", "bytes_per_dimension"):
        control = field(page, name)
        control_id = control.get_attribute("id")
        label = page.locator(f'label[for="{control_id}"]')
        expect(label).to_have_text(catalog(lang)[f"field.{name}.label"])
        described = (control.get_attribute("aria-describedby") or "").split()
        assert f"help-{name}" in described
        assert f"error-{name}" in described
        expect(page.locator(f"#error-{name}")).to_have_attribute("data-error-for", name)
        if name != "dtype":
            expect(control).to_have_attribute("inputmode", "numeric")


def test_custom_representation_shows_bytes_per_dimension(started: Started) -> None:
    page = started("en")
    expect(field(page, "bytes_per_dimension")).to_be_hidden()
    field(page, "dtype").select_option("custom")
    expect(field(page, "bytes_per_dimension")).to_be_visible()
    type_values(page, bytes_per_dimension="3")
    expect(result(page, "raw_vector_bytes")).to_have_attribute("data-value", "20736")
    expect(result(page, "raw_vector_iec")).to_have_text("≈ 20.3 KiB")  # 20.25 KiB to three digits


def test_binary_and_empty_dimensions(started: Started) -> None:
    page = started("en")
    field(page, "dtype").select_option("binary")
    expect(result(page, "raw_vector_bytes")).to_have_attribute("data-value", "864")
    type_values(page, dimensions="")
    expect(page.locator("[data-no-vectors]")).to_have_text(catalog("en")["results.no_vectors"])
    expect(result(page, "raw_vector_bytes")).to_be_hidden()
    expect_integer(page, "chunks", 18, "en")


def test_derivation_uses_the_visitors_numbers(started: Started) -> None:
    page = started("de")
    expect(page.locator("[data-derivation]")).to_contain_text(
        "n = 1 + ⌈(8.000 − 512) / 448⌉ = 1 + ⌈16,71…⌉ = 18"
    )
    type_values(page, tokens="1400", chunk_size="500", overlap="100")
    expect(page.locator("[data-derivation]")).to_contain_text(
        "n = 1 + ⌈(1.400 − 500) / 400⌉ = 1 + ⌈2,25⌉ = 4"
    )


@pytest.mark.parametrize("lang", ["pt", "pl"])
def test_presets_fill_the_documents_examples(page: Page, site_url: str, lang: str) -> None:
    # A page of its own: twice in CI's Firefox process the shared Polish page, reset in place
    # after the tests before, kept 8,000 tokens after the click (not seen with a page opened
    # for the test, nor with test_page.py run alone).
    open_page(page, site_url, lang)
    page.locator("#explain-example-small [data-preset]").click()
    expect(field(page, "tokens")).to_have_value(localized(2500, lang))
    expect(field(page, "chunk_size")).to_have_value("800")
    expect(field(page, "overlap")).to_have_value("200")
    expect_integer(page, "chunks", 4, lang)
    page.locator(".presets [data-preset]").nth(1).click()
    expect_integer(page, "chunks", 18, lang)


def test_chunk_map_draws_every_chunk_when_few(started: Started) -> None:
    page = started("en")
    type_values(page, tokens="2500", chunk_size="800", overlap="200")
    chunk_map = page.locator("#chunk-map svg")
    expect(chunk_map.locator(".cm-chunk")).to_have_count(4)
    expect(chunk_map.locator(".cm-chunk-last")).to_have_count(1)
    expect(chunk_map.locator(".cm-overlap")).to_have_count(3)
    expect(chunk_map.locator(".cm-gap-note")).to_have_count(0)
    expect(chunk_map.locator("title")).to_have_text(
        fill(catalog("en")["chunkmap.description"], chunks="4", chunk_size="800", overlap="200")
    )


@pytest.mark.parametrize(("lang", "category"), [("pl", "many"), ("de", "other")])
def test_chunk_map_marks_the_gap_when_many(started: Started, lang: str, category: str) -> None:
    page = started(lang)
    chunk_map = page.locator("#chunk-map svg")
    expect(chunk_map.locator(".cm-chunk")).to_have_count(5)
    gap = fill(catalog(lang)["chunkmap.gap"][category], count="13")
    expect(chunk_map.locator(".cm-gap-note")).to_have_text(gap)


def test_language_links_keep_the_query_string(page: Page, site_url: str) -> None:
    open_page(page, site_url, "en", "?tokens=2500")
    page.locator('.languages a[hreflang="de"]').click()
    page.wait_for_url(f"{site_url}de/?tokens=2500")
    expect(page.locator("html")).to_have_attribute("lang", "de")


@pytest.mark.runtime_file_fails
def test_load_failure_shows_localized_error_and_retry_works(
    page: Page, site_url: str, layout: build.Layout
) -> None:
    blocked = f"{site_url}{layout.runtime}pyodide.asm.wasm"
    page.route(blocked, lambda route: route.abort())
    page.goto(f"{site_url}it/")
    expect(page.locator("html")).to_have_attribute("data-state", "error", timeout=READY_TIMEOUT_MS)
    expect(page.locator("[data-load-error-message]")).to_have_text(
        catalog("it")["status.load_failed"]
    )
    expect(field(page, "tokens")).to_have_value(localized(8000, "it"))
    page.unroute(blocked)
    page.locator("[data-retry]").click()
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect_integer(page, "chunks", 18, "it")
    expect(page.locator("[data-load-error]")).to_be_hidden()
