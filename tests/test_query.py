"""Shareable links: reading any query safely, and writing the form back exactly."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.protocol import (
    DEFAULT_FIELDS,
    NumberFormat,
    evaluate_form,
    fields_from_query,
    query_from_fields,
    respond,
)

GERMAN = NumberFormat(group=".", decimal=",")
ENGLISH = NumberFormat(group=",", decimal=".")


def test_defaults_make_an_empty_query() -> None:
    assert query_from_fields(DEFAULT_FIELDS) == ""
    assert fields_from_query("") == dict(DEFAULT_FIELDS)


def test_only_changed_fields_travel_in_machine_form() -> None:
    fields = {**DEFAULT_FIELDS, "tokens": "2.500", "chunk_size": "800", "overlap": "200"}
    assert query_from_fields(fields, GERMAN) == "tokens=2500&chunk_size=800&overlap=200"


def test_a_link_fills_the_form_and_defaults_fill_the_rest() -> None:
    fields = fields_from_query("?tokens=2500&chunk_size=800&overlap=200", GERMAN)
    assert fields == {**DEFAULT_FIELDS, "tokens": "2500", "chunk_size": "800", "overlap": "200"}


def test_unused_fields_stay_out_of_the_link() -> None:
    fields = {**DEFAULT_FIELDS, "bytes_per_dimension": "3", "document_tokens": "1\n2"}
    assert query_from_fields(fields) == ""
    fields |= {"dtype": "custom", "corpus": "list"}
    # The list implies the corpus, so "corpus" is left out; one document's tokens stay out.
    assert parse_qs(query_from_fields(fields | {"tokens": "9"})) == {
        "dtype": ["custom"],
        "bytes_per_dimension": ["3"],
        "document_tokens": ["1\n2"],
    }
    # Each follows its declaration's shown_when: a count of documents belongs to their mode.
    assert "documents" not in parse_qs(query_from_fields(fields | {"documents": "7"}))
    assert query_from_fields({**DEFAULT_FIELDS, "documents": "7"}) == ""
    documents = {**DEFAULT_FIELDS, "corpus": "documents", "documents": "7"}
    assert query_from_fields(documents) == "documents=7"
    # Documents at their defaults leave nothing that implies them: the corpus says it.
    assert query_from_fields({**DEFAULT_FIELDS, "corpus": "documents"}) == "corpus=documents"


@pytest.mark.parametrize(
    ("query", "corpus"),
    [
        ("tokens=9000", "one"),
        ("documents=50000&average_tokens=1200", "documents"),
        ("tokens=60000000&documents=50000&average_tokens=1200", "documents"),
        ("documents_mode=list&document_tokens=1%0A2", "list"),
        ("document_tokens=1%0A2", "list"),
        ("documents_mode=average", "documents"),
        ("corpus=one&documents=5", "one"),
        ("corpus=documents", "documents"),
    ],
)
def test_a_link_names_or_implies_its_corpus(query: str, corpus: str) -> None:
    assert fields_from_query(query)["corpus"] == corpus


def test_prices_travel_with_a_point_and_show_with_the_locales_comma() -> None:
    query = query_from_fields({**DEFAULT_FIELDS, "price_per_million": "0,13"}, GERMAN)
    assert query == "price_per_million=0.13"
    assert fields_from_query(query, GERMAN)["price_per_million"] == "0,13"


def test_comparison_rows_travel_as_one_parameter() -> None:
    fields = {**DEFAULT_FIELDS, "compare.0.chunk_size": "1.024", "compare.0.overlap": "0"}
    query = query_from_fields(fields, GERMAN)
    assert parse_qs(query) == {"compare": ["1024:0"]}
    outcome = evaluate_form(fields_from_query(query, GERMAN), GERMAN)
    assert [dict(row) for row in outcome.compare_rows] == [{"chunk_size": "1024", "overlap": "0"}]
    assert not outcome.compare_is_default


# value → the error key its field shows
HOSTILE_VALUES = [
    ("letters", "not_a_number"),
    ("-5", "too_small"),
    ("1e400", "too_large"),  # a power of ten, bounded before it is computed
    ("1e999999999", "too_large"),
    ("1.5e0", "not_whole"),
    ("9" * 10_000, "too_large"),
    ('<img src=x onerror="alert(1)">', "not_a_number"),
    ("</script><script>alert(1)</script>", "not_a_number"),
    ("８０００", "not_a_number"),  # noqa: RUF001 - full-width digits on purpose
    ("12.5", "not_whole"),
    ("", "empty"),
]


@pytest.mark.parametrize(("value", "key"), HOSTILE_VALUES)
def test_a_bad_value_is_kept_as_typed_with_its_error(value: str, key: str) -> None:
    answer = json.loads(
        respond(json.dumps({"query": "tokens=" + _quoted(value), "number_format": {}}))
    )
    assert answer["fields"]["tokens"] == value
    assert answer["errors"]["tokens"]["key"] == key
    assert answer["result"] is None
    assert parse_qs(answer["query"], keep_blank_values=True)["tokens"] == [value]


def _quoted(value: str) -> str:
    return quote(value, safe="")


def test_overlap_not_below_chunk_size_in_a_link() -> None:
    answer = json.loads(respond(json.dumps({"query": "chunk_size=64&overlap=64"})))
    assert answer["errors"]["overlap"]["key"] == "overlap_not_below_chunk_size"


def test_repeated_keys_take_the_first_and_unknown_keys_are_ignored() -> None:
    fields = fields_from_query("tokens=2500&tokens=9&evil=%3Cb%3E&lang=pt&embed=1")
    assert fields == {**DEFAULT_FIELDS, "tokens": "2500"}


def test_an_unknown_dtype_is_shown_back_as_text() -> None:
    answer = json.loads(respond(json.dumps({"query": "dtype=%3Cscript%3E"})))
    assert answer["fields"]["dtype"] == "<script>"
    assert answer["errors"]["dtype"] == {
        "key": "unknown_choice",
        "params": {"value": "<script>"},
        "integer_params": [],
    }


@given(st.text())
def test_any_query_reads_without_crashing(query: str) -> None:
    answer = json.loads(respond(json.dumps({"query": query})))
    assert set(answer["fields"]) >= set(DEFAULT_FIELDS)
    for error in answer["errors"].values():
        assert isinstance(error["key"], str)


@given(
    tokens=st.integers(0, 10**20),
    chunk_size=st.integers(1, 10**6),
    data=st.data(),
    dimensions=st.one_of(st.just(""), st.integers(1, 4096).map(str)),
    dtype=st.sampled_from(["float32", "float16", "bfloat16", "int8", "binary"]),
    number_format=st.sampled_from([GERMAN, ENGLISH, NumberFormat("\u00a0", ",")]),
)
def test_round_trip_keeps_every_figure(
    tokens: int,
    chunk_size: int,
    data: st.DataObject,
    dimensions: str,
    dtype: str,
    number_format: NumberFormat,
) -> None:
    overlap = data.draw(st.integers(0, chunk_size - 1))
    grouped = f"{tokens:,}".replace(",", number_format.group)
    fields = {
        **DEFAULT_FIELDS,
        "tokens": grouped,
        "chunk_size": str(chunk_size),
        "overlap": str(overlap),
        "dimensions": dimensions,
        "dtype": dtype,
    }
    reopened = fields_from_query(query_from_fields(fields, number_format), number_format)
    before, after = evaluate_form(fields, number_format), evaluate_form(reopened, number_format)
    assert after.errors == {}
    assert (after.plan, after.vectors) == (before.plan, before.vectors)
