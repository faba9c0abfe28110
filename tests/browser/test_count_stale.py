"""Counts used as the corpus never go stale silently: the same documents counted again with
another tokenizer (a model's, say) become the collection, said so; other documents counted
are said not to be the collection, whose counts stay until the visitor uses the new ones.

Expected counts come from tiktoken's ranks (tests/browser/test_count.py) and the plan from
the calculator.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import calculator
from browser.conftest import READY_TIMEOUT_MS
from browser.test_count import TEXTS, count_panel, encoding, expect_total
from browser.test_count_models import drop
from browser.test_page import catalog, fill, open_page


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_counts_used_as_the_corpus_follow_the_tokenizer_or_are_said_stale(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    strings = catalog(lang)
    panel = count_panel(page)
    text = TEXTS[lang] * 30
    panel.locator("textarea[name=text]").fill(text)
    first = encoding("o200k_base").count(text)
    expect_total(page, first, lang)
    panel.locator("[data-count-use]").click()
    collection = page.locator("#field-document_tokens")
    used = panel.locator("[data-count-used]")
    expect(collection).to_have_value(str(first))
    expect(used).to_have_attribute("data-count-used", "corpus")
    # Another tokenizer: the same document counted again becomes the collection, said so.
    panel.locator("select[name=encoding]").select_option("cl100k_base")
    second = encoding("cl100k_base").count(text)
    assert second != first  # (else the test would show nothing)
    expect_total(page, second, lang)
    expect(collection).to_have_value(str(second))
    expect(used).to_have_attribute("data-count-used", "recounted")
    expect(used.locator("[data-count-used-text]")).to_have_text(
        fill(strings["count.used_corpus_recounted"], counter="cl100k_base")
    )
    plan = calculator.plan_documents([second], 512, 64)
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", str(plan.chunks), timeout=READY_TIMEOUT_MS
    )
    # Other documents: said not to be the collection, whose counts stay.
    dropped = TEXTS["en"] * 5
    drop(page, [("notes.md", dropped)])
    expect_total(page, second + encoding("cl100k_base").count(dropped), lang)
    expect(used).to_have_attribute("data-count-used", "stale")
    expect(used.locator("[data-count-used-text]")).to_have_text(
        fill(strings["count.used_corpus_stale"], counter="cl100k_base")
    )
    expect(collection).to_have_value(str(second))
