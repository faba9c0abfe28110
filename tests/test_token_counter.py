"""``--count``'s fast counter equals tiktoken's count, however the text arrives.

The counter (``calculator/_tokens/_count.py``) splits text with the patterns written over
the characters themselves and counts each distinct piece once; a stream counts text a
slice at a time.  Each is compared with tiktoken's ``encode_ordinary`` (the oracle of
``test_tokens.py``) on the same texts, and the patterns with ``_split``'s on the class codes.
"""

from __future__ import annotations

import io
import os
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import build
from calculator._tokens import ENCODINGS
from calculator._tokens import _files as files
from calculator._tokens._count import TokenCounter, text_pattern
from calculator._tokens._files import count_files, text_files
from calculator._tokens._split import CL100K, O200K, pieces
from test_tokens import ALPHABET, SCRIPTS, generated_texts, oracle, ours

ROOT = Path(__file__).resolve().parent.parent
CODES_PATTERNS = {"o200k_base": O200K, "cl100k_base": CL100K}


@cache
def counter(encoding: str) -> TokenCounter:
    return TokenCounter(ours(encoding))


def expected(encoding: str, text: str) -> int:
    return len(oracle(encoding).encode_ordinary(text))


def streamed(encoding: str, text: str, slice_characters: int, cuts: list[int]) -> int:
    """The count of ``text`` fed in the parts that ``cuts`` make, slices of that size."""
    stream = counter(encoding).stream(slice_characters)
    start = 0
    for cut in sorted(cuts):
        stream.feed(text[start:cut])
        start = cut
    stream.feed(text[start:])
    return stream.close()


LONG = [
    " " * 5000,
    " " * 3000 + "x",
    "\t" * 700 + "\n",
    "\r\n" * 400,
    "a" * 4000,
    "ab" * 1500,
    "".join(chr(0x4E00 + i % 300) for i in range(2000)),
    "=" * 1000 + "-" * 999,
    "Supercalifragilistic" * 60,
    "😀" * 500,
    "x" + " \t" * 800 + "y",
    "word " * 300 + "\n" * 50 + "   ",
]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_counts_equal_tiktokens_on_scripts_and_long_pieces(encoding: str) -> None:
    texts = [*generated_texts(), *LONG, "a\ud800b", "\udfff", "x\ud83d\ude00y", ""]
    assert [counter(encoding).count(text) for text in texts] == [
        expected(encoding, text) for text in texts
    ]


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("slice_characters", [1, 3, 7, 64, 1000])
def test_a_stream_counts_the_same_in_slices_of_any_size(
    encoding: str, slice_characters: int
) -> None:
    rng = random.Random(slice_characters)
    for text in [*SCRIPTS, *LONG, "\n".join(SCRIPTS)]:
        cuts = [rng.randrange(len(text) + 1) for _ in range(rng.randrange(6))]
        assert streamed(encoding, text, slice_characters, cuts) == expected(encoding, text), text


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_patterns_over_text_split_as_the_patterns_over_class_codes(encoding: str) -> None:
    bmp = [text for text in [*generated_texts(), *LONG] if max(text) < "\U00010000"]
    assert len(bmp) > 100
    direct = text_pattern(encoding)
    assert [direct.findall(text) for text in bmp] == [
        pieces(CODES_PATTERNS[encoding], text) for text in bmp
    ]


BMP = st.one_of(
    st.characters(codec="utf-8", max_codepoint=0xFFFF),
    st.sampled_from(list(" \t\r\n\x0b\x85\u2028\u3000'/sStTdDmMlLvVrReE\u017f0123456789.,!?-_")),
)


@settings(max_examples=300, deadline=None)
@given(text=st.text(BMP, max_size=60))
def test_random_text_splits_alike(text: str) -> None:
    for encoding in ENCODINGS:
        assert text_pattern(encoding).findall(text) == pieces(CODES_PATTERNS[encoding], text)


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(ALPHABET, max_size=80),
    slice_characters=st.integers(1, 40),
    cuts=st.lists(st.integers(0, 80), max_size=5),
)
def test_random_streams_count_as_tiktoken(
    text: str, slice_characters: int, cuts: list[int]
) -> None:
    cuts = [min(cut, len(text)) for cut in cuts]
    for encoding in ENCODINGS:
        assert streamed(encoding, text, slice_characters, cuts) == expected(encoding, text)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(
    text=st.text(max_size=300),
    slice_characters=st.integers(1, 200),
    cuts=st.lists(st.integers(0, 300), max_size=8),
)
def test_random_streams_of_any_character(text: str, slice_characters: int, cuts: list[int]) -> None:
    cuts = [min(cut, len(text)) for cut in cuts]
    for encoding in ENCODINGS:
        assert streamed(encoding, text, slice_characters, cuts) == expected(encoding, text)


def test_files_count_alike_in_one_process_and_in_many(tmp_path: Path) -> None:
    """The project's own sources and docs, many small files, one of them in small reads."""
    sources = [str(ROOT / "calculator"), str(ROOT / "docs"), str(ROOT / "README.md")]
    paths = list(text_files(sources))
    assert len(paths) > 40
    one = count_files(sources, "o200k_base", build.TOKEN_RANKS, workers=1)
    two = count_files(sources, "o200k_base", build.TOKEN_RANKS, workers=2)
    assert one == two
    assert [item.tokens for item in one] == [
        expected("o200k_base", files.read_text(path)) for path in paths
    ]


def test_a_file_larger_than_a_read_is_counted_as_it_is_read(tmp_path: Path) -> None:
    text = "\n".join(SCRIPTS) * 1000  # about 1.3 MB: two reads of a MiB, slices between
    path = tmp_path / "long.md"
    path.write_text(text, encoding="utf-8")
    [counted] = count_files([str(path)], "cl100k_base", build.TOKEN_RANKS)
    assert counted.tokens == expected("cl100k_base", text)


def test_the_progress_line_follows_a_long_count_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for index in range(3):
        (tmp_path / f"{index}.txt").write_text("some words " * 100, encoding="utf-8")
    shown = io.StringIO()
    count_files([str(tmp_path)], "o200k_base", build.TOKEN_RANKS, progress=shown)
    assert shown.getvalue() == ""  # a short run shows nothing
    monkeypatch.setattr(files, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(files, "PROGRESS_EVERY", 0.0)
    count_files([str(tmp_path)], "o200k_base", build.TOKEN_RANKS, progress=shown)
    lines = shown.getvalue().split("\r")
    assert lines[1].startswith("counting: 1 of 3 files, 0.0 of 0.0 MB")
    assert lines[3].startswith("counting: 3 of 3 files")
    assert lines[-2:] == [" " * len(lines[3].rstrip()), ""]  # cleared at the end


def test_the_cores_are_the_ones_this_process_may_use() -> None:
    if hasattr(os, "sched_getaffinity"):
        assert files.cores() == len(os.sched_getaffinity(0))
    assert files.cores() >= 1


@pytest.mark.parametrize(
    ("load", "expected"), [(0.0, 4), (0.6, 3), (1.4, 3), (1.6, 2), (3.9, 1), (12.0, 1)]
)
def test_a_busy_machine_gets_fewer_processes(
    monkeypatch: pytest.MonkeyPatch, load: float, expected: int
) -> None:
    monkeypatch.setattr(files, "cores", lambda: 4)
    monkeypatch.setattr(os, "getloadavg", lambda: (load, 0.0, 0.0))
    assert files.free_cores() == expected
    monkeypatch.delattr(os, "getloadavg")
    assert files.free_cores() == 4
