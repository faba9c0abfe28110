"""WordLlama in pure Python (calculator._retrieval._wordllama) against the wordllama
package's own ``WordLlamaInference`` on the model its wheel ships: the same token ids, the
same embeddings within 1e-4 per component at 256, 128 and 64 dimensions, the same
``rank()`` orders; and the page's files (site_build/wordllama_files.py) give the same.

The reference is built as ``WordLlama.load(dim=256, trunc_dim=dim)`` builds it (the
safetensors tensor's first ``dim`` columns and the tokenizer file), from the files in the
installed wheel: ``load()`` itself looks for a ``tokenizer/`` folder where the wheel has
``tokenizers/``, and would download the file."""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from safetensors import safe_open
from tokenizers import Tokenizer
from wordllama.inference import WordLlamaInference  # type: ignore[import-untyped]

from calculator._retrieval._wordllama import (
    WORDLLAMA_DIMS,
    WordLlamaModel,
    load_wordllama,
    package_files,
    safetensors_table,
)
from site_build.wordllama_files import write_wordllama_files

TOLERANCE = 1e-4

SENTENCES = [
    "O armazenamento de vetores cresce com o número de trechos e a dimensão do modelo.",
    "Die Größe des Index hängt von der Anzahl der Abschnitte und der Dimension ab.",
    "La dimensione dell'indice dipende dal numero di frammenti e dalla dimensione.",
    "Rozmiar indeksu zależy od liczby fragmentów i wymiaru modelu; zażółć gęślą jaźń.",
    "The index grows with the number of chunks and the model's dimension.",
]
TEXTS = [
    *SENTENCES,
    "def chunk(text: str, size: int = 512) -> list[str]:\n    return [text[i:i + size]]\n",
    '{"model": "l2_supercat", "dims": [64, 128, 256]}',
    "Ship it 🚀🎉 👩\u200d💻 🇵🇱",
    "検索拡張生成のためのチャンク分割。向量数据库的大小。한국어 문장입니다.",
    "",
    " ",
    "  two  spaces\tand a tab\nand a line",
    "<s>special tokens</s> written <unk> in the text",
    "x",
    # Longer than the 256 tokens the model was trained on: the package embeds it whole.
    " ".join(SENTENCES) * 12,
]
# (query, documents): each ranked by the package and by ours.
RANKINGS = [
    (
        "How large is the vector index?",
        [
            "The index grows with the number of chunks.",
            "Bananas are yellow.",
            "Vector databases store embeddings.",
            "A cat sleeps on the sofa.",
        ],
    ),
    (
        "Wie groß ist der Index?",
        [*SENTENCES, "Ein Hund bellt.", "Der Index wird größer."],
    ),
    (
        "python function that splits text",
        [
            "def split(text): return text.split()",
            "A poem about the sea.",
            "Die Funktion teilt den Text.",
            "",
            "Splitting text into chunks with a Python function.",
        ],
    ),
    (
        "🚀",
        ["rocket launch", "🚀🚀", "a quiet garden", "ロケット", "rocket launch"],  # a tie
    ),
    (
        "zależność rozmiaru od wymiaru",
        [*reversed(SENTENCES), "Il gatto dorme.", "O gato dorme."],
    ),
]


@pytest.fixture(scope="module")
def files() -> tuple[Path, Path]:
    found = package_files()
    assert found is not None, "the wordllama package is a test dependency"
    return found


@pytest.fixture(scope="module")
def references(files: tuple[Path, Path]) -> dict[int, Any]:
    """The package's inference object per dimension, as ``WordLlama.load`` makes it."""
    weights, tokenizer = files
    with safe_open(str(weights), framework="np", device="cpu") as tensors:
        embedding = tensors.get_tensor("embedding.weight")
    return {
        dim: WordLlamaInference(embedding[:, :dim], Tokenizer.from_file(str(tokenizer)))
        for dim in WORDLLAMA_DIMS
    }


@pytest.fixture(scope="module")
def model() -> WordLlamaModel:
    return load_wordllama(256)


def largest_difference(ours: list[list[float]], theirs: Any) -> float:
    assert [len(vector) for vector in ours] == [len(vector) for vector in theirs]
    pairs = zip(ours, theirs, strict=True)
    differences = (
        abs(a - float(b)) for mine, other in pairs for a, b in zip(mine, other, strict=True)
    )
    return max(differences, default=0.0)


def test_token_ids_are_the_packages(
    model: WordLlamaModel, references: dict[int, Any], files: tuple[Path, Path]
) -> None:
    tokenizer = Tokenizer.from_file(str(files[1]))
    ours = [model.token_ids(text) for text in TEXTS]
    assert ours == [tokenizer.encode(text, add_special_tokens=False).ids for text in TEXTS]
    # And the ids the package embeds (its tokenize(), one text at a time: no padding).
    assert ours == [references[256].tokenize(text)[0].ids for text in TEXTS]
    assert len(ours[-1]) > 256


