"""A model's published price on the page (issue 47): choosing text-embedding-3-small fills the
cost panel's price as it fills the dimensions, says under the field that it is the preset's
with its source and date, and a price the visitor types is kept until they ask for the
model's; a model without a price (an open one) takes the preset's price away again.

Expected figures come from the calculator package and the presets, texts from the catalogs,
never from the page itself.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from playwright.sync_api import Page, expect

import calculator
from browser.conftest import Started
from browser.test_panels import message
from calculator._models import model_preset
from calculator.protocol._panel_report import describe_cost


def price_text(lang: str, decimal: str) -> str:
    """A machine decimal ("0.02") as the page's price field shows it."""
    return decimal.replace(".", "," if lang != "en" else ".")


def cost_at(price: str) -> str:
    """The default plan's one-time cost at ``price`` per million tokens, as the calculator
    gives it."""
    plan = calculator.plan_chunks(8000, 512, 64)
    return describe_cost(Fraction(price), plan.tokens_processed)["one_time"]


def expect_cost(page: Page, price: str) -> None:
    expect(page.locator('#cost [data-cost="one_time"]')).to_have_attribute(
        "data-amount", cost_at(price)
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_models_price_fills_the_cost_marked_as_the_presets_and_a_typed_one_stays(
    started: Started, lang: str
) -> None:
    page = started(lang)
    price = page.locator("#field-price_per_million")
    note = page.locator("[data-cost-preset]")
    expect(price).to_have_value("")
    expect(note).to_be_hidden()

    page.locator("#field-model").select_option("text-embedding-3-small")
    expect(price).to_have_value(price_text(lang, "0.02"))
    expect(note).to_be_visible()
    expect(note).to_have_attribute("data-from", "preset")
    source = model_preset("text-embedding-3-small").source("price")
    shown = price_text(lang, "0.02")
    amount = message(lang, "model.price", amount=shown, currency="USD")
    text = note.locator("[data-cost-preset-text]")
    expect(text).to_contain_text("text-embedding-3-small")
    expect(text).to_contain_text(amount)
    expect(text).to_contain_text("openai.com, tokenprice.fyi")
    expect(text).to_contain_text("2026")
    addresses = note.locator("[data-cost-preset-addresses] span")
    expect(addresses).to_have_text([a.removeprefix("https://") for a in source.addresses])
    expect_cost(page, "0.02")

    # The visitor's own price: used, kept through other edits and another model's choice.
    price.fill(price_text(lang, "0.05"))
    expect(note).to_have_attribute("data-from", "own")
    expect_cost(page, "0.05")
    expect(page.locator("[data-model-kept]")).to_be_visible()
    page.locator("#field-overlap").fill("32")
    page.locator("#field-model").select_option("text-embedding-3-large")
    expect(note.locator("[data-cost-preset-text]")).to_contain_text("text-embedding-3-large")
    expect(price).to_have_value(price_text(lang, "0.05"))
    expect(note).to_have_attribute("data-from", "own")

    # Asked for: the model's values, the price among them.
    page.locator("[data-model-use]").click()
    expect(price).to_have_value(price_text(lang, "0.13"))
    expect(note).to_have_attribute("data-from", "preset")
    expect(page.locator("[data-model-kept]")).to_be_hidden()

    # An open model has no price: the preset's goes, and the panel asks for yours again.
    page.locator("#field-model").select_option("e5-base-v2")
    expect(price).to_have_value("")
    expect(note).to_be_hidden()
    expect(page.locator("#cost [data-cost-results]")).to_be_hidden()
