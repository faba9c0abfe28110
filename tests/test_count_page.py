"""The page's counting (calculator/_tokens/_page.py, run by the worker) counts every file as the
command line's ``--count`` does, and its slices add up to the whole text's count."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import build
from calculator._tokens import ENCODINGS, RANKS_SUFFIX
from calculator._tokens import _page as page
from calculator._tokens._files import count_files

TEXT = (
    "Plan the chunks before you embed: 2,500 tokens at 800/200 make four chunks.\n"
    "Zażółć gęślą jaźń — Größenordnung: naïve café, 中文文本 and emoji 🙂🙂.\n"
    "  indented line\twith tabs   and trailing spaces   \n\n\nit's they're we'll\n"
)
FILES = {
    "plain.txt": TEXT.encode(),
    "bom.md": b"\xef\xbb\xbf" + TEXT.encode(),
    "page.html": f"<p>{TEXT}</p><script>x = 1</script><style>p {{}}</style>".encode(),
    "latin1.txt": "café".encode("latin-1"),
    "binary.txt": b"ab\0cd",
    "long.txt": (TEXT * 300).encode(),
    "empty.txt": b"",
}


@pytest.fixture(scope="module", autouse=True)
def ranks() -> None:
    for encoding in ENCODINGS:
        page.load(encoding, str(build.TOKEN_RANKS / (encoding + RANKS_SUFFIX)))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name, data in FILES.items():
        (tmp_path / name).write_bytes(data)
    return tmp_path


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("size", [7, 100, page.SLICE_CHARACTERS])
def test_the_page_counts_each_file_as_the_command_line_does(
    folder: Path, encoding: str, size: int
) -> None:
    cli = count_files([str(folder)], encoding, build.TOKEN_RANKS)
    assert len(cli) == len(FILES)
    for counted in cli:
        figures = page.count_file(encoding, counted.path, size)
        if counted.tokens is None:
            assert figures["error"] in {"binary", "not_utf8"}, counted
        else:
            assert figures["tokens"] == counted.tokens, counted.path


def test_a_file_that_is_not_text_says_why(folder: Path) -> None:
    assert page.count_file("o200k_base", str(folder / "binary.txt")) == {"error": "binary"}
    assert page.count_file("o200k_base", str(folder / "latin1.txt")) == {
        "error": "not_utf8",
        "offset": 3,
    }


def test_figures_are_of_the_counted_text(folder: Path) -> None:
    figures = page.count_file("o200k_base", str(folder / "bom.md"))
    assert figures["characters"] == len(TEXT)  # the byte order mark is not text
    assert figures["bytes"] == len(TEXT.encode())


def test_a_slice_ends_where_no_token_is_cut() -> None:
    assert page.cut("one two three", 0, 6) == 3
    assert page.cut("one\ntwo", 0, 5) == 4
    assert page.cut("1 2 3 4", 0, 3) == 7  # no safe place: the rest in one slice
    assert page.cut("{1}\n{2}\n{3}", 0, 5) == 4  # after a newline, before punctuation
    assert page.cut("a}\n/b\ncd", 0, 4) == 6  # o200k_base's "}\n/" is one piece
    assert page.cut("short", 0, 100) == 5


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_slices_add_up_to_the_whole_count_of_the_source_documents(encoding: str) -> None:
    texts = [TEXT * 20]
    for folder in filter(None, os.environ.get("TOKEN_TEXTS", "").split(os.pathsep)):
        texts += [path.read_text(encoding="utf-8") for path in sorted(Path(folder).glob("*.txt"))]
    for text in texts:
        whole = page.start_text(encoding, text)
        assert whole.step(len(text) + 1)
        for size in (5, 64, 1000):
            sliced = page.start_text(encoding, text)
            while not sliced.step(size):
                pass
            assert sliced.tokens == whole.tokens, size


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=300, deadline=None)
@given(
    text=st.text(st.sampled_from([*"\n\r /}{]:,.-_\"'1234567890asZż中🙂\t\u0301"]), max_size=80),
    size=st.integers(1, 12),
)
def test_slices_add_up_where_newlines_meet_punctuation_digits_and_slashes(
    encoding: str, text: str, size: int
) -> None:
    # A cut after a newline is safe before anything but white space and "/" (which
    # o200k_base's punctuation pieces take past a newline).
    whole = page.start_text(encoding, text)
    assert whole.step(len(text) + 1)
    sliced = page.start_text(encoding, text)
    while not sliced.step(size):
        pass
    assert sliced.tokens == whole.tokens
