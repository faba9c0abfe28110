"""bert-base-uncased and tokenizer.json files count exactly as PyPI tokenizers counts.

The reference is ``tokenizers`` itself: ``Tokenizer.encode(text, add_special_tokens=False)``
on the real bert-base-uncased vocabulary (the file ``build.py ranks`` fetched), and on
tokenizer.json files of each model kind that these tests train with tokenizers, offline, on
the project's own texts in five languages (small vocabularies, trained once a session).
Every comparison is of the token ids, not only of their number.
"""

from __future__ import annotations

import base64
import io
import json
import random
from collections.abc import Callable
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import sentencepiece
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import AddedToken, Tokenizer, models, trainers
from tokenizers import normalizers as norm
from tokenizers import pre_tokenizers as pre

import build
from calculator._tokens import RANKS_SUFFIX, _page
from calculator._tokens._counters import (
    BERT,
    BERT_VOCAB,
    load_counter,
    load_tokenizer_file,
    load_vocab,
    parse_vocab,
)
from calculator._tokens._files import read_text
from calculator._tokens._hf import (
    HfTokenizer,
    UnsupportedTokenizerError,
    load_tokenizer_json,
)
from calculator._tokens._hf._normalizers import _Precompiled
from calculator.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
BERT_SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]

# Words of the five languages, written as people write them (accents, ß, ł, apostrophes).
WORDS = {
    "pt": "ação coração não informação você está às pôr também avó português órgão Pão",
    "de": "Straße Größe über Mädchen Äpfel Öl Übermaß daß heißen Fußgängerübergänge Weiß",
    "it": "perché città più già così l'uomo dell'anno caffè Però è È virtù qual'è",
    "pl": "źdźbło zażółć gęślą jaźń łódź Łódź żółw chrząszcz szczęście Źródło ŚWIĘTO",
    "en": "the chunk overlap tokenizer embedding vectors don't it's we'll 1,024 3.5x",
}
# Text the tokenizers treat apart: emoji, combining marks, compatibility forms, scripts.
ODD = [
    "😀",
    "👩‍👩‍👧",
    "🇵🇱",
    "👍🏽",
    "e\u0301",
    "a\u0308\u0323",
    "\u0301start",
    "ﬁ",
    "①",
    "Ⅻ",
    "ｶﾀｶﾅ",
    "㍿",
    "\uff26\uff35\uff2c\uff2c",  # FULL, full width
    "x²",
    "東京都",
    "한국어",
    "ภาษาไทย",
    "İstanbul",
    "ΟΔΟΣ",
    "\u00a0",
    "\u200b",
    "\ufeff",
    "\t",
    "\r\n",
    "\x00",
    "\ufffd",
    "\x85",
    "\u0378",
    "\U000e0001",
    "\U0001fae8",
    "\u1df6",
    "\U00011938",
    "$",
    "''",
    "``",
]


def generated_text(seed: int, words: int) -> str:
    """A text of ``words`` words in the five languages, with digits, punctuation and
    the odd characters above among them."""
    chooser = random.Random(seed)
    vocabulary = [word for text in WORDS.values() for word in text.split()]
    out: list[str] = []
    for _ in range(words):
        roll = chooser.random()
        if roll < 0.08:
            out.append(chooser.choice(ODD))
        elif roll < 0.12:
            out.append(str(chooser.randrange(10**6)))
        elif roll < 0.13:
            out.append("".join(chooser.choice(vocabulary) for _ in range(12)))  # > 100 chars
        else:
            out.append(chooser.choice(vocabulary))
        out.append(chooser.choice([" ", " ", " ", ", ", ". ", "\n", "  ", "!", "-", " (", ") "]))
    return "".join(out)


def catalog_texts() -> list[str]:
    """Every string of the site's catalogs (real text in five languages)."""
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for catalog in sorted((ROOT / "locales").glob("*.json")):
        walk(json.loads(catalog.read_text(encoding="utf-8")))
    return texts


@cache
def corpus() -> tuple[str, ...]:
    return (*catalog_texts(), *(generated_text(seed, 60) for seed in range(200)))


