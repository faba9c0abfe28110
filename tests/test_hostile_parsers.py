"""Any text a link or a visitor can produce: the link reader and the form reader never
raise, every refusal is a message key with exactly its placeholders, and a bad value
comes back as it was typed, so the page can show it next to its error.

tests/test_query.py and tests/test_form.py hold the worked examples and the simplest
properties; these reach every field at once, in every locale's number format.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator import MESSAGE_KEYS, CalculatorError
from calculator.protocol import DEFAULT_FIELDS, NumberFormat, evaluate_form, respond

# The page's locales (pt/de/it, pl, en) and the machine form of links.
NUMBER_FORMATS = (
    NumberFormat(".", ","),
    NumberFormat("\u00a0", ","),
    NumberFormat(",", "."),
    NumberFormat(),
)
COMPARE_CELLS = tuple(
    f"compare.{row}.{column}"
    for row in (0, 1, 11, 12)
    for column in ("chunk_size", "overlap", "dimensions", "dtype")
)
QUERY_KEYS = (*DEFAULT_FIELDS, "compare", "lang", "embed", "theme", "Tokens", "x", "")
# Text a hostile link or a careless paste is made of, mixed with plain arbitrary text.
NASTY = st.sampled_from(
    [
        "<script>alert(1)</script>",
        '"><img src=x onerror=alert(1)>',
        "\u0661\u0662",
        "\uff18\uff10",
        "8\u200b000",
        "\u202e42",
        "\ufeff1",
        "1e400",
        "9" * 40,
        "-5",
        "1,5",
        "1.5",
        "custom",
        "list",
        "average",
        "512:64",
        ":::",
        ",",
        "\n",
        "%zz",
        "+",
        "\x00",
    ]
)
VALUES = st.one_of(
    st.text(),
    NASTY,
    st.lists(NASTY, max_size=4).map("".join),
    st.integers(-(10**40), 10**40).map(str),
)


def check_error_shapes(errors: Mapping[str, Any]) -> None:
    """Every error is a known key carrying exactly that key's placeholders, as text, and
    names those that are whole numbers."""
    for name, error in errors.items():
        assert isinstance(name, str)
        assert set(error) == {"key", "params", "integer_params"}
        assert error["key"] in MESSAGE_KEYS, error
        assert sorted(error["params"]) == sorted(MESSAGE_KEYS[error["key"]]), error
        assert all(isinstance(value, str) for value in error["params"].values())
        assert set(error["integer_params"]) <= set(error["params"]), error
        for param in error["integer_params"]:
            assert error["params"][param].lstrip("-").isdigit(), error


def ask(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(respond(json.dumps(request)))
    return answer


@pytest.mark.slow
@given(
    pairs=st.lists(st.tuples(st.sampled_from(QUERY_KEYS), VALUES), max_size=8),
    number_format=st.sampled_from(NUMBER_FORMATS),
    raw=st.booleans(),
)
@settings(max_examples=300, deadline=None)  # speed is not what this checks
def test_any_link_gives_the_form_and_known_errors(
    pairs: list[tuple[str, str]], number_format: NumberFormat, raw: bool
) -> None:
    # Percent-encoded as a browser would, or written raw (broken escapes, bare & and =).
    query = (
        "?" + "&".join(f"{name}={value}" for name, value in pairs)
        if raw
        else "?" + urlencode(pairs, quote_via=quote)
    )
    answer = ask(
        {
            "query": query,
            "number_format": {"group": number_format.group, "decimal": number_format.decimal},
        }
    )
    check_error_shapes(answer["errors"])
    assert set(answer["fields"]) - {"compare"} == set(DEFAULT_FIELDS)
    assert all(isinstance(text, str) for text in answer["fields"].values())
    given_values: dict[str, str] = {}
    for name, value in parse_qsl(query.removeprefix("?"), keep_blank_values=True):
        given_values.setdefault(name, value)
    for name, error in answer["errors"].items():
        # A refused value stays as typed; the overlap's refusal is about another field.
        if (
            name in DEFAULT_FIELDS
            and name in given_values
            and (error["key"] != "overlap_not_below_chunk_size")
        ):
            assert answer["fields"][name] == given_values[name], (name, error)
    # The canonical link reads back to the same form.
    again = ask(
        {
            "query": answer["query"],
            "number_format": {"group": number_format.group, "decimal": number_format.decimal},
        }
    )
    assert again["errors"].keys() == answer["errors"].keys()


@pytest.mark.slow
@given(
    texts=st.fixed_dictionaries(
        {}, optional={name: VALUES for name in (*DEFAULT_FIELDS, *COMPARE_CELLS)}
    ),
    number_format=st.sampled_from(NUMBER_FORMATS),
)
@settings(max_examples=300, deadline=None)  # speed is not what this checks
def test_any_form_gives_per_field_errors_in_every_number_format(
    texts: dict[str, str], number_format: NumberFormat
) -> None:
    outcome = evaluate_form(texts, number_format)
    for name, error in outcome.errors.items():
        assert isinstance(error, CalculatorError)
        assert error.field == name
        assert sorted(error.params) == sorted(MESSAGE_KEYS[error.key])
    if any(name in outcome.errors for name in ("tokens", "chunk_size", "overlap")):
        assert outcome.plan is None
    answer = ask(
        {
            "fields": texts,
            "number_format": {"group": number_format.group, "decimal": number_format.decimal},
        }
    )
    check_error_shapes(answer["errors"])
    assert answer["errors"] == {name: error.to_dict() for name, error in outcome.errors.items()}
