"""The splitter chosen in the counter, once its documents are the corpus, makes the plan: the
results are its chunks, measured (said above them), the same figures the command line's
``--count DIR --splitter … --json`` gives for the same files; a chunk size the split was not
made at goes back to the window model until the splitter has cut the documents again.

Expected chunks come from LangChain's own splitter (tests/test_splitters.py's reference).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import calculator
from browser.conftest import READY_TIMEOUT_MS
from browser.test_count import COUNT_TIMEOUT_MS, count_panel, encoding
from browser.test_count_models import drop
from browser.test_page import catalog, field, fill, open_page
from calculator.cli import main
from hf_references import bert_reference
from test_splitters import library, prose


def result(page: Page, key: str) -> str:
    return page.locator(f'.result-list [data-result="{key}"]').get_attribute("data-value") or ""


def expect_result(page: Page, key: str, value: int) -> None:
    expect(page.locator(f'.result-list [data-result="{key}"]')).to_have_attribute(
        "data-value", str(value), timeout=READY_TIMEOUT_MS
    )


@pytest.mark.parametrize("lang", ["de", "it"])
def test_the_chosen_splitters_chunks_are_the_plan_as_on_the_command_line(
    page: Page,
    site_url: str,
    lang: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = [(f"doc-{seed}.txt", prose(seed).replace("\r\n", "\n")) for seed in (2, 5, 9)]
    open_page(page, site_url, lang, "?database=pgvector&price_per_million=0.02")
    field(page, "chunk_size").fill("120")
    field(page, "overlap").fill("20")
    field(page, "dimensions").fill("384")
    panel = count_panel(page)
    drop(page, files)
    o200k = encoding("o200k_base")
    tokens = [o200k.count(text) for _, text in files]
    expect(panel.locator("[data-count-use]")).to_be_enabled(timeout=COUNT_TIMEOUT_MS)
    panel.locator("[data-count-splitter]").select_option("recursive")
    row = panel.locator('[data-count-splitters] tr[data-splitter="recursive"]')
    chunks = [library("recursive", "o200k_base", text, 120, 20) for _, text in files]
    expected = sum(map(len, chunks))
    expect(row.locator("[data-splitter-chunks]")).to_have_attribute(
        "data-value", str(expected), timeout=COUNT_TIMEOUT_MS
    )
    panel.locator("[data-count-use]").click()
    note = page.locator("[data-chunker-note]")
    expect(note).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(note).to_have_attribute("data-chunker", "recursive")
    splitter = catalog(lang)["count.splitter.recursive"]
    expect(note).to_have_text(fill(catalog(lang)["results.chunker_note"], splitter=splitter))
    processed = sum(len(o200k.encode(chunk)) for document in chunks for chunk in document)
    expect_result(page, "chunks", expected)
    expect_result(page, "tokens_processed", processed)
    expect_result(page, "raw_vector_bytes", expected * 384 * 4)
    window = calculator.plan_documents(tokens, 120, 20)
    assert window.chunks != expected  # (else the test would show nothing)

    # The command line, on the same files, says the same.
    for name, text in files:
        (tmp_path / name).write_text(text, encoding="utf-8")
    status = main([
        "--count", str(tmp_path), "--splitter", "recursive", "--chunk-size", "120",
        "--overlap", "20", "--dimensions", "384", "--database", "pgvector",
        "--price-per-million", "0.02", "--new-chunk-size", "512", "--new-overlap", "128",
        "--json",
    ])  # fmt: skip
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert (report["chunks"], report["tokens_processed"], report["raw_vector_bytes"]) == (
        expected, processed, expected * 384 * 4,
    )  # fmt: skip
    # The storage as pgvector stores it and the cost: the page's are the command line's.
    total = page.locator('#storage [data-database-row="total"] [data-life-value]')
    expect(total).to_have_attribute("data-value", str(report["storage"]["total_bytes"]))
    expect(page.locator('#cost [data-cost="one_time"]')).to_have_attribute(
        "data-amount", report["cost"]["one_time"]
    )
    # The re-indexing at the page's default new window (512/128): the documents split again
    # there in the worker, a chunk reused where its document had one of exactly its text.
    for key in ("reused_chunks", "chunks_to_embed", "chunks_to_delete", "tokens_to_embed"):
        value = page.locator(f'#reindex [data-life-row="{key}"] [data-life-value]')
        expect(value).to_have_attribute("data-value", str(report["reindex"][key]))

    # Another chunk size: the window model until the splitter has cut the documents again,
    # then the splitter's chunks at the new size.
    field(page, "chunk_size").fill("90")
    again = [library("recursive", "o200k_base", text, 90, 20) for _, text in files]
    expect_result(page, "chunks", sum(map(len, again)))
    expect(note).to_be_visible()
    assert result(page, "tokens_processed") == str(
        sum(len(o200k.encode(chunk)) for document in again for chunk in document)
    )


@pytest.mark.parametrize("lang", ["pl"])
def test_every_point_of_the_tradeoff_is_the_splitters_chunks(
    page: Page, site_url: str, lang: str
) -> None:
    """The trade-off of a splitter's plan: the documents split again at every window in the
    worker, progress said; then every point's chunks are the library's at that window."""
    files = [(f"doc-{seed}.txt", prose(seed).replace("\r\n", "\n")) for seed in (3, 7)]
    open_page(page, site_url, lang)
    field(page, "chunk_size").fill("256")
    field(page, "overlap").fill("32")
    panel = count_panel(page)
    drop(page, files)
    expect(panel.locator("[data-count-use]")).to_be_enabled(timeout=COUNT_TIMEOUT_MS)
    panel.locator("[data-count-splitter]").select_option("recursive")
    row = panel.locator('[data-count-splitters] tr[data-splitter="recursive"]')
    expect(row.locator("[data-splitter-chunks]")).not_to_have_attribute(
        "data-value", "", timeout=COUNT_TIMEOUT_MS
    )
    panel.locator("[data-count-use]").click()
    expect(page.locator("[data-chunker-note]")).to_be_visible(timeout=READY_TIMEOUT_MS)
    page.locator("#tradeoff").scroll_into_view_if_needed()
    status = page.locator("[data-tradeoff-split]")
    expect(status).to_have_attribute("data-state", "done", timeout=COUNT_TIMEOUT_MS * 3)
    splitter = catalog(lang)["count.splitter.recursive"]
    expect(status.locator("[data-tradeoff-split-text]")).to_have_text(
        fill(catalog(lang)["tradeoff.split_done"], splitter=splitter)
    )
    page.locator('#tradeoff [name="tradeoff-figure"][value="chunks"]').check()
    cells = page.locator("[data-tradeoff-body] td")
    checked = 0
    for size, overlap in ((128, 0), (512, 51), (1024, 256), (2048, 1024)):
        expected = sum(
            len(library("recursive", "o200k_base", text, size, overlap)) for _, text in files
        )
        cell = cells.and_(page.locator(f'[data-chunk-size="{size}"][data-overlap="{overlap}"]'))
        expect(cell).to_have_attribute("data-value", str(expected), timeout=READY_TIMEOUT_MS)
        checked += 1
    assert checked == 4
    # The export says whose chunks its figures are, at every point.
    page.locator('[data-tradeoff-export="copy"][data-format="markdown"]').click()
    text = page.locator("[data-tradeoff-export-text]")
    expect(text).not_to_have_value("")
    exported = text.input_value()
    note = fill(catalog(lang)["results.chunker_note"], splitter=splitter)
    assert f"- {note}" in exported
    assert f"- {fill(catalog(lang)['tradeoff.split_done'], splitter=splitter)}" in exported


@pytest.mark.parametrize("lang", ["pt"])
def test_the_limit_is_checked_in_the_models_own_tokenizer(
    page: Page, site_url: str, lang: str
) -> None:
    """Split by cl100k_base for all-MiniLM-L6-v2 (256 word pieces with [CLS] and [SEP]): each
    chunk counted again by the model's WordPiece, the chunks over the limit and the tokens
    cut are what Hugging Face's tokenizer counts for each of LangChain's chunks."""
    files = [(f"doc-{seed}.txt", prose(seed).replace("\r\n", "\n")) for seed in (4, 6)]
    open_page(page, site_url, lang, "?model=all-MiniLM-L6-v2&chunk_size=256&overlap=0")
    panel = count_panel(page)
    drop(page, files)
    expect(panel.locator("[data-count-use]")).to_be_enabled(timeout=COUNT_TIMEOUT_MS)
    panel.locator("select[name=encoding]").select_option("cl100k_base")
    expect(page.locator("[data-count] [data-result=text_tokens]")).to_have_attribute(
        "data-value",
        str(sum(encoding("cl100k_base").count(text) for _, text in files)),
        timeout=COUNT_TIMEOUT_MS,
    )
    expect(panel.locator("[data-count-use]")).to_be_enabled(timeout=COUNT_TIMEOUT_MS)
    panel.locator("[data-count-splitter]").select_option("recursive")
    chunks = [library("recursive", "cl100k_base", text, 256, 0) for _, text in files]
    row = panel.locator('[data-count-splitters] tr[data-splitter="recursive"]')
    expect(row.locator("[data-splitter-chunks]")).to_have_attribute(
        "data-value", str(sum(map(len, chunks))), timeout=COUNT_TIMEOUT_MS
    )
    panel.locator("[data-count-use]").click()
    note = page.locator("[data-limit-tokenizer]")
    expect(note).to_have_attribute("data-state", "measured_with", timeout=READY_TIMEOUT_MS)
    expect(note).to_have_text(
        fill(catalog(lang)["limit.measured_with"], tokenizer="bert-base-uncased")
    )
    bert = bert_reference()
    per_document = [
        [len(bert.encode(chunk, add_special_tokens=False).ids) + 2 for chunk in document]
        for document in chunks
    ]
    over = [n - 256 for pieces in per_document for n in pieces if n > 256]
    assert over  # (else the test would show nothing)
    warning = page.locator('[data-limit-warning="results"]')
    expect(warning.locator('[data-limit-figure="over"]')).to_have_attribute(
        "data-value", str(len(over))
    )
    expect(warning.locator('[data-limit-figure="truncated"]')).to_have_attribute(
        "data-value", str(sum(over))
    )
    # Per document: in how many, and the one cut most (by tokens cut).
    cut = [sum(n - 256 for n in pieces if n > 256) for pieces in per_document]
    most = max(range(len(files)), key=lambda index: cut[index])
    documents = warning.locator("[data-limit-documents]")
    expect(documents).to_have_attribute("data-document", files[most][0])
    expect(documents).to_contain_text(files[most][0])
