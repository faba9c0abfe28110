"""The counter with a model's own tokenizer, and the counted text as a sample of the corpus.

Expected counts come from PyPI ``tokenizers`` itself (``encode(text,
add_special_tokens=False)``): bert-base-uncased over the vocabulary the build ships, and a
tokenizer.json trained in the tests (tests/test_hf_tokenizers.py); expected estimates from
calculator/protocol/_sample.py, which tests/test_sample.py holds to a brute force; texts from the
catalogs.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from tokenizers import Tokenizer

import calculator
from browser.test_count import COUNT_TIMEOUT_MS, TEXTS, count_panel, encoding, expect_total
from browser.test_page import catalog, field, fill, localized, open_page
from calculator._decimals import decimal_text
from calculator.protocol._sample import Sample, SampleDocument, estimate
from hf_references import _trained_json, bert_reference

# Files dropped on the panel as a visitor drops them: a drop event whose DataTransfer holds
# Files made in the page from (name, text) pairs.
DROP = """([panel, files]) => {
  const data = new DataTransfer();
  for (const [name, text] of files) data.items.add(new File([text], name));
  const options = { dataTransfer: data, bubbles: true, cancelable: true };
  panel.dispatchEvent(new DragEvent("drop", options));
}"""


# A tokenizer.json of 65 MiB of zeros, made in the page and dropped.
HUGE_DROP = """(panel) => {
  const data = new DataTransfer();
  data.items.add(new File([new Uint8Array(65 * 2 ** 20)], "tokenizer.json"));
  const options = { dataTransfer: data, bubbles: true, cancelable: true };
  panel.dispatchEvent(new DragEvent("drop", options));
}"""


def drop(page: Page, files: list[tuple[str, str]]) -> None:
    panel = count_panel(page).element_handle()
    page.evaluate(DROP, [panel, files])


def bert_count(text: str) -> int:
    return len(bert_reference().encode(text, add_special_tokens=False).ids)


def tokenizer_status(page: Page) -> Locator:
    return count_panel(page).locator("[data-count-tokenizer-status]")


@pytest.mark.parametrize("lang", ["pl"])
def test_bert_and_a_tokenizer_json_count_pasted_text_and_dropped_files_exactly(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    strings = catalog(lang)
    panel = count_panel(page)
    text, dropped = TEXTS[lang] * 3, TEXTS["de"] + "\n" + TEXTS["en"] * 2
    panel.locator("select[name=encoding]").select_option("bert-base-uncased")
    panel.locator("textarea[name=text]").fill(text)
    expect_total(page, bert_count(text), lang)
    drop(page, [("notes.md", dropped)])
    expect_total(page, bert_count(text) + bert_count(dropped), lang)
    # A file that is no tokenizer.json: said beside the picker in the page's language, with
    # where its JSON breaks; nothing counted with it, and nothing typed is lost.
    drop(page, [("tokenizer.json", "{ not json")])
    expect(tokenizer_status(page)).to_have_attribute(
        "data-tokenizer-error", "invalid", timeout=COUNT_TIMEOUT_MS
    )
    said = fill(
        strings["count.tokenizer_reason.not_json"], file="tokenizer.json", line="1", column="3"
    )
    expect(tokenizer_status(page)).to_have_text(said)
    expect(panel.locator("[data-count-status]")).to_have_text(strings["count.tokenizer_refused"])
    expect(panel.locator("[data-result=text_tokens]")).to_have_attribute("data-value", "")
    expect(panel.locator("textarea[name=text]")).to_have_value(text)
    # One larger than any tokenizer.json is refused unread.
    page.evaluate(HUGE_DROP, count_panel(page).element_handle())
    expect(tokenizer_status(page)).to_have_attribute(
        "data-tokenizer-error", "too_large", timeout=COUNT_TIMEOUT_MS
    )
    expect(tokenizer_status(page)).to_have_text(
        fill(strings["count.tokenizer_too_large"], file="tokenizer.json")
    )
    # A tokenizer.json trained with tokenizers, dropped as a model's folder holds it.
    trained = _trained_json("byte-bpe")
    reference = Tokenizer.from_str(trained)
    drop(page, [("tokenizer.json", trained)])
    expected = [
        len(reference.encode(item, add_special_tokens=False).ids) for item in (text, dropped)
    ]
    expect_total(page, sum(expected), lang)
    expect(tokenizer_status(page)).to_have_text(
        fill(strings["count.tokenizer_loaded"], file="tokenizer.json")
    )
    expect(panel.locator("select[name=encoding]")).to_have_value("file")


@pytest.mark.parametrize("lang", ["de"])
def test_a_sample_estimates_the_corpus_and_can_be_used_and_undone(
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
    assert sample.per_word is not None
    expect(panel.locator('[data-sample="per_word"]')).to_have_attribute(
        "data-value", decimal_text(sample.per_word, 3)
    )
    # 50.000 documents, typed as the German page writes it: an estimate, marked as one.
    replaced = fill(
        strings["count.use_replaces"],
        collection=fill(strings["count.collection_one"], tokens=f"{localized(8000, lang)} Tokens"),
    )
    expect(panel.locator("[data-count-use-replaces]")).to_have_text(replaced)
    panel.locator("input[name=sample_size]").fill("50.000")
    figures = estimate(sample, "documents", 50_000, 512, 64)
    assert figures is not None and figures.chunks is not None
    estimated = panel.locator("[data-count-estimate]")
    expect(estimated.locator('[data-estimate="tokens"]')).to_have_attribute(
        "data-value", str(figures.tokens)
    )
    expect(estimated.locator('[data-estimate="chunks"]')).to_have_attribute(
        "data-value", str(figures.chunks)
    )
    expect(estimated).to_contain_text(strings["life.estimate"])
    expect(estimated.locator('[data-estimate-formula="tokens"]')).to_contain_text("50.000 ×")
    panel.locator("[data-count-use-sample]").click()
    expect(field(page, "corpus")).to_have_value("documents")
    expect(field(page, "documents")).to_have_value("50.000")
    expect(field(page, "average_tokens")).to_have_value(figures.use["average_tokens"])
    plan = calculator.plan_chunks(int(figures.use["average_tokens"]), 512, 64)
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", str(50_000 * plan.chunks)
    )
    panel.locator("[data-count-undo]").click()
    expect(field(page, "corpus")).to_have_value("one")
    expect(field(page, "tokens")).to_have_value(localized(8000, lang))
    expect(page.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", "18"
    )
    # A size the page cannot read errs beside it; the typed text stays.
    panel.locator("input[name=sample_size]").fill("8,000")
    expect(panel.locator("[data-count-sample-error]")).to_have_text(
        strings["errors.ambiguous_number"]
    )
    expect(panel.locator("input[name=sample_size]")).to_have_value("8,000")
    expect(panel.locator("[data-count-use-sample]")).to_be_disabled()
