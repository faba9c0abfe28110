"""bert-base-uncased and tokenizer.json files count exactly as PyPI tokenizers counts.

The reference is ``tokenizers`` itself: ``Tokenizer.encode(text, add_special_tokens=False)``
on the real bert-base-uncased vocabulary (the file ``build.py ranks`` fetched), and on
tokenizer.json files of each model kind that these tests train with tokenizers, offline, on
the project's own texts in five languages (small vocabularies, trained once a session).
Every comparison is of the token ids, not only of their number.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer

import build
from calculator._tokens import RANKS_SUFFIX
from calculator._tokens._counters import (
    BERT,
    BERT_VOCAB,
    load_tokenizer_file,
    load_vocab,
    parse_vocab,
)
from calculator._tokens._hf import (
    UnsupportedTokenizerError,
    load_tokenizer_json,
)
from hf_references import (
    CASES,
    FILES,
    ODD,
    _trained_json,
    bert_ours,
    bert_reference,
    catalog_texts,
    generated_text,
    mismatches,
    pair,
)

# --- bert-base-uncased -------------------------------------------------------------------


def test_the_bert_vocabulary_is_the_models() -> None:
    data = (build.TOKEN_RANKS / f"{BERT}.vocab.txt").read_bytes()
    assert len(data) == BERT_VOCAB.size
    tokens = load_vocab(build.TOKEN_RANKS / (BERT + RANKS_SUFFIX))
    assert tokens == parse_vocab(data)
    assert len(tokens) == BERT_VOCAB.tokens
    assert tokens[100:104] == ["[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def test_a_changed_vocabulary_is_refused(tmp_path: Path) -> None:
    data = (build.TOKEN_RANKS / f"{BERT}.vocab.txt").read_bytes()
    changed = tmp_path / "vocab.txt"
    changed.write_bytes(data.replace(b"\nthe\n", b"\nteh\n", 1))
    with pytest.raises(ValueError, match="sha256"):
        load_vocab(changed)
    wrong = tmp_path / (BERT + RANKS_SUFFIX)
    wrong.write_bytes((build.TOKEN_RANKS / ("cl100k_base" + RANKS_SUFFIX)).read_bytes())
    with pytest.raises(ValueError, match="converted"):
        load_vocab(wrong)


@pytest.mark.parametrize("text", CASES, ids=range(len(CASES)))
def test_bert_cases(text: str) -> None:
    assert mismatches(bert_reference(), bert_ours(), [text]) == []


def test_bert_on_the_catalogs_and_generated_text() -> None:
    texts = [*catalog_texts(), *(generated_text(seed, 200) for seed in range(30))]
    assert mismatches(bert_reference(), bert_ours(), texts) == []
    assert mismatches(bert_reference(), bert_ours(), ["\n".join(texts)]) == []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(codec="utf-8")))
def test_bert_on_any_text(text: str) -> None:
    assert mismatches(bert_reference(), bert_ours(), [text]) == []


# --- tokenizer.json files ----------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_trained_files_on_the_cases(name: str) -> None:
    reference, ours = pair(name)
    texts = [*CASES, *catalog_texts()[:400], *(generated_text(seed, 150) for seed in range(8))]
    assert mismatches(reference, ours, texts) == []


ANY_TEXT = st.lists(
    st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from(list(" \n\t'sdlmvretéłßİΣ0123456789.,!-<>[]")),
        st.sampled_from([*ODD, "<mask>", "hi", "[MASK]", "ção", "grüße", "  "]),
    )
).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(FILES)), ANY_TEXT)
def test_trained_files_on_any_text(name: str, text: str) -> None:
    reference, ours = pair(name)
    assert mismatches(reference, ours, [text]) == []


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(FILES)), ANY_TEXT)
def test_trained_files_on_more_text(name: str, text: str) -> None:
    reference, ours = pair(name)
    assert mismatches(reference, ours, [text]) == []


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"pre_tokenizer": {"type": "FixedLength", "length": 5}}, "FixedLength"),
        ({"pre_tokenizer": {"type": "UnicodeScripts"}}, "UnicodeScripts"),
        (
            {
                "pre_tokenizer": {
                    "type": "Split",
                    "pattern": {"Regex": r"\p{L}+"},
                    "behavior": "Isolated",
                }
            },
            r"\\p{L}\+",
        ),
        ({"model": {"type": "BPE", "dropout": 0.1, "vocab": {}, "merges": []}}, "dropout"),
        ({"model": {"type": "Mystery"}}, "Mystery model"),
        (
            {"normalizer": {"type": "Sequence", "normalizers": [{"type": "Nope"}]}},
            "Nope normalizer",
        ),
    ],
)
def test_what_cannot_be_applied_is_refused_by_name(change: dict[str, Any], named: str) -> None:
    spec = json.loads(_trained_json("wordpiece"))
    spec.update(change)
    with pytest.raises(UnsupportedTokenizerError, match=named):
        load_tokenizer_json(json.dumps(spec))


@pytest.mark.parametrize("name", ["byte-bpe", "unigram-xlm-r-style"])
def test_lone_surrogates_count_as_the_replacement_character(name: str) -> None:
    """A JavaScript string may hold lone surrogates, which tokenizers does not take: they
    count as U+FFFD, as the UTF-8 a browser would write for them."""
    reference, ours = pair(name)
    assert ours.encode("a\ud800b \udfff") == reference.encode("a\ufffdb \ufffd").ids
    assert bert_ours().encode("x\ud800") == bert_reference().encode("x\ufffd").ids


def test_truncation_and_padding_are_not_applied() -> None:
    """A document is counted whole, whatever the file says a model's input is cut or padded
    to: the count is tokenizers' without them."""
    spec = json.loads(_trained_json("wordpiece"))
    spec["truncation"] = {
        "direction": "Right",
        "max_length": 8,
        "strategy": "LongestFirst",
        "stride": 0,
    }
    spec["padding"] = {
        "strategy": {"Fixed": 128},
        "direction": "Right",
        "pad_to_multiple_of": None,
        "pad_id": 0,
        "pad_type_id": 0,
        "pad_token": "[UNK]",
    }
    reference = Tokenizer.from_str(json.dumps(spec))
    text = generated_text(5, 100)
    assert len(reference.encode(text, add_special_tokens=False).ids) == 128
    reference.no_truncation()
    reference.no_padding()
    assert mismatches(reference, load_tokenizer_json(json.dumps(spec)), [text]) == []


def test_a_file_that_is_no_tokenizer_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"not a tokenizer\.json"):
        load_tokenizer_json("{}")
    with pytest.raises(ValueError, match="not JSON"):
        load_tokenizer_json("vocab")
    binary = tmp_path / "tokenizer.json"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(ValueError, match="UTF-8"):
        load_tokenizer_file(binary)