# The table-driven cases every tokenizer is compared on.
CASES = [
    "",
    " ",
    "   leading and trailing   ",
    "a" * 150,
    "naïve café " + "é" * 101,
    "[CLS] hello [SEP] [MASK]x[PAD]",
    "<s>text</s> <mask> hi <mask>   hi! this hi",
    "Olá, mundo!\r\nGrüße aus Łódź — perché no?",
    "Don't stop: it's 12:45, we'll see.",
    *ODD,
    " ".join(ODD),
    "".join(ODD),
    generated_text(7, 400),
]


# --- the references ----------------------------------------------------------------------


@cache
def bert_reference() -> Tokenizer:
    """bert-base-uncased's tokenizer as its tokenizer.json builds it, over the fetched file."""
    tokens = parse_vocab((build.TOKEN_RANKS / f"{BERT}.vocab.txt").read_bytes())
    vocab = {token: index for index, token in enumerate(tokens)}
    tokenizer = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    tokenizer.normalizer = norm.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True
    )
    tokenizer.pre_tokenizer = pre.BertPreTokenizer()
    tokenizer.add_special_tokens([AddedToken(token, special=True) for token in BERT_SPECIALS])
    return tokenizer


@cache
def bert_ours() -> HfTokenizer:
    counter = load_counter(BERT, build.TOKEN_RANKS)
    assert isinstance(counter, HfTokenizer)
    return counter


def trained(kind: str) -> Tokenizer:
    """A small tokenizer of ``kind`` trained on :func:`corpus` (once a session)."""
    return Tokenizer.from_str(_trained_json(kind))


@cache
def _trained_json(kind: str) -> str:
    texts = list(corpus())
    trainer: trainers.Trainer
    if kind == "wordpiece":
        tokenizer = Tokenizer(models.WordPiece(unk_token="[UNK]"))
        tokenizer.normalizer = norm.BertNormalizer(strip_accents=False, lowercase=False)
        tokenizer.pre_tokenizer = pre.BertPreTokenizer()
        trainer = trainers.WordPieceTrainer(
            vocab_size=700, special_tokens=["[UNK]", "[CLS]", "[MASK]"], show_progress=False
        )
    elif kind == "byte-bpe":
        tokenizer = Tokenizer(models.BPE())
        tokenizer.normalizer = norm.NFC()
        tokenizer.pre_tokenizer = pre.ByteLevel(add_prefix_space=True)
        trainer = trainers.BpeTrainer(
            vocab_size=700,
            special_tokens=["<s>", "</s>"],
            initial_alphabet=pre.ByteLevel.alphabet(),
            show_progress=False,
        )
    elif kind == "bpe-options":
        tokenizer = Tokenizer(
            models.BPE(
                unk_token="<unk>",
                fuse_unk=True,
                byte_fallback=True,
                continuing_subword_prefix="##",
                end_of_word_suffix="</w>",
            )
        )
        tokenizer.normalizer = norm.Sequence([norm.NFKC(), norm.Lowercase()])
        tokenizer.pre_tokenizer = pre.Sequence(
            [pre.Whitespace(), pre.Digits(individual_digits=True)]
        )
        # Byte tokens for a third of the bytes: the rest are unknown (fused).
        trainer = trainers.BpeTrainer(
            vocab_size=600,
            special_tokens=["<unk>", *(f"<0x{byte:02X}>" for byte in range(0, 256, 3))],
            continuing_subword_prefix="##",
            end_of_word_suffix="</w>",
            show_progress=False,
        )
    elif kind == "unigram":
        tokenizer = Tokenizer(models.Unigram())
        tokenizer.normalizer = norm.Sequence(
            [norm.Nmt(), norm.NFKC(), norm.Replace(norm_regex(" {2,}"), " ")]
        )
        tokenizer.pre_tokenizer = pre.Metaspace()
        trainer = trainers.UnigramTrainer(
            vocab_size=500, unk_token="<unk>", special_tokens=["<unk>", "<s>"], show_progress=False
        )
    elif kind == "bpe-llama":
        tokenizer = Tokenizer(models.BPE(unk_token="<unk>", byte_fallback=True, fuse_unk=True))
        tokenizer.pre_tokenizer = pre.Metaspace(prepend_scheme="first")
        trainer = trainers.BpeTrainer(
            vocab_size=700,
            special_tokens=["<unk>", "<s>", *(f"<0x{byte:02X}>" for byte in range(256))],
            show_progress=False,
        )
    elif kind == "wordlevel":
        tokenizer = Tokenizer(models.WordLevel(unk_token="<unk>"))
        tokenizer.normalizer = norm.Sequence([norm.NFKD(), norm.StripAccents(), norm.Strip()])
        tokenizer.pre_tokenizer = pre.WhitespaceSplit()
        trainer = trainers.WordLevelTrainer(
            vocab_size=800, special_tokens=["<unk>"], show_progress=False
        )
    else:
        raise AssertionError(kind)
    tokenizer.train_from_iterator(texts, trainer)
    if kind == "byte-bpe":
        tokenizer.add_special_tokens([AddedToken("<mask>", lstrip=True, special=True)])
        tokenizer.add_tokens([AddedToken("hi", single_word=True), AddedToken("ção", rstrip=True)])
    if kind == "wordpiece":
        tokenizer.add_special_tokens([AddedToken("[MASK]", special=True)])
        tokenizer.add_tokens([AddedToken("grüße", normalized=True)])
    return str(tokenizer.to_str())


