"""``pip install`` gives a planner that counts: the whole wheel, installed alone into a fresh
virtual environment, answers ``rag-chunk-planner --count DIR --splitter recursive --json``
as the checkout does; the page's wheel is the same package without what it loads apart."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import build
from calculator.cli import main
from site_build.wheel import PAGE_LEFT_OUT, build_full_wheel, page_wheel

DOCUMENTS = build.ROOT / "web" / "examples" / "documents"
RANKS = ("o200k_base.ranks", "cl100k_base.ranks", "bert-base-uncased.ranks")


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_full_wheel(tmp_path_factory.mktemp("wheel"))


def without_engine(report: dict[str, Any]) -> dict[str, Any]:
    """The report without who counted (tiktoken where installed, else the package's own
    code: the same counts, tests/test_native_counters.py)."""
    report["counted"].pop("engine", None)
    return report


def test_the_whole_wheel_carries_the_tokenizer_its_ranks_and_a_command(whole: Path) -> None:
    with zipfile.ZipFile(whole) as archive:
        names = set(archive.namelist())
        entry_points = next(name for name in names if name.endswith("entry_points.txt"))
        scripts = archive.read(entry_points).decode("utf-8")
    assert {f"calculator/_tokens/ranks/{name}" for name in RANKS} <= names
    assert {"calculator/_tokens/__init__.py", "calculator/_splitters/__init__.py"} <= names
    assert "calculator/_retrieval/_evaluate.py" in names
    assert "calculator/_sources/_datasets.py" in names
    assert "rag-chunk-planner = calculator.cli:main" in scripts


def test_the_pages_wheel_leaves_out_what_it_loads_apart(whole: Path, tmp_path: Path) -> None:
    page = tmp_path / whole.name
    page_wheel(whole, page)
    with zipfile.ZipFile(page) as archive:
        names = archive.namelist()
        record = next(name for name in names if name.endswith("RECORD"))
        lines = archive.read(record).decode("utf-8").splitlines()
    assert names and not [name for name in names if name.startswith(PAGE_LEFT_OUT)]
    assert "calculator/__init__.py" in names
    assert sorted(line.split(",")[0] for line in lines) == sorted(names)
    # The same whole wheel makes the same page's wheel, byte for byte.
    again = tmp_path / "again.whl"
    page_wheel(whole, again)
    assert again.read_bytes() == page.read_bytes()


def test_a_fresh_environment_with_the_wheel_alone_counts_as_the_checkout(
    whole: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(whole)],
        check=True,
    )
    argv = ["--count", str(DOCUMENTS), "--encoding", "o200k_base", "--splitter", "recursive",
            "--chunk-size", "256", "--overlap", "32", "--json"]  # fmt: skip
    installed = subprocess.run(
        [str(venv / "bin" / "rag-chunk-planner"), *argv],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    )
    assert main([*argv, "--ranks", str(build.TOKEN_RANKS)]) == 0
    checkout = json.loads(capsys.readouterr().out)
    assert without_engine(json.loads(installed.stdout)) == without_engine(checkout)
    # And the splitter's chunks are the plan there too.
    assert checkout["counted"]["documents"] and checkout["chunks"] > 0
    # A gzipped JSONL dataset counts there with the standard library alone; Parquet and
    # --dask need their extras, and say which in one line.
    dataset = tmp_path / "corpus.jsonl.gz"
    texts = [path.read_text(encoding="utf-8") for path in sorted(DOCUMENTS.iterdir())[:5]]
    with gzip.open(dataset, "wt", encoding="utf-8") as stream:
        stream.writelines(json.dumps({"doc": {"text": text}}) + "\n" for text in texts)
    argv = ["--count", str(dataset), "--text-field", "doc.text", "--json"]
    installed = subprocess.run(
        [str(venv / "bin" / "rag-chunk-planner"), *argv], check=True, capture_output=True, text=True
    )
    assert main([*argv, "--ranks", str(build.TOKEN_RANKS)]) == 0
    checkout = json.loads(capsys.readouterr().out)
    assert without_engine(json.loads(installed.stdout)) == without_engine(checkout)
    assert len(checkout["counted"]["documents"]) == len(texts)
    (tmp_path / "t.parquet").write_bytes(b"PAR1")
    for extra, needs in (
        (["--dask"], "Dask is not installed"),
        (["--count", str(tmp_path / "t.parquet")], "pyarrow"),
    ):
        refused = subprocess.run(
            [str(venv / "bin" / "rag-chunk-planner"), *argv, *extra],
            capture_output=True,
            text=True,
            check=False,
        )
        assert refused.returncode == 2, refused.stderr
        assert refused.stderr.count("\n") == 1 and needs in refused.stderr
