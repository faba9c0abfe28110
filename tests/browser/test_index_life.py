"""The index's life on the page: re-indexing, storage and the model's input limit, each
figure beside its formula, in English and in Polish (the language of the worked example).

Expected figures come from the calculator package and texts from the catalogs, never from the
page itself.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import calculator
from browser.conftest import Started
from browser.test_page import catalog, localized, open_page
from browser.test_panels import message, plural

# How the explanation's worked example says "446 of the 521 new chunks".
OF_THE_NEW = {"en": "{embed} of the {new}", "pl": "{embed} z {new}"}


def figure(page: Page, panel: str, name: str) -> Locator:
    return page.locator(f'#{panel} [data-life-row="{name}"] [data-life-value]')


def control(page: Page, name: str) -> Locator:
    return page.locator(f"#field-{name}")


def expect_chunks(page: Page, panel: str, name: str, count: int, lang: str) -> None:
    expect(figure(page, panel, name)).to_have_attribute("data-value", str(count))
    expect(figure(page, panel, name)).to_have_text(
        plural(lang, catalog(lang)["plural.chunks"], count)
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_page_works_the_seeds_example(started: Started, lang: str) -> None:
    page = started(lang, "?tokens=200000")
    change = calculator.settings_change(200_000, 512, 64, 512, 128)
    expect_chunks(page, "reindex", "reused_chunks", change.reused_chunks, lang)
    expect_chunks(page, "reindex", "chunks_to_embed", change.chunks_to_embed, lang)
    expect_chunks(page, "reindex", "chunks_to_delete", change.chunks_to_delete, lang)
    formula = page.locator('#reindex [data-life-row="chunks_to_embed"] [data-life-formula]')
    expect(formula).to_contain_text(
        f"{localized(change.new_chunks, lang)} − {change.reused_chunks}"
    )
    said = OF_THE_NEW[lang].format(embed=change.chunks_to_embed, new=change.new_chunks)
    expect(page.locator("#explain-reindexing")).to_contain_text(said)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_shared_link_fills_the_new_fields_and_shows_their_figures(
    page: Page, site_url: str, lang: str
) -> None:
    query = (
        "?tokens=200000&reindex_mode=edit&edit_at=100000&edit_tokens=448"
        "&hnsw_m=32&text_bytes_per_token=4.29&max_input_tokens=256"
    )
    open_page(page, site_url, lang, query)
    expect(control(page, "reindex_mode")).to_have_value("edit")
    expect(control(page, "edit_at")).to_have_value(localized(100_000, lang))
    expect(control(page, "hnsw_m")).to_have_value("32")
    expect(control(page, "text_bytes_per_token")).to_have_value("4.29" if lang == "en" else "4,29")
    expect(control(page, "new_overlap")).to_be_hidden()
    edit = calculator.edit_change(200_000, 512, 64, 100_000, 448)
    expect_chunks(page, "reindex", "reused_chunks", edit.reused_chunks, lang)
    expect_chunks(page, "reindex", "chunks_to_embed", edit.chunks_to_embed, lang)
    graph = figure(page, "storage", "hnsw_graph_bytes")
    expect(graph).to_have_attribute("data-value", str(447 * 2 * 32 * 4))
    text_bytes = -(-228_544 * 429 // 100)  # ⌈tokens processed × 4.29⌉
    expect(figure(page, "storage", "text_bytes")).to_have_attribute("data-value", str(text_bytes))
    estimate = page.locator('#storage [data-life-row="hnsw_graph_bytes"] [data-life-estimate]')
    expect(estimate).to_have_text(message(lang, "life.estimate"))
    limit = calculator.input_limit(calculator.plan_chunks(200_000, 512, 64), 256)
    expect_chunks(page, "model_limit", "chunks_over_limit", limit.chunks_over_limit, lang)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_editing_a_field_updates_the_figures(started: Started, lang: str) -> None:
    page = started(lang, "?tokens=200000")
    control(page, "new_overlap").fill("0")
    change = calculator.settings_change(200_000, 512, 64, 512, 0)
    expect_chunks(page, "reindex", "reused_chunks", change.reused_chunks, lang)
    expect_chunks(page, "reindex", "chunks_to_delete", change.chunks_to_delete, lang)
    expect(page).to_have_url(re.compile(r"[?&]new_overlap=0(&|$)"))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_an_invalid_field_shows_its_error_and_leaves_its_panel_stale(
    started: Started, lang: str
) -> None:
    page = started(lang)
    before = figure(page, "storage", "hnsw_graph_bytes")
    expect(before).to_have_attribute("data-value", str(18 * 2 * 16 * 4))
    control(page, "hnsw_m").fill("1")
    expect(page.locator("#error-hnsw_m")).to_have_text(
        message(lang, "errors.too_small", minimum="2")
    )
    expect(control(page, "hnsw_m")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#storage [data-panel-stale]")).to_be_visible()
    expect(page.locator("#storage [data-panel-figures]").first).to_have_class(
        "figures-scroll is-stale"
    )
    expect(before).to_have_attribute("data-value", str(18 * 2 * 16 * 4))  # the last figures stay
    expect(page.locator("#reindex [data-panel-stale]")).to_be_hidden()
    expect(page.locator("#model_limit [data-panel-stale]")).to_be_hidden()
