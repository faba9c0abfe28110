"""Chunks measured as the model sees them: the counts of PyPI ``tokenizers`` itself.

The reference for every chunk is bert-base-uncased's tokenizer as the models' tokenizer.json
builds it (``bert_reference()``) with their post-processor, ``[CLS] $A [SEP]``:
``len(encode(chunk, add_special_tokens=True).ids)``; the chunks are LangChain's own
(``from_tiktoken_encoder`` at cl100k_base, its default's encoding, and ``TokenTextSplitter``
for the window model).  The corpus: generated prose and Markdown in five languages, and real
text nobody here wrote, Python's own reference documentation (``pydoc_data.topics``, shipped
with every Python: the same text for one Python version).
"""

from __future__ import annotations

import json
import random
from functools import cache, partial
from pathlib import Path
from pydoc_data.topics import topics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_text_splitters import TokenTextSplitter
from tokenizers import Tokenizer, processors

from calculator import plan_chunks
from calculator._splitters._files import split_files
from calculator._splitters._model_fit import (
    ChunkFit,
    add_fits,
    chunk_fit,
    measure_chunks,
    windows_fit,
)
from calculator._tokens import ENCODINGS
from calculator._tokens._counters import COUNTERS
from calculator.cli import _model_fit_text
from hf_references import bert_ours, bert_reference
from test_cli_count import RANKS, run_main
from test_cli_splitter import library_chunks
from test_splitters import markdown, prose, tiktoken_encoding

WIDTH = 120
# What generated chunks are made of: letters with accents, CJK, punctuation, white space,
# ligatures, a special token's spelling, a word WordPiece cuts.
PIECES = [*"abcdeéèßżłÄﬁ你好,.!?-'\n\t ", "[CLS]", "unaffable", "\u0301", "\x00"]


@cache
def model_reference() -> Tokenizer:
    """all-MiniLM-L6-v2's tokenizer as the model's tokenizer.json makes it: bert-base-uncased
    with [CLS] and [SEP] around every input."""
    tokenizer = bert_reference()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", 101), ("[SEP]", 102)]
    )
    return tokenizer


def seen(text: str) -> int:
    """A chunk's length as the model sees it, by the library."""
    return len(model_reference().encode(text, add_special_tokens=True).ids)


def brute_force(lengths: list[int], limit: int) -> dict[str, int]:
    """The figures of chunks that are ``lengths`` long as the model sees them."""
    return {
        "chunks": len(lengths),
        "chunks_over_limit": sum(1 for length in lengths if length > limit),
        "tokens_cut": sum(max(0, length - limit) for length in lengths),
        "longest_chunk": max(lengths, default=0),
        "model_tokens": sum(lengths),
    }


def real_text(start: int, size: int) -> str:
    """Python's reference documentation, its topics in their order, from ``start``."""
    return "\n\n".join(topics[name] for name in sorted(topics))[start : start + size]


def write_corpus(folder: Path) -> dict[Path, str]:
    rng = random.Random(47)
    texts = {folder / f"prose-{i}.txt": prose(rng.randrange(10**6)) * 3 for i in range(2)}
    texts[folder / "notes.md"] = markdown(rng.randrange(10**6))
    texts[folder / "reference.txt"] = real_text(10_000, 30_000)
    texts[folder / "statements.txt"] = real_text(200_000, 12_000)
    texts[folder / "empty.txt"] = ""
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8", newline="")
    return texts