def norm_regex(pattern: str) -> Any:
    from tokenizers import Regex  # noqa: PLC0415

    return Regex(pattern)


def variant(kind: str, **parts: Any) -> str:
    """A trained tokenizer's file with its normalizer, pre-tokenizer or model options
    replaced (``None`` removes a part)."""
    spec = json.loads(_trained_json(kind))
    for part, value in parts.items():
        if part.startswith("model_"):
            spec["model"][part.removeprefix("model_")] = value
        else:
            spec[part] = value
    return json.dumps(spec)


BYTE_LEVEL = {
    "type": "ByteLevel",
    "add_prefix_space": False,
    "trim_offsets": True,
    "use_regex": True,
}
GPT2 = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"


@cache
def unigram_byte_fallback() -> str:
    """The trained Unigram with a byte piece for every byte, byte_fallback on, no
    normalizer and no split: SentencePiece's Llama-style files."""
    spec = json.loads(_trained_json("unigram"))
    spec["model"]["vocab"] += [[f"<0x{byte:02X}>", 0.0] for byte in range(256)]
    spec["model"]["byte_fallback"] = True
    spec["normalizer"] = None
    spec["pre_tokenizer"] = {
        "type": "Metaspace",
        "replacement": "\u2581",
        "prepend_scheme": "first",
        "split": False,
    }
    return json.dumps(spec)


# Every tokenizer.json compared: the trained ones and variants of their parts.
FILES: dict[str, Callable[[], str]] = {
    "wordpiece": lambda: _trained_json("wordpiece"),
    "byte-bpe": lambda: _trained_json("byte-bpe"),
    "bpe-options": lambda: _trained_json("bpe-options"),
    "unigram": lambda: _trained_json("unigram"),
    "wordlevel": lambda: _trained_json("wordlevel"),
    "unigram-byte-fallback": unigram_byte_fallback,
    "byte-bpe-no-prefix-ignore-merges": lambda: variant(
        "byte-bpe", pre_tokenizer=BYTE_LEVEL, model_ignore_merges=True
    ),
    "byte-bpe-split-gpt2": lambda: variant(
        "byte-bpe",
        pre_tokenizer={
            "type": "Sequence",
            "pretokenizers": [
                {
                    "type": "Split",
                    "pattern": {"Regex": GPT2},
                    "behavior": "Isolated",
                    "invert": False,
                },
                {**BYTE_LEVEL, "use_regex": False},
            ],
        },
    ),
    # Llama's and Mistral's way (e5-mistral): the whole text one word for BPE.
    "bpe-llama": lambda: variant(
        "bpe-llama",
        normalizer={
            "type": "Sequence",
            "normalizers": [
                {"type": "Prepend", "prepend": "\u2581"},
                {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"},
            ],
        },
        pre_tokenizer=None,
    ),
    "bpe-prefixed-no-pre-tokenizer": lambda: variant(
        "bpe-options",
        normalizer={"type": "Strip", "strip_left": True, "strip_right": True},
        pre_tokenizer=None,
        model_fuse_unk=False,
    ),
    "wordpiece-punctuation": lambda: variant(
        "wordpiece",
        normalizer={"type": "Sequence", "normalizers": [{"type": "NFD"}, {"type": "Lowercase"}]},
        pre_tokenizer={
            "type": "Sequence",
            "pretokenizers": [
                {"type": "WhitespaceSplit"},
                {"type": "Punctuation", "behavior": "MergedWithPrevious"},
                {"type": "Digits", "individual_digits": False},
            ],
        },
    ),
    "wordpiece-split": lambda: variant(
        "wordpiece",
        normalizer={
            "type": "BertNormalizer",
            "clean_text": False,
            "handle_chinese_chars": False,
            "strip_accents": True,
            "lowercase": True,
        },
        pre_tokenizer={
            "type": "Sequence",
            "pretokenizers": [
                {
                    "type": "Split",
                    "pattern": {"String": " "},
                    "behavior": "MergedWithNext",
                    "invert": False,
                },
                {"type": "CharDelimiterSplit", "delimiter": "a"},
                {"type": "Punctuation", "behavior": "Contiguous"},
                {
                    "type": "Split",
                    "pattern": {"String": "ł"},
                    "behavior": "Removed",
                    "invert": True,
                },
            ],
        },
    ),
    "unigram-metaspace-never": lambda: variant(
        "unigram",
        normalizer={"type": "Sequence", "normalizers": [{"type": "NFKD"}, {"type": "Lowercase"}]},
        pre_tokenizer={
            "type": "Sequence",
            "pretokenizers": [
                {"type": "Whitespace"},
                {
                    "type": "Metaspace",
                    "replacement": "\u2581",
                    "prepend_scheme": "never",
                    "split": True,
                },
            ],
        },
    ),
}


@cache
def charsmap(rule: str) -> bytes:
    """The precompiled charsmap of a SentencePiece model trained with the normalization rule
    ``rule`` (``nmt_nfkc`` is XLM-R's), read from the model's protocol buffer."""
    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(corpus()),
        model_writer=model,
        vocab_size=300,
        normalization_rule_name=rule,
        minloglevel=2,
    )
    normalizer_spec = _field(model.getvalue(), 3)  # ModelProto.normalizer_spec
    return _field(normalizer_spec, 2)  # NormalizerSpec.precompiled_charsmap


