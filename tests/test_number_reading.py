"""Numbers read as people type them, in every field and on every page: never their digits joined.

The pages' separators are the ones ``numberSeparators`` (web/pure/format.js) gets from Intl for
each language; ``machine`` is the form of links and of the command line.  A reference
reading, written as one regular expression per convention, says what each text plainly
means; the calculator's reading must agree with it on every text.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator._errors import CalculatorError
from calculator._text import (
    MAX_DECIMAL_DIGITS,
    MAX_TYPED_VALUE,
    NumberFormat,
    parse_decimal,
    parse_whole_number,
)
from calculator.protocol._fields import FIELDS
from calculator.protocol._form import _FieldReader, evaluate_form
from test_cli import assert_refused, run

PAGES = {
    "en": NumberFormat(group=",", decimal="."),
    "pt": NumberFormat(group=".", decimal=","),
    "de": NumberFormat(group=".", decimal=","),
    "it": NumberFormat(group=".", decimal=","),
    "pl": NumberFormat(group="\u00a0", decimal=","),
    "machine": NumberFormat(group="", decimal="."),
}
DECIMAL_FIELDS = [name for name, field in FIELDS.items() if field.kind in ("decimal", "price")]
WHOLE_FIELDS = [name for name, field in FIELDS.items() if field.kind == "whole"]
# The acceptance's six: each has one plain meaning, whichever page it is typed on.
TYPED_DECIMALS = {
    "0.02": Fraction("0.02"),
    "0,02": Fraction("0.02"),
    "1.5": Fraction("1.5"),
    "1,5": Fraction("1.5"),
    "4.29": Fraction("4.29"),
    "3,29": Fraction("3.29"),
}
SPACES = " \u00a0\u202f\u2009"


def read(reader: _FieldReader, field: str) -> Fraction | int | None:
    kind = FIELDS[field].kind
    if kind == "price":
        return reader.price(field)
    if kind == "decimal":
        return reader.decimal(field)
    return reader.whole(field)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("field", DECIMAL_FIELDS)
@pytest.mark.parametrize(("typed", "meant"), TYPED_DECIMALS.items())
def test_a_decimal_is_read_as_it_plainly_means(
    page: str, field: str, typed: str, meant: Fraction
) -> None:
    reader = _FieldReader({field: typed}, PAGES[page])
    assert read(reader, field) == meant
    assert not reader.errors


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("field", WHOLE_FIELDS)
@pytest.mark.parametrize("typed", TYPED_DECIMALS)
def test_a_decimal_in_a_whole_field_is_refused_there(page: str, field: str, typed: str) -> None:
    reader = _FieldReader({field: typed}, PAGES[page])
    assert read(reader, field) is None
    assert reader.errors[field].key == "not_whole"


@pytest.mark.parametrize(
    ("page", "typed", "meant"),
    [
        ("de", "1.500", Fraction(1500)),  # the page's own grouping wins
        ("en", "1,500", Fraction(1500)),
        ("de", "1,500", Fraction("1.5")),
        ("en", "1.500", Fraction("1.5")),
        ("de", "1,234.5", Fraction("1234.5")),  # an English number whole
        ("en", "1.234,5", Fraction("1234.5")),
        ("pl", "1 234,5", Fraction("1234.5")),
        ("pl", "0.5", Fraction("0.5")),
        ("en", ".5", Fraction("0.5")),
        ("en", "0" * 5000 + "1.5", Fraction("1.5")),
        ("de", "1," + "5" + "0" * 5000, Fraction("1.5")),
    ],
)
def test_decimals_of_either_convention(page: str, typed: str, meant: Fraction) -> None:
    assert parse_decimal("price_per_million", typed, PAGES[page]) == meant


@pytest.mark.parametrize(
    ("page", "typed", "key"),
    [
        ("en", "4,2,9", "not_a_decimal"),
        ("de", "1.5.0", "not_a_decimal"),
        ("en", "1.", "not_a_decimal"),
        ("en", "1,5.5,5", "not_a_decimal"),
        ("en", "1e3", "not_a_decimal"),
        ("en", "1" * (MAX_DECIMAL_DIGITS + 1), "too_many_digits"),
        ("en", "0." + "0" * 5000 + "1", "too_many_digits"),
        ("en", "9" * 100_000, "too_many_digits"),
        ("en", "-0.02", "too_small"),
    ],
)
def test_decimals_refused(page: str, typed: str, key: str) -> None:
    with pytest.raises(CalculatorError) as raised:
        parse_decimal("price_per_million", typed, PAGES[page])
    assert raised.value.key == key


# The reference: what a text means in one convention, as one regular expression.
def convention_pattern(marks: str, decimal: str) -> re.Pattern[str]:
    spaces = f"[{SPACES}]"
    groups = [rf"(?:{spaces}[0-9]{{3}})+"]  # spaces of any width are one kind
    if marks:
        groups.append(rf"(?P<g>[{re.escape(marks)}])[0-9]{{3}}(?:(?P=g)[0-9]{{3}})*")
    whole = rf"(?:[0-9]*|0*[1-9][0-9]{{0,2}}(?:{'|'.join(groups)}))"
    fraction = rf"(?:{re.escape(decimal)}[0-9]+)?" if decimal else ""
    return re.compile(whole + fraction)


def reference(text: str, page: NumberFormat) -> dict[str, tuple[Fraction, bool]]:
    """``text`` as the page's own convention and as the other one read it: (value, decimal?)."""
    marks = {".", ","}
    other_marks = marks - {page.decimal}
    own_marks = "".join(other_marks | {page.group} - set(SPACES))
    conventions = {"own": ("'\u2019" + own_marks, page.decimal)}
    if page.decimal in marks:
        conventions["other"] = ("'\u2019" + page.decimal, other_marks.pop())
    readings = {}
    for name, (group_marks, decimal) in conventions.items():
        pattern = convention_pattern(group_marks, decimal)
        if not text or text == decimal or not pattern.fullmatch(text):
            continue
        whole, point, fraction = text.partition(decimal) if decimal else (text, "", "")
        digits = "".join(character for character in whole if character.isdigit())
        readings[name] = (int(digits or "0") + Fraction(f"0.{fraction or 0}"), bool(point))
    return readings


