"""The embedding model on the page, in English and in Polish: a link's model fills the fields it
knows, the chunks its input limit cuts are said beside the chunk size and in the comparison,
and a choice in the select keeps what the visitor typed.

Expected figures come from the calculator package and the presets, texts from the catalogs,
never from the page itself.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

import calculator
from browser import test_a11y
from browser.conftest import Started
from browser.test_a11y import serious_violations
from browser.test_page import catalog, localized, open_page
from browser.test_panels import message, plural
from calculator._models import model_preset

ACCEPTANCE_MODELS = ("all-MiniLM-L6-v2", "e5-base-v2", "text-embedding-3-small")
# axe-core, packed once a session (test_a11y.py's fixture).
axe_source = test_a11y.axe_source


def control(page: Page, name: str) -> str:
    return page.locator(f"#field-{name}").input_value()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_link_naming_a_model_fills_its_values(started: Started, lang: str) -> None:
    page = started(lang, "?model=all-MiniLM-L6-v2")
    expect(page.locator("#field-model")).to_have_value("all-MiniLM-L6-v2")
    expect(page.locator("#field-max_input_tokens")).to_have_value("256")
    assert (control(page, "dimensions"), control(page, "added_tokens")) == ("384", "2")
    largest = page.locator(
        '#model_limit [data-life-row="largest_chunk_size_within_limit"] [data-life-value]'
    )
    expect(largest).to_have_attribute("data-value", "254")
    note = page.locator("[data-model-values]")
    expect(note).to_contain_text("all-MiniLM-L6-v2")
    # Every field of the preset is listed with its source's day.
    preset = model_preset("all-MiniLM-L6-v2")
    expect(page.locator("[data-source-field]")).to_have_count(len(preset.sources))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_chunks_over_the_limit_are_said_beside_the_chunk_size_and_in_the_comparison(
    started: Started, lang: str
) -> None:
    page = started(lang, "?model=all-MiniLM-L6-v2&chunk_size=512&compare=512:64,254:0")
    limit = calculator.input_limit(calculator.plan_chunks(8000, 512, 64), 256, 2)
    field_warning = page.locator('[data-limit-warning="field"]')
    expect(field_warning).to_have_text(
        message(
            lang,
            "limit.field",
            largest=plural(lang, catalog(lang)["plural.tokens"], limit.largest_chunk_size),
        )
    )
    over = page.locator('[data-limit-warning="results"] [data-limit-figure="over"]')
    expect(over).to_have_attribute("data-value", str(limit.chunks_over_limit))
    cut = page.locator('[data-limit-warning="results"] [data-limit-figure="truncated"]')
    expect(cut).to_have_attribute("data-value", str(limit.truncated_tokens))
    rows = page.locator("[data-compare-limit]")
    expect(rows.nth(0)).to_have_attribute("data-value", str(limit.chunks_over_limit))
    expect(rows.nth(0)).to_contain_text(localized(limit.truncated_tokens, lang))
    expect(rows.nth(0)).to_contain_text(str(catalog(lang)["model_limit.over"]))
    expect(rows.nth(1)).to_be_hidden()  # 254 fits beside the 2 tokens the model adds


def test_the_select_lists_custom_then_every_preset_and_sets_the_counter(
    started: Started,
) -> None:
    page = started("pl")
    options = page.locator("select[name=model] option")
    values = options.evaluate_all("options => options.map((option) => option.value)")
    assert values[0] == "custom"
    assert set(ACCEPTANCE_MODELS) <= set(values)
    expect(options.first).to_have_text(message("pl", "model.custom"))
    # A model whose tokenizer the text counter has counts with it there.
    expect(page.locator("#count-encoding")).to_have_value("o200k_base")
    page.locator("#field-model").select_option("text-embedding-3-small")
    expect(page.locator("#count-encoding")).to_have_value("cl100k_base")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_choice_keeps_a_typed_value_until_asked(started: Started, lang: str) -> None:
    page = started(lang, "?dimensions=512")
    page.locator("#field-model").select_option("e5-base-v2")
    expect(page.locator("#field-max_input_tokens")).to_have_value("512")
    expect(page.locator("#field-added_tokens")).to_have_value("4")
    assert control(page, "dimensions") == "512"  # typed: kept
    kept = page.locator("[data-model-kept]")
    expect(kept).to_be_visible()
    kept.locator("[data-model-use]").click()
    expect(page.locator("#field-dimensions")).to_have_value("768")
    expect(kept).to_be_hidden()


def test_axe_finds_no_serious_problem_in_the_models_note_and_warnings(
    new_page: Callable[..., Page], site_url: str, axe_source: str
) -> None:
    """The note with a kept value, the sources open and the limit's warnings, in the dark
    scheme (the warnings' colours) and German (the longest texts)."""
    page = new_page(color_scheme="dark")
    open_page(page, site_url, "de", "?model=e5-base-v2&dimensions=512&chunk_size=600")
    page.locator(".model-sources summary").click()
    expect(page.locator('[data-limit-warning="field"]')).to_be_visible()
    expect(page.locator("[data-model-kept]")).to_be_visible()
    assert serious_violations(page, axe_source) == []
