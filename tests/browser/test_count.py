"""Counting a visitor's own text: pasted text and picked files counted in tokens by the worker,
the counts used in the calculator, and the text kept out of the address and every request.

Expected counts come from calculator._tokens (which tests/test_tokens.py holds to tiktoken's),
expected texts from the catalogs, never from the page itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import FilePayload, Locator, Page, expect

import build
import calculator
from browser.conftest import READY_TIMEOUT_MS, PageGuard, serve_site
from browser.test_offline import first_visit
from browser.test_page import catalog, field, localized, open_page
from calculator._tokens import RANKS_SUFFIX, Encoding, load_ranks
from calculator._tokens._files import html_text
from calculator.protocol import DEFAULT_FIELDS, respond

# Loading Pyodide's tokenizer and a rank file takes a while in a slow engine.
COUNT_TIMEOUT_MS = 60_000
TEXTS = {
    "en": "Plan the chunks before you embed: 2,500 tokens at 800/200 make four chunks.\n"
    "Naïve café prices — €3.50 each!",
    "pl": "Zaplanuj fragmenty, zanim utworzysz osadzenia: krok to rozmiar minus nakładka.\n"
    "Zażółć gęślą jaźń — 2500 tokenów.",
    "de": "Abschnitte planen, bevor man einbettet: Schrittweite = Fenstergröße − Überlappung.\n"
    "Größenordnung: 2.500 Token.",
}


@cache
def encoding(name: str) -> Encoding:
    return Encoding(name, load_ranks(build.TOKEN_RANKS / (name + RANKS_SUFFIX), name))


def count_panel(page: Page) -> Locator:
    return page.locator("[data-count]")


def total(page: Page) -> Locator:
    return count_panel(page).locator("[data-result=text_tokens]")


def expect_total(page: Page, tokens: int, lang: str) -> None:
    expect(total(page)).to_have_attribute("data-value", str(tokens), timeout=COUNT_TIMEOUT_MS)
    expect(total(page)).to_have_text(localized(tokens, lang))


def paste_and_count(page: Page, text: str, lang: str) -> int:
    """Pastes ``text`` into the panel and waits for its exact o200k_base count; returns it."""
    tokens = encoding("o200k_base").count(text)
    count_panel(page).locator("textarea[name=text]").fill(text)
    expect_total(page, tokens, lang)
    return tokens


def ranks_requests(page_guard: PageGuard) -> list[str]:
    return [request.url for request in page_guard.requests if "/tokens-" in request.url]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_pasted_text_is_counted_exactly(page: Page, site_url: str, lang: str) -> None:
    open_page(page, site_url, lang)
    text = TEXTS[lang]
    paste_and_count(page, text, lang)
    count_panel(page).locator("select[name=encoding]").select_option("cl100k_base")
    expect_total(page, encoding("cl100k_base").count(text), lang)


@pytest.mark.parametrize("lang", ["de"])
def test_using_the_counts_fills_the_form_and_the_results_follow(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    text = TEXTS[lang] * 40
    html = f"<html><body><p>{TEXTS['en']}</p><script>ignored()</script></body></html>"
    panel = count_panel(page)
    panel.locator("textarea[name=text]").fill(text)
    panel.locator("input[name=files]").set_input_files(
        [FilePayload(name="page.html", mimeType="text/html", buffer=html.encode())]
    )
    counts = [encoding("o200k_base").count(text), encoding("o200k_base").count(html_text(html))]
    expect_total(page, sum(counts), lang)
    panel.locator("[data-count-use]").click()
    expect(field(page, "tokens")).to_have_value(localized(sum(counts), lang))
    expect(page.locator("#field-corpus")).to_have_value("list")
    expect(page.locator("#field-document_tokens")).to_have_value("\n".join(map(str, counts)))
    plan = calculator.plan_documents(counts, 512, 64)
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", str(plan.chunks), timeout=READY_TIMEOUT_MS
    )
    corpus = calculator.plan_documents(counts, 512, 64)
    expect(page.locator('[data-documents="per_document.chunks"]')).to_have_attribute(
        "data-value", str(corpus.chunks)
    )


@pytest.mark.parametrize("lang", ["pl"])
def test_files_are_counted_and_a_file_that_is_no_utf8_text_gets_its_error(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    files = [
        FilePayload(name="a.md", mimeType="text/markdown", buffer=TEXTS[lang].encode()),
        FilePayload(name="latin1.txt", mimeType="text/plain", buffer="café".encode("latin-1")),
        FilePayload(name="b.txt", mimeType="text/plain", buffer=TEXTS["en"].encode()),
        FilePayload(name="blob.txt", mimeType="text/plain", buffer=b"ab\0cd"),
    ]
    count_panel(page).locator("input[name=files]").set_input_files(files)
    tokens = [encoding("o200k_base").count(TEXTS[lang]), encoding("o200k_base").count(TEXTS["en"])]
    expect_total(page, sum(tokens), lang)
    rows = count_panel(page).locator("[data-count-documents] tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0).locator("[data-count-tokens]")).to_have_attribute(
        "data-value", str(tokens[0])
    )
    expect(rows.nth(1)).to_contain_text(catalog(lang)["count.error_not_utf8"])
    expect(rows.nth(2).locator("[data-count-tokens]")).to_have_attribute(
        "data-value", str(tokens[1])
    )
    expect(rows.nth(3)).to_contain_text(catalog(lang)["count.error_binary"])


def test_the_tokenizer_loads_on_first_use_and_the_text_stays_in_the_page(
    page: Page, site_url: str, page_guard: PageGuard
) -> None:
    open_page(page, site_url, "en")
    assert ranks_requests(page_guard) == []  # not part of the start
    secret = "Quarterly figures nobody outside may read zqxj"
    tokens = paste_and_count(page, secret, "en")
    count_panel(page).locator("[data-count-use]").click()
    expect(field(page, "tokens")).to_have_value(str(tokens))
    fetched = ranks_requests(page_guard)
    assert any(url.endswith("/o200k_base.ranks") for url in fetched), fetched
    assert not any(url.endswith("/cl100k_base.ranks") for url in fetched), fetched
    assert page_guard.foreign_requests == []  # only this site's origin (and blob: URLs)
    for request in page_guard.requests:
        assert "zqxj" not in request.url
        assert "zqxj" not in (request.post_data or "")
    # The shared link carries the counts (the collection's list: the one document's tokens
    # are no field of a list's plan, so they stay out of it), and nothing of the text.
    expect(page).to_have_url(re.compile(rf"[?&]document_tokens={tokens}(&|$)"))
    assert "zqxj" not in page.url
    assert "zqxj" not in str(page.evaluate("[JSON.stringify(localStorage), document.cookie]"))


def test_counting_works_offline_once_the_tokenizer_was_fetched(
    new_page: Callable[..., Page], page_guard: PageGuard, dist: Path, tmp_path: Path
) -> None:
    with serve_site(dist, tmp_path) as url:
        page = first_visit(new_page, page_guard, url)
        open_page(page, url, "en")  # now under the service worker, which kept the build
        paste_and_count(page, TEXTS["en"], "en")
    page.context.set_offline(True)
    open_page(page, url, "en")
    paste_and_count(page, TEXTS["de"], "en")


def test_a_long_text_is_counted_in_slices_while_the_calculator_answers_and_can_be_cancelled(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "en")
    strings = catalog("en")
    panel = count_panel(page)
    paste_and_count(page, TEXTS["en"], "en")  # the tokenizer loaded first
    # Megabytes of words that each differ (none is counted from the tokenizer's memory of
    # pieces), set at once: typing them would take the test's time.
    panel.locator("textarea[name=text]").evaluate(
        "(area) => { area.value = Array.from({ length: 400000 }, (_, i) => `w${i.toString(36)}`)"
        ".join(' '); area.dispatchEvent(new Event('input', { bubbles: true })); }",
    )
    expect(panel.locator("[data-count-status]")).to_contain_text(
        strings["count.progress"].split("{")[0], timeout=COUNT_TIMEOUT_MS
    )
    field(page, "tokens").fill("8000")  # answered between two slices
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", "18"
    )
    expect(panel.locator("[data-count-status]")).to_contain_text(
        strings["count.progress"].split("{")[0]
    )
    panel.locator("[data-count-cancel]").click()
    expect(panel.locator("[data-count-status]")).to_have_text(strings["count.cancelled"])


@pytest.mark.parametrize("lang", ["en"])
def test_the_counted_bytes_per_token_size_the_stored_chunk_text(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    text = TEXTS[lang] * 20
    tokens = paste_and_count(page, text, lang)
    count_panel(page).locator("[data-count-use]").click()
    # Two decimals, written without trailing zeros ("2.9").
    per_token = f"{len(text.encode()) / tokens:.2f}".rstrip("0").rstrip(".")
    shown = per_token if lang == "en" else per_token.replace(".", ",")
    expect(page.locator("#field-text_bytes_per_token")).to_have_value(shown)
    fields = {**DEFAULT_FIELDS, "tokens": str(tokens), "corpus": "list"}
    fields |= {"document_tokens": str(tokens), "text_bytes_per_token": per_token}
    storage = json.loads(respond(json.dumps({"fields": fields})))["storage"]
    expect(
        page.locator('#storage [data-life-row="text_bytes"] [data-life-value]')
    ).to_have_attribute("data-value", storage["text_bytes"], timeout=READY_TIMEOUT_MS)


@pytest.mark.parametrize("lang", ["pl"])
def test_the_chosen_document_is_drawn_in_the_calculators_chunks(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    text = TEXTS[lang] * 6
    field(page, "chunk_size").fill("40")
    field(page, "overlap").fill("10")
    panel = count_panel(page)
    tokens = paste_and_count(page, text, lang)
    view = panel.locator("[data-count-chunks]")
    expect(view).to_be_visible()
    expect(view.locator("[data-count-chunks-document] option")).to_have_text(
        [catalog(lang)["count.pasted_name"]]
    )
    plan = calculator.plan_chunks(tokens, 40, 10)
    assert 1 < plan.chunks <= 30  # every chunk drawn
    summary = view.locator("[data-count-chunks-summary]")
    expect(summary).to_have_attribute("data-chunks", str(plan.chunks), timeout=COUNT_TIMEOUT_MS)
    expect(view.locator("[data-chunk-number]")).to_have_count(plan.chunks)
    expect(view.locator("[data-overlap]").first).to_be_attached()
    expect(view.locator("[data-count-chunks-shown]")).to_be_hidden()
    # The drawn text is the text, each overlap drawn once.
    drawn = view.locator("[data-count-chunks-text]").evaluate(
        "(box) => [...box.children].filter((node) => !node.dataset.chunkNumber)"
        ".map((node) => node.lastChild.textContent).join('')"
    )
    assert drawn == text
    # Another overlap in the calculator's form splits the text again.
    field(page, "overlap").fill("0")
    unlapped = calculator.plan_chunks(tokens, 40, 0)
    expect(summary).to_have_attribute("data-chunks", str(unlapped.chunks), timeout=READY_TIMEOUT_MS)
    expect(view.locator("[data-chunk-number]")).to_have_count(unlapped.chunks)
    expect(view.locator("[data-overlap]")).to_have_count(0)
    # A file is read again from the page for its view, as it was counted (HTML as its text).
    html = f"<p>{TEXTS['en'] * 3}</p><script>ignored()</script>"
    panel.locator("input[name=files]").set_input_files(
        [FilePayload(name="page.html", mimeType="text/html", buffer=html.encode())]
    )
    file_tokens = encoding("o200k_base").count(html_text(html))
    expect_total(page, tokens + file_tokens, lang)
    view.locator("[data-count-chunks-document]").select_option("page.html")
    in_file = calculator.plan_chunks(file_tokens, 40, 0)
    expect(summary).to_have_attribute("data-chunks", str(in_file.chunks), timeout=COUNT_TIMEOUT_MS)
    expect(view.locator("[data-chunk-number]")).to_have_count(in_file.chunks)
    expect(view.locator("[data-count-chunks-text]")).not_to_contain_text("ignored")


# What a list's look is made of; the font in particular: the browser's own is Arial at 13.33px.
LOOK = """(select) => {
  const style = getComputedStyle(select);
  return ["font-family", "font-size", "padding-top", "padding-left", "border-top-width",
    "border-top-style", "border-top-color", "border-top-left-radius", "color", "background-color"]
    .map((name) => [name, style.getPropertyValue(name)]);
}"""


def test_the_panels_lists_look_like_the_calculators(page: Page, site_url: str) -> None:
    open_page(page, site_url, "en")
    calculators = page.locator("#calculator-form .field select").first.evaluate(LOOK)
    panel = count_panel(page)
    assert panel.locator("#count-encoding").evaluate(LOOK) == calculators
    paste_and_count(page, TEXTS["en"], "en")  # the document list shows once there is a count
    documents = panel.locator("[data-count-chunks-document]")
    expect(documents).to_be_visible()
    assert documents.evaluate(LOOK) == calculators
