"""``python3 -m calculator --count``: files and folders counted, each file one document."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
import tiktoken

import build
from calculator._tokens import RANKS_SUFFIX, Encoding, load_ranks
from calculator._tokens._files import count_files, html_text, read_text, text_files
from calculator.cli import main

# tiktoken counts OpenAI's encodings where installed (the tests' environment has it).
BY_TIKTOKEN = f" (tiktoken {tiktoken.__version__})"

ROOT = Path(__file__).resolve().parent.parent
RANKS = str(build.TOKEN_RANKS)


def tokens(text: str, encoding: str = "o200k_base") -> int:
    ranks = load_ranks(build.TOKEN_RANKS / (encoding + RANKS_SUFFIX), encoding)
    return Encoding(encoding, ranks).count(text)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    (tmp_path / "b").mkdir()
    (tmp_path / ".git").mkdir()
    (tmp_path / "a.md").write_text("# Title\n\nSome text, façade naïve.\n", encoding="utf-8")
    (tmp_path / "b" / "page.html").write_text(
        "<p>Ol&aacute; <b>mundo</b></p><script>var x = 1;</script>", encoding="utf-8"
    )
    (tmp_path / "b" / "z.txt").write_bytes("\ufeffZażółć gęślą jaźń\r\n".encode())
    (tmp_path / ".git" / "config.txt").write_text("hidden", encoding="utf-8")
    (tmp_path / "b" / "image.png").write_bytes(b"\x89PNG\0\0")
    return tmp_path


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main([*argv, "--ranks", RANKS])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_folders_are_walked_in_order_and_counted(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(
        capsys, "--count", str(corpus), "--chunk-size", "4", "--overlap", "1", "--json"
    )
    assert (status, err) == (0, "")
    counted = json.loads(out)["counted"]
    expected = [
        (corpus / "a.md", tokens("# Title\n\nSome text, façade naïve.\n")),
        (corpus / "b" / "page.html", tokens("Olá mundo")),
        (corpus / "b" / "z.txt", tokens("Zażółć gęślą jaźń\r\n")),
    ]
    # Each file's text as it was counted (an HTML page's text content): its characters and
    # UTF-8 bytes, as the page's counter measures them.
    texts = [read_text(path) for path, _ in expected]
    documents = [
        {"path": path.as_posix(), "tokens": n, "characters": len(text), "bytes": len(text.encode())}
        for (path, n), text in zip(expected, texts, strict=True)
    ]
    tokens_in_all = sum(n for _, n in expected)
    utf8 = sum(len(text.encode()) for text in texts)
    assert counted == {
        "encoding": "o200k_base",
        "engine": f"tiktoken {tiktoken.__version__}",
        "documents": documents,
        "tokens": tokens_in_all,
        "characters": sum(len(text) for text in texts),
        "bytes": utf8,
        "bytes_per_token": str(
            Decimal(utf8 / tokens_in_all).quantize(Decimal("0.01"), ROUND_HALF_UP)
        ),
    }
    report = json.loads(out)
    assert report["tokens"] == counted["tokens"]
    assert report["documents"]["per_document"]["documents"] == 3


def test_document_figures_use_the_per_file_counts(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run_main(capsys, "--count", str(corpus), "--chunk-size", "4", "--json")
    counts = [item["tokens"] for item in json.loads(out)["counted"]["documents"]]
    listed = "\n".join(map(str, counts))
    total = str(sum(counts))
    assert main(["--tokens", total, "--chunk-size", "4", "--json", "--document-tokens",
                 str(_write(corpus.parent / "list.txt", listed))]) == 0  # fmt: skip
    by_list = json.loads(capsys.readouterr().out)
    assert json.loads(out)["documents"] == by_list["documents"]


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_tokens_given_beside_the_counted_files_must_be_their_total(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (corpus / "a.md").read_text(encoding="utf-8")
    total = str(tokens(text, "o200k_base"))
    _, out, _ = run_main(capsys, "--count", str(corpus / "a.md"), "--tokens", total,
                         "--chunk-size", "100", "--json")  # fmt: skip
    assert json.loads(out)["tokens"] == int(total)
    assert main(["--count", str(corpus / "a.md"), "--tokens", "1000", "--chunk-size", "100"]) == 2
    assert capsys.readouterr().err == (
        f"python3 -m calculator: error: --tokens: the documents hold {int(total):,} tokens in"
        " all: leave --tokens out, or give that\n"
    )


def test_cl100k_counts_differ_and_equal_their_own(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (corpus / "a.md").read_text(encoding="utf-8")
    _, out, _ = run_main(capsys, "--count", str(corpus / "a.md"), "--encoding", "cl100k_base",
                         "--chunk-size", "8", "--json")  # fmt: skip
    assert json.loads(out)["counted"]["tokens"] == tokens(text, "cl100k_base")


def test_a_file_not_utf8_or_binary_gets_its_line_and_the_others_count(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (corpus / "latin1.txt").write_bytes("café".encode("latin-1"))
    (corpus / "nul.txt").write_bytes(b"a\0b")
    status, out, err = run_main(capsys, "--count", str(corpus), "--chunk-size", "4")
    assert status == 1
    assert err.splitlines() == [
        f"python3 -m calculator: {(corpus / 'latin1.txt').as_posix()}: "
        "not UTF-8 text (byte 0xe9 at offset 3)",
        f"python3 -m calculator: {(corpus / 'nul.txt').as_posix()}: "
        "binary file (a NUL byte at offset 1)",
    ]
    assert out.startswith(f"counted with o200k_base{BY_TIKTOKEN}: 3 files, ")


def test_nothing_countable_or_no_ranks_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.txt").write_bytes(b"\xff")
    status, _, err = run_main(capsys, "--count", str(tmp_path / "bad.txt"), "--chunk-size", "4")
    assert status == 2
    assert err == (f"python3 -m calculator: error: --count: {(tmp_path / 'bad.txt').as_posix()}: "
                   "not UTF-8 text (byte 0xff at offset 0)\n")  # fmt: skip
    (tmp_path / "nul.txt").write_bytes(b"\0")
    status, _, err = run_main(capsys, "--count", str(tmp_path), "--chunk-size", "4")
    assert status == 2
    assert err.endswith("error: --count: no text file could be counted\n")
    assert main(["--count", str(tmp_path), "--chunk-size", "4", "--ranks", str(tmp_path)]) == 2
    assert "build.py ranks" in capsys.readouterr().err
    status, _, err = run_main(capsys, "--count", str(tmp_path / "missing.txt"), "--chunk-size", "4")
    assert status == 2
    assert "missing.txt: No such file or directory" in err


def test_count_and_documents_are_one_question_too_many(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--count", ".", "--documents", "3", "--chunk-size", "4"])
    assert exited.value.code == 2
    assert "--count" in capsys.readouterr().err


def test_parallel_processes_count_the_same_in_the_same_order(corpus: Path) -> None:
    for index in range(12):
        (corpus / f"n{index:02}.txt").write_text(f"file {index} " * (index + 1), encoding="utf-8")
    one = count_files([str(corpus)], "cl100k_base", build.TOKEN_RANKS, workers=1)
    two = count_files([str(corpus)], "cl100k_base", build.TOKEN_RANKS, workers=2)
    assert one == two
    walked = [path.as_posix() for path in text_files([str(corpus)])]
    assert [item.path for item in two] == walked
    assert len(walked) == 15


def test_html_is_counted_as_its_text() -> None:
    assert html_text("<style>p{}</style><h1>A &amp; B</h1>\n<p>c</p>") == "A & B\nc"


def test_end_to_end_from_the_repository_root(corpus: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "calculator", "--count", str(corpus), "--chunk-size", "512",
         "--overlap", "64", "--ranks", RANKS],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert (completed.returncode, completed.stderr) == (0, "")
    first = completed.stdout.splitlines()[0]
    assert first.startswith(f"counted with o200k_base{BY_TIKTOKEN}: 3 files, ")


@pytest.mark.parametrize(
    ("documents", "total"),
    [
        (["--documents", "10", "--average-tokens", "2000"], 20_000),
        (["--document-tokens", "LIST"], 1_300),
    ],
)
def test_tokens_default_to_the_documents_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], documents: list[str], total: int
) -> None:
    listed = str(_write(tmp_path / "list.txt", "800\n500\n"))
    argv = [listed if item == "LIST" else item for item in documents]
    assert main([*argv, "--chunk-size", "512", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tokens"] == total


def test_without_tokens_a_bad_list_reports_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = str(_write(tmp_path / "list.txt", "800\nx\n"))
    assert main(["--document-tokens", listed, "--chunk-size", "512"]) == 2
    assert capsys.readouterr().err.startswith("python3 -m calculator: error: --document-tokens:")


def test_count_without_the_tokenizer_says_so(
    corpus: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "calculator._tokens._files", None)
    assert main(["--count", str(corpus), "--chunk-size", "4"]) == 2
    assert "pip install rag-chunk-planner" in capsys.readouterr().err
