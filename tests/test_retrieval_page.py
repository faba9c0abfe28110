"""The page's evaluation (calculator/_retrieval/_page.py), stepped as the worker steps it,
answers what the command line's ``--evaluate`` prints for the same documents and set, for
each retriever and splitter; a bad set is its error as data; WordLlama loads from the files
the build ships (site_build/wordllama_files.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import build
from calculator._retrieval import _page as evaluation_page
from calculator._retrieval._wordllama import TABLE_NAME, TOKENIZER_NAME
from calculator._tokens import ENCODINGS, RANKS_SUFFIX
from calculator._tokens import _page as count_page
from calculator._tradeoff import grid_windows
from site_build.wordllama_files import write_wordllama_files
from test_cli_count import run_main
from test_cli_evaluate import sample, write_set

ENCODING = "o200k_base"


@pytest.fixture(scope="module", autouse=True)
def counters() -> None:
    for name in ENCODINGS:
        count_page.load(name, str(build.TOKEN_RANKS / (name + RANKS_SUFFIX)))


@pytest.fixture(scope="module")
def wordllama_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wordllama")
    write_wordllama_files(folder, dims=(64,))
    return folder


def page_answer(texts: list[str], questions: str, request: dict[str, Any]) -> dict[str, Any]:
    """The page's answer, stepped a call at a time as the worker does."""
    run = evaluation_page.start(json.dumps({"set": questions, "format": "jsonl", **request}))
    for number, text in enumerate(texts):
        run.add(f"doc-{number}.txt", count_page.start_text(request["encoding"], text))
    read = json.loads(run.questions())
    assert "questions" in read, read
    steps = 0
    while not run.step(0.001):
        steps += 1
    assert steps > 5  # many calls, each a bounded part of the work
    answer: dict[str, Any] = json.loads(run.result())
    return answer


@pytest.mark.parametrize(
    ("splitter", "retriever"),
    [("window", "bm25"), ("recursive", "bm25"), ("sentence", "hybrid"), ("markdown", "wordllama")],
)
def test_the_pages_answer_is_the_command_lines(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    wordllama_files: Path,
    splitter: str,
    retriever: str,
) -> None:
    paths, texts, questions = sample(tmp_path, 7)
    write_set(tmp_path / "set.jsonl", questions)
    status, out, err = run_main(
        capsys, "--count", *map(str, paths), "--encoding", ENCODING, "--splitter", splitter,
        "--chunk-size", "64", "--overlap", "8", "--evaluate", str(tmp_path / "set.jsonl"),
        "--retriever", retriever, "--wordllama-dimensions", "64", "--top-k", "3", "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    expected = json.loads(out)["evaluation"]["settings"]
    if retriever != "bm25":
        evaluation_page.use_wordllama(
            str(wordllama_files / TABLE_NAME.format(dim=64)),
            str(wordllama_files / TOKENIZER_NAME),
            64,
        )
        assert evaluation_page.wordllama_loaded(64)
    answer = page_answer(
        texts,
        (tmp_path / "set.jsonl").read_text(encoding="utf-8"),
        {"retriever": retriever, "top_k": 3, "encoding": ENCODING, "splitter": splitter,
         "chunk_size": 64, "overlap": 8, "tradeoff": retriever == "bm25"},
    )  # fmt: skip
    assert answer["questions"] == len(questions)
    assert answer["settings"][0] == expected[0]
    if retriever == "bm25":  # every window of the trade-off, as --tradeoff
        assert len(answer["settings"]) == 1 + len(grid_windows(64, 8))
        assert answer["settings"][5]["chunk_size"] == grid_windows(64, 8)[4][0]


def test_a_bad_set_is_its_error_as_data() -> None:
    run = evaluation_page.start(
        json.dumps({
            "set": '{"question": "Q", "excerpt": "cat"}\n{"question": "R", "excerpt": "dog"}',
            "format": "jsonl", "retriever": "bm25", "top_k": 2, "encoding": ENCODING,
            "splitter": "window", "chunk_size": 8, "overlap": 0,
        })
    )  # fmt: skip
    run.add("a.txt", count_page.start_text(ENCODING, "The cat sat."))
    error = json.loads(run.questions())["error"]
    assert (error["line"], error["key"]) == (2, "not_found")
    assert error["params"]["excerpt"] == "dog"


def test_the_measures_are_declared_once() -> None:
    from calculator._retrieval._measures import SettingMeasures  # noqa: PLC0415
    from calculator._retrievers import MEASURES  # noqa: PLC0415

    assert tuple(SettingMeasures.__dataclass_fields__) == MEASURES
