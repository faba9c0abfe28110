"""``python3 -m calculator`` as scripts and documentation use it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The CLI from the repository root, with nothing installed."""
    return subprocess.run(
        [sys.executable, "-m", "calculator", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


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
            "--overlap: overlap (64) must be smaller than the chunk size (64)",
        ),
        (["--tokens", "-5", "--chunk-size", "64"], "--tokens: must be at least 0"),
        (["--tokens", "ten", "--chunk-size", "64"], "--tokens: enter a whole number using digits"),
        (["--tokens", "10", "--chunk-size", "6.5"], "--chunk-size: enter a whole number, without"),
        (
            ["--tokens", "10", "--chunk-size", "64", "--dimensions", "384", "--dtype", "float64"],
            "--dtype: invalid choice",
        ),
        (["--tokens", "10"], "--chunk-size"),
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
            "--bytes-per-dimension: must be at least 1",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(arguments: list[str], message: str) -> None:
    completed = run(*arguments)
    assert completed.returncode == 2
    assert completed.stdout == ""
    lines = completed.stderr.splitlines()
    assert len(lines) == 1
    assert message in lines[0]
    assert "Traceback" not in completed.stderr
