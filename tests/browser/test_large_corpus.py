"""A real corpus fits the page: 10,000 documents' chunk lengths are a distribution (its four
figures and a histogram), not a list of every length, and the results stay within one and a
half screens, on the page and in an embedded frame.

The expected figures come from ``calculator._distribution`` and the catalogs, never from the
page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import FilePayload, Page, ViewportSize, expect

import calculator
from browser.conftest import READY_TIMEOUT_MS
from browser.test_count import count_panel, encoding, expect_total
from browser.test_page import catalog, localized, open_page
from browser.test_panels import message, plural, tokens
from calculator._distribution import distribution
from calculator.protocol import LENGTH_BINS
from calculator.protocol._query import link_from_fields

VIEWPORT: ViewportSize = {"width": 1280, "height": 800}
# The most the results may take, in viewport heights.
MOST_SCREENS = 1.5
# 10,000 documents of 300 to 2,299 tokens: 512-token chunks of every last length.
LENGTHS = [300 + (index * 37) % 2000 for index in range(10_000)]
RESULTS_HEIGHT = "() => document.getElementById('results').getBoundingClientRect().height"
DOCUMENT_HEIGHT = "() => document.documentElement.getBoundingClientRect().height"
PART_HEIGHTS = """() => [
  ...document.querySelectorAll(".inputs fieldset > *, #results, .chunk-map-section > *"),
].map((e) => [e.tagName + "." + e.className, Math.round(e.getBoundingClientRect().height)])"""


def open_corpus(page: Page, site_url: str, lang: str, extra: str = "") -> None:
    """The page of ``lang`` at 1280 × 800 on a link of the 10,000 documents (their list in the
    fragment), once its results are the corpus's."""
    link = link_from_fields({"corpus": "list", "document_tokens": "\n".join(map(str, LENGTHS))})
    assert link.fragment.startswith("list=")
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{site_url}{lang}/?{link.query}{extra}#{link.fragment}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    corpus = calculator.plan_documents(LENGTHS, 512, 64)
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", str(corpus.chunks), timeout=30_000
    )


@pytest.mark.parametrize("lang", ["pt", "pl"])
def test_chunk_lengths_are_a_distribution(page: Page, site_url: str, lang: str) -> None:
    open_corpus(page, site_url, lang)
    corpus = calculator.plan_documents(LENGTHS, 512, 64)
    expected = distribution((group.count, group.length) for group in corpus.length_groups)
    assert len(expected.groups) > 400  # every last length: a list would be pages long
    expect(page.locator('[data-result="length_groups"]')).to_be_hidden()
    figures = page.locator("[data-length-distribution]")
    expect(figures).to_be_visible()
    for key, value in (
        ("least", expected.least),
        ("median", expected.median),
        ("p95", expected.p95),
        ("most", expected.most),
    ):
        figure = figures.locator(f'[data-length-figure="{key}"]')
        expect(figure).to_have_attribute("data-value", str(value))
        expect(figure).to_have_text(tokens(value, lang))
    rows = figures.locator("[data-length-bins] tr")
    bins = expected.histogram(LENGTH_BINS)
    expect(rows).to_have_count(len(bins))
    for index, (first, last, chunks) in enumerate(bins):
        row = rows.nth(index)
        expect(row.locator("th")).to_have_text(f"{localized(first, lang)}–{localized(last, lang)}")
        expect(row.locator(".length-bin-count")).to_have_attribute("data-value", str(chunks))
        expect(row.locator(".length-bin-count")).to_have_text(localized(chunks, lang))
    assert sum(chunks for _, _, chunks in bins) == corpus.chunks


@pytest.mark.parametrize("lang", ["de", "it"])
def test_the_results_of_10000_documents_fit_one_and_a_half_screens(
    page: Page, site_url: str, lang: str
) -> None:
    open_corpus(page, site_url, lang)
    height = page.evaluate(RESULTS_HEIGHT)
    assert 0 < height <= MOST_SCREENS * VIEWPORT["height"], height


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_an_embedded_frame_of_10000_documents_fits_one_and_a_half_screens(
    page: Page, site_url: str, lang: str
) -> None:
    """In the embed, the results with the corpus take at most one and a half screens, and so
    does the embed's whole document (the height its frame grows to), at most half a screen
    more than with the one document of the default inputs."""
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{site_url}{lang}/?embed=1")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    one_document = page.evaluate(DOCUMENT_HEIGHT)
    open_corpus(page, site_url, lang, "&embed=1")
    expect(page.locator("[data-length-distribution]")).to_be_visible()
    results = page.evaluate(RESULTS_HEIGHT)
    assert 0 < results <= MOST_SCREENS * VIEWPORT["height"], results
    height = page.evaluate(DOCUMENT_HEIGHT)
    assert height <= one_document + VIEWPORT["height"] / 2, (height, one_document)
    # Side by side, the taller column is the frame: say each column's parts when it fails.
    parts = page.evaluate(PART_HEIGHTS)
    assert height <= MOST_SCREENS * VIEWPORT["height"], f"{height} {one_document} {parts}"


def test_a_few_lengths_stay_listed(page: Page, site_url: str) -> None:
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{site_url}en/?document_tokens=1200%0A800%0A5000")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    corpus = calculator.plan_documents([1200, 800, 5000], 512, 64)
    assert len(corpus.length_groups) <= 4
    listed = " + ".join(f"{group.count} × {group.length}" for group in corpus.length_groups)
    expect(page.locator('.result-list [data-result="length_groups"]')).to_have_text(listed)
    expect(page.locator("[data-length-distribution]")).to_be_hidden()


def test_the_counts_of_many_files_are_a_closed_table_a_page_at_a_time(
    page: Page, site_url: str
) -> None:
    """120 counted files: their table is closed until asked for, then 50 rows a page."""
    open_page(page, site_url, "it")
    files = [
        FilePayload(name=f"doc-{index:03}.txt", mimeType="text/plain", buffer=b"word " * index)
        for index in range(1, 121)
    ]
    panel = count_panel(page)
    panel.locator("input[name=files]").set_input_files(files)
    o200k = encoding("o200k_base")
    expect_total(page, sum(o200k.count("word " * index) for index in range(1, 121)), "it")
    details = panel.locator("[data-count-per-document]")
    documents = plural("it", catalog("it")["plural.documents"], 120)
    expect(details.locator("summary")).to_have_text(
        message("it", "count.per_document", documents=documents)
    )
    assert details.evaluate("details => details.open") is False
    rows = panel.locator("[data-count-documents] tr")
    expect(rows.first).to_be_hidden()
    details.locator("summary").click()
    expect(rows).to_have_count(50)
    expect(rows.first).to_have_attribute("data-document", "doc-001.txt")
    shown = panel.locator("[data-count-rows-shown]")
    expect(shown).to_have_text(message("it", "count.rows_shown", first="1", last="50", total="120"))
    previous, following = (
        panel.locator('[data-count-page="-1"]'),
        panel.locator('[data-count-page="1"]'),
    )
    expect(previous).to_be_disabled()
    following.click()
    following.click()
    expect(rows).to_have_count(20)
    expect(rows.first).to_have_attribute("data-document", "doc-101.txt")
    expect(rows.last.locator("[data-count-tokens]")).to_have_attribute(
        "data-value", str(o200k.count("word " * 120))
    )
    expect(shown).to_have_text(
        message("it", "count.rows_shown", first="101", last="120", total="120")
    )
    expect(following).to_be_disabled()
    previous.click()
    expect(rows.first).to_have_attribute("data-document", "doc-051.txt")