NUMBERISH = st.text(alphabet="0123456789.,' \u00a0\u202f", min_size=1, max_size=14)


@given(text=NUMBERISH, page=st.sampled_from(sorted(PAGES)))
def test_decimal_reading_agrees_with_the_reference(text: str, page: str) -> None:
    readings = reference(text.strip(), PAGES[page])
    expected = readings.get("own") or readings.get("other")
    try:
        value = parse_decimal("price_per_million", text, PAGES[page])
    except CalculatorError as error:
        assert error.key in ("empty", "not_a_decimal", "too_many_digits"), error.key
        assert expected is None or error.key == "too_many_digits", (text, page, expected)
    else:
        assert expected is not None, f"{text!r} read as {value} on {page}"
        assert value == expected[0]


def whole_expected(readings: dict[str, tuple[Fraction, bool]]) -> int | str:
    """The reference's whole number, or the key of its refusal."""
    own, other = readings.get("own"), readings.get("other")
    if own is not None and not own[1]:
        return int(own[0])
    if own is not None:
        return "ambiguous_number" if other is not None and not other[1] else "not_whole"
    if other is None:
        return "not_a_number"
    return "not_whole" if other[1] else int(other[0])


@given(text=NUMBERISH, page=st.sampled_from(sorted(PAGES)))
def test_whole_reading_agrees_with_the_reference(text: str, page: str) -> None:
    body = text.strip()
    expected = whole_expected(reference(body, PAGES[page])) if body else "empty"
    try:
        value: int | str = parse_whole_number("tokens", text, PAGES[page])
    except CalculatorError as error:
        value = error.key
    assert value == expected, (text, page)


