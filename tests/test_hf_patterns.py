"""Qwen3's, Llama 3's and DeepSeek-V3's real tokenizer.json files count exactly as PyPI
``tokenizers`` counts them: their Split pre-tokenizers' regular expressions (Llama 3's digits
in threes, Qwen2's one by one, case-insensitive contractions, lookahead; DeepSeek-V3's three
in turn, with Oniguruma's \\p{P}, \\p{S} and \\p{M} and CJK ranges) applied over class codes,
their ByteLevel and BPE (Llama 3's ``ignore_merges``).  Token ids are compared, on the project's
texts in five languages, the source documents, code, emoji, CJK, combining marks, digit runs,
contractions in upper case and hypothesis strings; in the whole text and a slice at a time
as the page counts.  The command line's splitters with a model's tokenizer (a real file, and
bert-base-uncased) cut as LangChain's and LlamaIndex's do with it.  A regular expression of
another kind is still refused, by name."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
from functools import cache, partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_text_splitters import Language, RecursiveCharacterTextSplitter
from llama_index.core.node_parser import SentenceSplitter
from tokenizers import Tokenizer

from calculator._tokens import _page
from calculator._tokens._hf import HfTokenizer, UnsupportedTokenizerError, load_tokenizer_json
from calculator._tokens._hf._patterns import (
    DEEPSEEK_CJK,
    DEEPSEEK_DIGITS,
    DEEPSEEK_WORDS,
    KNOWN_PATTERNS,
    LLAMA3_PATTERN,
    QWEN2_PATTERN,
)
from hf_references import CASES, ODD, bert_reference, catalog_texts, generated_text
from real_tokenizers import REAL_TOKENIZERS, real_tokenizer
from test_cli_count import run_main
from test_splitters import markdown, prose

NAMES = sorted(REAL_TOKENIZERS)
ROOT = Path(__file__).resolve().parent.parent
# What the two patterns tell apart: contractions in any case (and U+017F, which Oniguruma
# folds to "s"), digit runs of every length, line ends of both kinds, white space of other
# kinds, punctuation runs before line ends, letters after a symbol.
PATTERN_CASES = [
    "It's, IT'S, it'S, we'LL, They'RE, I'VE, I'M, he'D, '\u017f, '\u017ft, ''s, 's's",
    "1 12 123 1234 12345 123456 ١٢٣٤ ①②③④ ½¾ 3.14159 1,024,000",
    "a\nb\r\nc\rd\n\n\n e \n\t\n  f\u2028g\u00a0h\u3000i\x0bj\x0ck",
    "wait!!!\n\nwhat?!\r\n...\n(ok) [x] {y} <z> «q» “r” @#$%^&*",
    "$abc #tag @user /path/to/file.txt C++ C# naïve café 'Quoted' -flag",
    "日本語のテキスト・カタカナー、中文文本。한국어 ㄱ 123456789 一二三 漢字かな",
    "e\u0301\u0302 x\u0308 \u0915\u094d\u0937 ① ½ ™ © ≠ ∑ € ¥ ¶ § « » ¿ ¡ ⁂",
    "   leading and trailing   ",
    "\t\ttabs\t\t",
    "x" + " " * 40 + "y" + "\n" * 30 + "z",
]


@cache
def pair(name: str) -> tuple[Tokenizer, HfTokenizer]:
    text = real_tokenizer(name)
    return Tokenizer.from_str(text), load_tokenizer_json(text)


def mismatches(name: str, texts: list[str]) -> list[str]:
    reference, ours = pair(name)
    return [
        text
        for text in texts
        if ours.encode(text) != reference.encode(text, add_special_tokens=False).ids
    ]


def source_documents() -> list[str]:
    """The product's source documents, where CI names their folder (TOKEN_TEXTS)."""
    texts = []
    for folder in filter(None, os.environ.get("TOKEN_TEXTS", "").split(os.pathsep)):
        texts += [path.read_text(encoding="utf-8") for path in sorted(Path(folder).glob("*.md"))]
    return texts


def test_the_files_use_the_patterns_applied() -> None:
    patterns = {
        name: [
            item["pattern"]["Regex"]
            for item in json.loads(real_tokenizer(name))["pre_tokenizer"]["pretokenizers"]
            if item["type"] == "Split"
        ]
        for name in NAMES
    }
    assert patterns == {
        "llama3": [LLAMA3_PATTERN],
        "qwen3": [QWEN2_PATTERN],
        "deepseek_v3": [DEEPSEEK_DIGITS, DEEPSEEK_CJK, DEEPSEEK_WORDS],
    }


@pytest.mark.parametrize("name", NAMES)
def test_the_cases_count_as_tokenizers_counts(name: str) -> None:
    texts = [*PATTERN_CASES, *CASES, *ODD, " ".join(PATTERN_CASES), generated_text(11, 3000)]
    assert mismatches(name, texts) == []


@pytest.mark.parametrize("name", NAMES)
def test_the_catalogs_and_source_documents_count_as_tokenizers_counts(name: str) -> None:
    assert mismatches(name, [*catalog_texts(), *source_documents()]) == []


