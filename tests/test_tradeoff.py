"""The trade-off's grid: every point is the corpus planned document by document at its window,
against the brute force (windows walked) and ``plan_corpus``, its storage and cost the
formulas', the current choice marked once."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator import plan_chunks, storage_size, vector_size
from calculator._cost import embedding_cost
from calculator._documents import CorpusPlan, plan_corpus, plan_documents, plan_equal_documents
from calculator._tradeoff import (
    CHUNK_SIZES,
    OVERLAP_SHARES,
    _corpora,
    _SortedCorpus,
    grid,
    tradeoff,
)
from reference import walk_windows


@pytest.mark.parametrize(
    ("chunk_size", "overlap", "sizes", "shares"),
    [
        (512, 64, CHUNK_SIZES, (0, "1/10", "1/8", "1/5", "1/4", "1/2")),
        # The current window on the grid already: nothing is added.
        (512, 128, CHUNK_SIZES, (0, "1/10", "1/5", "1/4", "1/2")),
        (1024, 0, CHUNK_SIZES, (0, "1/10", "1/5", "1/4", "1/2")),
        # Off the grid on both sides: its size and its share join, in order.
        (100, 33, (100, *CHUNK_SIZES), (0, "1/10", "1/5", "1/4", "33/100", "1/2")),
        (8000, 7999, (*CHUNK_SIZES, 8000), (0, "1/10", "1/5", "1/4", "1/2", "7999/8000")),
        (1, 0, (1, *CHUNK_SIZES), (0, "1/10", "1/5", "1/4", "1/2")),
    ],
)
def test_grid_adds_the_current_size_and_share(
    chunk_size: int, overlap: int, sizes: tuple[int, ...], shares: tuple[object, ...]
) -> None:
    assert grid(chunk_size, overlap) == (sizes, tuple(Fraction(str(s)) for s in shares))


def test_the_issues_corpus_at_two_windows() -> None:
    # 50,000 documents of 1,200 tokens: 150,000 chunks at 512/64 (one stream: 133,929), and
    # 100,000 at 1024/128 (one stream: 66,965).
    result = tradeoff(plan_equal_documents(50_000, 1200, 512, 64), vectors=vector_size(1, 384))
    by_window = {(point.chunk_size, point.overlap): point for point in result.points}
    assert by_window[512, 64].chunks == 150_000
    assert by_window[512, 64].current
    assert by_window[1024, 102].chunks == 100_000  # 10 % of 1024
    assert by_window[1024, 128].chunks == 100_000  # the current share (1/8) at 1024
    assert by_window[1024, 128].tokens_processed == 50_000 * (1200 + 128)
    assert sum(point.current for point in result.points) == 1
    assert len(result.points) == len(CHUNK_SIZES) * (len(OVERLAP_SHARES) + 1)
    assert by_window[512, 64].vectors is not None
    assert by_window[512, 64].vectors.raw_bytes == 150_000 * 384 * 4


def test_each_point_is_the_share_of_its_size_rounded_down() -> None:
    result = tradeoff(plan_corpus([(3000, 2)], 300, 37))
    for point in result.points:
        share = result.shares[point.series]
        assert point.overlap == int(point.chunk_size * share)  # exact for these small values
        assert point.overlap < point.chunk_size
    assert [p.overlap for p in result.series(result.current_series)][:2] == [15, 31]


def test_an_empty_corpus_and_documents_without_tokens() -> None:
    result = tradeoff(plan_corpus([(0, 3)], 512, 64), vectors=vector_size(1, 8))
    assert {(p.chunks, p.tokens_processed) for p in result.points} == {(0, 0)}
    mixed = tradeoff(plan_corpus([(0, 2), (100, 1), (5000, 1)], 512, 64))
    for point in mixed.points:
        expected = plan_corpus([(0, 2), (100, 1), (5000, 1)], point.chunk_size, point.overlap)
        assert point.chunks == expected.chunks
        assert point.tokens_processed == expected.tokens_processed


def brute_force(lengths: list[int], chunk_size: int, overlap: int) -> tuple[int, int]:
    """Chunks and tokens processed, every document's windows walked one by one."""
    windows = [walk_windows(length, chunk_size, overlap) for length in lengths]
    return sum(map(len, windows)), sum(sum(w) for w in windows)


