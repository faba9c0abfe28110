"""The readable output says "1 document" and "2 documents": every count agrees with its noun."""

from __future__ import annotations

import re

import pytest

from calculator.cli import main

ONE = ["--chunk-size", "4", "--documents", "1", "--average-tokens", "1"]
TWO = ["--chunk-size", "4", "--documents", "2", "--average-tokens", "1"]


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (ONE, "1 token, chunk size 4, overlap 0, step 4"),
        (TWO, "2 documents of 1 token (2 tokens), chunk size 4, overlap 0, step 4"),
        ([*ONE, "--changed-documents", "1"], "re-indexing: 1 document changed, at 4/0"),
        ([*TWO, "--changed-documents", "1"], "re-indexing: 1 of 2 documents changed, at 4/0"),
        (TWO, "2 documents chunked one by one: 2 chunks, 2 tokens processed"),
        (TWO, "the same 2 tokens as one stream: 1 chunk, 2 tokens processed"),
        (TWO, "difference: +1 chunk, +0 tokens processed"),
        (["--tokens", "3", "--chunk-size", "4"], "(1 × 4; the last chunk is 1 token short"),
        (["--tokens", "2", "--chunk-size", "4"], "(1 × 4; the last chunk is 2 tokens short"),
        (
            ["--tokens", "1", "--chunk-size", "4", "--dimensions", "1", "--dtype", "int8"],
            "raw vector size     1 byte (1 × 1 dimension × 1 byte)",
        ),
        (
            ["--tokens", "1", "--chunk-size", "4", "--dimensions", "2", "--dtype", "int8"],
            "raw vector size     2 bytes (1 × 2 dimensions × 1 byte)",
        ),
        (
            ["--tokens", "1", "--chunk-size", "4", "--top-k", "1", "--context-window", "3"],
            "prompt budget: 1 × 4 = 4 tokens of source text + 0 reserved + 0 for the answer"
            " = 4 of 3: over by 1 token; 0 chunks would fit",
        ),
        (
            ["--tokens", "1", "--chunk-size", "1", "--top-k", "1", "--context-window", "2"],
            "= 1 of 2: fits, 1 token to spare; 2 chunks would fit",
        ),
        (
            ["--tokens", "1", "--chunk-size", "4", "--price-per-million", "1"],
            "embedding cost at 1 per million tokens: 0.000001 for 1 token processed",
        ),
        (
            ["--tokens", "5", "--chunk-size", "4", "--edit-at", "1", "--edit-tokens", "1"],
            "re-indexing: 1 token inserted at token 1 of 5 tokens, at 4/0",
        ),
        (
            ["--tokens", "1", "--chunk-size", "4", "--max-input-tokens", "1"],
            "model input limit   1 token: the one chunk fits",
        ),
        (
            ["--tokens", "5", "--chunk-size", "4", "--max-input-tokens", "3"],
            "model input limit   3 tokens: 1 of 2 chunks is longer; most embedding APIs cut it"
            " silently, so 1 token is never embedded",
        ),
        (
            ["--tokens", "1", "--chunk-size", "4", "--dimensions", "1", "--dtype", "int8",
             "--metadata-bytes", "1", "--text-bytes-per-token", "1"],
            "chunk text          1 byte (⌈1 token processed × 1 byte per token⌉; estimate)",
        ),
        (
            ["--tokens", "1", "--chunk-size", "4", "--dimensions", "1", "--dtype", "int8",
             "--metadata-bytes", "1"],
            "metadata            1 byte (1 × 1 byte per chunk)",
        ),
    ],
)  # fmt: skip
def test_counts_agree_with_their_nouns(
    arguments: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(arguments) == 0
    # (A line over 120 characters goes on under its figure's column: read as one.)
    assert expected in re.sub(r"\n {20}", " ", capsys.readouterr().out)


def test_markdown_documents_table_says_documents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TWO, "--dimensions", "1", "--dtype", "int8", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| 2 documents, each chunked on its own | 2 | 2 | 2 bytes |" in out
    assert "| one stream of 2 tokens | 1 | 2 | 1 byte |" in out
