"""Typed text → numbers, per-field errors, and the JSON the page's worker receives."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import CalculatorError
from calculator.protocol import (
    MAX_TYPED_VALUE,
    NumberFormat,
    evaluate_form,
    parse_whole_number,
    respond,
)

PORTUGUESE = NumberFormat(group=".", decimal=",")
POLISH = NumberFormat(group="\u00a0", decimal=",")
ENGLISH = NumberFormat(group=",", decimal=".")

ACCEPTED = [
    ("8000", PORTUGUESE, 8000),
    ("8.000", PORTUGUESE, 8000),
    ("1.000.000", PORTUGUESE, 1_000_000),
    ("200 000", POLISH, 200_000),
    ("200\u00a0000", POLISH, 200_000),
    ("200\u202f000", POLISH, 200_000),
    ("200.000", POLISH, 200_000),
    ("8,000", ENGLISH, 8000),
    ("  42 ", ENGLISH, 42),
    ("0", ENGLISH, 0),
    ("-0", ENGLISH, 0),
    ("007", ENGLISH, 7),
    ("60,000,000", PORTUGUESE, 60_000_000),
    ("60.000.000", ENGLISH, 60_000_000),
    ("1,000,000", POLISH, 1_000_000),
    ("0" * 5000 + "1", ENGLISH, 1),
    ("0" * 5000 + "1.000", PORTUGUESE, 1000),
    ("-" + "0" * 5000, ENGLISH, 0),
    (str(MAX_TYPED_VALUE), ENGLISH, MAX_TYPED_VALUE),
]


@pytest.mark.parametrize(("text", "number_format", "value"), ACCEPTED)
def test_accepts_the_locales_own_grouping(
    text: str, number_format: NumberFormat, value: int
) -> None:
    assert parse_whole_number("tokens", text, number_format) == value


REFUSED = [
    ("", ENGLISH, "empty", {}),
    ("   ", ENGLISH, "empty", {}),
    ("abc", ENGLISH, "not_a_number", {}),
    ("12a", ENGLISH, "not_a_number", {}),
    # A power of ten is read exactly, its exponent bounded before anything is computed.
    ("1e400", ENGLISH, "too_large", {"maximum": str(MAX_TYPED_VALUE)}),
    ("1e", ENGLISH, "not_a_number", {}),
    ("1.5e0", ENGLISH, "not_whole", {}),
    ("<script>", ENGLISH, "not_a_number", {}),
    ("٨٠٠٠", ENGLISH, "not_a_number", {}),
    ("１２", ENGLISH, "not_a_number", {}),  # noqa: RUF001 - full-width digits on purpose
    ("1.00", PORTUGUESE, "not_whole", {}),
    ("8.5", ENGLISH, "not_whole", {}),
    ("1,5", ENGLISH, "not_whole", {}),
    ("8.5", PORTUGUESE, "not_whole", {}),
    ("1.000 000", PORTUGUESE, "not_a_number", {}),
    ("8,5", PORTUGUESE, "not_whole", {}),
    ("8.000", ENGLISH, "ambiguous_number", {}),
    ("8,000", PORTUGUESE, "ambiguous_number", {}),
    ("8,000", POLISH, "ambiguous_number", {}),
    ("1,000.5", ENGLISH, "not_whole", {}),
    ("-5", ENGLISH, "too_small", {"minimum": "1"}),
    ("\u22125", ENGLISH, "too_small", {"minimum": "1"}),
    ("0", ENGLISH, "too_small", {"minimum": "1"}),
    (str(MAX_TYPED_VALUE + 1), ENGLISH, "too_large", {"maximum": str(MAX_TYPED_VALUE)}),
    ("9" * 10_000, ENGLISH, "too_large", {"maximum": str(MAX_TYPED_VALUE)}),
]


@pytest.mark.parametrize(("text", "number_format", "key", "params"), REFUSED)
def test_refuses_with_a_message_key(
    text: str, number_format: NumberFormat, key: str, params: dict[str, str]
) -> None:
    with pytest.raises(CalculatorError) as raised:
        parse_whole_number("chunk_size", text, number_format, minimum=1)
    assert (raised.value.field, raised.value.key, raised.value.params) == (
        "chunk_size",
        key,
        params,
    )


@given(st.text())
def test_any_text_is_a_number_or_a_clear_error(text: str) -> None:
    try:
        value = parse_whole_number("tokens", text, PORTUGUESE)
    except CalculatorError as error:
        assert error.field == "tokens"
    else:
        assert 0 <= value <= MAX_TYPED_VALUE


@given(st.integers(0, MAX_TYPED_VALUE))
def test_grouped_numbers_read_back(value: int) -> None:
    english = f"{value:,}"
    assert parse_whole_number("tokens", english, ENGLISH) == value
    assert parse_whole_number("tokens", english.replace(",", "."), PORTUGUESE) == value
    assert parse_whole_number("tokens", english.replace(",", "\u00a0"), POLISH) == value


DEFAULTS = {"tokens": "8000", "chunk_size": "512", "overlap": "64", "dimensions": "384"}


def test_every_invalid_field_gets_its_own_error() -> None:
    outcome = evaluate_form(
        {"tokens": "-1", "chunk_size": "x", "overlap": "1,5", "dimensions": "0", "dtype": "f"},
        PORTUGUESE,
    )
    keys = {name: error.key for name, error in outcome.errors.items()}
    assert keys == {
        "tokens": "too_small",
        "chunk_size": "not_a_number",
        "overlap": "not_whole",
        "dimensions": "too_small",
        "dtype": "unknown_choice",
    }
    assert outcome.plan is None


def test_overlap_not_below_chunk_size_is_an_error_of_the_overlap_field() -> None:
    outcome = evaluate_form({**DEFAULTS, "overlap": "512"})
    assert outcome.errors["overlap"].key == "overlap_not_below_chunk_size"
    assert outcome.errors["overlap"].params == {"overlap": "512", "chunk_size": "512"}


def test_empty_dimensions_leave_out_the_vector_figures() -> None:
    outcome = evaluate_form({**DEFAULTS, "dimensions": ""})
    assert outcome.plan is not None
    assert outcome.vectors is None


def test_custom_representation_needs_bytes_per_dimension() -> None:
    outcome = evaluate_form({**DEFAULTS, "dtype": "custom", "bytes_per_dimension": ""})
    assert outcome.errors["bytes_per_dimension"].key == "empty"
    outcome = evaluate_form({**DEFAULTS, "dtype": "custom", "bytes_per_dimension": "3"})
    assert outcome.vectors is not None
    assert outcome.vectors.raw_bytes == 18 * 384 * 3


def test_bytes_per_dimension_is_ignored_unless_custom() -> None:
    outcome = evaluate_form({**DEFAULTS, "dtype": "int8", "bytes_per_dimension": "oops"})
    assert outcome.errors == {}
    assert outcome.vectors is not None
    assert outcome.vectors.raw_bytes == 18 * 384


def request(fields: dict[str, str], group: str = ".", decimal: str = ",") -> dict[str, object]:
    answer = json.loads(
        respond(
            json.dumps({"fields": fields, "number_format": {"group": group, "decimal": decimal}})
        )
    )
    assert isinstance(answer, dict)
    return answer


def test_respond_sends_every_integer_as_exact_text() -> None:
    result = request({**DEFAULTS, "tokens": "1.000.000.000.000.000.000", "dtype": "binary"})[
        "result"
    ]
    assert isinstance(result, dict)
    assert result["chunks"] == "2232142857142857"
    assert result["raw_vector_bytes"] == str(2232142857142857 * 48)
    assert result["bytes_per_dimension"] == "0.125"
    # 10**18 - 512 is a multiple of 448, so even the last chunk is full.
    assert result["length_groups"] == [{"count": "2232142857142857", "length": "512"}]


def test_respond_reports_errors_as_keys_and_typed_params() -> None:
    answer = request({**DEFAULTS, "overlap": "600"})
    assert answer["errors"] == {
        "overlap": {
            "key": "overlap_not_below_chunk_size",
            "params": {"overlap": "600", "chunk_size": "512"},
            "integer_params": ["overlap", "chunk_size"],
        }
    }
    assert answer["result"] is None


def test_respond_gives_the_derivation_quotient() -> None:
    result = request(DEFAULTS)["result"]
    assert isinstance(result, dict)
    assert result["steps_after_first"] == {"approx": "16.71", "exact": False}
    result = request({**DEFAULTS, "tokens": "960"})["result"]
    assert isinstance(result, dict)
    assert result["steps_after_first"] == {"approx": "1", "exact": True}


def test_respond_refuses_a_malformed_request() -> None:
    with pytest.raises(TypeError):
        respond(json.dumps({"fields": {"tokens": 8000}}))