@pytest.mark.parametrize("dim", WORDLLAMA_DIMS)
def test_embeddings_are_the_packages(
    model: WordLlamaModel, references: dict[int, Any], dim: int
) -> None:
    ours = model.truncated(dim).embed(TEXTS)
    assert all(len(vector) == dim for vector in ours)
    assert largest_difference(ours, references[dim].embed(TEXTS)) < TOLERANCE
    assert ours[TEXTS.index("")] == [0.0] * dim


@pytest.mark.parametrize("dim", WORDLLAMA_DIMS)
def test_normalized_embeddings_are_the_packages(
    model: WordLlamaModel, references: dict[int, Any], dim: int
) -> None:
    texts = [text for text in TEXTS if text]  # the package's norm divides zeros by zero
    ours = model.truncated(dim).embed(texts, normalize=True)
    assert largest_difference(ours, references[dim].embed(texts, norm=True)) < TOLERANCE


@pytest.mark.parametrize("dim", WORDLLAMA_DIMS)
@pytest.mark.parametrize(("query", "docs"), RANKINGS)
def test_rankings_are_the_packages(
    model: WordLlamaModel, references: dict[int, Any], dim: int, query: str, docs: list[str]
) -> None:
    truncated = model.truncated(dim)
    ours, theirs = truncated.rank(query, docs), references[dim].rank(query, docs)
    assert [doc for doc, _ in ours] == [doc for doc, _ in theirs]
    assert all(abs(a - b) < TOLERANCE for (_, a), (_, b) in zip(ours, theirs, strict=True))
    order = truncated.ranking(query, docs)
    assert sorted(order) == list(range(len(docs)))
    assert [docs[index] for index in order] == [doc for doc, _ in theirs]
    # Equal documents keep their order, as in the package's stable sort.
    if docs.count("rocket launch") == 2:
        assert [index for index in order if docs[index] == "rocket launch"] == [0, 4]


def test_similarity_is_the_packages(model: WordLlamaModel, references: dict[int, Any]) -> None:
    for first, second in pairwise(SENTENCES):
        difference = model.similarity(first, second) - references[256].similarity(first, second)
        assert abs(difference) < TOLERANCE


def test_the_pages_files_embed_the_same(model: WordLlamaModel, tmp_path: Path) -> None:
    written = write_wordllama_files(tmp_path)
    assert sorted(path.name for path in written) == [
        "wordllama-128.f16",
        "wordllama-256.f16",
        "wordllama-64.f16",
        "wordllama-tokenizer.json",
    ]
    for dim in WORDLLAMA_DIMS:
        shipped = load_wordllama(dim, tmp_path)
        assert (shipped.rows, shipped.columns) == (32_000, dim)
        assert (tmp_path / f"wordllama-{dim}.f16").stat().st_size == 32_000 * dim * 2
        assert shipped.embed(TEXTS) == model.truncated(dim).embed(TEXTS)
    # With only the 256-column table, the smaller models are its first columns.
    for dim in (64, 128):
        (tmp_path / f"wordllama-{dim}.f16").unlink()
    assert load_wordllama(64, tmp_path).embed(TEXTS) == model.truncated(64).embed(TEXTS)


def test_rows_are_decoded_once_and_only_when_used() -> None:
    fresh = load_wordllama(64)
    assert fresh.decoded_rows() == 0
    fresh.embed(["the the the cat"])
    assert fresh.decoded_rows() == len(set(fresh.token_ids("the the the cat")))


def safetensors_bytes(header: dict[str, Any], data: bytes) -> bytes:
    text = json.dumps(header).encode()
    return struct.pack("<Q", len(text)) + text + data


def test_safetensors_header_is_read() -> None:
    values = struct.pack("<6e", 1.0, 2.0, 3.0, -1.0, 0.5, 0.25)
    entry = {"dtype": "F16", "shape": [3, 2], "data_offsets": [0, 12]}
    data = safetensors_bytes({"__metadata__": {}, "embedding.weight": entry}, values)
    table, rows, columns = safetensors_table(data)
    assert (bytes(table), rows, columns) == (values, 3, 2)
    for broken in (
        {"embedding.weight": {**entry, "dtype": "F32"}},
        {"embedding.weight": {**entry, "shape": [3, 3]}},
        {"other": entry},
    ):
        with pytest.raises(ValueError):
            safetensors_table(safetensors_bytes(broken, values))
    with pytest.raises(ValueError):
        safetensors_table(b"\x01")


def words() -> Iterator[str]:
    for text in TEXTS:
        yield from text.split()


@settings(max_examples=100, deadline=None)
@given(
    text=st.lists(
        st.one_of(st.characters(codec="utf-8"), st.sampled_from([*words(), " ", "\n"])),
        max_size=40,
    ).map("".join),
    dim=st.sampled_from(WORDLLAMA_DIMS),
)
def test_any_text_is_embedded_as_the_package_does(
    model: WordLlamaModel, references: dict[int, Any], text: str, dim: int
) -> None:
    assert model.token_ids(text) == references[256].tokenize(text)[0].ids
    ours = model.truncated(dim).embed([text])
    assert largest_difference(ours, references[dim].embed([text])) < TOLERANCE
