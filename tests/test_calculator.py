"""The chunk plan and raw vector size against the documents' examples and a brute-force walk."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import CalculatorError, LengthGroup, plan_chunks, vector_size
from reference import walk_windows


def expand(groups: tuple[LengthGroup, ...]) -> list[int]:
    return [group.length for group in groups for _ in range(group.count)]


# tokens, chunk size, overlap → step, chunks, groups, processed, repeated, padded
EXAMPLES = [
    # 000/001: 2500 tokens, window 800, overlap 200.
    (2500, 800, 200, 600, 4, ((3, 800), (1, 700)), 3100, 600, 3200),
    # 000/001: the same without overlap: still 4 chunks, only 2500 tokens.
    (2500, 800, 0, 800, 4, ((3, 800), (1, 100)), 2500, 0, 3200),
    # 002/003: 8000 tokens at 512/64; they report 18 × 512 = 9216, exact is 9088.
    (8000, 512, 64, 448, 18, ((17, 512), (1, 384)), 9088, 1088, 9216),
    # 004: 200 000 tokens at 512 with overlaps 64, 128 and 256.
    (200_000, 512, 64, 448, 447, ((446, 512), (1, 192)), 228_544, 28_544, 228_864),
    (200_000, 512, 128, 384, 521, ((520, 512), (1, 320)), 266_560, 66_560, 266_752),
    (200_000, 512, 256, 256, 781, ((780, 512), (1, 320)), 399_680, 199_680, 399_872),
    # Edge cases: empty, shorter than a window, no longer than the overlap, exact fit.
    (0, 512, 64, 448, 0, (), 0, 0, 0),
    (300, 512, 64, 448, 1, ((1, 300),), 300, 0, 512),
    (512, 512, 64, 448, 1, ((1, 512),), 512, 0, 512),
    (50, 512, 64, 448, 1, ((1, 50),), 50, 0, 512),
    (960, 512, 64, 448, 2, ((2, 512),), 1024, 64, 1024),
    (1, 1, 0, 1, 1, ((1, 1),), 1, 0, 1),
]


@pytest.mark.parametrize(
    (
        "tokens",
        "chunk_size",
        "overlap",
        "step",
        "chunks",
        "groups",
        "processed",
        "repeated",
        "padded",
    ),
    EXAMPLES,
)
def test_documents_examples(
    tokens: int,
    chunk_size: int,
    overlap: int,
    step: int,
    chunks: int,
    groups: tuple[tuple[int, int], ...],
    processed: int,
    repeated: int,
    padded: int,
) -> None:
    plan = plan_chunks(tokens, chunk_size, overlap)
    assert plan.step == step
    assert plan.chunks == chunks
    assert plan.length_groups == tuple(LengthGroup(count, length) for count, length in groups)
    assert plan.tokens_processed == processed
    assert plan.repeated_tokens == repeated
    assert plan.padded_tokens == padded
    assert plan.padding_tokens == padded - processed


def test_overlap_64_on_200000_tokens_adds_14_percent() -> None:
    share = plan_chunks(200_000, 512, 64).repeated_share
    assert share == Fraction(28_544, 200_000)
    assert round(share * 100) == 14


def test_raw_size_of_the_2500_token_example_is_6_kib() -> None:
    vectors = vector_size(plan_chunks(2500, 800, 200).chunks, 384, "float32")
    assert vectors.raw_bytes == 6144 == 6 * 1024


@pytest.mark.parametrize(
    ("representation", "bytes_per_vector"),
    [
        ("float32", 1536),
        ("float16", 768),
        ("bfloat16", 768),
        ("int8", 384),
        ("binary", 48),
        (3, 1152),
    ],
)
def test_representations_of_384_dimensions(
    representation: str | int, bytes_per_vector: int
) -> None:
    vectors = vector_size(18, 384, representation)
    assert vectors.bytes_per_vector == bytes_per_vector
    assert vectors.raw_bytes == 18 * bytes_per_vector


def test_binary_vectors_round_up_to_whole_bytes() -> None:
    assert vector_size(10, 385, "binary").bytes_per_vector == 49


@given(
    tokens=st.integers(0, 6000),
    chunk_size=st.integers(1, 700),
    data=st.data(),
)
def test_plan_matches_a_window_walk(tokens: int, chunk_size: int, data: st.DataObject) -> None:
    overlap = data.draw(st.integers(0, chunk_size - 1))
    lengths = walk_windows(tokens, chunk_size, overlap)
    plan = plan_chunks(tokens, chunk_size, overlap)
    assert plan.chunks == len(lengths)
    assert expand(plan.length_groups) == lengths
    assert plan.tokens_processed == sum(lengths)
    assert plan.repeated_tokens == sum(lengths) - tokens
    assert plan.last_chunk_tokens == (lengths[-1] if lengths else 0)


@given(
    tokens=st.integers(1, 10**30),
    chunk_size=st.integers(1, 10**20),
    data=st.data(),
)
def test_huge_plans_are_exact(tokens: int, chunk_size: int, data: st.DataObject) -> None:
    """The defining property of the last window, checked with exact integers."""
    overlap = data.draw(st.integers(0, chunk_size - 1))
    plan = plan_chunks(tokens, chunk_size, overlap)
    last_start = (plan.chunks - 1) * plan.step
    assert last_start + plan.last_chunk_tokens == tokens
    assert 0 < plan.last_chunk_tokens <= chunk_size
    if plan.chunks > 1:  # the window before the last one had not reached the end yet
        assert last_start - plan.step + chunk_size < tokens
    assert plan.tokens_processed == tokens + overlap * (plan.chunks - 1)


def test_10_to_the_18_tokens_is_exact() -> None:
    plan = plan_chunks(10**18, 512, 64)
    assert plan.chunks == 2_232_142_857_142_857
    assert plan.last_chunk_tokens == 10**18 - (plan.chunks - 1) * 448
    assert plan.tokens_processed == 10**18 + 64 * 2_232_142_857_142_856
    assert plan.padded_tokens == 512 * 2_232_142_857_142_857


# call → field, key, params
INVALID_CALLS = [
    (lambda: plan_chunks(-1, 512, 64), "tokens", "too_small", {"minimum": "0"}),
    (lambda: plan_chunks(100, 0, 0), "chunk_size", "too_small", {"minimum": "1"}),
    (lambda: plan_chunks(100, 512, -1), "overlap", "too_small", {"minimum": "0"}),
    (
        lambda: plan_chunks(100, 512, 512),
        "overlap",
        "overlap_not_below_chunk_size",
        {"overlap": "512", "chunk_size": "512"},
    ),
    (
        lambda: plan_chunks(100, 512, 600),
        "overlap",
        "overlap_not_below_chunk_size",
        {"overlap": "600", "chunk_size": "512"},
    ),
    (
        lambda: plan_chunks(8000.0, 512, 64),  # type: ignore[arg-type]
        "tokens",
        "not_an_integer",
        {"type": "float"},
    ),
    (lambda: plan_chunks(8000, True, 0), "chunk_size", "not_an_integer", {"type": "bool"}),
    (
        lambda: plan_chunks(8000, 512, "64"),  # type: ignore[arg-type]
        "overlap",
        "not_an_integer",
        {"type": "str"},
    ),
    (lambda: vector_size(4, 0), "dimensions", "too_small", {"minimum": "1"}),
    (lambda: vector_size(4, 384, 0), "bytes_per_dimension", "too_small", {"minimum": "1"}),
    (lambda: vector_size(4, 384, "float64"), "dtype", "unknown_choice", {"value": "float64"}),
    (
        lambda: vector_size(4, 384.5),  # type: ignore[arg-type]
        "dimensions",
        "not_an_integer",
        {"type": "float"},
    ),
]


@pytest.mark.parametrize(("call", "field", "key", "params"), INVALID_CALLS)
def test_invalid_arguments_raise_one_error_type(
    call: object, field: str, key: str, params: dict[str, str]
) -> None:
    assert callable(call)
    with pytest.raises(CalculatorError) as raised:
        call()
    assert (raised.value.field, raised.value.key, raised.value.params) == (field, key, params)
    assert isinstance(raised.value, ValueError)
