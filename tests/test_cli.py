"""``python3 -m calculator`` as scripts and documentation use it, through its main()."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from pathlib import Path
from unittest import mock

import pytest

import calculator
from calculator.cli import main


def assert_refused(completed: subprocess.CompletedProcess[str], message: str) -> None:
    """Refused as every bad value is: status 2, nothing on stdout, one line naming it."""
    assert completed.returncode == 2
    assert completed.stdout == ""
    lines = completed.stderr.splitlines()
    assert len(lines) == 1
    assert message in lines[0]
    assert "Traceback" not in completed.stderr


def run(*arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python3 -m calculator ARGUMENTS` in this process: main() with what it writes and its
    exit status (argparse's own refusals leave through SystemExit).  One test runs the real
    command (tests/test_cli_count.py)."""
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        mock.patch("sys.stdin", io.StringIO(stdin)),
    ):
        try:
            status = main(list(arguments))
        except SystemExit as leaving:
            code = leaving.code
            status = code if isinstance(code, int) else int(code is not None)
    return subprocess.CompletedProcess(list(arguments), status, out.getvalue(), err.getvalue())


def test_json_has_the_contract_keys() -> None:
    completed = run(
        "--tokens", "8000", "--chunk-size", "512", "--overlap", "64",
        "--dimensions", "384", "--bytes-per-dimension", "4", "--json",
    )  # fmt: skip
    assert completed.returncode == 0
    report = json.loads(completed.stdout)
    expected = {
        "tokens": 8000, "chunk_size": 512, "overlap": 64, "step": 448, "chunks": 18,
        "last_chunk_tokens": 384, "tokens_processed": 9088, "repeated_tokens": 1088,
        "padded_tokens": 9216, "dimensions": 384, "bytes_per_dimension": 4,
        "raw_vector_bytes": 27648,
    }  # fmt: skip
    assert {key: report[key] for key in expected} == expected


def test_json_without_dimensions_has_no_vector_keys() -> None:
    report = json.loads(run("--tokens", "2500", "--chunk-size", "800", "--json").stdout)
    assert report["chunks"] == 4
    assert report["tokens_processed"] == 2500
    assert not {"dimensions", "bytes_per_dimension", "raw_vector_bytes"} & report.keys()


@pytest.mark.parametrize(
    ("dtype", "raw_bytes"),
    [("float32", 6144), ("float16", 3072), ("bfloat16", 3072), ("int8", 1536), ("binary", 192)],
)
def test_dtype_sets_bytes_per_dimension(dtype: str, raw_bytes: int) -> None:
    completed = run(
        "--tokens", "2500", "--chunk-size", "800", "--overlap", "200",
        "--dimensions", "384", "--dtype", dtype, "--json",
    )  # fmt: skip
    assert json.loads(completed.stdout)["raw_vector_bytes"] == raw_bytes