def _field(message: bytes, number: int) -> bytes:
    """The first length-delimited field ``number`` of a protocol buffer message."""
    index = 0
    while index < len(message):
        key, index = _varint(message, index)
        kind = key & 7
        if kind == 0:
            _, index = _varint(message, index)
        elif kind in (1, 5):
            index += 8 if kind == 1 else 4
        else:
            length, index = _varint(message, index)
            if key >> 3 == number:
                return message[index : index + length]
            index += length
    raise AssertionError(f"no field {number}")


def _varint(data: bytes, index: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[index]
        index += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, index


def precompiled(rule: str) -> dict[str, Any]:
    return {
        "type": "Precompiled",
        "precompiled_charsmap": base64.b64encode(charsmap(rule)).decode("ascii"),
    }


def xlm_r_style() -> str:
    """The trained Unigram behind XLM-R's normalizer (SentencePiece's nmt_nfkc charsmap, then
    runs of spaces as one) and Metaspace, as multilingual-e5 and bge-m3 have them."""
    spaces = {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}
    return variant(
        "unigram",
        normalizer={"type": "Sequence", "normalizers": [precompiled("nmt_nfkc"), spaces]},
    )


def legacy_merges() -> str:
    """The trained byte-level BPE with its merges as "a b" strings (older files), its text
    mapped to bytes by the ByteLevel normalizer and no pre-tokenizer."""
    spec = json.loads(_trained_json("byte-bpe"))
    spec["model"]["merges"] = [" ".join(merge) for merge in spec["model"]["merges"]]
    spec["normalizer"] = {"type": "ByteLevel"}
    spec["pre_tokenizer"] = None
    return json.dumps(spec)


FILES["byte-bpe-legacy-merges"] = legacy_merges
FILES["unigram-xlm-r-style"] = xlm_r_style
FILES["wordpiece-precompiled-case-folding"] = lambda: variant(
    "wordpiece", normalizer=precompiled("nmt_nfkc_cf")
)


@cache
def pair(name: str) -> tuple[Tokenizer, HfTokenizer]:
    text = FILES[name]()
    return Tokenizer.from_str(text), load_tokenizer_json(text)


def mismatches(reference: Tokenizer, ours: HfTokenizer, texts: list[str]) -> list[str]:
    return [
        text
        for text in texts
        if ours.encode(text) != reference.encode(text, add_special_tokens=False).ids
    ]


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
