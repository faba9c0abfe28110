"""With ``--count --splitter``, the splitter's own chunks are the plan: every size, storage,
cost and re-indexing figure of ``--json`` is recomputed here from the chunk list the library
itself makes (LangChain's or LlamaIndex's ``split_text``, each chunk counted by tiktoken), on
a corpus of a few hundred files nobody here wrote: Python's own standard library.
"""

from __future__ import annotations

import json
import shutil
import sysconfig
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator._databases import database_storage
from calculator._documents import CHUNKERS, WINDOW, plan_corpus, plan_split
from calculator._input_limit import input_limit
from calculator._splitters import _STEPS, SPLITTERS
from calculator._storage import storage_size
from calculator._vectors import vector_size
from calculator.protocol import respond
from test_cli_count import run_main
from test_cli_splitter import library_chunks
from test_splitters import prose, tiktoken_encoding

ENCODING = "cl100k_base"
SIZE, OVERLAP, NEW_SIZE, NEW_OVERLAP = 512, 64, 400, 50
DIMENSIONS, PRICE = 384, Fraction("0.02")


@pytest.fixture(scope="module")
def stdlib_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two hundred modules of Python's standard library (those under 40 kB, by name)."""
    folder = tmp_path_factory.mktemp("stdlib")
    modules = sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))
    small = [path for path in modules if 0 < path.stat().st_size < 40_000][:200]
    assert len(small) >= 100, "the standard library is not where sysconfig says"
    for path in small:
        shutil.copyfile(path, folder / path.name)
    return folder


def the_library_split(folder: Path, splitter: str, size: int, overlap: int) -> list[list[str]]:
    """Each file's chunks, in --count's order (by name), as the library cuts them."""
    return [
        library_chunks(splitter, ENCODING, path.read_text(encoding="utf-8"), size, overlap)
        for path in sorted(folder.iterdir())
    ]


