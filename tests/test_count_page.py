"""The page's counting (calculator/_tokens/_page.py, run by the worker) counts every file as the
command line's ``--count`` does, and its slices add up to the whole text's count."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import build
import calculator
from calculator._tokens import ENCODINGS, RANKS_SUFFIX, load_ranks
from calculator._tokens import _page as page
from calculator._tokens._files import count_files
from test_tokens import oracle

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
    assert page.cut("one\ntwo", 0, 5) == 3  # the first piece: no certain end before
    assert page.cut("1 2 3 4", 0, 5) == 1  # after a digit, before a space
    assert page.cut("{1}\n{2}\n{3}", 0, 5) == 2
    assert page.cut("a}\n/b\ncd", 0, 4) == 1  # o200k_base's "}\n/" is one piece
    assert page.cut("ab  \n  \n  x", 0, 9) == 2  # never after white space
    assert page.cut("short", 0, 100) == 5
    # No end within the size: the slice is the first piece, however long.
    assert page.cut("a" * 100 + " b", 0, 8) == 100
    assert page.cut("中文" * 50 + "。好", 0, 8) == 100


def slice_ids(encoding: str, text: str, size: int) -> tuple[list[int], int]:
    """The token ids the page's slices give for ``text``, and the most characters a slice
    took."""
    ids: list[int] = []
    done = longest = 0
    for at, slice_ids, drop in page._slices(page._encodings[encoding], text, size):
        del ids[len(ids) - drop :]
        ids += slice_ids
        longest = max(longest, at - done)
        done = at
    return ids, longest


@cache
def longest_token(encoding: str) -> int:
    return max(map(len, page._encodings[encoding].ranks))


LONG_RUNS = {
    "a": "a" * 20_001,
    "ab": "ab" * 7_000,
    "upper": "AB" * 3_000 + "c",
    "digits": "1234567" * 2_000,
    "cjk": "".join(chr(0x4E00 + (i * 7919) % 20_000) for i in range(9_000)),
    "japanese": "これは日本語の文章です" * 700,
    "emoji": "🙂👍🏽" * 2_000,
    "marks": "e\u0301" * 5_000,
    "spaces": " " * 9_999 + "x",
    "newlines": "  \n" * 4_000 + "x",
    "punctuation": "!?" * 5_000 + "\n\n/",
    "word": "Supercalifragilistic" * 1_000,
}


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("run", list(LONG_RUNS))
@pytest.mark.parametrize("size", [64, 1000, page.SLICE_CHARACTERS])
def test_a_long_run_without_a_break_is_counted_exactly_in_bounded_slices(
    encoding: str, run: str, size: int
) -> None:
    text = LONG_RUNS[run]
    ids, longest = slice_ids(encoding, text, size)
    assert ids == oracle(encoding).encode_ordinary(text)
    # A window within a piece grows (doubles) only where one token covers it (spaces).
    assert longest <= max(size, 4 * longest_token(encoding))
    counting = page.start_text(encoding, text)
    while not counting.step(size):
        pass
    assert counting.tokens == len(ids)


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=300, deadline=None)
@given(
    text=st.lists(
        st.sampled_from(
            [*"\n\r /}{]:,.-_\"'1234567890asZżA中文の🙂\t\u0301!lLdD", "'ll", "  \n", "aaaa"]
        ),
        max_size=100,
    ).map("".join),
    size=st.integers(1, 16),
)
def test_slices_give_tiktokens_ids_wherever_they_end(encoding: str, text: str, size: int) -> None:
    # Slices end inside pre-tokenizer pieces' runs (of letters, digits, white space,
    # punctuation) and inside long pieces, whose windows are `size` characters here.
    ids, _ = slice_ids(encoding, text, size)
    assert ids == oracle(encoding).encode_ordinary(text)


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=100, deadline=None)
@given(
    unit=st.text(st.sampled_from([*"aAb中文の🙂 \n1!'é\u0301"]), min_size=1, max_size=4),
    repeats=st.integers(50, 600),
    tail=st.text(st.sampled_from([*"a中 \n.1"]), max_size=3),
    size=st.integers(8, 200),
)
def test_repeated_units_are_counted_exactly_in_windows(
    encoding: str, unit: str, repeats: int, tail: str, size: int
) -> None:
    text = unit * repeats + tail
    ids, longest = slice_ids(encoding, text, size)
    assert ids == oracle(encoding).encode_ordinary(text)
    # A window without a token boundary doubles; one of 4 longest tokens always holds one in
    # its first three quarters, so a slice never reaches twice that.
    assert longest <= max(size, 8 * longest_token(encoding))


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


@cache
def token_bytes(encoding: str) -> dict[int, bytes]:
    ranks = load_ranks(build.TOKEN_RANKS / (encoding + RANKS_SUFFIX), encoding)
    return {rank: token for token, rank in ranks.items()}


def chunk_view(
    encoding: str,
    text: str,
    chunk_size: int,
    overlap: int,
    shown: int,
    shown_tokens: int = page.SHOWN_TOKENS,
) -> dict[str, Any]:
    counted = page.start_text(encoding, text)
    assert counted.step(len(text) + 1)
    view: dict[str, Any] = json.loads(
        counted.chunks(counted.tokens, chunk_size, overlap, shown, shown_tokens)
    )
    return view


def check_chunk_view(
    encoding: str,
    text: str,
    chunk_size: int,
    overlap: int,
    shown: int,
    shown_tokens: int = page.SHOWN_TOKENS,
) -> None:
    ids = page._encodings[encoding].encode(text)
    view = chunk_view(encoding, text, chunk_size, overlap, shown, shown_tokens)
    plan = calculator.plan_chunks(len(ids), chunk_size, overlap)
    assert view["tokens"] == len(ids)
    assert view["chunks"] == plan.chunks
    within = [i for i in range(plan.chunks) if i == 0 or plan.window(i)[1] <= shown_tokens]
    assert view["shown"] == min(shown, len(within))
    windows = view["windows"]
    assert len(windows) == view["shown"]
    # The windows' tokens: the model's, from the first token on, step C - O, the last shorter.
    step = chunk_size - overlap
    for index, (start, end, _, _) in enumerate(windows):
        assert start == index * step
        assert end == min(start + chunk_size, len(ids))
    if view["shown"] == plan.chunks and windows:
        assert windows[-1][1] == len(ids)
    # Each window's characters are its tokens' text, a character cut by its edge starting
    # where that character starts.
    pieces = [token_bytes(encoding)[i] for i in ids]
    assert b"".join(pieces) == text.encode()

    def character(token: int) -> int:
        return len(b"".join(pieces[:token]).decode("utf-8", "ignore"))

    for start, end, first, last in windows:
        assert (first, last) == (character(start), character(end))
    # The segments are the drawn text in order, each held by the chunks whose range covers it.
    drawn_end = windows[-1][3] if windows else 0
    assert "".join(segment[1] for segment in view["segments"]) == text[:drawn_end]
    if view["shown"] == plan.chunks:
        assert drawn_end == len(text)
    for start, piece, first, last in view["segments"]:
        assert text[start : start + len(piece)] == piece
        holding = [i for i, w in enumerate(windows) if w[2] <= start and start + len(piece) <= w[3]]
        assert (first, last) == (holding[0], holding[-1])


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize(("chunk_size", "overlap"), [(8, 0), (8, 3), (5, 4), (1, 0), (64, 16)])
def test_the_chunk_view_splits_the_text_at_real_token_positions(
    encoding: str, chunk_size: int, overlap: int
) -> None:
    check_chunk_view(encoding, TEXT, chunk_size, overlap, 10_000)
    check_chunk_view(encoding, TEXT * 20, chunk_size, overlap, page.SHOWN_CHUNKS)


def test_the_chunk_view_of_an_empty_text_has_no_chunks() -> None:
    view = chunk_view("o200k_base", "", 512, 64, 30)
    assert (view["chunks"], view["shown"], view["windows"], view["segments"]) == (0, 0, [], [])


def test_a_long_document_draws_only_its_first_chunks() -> None:
    text = TEXT * 2000
    view = chunk_view("cl100k_base", text, 100, 20, page.SHOWN_CHUNKS)
    tokens = page._encodings["cl100k_base"].count(text)
    assert view["chunks"] == calculator.plan_chunks(tokens, 100, 20).chunks > page.SHOWN_CHUNKS
    assert view["shown"] == page.SHOWN_CHUNKS
    assert view["windows"][-1][:2] == [29 * 80, 29 * 80 + 100]


def test_a_document_of_long_chunks_draws_only_its_first_tokens() -> None:
    text = TEXT * 200
    tokens = page._encodings["o200k_base"].count(text)
    view = chunk_view("o200k_base", text, 2000, 500, page.SHOWN_CHUNKS, 5000)
    assert view["chunks"] == calculator.plan_chunks(tokens, 2000, 500).chunks > 3
    assert [window[:2] for window in view["windows"]] == [[0, 2000], [1500, 3500], [3000, 5000]]
    view = chunk_view("o200k_base", text, 8000, 0, page.SHOWN_CHUNKS, 5000)
    assert [window[:2] for window in view["windows"]] == [[0, 8000]]  # the first one always


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=200, deadline=None)
@given(
    text=st.text(st.sampled_from([*"\n /}{:,.-'1234567890asZż中🙂\t\u0301é"]), max_size=60),
    chunk_size=st.integers(1, 12),
    overlap_share=st.floats(0, 1, exclude_max=True),
    shown=st.integers(1, 40),
    shown_tokens=st.integers(1, 80),
)
def test_chunk_windows_tile_the_token_stream_as_the_model_says(
    encoding: str, text: str, chunk_size: int, overlap_share: float, shown: int, shown_tokens: int
) -> None:
    overlap = int(overlap_share * chunk_size)
    check_chunk_view(encoding, text, chunk_size, overlap, shown, shown_tokens)