@pytest.mark.parametrize(
    ("options", "limit"),
    [
        (["--model", "all-MiniLM-L6-v2"], 256),
        (["--model-tokenizer", "bert-base-uncased", "--max-input-tokens", "512",
          "--added-tokens", "2"], 512),
    ],
)  # fmt: skip
def test_chunks_over_and_tokens_cut_are_the_librarys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], limit: int
) -> None:
    """The issue's acceptance: a corpus split by cl100k_base at 512, measured for MiniLM."""
    texts = write_corpus(tmp_path)
    status, out, err = run_main(
        capsys, "--count", str(tmp_path), "--encoding", "cl100k_base", "--chunk-size", "512",
        "--splitter", "recursive", *options, "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    report = json.loads(out)
    fit = report["model_fit"]
    assert next(iter(report)) == "model_fit"  # the first thing a reader meets
    expected = {}
    for path in sorted(texts):
        chunks = library_chunks("recursive", "cl100k_base", texts[path], 512, 0)
        expected[str(path)] = brute_force([seen(chunk) for chunk in chunks], limit)
    assert fit["documents"] == [{"path": path, **figures} for path, figures in expected.items()]
    for key in ("chunks", "chunks_over_limit", "tokens_cut", "model_tokens"):
        assert fit[key] == sum(figures[key] for figures in expected.values())
    assert fit["longest_chunk"] == max(figures["longest_chunk"] for figures in expected.values())
    assert fit["chunks_over_limit"] > 0
    assert (fit["measured"], fit["tokenizer"], fit["splitters_own"]) == (
        True,
        "bert-base-uncased",
        False,
    )
    assert (fit["max_input_tokens"], fit["added_tokens"]) == (limit, 2)


def test_a_prefix_adds_its_own_tokens() -> None:
    """e5's "passage: " makes its own tokens in front of any chunk: counting them apart
    (the preset's 4 added tokens) is what the library counts of prefix and chunk."""
    texts = [prose(seed) for seed in range(5)] + [real_text(50_000, 20_000)]
    for text in texts:
        for chunk in library_chunks("recursive", "cl100k_base", text, 200, 20):
            assert seen("passage: " + chunk) == bert_ours().count(chunk) + 4


def test_the_window_models_chunks_are_measured_as_decoded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The window model's chunks are LangChain's TokenTextSplitter's, then measured."""
    texts = write_corpus(tmp_path)
    status, out, _ = run_main(
        capsys, "--count", str(tmp_path), "--encoding", "cl100k_base", "--chunk-size", "300",
        "--overlap", "30", "--model", "bge-small-en-v1.5", "--json",
    )  # fmt: skip
    assert status == 0
    fit = json.loads(out)["model_fit"]
    tiktoken_encoding("cl100k_base")
    splitter = TokenTextSplitter(encoding_name="cl100k_base", chunk_size=300, chunk_overlap=30)
    for document in fit["documents"]:
        text = texts[Path(document["path"])]
        windows = splitter.split_text(text) if text else []
        lengths = [seen(window) for window in windows]
        assert document == {"path": document["path"], **brute_force(lengths, 512)}
    assert fit["chunks_of"] == "window"


def test_counted_with_the_models_tokenizer_the_window_model_needs_no_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """bert-base-uncased's counts are the model's tokens: the fit is the input limit's."""
    write_corpus(tmp_path)
    status, out, _ = run_main(
        capsys, "--count", str(tmp_path), "--chunk-size", "512", "--overlap", "64",
        "--model", "all-MiniLM-L6-v2", "--json",
    )  # fmt: skip
    assert status == 0
    report = json.loads(out)
    fit, limit = report["model_fit"], report["model_limit"]
    assert fit["splitters_own"] is True
    assert (fit["chunks"], fit["chunks_over_limit"], fit["tokens_cut"]) == (
        limit["chunks"],
        limit["chunks_over_limit"],
        limit["truncated_tokens"],
    )
    assert fit["model_tokens"] == limit["tokens_processed"] + limit["added_tokens_total"]


def test_the_first_lines_say_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_corpus(tmp_path)
    argv = ["--count", str(tmp_path), "--encoding", "cl100k_base", "--chunk-size", "512"]
    argv += ["--splitter", "recursive"]
    status, out, _ = run_main(capsys, *argv, "--model", "all-MiniLM-L6-v2", "--json")
    fit = json.loads(out)["model_fit"]
    status, out, _ = run_main(capsys, *argv, "--model", "all-MiniLM-L6-v2")
    assert status == 0
    lines = out.splitlines()
    assert all(len(line) <= WIDTH for line in lines[:6])
    assert lines[0] == (
        f"warning: all-MiniLM-L6-v2 sees {fit['chunks_over_limit']:,} of {fit['chunks']:,}"
        f" chunks over its 256-token limit; {fit['tokens_cut']:,} tokens cut, never embedded"
    )
    assert lines[1] == (
        "  measured with its own tokenizer, bert-base-uncased, plus 2 added to every chunk;"
        " cut with cl100k_base"
    )
    assert lines[2] == f"  longest chunk {fit['longest_chunk']:,} tokens as the model sees it"
    assert lines[3].startswith("  most cut: ")
    assert next(i for i, line in enumerate(lines) if line.startswith("counted with")) > 3

    # The splitter's own tokenizer is the model's: said so.
    status, out, _ = run_main(capsys, *argv, "--model", "text-embedding-3-small")
    assert out.splitlines()[:2] == [
        f"text-embedding-3-small sees every one of the {fit['chunks']:,} chunks within its"
        " 8,191-token limit",
        "  measured with its own tokenizer, cl100k_base (the one the chunks were cut with),"
        " plus 0 added to every chunk",
    ]


@pytest.mark.parametrize(
    ("model", "first_line"),
    [
        (["embed-english-v3.0"], "warning: embed-english-v3.0's chunks are not measured in its"
         " own tokens (its tokenizer is not published); the input limit below counts cl100k_base"
         " tokens, not its own"),
        (["multilingual-e5-base"], "warning: multilingual-e5-base's chunks are not measured in"
         " its own tokens (its tokenizer, xlm-roberta, is not built in; give its tokenizer.json"
         " with --model-tokenizer);"),
        (["multilingual-e5-base", "--model-tokenizer", "bert-base-uncased"], "warning:"
         " multilingual-e5-base's chunks are not measured in its own tokens (the tokens it adds"
         " to every chunk are not known; give --added-tokens);"),
        (["e5-base-v2", "--splitter", "window", "--tokenizer", "t.json"], "warning: e5-base-v2's"
         " chunks are not measured in its own tokens (the window model's chunks of"),
    ],
)  # fmt: skip
def test_a_model_without_a_tokenizer_it_can_apply_is_not_measured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], model: list[str], first_line: str
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(prose(3), encoding="utf-8")
    (tmp_path / "t.json").write_text(model_reference().to_str(), encoding="utf-8")
    argv = ["--count", str(corpus), "--encoding", "cl100k_base", "--chunk-size", "512"]
    argv += ["--splitter", "recursive", "--model", *model]
    argv = [str(tmp_path / "t.json") if arg == "t.json" else arg for arg in argv]
    status, out, _ = run_main(capsys, *argv)
    assert status == 0
    lines = out.splitlines()
    assert " ".join(line.strip() for line in lines[:2]).startswith(first_line)
    assert all(len(line) <= WIDTH for line in lines[:3])
    fit = json.loads(run_main(capsys, *argv, "--json")[1])["model_fit"]
    assert fit["measured"] is False
    assert fit["reason"]
    assert "chunks_over_limit" not in fit