_ALPHABET = st.sampled_from(
    [
        *"aAsStTlLrReEvVdDmM'\u017f 0123456789\r\n\t\x0b\u00a0\u2028.,!?$#(_-[]",
        *"\u65e5\U0001f600\u00e9\u0301\u3072\u30ab\u30fb\u30fc\ud55c\u2460\u2122\u20ac\u0308",
    ]
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(NAMES),
    st.one_of(st.text(_ALPHABET, max_size=60), st.text(max_size=40)),
)
def test_any_text_counts_as_tokenizers_counts(name: str, text: str) -> None:
    assert mismatches(name, [text]) == []


@pytest.mark.parametrize("name", NAMES)
def test_the_page_counts_a_real_file_slice_by_slice(name: str) -> None:
    reference, _ = pair(name)
    reply = json.loads(_page.load_tokenizer("real-" + name, real_tokenizer(name)))
    assert reply == {"name": "real-" + name}
    text = " ".join(PATTERN_CASES) + generated_text(5, 4000) + " It'LL 1234567 end"
    expected = len(reference.encode(text, add_special_tokens=False).ids)
    for size in (50, 2000):
        counting = _page.start_text("real-" + name, text)
        while not counting.step(size):
            pass
        assert json.loads(counting.result())["tokens"] == expected
    _page.forget_tokenizer("real-" + name)


def test_another_regular_expression_is_refused_naming_the_ones_applied() -> None:
    spec = json.loads(real_tokenizer("qwen3"))
    pattern = r"\p{N}{1,3}|[\p{P}\p{S}]+"
    spec["pre_tokenizer"]["pretokenizers"][0]["pattern"] = {"Regex": pattern}
    with pytest.raises(UnsupportedTokenizerError) as refused:
        load_tokenizer_json(json.dumps(spec))
    assert refused.value.params == {"part": pattern}
    assert all(name in str(refused.value) for name in KNOWN_PATTERNS)
    assert "DeepSeek-V3" in str(refused.value)


def library_chunks(splitter: str, reference: Tokenizer, text: str, size: int) -> list[str]:
    """The library's chunks with the model's own tokenizer: LangChain's splitters measuring
    with its count, LlamaIndex's sentence splitter with its ids."""

    def count(chunk: str) -> int:
        return len(reference.encode(chunk, add_special_tokens=False).ids)

    if splitter == "sentence":
        ids = partial(reference.encode, add_special_tokens=False)
        return SentenceSplitter(
            chunk_size=size, chunk_overlap=0, tokenizer=lambda chunk: ids(chunk).ids
        ).split_text(text)
    if splitter == "markdown":
        return RecursiveCharacterTextSplitter(
            chunk_size=size,
            chunk_overlap=0,
            length_function=count,
            separators=RecursiveCharacterTextSplitter.get_separators_for_language(
                Language.MARKDOWN
            ),
            is_separator_regex=True,
        ).split_text(text)
    return RecursiveCharacterTextSplitter(
        chunk_size=size, chunk_overlap=0, length_function=count
    ).split_text(text)


@pytest.mark.parametrize("counter", ["qwen3", "bert-base-uncased"])
@pytest.mark.parametrize("splitter", ["recursive", "markdown", "sentence"])
def test_the_command_line_splits_with_a_models_tokenizer_as_the_libraries_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], splitter: str, counter: str
) -> None:
    """A real tokenizer.json (``--tokenizer``) and bert-base-uncased (``--encoding``)."""
    if counter == "bert-base-uncased":
        reference, chosen = bert_reference(), ["--encoding", counter]
    else:
        reference = pair(counter)[0]
        tokenizer = tmp_path / "tokenizer.json"
        tokenizer.write_text(real_tokenizer(counter), encoding="utf-8")
        chosen = ["--tokenizer", str(tokenizer)]
    folder = tmp_path / "docs"
    folder.mkdir()
    texts = {folder / "prose.txt": prose(7), folder / "notes.md": markdown(8)}
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
    status, out, err = run_main(
        capsys, "--count", str(folder), *chosen, "--chunk-size", "120",
        "--splitter", splitter, "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    documents = json.loads(out)["counted"]["documents"]
    assert {document["path"]: document["chunks"] for document in documents} == {
        str(path): len(library_chunks(splitter, reference, text, 120))
        for path, text in texts.items()
    }


def test_the_class_table_is_tokenizers_own() -> None:
    """calculator/_tokens/_tables/_onig.py is what tools/make_onig_classes.py writes now."""
    spec = importlib.util.spec_from_file_location("make", ROOT / "tools" / "make_onig_classes.py")
    assert spec is not None and spec.loader is not None
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    written = io.StringIO()
    with contextlib.redirect_stdout(written):
        make.main()
    table = ROOT / "calculator" / "_tokens" / "_tables" / "_onig.py"
    assert written.getvalue() == table.read_text(encoding="utf-8")
