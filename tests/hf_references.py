"""The references tokenizer.json counts are tested against (tests/test_hf_tokenizers.py,
tests/test_hf_counting.py): bert-base-uncased as its tokenizer.json builds it, and a file of
each model kind that PyPI ``tokenizers`` trains here, offline, on the project's own texts in
five languages (small vocabularies, trained once a session); the texts they count."""

from __future__ import annotations

import base64
import io
import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import sentencepiece
from tokenizers import AddedToken, Tokenizer, models, trainers
from tokenizers import normalizers as norm
from tokenizers import pre_tokenizers as pre

import build
from calculator._tokens._counters import (
    BERT,
    load_counter,
    parse_vocab,
)
from calculator._tokens._hf import (
    HfTokenizer,
    load_tokenizer_json,
)

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
