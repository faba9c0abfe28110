"""Storage beyond raw vectors and the model's input limit, against their definitions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator import (
    CalculatorError,
    input_limit,
    pgvector_value_bytes,
    plan_chunks,
    storage_size,
    vector_size,
)
from calculator.protocol import evaluate_form
from reference import walk_windows


def test_the_parts_of_200000_tokens_at_512_64() -> None:
    plan = plan_chunks(200_000, 512, 64)  # 447 chunks, 228 544 tokens processed
    size = storage_size(
        vector_size(plan.chunks, 384, "float32"),
        plan.tokens_processed,
        hnsw_m=16,
        metadata_bytes=200,
        text_bytes_per_token=Fraction("4.29"),
        replicas=3,
        quantized="binary",
    )
    assert size.raw_vector_bytes == 447 * 384 * 4
    assert size.hnsw_graph_bytes == 447 * 2 * 16 * 4
    # Upper layers: about 1/(M − 1) layers a vector, M ids each, 4 bytes an id.
    assert size.hnsw_upper_layer_bytes == 1908 == -(-447 * 16 * 4 // 15)
    assert size.text_bytes == 980_454  # 228 544 × 4.29 = 980 453.76, rounded up
    assert size.metadata_bytes == 447 * 200
    assert size.quantized_copy_bytes == 447 * 48
    one = 686_592 + 57_216 + 980_454 + 89_400 + 21_456
    assert size.replica_bytes == one
    assert size.total_bytes == 3 * one


def test_defaults_add_only_the_graph() -> None:
    size = storage_size(vector_size(18, 384), 9088)
    assert (size.text_bytes, size.metadata_bytes, size.quantized_copy_bytes) == (0, 0, 0)
    assert size.total_bytes == 18 * 1536 + 18 * 128


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(
    st.integers(0, 10**18), st.integers(1, 65_536), st.sampled_from(["float32", "int8", "binary"]),
    st.integers(2, 512), st.integers(0, 10**6), st.fractions(0, 50), st.integers(1, 9),
)  # fmt: skip
def test_total_is_replicas_times_the_parts(
    vectors: int, dimensions: int, dtype: str, hnsw_m: int, metadata: int,
    per_token: Fraction, replicas: int,
) -> None:  # fmt: skip
    tokens = vectors * 300
    size = storage_size(
        vector_size(vectors, dimensions, dtype), tokens, hnsw_m=hnsw_m, metadata_bytes=metadata,
        text_bytes_per_token=per_token, replicas=replicas,
    )  # fmt: skip
    # The text is the smallest whole number of bytes holding tokens × bytes per token.
    assert size.text_bytes >= tokens * per_token > size.text_bytes - 1
    parts = size.raw_vector_bytes + size.hnsw_graph_bytes + size.text_bytes + size.metadata_bytes
    assert size.total_bytes == replicas * parts


@pytest.mark.parametrize(
    ("dimensions", "vector", "halfvec", "bit"),
    [(384, 1544, 776, 56), (1536, 6152, 3080, 200), (3072, 12296, 6152, 392), (1, 12, 10, 9),
     (385, 1548, 778, 57)],
)  # fmt: skip
def test_pgvector_values(dimensions: int, vector: int, halfvec: int, bit: int) -> None:
    assert pgvector_value_bytes(dimensions) == {"vector": vector, "halfvec": halfvec, "bit": bit}


# tokens, C, O, limit → chunks over the limit, truncated tokens
LIMIT_EXAMPLES = [
    (200_000, 512, 64, 512, 0, 0),
    (200_000, 512, 64, 511, 446, 446),  # the last chunk has 192 tokens
    (200_000, 1024, 128, 512, 223, 223 * 512),
    (2500, 800, 200, 700, 3, 300),
    (2500, 800, 200, 699, 4, 304),
    (0, 512, 64, 1, 0, 0),
]


@pytest.mark.parametrize(("tokens", "size", "overlap", "limit", "over", "cut"), LIMIT_EXAMPLES)
def test_input_limit_examples(
    tokens: int, size: int, overlap: int, limit: int, over: int, cut: int
) -> None:
    checked = input_limit(plan_chunks(tokens, size, overlap), limit)
    assert (checked.chunks_over_limit, checked.truncated_tokens) == (over, cut)
    assert checked.largest_chunk_size == limit


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(st.integers(0, 5000), st.integers(1, 600), st.integers(1, 700), st.data())
def test_input_limit_matches_the_window_walk(
    tokens: int, size: int, limit: int, data: st.DataObject
) -> None:
    overlap = data.draw(st.integers(0, size - 1))
    lengths = walk_windows(tokens, size, overlap)
    checked = input_limit(plan_chunks(tokens, size, overlap), limit)
    assert checked.chunks_over_limit == sum(length > limit for length in lengths)
    assert checked.truncated_tokens == sum(max(0, length - limit) for length in lengths)
    at_limit = checked.plan_at_limit
    if overlap < limit:
        assert at_limit is not None
        assert max(walk_windows(tokens, limit, overlap), default=0) <= limit
        assert at_limit.chunks == len(walk_windows(tokens, limit, overlap))
    else:
        assert at_limit is None


# fields → field, key
# (Storage fields without dimensions are no error of the form: the page leaves dimensions
# empty on purpose; the command line refuses those flags itself, tests/test_cli_index_life.py.)
FORM_ERRORS = [
    ({"dimensions": "8", "hnsw_m": "1"}, "hnsw_m", "too_small"),
    ({"dimensions": "8", "replicas": "0"}, "replicas", "too_small"),
    ({"dimensions": "8", "text_bytes_per_token": "4,2,9"}, "text_bytes_per_token", "not_a_decimal"),
    ({"dimensions": "8", "quantized_dtype": "int4"}, "quantized_dtype", "unknown_choice"),
    ({"max_input_tokens": "0"}, "max_input_tokens", "too_small"),
    ({"reindex_mode": "edit", "edit_at": "101", "edit_tokens": "1"}, "edit_at", "too_large"),
    ({"reindex_mode": "edit", "edit_at": "40", "edit_tokens": "-61"}, "edit_tokens", "too_small"),
    ({"reindex_mode": "edit", "edit_at": "40"}, "edit_tokens", "empty"),
    ({"reindex_mode": "edit", "edit_at": "4", "edit_tokens": "--1"}, "edit_tokens", "not_a_number"),
    ({"reindex_mode": "settings", "new_chunk_size": "8", "new_overlap": "8"}, "new_overlap",
     "overlap_not_below_chunk_size"),
    ({"reindex_mode": "documents"}, "changed_documents", "empty"),
    ({"reindex_mode": "documents", "changed_documents": "3", "documents": "2",
      "average_tokens": "10"}, "changed_documents", "too_large"),
    ({"reindex_mode": "rebuild"}, "reindex_mode", "unknown_choice"),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "field", "key"), FORM_ERRORS)
def test_form_refuses_each_field_on_its_own(fields: dict[str, str], field: str, key: str) -> None:
    outcome = evaluate_form({"tokens": "100", "chunk_size": "16", "overlap": "4", **fields})
    assert field in outcome.errors
    assert outcome.errors[field].key == key
    assert outcome.plan is not None  # the main figures stay


def test_form_plans_every_panel_in_the_pages_number_format() -> None:
    from calculator.protocol import NumberFormat  # noqa: PLC0415

    outcome = evaluate_form(
        {
            "tokens": "200.000", "chunk_size": "512", "overlap": "64", "dimensions": "384",
            "reindex_mode": "edit", "edit_at": "100.000", "edit_tokens": "−448",
            "text_bytes_per_token": "4,29", "max_input_tokens": "8.192",
        },
        NumberFormat(group=".", decimal=","),
    )  # fmt: skip
    assert not outcome.errors
    assert outcome.reindex is not None and outcome.reindex.plan.reused_chunks == 445
    assert outcome.storage is not None and outcome.storage.text_bytes == 980_454
    assert outcome.model_limit is not None and outcome.model_limit.chunks_over_limit == 0
    assert outcome.migration is not None
    assert outcome.migration.versioned_peak_raw_bytes == (447 + 446) * 1536


def test_invalid_calls() -> None:
    vectors = vector_size(10, 8)
    with pytest.raises(CalculatorError) as raised:
        storage_size(vectors, 100, text_bytes_per_token=0.5)  # type: ignore[arg-type]
    assert (raised.value.field, raised.value.key) == ("text_bytes_per_token", "not_a_decimal")
    with pytest.raises(CalculatorError) as raised:
        storage_size(vectors, 100, quantized="int4")
    assert (raised.value.field, raised.value.key) == ("quantized_dtype", "unknown_choice")
    with pytest.raises(CalculatorError) as raised:
        input_limit(plan_chunks(10, 8, 0), 0)
    assert (raised.value.field, raised.value.key) == ("max_input_tokens", "too_small")