documents = st.lists(st.integers(0, 5000), min_size=1, max_size=30)
windows = st.integers(1, 3000).flatmap(lambda c: st.tuples(st.just(c), st.integers(0, c - 1)))


@settings(max_examples=60, deadline=None)
@given(documents, windows)
def test_every_point_is_the_brute_force(lengths: list[int], window: tuple[int, int]) -> None:
    result = tradeoff(plan_documents(lengths, *window))
    for point in result.points:
        assert (point.chunks, point.tokens_processed) == brute_force(
            lengths, point.chunk_size, point.overlap
        )
        assert point.repeated_tokens == point.tokens_processed - sum(lengths)
        assert point.padded_tokens == point.chunks * point.chunk_size


# Many lengths close together (counted step by step) or few far apart (length by length),
# both branches of the count, with repeated lengths and empty documents.
corpora = st.one_of(
    st.lists(st.tuples(st.integers(0, 3000), st.integers(1, 50)), min_size=1, max_size=400),
    st.lists(st.tuples(st.integers(0, 10**9), st.integers(1, 10**6)), min_size=1, max_size=20),
)


@settings(max_examples=80, deadline=None)
@given(corpora, windows, st.integers(1, 4096), st.sampled_from(["float32", "int8", "binary", 3]))
def test_every_point_is_plan_corpus_with_its_storage_and_cost(
    pairs: list[tuple[int, int]], window: tuple[int, int], dimensions: int, dtype: str | int
) -> None:
    plan = plan_corpus(pairs, *window)
    vectors = vector_size(plan.chunks, dimensions, dtype)
    storage = storage_size(
        vectors, plan.tokens_processed, hnsw_m=12, metadata_bytes=200,
        text_bytes_per_token=Fraction("4.29"), replicas=3, quantized="int8",
    )  # fmt: skip
    price = Fraction("0.02")
    result = tradeoff(plan, vectors=vectors, storage=storage, price_per_million=price)
    for point in result.points:
        expected = plan_corpus(pairs, point.chunk_size, point.overlap)
        assert (point.chunks, point.tokens_processed) == (
            expected.chunks,
            expected.tokens_processed,
        )
        expected_vectors = vector_size(expected.chunks, dimensions, dtype)
        assert point.vectors == expected_vectors
        assert point.storage == storage_size(
            expected_vectors, expected.tokens_processed, hnsw_m=12, metadata_bytes=200,
            text_bytes_per_token=Fraction("4.29"), replicas=3, quantized="int8",
        )  # fmt: skip
        assert point.cost == embedding_cost(expected.tokens_processed, price)
    current = result.current
    assert (current.chunk_size, current.overlap) == window
    assert (current.chunks, current.storage) == (plan.chunks, storage)


def test_counts_repeat_only_for_the_same_corpus() -> None:
    _corpora.clear()
    first = tradeoff(plan_corpus([(1000, 1), (3000, 2)], 512, 64))
    # An equal corpus given anew reuses the sorted one; another one is counted afresh.
    again = tradeoff(plan_corpus([(3000, 2), (1000, 1)], 512, 64))
    other = tradeoff(plan_corpus([(1000, 1), (3000, 3)], 512, 64))
    assert first == again
    assert [p.chunks for p in other.points] != [p.chunks for p in first.points]
    assert len(_corpora) == 2
    third = tradeoff(plan_corpus([(7, 1)], 512, 64))
    assert len(_corpora) == 2 and third.current.chunks == 1


def test_a_large_list_is_counted_length_by_length_and_step_by_step() -> None:
    # 100,000 distinct lengths, one document each: the two ways of counting agree.
    lengths = Counter(range(1, 100_001))
    plan: CorpusPlan = plan_corpus(lengths.items(), 512, 64)
    corpus = _SortedCorpus(plan.lengths)
    for chunk_size, overlap in ((128, 64), (2048, 0), (512, 51)):
        step = chunk_size - overlap
        by_length = sum(plan_chunks(n, chunk_size, overlap).chunks for n in lengths)
        steps = sum(corpus.at_least[n] for n in range(chunk_size, 100_000, step))
        assert corpus.chunks(chunk_size, overlap) == by_length == 100_000 + steps