@given(
    value=st.integers(0, 10**15),
    fraction=st.text("0123456789", min_size=1, max_size=6),
    page=st.sampled_from(["en", "pt", "de", "it", "pl"]),
    grouped=st.booleans(),
)
def test_a_number_written_the_pages_way_reads_back(
    value: int, fraction: str, page: str, grouped: bool
) -> None:
    page_format = PAGES[page]
    whole = f"{value:,}".replace(",", page_format.group) if grouped else str(value)
    assert parse_whole_number("tokens", whole, page_format) == value
    typed = f"{whole}{page_format.decimal}{fraction}"
    assert parse_decimal("price_per_million", typed, page_format) == value + Fraction(
        f"0.{fraction}"
    )


# Leading zeros: Python refuses to convert strings of more than 4,300 digits, so the
# significant digits are what is measured and converted.
ZEROS = "0" * 5000


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("field", WHOLE_FIELDS)
def test_leading_zeros_in_every_whole_field(page: str, field: str) -> None:
    reader = _FieldReader({field: ZEROS + "12"}, PAGES[page])
    assert reader.whole(field) == 12
    grouped = ZEROS + ("12.000" if PAGES[page].decimal == "," else "12,000")
    assert _FieldReader({field: grouped}, PAGES[page]).whole(field) == 12_000


@pytest.mark.parametrize("page", PAGES)
def test_leading_zeros_in_lists_and_comparison_cells(page: str) -> None:
    outcome = evaluate_form(
        {
            "tokens": ZEROS + "8000", "chunk_size": ZEROS + "512", "overlap": ZEROS + "64",
            "dimensions": ZEROS + "384", "corpus": "list",
            "document_tokens": f"{ZEROS}1200\n{ZEROS}800\n", "compare": f"{ZEROS}512:{ZEROS}64",
            "edit_at": ZEROS + "10", "edit_tokens": "-" + ZEROS + "5",
        },
        PAGES[page],
    )  # fmt: skip
    assert not outcome.errors
    # The list is the collection: 1,200 and 800 tokens make 3 + 2 chunks at 512/64.
    assert outcome.plan is not None and outcome.plan.chunks == 5


@pytest.mark.parametrize("page", PAGES)
def test_huge_numbers_are_refused_next_to_their_field(page: str) -> None:
    outcome = evaluate_form({"tokens": "9" * 100_000, "overlap": "1" + ZEROS}, PAGES[page])
    assert outcome.errors["tokens"].key == "too_large"
    assert outcome.errors["overlap"].key == "too_large"
    assert outcome.errors["tokens"].params == {"maximum": str(MAX_TYPED_VALUE)}


def test_the_command_line_reads_leading_zeros() -> None:
    completed = run("--tokens", ZEROS + "1000", "--chunk-size", ZEROS + "256")
    assert completed.returncode == 0
    assert completed.stdout.startswith("1,000 tokens, chunk size 256")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--tokens", "9" * 100_000, "--chunk-size", "64"], "--tokens: Enter 1,000,000,000"),
        (["--tokens", "8.000", "--chunk-size", "64"], "--tokens: This could be read two ways"),
        (
            ["--tokens", "10", "--chunk-size", "64", "--price-per-million", "0." + ZEROS + "2"],
            "--price-per-million: Enter at most 30 digits.",
        ),
    ],
)
def test_the_command_line_refuses_in_one_line(arguments: list[str], message: str) -> None:
    assert_refused(run(*arguments), message)


def test_the_command_line_reads_a_price_in_either_convention() -> None:
    point, comma = (
        run("--tokens", "1000000", "--chunk-size", "1000", "--price-per-million", price)
        for price in ("0.02", "0,02")
    )
    assert point.returncode == comma.returncode == 0
    assert point.stdout == comma.stdout
    assert "0.02" in point.stdout
