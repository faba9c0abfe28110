"""Retrieval measured in the page ("Measure retrieval on your sample", evaluate-panel.js and
web/worker/evaluate.js): the built-in example evaluates, each setting's measures equal the
command line's ``--evaluate`` on the same files, the visitor's own set is measured on the
counted text, a bad set is its error in the page's language next to the field, and a
cancel takes effect within a second.  The page guard fails any request outside the site."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

import build
from browser.test_count import COUNT_TIMEOUT_MS, count_panel, paste_and_count
from browser.test_page import catalog, open_page
from calculator._decimals import decimal_text
from calculator._retrievers import MEASURES
from calculator.cli import main

EXAMPLES = build.ROOT / "web" / "examples"
EVALUATION_TIMEOUT_MS = 180_000


def evaluation(page: Page) -> Locator:
    return count_panel(page).locator("[data-count-evaluate]")


def measured_rows(page: Page) -> dict[tuple[int, int], dict[str, Fraction]]:
    """Each painted setting's exact measures, by (chunk size, overlap)."""
    rows = page.evaluate(
        """() => [...document.querySelectorAll("[data-evaluate-rows] tr")].map((row) => ({
          size: Number(row.dataset.chunkSize), overlap: Number(row.dataset.overlap),
          current: row.dataset.current !== undefined,
          measures: Object.fromEntries([...row.querySelectorAll("[data-measure]")].map(
            (cell) => [cell.dataset.measure, cell.dataset.exact])),
        }))"""
    )
    assert rows and rows[0]["current"], rows
    return {
        (row["size"], row["overlap"]): {k: Fraction(v) for k, v in row["measures"].items()}
        for row in rows
    }


