"""A real model's tokenizer.json picked in the counter counts exactly as PyPI ``tokenizers``
counts (Qwen3's: the tokenizer of Qwen3-Embedding; tests/real_tokenizers.py fetches it), its
regular expression applied in the page's Python; the page says the file is loaded."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tokenizers import Tokenizer

from browser.test_count import COUNT_TIMEOUT_MS, TEXTS, count_panel, expect_total
from browser.test_page import catalog, fill, open_page
from real_tokenizers import real_tokenizer


@pytest.mark.parametrize("lang", ["de"])
def test_qwen3s_tokenizer_json_counts_pasted_text_exactly(
    page: Page, site_url: str, tmp_path: Path, lang: str
) -> None:
    open_page(page, site_url, lang)
    panel = count_panel(page)
    text = TEXTS[lang] * 2 + " It'LL cost 1234567 €.\r\n\r\n日本語のテキスト 😀 naïve\tend"
    panel.locator("textarea[name=text]").fill(text)
    tokenizer = tmp_path / "tokenizer.json"
    tokenizer.write_text(real_tokenizer("qwen3"), encoding="utf-8")
    panel.locator("select[name=encoding]").select_option("file")
    panel.locator("input[name=tokenizer]").set_input_files(tokenizer)
    status = panel.locator("[data-count-tokenizer-status]")
    loaded = fill(catalog(lang)["count.tokenizer_loaded"], file="tokenizer.json")
    expect(status).to_have_text(loaded, timeout=COUNT_TIMEOUT_MS)
    reference = Tokenizer.from_str(real_tokenizer("qwen3"))
    expect_total(page, len(reference.encode(text, add_special_tokens=False).ids), lang)
