"""The page's splitting (calculator/_splitters/_page.py, run by the worker) cuts a counted
document as the libraries do, call by call, and the page's counting gives each document's
words as ``str.split()`` finds them.

The references are LangChain's and LlamaIndex's own splitters (tests/test_splitters.py), and
for bert-base-uncased the same splitters measuring with PyPI ``tokenizers``' bert-base-uncased
(tests/test_hf_tokenizers.py), as a pipeline of that model measures its chunks.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_text_splitters import Language, RecursiveCharacterTextSplitter
from llama_index.core.node_parser import SentenceSplitter

import build
import calculator
from calculator._decimals import decimal_text
from calculator._splitters import SPLITTERS
from calculator._splitters import _page as split_page
from calculator._tokens import ENCODINGS, RANKS_SUFFIX
from calculator._tokens import _page as count_page
from calculator._tokens._counters import BERT
from hf_references import bert_reference, generated_text
from test_splitters import library, markdown, prose, tiktoken_encoding

logging.getLogger("langchain_text_splitters").setLevel(logging.ERROR)


@pytest.fixture(scope="module", autouse=True)
def counters() -> None:
    for name in (*ENCODINGS, BERT):
        count_page.load(name, str(build.TOKEN_RANKS / (name + RANKS_SUFFIX)))


def expected_lengths(splitter: str, encoding: str, chunks: list[str]) -> list[int]:
    """Each chunk's own tokens as the library's tokenizer counts them."""
    reference = tiktoken_encoding(encoding)
    if splitter == "sentence":
        return [len(reference.encode(chunk, allowed_special="all")) for chunk in chunks]
    return [len(reference.encode_ordinary(chunk)) for chunk in chunks]


CASES = [
    (prose(3), "o200k_base", 200, 20),
    (prose(8), "cl100k_base", 64, 16),
    (markdown(5), "cl100k_base", 100, 0),
    (markdown(12), "o200k_base", 512, 64),
]


@pytest.mark.parametrize(
    ("text", "encoding", "size", "overlap"), CASES, ids=["prose-3", "prose-8", "md-5", "md-12"]
)
@pytest.mark.parametrize("splitter", SPLITTERS)
def test_the_page_splits_as_the_library_does(
    splitter: str, text: str, encoding: str, size: int, overlap: int
) -> None:
    expected = library(splitter, encoding, text, size, overlap)
    # seconds=0: one of the splitter's steps a call, the most calls a document can take.
    splitting = split_page.split_text(splitter, encoding, text, size, overlap, seconds=0)
    lengths = expected_lengths(splitter, encoding, expected)
    assert json.loads(splitting.result()) == {
        "chunks": len(expected),
        "tokens_processed": sum(lengths),
        "lengths": lengths,
    }
    view = json.loads(splitting.view(count_page.counter(encoding).count(text)))
    assert view["chunks"] == len(expected)
    assert [text[start:end] for start, end, _ in view["windows"]] == expected[: view["shown"]]


def test_the_drawn_text_is_the_text_with_each_overlap_once() -> None:
    text = prose(21)
    splitting = split_page.split_text("recursive", "cl100k_base", text, 40, 20)
    tokens = count_page.counter("cl100k_base").count(text)
    view = json.loads(splitting.view(tokens))
    window = calculator.plan_chunks(tokens, 40, 20)
    assert view["window"] == {"chunks": window.chunks, "tokens_processed": window.tokens_processed}
    ratio = Fraction(view["chunks"], window.chunks)
    assert view["chunks_ratio"] == decimal_text(ratio, 3)
    assert view["error"] is None
    assert view["shown"] == split_page.SHOWN_CHUNKS < view["chunks"]
    last_end = view["windows"][-1][1]
    assert "".join(segment[1] for segment in view["segments"]) == text[:last_end]
    overlaps = [segment for segment in view["segments"] if segment[2] != segment[3]]
    assert overlaps  # consecutive chunks sharing text
    for start, piece, first, last in overlaps:
        assert view["windows"][last][0] <= start < view["windows"][first][1]
        assert piece.strip()
    gaps = [segment for segment in view["segments"] if segment[2] == -1]
    assert all(not piece.strip() for _, piece, _, _ in gaps)  # only the white space stripped


def test_a_long_chunk_size_draws_only_the_first_characters() -> None:
    text = prose(4) * 30
    splitting = split_page.split_text("sentence", "o200k_base", text, 60_000, 0)
    view = json.loads(splitting.view(1))
    assert view["shown"] >= 1
    assert all(end <= split_page.SHOWN_CHARACTERS for _, end, _ in view["windows"][1:])


def bert_length(text: str) -> int:
    return len(bert_reference().encode(text, add_special_tokens=False).ids)


@pytest.mark.parametrize("splitter", SPLITTERS)
def test_bert_base_uncased_measures_the_chunks_as_its_tokenizer_does(splitter: str) -> None:
    text = generated_text(5, 700) + "\n\n" + prose(9)
    if splitter == "sentence":
        reference = SentenceSplitter(chunk_size=80, chunk_overlap=10, tokenizer=_ids)
        expected = list(reference.split_text(text))
    else:
        langchain = RecursiveCharacterTextSplitter(
            chunk_size=80, chunk_overlap=10, length_function=bert_length
        )
        if splitter == "markdown":
            langchain = RecursiveCharacterTextSplitter(
                chunk_size=80,
                chunk_overlap=10,
                length_function=bert_length,
                separators=RecursiveCharacterTextSplitter.get_separators_for_language(
                    Language.MARKDOWN
                ),
                is_separator_regex=True,
            )
        expected = langchain.split_text(text)
    splitting = split_page.split_text(splitter, BERT, text, 80, 10)
    lengths = list(map(bert_length, expected))
    assert json.loads(splitting.result()) == {
        "chunks": len(expected),
        "tokens_processed": sum(lengths),
        "lengths": lengths,
    }


def _ids(text: str) -> list[int]:
    return list(bert_reference().encode(text, add_special_tokens=False).ids)


def test_a_character_longer_than_the_chunk_size_stops_the_sentence_splitter() -> None:
    splitting = split_page.split_text("sentence", "cl100k_base", "ab \U0001f3f3 cd", 2, 0)
    error = {"key": "too_small", "params": {"minimum": "3"}, "integer_params": ["minimum"]}
    assert json.loads(splitting.result()) == {"error": error}
    assert json.loads(splitting.view(6))["error"] == error


def test_a_long_document_is_split_in_many_calls_that_each_stop() -> None:
    text = prose(2) * 200
    counting = count_page.start_text("o200k_base", text)
    splitting = split_page.start("markdown", "o200k_base", counting, "128", "16")
    calls = 1
    while not splitting.step(0.0):
        calls += 1
        assert splitting.done <= len(text)
    assert calls >= splitting.chunks > 100  # a step a call: a chunk, or white space dropped
    assert splitting.done == len(text)


def test_a_file_that_is_no_text_is_no_chunk() -> None:
    counting = count_page.Counting("o200k_base", "", {"error": "binary"})
    splitting = split_page.start("recursive", "o200k_base", counting, "64", "0")
    assert splitting.step()
    assert json.loads(splitting.result()) == {"chunks": 0, "tokens_processed": 0, "lengths": []}


def test_a_tokenizer_loaded_again_under_its_name_measures_anew() -> None:
    spec = json.loads(_wordlevel())
    assert json.loads(count_page.load_tokenizer("file-1", json.dumps(spec))) == {"name": "file-1"}
    first = split_page.split_text("recursive", "file-1", "aa bb aa bb", 2, 0)
    # Word pieces now: "aa" is "a" "##a", two tokens, so each word is a chunk of its own.
    spec["model"] = {
        "type": "WordPiece",
        "vocab": {"[UNK]": 0, "a": 1, "##a": 2, "b": 3, "##b": 4},
        "unk_token": "[UNK]",
        "continuing_subword_prefix": "##",
        "max_input_chars_per_word": 100,
    }
    assert json.loads(count_page.load_tokenizer("file-1", json.dumps(spec))) == {"name": "file-1"}
    again = split_page.split_text("recursive", "file-1", "aa bb aa bb", 2, 0)
    assert (first.chunks, again.chunks) == (2, 4)
    count_page.forget_tokenizer("file-1")


def _wordlevel() -> str:
    return json.dumps(
        {
            "version": "1.0",
            "added_tokens": [],
            "normalizer": None,
            "pre_tokenizer": {"type": "WhitespaceSplit"},
            "post_processor": None,
            "decoder": None,
            "model": {
                "type": "WordLevel",
                "vocab": {"<unk>": 0, "aa": 1, "bb": 2},
                "unk_token": "<unk>",
            },
        }
    )


TEXTS = st.lists(
    st.one_of(
        st.sampled_from([" ", "  ", "\n", "\t", "\u00a0", "\u2028", "\x1c", "\u3000", "ab", "é"]),
        st.characters(codec="utf-8"),
    )
).map("".join)


@settings(max_examples=150)
@given(TEXTS, st.integers(1, 12), st.sampled_from(["o200k_base", BERT]))
def test_a_documents_words_are_those_split_finds(text: str, size: int, encoding: str) -> None:
    counting = count_page.start_text(encoding, text)
    while not counting.step(size):
        pass
    assert json.loads(counting.result())["words"] == len(text.split())


def test_the_counted_figures_carry_the_words() -> None:
    counting = count_page.start_text("cl100k_base", "Zażółć gęślą jaźń — 2500 tokenów.")
    while not counting.step():
        pass
    figures = json.loads(counting.result())
    assert figures["words"] == 6


def test_splitting_again_tells_which_chunks_keep_their_embedding() -> None:
    """Two splits of one text, their chunks' texts kept: a new chunk is reused where an old
    one had exactly its text (each old chunk once), as LangChain's own chunks say."""
    text = prose(11)
    counting = count_page.start_text("cl100k_base", text)
    old = split_page.start("recursive", "cl100k_base", counting, "200", "20", True)
    new = split_page.start("recursive", "cl100k_base", counting, "200", "0", True)
    while not (old.step() & new.step()):
        pass
    before = library("recursive", "cl100k_base", text, 200, 20)
    after = library("recursive", "cl100k_base", text, 200, 0)
    kept = Counter(before)
    reused = [chunk for chunk in after if kept[chunk] and not kept.subtract([chunk])]
    lengths = expected_lengths("recursive", "cl100k_base", before + after + reused)
    old_tokens = sum(lengths[: len(before)])
    new_tokens = sum(lengths[len(before) : len(before) + len(after)])
    assert json.loads(split_page.change(old, new)) == [
        len(before), len(after), len(reused), old_tokens, new_tokens, sum(lengths[-len(reused) :])
        if reused else 0,
    ]  # fmt: skip
    assert reused  # (else the test would show little)
