"""tokenizer.json files count as PyPI tokenizers counts them where the counts are used:
SentencePiece's precompiled charsmap (XLM-R's normalizer), the command line's ``--count``,
and the page's counting a slice at a time.  The references and the trained files are
tests/test_hf_tokenizers.py's."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import normalizers as norm

import build
from calculator._tokens import RANKS_SUFFIX, _page
from calculator._tokens._counters import BERT
from calculator._tokens._files import read_text
from calculator._tokens._hf._normalizers import _Precompiled
from calculator.cli import main as cli_main
from hf_references import (
    CASES,
    FILES,
    ODD,
    _trained_json,
    bert_reference,
    catalog_texts,
    charsmap,
    generated_text,
    pair,
    precompiled,
    trained,
)

# --- SentencePiece's precompiled charsmap ---------------------------------------------

RULES = ["nmt_nfkc", "nmt_nfkc_cf", "nfkc"]
# Graphemes the charsmap may replace whole: a letter and its marks, conjuncts, Hangul,
# emoji sequences, flags, CR LF, a space and a mark.
GRAPHEMES = [
    "A\u0301",
    "e\u0301\u0302",
    "\u0915\u094d\u0937",
    "\u0915\u094d\u200d\u0937",
    "\u1100\u1161\u11a8",
    "\u0600a",
    "\u0e33",
    "👩\u200d",
    "🇵🇱🇩",
    " \u0301",
    "\r\n",
    "\uff21",
    "ﬃ",
]


def reference_normalizer(rule: str) -> norm.Normalizer:
    return norm.Precompiled(charsmap(rule))


@pytest.mark.parametrize("rule", RULES)
def test_precompiled_on_the_cases(rule: str) -> None:
    reference, ours = reference_normalizer(rule), _Precompiled(precompiled(rule))
    texts = [*CASES, *GRAPHEMES, "".join(GRAPHEMES), *catalog_texts()[:300]]
    assert [ours(text) for text in texts] == [reference.normalize_str(text) for text in texts]


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(RULES),
    st.lists(st.one_of(st.characters(codec="utf-8"), st.sampled_from(GRAPHEMES + ODD))).map(
        "".join
    ),
)
def test_precompiled_on_any_text(rule: str, text: str) -> None:
    assert _Precompiled(precompiled(rule))(text) == reference_normalizer(rule).normalize_str(text)


@pytest.mark.slow
def test_precompiled_joins_every_character_as_tokenizers_does() -> None:
    """Every code point after a letter the rule rewrites (and, in the Basic Multilingual
    Plane, after a virama, an emoji's ZWJ and a Hangul L): each joins that grapheme (and is
    dropped with it) exactly where tokenizers' grapheme clusters (Unicode 17.0) join it."""
    reference, ours = reference_normalizer("nmt_nfkc_cf"), _Precompiled(precompiled("nmt_nfkc_cf"))
    characters = [chr(point) for point in range(0x110000) if not 0xD800 <= point < 0xE000]
    text = "".join("A" + character + "\n" for character in characters)
    assert ours(text) == reference.normalize_str(text)
    # The rarer joins, over the Basic Multilingual Plane.
    characters = characters[: 0x10000 - 0x800]
    for before in ("\u0915\u094d", "\U0001f600\u200d", "\u1100"):
        text = "".join(before + character + "\n" for character in characters)
        assert ours(text) == reference.normalize_str(text)


# --- the command line --------------------------------------------------------------------


def documents(folder: Path) -> dict[str, str]:
    """Text files written into ``folder`` (a NUL would make one binary): their texts, as
    --count reads them."""
    folder.mkdir()
    texts = {f"doc{seed}.txt": generated_text(100 + seed, 50 * seed) for seed in range(6)}
    texts["catalog.md"] = "\n".join(catalog_texts()[:300])
    for name, text in texts.items():
        (folder / name).write_text(text.replace("\x00", ""), encoding="utf-8", newline="")
    return {name: read_text(folder / name) for name in texts}


def cli_counts(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, int]:
    assert cli_main([*arguments, "--chunk-size", "256", "--json"]) == 0
    counted = json.loads(capsys.readouterr().out)["counted"]
    return {Path(item["path"]).name: item["tokens"] for item in counted["documents"]}


def test_cli_counts_with_bert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    texts = documents(tmp_path / "docs")
    counts = cli_counts(capsys, "--count", str(tmp_path / "docs"), "--encoding", BERT)
    reference = bert_reference()
    assert counts == {
        name: len(reference.encode(text, add_special_tokens=False).ids)
        for name, text in texts.items()
    }


