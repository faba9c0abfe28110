"""The planning panels: compare configurations, documents vs one stream, prompt budget and
embedding cost, in several languages, each with its shareable link.

Expected figures come from the calculator package and expected texts from the catalogs and
each language's known separators, never from the page itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect

import calculator
from browser.conftest import READY_TIMEOUT_MS, Started
from browser.test_page import (
    NUMBER_FORMATS,
    catalog,
    fill,
    localized,
    open_page,
    type_values,
)
from calculator._reindex import corpus_settings_change
from calculator.protocol._list_link import _compressed, _pairs, _varints

ROW_COLUMNS = ("chunk_size", "overlap", "dimensions", "dtype")


def plural(lang: str, entry: str | dict[str, str], count: int) -> str:
    """The catalog's plural form for a whole number below a million (CLDR integer rules)."""
    if isinstance(entry, str):
        return entry
    if count == 0:
        category = "zero"
    elif lang == "pl" and count != 1:
        few = count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14)
        category = "few" if few else "many"
    else:
        category = "one" if count == 1 else "other"
    return fill(entry[category], count=localized(count, lang))


def tokens(count: int, lang: str) -> str:
    """A count of tokens with its noun, as the budget's sentences show it."""
    return plural(lang, catalog(lang)["plural.tokens"], count)


def signed(number: int, lang: str) -> str:
    """A difference as the page writes it: "+", or the minus sign U+2212, before its digits."""
    sign = "+" if number > 0 else "\u2212" if number < 0 else ""
    return sign + localized(abs(number), lang)


def message(lang: str, key: str, **params: str) -> str:
    text = catalog(lang)[key]
    assert isinstance(text, str)
    return fill(text, **params)


def address(page: Page) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(page.url).query, keep_blank_values=True))


def wait_for_parameter(page: Page, name: str) -> None:
    """The address bar follows the form (after the sharing module's short debounce)."""
    page.wait_for_function("name => new URLSearchParams(location.search).has(name)", arg=name)


