"""Counting never holds the calculator: a text without a place to cut (a million "a", three
megabytes of Chinese without spaces) is counted in bounded slices, so an edit is answered and a
cancel heard within a second while it is counted; a paste too long for the text box is counted
as a file.

The times seen are printed (``pytest -s``): they are the acceptance's figures, asserted only
against the second a visitor would notice.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Locator, Page, expect

from browser.test_count import COUNT_TIMEOUT_MS, TEXTS, count_panel, encoding, paste_and_count
from browser.test_page import catalog, field, open_page

# The texts, made in the page (sending megabytes through the driver would take the test's time).
RUNS = {
    "a": "'a'.repeat(1_000_000)",
    # A million CJK ideographs, each 3 UTF-8 bytes: one pre-tokenizer piece of 3 MB.
    "cjk": "Array.from({ length: 1_000_000 }, (_, i) => "
    "String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('')",
}
# What a visitor would notice: an answer or a cancel later than this.
NOTICED_S = 1.0
# The page's pause after typing in the text box before it counts (PAUSE_MS.count, page-context.js).
COUNT_PAUSE_S = 0.3
POLL_S = 0.01


def status(page: Page) -> Locator:
    return count_panel(page).locator("[data-count-status]")


def seconds_until(page: Page, script: str, timeout_s: float = 30.0) -> float:
    """Seconds until ``script`` (evaluated in the page, polled) is true."""
    started = time.monotonic()
    while not page.evaluate(script):
        if time.monotonic() - started > timeout_s:
            raise AssertionError(f"not true after {timeout_s} s: {script}")
        time.sleep(POLL_S)
    return time.monotonic() - started


def start_long_count(page: Page, run: str) -> None:
    """Loads the tokenizer with a short count, then sets the text box to the long run."""
    paste_and_count(page, TEXTS["en"], "en")
    count_panel(page).locator("textarea[name=text]").evaluate(
        f"(area) => {{ area.value = {RUNS[run]};"
        " area.dispatchEvent(new Event('input', { bubbles: true })); }"
    )
    counting = catalog("en")["count.progress"].split("{")[0]
    expect(status(page)).to_contain_text(counting, timeout=COUNT_TIMEOUT_MS)


@pytest.mark.parametrize("run", list(RUNS))
def test_an_edit_is_answered_within_a_second_while_a_run_without_breaks_is_counted(
    page: Page, site_url: str, run: str
) -> None:
    open_page(page, site_url, "en")
    start_long_count(page, run)
    counting = catalog("en")["count.progress"].split("{")[0]
    for tokens, chunks in (("8000", "18"), ("2500", "6"), ("200000", "447")):
        field(page, "tokens").fill(tokens)
        seen = seconds_until(
            page,
            "document.querySelector('.result-list [data-result=\"chunks\"]')"
            f".dataset.value === '{chunks}'",
        )
        still = status(page).text_content() or ""
        print(f"{run}: {tokens} tokens answered in {seen:.3f} s while {still!r}")
        assert counting in still  # answered while the count went on
        assert seen < NOTICED_S


@pytest.mark.parametrize("run", list(RUNS))
def test_a_cancel_takes_effect_within_a_second_while_a_run_without_breaks_is_counted(
    page: Page, site_url: str, run: str
) -> None:
    open_page(page, site_url, "en")
    start_long_count(page, run)
    panel = count_panel(page)
    panel.locator("[data-count-cancel]").click()
    expect(status(page)).to_have_text(catalog("en")["count.cancelled"])
    # The worker is free again once the slice it was counting ends: a short text, counted
    # after the text box's pause, is the proof.
    short = "Cancelled, then counted."
    tokens = encoding("o200k_base").count(short)
    started = time.monotonic()
    panel.locator("textarea[name=text]").fill(short)
    seconds_until(
        page,
        f"document.querySelector('[data-result=\"text_tokens\"]').dataset.value === '{tokens}'",
    )
    seen = time.monotonic() - started - COUNT_PAUSE_S
    print(f"{run}: the next count answered {seen:.3f} s after the pause that follows a cancel")
    assert seen < NOTICED_S


# Just over 2^21 UTF-16 code units of text, made in the page.
LONG_TEXT = "Plan the chunks. "
LONG_REPEATS = (1 << 21) // len(LONG_TEXT) + 1
PASTE = (
    "(area, [text, repeats]) => { const data = new DataTransfer();"
    " data.setData('text/plain', text.repeat(repeats));"
    " area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data,"
    " bubbles: true, cancelable: true })); }"
)
PASTE_CARRIES_DATA = (
    "(() => { const data = new DataTransfer(); data.setData('text/plain', 'x');"
    " const event = new ClipboardEvent('paste', { clipboardData: data });"
    " return event.clipboardData?.getData('text/plain') === 'x'; })()"
)
SET_VALUE = (
    "(area, [text, repeats]) => { area.value = text.repeat(repeats);"
    " area.dispatchEvent(new Event('input', { bubbles: true })); }"
)


@pytest.mark.parametrize("how", ["pasted", "dropped"])
def test_a_text_too_long_for_the_text_box_is_counted_as_a_pasted_file(
    page: Page, site_url: str, how: str
) -> None:
    open_page(page, site_url, "en")
    strings = catalog("en")
    panel = count_panel(page)
    area = panel.locator("textarea[name=text]")
    paste_and_count(page, TEXTS["en"], "en")
    if how == "pasted":
        # Firefox gives a synthetic paste event no clipboard data, unlike a visitor's paste.
        if not page.evaluate(PASTE_CARRIES_DATA):
            pytest.skip("this engine's synthetic paste events carry no data")
        area.select_text()  # the paste replaces it
        area.evaluate(PASTE, [LONG_TEXT, LONG_REPEATS])
    else:  # put into the box by other means than a paste (a drop, say)
        area.evaluate(SET_VALUE, [LONG_TEXT, LONG_REPEATS])
    text = LONG_TEXT * LONG_REPEATS
    expect(area).to_have_value("")
    expect(panel.locator("[data-count-pasted]")).to_be_visible()
    expect(panel.locator("[data-count-pasted]")).to_have_text(strings["count.pasted_as_file"])
    row = panel.locator(
        f'[data-count-documents] tr[data-document="{strings["count.pasted_name"]}"]'
    )
    expect(row.locator("[data-count-tokens]")).to_have_attribute(
        "data-value", str(encoding("o200k_base").count(text)), timeout=COUNT_TIMEOUT_MS
    )
    expect(panel.locator("[data-count-documents] tr")).to_have_count(1)
    area.fill("typed")  # typing in the box replaces the pasted text
    expect(panel.locator("[data-count-pasted]")).to_be_hidden()
    expect(panel.locator("[data-count-documents] tr")).to_have_count(1)
    expect(row.locator("[data-count-tokens]")).to_have_attribute(
        "data-value", str(encoding("o200k_base").count("typed"))
    )
