"""Issue 47 on the page: a corpus size typed with its unit is read exactly and used as a
sample makes D documents like the sample's (never one document of the whole size); counts
take a power of ten; what cannot be read is refused next to its field in the page's words.

Expected figures come from calculator/protocol/_sample.py, which tests/test_sample.py holds to a
brute force; texts from the catalogs."""

from __future__ import annotations

from fractions import Fraction

import pytest
from playwright.sync_api import Page, expect

import calculator
from browser.test_count import TEXTS, count_panel, encoding, expect_total
from browser.test_page import catalog, field, fill, localized, open_page
from browser.test_typed_numbers import address_value
from calculator.protocol._sample import Sample, SampleDocument, estimate


@pytest.mark.parametrize("lang", ["de"])
def test_a_size_in_gigabytes_used_as_a_sample_is_documents_like_the_samples(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    strings = catalog(lang)
    panel = count_panel(page)
    text = TEXTS[lang] * 30
    panel.locator("textarea[name=text]").fill(text)
    tokens = encoding("o200k_base").count(text)
    expect_total(page, tokens, lang)
    sample = Sample((SampleDocument(tokens, len(text), len(text.encode()), len(text.split())),))
    size = panel.locator("input[name=sample_size]")
    panel.locator("select[name=sample_kind]").select_option("bytes")
    expect(size).to_have_attribute("inputmode", "text")  # letters for the unit
    # 1,5 GB as the German page writes it: 1.500.000.000 bytes ÷ the sample's bytes per
    # document is D documents of the sample's tokens, each split on its own.
    size.fill("1,5\u00a0GB")
    figures = estimate(sample, "bytes", 1_500_000_000, 512, 64)
    assert figures is not None and figures.documents > 1
    estimated = panel.locator("[data-count-estimate]")
    for name in ("documents", "tokens", "chunks"):
        expect(estimated.locator(f'[data-estimate="{name}"]')).to_have_attribute(
            "data-value", str(getattr(figures, name))
        )
    expect(estimated.locator('[data-estimate-formula="documents"]')).to_contain_text(
        "1.500.000.000 ÷"
    )
    expect(estimated.locator('[data-estimate-formula="chunks"]')).to_contain_text(
        f"{localized(figures.documents, lang)} ×"
    )
    expect(estimated).to_contain_text(strings["life.estimate"])
    panel.locator("[data-count-use-sample]").click()
    expect(field(page, "corpus")).to_have_value("documents")
    expect(field(page, "documents")).to_have_value(localized(figures.documents, lang))
    expect(field(page, "average_tokens")).to_have_value(figures.use["average_tokens"])
    plan = calculator.plan_chunks(int(figures.use["average_tokens"]), 512, 64)
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", str(figures.documents * plan.chunks)
    )
    # A unit written otherwise is refused beside the size, with the forms accepted.
    size.fill("1,5 gb")
    error = panel.locator("[data-count-sample-error]")
    expect(error).to_have_text(strings["errors.not_a_size"])
    expect(size).to_have_attribute("aria-invalid", "true")
    expect(panel.locator("[data-count-use-sample]")).to_be_disabled()
    # 1,23 GiB comes to a fraction of a byte, kept exactly.
    size.fill("1,23 GiB")
    expect(estimated.locator('[data-estimate-formula="documents"]')).to_contain_text(
        "1.320.702.443,52 ÷"
    )
    exact = estimate(sample, "bytes", Fraction(123 * 2**30, 100), 512, 64)
    assert exact is not None
    expect(estimated.locator('[data-estimate="documents"]')).to_have_attribute(
        "data-value", str(exact.documents)
    )
    # A count of documents takes a power of ten, and no byte unit.
    panel.locator("select[name=sample_kind]").select_option("documents")
    expect(size).to_have_attribute("inputmode", "numeric")
    size.fill("5e4")
    by_documents = estimate(sample, "documents", 50_000, 512, 64)
    assert by_documents is not None
    expect(estimated.locator('[data-estimate="tokens"]')).to_have_attribute(
        "data-value", str(by_documents.tokens)
    )
    expect(panel.locator('[data-estimate-row="documents"]')).to_be_hidden()
    size.fill("50 GB")
    expect(error).to_have_text(fill(strings["errors.unit_not_bytes"], unit="GB"))
    size.fill("1,5e0")
    expect(error).to_have_text(strings["errors.not_whole"])


@pytest.mark.parametrize("lang", ["pl"])
def test_a_count_in_scientific_notation_is_read_exactly(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    field(page, "tokens").fill("2,5e3")
    assert address_value(page, "tokens", "2500") == "2500"
    expect(page.locator('[data-error-for="tokens"]')).to_be_empty()
    field(page, "tokens").fill("1e999999999")
    expect(page.locator('[data-error-for="tokens"]')).to_have_text(
        fill(catalog(lang)["errors.too_large"], maximum=localized(10**24, lang))
    )
