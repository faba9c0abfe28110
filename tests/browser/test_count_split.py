"""Your text as your splitter cuts it: a pasted text split in the page by each splitter gives the
library's chunks and their ratio to the window model, and splitting a long document leaves the
calculator answering.

Expected chunks come from LangChain's and LlamaIndex's own splitters (tests/test_splitters.py's
references, measuring with tiktoken built from the project's rank files), the window model's
from calculator.plan_chunks.
"""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from playwright.sync_api import Locator, Page, expect

import calculator
from browser.test_count import COUNT_TIMEOUT_MS, count_panel, encoding, paste_and_count
from browser.test_count_slices import NOTICED_S, seconds_until
from browser.test_page import catalog, field, open_page
from calculator._decimals import decimal_text
from test_splitters import library, prose

SPLITTERS = ("recursive", "markdown", "sentence")


def summary(page: Page) -> Locator:
    return count_panel(page).locator("[data-count-chunks-summary]")


def split_status(page: Page) -> Locator:
    return count_panel(page).locator("[data-count-split-status]")


@pytest.mark.parametrize(("lang", "seed"), [("en", 3), ("pl", 8)])
def test_each_splitter_shows_the_librarys_chunks_and_the_ratio_to_the_window_model(
    page: Page, site_url: str, lang: str, seed: int
) -> None:
    open_page(page, site_url, lang)
    field(page, "chunk_size").fill("100")
    field(page, "overlap").fill("10")
    text = prose(seed).replace("\r\n", "\n").replace("\r", "\n")  # as a text box holds it
    tokens = paste_and_count(page, text, lang)
    window = calculator.plan_chunks(tokens, 100, 10)
    panel = count_panel(page)
    about = panel.locator("[data-count-splitter-about]")
    for splitter in SPLITTERS:
        chunks = library(splitter, "o200k_base", text, 100, 10)
        panel.locator("[data-count-splitter]").select_option(splitter)
        expect(about).to_have_text(catalog(lang)[f"count.splitter_about.{splitter}"])
        expect(summary(page)).to_have_attribute("data-splitter", splitter, timeout=COUNT_TIMEOUT_MS)
        expect(summary(page)).to_have_attribute("data-chunks", str(len(chunks)))
        ratio = decimal_text(Fraction(len(chunks), window.chunks), 3)
        expect(summary(page)).to_have_attribute("data-ratio", ratio)
        shown = min(len(chunks), 30)
        expect(panel.locator("[data-count-chunks-text] [data-chunk-tokens]")).to_have_count(shown)
        # The whole sample's row of this splitter, beside the window model's.
        row = panel.locator(f'[data-count-splitters] tr[data-splitter="{splitter}"]')
        expect(row.locator("[data-splitter-chunks]")).to_have_attribute(
            "data-value", str(len(chunks)), timeout=COUNT_TIMEOUT_MS
        )
        expect(row.locator("[data-splitter-chunks]")).to_have_attribute("data-ratio", ratio)
    window_row = panel.locator('[data-count-splitters] tr[data-splitter="window"]')
    expect(window_row.locator("[data-splitter-chunks]")).to_have_attribute(
        "data-value", str(window.chunks)
    )


# About a megabyte of prose without a tokenizer's shortcut (no two words alike), made in the page.
MEGABYTE = (
    "Array.from({ length: 14000 }, (_, i) => `Paragraph ${i.toString(36)}: `"
    " + Array.from({ length: 12 }, (_, j) => `w${(i * 12 + j).toString(36)}`).join(' ')"
    " + '.').join('\\n\\n')"
)


def test_splitting_a_megabyte_leaves_the_calculator_answering_and_can_be_cancelled(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "en")
    strings = catalog("en")
    panel = count_panel(page)
    paste_and_count(page, "Loaded first.", "en")
    panel.locator("textarea[name=text]").evaluate(
        f"(area) => {{ area.value = {MEGABYTE};"
        " area.dispatchEvent(new Event('input', { bubbles: true })); }"
    )
    size = int(panel.locator("textarea[name=text]").evaluate("(area) => area.value.length"))
    assert size > 900_000
    expect(panel.locator("[data-result=text_tokens]")).not_to_have_attribute(
        "data-value", str(encoding("o200k_base").count("Loaded first.")), timeout=COUNT_TIMEOUT_MS
    )
    panel.locator("[data-count-splitter]").select_option("sentence")
    splitting = strings["count.split_progress"].split("{")[0]
    expect(split_status(page)).to_contain_text(splitting, timeout=COUNT_TIMEOUT_MS)
    for tokens, chunks in (("8000", "18"), ("2500", "6")):
        field(page, "tokens").fill(tokens)
        seen = seconds_until(
            page,
            "document.querySelector('.result-list [data-result=\"chunks\"]')"
            f".dataset.value === '{chunks}'",
        )
        still = split_status(page).text_content() or ""
        print(f"{tokens} tokens answered in {seen:.3f} s while {still!r}")
        assert splitting in still  # answered while the split went on
        assert seen < NOTICED_S
    started = time.monotonic()
    panel.locator("[data-count-split-cancel]").click()
    expect(split_status(page)).to_have_text(strings["count.split_cancelled"])
    # An answer that changes no chunking does not cut the cancelled text again.
    field(page, "tokens").fill("8000")
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", "18"
    )
    page.wait_for_timeout(500)  # past the sharing module's debounce and the answer's paint
    expect(split_status(page)).to_have_text(strings["count.split_cancelled"])
    # The worker is free again at once: a short text is counted and split.
    panel.locator("textarea[name=text]").fill("Cancelled. Then split.")
    expect(summary(page)).to_have_attribute("data-chunks", "1", timeout=COUNT_TIMEOUT_MS)
    print(f"split again {time.monotonic() - started:.3f} s after the cancel")
