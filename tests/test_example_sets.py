"""The built-in evaluation sample (web/examples/): each page language's set of questions is
read against the five source documents as ``--count FOLDER --evaluate SET`` reads them, and
one set runs on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calculator._retrieval._evaluation_set import EvaluationQuestion, read_evaluation_set
from calculator._tokens._files import read_text, text_files
from test_cli_count import run_main
from test_locale_reading import LANGUAGES, english_words_in

EXAMPLES = Path(__file__).resolve().parent.parent / "web" / "examples"
DOCUMENTS = EXAMPLES / "documents"
# Each set's number of questions: enough to tell settings apart, few enough to read.
QUESTIONS = range(12, 17)


def set_path(language: str) -> Path:
    return EXAMPLES / f"questions.{language}.jsonl"


@pytest.fixture(scope="module")
def documents() -> list[tuple[str, str]]:
    """The documents as the command line counts the folder: its walk's order, each named by
    its path and read as counted."""
    return [(path.as_posix(), read_text(path)) for path in text_files([str(DOCUMENTS)])]


def records(language: str) -> list[dict[str, object]]:
    lines = set_path(language).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_sample_is_the_five_documents_in_their_languages(
    documents: list[tuple[str, str]],
) -> None:
    names = [Path(name).name for name, _ in documents]
    assert len(names) == 5
    assert {name.split(".")[-2] for name in names} == set(LANGUAGES) - {"en"}
    # Kept as written: line ends of "\n" alone (an excerpt spanning one is looked up verbatim).
    assert all("\r" not in text for _, text in documents)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_set_is_read_against_the_documents(
    documents: list[tuple[str, str]], language: str
) -> None:
    text = set_path(language).read_text(encoding="utf-8")
    questions = read_evaluation_set(text, documents, "jsonl")
    assert len(questions) in QUESTIONS
    items = records(language)
    assert len(items) == len(questions)
    excerpts: list[str] = []
    for item, question in zip(items, questions, strict=True):
        assert isinstance(question, EvaluationQuestion)
        wanted = item["excerpts"] if "excerpts" in item else [item["excerpt"]]
        assert isinstance(wanted, list)
        # Each excerpt is where it was found, character for character, and nowhere else.
        found = [documents[index][1][start:end] for index, start, end in question.excerpts]
        assert found == wanted
        for excerpt in wanted:
            assert sum(text.count(excerpt) for _, text in documents) == 1, excerpt
        # No "document": the command line names each document by the path it was counted
        # under, so a name would tie the set to one working folder.
        assert "document" not in item
        excerpts += wanted
    assert len(set(excerpts)) == len(excerpts), "an excerpt answers two questions"
    assert len({question.question for question in questions}) == len(questions)


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_question_leaves_an_english_word(language: str) -> None:
    problems = [
        (item["question"], english_words_in(str(item["question"])))
        for item in records(language)
        if english_words_in(str(item["question"]))
    ]
    assert problems == []


def test_a_set_runs_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(
        capsys, "--count", str(DOCUMENTS), "--evaluate", str(set_path("pt")),
        "--splitter", "recursive", "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    evaluation = json.loads(out)["evaluation"]
    assert (evaluation["questions"], evaluation["retriever"]) == (len(records("pt")), "bm25")
    (plan,) = evaluation["settings"]
    assert plan["splitter"] == "recursive"
    # The sample shows something: some question's excerpt is among the chunks retrieved.
    assert plan["hit_at_k"]["value"] > 0