@pytest.mark.parametrize("name", ["byte-bpe", "unigram", "wordpiece"])
def test_cli_counts_with_a_tokenizer_file(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = documents(tmp_path / "docs")
    file = tmp_path / "tokenizer.json"
    file.write_text(FILES[name](), encoding="utf-8")
    counts = cli_counts(capsys, "--count", str(tmp_path / "docs"), "--tokenizer", str(file))
    reference = trained(name)
    assert counts == {
        document: len(reference.encode(text, add_special_tokens=False).ids)
        for document, text in texts.items()
    }


def test_cli_refuses_a_file_it_cannot_apply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = json.loads(_trained_json("unigram"))
    spec["pre_tokenizer"] = {"type": "UnicodeScripts"}
    file = tmp_path / "tokenizer.json"
    file.write_text(json.dumps(spec), encoding="utf-8")
    (tmp_path / "a.txt").write_text("text", encoding="utf-8")
    arguments = ["--count", str(tmp_path / "a.txt"), "--tokenizer", str(file), "--chunk-size", "8"]
    assert cli_main(arguments) == 2
    error = capsys.readouterr().err
    assert "--tokenizer" in error
    assert "UnicodeScripts pre-tokenizer" in error


# --- the page's counting -----------------------------------------------------------------


def page_count(encoding: str, text: str, size: int) -> int:
    counting = _page.start_text(encoding, text)
    steps = 0
    while not counting.step(size):
        steps += 1
    figures = json.loads(counting.result())
    assert figures["characters"] == len(text)
    return int(figures["tokens"])


LONG = generated_text(3, 3000) + "東京都の人口" * 200 + " z" + "x" * 5000


def test_the_page_counts_bert_slice_by_slice() -> None:
    _page.load(BERT, str(build.TOKEN_RANKS / (BERT + RANKS_SUFFIX)))
    expected = len(bert_reference().encode(LONG, add_special_tokens=False).ids)
    for size in (1, 50, 1000, 1 << 16):
        assert page_count(BERT, LONG, size) == expected


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_page_counts_a_tokenizer_file_slice_by_slice(name: str) -> None:
    reply = json.loads(_page.load_tokenizer("picked-" + name, FILES[name]()))
    assert reply == {"name": "picked-" + name}
    reference = pair(name)[0]
    text = LONG[:20_000] + " <mask> hi [MASK] " + LONG[:3000]
    expected = len(reference.encode(text, add_special_tokens=False).ids)
    for size in (40, 1000):
        assert page_count("picked-" + name, text, size) == expected
    _page.forget_tokenizer("picked-" + name)


def merged_run(tokenizer_json: str, repeats: int = 12_000) -> str:
    """For a BPE file, a run of its first merge's two letters, many merges long whatever the
    vocabulary training made of the other letters (which the site's catalogs change); else
    nothing (a Unigram's search pauses by characters)."""
    model = json.loads(tokenizer_json)["model"]
    if model["type"] != "BPE":
        return ""
    for merge in model["merges"]:
        left, right = merge.split(" ") if isinstance(merge, str) else merge
        if len(left) == len(right) == 1 and (left + right).isalpha():
            return (left + right) * repeats
    raise AssertionError("no merge of two letters")


@pytest.mark.parametrize("name", ["unigram", "unigram-byte-fallback", "bpe-llama", "byte-bpe"])
def test_the_page_counts_a_long_word_across_calls(name: str) -> None:
    """A word longer than a pause's work (no place to cut it) is tokenized across calls."""
    _page.load_tokenizer("long-" + name, FILES[name]())
    text = "Olá " + "łódź" * 3000 + "x" * 9000 + merged_run(FILES[name]()) + " fim"
    counting = _page.start_text("long-" + name, text)
    calls = 1
    while not counting.step():
        calls += 1
    assert calls > 2
    expected = pair(name)[0].encode(text, add_special_tokens=False).ids
    assert json.loads(counting.result())["tokens"] == len(expected)
    _page.forget_tokenizer("long-" + name)


SLICED_TEXT = st.lists(
    st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from([" ", "  ", " ab ", "x y", "1 2", "<mask>", "[MASK]", "hi", "ção"]),
        st.sampled_from(ODD),
    )
).map("".join)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(FILES)), SLICED_TEXT, st.integers(1, 30))
def test_the_pages_slices_count_any_text(name: str, text: str, size: int) -> None:
    reply = json.loads(_page.load_tokenizer("sliced-" + name, FILES[name]()))
    assert reply == {"name": "sliced-" + name}
    expected = pair(name)[0].encode(text, add_special_tokens=False).ids
    assert page_count("sliced-" + name, text, size) == len(expected)


def test_the_page_says_why_a_file_cannot_count() -> None:
    spec = json.loads(_trained_json("unigram"))
    spec["pre_tokenizer"] = {"type": "UnicodeScripts"}
    reply = json.loads(_page.load_tokenizer("x", json.dumps(spec)))
    assert reply["error"] == "unsupported"
    assert "UnicodeScripts" in reply["message"]
    spec["normalizer"] = {"type": "Precompiled", "precompiled_charsmap": "AAAA"}
    reply = json.loads(_page.load_tokenizer("x", json.dumps(spec)))
    assert reply["error"] == "invalid"
    assert "charsmap" in reply["message"]
    assert json.loads(_page.load_tokenizer("x", "{"))["error"] == "invalid"


def test_the_page_draws_a_tokenizer_files_chunks() -> None:
    _page.load(BERT, str(build.TOKEN_RANKS / (BERT + RANKS_SUFFIX)))
    text = generated_text(11, 600)
    tokens = len(bert_reference().encode(text, add_special_tokens=False).ids)
    view = json.loads(_page.start_text(BERT, text).chunks(tokens, 64, 16))
    assert view["tokens"] == tokens
    windows = view["windows"]
    assert windows[0][:2] == [0, 64]
    for previous, current in pairwise(windows):
        assert previous[2] <= current[2] <= previous[3] <= current[3]
    assert "".join(segment[1] for segment in view["segments"]) == text[: windows[-1][3]]
