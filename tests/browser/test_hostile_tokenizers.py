"""A crafted tokenizer.json dropped on the counter: refused next to its field in the page's
language, while the calculator answers an edit within a second, and a good file after it
still counts (the worker is never held).

The files are tests/test_hostile_tokenizers.py's, which holds the command line to the same.
"""

from __future__ import annotations

import json
import re
import warnings

import pytest
from hypothesis.errors import NonInteractiveExampleWarning
from playwright.sync_api import Page, expect
from tokenizers import Tokenizer

from browser.test_count import COUNT_TIMEOUT_MS, count_panel, expect_total
from browser.test_count_models import drop, tokenizer_status
from browser.test_count_slices import NOTICED_S, seconds_until
from browser.test_page import catalog, field, fill, open_page
from calculator._tokens._hf_limits import TokenizerFileError
from calculator._tokens._page import counter, load_tokenizer
from hf_references import _trained_json
from test_hostile_tokenizers import HOSTILE, RUN_TEXT, malformed, refusal_of

# Each file in a language of its own: what is said is the page's, in each.
CASES = [("split", "it"), ("replace", "pl"), ("unigram", "pt"), ("grows", "de")]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_a_hostile_tokenizer_is_refused_beside_its_field_and_never_holds_the_page(
    page: Page, site_url: str, name: str, lang: str
) -> None:
    open_page(page, site_url, lang)
    strings = catalog(lang)
    panel = count_panel(page)
    spec, reason = HOSTILE[name]
    text = "a" * 20_000 if name == "unigram" else RUN_TEXT
    # The file first, then the text: counted with the file alone (no count of the text with
    # the default encoding still running beside the refusal and the edit timed after it).
    drop(page, [("tokenizer.json", json.dumps(spec))])
    panel.locator("textarea[name=text]").fill(text)
    status = tokenizer_status(page)
    expect(status).to_have_attribute("data-tokenizer-reason", reason, timeout=COUNT_TIMEOUT_MS)
    params = refusal_of(spec, text).params
    expected = fill(strings[f"count.tokenizer_reason.{reason}"], file="tokenizer.json", **params)
    expect(status).to_have_text(expected)
    expect(panel.locator("[data-count-status]")).to_have_text(strings["count.tokenizer_refused"])
    expect(panel.locator("textarea[name=text]")).to_have_value(text)
    # The calculator still answers at once.
    field(page, "tokens").fill("2500")
    seen = seconds_until(
        page,
        "document.querySelector('.result-list [data-result=\"chunks\"]').dataset.value === '6'",
    )
    print(f"{name}: an edit answered in {seen:.3f} s after the refusal")
    assert seen < NOTICED_S
    # And the counter: a good tokenizer.json dropped next counts the text exactly.
    trained = _trained_json("byte-bpe")
    drop(page, [("tokenizer.json", trained)])
    reference = Tokenizer.from_str(trained)
    expect_total(page, len(reference.encode(text, add_special_tokens=False).ids), lang)
    expect(status).not_to_have_attribute("data-tokenizer-reason", reason)


def test_a_file_that_is_not_json_says_where_in_the_pages_language(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "it")
    count_panel(page).locator("textarea[name=text]").fill(RUN_TEXT)
    drop(page, [("tokenizer.json", '{"model": {}\n  "x": 1}')])
    status = tokenizer_status(page)
    expect(status).to_have_attribute("data-tokenizer-reason", "not_json", timeout=COUNT_TIMEOUT_MS)
    expected = catalog("it")["count.tokenizer_reason.not_json"]
    expect(status).to_have_text(fill(expected, file="tokenizer.json", line="2", column="3"))


def test_generated_broken_files_are_each_refused_or_counted_and_the_page_answers(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "de")
    strings = catalog("de")
    panel = count_panel(page)
    panel.locator("textarea[name=text]").fill(RUN_TEXT)
    with warnings.catch_warnings():  # .example(): files to drop, not a property to shrink
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        files = [malformed().example() for _ in range(6)]
    status = tokenizer_status(page)
    for index, text in enumerate(files):
        answer = json.loads(load_tokenizer("generated", text))
        drop(page, [(f"{index}-tokenizer.json", text)])
        if "error" in answer:
            expect(status).to_have_attribute(
                "data-tokenizer-reason", answer["reason"], timeout=COUNT_TIMEOUT_MS
            )
            key = f"count.tokenizer_reason.{answer['reason']}"
            said = fill(strings[key], file=f"{index}-tokenizer.json", **answer["params"])
            expect(status).to_have_text(said)
        else:
            # Read, then refused as it counts the text, or counted. The count it starts ends
            # first (refusal or total shown), so that the edit below is timed alone: the
            # counting shares the calculator's worker.  (A refusal as it counts may show as
            # soon as the file is read: the page counts the text at once.)
            try:
                tokens = counter("generated").count(RUN_TEXT)
            except TokenizerFileError as refused:
                expect(status).to_have_attribute(
                    "data-tokenizer-reason", refused.reason, timeout=COUNT_TIMEOUT_MS
                )
            else:
                expect(status).not_to_have_attribute("data-tokenizer-error", re.compile(".*"))
                expect_total(page, tokens, "de")
        # At 512/64, 512 + 448·k tokens make k + 1 chunks: each edit's answer is its own.
        field(page, "tokens").fill(str(512 + 448 * (index + 1)))
        seen = seconds_until(
            page,
            "document.querySelector('.result-list [data-result=\"chunks\"]')"
            f".dataset.value === '{index + 2}'",
        )
        assert seen < NOTICED_S