def command_line(
    capsys: pytest.CaptureFixture[str], questions: Path, *argv: str
) -> dict[tuple[int, int], dict[str, Fraction]]:
    """The command line's measures of every trade-off setting on the example's files."""
    documents = sorted((EXAMPLES / "documents").glob("*.txt"))
    status = main([
        "--count", *map(str, documents), "--evaluate", str(questions), "--tradeoff", "--json",
        "--ranks", str(build.TOKEN_RANKS), *argv,
    ])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    settings = json.loads(out)["evaluation"]["settings"]
    return {
        (entry["chunk_size"], entry["overlap"]): {
            name: Fraction(entry[name]["exact"]) for name in MEASURES
        }
        for entry in settings
    }


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_example_measures_what_the_command_line_does(
    page: Page, site_url: str, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    open_page(page, site_url, lang, "?chunk_size=256&overlap=32")
    box = evaluation(page)
    box.locator("[data-evaluate-example]").click()
    expect(box).to_have_attribute("data-evaluate-state", "done", timeout=EVALUATION_TIMEOUT_MS)
    expect(box.locator("[data-evaluate-set-error]")).to_have_text("")
    # The example's set is shown, in the page's language.
    shown = box.locator("#count-evaluate-set").input_value()
    assert shown == (EXAMPLES / f"questions.{lang}.jsonl").read_text(encoding="utf-8")
    page_rows = measured_rows(page)
    expected = command_line(
        capsys, EXAMPLES / f"questions.{lang}.jsonl", "--chunk-size", "256", "--overlap", "32",
        "--encoding", "o200k_base",
    )  # fmt: skip
    assert (256, 32) in page_rows
    for window, measures in page_rows.items():
        assert measures == expected[window], window
    assert len(page_rows) == len(expected) > 30  # every setting of the trade-off's grid
    # Each setting's cost to the planned corpus is the trade-off's point of its window.
    current = box.locator("[data-evaluate-rows] tr[data-current]")
    chunks = page.locator('.result-list [data-result="chunks"]').text_content()
    expect(current.locator('[data-evaluate-cost="chunks"]')).to_have_text(chunks or "")
    strings = catalog(lang)
    expect(box.locator("[data-evaluate-summary]")).to_contain_text(
        strings["evaluate.example_summary"].split("{")[0]
    )


def test_the_visitors_set_on_counted_text_and_its_errors(page: Page, site_url: str) -> None:
    open_page(page, site_url, "de")
    strings = catalog("de")
    text = (EXAMPLES / "documents" / "rag-planen.de.txt").read_text(encoding="utf-8")
    paste_and_count(page, text, "de")
    box = evaluation(page)
    area = box.locator("#count-evaluate-set")
    # An excerpt the text does not hold: the line named, in German, next to the field.
    area.fill('{"question": "Was?", "excerpt": "nicht im Text"}\n')
    box.locator("[data-evaluate-run]").click()
    error = box.locator("[data-evaluate-set-error]")
    expect(error).to_contain_text("1", timeout=EVALUATION_TIMEOUT_MS)
    assert (error.text_content() or "").startswith(strings["evaluation_set.not_found"][:4])
    expect(box).to_have_attribute("data-evaluate-state", "done")
    # A CSV of two questions whose excerpts the text holds.
    first, second = text[200:320], text[900:1000]
    rows = ["question,excerpt", f'"Wie planen?","{first}"', f'"Was kostet es?","{second}"']
    area.fill("\n".join(rows) + "\n")
    box.locator("#count-evaluate-top-k").fill("2")
    # The click waits as long as a measure may: in a fresh-clone CI run (both engines' tests
    # at once, load average 8 on 2 cores) this button once took over 30 s to be clickable.
    box.locator("[data-evaluate-run]").click(timeout=EVALUATION_TIMEOUT_MS)
    expect(box).to_have_attribute("data-evaluate-state", "done", timeout=EVALUATION_TIMEOUT_MS)
    expect(error).to_have_text("")
    expect(box.locator("[data-evaluate-results]")).to_have_attribute("data-questions", "2")
    # A k that is no whole number is refused next to its field.
    box.locator("#count-evaluate-top-k").fill("zwei")
    box.locator("[data-evaluate-run]").click()
    expect(box.locator("[data-evaluate-top-k-error]")).to_have_text(strings["errors.not_whole"])


def test_a_cancel_takes_effect_within_a_second(page: Page, site_url: str) -> None:
    open_page(page, site_url, "en", "?chunk_size=64&overlap=32")
    box = evaluation(page)
    box.locator("#count-evaluate-retriever").select_option("hybrid")
    box.locator("#count-evaluate-dimensions").select_option("256")
    box.locator("[data-evaluate-example]").click()
    status = box.locator("[data-evaluate-status]")
    measuring = catalog("en")["evaluate.progress"].split("{")[0]
    expect(status).to_contain_text(measuring, timeout=EVALUATION_TIMEOUT_MS)
    started = time.monotonic()
    box.locator("[data-evaluate-cancel]").click()
    expect(box).to_have_attribute("data-evaluate-state", "cancelled", timeout=5_000)
    waited = time.monotonic() - started
    print(f"cancelled {waited:.3f} s after the click")
    assert waited < 1.0
    expect(status).to_have_text(catalog("en")["evaluate.cancelled"])
    # The worker is free at once: a short text is counted.
    paste_and_count(page, "Counted after the cancel.", "en")
    assert COUNT_TIMEOUT_MS  # (paste_and_count waited for the exact count)


def test_nothing_of_the_evaluation_is_fetched_before_it_is_asked_for(
    page: Page, site_url: str
) -> None:
    fetched: list[str] = []
    page.context.on("request", lambda request: fetched.append(request.url))
    open_page(page, site_url, "it")
    assert not [url for url in fetched if "retrieval" in url or "wordllama" in url]
    box = evaluation(page)
    box.locator("[data-evaluate-example]").click()
    expect(box).to_have_attribute("data-evaluate-state", "done", timeout=EVALUATION_TIMEOUT_MS)
    # BM25 needs the evaluation's code, never the model.
    assert [url for url in fetched if url.endswith("/retrieval.zip")]
    assert not [url for url in fetched if "wordllama" in url]


def test_the_tradeoff_shows_the_measured_recall_at_each_window(page: Page, site_url: str) -> None:
    open_page(page, site_url, "pt", "?chunk_size=256&overlap=32")
    box = evaluation(page)
    box.locator("[data-evaluate-example]").click()
    expect(box).to_have_attribute("data-evaluate-state", "done", timeout=EVALUATION_TIMEOUT_MS)
    measured = measured_rows(page)
    tradeoff = page.locator("[data-tradeoff]")
    tradeoff.scroll_into_view_if_needed()
    recall = tradeoff.locator('[name="tradeoff-figure"][value="recall"]')
    expect(recall).to_be_enabled(timeout=EVALUATION_TIMEOUT_MS)
    # The grid's answer for the panel now on screen painted: an answer still on its way could
    # repaint the figure choice as the click lands.
    expect(tradeoff).to_have_attribute("data-state", "ready", timeout=EVALUATION_TIMEOUT_MS)
    expect(recall).to_be_enabled()
    recall.check()
    cells = tradeoff.locator("td[data-chunk-size]")
    expect(cells.first).not_to_have_attribute("data-value", "")
    shown = cells.evaluate_all(
        "(cells) => cells.map((cell) => [cell.dataset.chunkSize, cell.dataset.overlap,"
        " cell.dataset.value])"
    )
    assert len(shown) == len(measured)
    for size, overlap, value in shown:
        exact = measured[int(size), int(overlap)]["recall"]
        assert value == decimal_text(exact, places=6), (size, overlap)
