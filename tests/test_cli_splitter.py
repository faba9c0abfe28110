"""``--count --splitter``: each counted file's chunks and tokens processed are the library's.

For texts and settings made here, each document's ``chunks`` is the length of LangChain's or
LlamaIndex's own ``split_text``, its ``tokens_processed`` the sum of tiktoken's counts of
those very chunks, and the headline figures their sums; the window model stays beside them.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest
from langchain_text_splitters import Language, RecursiveCharacterTextSplitter
from llama_index.core.node_parser import SentenceSplitter

from calculator import plan_chunks
from calculator._decimals import decimal_text
from calculator._splitters._files import split_files
from calculator._tokens import ENCODINGS
from test_cli_count import BY_TIKTOKEN, RANKS, run_main
from test_splitters import markdown, prose, tiktoken_encoding


def library_chunks(splitter: str, encoding: str, text: str, size: int, overlap: int) -> list[str]:
    """The chunks of the library's splitter that ``--splitter`` names."""
    tiktoken_encoding(encoding)  # registered: from_tiktoken_encoder finds it offline
    if splitter == "recursive":
        return RecursiveCharacterTextSplitter.from_tiktoken_encoder(
            encoding_name=encoding, chunk_size=size, chunk_overlap=overlap
        ).split_text(text)
    if splitter == "markdown":
        return RecursiveCharacterTextSplitter.from_tiktoken_encoder(
            encoding_name=encoding,
            chunk_size=size,
            chunk_overlap=overlap,
            separators=RecursiveCharacterTextSplitter.get_separators_for_language(
                Language.MARKDOWN
            ),
            is_separator_regex=True,
        ).split_text(text)
    tokenizer = tiktoken_encoding(encoding).encode
    return SentenceSplitter(chunk_size=size, chunk_overlap=overlap, tokenizer=tokenizer).split_text(
        text
    )


def corpus(folder: Path, seed: int) -> dict[Path, str]:
    """A few documents of generated prose and Markdown, one of them empty."""
    rng = random.Random(seed)
    texts = {folder / f"prose-{i}.txt": prose(rng.randrange(10**6)) for i in range(3)}
    texts[folder / "notes.md"] = markdown(rng.randrange(10**6))
    texts[folder / "empty.txt"] = ""
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
    return texts


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("splitter", ["recursive", "sentence", "markdown"])
def test_each_document_is_split_as_the_library_splits_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str, splitter: str
) -> None:
    seed = ENCODINGS.index(encoding) * 10 + len(splitter)
    rng = random.Random(seed)
    size = rng.randint(20, 400)
    overlap = rng.randint(0, size // 2)
    texts = corpus(tmp_path, seed)
    status, out, err = run_main(
        capsys, "--count", str(tmp_path), "--encoding", encoding, "--chunk-size", str(size),
        "--overlap", str(overlap), "--splitter", splitter, "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    report = json.loads(out)
    reference = tiktoken_encoding(encoding)
    documents = report["counted"]["documents"]
    assert [Path(document["path"]) for document in documents] == sorted(texts)
    window = {"chunks": 0, "tokens_processed": 0}
    for document in documents:
        text = texts[Path(document["path"])]
        chunks = library_chunks(splitter, encoding, text, size, overlap)
        alone = plan_chunks(document["tokens"], size, overlap)
        assert document == {
            "path": document["path"],
            "tokens": len(reference.encode_ordinary(text)),
            "chunks": len(chunks),
            "tokens_processed": sum(len(reference.encode(chunk)) for chunk in chunks),
            "window_chunks": alone.chunks,
            "window_tokens_processed": alone.tokens_processed,
        }
        window["chunks"] += alone.chunks
        window["tokens_processed"] += alone.tokens_processed
    assert report["splitter"] == splitter
    assert report["chunks"] == sum(document["chunks"] for document in documents)
    assert report["tokens_processed"] == sum(d["tokens_processed"] for d in documents)
    assert report["window"] == window
    # The splitter's chunks are the plan: the documents' section sums them too.
    assert report["documents"]["per_document"]["chunks"] == report["chunks"]


def test_the_window_model_is_the_default_and_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus(tmp_path, 1)
    argv = ["--count", str(tmp_path), "--chunk-size", "100", "--overlap", "10", "--json"]
    default = run_main(capsys, *argv)
    assert run_main(capsys, *argv, "--splitter", "window") == default
    report = json.loads(default[1])
    assert "splitter" not in report
    assert "window" not in report
    assert set(report["counted"]["documents"][0]) == {"path", "tokens", "characters", "bytes"}


def test_the_text_output_names_the_splitter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "One. Two three.\n\nFour five six seven."
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    status, out, _ = run_main(
        capsys, "--count", str(tmp_path), "--chunk-size", "4", "--splitter", "recursive"
    )
    assert status == 0
    chunks = library_chunks("recursive", "o200k_base", text, 4, 0)
    processed = sum(len(tiktoken_encoding("o200k_base").encode(chunk)) for chunk in chunks)
    tokens = len(tiktoken_encoding("o200k_base").encode(text))
    alone = plan_chunks(tokens, 4, 0)
    lines = out.splitlines()
    assert lines[0] == (
        f"counted with o200k_base{BY_TIKTOKEN}: 1 file, {tokens} tokens; "
        f"{decimal_text(Fraction(len(text), tokens), 2)} bytes and"
        f" {decimal_text(Fraction(len(text), tokens), 2)} characters a token"
    )
    # Its one line, wrapped at 120 characters under its start.
    assert lines[2].startswith(" " * 20)
    assert f"{lines[1]} {lines[2].strip()}" == (
        f"split with recursive: {len(chunks)} chunks, {processed} tokens processed: every"
        f" figure below is its chunks' (the window model would make {alone.chunks} chunks,"
        f" {alone.tokens_processed} tokens processed)"
    )
    assert f"chunks              {len(chunks)} " in out


def test_a_splitter_needs_counted_files(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        run_main(capsys, "--tokens", "100", "--chunk-size", "10", "--splitter", "sentence")
    assert exited.value.code == 2
    assert "--splitter" in capsys.readouterr().err


def test_a_character_longer_than_the_chunk_size_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """LlamaIndex's "Single token exceeded chunk size", said as the chunk size's minimum."""
    (tmp_path / "flag.txt").write_text("ab \U0001f3f3 cd", encoding="utf-8")
    argv = ["--count", str(tmp_path), "--encoding", "cl100k_base", "--chunk-size", "2"]
    with pytest.raises(SystemExit) as exited:
        run_main(capsys, *argv, "--splitter", "sentence")
    assert exited.value.code == 2
    assert capsys.readouterr().err.endswith("error: --chunk-size: Enter 3 or more.\n")
    status, out, _ = run_main(capsys, *argv, "--splitter", "recursive", "--json")
    assert (status, json.loads(out)["chunks"]) == (0, 3)


def test_parallel_processes_split_as_one_does(tmp_path: Path) -> None:
    paths = [str(path) for path in sorted(corpus(tmp_path, 7))]
    split = partial(
        split_files, paths, "cl100k_base", Path(RANKS), splitter="sentence", chunk_size=60,
        overlap=6,
    )  # fmt: skip
    assert split(workers=2) == split(workers=1)