def open_fresh(new_page: Callable[..., Page], url: str) -> Page:
    fresh = new_page()
    fresh.goto(url)
    expect(fresh.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    return fresh


# --- compare configurations ------------------------------------------------------------------


def cell(page: Page, row: int, column: str) -> Locator:
    return page.locator(f"#compare-{row}-{column}")


def figure(page: Page, row: int, name: str) -> Locator:
    return page.locator(f'#compare [data-compare-row="{row}"] [data-compare-figure="{name}"]')


def expect_figure(page: Page, row: int, name: str, value: int, lang: str) -> None:
    expect(figure(page, row, name)).to_have_attribute("data-value", str(value))
    expect(figure(page, row, name).locator(".compare-value")).to_have_text(localized(value, lang))


def expect_mark(page: Page, row: int, name: str, mark: str, lang: str) -> None:
    expect(figure(page, row, name)).to_have_attribute("data-mark", mark)
    expect(figure(page, row, name).locator("[data-compare-mark]")).to_have_text(
        message(lang, f"compare.{mark}") if mark else ""
    )


def expect_overlap_comparison(page: Page, lang: str) -> None:
    """The Polish document's table: 200,000 tokens at 512 with overlaps 64, 128 and 256."""
    rows = [calculator.plan_chunks(200_000, 512, overlap) for overlap in (64, 128, 256)]
    assert [plan.chunks for plan in rows] == [447, 521, 781]
    assert [plan.tokens_processed for plan in rows] == [228_544, 266_560, 399_680]
    for index, plan in enumerate(rows):
        expect_figure(page, index, "chunks", plan.chunks, lang)
        expect_figure(page, index, "tokens_processed", plan.tokens_processed, lang)
        expect_figure(page, index, "repeated_tokens", plan.repeated_tokens, lang)
    for name in ("chunks", "tokens_processed", "repeated_tokens", "raw_vector_bytes"):
        expect_mark(page, 0, name, "best", lang)
        expect_mark(page, 1, name, "", lang)
        expect_mark(page, 2, name, "worst", lang)


@pytest.mark.parametrize("lang", ["pl"])
def test_default_rows_follow_the_main_setting_and_are_not_sent(started: Started, lang: str) -> None:
    page = started(lang)
    expect(page.locator("#compare tbody tr")).to_have_count(3)
    expect(cell(page, 1, "overlap")).to_have_value("0")
    expect(cell(page, 2, "overlap")).to_have_value("128")
    expect(page.locator('[name^="compare."]')).to_have_count(0)
    type_values(page, overlap="100")
    expect(cell(page, 0, "overlap")).to_have_value("100")
    expect(cell(page, 2, "overlap")).to_have_value("200")
    expect(page.locator('#compare [data-compare-row="2"] [data-row-note]')).to_have_text(
        message(lang, "compare.double_overlap")
    )
    assert "compare" not in address(page)


@pytest.mark.parametrize("lang", ["pl"])
def test_comparing_overlaps_marks_lowest_and_highest(started: Started, lang: str) -> None:
    page = started(lang)
    type_values(page, tokens="200000")
    cell(page, 1, "overlap").fill("128")
    cell(page, 2, "overlap").fill("256")
    expect_overlap_comparison(page, lang)
    share = figure(page, 2, "over_tokens_share")
    expect(share).to_have_attribute("data-value", "0.9984")


@pytest.mark.parametrize("lang", ["de"])
def test_rows_are_added_and_removed(started: Started, lang: str) -> None:
    page = started(lang)
    rows = page.locator("#compare tbody tr")
    page.locator("[data-compare-add]").click()
    expect(rows).to_have_count(4)
    # A new row copies the last one, is named for the form and labelled for its number.
    expect(cell(page, 3, "overlap")).to_have_value("128")
    expect(cell(page, 3, "overlap")).to_have_attribute("name", "compare.3.overlap")
    expect(cell(page, 3, "chunk_size")).to_be_focused()
    expect(rows.nth(3).locator("[data-row-name]")).to_have_text(
        message(lang, "compare.row_label", row="4")
    )
    expect_figure(page, 3, "chunks", 21, lang)
    remove_second = page.get_by_role(
        "button", name=message(lang, "compare.remove_row_label", row="2")
    )
    remove_second.click()
    expect(rows).to_have_count(3)
    expect(cell(page, 1, "overlap")).to_have_value("128")
    expect(cell(page, 2, "overlap")).to_have_attribute("name", "compare.2.overlap")
    expect_figure(page, 1, "chunks", 21, lang)
    expect_mark(page, 1, "chunks", "worst", lang)


def test_at_most_twelve_rows_and_never_none(started: Started) -> None:
    page = started("en")
    add = page.locator("[data-compare-add]")
    for _ in range(9):
        add.click()
    expect(page.locator("#compare tbody tr")).to_have_count(12)
    expect(add).to_be_disabled()
    # The last add's answer painted (a new row has no figures until then): the first removal
    # must not land on a row that answer is redrawing.
    expect(figure(page, 11, "chunks")).to_have_attribute("data-value", re.compile(r"^\d+$"))
    for left in range(11, 0, -1):
        # One row at a time, each removal seen before the next click (a click on a row the
        # table is redrawing can miss it).
        page.locator("[data-compare-remove]").first.click()
        expect(page.locator("#compare tbody tr")).to_have_count(left)
    expect(page.locator("[data-compare-remove]")).to_be_hidden()
    expect_figure(page, 0, "chunks", 21, "en")


@pytest.mark.parametrize("lang", ["pl"])
def test_a_row_error_shows_next_to_its_cell_and_keeps_the_figures(
    started: Started, lang: str
) -> None:
    page = started(lang)
    expect_figure(page, 0, "chunks", 18, lang)
    cell(page, 0, "overlap").fill("600")
    error = page.locator('[data-error-for="compare.0.overlap"]')
    expect(error).to_have_text(
        message(lang, "errors.overlap_not_below_chunk_size", overlap="600", chunk_size="512")
    )
    expect(cell(page, 0, "overlap")).to_have_value("600")
    expect(cell(page, 0, "overlap")).to_have_attribute("aria-invalid", "true")
    assert (
        error.get_attribute("id")
        in (cell(page, 0, "overlap").get_attribute("aria-describedby") or "").split()
    )
    expect(page.locator("#compare [data-panel-figures]")).to_have_class(re.compile(r"\bis-stale\b"))
    expect(page.locator("#compare [data-panel-stale]")).to_have_text(message(lang, "status.stale"))
    expect_figure(page, 0, "chunks", 18, lang)
    cell(page, 0, "overlap").fill("64")
    expect(error).to_be_empty()
    expect(page.locator("#compare [data-panel-stale]")).to_be_hidden()


@pytest.mark.parametrize("lang", ["en"])
def test_a_comparison_link_opens_its_rows(started: Started, lang: str) -> None:
    page = started(lang, "?tokens=200000&compare=512:64,512:128,512:256")
    expect(page.locator("#compare tbody tr")).to_have_count(3)
    expect(cell(page, 2, "overlap")).to_have_attribute("name", "compare.2.overlap")
    expect(page.locator("#compare [data-row-note]").first).to_be_empty()
    expect_overlap_comparison(page, lang)


@pytest.mark.parametrize("lang", ["de"])
def test_an_edited_comparison_survives_in_the_link(
    started: Started, new_page: Callable[..., Page], lang: str
) -> None:
    page = started(lang)
    type_values(page, tokens="200000")
    cell(page, 1, "overlap").fill("128")
    cell(page, 2, "overlap").fill("256")
    cell(page, 2, "dtype").select_option("int8")
    page.wait_for_function(
        "() => (new URLSearchParams(location.search).get('compare') ?? '').endsWith(':int8')"
    )
    assert address(page)["compare"] == "512:64:384:float32,512:128:384:float32,512:256:384:int8"
    fresh = open_fresh(new_page, page.url)
    for row in range(3):
        for column in ROW_COLUMNS:
            expect(cell(fresh, row, column)).to_have_value(cell(page, row, column).input_value())
    expect_figure(fresh, 2, "chunks", 781, lang)
    expect(figure(fresh, 2, "raw_vector_bytes")).to_have_attribute("data-value", str(781 * 384))


# --- the collection as the plan -------------------------------------------------------------


@pytest.mark.parametrize("lang", ["pl", "it"])
def test_a_link_of_documents_is_the_plan_every_panel_follows(started: Started, lang: str) -> None:
    """50,000 documents of 1,200 tokens: every figure is the documents' sum, the one stream
    stands beside it, and the panels plan the same collection."""
    query = (
        "?documents=50000&average_tokens=1200&max_input_tokens=256&hnsw_m=16"
        "&new_chunk_size=512&new_overlap=128"
    )
    page = started(lang, query)
    plan = calculator.plan_equal_documents(50_000, 1200, 512, 64)
    assert (plan.chunks, plan.one_stream.chunks) == (150_000, 133_929)
    expect(page.locator("#field-corpus")).to_have_value("documents")
    results = page.locator(".result-list")
    expect(results.locator('[data-result="chunks"]')).to_have_attribute("data-value", "150000")
    expect(results.locator('[data-result="document_count"]')).to_have_text(localized(50_000, lang))
    expect(results.locator('[data-result="tokens_processed"]')).to_have_attribute(
        "data-value", str(plan.tokens_processed)
    )
    expect(page.locator("[data-one-stream]")).to_have_text(
        message(
            lang,
            "result.one_stream",
            chunks=localized(133_929, lang),
            difference=signed(16_071, lang),
        )
    )
    # Each panel plans the same 50,000 documents.
    expect(figure(page, 0, "chunks")).to_have_attribute("data-value", "150000")
    expect(documents_cell(page, "one_stream", "chunks")).to_have_attribute("data-value", "133929")
    reused = corpus_settings_change([(1200, 50_000)], 512, 64, 512, 128)
    life = page.locator('#reindex [data-life-row="tokens_to_embed"] [data-life-value]')
    expect(life).to_have_attribute("data-value", str(reused.tokens_to_embed))
    storage = page.locator('#storage [data-life-row="raw_vector_bytes"] [data-life-value]')
    expect(storage).to_have_attribute("data-value", str(150_000 * 384 * 4))
    over = page.locator('#model_limit [data-life-row="chunks_over_limit"] [data-life-value]')
    limit = calculator.input_limit(plan, 256)
    expect(over).to_have_attribute("data-value", str(limit.chunks_over_limit))


# --- documents vs one stream -----------------------------------------------------------------


def documents_cell(page: Page, side: str, name: str) -> Locator:
    return page.locator(f'#documents [data-documents="{side}.{name}"]')


@pytest.mark.parametrize(("lang", "typed"), [("de", "10.000"), ("pt", "10.000"), ("en", "10,000")])
def test_documents_split_one_by_one_against_one_stream(
    started: Started, lang: str, typed: str
) -> None:
    page = started(lang)
    type_values(page, overlap="51")
    page.locator("#field-corpus").select_option("documents")
    page.locator("#field-documents").fill(typed)
    page.locator("#field-average_tokens").fill("2000")
    expect(documents_cell(page, "per_document", "chunks")).to_have_attribute("data-value", "50000")
    expect(documents_cell(page, "per_document", "chunks")).to_have_text(localized(50_000, lang))
    expect(documents_cell(page, "one_stream", "chunks")).to_have_attribute("data-value", "43384")
    expect(documents_cell(page, "one_stream", "chunks")).to_have_text(localized(43_384, lang))
    expect(documents_cell(page, "difference", "chunks")).to_have_text(signed(6616, lang))
    stream = calculator.plan_chunks(20_000_000, 512, 51)
    expect(documents_cell(page, "one_stream", "tokens_processed")).to_have_attribute(
        "data-value", str(stream.tokens_processed)
    )
    expect(page.locator("[data-documents-summary]")).to_contain_text(
        plural(lang, catalog(lang)["plural.documents"], 10_000)
    )
    expect(page.locator("#documents")).to_contain_text(message(lang, "documents.caveat"))


@pytest.mark.parametrize("lang", ["pl"])
def test_a_pasted_list_of_document_lengths(started: Started, lang: str) -> None:
    page = started(lang)
    page.locator("#field-corpus").select_option("list")
    expect(page.locator("#field-documents")).to_be_hidden()
    expect(page.locator("#field-tokens")).to_be_hidden()
    page.locator("#field-document_tokens").fill("1200\n800\n5000")
    corpus = calculator.plan_documents([1200, 800, 5000], 512, 64)
    stream = calculator.plan_chunks(7000, 512, 64)
    expect(documents_cell(page, "per_document", "chunks")).to_have_attribute(
        "data-value", str(corpus.chunks)
    )
    expect(documents_cell(page, "one_stream", "chunks")).to_have_attribute(
        "data-value", str(stream.chunks)
    )
    expect(documents_cell(page, "difference", "tokens_processed")).to_have_text(
        signed(corpus.tokens_processed - stream.tokens_processed, lang)
    )
    page.locator("#field-document_tokens").fill("1200\n12x\n5000")
    expect(page.locator('[data-error-for="document_tokens"]')).to_have_text(
        message(lang, "errors.list_item_invalid", line="2", value="12x")
    )
    expect(page.locator("#field-document_tokens")).to_have_value("1200\n12x\n5000")
    expect(documents_cell(page, "per_document", "chunks")).to_have_attribute(
        "data-value", str(corpus.chunks)
    )


def test_a_pasted_list_of_100000_documents_is_read_in_the_worker(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    lengths = [300 + (index * 37) % 2000 for index in range(100_000)]
    text = "\n".join(map(str, lengths))
    open_page(page, site_url, "en")
    page.locator("#field-corpus").select_option("list")
    # Pasted as a visitor pastes (typing 100,000 lines would take minutes). Firefox's clipboard
    # needs a user activation that expires after a few seconds, which a loaded machine
    # reaches: there the text is inserted at once, as a paste inserts it (Chromium inserts
    # such a text that way far too slowly).
    page.locator("#field-document_tokens").focus()
    assert page.context.browser is not None
    if page.context.browser.browser_type.name == "firefox":
        page.keyboard.insert_text(text)
    else:
        page.evaluate("text => navigator.clipboard.writeText(text)", text)
        page.keyboard.press("Control+V")
    corpus = calculator.plan_documents(lengths, 512, 64)
    expect(documents_cell(page, "per_document", "chunks")).to_have_attribute(
        "data-value", str(corpus.chunks), timeout=30_000
    )
    expect(page.locator("[data-documents-summary]")).to_contain_text("100,000 documents")
    expect(page.locator("[data-list-parsing]")).to_be_hidden()
    # The list is the plan, and the page stayed usable: the results follow the window.
    chunks = page.locator('.result-list [data-result="chunks"]')
    expect(chunks).to_have_attribute("data-value", str(corpus.chunks))
    type_values(page, chunk_size="1024")
    at_1024 = calculator.plan_documents(lengths, 1024, 64)
    expect(chunks).to_have_attribute("data-value", str(at_1024.chunks))


def test_a_long_list_travels_in_the_fragment_no_server_sees(
    started: Started, new_page: Callable[..., Page]
) -> None:
    page = started("it")
    lengths = [300 + (index * 37) % 2000 for index in range(3000)]
    page.locator("#field-corpus").select_option("list")
    # Put in as a paste puts it (Playwright's fill gives up on a text this long).
    page.locator("#field-document_tokens").evaluate(
        "(list, text) => { list.value = text;"
        " list.dispatchEvent(new Event('input', { bubbles: true })); }",
        "\n".join(map(str, lengths)),
    )
    page.wait_for_function("() => location.hash.startsWith('#list=')")
    assert address(page) == {"corpus": "list"}
    fresh = open_fresh(new_page, page.url)
    expect(fresh.locator("#field-document_tokens")).to_have_value("\n".join(map(str, lengths)))
    corpus = calculator.plan_documents(lengths, 512, 64)
    expect(fresh.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", str(corpus.chunks)
    )


def test_a_list_that_came_rounded_marks_every_figure_an_estimate(
    new_page: Callable[..., Page], site_url: str
) -> None:
    """A list too long for any address travels as a summary, rounded: the page says so beside
    the list and above the results, until the list is edited."""
    rounded = {1_230_000: 2, 45_600_000: 1}
    fragment = "list=r" + _compressed(_varints(_pairs(rounded)))
    page = open_fresh(new_page, f"{site_url}de/?corpus=list#{fragment}")
    expect(page.locator("#field-document_tokens")).to_have_value("1230000\n1230000\n45600000")
    expect(page.locator("[data-list-rounded]")).to_have_text(
        message("de", "documents.list_rounded")
    )
    expect(page.locator("[data-estimate-note]")).to_be_visible()
    page.locator("#field-document_tokens").fill("1200\n800")
    expect(page.locator("[data-estimate-note]")).to_be_hidden()
    expect(page.locator("[data-list-rounded]")).to_be_hidden()


@pytest.mark.parametrize("lang", ["de"])
def test_a_pasted_list_survives_in_the_link(
    started: Started, new_page: Callable[..., Page], lang: str
) -> None:
    page = started(lang)
    page.locator("#field-corpus").select_option("list")
    page.locator("#field-document_tokens").fill("1200\n800\n5000")
    wait_for_parameter(page, "document_tokens")
    assert "corpus" not in address(page)  # the list implies it
    fresh = open_fresh(new_page, page.url)
    expect(fresh.locator("#field-corpus")).to_have_value("list")
    expect(fresh.locator("#field-document_tokens")).to_be_visible()
    expect(fresh.locator("#field-document_tokens")).to_have_value("1200\n800\n5000")
    corpus = calculator.plan_documents([1200, 800, 5000], 512, 64)
    expect(documents_cell(fresh, "per_document", "chunks")).to_have_attribute(
        "data-value", str(corpus.chunks)
    )


# --- prompt budget ---------------------------------------------------------------------------


def budget(page: Page, name: str) -> Locator:
    return page.locator(f'#budget [data-budget="{name}"]')


@pytest.mark.parametrize("lang", ["en"])
def test_the_prompt_budget_fits_or_is_over(started: Started, lang: str) -> None:
    page = started(lang)
    expect(budget(page, "source_tokens")).to_have_text(
        message(
            lang, "budget.source_tokens", top_k="8", chunk_size="512", source=tokens(4096, lang)
        )
    )
    expect(budget(page, "source_tokens")).to_have_attribute("data-value", "4096")
    expect(budget(page, "verdict")).to_have_text(
        message(lang, "budget.fits", spare=tokens(2096, lang))
    )
    expect(budget(page, "chunks_that_fit")).to_have_text(
        plural(lang, catalog(lang)["budget.chunks_that_fit"], 12)
    )
    page.locator("#field-context_window").fill("4096")
    expect(budget(page, "verdict")).to_have_text(
        message(lang, "budget.over_by", over=tokens(2000, lang))
    )
    expect(budget(page, "verdict")).to_have_attribute("data-fits", "false")
    expect(budget(page, "chunks_that_fit")).to_have_attribute("data-value", "4")
    expect(budget(page, "chunks_that_fit")).to_have_text(
        plural(lang, catalog(lang)["budget.chunks_that_fit"], 4)
    )
    expect(page.locator("#budget")).to_contain_text(message(lang, "budget.answer_note"))


@pytest.mark.parametrize("lang", ["pl"])
def test_a_budget_error_keeps_the_last_figures_out_of_date(started: Started, lang: str) -> None:
    page = started(lang)
    expect(budget(page, "chunks_that_fit")).to_have_attribute("data-value", "12")
    page.locator("#field-top_k").fill("0")
    expect(page.locator('[data-error-for="top_k"]')).to_have_text(
        message(lang, "errors.too_small", minimum="1")
    )
    expect(page.locator("#budget [data-panel-stale]")).to_be_visible()
    expect(budget(page, "chunks_that_fit")).to_have_attribute("data-value", "12")
    expect(page.locator("#field-top_k")).to_have_value("0")


@pytest.mark.parametrize("lang", ["en"])
def test_the_prompt_budget_survives_in_the_link(
    started: Started, new_page: Callable[..., Page], lang: str
) -> None:
    page = started(lang)
    page.locator("#field-context_window").fill("4096")
    page.locator("#field-top_k").fill("4")
    wait_for_parameter(page, "top_k")
    assert address(page)["context_window"] == "4096"
    fresh = open_fresh(new_page, page.url)
    expect(fresh.locator("#field-top_k")).to_have_value("4")
    expect(budget(fresh, "verdict")).to_have_text(
        message(lang, "budget.fits", spare=tokens(48, lang))
    )


# --- embedding cost --------------------------------------------------------------------------


def decimal_text(value: Fraction) -> str:
    return f"{Decimal(value.numerator) / Decimal(value.denominator):f}"


def cost(page: Page, name: str) -> Locator:
    return page.locator(f'#cost [data-cost="{name}"]')


@pytest.mark.parametrize(("lang", "typed"), [("de", "0,02"), ("en", "0.02")])
def test_the_cost_appears_only_with_a_price(started: Started, lang: str, typed: str) -> None:
    page = started(lang)
    expect(page.locator("[data-cost-results]")).to_be_hidden()
    page.locator("#field-price_per_million").fill(typed)
    one_time = decimal_text(calculator.embedding_cost(9088, Fraction("0.02")))
    assert one_time == "0.00018176"
    decimal = NUMBER_FORMATS[lang][1]
    expect(cost(page, "one_time")).to_have_attribute("data-amount", one_time)
    expect(cost(page, "one_time")).to_have_text(
        message(lang, "cost.one_time", amount=one_time.replace(".", decimal))
    )
    page.locator("#field-price_per_million").fill("")
    expect(page.locator("[data-cost-results]")).to_be_hidden()


@pytest.mark.parametrize("lang", ["de"])
def test_a_bad_price_is_explained_and_kept(started: Started, lang: str) -> None:
    page = started(lang)
    page.locator("#field-price_per_million").fill("abc")
    expect(page.locator('[data-error-for="price_per_million"]')).to_have_text(
        message(lang, "errors.not_a_decimal")
    )
    expect(page.locator("#field-price_per_million")).to_have_value("abc")
    expect(page.locator("#field-price_per_million")).to_have_attribute("inputmode", "decimal")


@pytest.mark.parametrize(("lang", "typed", "shown"), [("pl", "1,5", "1,5"), ("en", "1.5", "1.5")])
def test_the_cost_survives_in_the_link(
    started: Started, new_page: Callable[..., Page], lang: str, typed: str, shown: str
) -> None:
    page = started(lang)
    page.locator("#field-price_per_million").fill(typed)
    wait_for_parameter(page, "price_per_million")
    assert address(page)["price_per_million"] == "1.5"
    fresh = open_fresh(new_page, page.url)
    expect(fresh.locator("#field-price_per_million")).to_have_value(shown)
    amount = decimal_text(calculator.embedding_cost(9088, Fraction("1.5")))
    expect(cost(fresh, "one_time")).to_have_attribute("data-amount", amount)