def test_readable_summary() -> None:
    completed = run(
        "--tokens", "2500", "--chunk-size", "800", "--overlap", "200", "--dimensions", "384"
    )
    assert completed.returncode == 0
    assert completed.stdout.splitlines() == [
        "2,500 tokens, chunk size 800, overlap 200, step 600",
        "chunks              4 (3 × 800 + 1 × 700)",
        "tokens processed    3,100 (600 repeated: 24% of the document)",
        "padded upper bound  3,200 (4 × 800; the last chunk is 100 tokens short of full size)",
        "raw vector size     6,144 bytes = 6 KiB = ≈6.14 kB (4 × 384 dimensions × 4 bytes)",
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--tokens", "100", "--chunk-size", "64", "--overlap", "64"],
            "--overlap: The overlap (64) must be smaller than the chunk size (64).",
        ),
        (["--tokens", "-5", "--chunk-size", "64"], "--tokens: Enter 0 or more."),
        (["--tokens", "ten", "--chunk-size", "64"], "--tokens: Enter a whole number, for example"),
        (["--tokens", "10", "--chunk-size", "6.5"], "--chunk-size: Enter a whole number."),
        (
            ["--tokens", "10", "--chunk-size", "64", "--dimensions", "384", "--dtype", "float64"],
            "--dtype: invalid choice",
        ),
        (["--tokens", "10", "--chunk-size", ""], "--chunk-size: Enter a value."),
        (
            [
                "--tokens",
                "10",
                "--chunk-size",
                "8",
                "--dimensions",
                "8",
                "--bytes-per-dimension",
                "0",
            ],
            "--bytes-per-dimension: Enter 1 or more.",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(arguments: list[str], message: str) -> None:
    assert_refused(run(*arguments), message)


def test_the_chunk_size_defaults_to_the_pages() -> None:
    completed = run("--tokens", "8000", "--json")
    assert completed.returncode == 0, completed.stderr
    report = json.loads(completed.stdout)
    assert (report["chunk_size"], report["overlap"]) == (512, 0)  # the page's size; no overlap


def test_compare_in_json() -> None:
    completed = run(
        "--tokens", "200000", "--chunk-size", "512", "--compare", "512:64,512:128,512:256", "--json"
    )  # fmt: skip
    rows = json.loads(completed.stdout)["compare"]["rows"]
    assert [row["chunks"] for row in rows] == [447, 521, 781]
    assert [row["tokens_processed"] for row in rows] == [228_544, 266_560, 399_680]


def test_compare_as_markdown_marks_lowest_and_highest() -> None:
    completed = run(
        "--tokens", "200000", "--chunk-size", "512", "--compare", "512:64,512:256", "--markdown"
    )  # fmt: skip
    # After the settings section (what made the plan: tests/test_export_words.py).
    assert completed.stdout.startswith("## Settings\n")
    lines = completed.stdout.split("\n\n", 2)[2].splitlines()
    assert lines[1].startswith("|---:|")
    assert lines[2].startswith("| 512 | 64 | 447 ↓ | 228,544 ↓ |")
    assert lines[3].startswith("| 512 | 256 | 781 ↑ | 399,680 ↑ |")


def test_documents_are_the_plan_beside_one_stream() -> None:
    completed = run(
        "--chunk-size", "512", "--overlap", "51",
        "--documents", "10000", "--average-tokens", "2000", "--json",
    )  # fmt: skip
    answer = json.loads(completed.stdout)
    corpus = (answer["document_count"], answer["tokens"], answer["chunks"])
    assert corpus == (10_000, 20_000_000, 50_000)
    assert answer["document"] == {
        "tokens": 2000, "chunks": 5, "last_chunk_tokens": 156, "tokens_processed": 2204
    }  # fmt: skip
    documents = answer["documents"]
    assert documents["one_stream"]["chunks"] == 43_384
    assert documents["difference"]["chunks"] == 6_616


@pytest.mark.parametrize(
    ("documents", "average", "chunk_size", "overlap", "dimensions"),
    [(50_000, 1200, 512, 64, 384), (37_000, 900, 256, 32, 768), (3, 0, 64, 0, 8)],
)
def test_the_collections_figures_in_every_section(
    documents: int, average: int, chunk_size: int, overlap: int, dimensions: int
) -> None:
    """--documents/--average-tokens without --tokens plan the collection: its chunks, raw
    vectors and the storage's vectors are D × one document's."""
    completed = run(
        "--documents", str(documents), "--average-tokens", str(average),
        "--chunk-size", str(chunk_size), "--overlap", str(overlap),
        "--dimensions", str(dimensions), "--hnsw-m", "16", "--json",
    )  # fmt: skip
    answer = json.loads(completed.stdout)
    one = calculator.plan_chunks(average, chunk_size, overlap)
    assert answer["chunks"] == documents * one.chunks
    assert answer["raw_vector_bytes"] == documents * one.chunks * dimensions * 4
    assert answer["storage"]["vectors"] == documents * one.chunks


def test_a_list_is_split_again_document_by_document(tmp_path: Path) -> None:
    lengths = [1200, 800, 5000, 0, 513]
    listed = tmp_path / "counts.txt"
    listed.write_text("\n".join(map(str, lengths)), encoding="utf-8")
    completed = run(
        "--document-tokens", str(listed), "--chunk-size", "512", "--overlap", "64",
        "--new-chunk-size", "512", "--new-overlap", "128", "--json",
    )  # fmt: skip
    reindex = json.loads(completed.stdout)["reindex"]
    old = sum(calculator.plan_chunks(n, 512, 64).chunks for n in lengths)
    new = sum(calculator.plan_chunks(n, 512, 128).chunks for n in lengths)
    assert (reindex["old_chunks"], reindex["new_chunks"]) == (old, new)
    one_stream = calculator.plan_chunks(sum(lengths), 512, 64).chunks
    assert reindex["old_chunks"] != one_stream


def test_document_tokens_from_stdin() -> None:
    completed = run(
        "--chunk-size", "800", "--overlap", "200",
        "--document-tokens", "-", "--json", stdin="2500\n800\n",
    )  # fmt: skip
    documents = json.loads(completed.stdout)["documents"]
    assert documents["per_document"]["chunks"] == 5
    assert documents["one_stream"]["chunks"] == 6


def test_document_tokens_file_that_does_not_exist(tmp_path: Path) -> None:
    completed = run(
        "--tokens", "1", "--chunk-size", "8", "--document-tokens", str(tmp_path / "missing")
    )  # fmt: skip
    assert completed.returncode == 2
    assert completed.stderr.startswith(
        "python3 -m calculator: error: --document-tokens: cannot read"
    )


def test_prompt_budget_and_cost() -> None:
    completed = run(
        "--tokens", "8000", "--chunk-size", "512", "--overlap", "64", "--top-k", "8",
        "--context-window", "8192", "--reserved-tokens", "1500", "--answer-tokens", "1000",
        "--price-per-million", "0.02", "--json",
    )  # fmt: skip
    report = json.loads(completed.stdout)
    assert report["budget"]["source_tokens"] == 4096
    assert report["budget"]["fits"] is True
    assert report["budget"]["chunks_that_fit"] == 11
    assert report["cost"]["one_time"] == "0.00018176"


def test_readable_panels() -> None:
    completed = run(
        "--tokens", "8000", "--chunk-size", "512", "--top-k", "20", "--context-window", "8192"
    )  # fmt: skip
    # A line over 120 characters goes on under the figures' column.
    assert completed.stdout.splitlines()[-2:] == [
        "prompt budget: 20 × 512 = 10,240 tokens of source text + 0 reserved + 0 for the answer"
        " = 10,240 of 8,192: over by 2,048",
        "                    tokens; 16 chunks would fit",
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--compare", "512"], "--compare: “512” is not a valid configuration"),
        (["--compare", "512:64,64:64"], "--compare (row 2, overlap): The overlap (64)"),
        (["--documents", "10"], "--average-tokens: Enter a value."),
        (["--top-k", "8"], "--context-window: Enter a value."),
        (["--price-per-million", "cheap"], "--price-per-million: Enter a number such as 0.02"),
        (["--json", "--markdown"], "not allowed with argument"),
    ],
)
def test_bad_planning_options_exit_2(arguments: list[str], message: str) -> None:
    assert_refused(run("--tokens", "100", "--chunk-size", "512", *arguments), message)


def test_one_byte_per_dimension_is_singular() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["--tokens", "1000", "--chunk-size", "100", "--dimensions", "8", "--dtype", "int8"])
    assert "× 1 byte)" in out.getvalue()
