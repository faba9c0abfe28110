"""Comparison, documents vs one stream, prompt budget and embedding cost."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import (
    CalculatorError,
    Configuration,
    compare_configurations,
    embedding_cost,
    plan_chunks,
    plan_documents,
    plan_equal_documents,
    prompt_budget,
)
from calculator._compare import default_configurations, join_compare_spec, split_compare_spec
from calculator._documents import MAX_DOCUMENTS, parse_document_tokens
from calculator.protocol import evaluate_form
from reference import walk_windows


def test_200000_tokens_at_three_overlaps_side_by_side() -> None:
    comparison = compare_configurations(
        200_000, [Configuration(512, overlap, 384) for overlap in (64, 128, 256)]
    )
    assert [row.plan.chunks for row in comparison.rows] == [447, 521, 781]
    assert [row.plan.tokens_processed for row in comparison.rows] == [228_544, 266_560, 399_680]
    for figure in ("chunks", "tokens_processed", "padded_tokens", "raw_vector_bytes"):
        assert (comparison.best[figure], comparison.worst[figure]) == ((0,), (2,))


def test_equal_figures_are_neither_best_nor_worst() -> None:
    comparison = compare_configurations(100, [Configuration(512, 0), Configuration(512, 64)])
    assert comparison.best["chunks"] == comparison.worst["chunks"] == ()
    assert comparison.best["raw_vector_bytes"] == ()


def test_too_many_rows_are_refused() -> None:
    with pytest.raises(CalculatorError) as raised:
        compare_configurations(100, [Configuration(512, 0)] * 13)
    assert raised.value.key == "too_many_rows"


@pytest.mark.parametrize(
    ("chunk_size", "overlap", "rows"),
    [
        (512, 64, [(512, 64), (512, 0), (512, 128)]),
        (512, 0, [(512, 0), (512, 51)]),
        (512, 300, [(512, 300), (512, 0)]),
        (1, 0, [(1, 0)]),
    ],
)
def test_default_rows_make_the_documents_point(
    chunk_size: int, overlap: int, rows: list[tuple[int, int]]
) -> None:
    configurations = default_configurations(Configuration(chunk_size, overlap))
    assert [(row.chunk_size, row.overlap) for row in configurations] == rows


def test_compare_spec_round_trip() -> None:
    rows = [Configuration(512, 64), Configuration(256, 0, 768), Configuration(128, 8, 96, "binary")]
    spec = join_compare_spec(rows)
    assert spec == "512:64,256:0:768,128:8:96:binary"
    assert split_compare_spec(spec)[2] == {
        "chunk_size": "128",
        "overlap": "8",
        "dimensions": "96",
        "dtype": "binary",
    }


@pytest.mark.parametrize("spec", ["512", "512:64:1:2:3", ":64", "512:"])
def test_misshapen_compare_specs_are_refused(spec: str) -> None:
    with pytest.raises(CalculatorError) as raised:
        split_compare_spec(spec)
    assert (raised.value.field, raised.value.key) == ("compare", "bad_compare_spec")


def test_compare_spec_cells_are_checked_like_fields() -> None:
    outcome = evaluate_form(
        {"tokens": "1", "chunk_size": "8", "overlap": "0", "compare": "<b>:1,64:64,8:1:0:f"}
    )
    keys = {name: error.key for name, error in outcome.errors.items()}
    assert keys == {
        "compare.0.chunk_size": "not_a_number",
        "compare.1.overlap": "overlap_not_below_chunk_size",
        "compare.2.dimensions": "too_small",
        "compare.2.dtype": "unknown_choice",
    }
    assert outcome.plan is not None
    assert outcome.comparison is None


def test_ten_thousand_documents_against_one_stream() -> None:
    per_document = plan_equal_documents(10_000, 2000, 512, 51)
    one_stream = plan_chunks(20_000_000, 512, 51)
    assert per_document.chunks == 50_000
    assert one_stream.chunks == 43_384
    assert per_document.tokens == one_stream.tokens == 20_000_000


@given(st.lists(st.integers(0, 3000), min_size=1, max_size=30), st.integers(1, 600), st.data())
def test_documents_add_up_their_own_window_walks(
    lengths: list[int], chunk_size: int, data: st.DataObject
) -> None:
    overlap = data.draw(st.integers(0, chunk_size - 1))
    walks = [walk_windows(length, chunk_size, overlap) for length in lengths]
    corpus = plan_documents(lengths, chunk_size, overlap)
    assert corpus.documents == len(lengths)
    assert corpus.tokens == sum(lengths)
    assert corpus.chunks == sum(len(walk) for walk in walks)
    assert corpus.tokens_processed == sum(sum(walk) for walk in walks)
    assert corpus.padded_tokens == corpus.chunks * chunk_size


def test_document_list_parsing() -> None:
    assert parse_document_tokens("1200\n800\n\n5000\n") == [1200, 800, 5000]
    assert parse_document_tokens("1200,800;5000\t7") == [1200, 800, 5000, 7]
    assert len(parse_document_tokens("\n".join(["5"] * MAX_DOCUMENTS))) == MAX_DOCUMENTS


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("", "list_empty", {}),
        (" \n ,", "list_empty", {}),
        ("1\n2\nx", "list_item_invalid", {"line": "3", "value": "x"}),
        ("1, -2", "list_item_invalid", {"line": "2", "value": "-2"}),
        ("9" * 100, "list_item_invalid", {"line": "1", "value": "9" * 39 + "…"}),
        (",".join(["1"] * (MAX_DOCUMENTS + 1)), "list_too_long", {"maximum": str(MAX_DOCUMENTS)}),
    ],
)
def test_document_list_errors(text: str, key: str, params: dict[str, str]) -> None:
    with pytest.raises(CalculatorError) as raised:
        parse_document_tokens(text)
    assert (raised.value.field, raised.value.key, raised.value.params) == (
        "document_tokens",
        key,
        params,
    )


def test_eight_chunks_of_512_are_4096_tokens_of_source_text() -> None:
    budget = prompt_budget(8, 512, context_window=8192, reserved_tokens=1500, answer_tokens=1000)
    assert budget.source_tokens == 4096
    assert budget.total_tokens == 6596
    assert budget.fits
    assert budget.spare_tokens == 1596
    assert budget.chunks_that_fit == 11  # (8192 - 1500 - 1000) // 512


def test_budget_over_the_window() -> None:
    budget = prompt_budget(8, 512, context_window=4096, reserved_tokens=500, answer_tokens=0)
    assert not budget.fits
    assert budget.spare_tokens == -500
    assert budget.chunks_that_fit == 7


def test_budget_with_no_room_fits_no_chunk() -> None:
    assert prompt_budget(1, 512, context_window=100, reserved_tokens=200).chunks_that_fit == 0


@given(
    st.integers(1, 64), st.integers(1, 4096), st.integers(1, 200_000), st.integers(0, 5000),
    st.integers(0, 5000),
)  # fmt: skip
def test_chunks_that_fit_is_the_largest_top_k_that_fits(
    top_k: int, chunk_size: int, window: int, reserved: int, answer: int
) -> None:
    fitting = prompt_budget(top_k, chunk_size, window, reserved, answer).chunks_that_fit
    if fitting:
        assert prompt_budget(fitting, chunk_size, window, reserved, answer).fits
    assert not prompt_budget(fitting + 1, chunk_size, window, reserved, answer).fits


def test_cost_is_exact() -> None:
    assert embedding_cost(228_544, Fraction("0.02")) == Fraction(228_544 * 2, 100 * 10**6)
    assert embedding_cost(10**18, Fraction("0.13")) == 130_000_000_000


def test_a_negative_price_is_refused() -> None:
    with pytest.raises(CalculatorError) as raised:
        embedding_cost(100, Fraction(-1))
    assert raised.value.key == "too_small"
