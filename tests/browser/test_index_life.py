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
from calculator._databases import database_storage

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


def database_part(page: Page, name: str) -> Locator:
    return page.locator(f'#storage [data-database-part="{name}"]')


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_pgvector_link_shows_its_parts_total_and_sources(started: Started, lang: str) -> None:
    page = started(lang, "?tokens=200000&database=pgvector")
    expect(control(page, "index_kind")).to_be_visible()
    expect(control(page, "on_disk")).to_be_hidden()
    pgvector = database_storage("pgvector", calculator.vector_size(447, 384))
    for part in pgvector.parts:
        value = database_part(page, part.name).locator("[data-life-value]")
        expect(value).to_have_attribute("data-value", str(part.bytes))
    total = page.locator('#storage [data-database-row="total"]')
    expect(total.locator("[data-life-value]")).to_have_attribute(
        "data-value", str(pgvector.total_bytes)
    )
    says = plural(lang, catalog(lang)["plural.bytes"], 447 * (1536 + 128))
    expect(total.locator("[data-database-generic]")).to_contain_text(says)
    source = catalog(lang)["storage.db.source.pg_page_layout"]
    expect(database_part(page, "heap_bytes").locator("[data-database-source]")).to_have_text(
        message(lang, "storage.db.source", source=source)
    )
    heap = database_part(page, "heap_bytes").locator("code")
    expect(heap).to_contain_text(f"× {localized(8192, lang)}")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_qdrant_with_vectors_on_disk_says_ram_and_disk(started: Started, lang: str) -> None:
    page = started(lang, "?tokens=200000&database=qdrant&on_disk=vectors")
    expect(control(page, "on_disk")).to_have_value("vectors")
    qdrant = database_storage("qdrant", calculator.vector_size(447, 384), on_disk="vectors")
    assert qdrant.ram_bytes is not None
    for name, where in (("vector_bytes", "disk"), ("hnsw_bytes", "ram_and_disk")):
        expect(database_part(page, name)).to_contain_text(
            message(lang, f"storage.db.where.{where}")
        )
    ram = page.locator('#storage [data-database-row="ram"] [data-life-value]')
    expect(ram).to_have_attribute("data-value", str(qdrant.ram_bytes))
    total = page.locator('#storage [data-database-row="total"] [data-life-value]')
    expect(total).to_have_attribute("data-value", str(qdrant.total_bytes))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_representation_the_database_cannot_store_errs_at_the_database(
    started: Started, lang: str
) -> None:
    page = started(lang, "?database=pgvector")
    control(page, "dtype").select_option("int8")
    words = catalog(lang)
    # The options' own labels, joined with "or" as the language joins alternatives.
    supported = {
        "en": "{}, {}, or {}",
        "pl": "{}, {} lub {}",
    }[lang].format(*(words[f"dtype.{name}"] for name in ("float32", "float16", "binary")))
    expect(page.locator("#error-database")).to_have_text(
        message(
            lang,
            "errors.dtype_not_stored",
            value=str(words["dtype_vectors.int8"]),
            database="pgvector",
            supported=supported,
        )
    )
    expect(control(page, "database")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#error-dtype")).to_be_empty()
    expect(page.locator("#storage [data-panel-stale]")).to_be_visible()
    # Nothing typed is lost: both choices stay as they were made.
    expect(control(page, "dtype")).to_have_value("int8")
    expect(control(page, "database")).to_have_value("pgvector")


# The storage panel's tables wider than their boxes, and the page wider than the window.
SIDEWAYS = """() => [
  ...[...document.querySelectorAll("#storage .figures-scroll")]
    .filter((box) => box.scrollWidth > box.clientWidth)
    .map((box) => box.firstElementChild.className),
  ...(document.documentElement.scrollWidth > innerWidth ? ["page"] : []),
]"""


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_storage_tables_wrap_instead_of_scrolling_sideways(started: Started, lang: str) -> None:
    page = started(lang, "?tokens=200000&dimensions=1536&database=qdrant&text_bytes_per_token=4.2")
    expect(database_part(page, "payload_bytes")).to_be_visible()
    wide = page.viewport_size
    assert wide is not None and wide["width"] >= 1280
    assert page.evaluate(SIDEWAYS) == []
    page.set_viewport_size({"width": 390, "height": wide["height"]})
    try:
        expect(database_part(page, "payload_bytes")).to_be_visible()
        assert page.evaluate(SIDEWAYS) == []
    finally:
        page.set_viewport_size(wide)