def test_a_tokenizer_json_named_as_the_models(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--model-tokenizer FILE counts as the model's; with --tokenizer FILE the same file also
    cuts the chunks, which is said."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    text = real_text(5_000, 20_000)
    (corpus / "a.txt").write_text(text, encoding="utf-8", newline="")
    file = tmp_path / "tokenizer.json"
    file.write_text(model_reference().to_str(), encoding="utf-8")
    argv = ["--count", str(corpus), "--chunk-size", "300", "--splitter", "recursive", "--json"]
    argv += ["--max-input-tokens", "256", "--added-tokens", "2", "--model-tokenizer", str(file)]
    status, out, _ = run_main(capsys, *argv, "--tokenizer", str(file))
    assert status == 0
    fit = json.loads(out)["model_fit"]
    assert (fit["tokenizer_is"], fit["splitters_own"]) == ("given", True)
    # LangChain's from_huggingface_tokenizer measures with tokenize(): no special tokens.
    from langchain_text_splitters import RecursiveCharacterTextSplitter  # noqa: PLC0415

    def pieces(chunk: str) -> int:
        return len(model_reference().encode(chunk, add_special_tokens=False).ids)

    chunks = RecursiveCharacterTextSplitter(
        chunk_size=300, chunk_overlap=0, length_function=pieces
    ).split_text(text)
    assert fit["documents"][0] == {
        "path": str(corpus / "a.txt"),
        **brute_force([seen(chunk) for chunk in chunks], 256),
    }


def test_a_model_tokenizer_is_refused_when_it_cannot_be_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.txt").write_text("Some text.", encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        run_main(
            capsys, "--count", str(tmp_path), "--chunk-size", "10", "--max-input-tokens", "8",
            "--model-tokenizer", str(tmp_path / "missing.json"),
        )  # fmt: skip
    assert exited.value.code == 2
    assert capsys.readouterr().err.startswith("python3 -m calculator: error: --model-tokenizer: ")
    with pytest.raises(SystemExit) as exited:
        run_main(capsys, "--tokens", "100", "--chunk-size", "10", "--model-tokenizer", "x.json")
    assert exited.value.code == 2
    assert "--model-tokenizer: measures the counted files' chunks" in capsys.readouterr().err


