"""A crafted or broken tokenizer.json never holds the counter: it is refused with its reason
(one line and exit 2 in the command line), or counts in bounded work.

The hostile files are the ones an adversarial run found (a Split or Replace pattern that
backtracks without bound, a Unigram piece of 100,003 characters, nine Replaces that make a
text 10⁹ times longer); the malformed ones come from a generator that breaks a real
tokenizer's file field by field.  The command line runs in a process of its own where its
end is the subject (a hang would be the fault), under a timeout that only guards the run.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NonInteractiveExampleWarning

from calculator._tokens._hf import load_tokenizer_json
from calculator._tokens._hf_limits import (
    MOST_FIXED_CHARACTERS,
    MOST_GROWTH,
    REASONS,
    TokenizerFileError,
    bounded_pattern,
)
from calculator._tokens._page import load_tokenizer
from calculator.cli import main

ROOT = Path(__file__).resolve().parent.parent
# A run that ends later than this hangs (the bound for the command line).
CLI_TIMEOUT_S = 10
# The text that made the crafted patterns backtrack: "hello" and a run of "a".
RUN_TEXT = "hello" + "a" * 34

VOCAB = {"[UNK]": 0, "h": 1, "e": 2, "l": 3, "o": 4, "a": 5, "c": 6, "x": 7, "##a": 8}
BACKTRACKING = "a*a*a*a*a*a*a*a*a*a*a*a*c"


def word_piece(**parts: Any) -> dict[str, Any]:
    return {"model": {"type": "WordPiece", "vocab": VOCAB, "unk_token": "[UNK]"}, **parts}


HOSTILE: dict[str, tuple[dict[str, Any], str]] = {
    "split": (
        word_piece(
            pre_tokenizer={
                "type": "Split",
                "pattern": {"Regex": BACKTRACKING},
                "behavior": "Isolated",
                "invert": False,
            }
        ),
        "unbounded_pattern",
    ),
    "replace": (
        word_piece(
            normalizer={"type": "Replace", "pattern": {"Regex": BACKTRACKING}, "content": "x"}
        ),
        "unbounded_pattern",
    ),
    "unigram": (
        {
            "model": {
                "type": "Unigram",
                "unk_id": 0,
                "vocab": [["<unk>", 0.0], ["a", -1.0], ["aaa" + "b" * 100_000, -2.0]],
            }
        },
        "long_piece",
    ),
    "grows": (
        word_piece(
            normalizer={
                "type": "Sequence",
                "normalizers": [
                    {"type": "Replace", "pattern": {"String": "a"}, "content": "a" * 10}
                ]
                * 9,
            }
        ),
        "grows",
    ),
}


def refusal_of(spec: dict[str, Any], text: str) -> TokenizerFileError:
    with pytest.raises(TokenizerFileError) as refused:
        load_tokenizer_json(json.dumps(spec)).count(text)
    return refused.value


@pytest.mark.parametrize("name", list(HOSTILE))
def test_each_hostile_file_is_refused_with_its_reason(name: str) -> None:
    spec, reason = HOSTILE[name]
    text = "a" * 20_000 if name == "unigram" else RUN_TEXT
    refused = refusal_of(spec, text)
    assert refused.reason == reason
    assert set(refused.params) == set(REASONS[reason])


@pytest.mark.parametrize(
    "regex",
    [" {2,}", "\u2581+", "\\n+", "ab", "ab+", "a{3}b*", "x{0,4}", "a*?", "a*+", "ab{2}c?"],
)
def test_literal_text_ending_in_one_repetition_is_applied_as_re_applies_it(regex: str) -> None:
    text = "aab  abbbc \u2581\u2581 xxxxxxa\n\n" * 3
    pattern = bounded_pattern(regex, "Split pre-tokenizer")
    assert [m.span() for m in pattern.finditer(text)] == [
        m.span() for m in re.finditer(regex, text)
    ]


@pytest.mark.parametrize(
    "regex",
    ["a*c", "a+c", "a*a*", "a?b?c?d?", "a{1,2}b", "a*?b", "x" * (MOST_FIXED_CHARACTERS + 1)],
)
def test_a_repetition_before_the_end_or_a_long_fixed_part_is_refused(regex: str) -> None:
    with pytest.raises(TokenizerFileError) as refused:
        bounded_pattern(regex, "Split pre-tokenizer")
    assert refused.value.reason == "unbounded_pattern"


def test_a_normalizer_within_its_bound_still_counts() -> None:
    # Nine Replaces of "a" by "a": the text stays as long, and is counted.
    spec = word_piece(
        pre_tokenizer={"type": "WhitespaceSplit"},
        normalizer={
            "type": "Sequence",
            "normalizers": [{"type": "Replace", "pattern": {"String": "a"}, "content": "a"}] * 9,
        },
    )
    assert load_tokenizer_json(json.dumps(spec)).count("a a a") == 3
    grows = dict(
        spec,
        normalizer={
            "type": "Replace",
            "pattern": {"String": "a"},
            "content": "a" * 2 * MOST_GROWTH,
        },
    )
    assert refusal_of(grows, "a" * 1000).reason == "grows"


# --- malformed files, made by breaking a valid one ---------------------------------------

VALID: dict[str, Any] = {
    "added_tokens": [{"id": 0, "content": "[UNK]", "special": True}],
    "normalizer": {
        "type": "Sequence",
        "normalizers": [
            {"type": "NFKC"},
            {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
            {"type": "Lowercase"},
        ],
    },
    "pre_tokenizer": {
        "type": "Sequence",
        "pretokenizers": [
            {"type": "WhitespaceSplit"},
            {"type": "Split", "pattern": {"String": "-"}, "behavior": "Isolated"},
        ],
    },
    "model": {"type": "WordPiece", "vocab": VOCAB, "unk_token": "[UNK]"},
}
ODD_VALUES: st.SearchStrategy[Any] = st.sampled_from(
    [None, 0, -1, 10**30, 1.5, "", "x", "a*a*a*c", [], [[]], {}, {"Regex": "(a+)+$"}, True]
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


PATHS = [path for path in _paths(VALID) if path]


@st.composite
def malformed(draw: st.DrawFn) -> str:
    """A valid file with some of its fields removed, replaced by another kind, or nested
    deep; or its text cut short."""
    spec = json.loads(json.dumps(VALID))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS))
        parent = spec
        try:
            for key in path[:-1]:
                parent = parent[key]
            how = draw(st.sampled_from(["remove", "replace", "deep"]))
            if how == "remove" and isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif how == "deep":
                parent[path[-1]] = json.loads("[" * 200 + "]" * 200)
            else:  # a copy: the same drawn list twice would nest in itself
                parent[path[-1]] = copy.deepcopy(draw(ODD_VALUES))
        except (KeyError, IndexError, TypeError):
            continue  # a field an earlier change removed
    text = json.dumps(spec)
    if draw(st.booleans()) and draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(malformed(), st.sampled_from(["", RUN_TEXT, "Hello  world-wide [UNK] a-a"]))
def test_a_malformed_file_is_refused_with_a_reason_or_counts(text: str, counted: str) -> None:
    answer = json.loads(load_tokenizer("generated", text))
    if "error" in answer:
        assert answer["reason"] in REASONS
        assert set(answer["params"]) == set(REASONS[answer["reason"]])
        return
    try:
        load_tokenizer_json(text).count(counted)
    except TokenizerFileError as refused:
        assert refused.reason in REASONS


def _cli(folder: Path, tokenizer: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "calculator", "--count", str(folder)]
    return subprocess.run(
        [*command, "--tokenizer", str(tokenizer), "--chunk-size", "512"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=CLI_TIMEOUT_S,
        check=False,
    )


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "run.txt").write_text(RUN_TEXT + "\n" + "a" * 20_000 + "\n")
    return folder


@pytest.mark.parametrize("name", list(HOSTILE))
def test_the_command_line_refuses_a_hostile_file_in_one_line(
    name: str, corpus: Path, tmp_path: Path
) -> None:
    tokenizer = tmp_path / "tokenizer.json"
    tokenizer.write_text(json.dumps(HOSTILE[name][0]))
    run = _cli(corpus, tokenizer)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1
    assert run.stderr.startswith("python3 -m calculator: error: --tokenizer: ")
    assert "Traceback" not in run.stderr


def test_seventy_malformed_files_give_the_command_line_no_traceback(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with warnings.catch_warnings():  # .example(): files to run, not a property to shrink
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        texts = [malformed().example() for _ in range(70)]
    refused = 0
    for index, text in enumerate(texts):
        # A name each: a process keeps the tokenizer it loaded by its path.
        tokenizer = tmp_path / f"tokenizer-{index}.json"
        tokenizer.write_text(text)
        status = main(
            ["--count", str(corpus), "--tokenizer", str(tokenizer), "--chunk-size", "512"]
        )
        said = capsys.readouterr()
        assert status in (0, 2), said.err
        if status == 2:
            refused += 1
            assert said.err.startswith("python3 -m calculator: error: --tokenizer: ")
            assert said.err.count("\n") == 1
    assert refused  # the generator does make broken files


def test_a_file_of_gigabytes_is_refused_unread(corpus: Path, tmp_path: Path) -> None:
    huge = tmp_path / "tokenizer.json"
    with huge.open("wb") as sparse:  # 2 GB that take no disk and would take seconds to read
        sparse.truncate(2 * 2**30)
    run = _cli(corpus, huge)
    assert run.returncode == 2
    assert "larger than 64 MiB" in run.stderr


def test_a_name_with_a_newline_stays_on_its_one_line(corpus: Path, tmp_path: Path) -> None:
    tokenizer = tmp_path / "bad\nname.json"
    tokenizer.write_text("{")
    run = _cli(corpus, tokenizer)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1
    assert "bad\\nname.json" in run.stderr


def test_more_files_than_a_corpus_lists_are_planned_from_their_lengths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a dataset of as many records is (calculator/cli/_sources.py): the same figures,
    # without a line per document.
    from calculator.cli import _counting, _sources  # noqa: PLC0415

    monkeypatch.setattr(_counting, "MAX_DOCUMENTS", 3)
    monkeypatch.setattr(_sources, "MAX_DOCUMENTS", 3)
    for index in range(4):
        (tmp_path / f"{index}.txt").write_text("some words " * (100 * index + 1))
    assert main(["--count", str(tmp_path), "--chunk-size", "64", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(_counting, "MAX_DOCUMENTS", 100)
    monkeypatch.setattr(_sources, "MAX_DOCUMENTS", 100)
    assert main(["--count", str(tmp_path), "--chunk-size", "64", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert report["chunks"] == listed["chunks"]
    assert report["tokens_processed"] == listed["tokens_processed"]


def test_a_closed_pipe_ends_the_command_line_quietly(tmp_path: Path) -> None:
    documents = tmp_path / "documents.txt"
    documents.write_text("\n".join(str(1000 * n) for n in range(1, 20_000)))
    options = f"--document-tokens {documents} --chunk-size 512 --json"
    command = f"{sys.executable} -m calculator {options} | head -1"
    run = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, "{\n", "")