@pytest.mark.slow
@pytest.mark.parametrize("splitter", ["recursive", "sentence", "markdown"])
def test_every_figure_is_computed_from_the_splitters_chunks(
    stdlib_corpus: Path, capsys: pytest.CaptureFixture[str], splitter: str
) -> None:
    status, out, err = run_main(
        capsys,
        "--count", str(stdlib_corpus), "--encoding", ENCODING,
        "--splitter", splitter, "--chunk-size", str(SIZE), "--overlap", str(OVERLAP),
        "--dimensions", str(DIMENSIONS), "--database", "pgvector",
        "--price-per-million", "0.02", "--new-chunk-size", str(NEW_SIZE),
        "--new-overlap", str(NEW_OVERLAP), "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    report = json.loads(out)
    encoding = tiktoken_encoding(ENCODING)

    def tokens(chunk: str) -> int:
        return len(encoding.encode(chunk, disallowed_special=()))

    old = the_library_split(stdlib_corpus, splitter, SIZE, OVERLAP)
    new = the_library_split(stdlib_corpus, splitter, NEW_SIZE, NEW_OVERLAP)
    lengths = [tokens(chunk) for chunks in old for chunk in chunks]
    chunks, processed = len(lengths), sum(lengths)

    # The plan's own figures.
    assert report["chunker"] == splitter
    assert (report["chunks"], report["tokens_processed"]) == (chunks, processed)
    by_length = sorted(Counter(lengths).items(), reverse=True)
    assert [(g["length"], g["count"]) for g in report["length_groups"]] == by_length
    assert report["padded_tokens"] == chunks * SIZE
    assert report["raw_vector_bytes"] == chunks * DIMENSIONS * 4
    documents = [
        sum(map(tokens, [p.read_text(encoding="utf-8")])) for p in sorted(stdlib_corpus.iterdir())
    ]
    window = plan_corpus(Counter(documents).items(), SIZE, OVERLAP)
    assert report["window"] == {
        "chunks": window.chunks,
        "tokens_processed": window.tokens_processed,
    }

    # The cost: the chunks' tokens at the price.
    assert Fraction(report["cost"]["one_time"]) == processed * PRICE / 10**6

    # The storage, generic and as pgvector stores it.
    per_token = Fraction(report["storage"]["text_bytes_per_token"])
    vectors = vector_size(chunks, DIMENSIONS)
    storage = storage_size(vectors, processed, text_bytes_per_token=per_token)
    assert report["storage"]["vectors"] == chunks
    assert report["storage"]["text_bytes"] == storage.text_bytes
    assert report["storage"]["generic_total_bytes"] == storage.total_bytes
    pgvector = database_storage("pgvector", vectors, text_bytes=storage.text_bytes)
    parts = {part["name"]: part["bytes"] for part in report["storage"]["database"]["parts"]}
    assert parts == {part.name: part.bytes for part in pgvector.parts}
    assert report["storage"]["total_bytes"] == pgvector.total_bytes

    # Re-indexing at the new size: a new chunk keeps its embedding where an old chunk of the
    # same document had exactly its text.
    reused = reused_tokens = 0
    for before, after in zip(old, new, strict=True):
        kept = Counter(before)
        for chunk in after:
            if kept[chunk]:
                kept[chunk] -= 1
                reused, reused_tokens = reused + 1, reused_tokens + tokens(chunk)
    new_lengths = [tokens(chunk) for chunks in new for chunk in chunks]
    reindex = report["reindex"]
    assert reindex["old_chunks"] == chunks
    assert reindex["new_chunks"] == len(new_lengths)
    assert (reindex["reused_chunks"], reindex["reused_tokens"]) == (reused, reused_tokens)
    assert reindex["new_tokens_processed"] == sum(new_lengths)
    assert reindex["tokens_to_embed"] == sum(new_lengths) - reused_tokens
    assert reindex["new_raw_vector_bytes"] == len(new_lengths) * DIMENSIONS * 4
    assert (
        Fraction(reindex["cost"]["one_time"]) == (sum(new_lengths) - reused_tokens) * PRICE / 10**6
    )


@pytest.mark.slow
def test_the_readable_lines_say_the_splitter_made_every_figure(
    stdlib_corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run_main(
        capsys, "--count", str(stdlib_corpus), "--encoding", ENCODING,
        "--splitter", "recursive", "--chunk-size", "512", "--dimensions", "384",
        "--new-chunk-size", "400",
    )  # fmt: skip
    assert status == 0
    assert "every figure below is its chunks'" in out
    assert ", split with recursive\n" in out  # the summary's first line
    assert "where an old chunk of the document had its text" in out
    assert "repeated:" not in out  # the window model's overlaps are not the splitter's


documents_chunks = st.lists(
    st.lists(st.integers(1, 600), max_size=8).map(lambda chunks: (sum(chunks) + 3, chunks)),
    min_size=1,
    max_size=12,
)


@given(documents_chunks, st.integers(1, 700), st.integers(0, 2), st.integers(1, 700))
def test_a_split_plan_adds_up_its_chunks(
    documents: list[tuple[int, list[int]]], size: int, overlap: int, limit: int
) -> None:
    """Brute force: every figure of plan_split is a sum over the chunks given, and the limit
    check counts the chunks over it one by one."""
    overlap = min(overlap, size - 1)
    plan = plan_split(documents, size, overlap, "recursive")
    every = [n for _, chunks in documents for n in chunks]
    assert (plan.chunks, plan.tokens_processed) == (len(every), sum(every))
    assert plan.documents == len(documents)
    assert plan.tokens == sum(length for length, _ in documents)
    assert sum(g.count * g.length for g in plan.length_groups) == sum(every)
    assert plan.window == plan_corpus(Counter(n for n, _ in documents).items(), size, overlap)
    checked = input_limit(plan, limit)
    assert checked.chunks_over_limit == sum(1 for n in every if n > limit)
    assert checked.truncated_tokens == sum(n - limit for n in every if n > limit)


def test_the_splitters_are_the_models_chunkers() -> None:
    """One declaration of the names (``CHUNKERS``); each has its code, and nothing else."""
    assert tuple(_STEPS) == SPLITTERS == CHUNKERS[1:]
    assert CHUNKERS[0] == WINDOW


def test_the_tradeoff_splits_again_at_every_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--csv with a splitter: every point's chunks and tokens processed are the splitter's
    own at that window, as the library cuts the files there."""
    texts = {f"doc-{seed}.txt": prose(seed) for seed in (1, 4)}
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    status, out, err = run_main(
        capsys, "--count", str(tmp_path), "--encoding", ENCODING, "--splitter", "recursive",
        "--chunk-size", "300", "--overlap", "30", "--csv",
    )  # fmt: skip
    assert (status, err) == (0, "")
    encoding = tiktoken_encoding(ENCODING)
    header, *rows = out.splitlines()
    columns = header.split(",")
    assert columns[-1] == "Splitter"
    size_at, overlap_at = columns.index("Chunk size"), columns.index("Chunk overlap")
    chunks_at, processed_at = columns.index("Chunks"), columns.index("Tokens processed")
    assert len(rows) > 40
    for row in rows:
        cells = row.split(",")
        size, overlap = int(cells[size_at]), int(cells[overlap_at])
        chunks = [
            chunk
            for name in sorted(texts)
            for chunk in library_chunks("recursive", ENCODING, texts[name], size, overlap)
        ]
        assert cells[-1] == "recursive"
        assert int(cells[chunks_at]) == len(chunks), (size, overlap)
        processed = sum(len(encoding.encode(chunk, disallowed_special=())) for chunk in chunks)
        assert int(cells[processed_at]) == processed, (size, overlap)


def test_the_page_asks_for_a_split_again_and_plans_with_it() -> None:
    """respond: a splitter's plan re-indexed at another window says where to split again
    (split_again) until the request brings what that changes (resplit)."""
    fields = {
        "corpus": "list", "document_tokens": "300\n500", "chunk_size": "256", "overlap": "0",
        "reindex_mode": "settings", "new_chunk_size": "128", "new_overlap": "0",
    }  # fmt: skip
    split = {"chunker": "sentence", "chunk_size": "256", "overlap": "0",
             "documents": [[300, [250, 50]], [500, [256, 244]]]}  # fmt: skip
    asked = json.loads(respond(json.dumps({"fields": fields, "split": split})))
    assert asked["result"]["chunker"] == "sentence"
    assert asked["errors"]["reindex_mode"]["key"] == "needs_split_again"
    assert asked["split_again"] == ["128", "0"]
    assert asked["reindex"] is None
    resplit = {"chunker": "sentence", "window": [256, 0], "again": [128, 0],
               "change": [4, 7, 1, 800, 801, 50]}  # fmt: skip
    answer = json.loads(respond(json.dumps({"fields": fields, "split": split, "resplit": resplit})))
    assert "reindex_mode" not in answer["errors"] and "split_again" not in answer
    reindex = answer["reindex"]
    assert (reindex["old_chunks"], reindex["new_chunks"], reindex["reused_chunks"]) == (
        "4", "7", "1",
    )  # fmt: skip
    assert reindex["tokens_to_embed"] == "751"
    # Another splitter's, or another window's, is not this plan's.
    for wrong in ({**resplit, "chunker": "recursive"}, {**resplit, "window": [512, 0]}):
        other = json.loads(
            respond(json.dumps({"fields": fields, "split": split, "resplit": wrong}))
        )
        assert other["errors"]["reindex_mode"]["key"] == "needs_split_again"


def test_the_limit_is_checked_in_the_models_counts_of_the_splitters_chunks() -> None:
    """respond with ``fit``: the input limit is checked in the model's counts of each of the
    splitter's chunks (and says whose), for the same chunks only."""
    fields = {
        "corpus": "list", "document_tokens": "300\n500", "chunk_size": "256", "overlap": "0",
        "max_input_tokens": "256", "added_tokens": "2",
    }  # fmt: skip
    split = {"chunker": "recursive", "chunk_size": "256", "overlap": "0",
             "documents": [[300, [250, 50]], [500, [256, 244]]]}  # fmt: skip
    plain = json.loads(respond(json.dumps({"fields": fields, "split": split})))
    assert plain["model_limit"]["chunks_over_limit"] == "1"  # 256 + 2 > 256, in the splitter's
    assert "measured_with" not in plain["model_limit"]
    fit = {"chunker": "recursive", "window": [256, 0], "tokenizer": "bert-base-uncased",
           "documents": [[270, 60], [300, 250]]}  # fmt: skip
    answer = json.loads(respond(json.dumps({"fields": fields, "split": split, "fit": fit})))
    limit = answer["model_limit"]
    assert limit["measured_with"] == "bert-base-uncased"
    assert (limit["chunks_over_limit"], limit["truncated_tokens"]) == ("2", str(16 + 46))
    assert answer["result"]["chunks"] == "4"  # the plan stays the splitter's own counts
    assert limit["documents_over_limit"] == "2"
    assert limit["most_over_limit"] == {"document": "1", "chunks": "1", "truncated_tokens": "46"}
    wrong = {**fit, "documents": [[270], [300, 250]]}  # another split's chunks
    other = json.loads(respond(json.dumps({"fields": fields, "split": split, "fit": wrong})))
    assert "measured_with" not in other["model_limit"]