# --- against a brute force -------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 2000), max_size=30), max_size=6),
    st.integers(0, 8),
    st.integers(1, 1000),
)
def test_the_figures_are_the_brute_forces(
    documents: list[list[int]], added: int, limit: int
) -> None:
    fits = [chunk_fit(lengths, added, limit) for lengths in documents]
    for lengths, fit in zip(documents, fits, strict=True):
        expected = brute_force([length + added for length in lengths], limit)
        assert (fit.chunks, fit.over_limit, fit.tokens_cut, fit.longest, fit.model_tokens) == (
            tuple(expected.values())
        )
    everything = [length for lengths in documents for length in lengths]
    assert add_fits(fits) == chunk_fit(everything, added, limit)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 5000), st.integers(1, 600), st.data(), st.integers(0, 6), st.integers(1, 700))
def test_windows_from_counts_are_their_windows(
    tokens: int, size: int, data: st.DataObject, added: int, limit: int
) -> None:
    overlap = data.draw(st.integers(0, size - 1))
    plan = plan_chunks(tokens, size, overlap)
    lengths = [end - start for start, end in map(plan.window, range(plan.chunks))]
    assert windows_fit(tokens, size, overlap, added, limit) == chunk_fit(lengths, added, limit)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(PIECES), max_size=40).map("".join),
        max_size=8,
    ),
    st.integers(1, 40),
)
def test_generated_chunks_are_measured_as_the_library_measures_them(
    chunks: list[str], limit: int
) -> None:
    """Chunk lists of generated text: our bert-base-uncased plus 2 against the library's
    encode with [CLS] and [SEP]."""
    fit = measure_chunks(chunks, bert_ours().count, 2, limit)
    expected = brute_force([seen(chunk) for chunk in chunks], limit)
    assert fit == ChunkFit(*expected.values())


@pytest.mark.parametrize("splitter", ["sentence", "window"])
def test_parallel_processes_measure_as_one_does(tmp_path: Path, splitter: str) -> None:
    paths = [str(path) for path in sorted(write_corpus(tmp_path))]
    split = partial(
        split_files, paths, "cl100k_base", Path(RANKS), splitter=splitter, chunk_size=200,
        overlap=20, measure=("bert-base-uncased", 2, 256),
    )  # fmt: skip
    one = split(workers=1)
    assert split(workers=2) == one
    assert all(item.fit is not None and item.fit.chunks == item.chunks for item in one)


def test_the_tokenizers_known_by_name_are_the_counters() -> None:
    assert set(_model_fit_text._BUILT_IN) == set(COUNTERS)
    assert set(_model_fit_text._DECODABLE) == set(ENCODINGS)
