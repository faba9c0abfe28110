"""Sizes and counts as people type them (issue 47): a corpus size with its unit (``50 GB``,
``1,5 TiB``) read into exact bytes, and counts in scientific notation (``1e6``, ``2,5e3``) read
exactly, on every page; what is malformed is refused with a message key, by construction in
time linear in the text (``calculator/_text.py``)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator._errors import CalculatorError
from calculator._text import (
    MAX_DECIMAL_DIGITS,
    MAX_TYPED_VALUE,
    SIZE_UNITS,
    NumberFormat,
    parse_size,
    parse_whole_number,
)
from calculator.protocol._fields import FIELDS
from calculator.protocol._form import _FieldReader, evaluate_form
from calculator.protocol._sample import describe
from test_cli import run

PAGES = {
    "en": NumberFormat(group=",", decimal="."),
    "pt": NumberFormat(group=".", decimal=","),
    "de": NumberFormat(group=".", decimal=","),
    "it": NumberFormat(group=".", decimal=","),
    "pl": NumberFormat(group="\u00a0", decimal=","),
    "machine": NumberFormat(group="", decimal="."),
}
# Between a number and its unit: nothing, a space, a no-break space, a narrow one (Intl's).
UNIT_SPACES = ("", " ", "\u00a0", "\u202f")
WHOLE_FIELDS = [name for name, field in FIELDS.items() if field.kind == "whole"]
UNITS = {
    "B": 1,
    "kB": 10**3,
    "KB": 10**3,
    "MB": 10**6,
    "GB": 10**9,
    "TB": 10**12,
    "PB": 10**15,
    "KiB": 2**10,
    "MiB": 2**20,
    "GiB": 2**30,
    "TiB": 2**40,
    "PiB": 2**50,
}


def test_the_units_are_exactly_these() -> None:
    assert dict(SIZE_UNITS) == UNITS


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("space", UNIT_SPACES)
def test_every_unit_on_every_page(page: str, unit: str, space: str) -> None:
    number_format = PAGES[page]
    factor = UNITS[unit]
    group = number_format.group or ","
    # Twelve hundred, grouped the page's way: whole in every unit.
    assert parse_size("size", f"1{group}200{space}{unit}", number_format) == 1200 * factor
    assert parse_size("size", f"3e2{space}{unit}", number_format) == 300 * factor
    if factor > 1:
        # One and a half, with the page's decimal mark (and the other one, read plainly).
        half = f"1{number_format.decimal}5{space}{unit}"
        assert parse_size("size", half, number_format) == Fraction(3, 2) * factor
        assert parse_size("size", f"0.25{space}{unit}", number_format) == Fraction(factor, 4)


@pytest.mark.parametrize(
    ("page", "typed", "meant"),
    [
        ("en", "50 GB", 50 * 10**9),
        ("en", "50GB", 50 * 10**9),
        ("de", "1,5 TB", 15 * 10**11),
        ("pl", "1,5\u00a0TB", 15 * 10**11),
        ("pl", "1\u00a0000 GB", 10**12),
        ("pt", "1.000 GB", 10**12),  # the page's own grouping
        ("de", "1,500 GB", 15 * 10**8),  # the page's own decimal comma, as a price reads
        ("en", "1.5 TiB", 3 * 2**39),
        ("it", "2,5e3 kB", 2_500_000),
        ("en", "1.23 GiB", Fraction(123 * 2**30, 100)),  # 1,320,702,443.52 bytes, exactly
        ("en", "2000000", 2_000_000),
        ("en", "2e6", 2_000_000),
        ("en", "2000000 B", 2_000_000),
        ("de", "2.000.000 B", 2_000_000),
        ("en", "  7 kB  ", 7000),
        ("en", "0" * 5000 + "1 MB", 10**6),
    ],
    ids=lambda value: value[:20] if isinstance(value, str) else None,
)
def test_sizes_as_people_type_them(page: str, typed: str, meant: int | Fraction) -> None:
    assert parse_size("size", typed, PAGES[page]) == meant


@pytest.mark.parametrize(
    ("page", "typed", "key"),
    [
        ("en", "", "empty"),
        ("en", "GB", "not_a_size"),
        ("en", "50 gb", "not_a_size"),  # a unit is written as the IEC and CLDR write it
        ("en", "50 Gb", "not_a_size"),  # gigabits
        ("en", "50 GiGB", "not_a_size"),
        ("en", "50 bytes", "not_a_size"),
        ("en", "fifty GB", "not_a_size"),
        ("en", "5 0 GB", "not_a_size"),
        ("en", "1.5.0 GB", "not_a_size"),
        ("en", "50 GB GB", "not_a_size"),
        ("en", "1e GB", "not_a_size"),
        ("en", "1.5 B", "not_whole"),  # bytes are whole
        ("de", "8,000 B", "ambiguous_number"),  # as a whole number on the German page
        ("en", "-5 GB", "too_small"),
        ("en", "0 GB", "too_small"),
        ("en", "0.0001 kB", "too_small"),  # a tenth of a byte
        ("en", "1e999999999 GB", "too_large"),
        ("en", "1e-999999999 GB", "too_small"),
        ("en", "1000000000 PiB", "too_large"),
        ("en", "9" * 100_000 + " GB", "too_many_digits"),
        ("en", "9" * 100_000, "too_large"),
        ("en", "G" * 100_000, "not_a_size"),
        ("en", "1e" + "9" * 100_000, "too_large"),
    ],
    ids=lambda value: value[:20] if isinstance(value, str) else None,
)
def test_sizes_refused(page: str, typed: str, key: str) -> None:
    with pytest.raises(CalculatorError) as raised:
        parse_size("size", typed, PAGES[page])
    assert (raised.value.field, raised.value.key) == ("size", key)


@pytest.mark.parametrize(
    ("page", "typed", "meant"),
    [
        ("en", "1e6", 10**6),
        ("en", "1E6", 10**6),
        ("en", "2.5e3", 2500),
        ("en", "1e+3", 1000),
        ("en", "1000e-3", 1),
        ("en", "12.5e-1", Fraction(25, 2)),
        ("de", "2,5e3", 2500),
        ("de", "2.5e3", 2500),  # the other convention's decimal, read plainly
        ("pl", "2,5e3", 2500),
        ("pt", "2,5E3", 2500),
        ("it", "1,5e6", 1_500_000),
        ("en", "0e999999999", 0),
        ("en", "1e24", MAX_TYPED_VALUE),
        ("en", "0." + "0" * 29 + "1e54", MAX_TYPED_VALUE),
        ("en", "0" * 5000 + "1e3", 1000),
    ],
    ids=lambda value: value[:20] if isinstance(value, str) else None,
)
def test_scientific_counts(page: str, typed: str, meant: int | Fraction) -> None:
    number_format = PAGES[page]
    if isinstance(meant, int):
        assert parse_whole_number("documents", typed, number_format) == meant
        if meant:  # a count of bytes reads the same
            assert parse_size("size", typed, number_format) == meant
    else:
        with pytest.raises(CalculatorError) as raised:
            parse_whole_number("documents", typed, number_format)
        assert raised.value.key == "not_whole"


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("1.5e0", "not_whole"),  # 1.5 documents
        ("1e-1", "not_whole"),
        ("1e-999999999", "not_whole"),
        ("1e999999999", "too_large"),
        ("1e25", "too_large"),
        ("-1e3", "too_small"),
        ("1e", "not_a_number"),
        ("e6", "not_a_number"),
        ("1e6e6", "not_a_number"),
        ("1e1.5", "not_a_number"),
        ("1 e6", "not_a_number"),
        ("1e 6", "not_a_number"),
        ("1e--6", "not_a_number"),
        ("1e" + "9" * 100_000, "too_large"),
        ("9" * 100_000 + "e0", "too_many_digits"),
        ("0." + "0" * 100_000 + "1e3", "too_many_digits"),
        ("e" * 100_000, "not_a_number"),
    ],
    ids=lambda value: value[:20] if isinstance(value, str) else None,
)
def test_scientific_counts_refused(typed: str, key: str) -> None:
    with pytest.raises(CalculatorError) as raised:
        parse_whole_number("documents", typed, PAGES["en"], minimum=1)
    assert raised.value.key == key


def test_refused_by_construction_not_computed() -> None:
    """The exponent is refused from its length and the mantissa from its digits: what is
    converted is bounded whatever the text (a test of the refusal; speed is the benchmark's)."""
    for typed in ("1e999999999", "1e" + "9" * 100_000, "1" + "0" * 99_999 + "e999999999"):
        with pytest.raises(CalculatorError) as raised:
            parse_whole_number("tokens", typed)
        assert raised.value.key in ("too_large", "too_many_digits"), typed
    for typed in ("1e999999999 GB", "x" * 100_000 + " GB", "1" * 100_000 + "TiB"):
        with pytest.raises(CalculatorError) as raised:
            parse_size("size", typed)
        assert raised.value.key in ("too_large", "too_many_digits", "not_a_size"), typed


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("field", WHOLE_FIELDS)
def test_every_count_field_takes_a_power_of_ten(page: str, field: str) -> None:
    assert _FieldReader({field: "1e3"}, PAGES[page]).whole(field) == 1000
    reader = _FieldReader({field: "1.5e0"}, PAGES[page])
    assert reader.whole(field) is None
    assert reader.errors[field].key == "not_whole"


def test_lists_signed_counts_and_comparison_cells_take_a_power_of_ten() -> None:
    outcome = evaluate_form(
        {
            "corpus": "list", "document_tokens": "1.2e3\n8e2\n", "chunk_size": "5.12e2",
            "overlap": "6.4e1", "compare": "5.12e2:6.4e1",
        },
        PAGES["en"],
    )  # fmt: skip
    assert not outcome.errors
    # 1,200 and 800 tokens make 3 + 2 chunks at 512/64.
    assert outcome.plan is not None and outcome.plan.chunks == 5
    for typed, meant in (("-5e2", -500), ("+1e1", 10), ("\u22122,5e1", -25)):
        assert _FieldReader({"edit_tokens": typed}, PAGES["de"]).signed("edit_tokens") == meant


def test_the_command_line_takes_a_power_of_ten() -> None:
    plain = run("--tokens", "1000000", "--chunk-size", "1000")
    scientific = run("--tokens", "1e6", "--chunk-size", "1e3")
    assert plain.returncode == scientific.returncode == 0
    assert plain.stdout == scientific.stdout


# A decimal of at most this many digits times any unit is written exactly (1024^n = 2^10n has
# a finite decimal expansion) and read back to the bytes it was written from.
@given(
    whole=st.integers(0, 10**12),
    fraction=st.text("0123456789", max_size=6),
    unit=st.sampled_from(sorted(UNITS)),
    page=st.sampled_from(sorted(PAGES)),
    space=st.sampled_from(UNIT_SPACES),
    grouped=st.booleans(),
)
def test_a_size_written_the_pages_way_reads_back_to_its_bytes(
    whole: int, fraction: str, unit: str, page: str, space: str, grouped: bool
) -> None:
    number_format = PAGES[page]
    factor = UNITS[unit]
    if factor == 1:
        fraction = ""  # bytes are whole
    size = (whole + Fraction(f"0.{fraction or 0}")) * factor
    written = f"{whole:,}".replace(",", number_format.group) if grouped else str(whole)
    if fraction:
        written += number_format.decimal + fraction
    typed = f"{written}{space}{unit}"
    if size < 1 or size > MAX_TYPED_VALUE:
        with pytest.raises(CalculatorError) as raised:
            parse_size("size", typed, number_format)
        assert raised.value.key == ("too_small" if size < 1 else "too_large")
    else:
        assert parse_size("size", typed, number_format) == size
    assert len(str(whole)) + len(fraction) <= MAX_DECIMAL_DIGITS


@given(
    mantissa=st.integers(0, 10**12),
    places=st.integers(0, 6),
    exponent=st.integers(-8, 12),
    page=st.sampled_from(sorted(PAGES)),
    mark=st.sampled_from("eE"),
)
def test_a_count_in_scientific_notation_reads_exactly(
    mantissa: int, places: int, exponent: int, page: str, mark: str
) -> None:
    number_format = PAGES[page]
    digits = str(mantissa).rjust(places + 1, "0")
    written = digits[: len(digits) - places]
    if places:
        written += number_format.decimal + digits[len(digits) - places :]
    value = Fraction(mantissa, 10**places) * Fraction(10) ** exponent
    try:
        read: int | str = parse_whole_number("tokens", f"{written}{mark}{exponent}", number_format)
    except CalculatorError as error:
        read = error.key
    assert read == (value if value.denominator == 1 else "not_whole")


def request(kind: str, text: str) -> str:
    return json.dumps(
        {
            "documents": [{"tokens": 100, "characters": 400, "bytes": 410, "words": 70}],
            "chunk_size": "64",
            "overlap": "0",
            "size": {"kind": kind, "text": text},
            "number_format": {"group": ".", "decimal": ","},
            "corpus": None,
            "splits": {},
        }
    )


@pytest.mark.parametrize(
    ("kind", "text", "documents", "size", "error"),
    [
        # The German page: 4,1 kB = 4,100 bytes = 10 documents of 410 bytes.
        ("bytes", "4,1 kB", "10", "4100", None),
        ("bytes", "4.1 kB", "10", "4100", None),
        ("bytes", "4.100", "10", "4100", None),
        ("bytes", "4,1e3", "10", "4100", None),
        # 1,23 GiB = 1,320,702,443.52 bytes ÷ 410 = 3,221,225.47 → 3,221,225 documents.
        ("bytes", "1,23 GiB", "3221225", "1320702443.52", None),
        ("documents", "1e3", "1000", "1000", None),
        ("characters", "2e3", "5", "2000", None),
        ("documents", "1,5e0", None, None, "not_whole"),
        ("documents", "50 GB", None, None, "unit_not_bytes"),
        ("characters", "2 kB", None, None, "unit_not_bytes"),
        ("bytes", "50 gb", None, None, "not_a_size"),
        ("bytes", "0,5 B", None, None, "not_whole"),
        ("bytes", "1e999999999", None, None, "too_large"),
        ("bytes", "8,000", None, None, "ambiguous_number"),
    ],
)
def test_the_pages_sample_size_takes_units_and_powers_of_ten(
    kind: str, text: str, documents: str | None, size: str | None, error: str | None
) -> None:
    answer = json.loads(describe(request(kind, text)))
    estimate = answer["estimate"] or {}
    assert (estimate.get("documents"), estimate.get("size")) == (documents, size)
    assert (answer["error"] or {}).get("key") == error
    if error == "unit_not_bytes":
        assert answer["error"]["params"] == {"unit": text.rsplit(maxsplit=1)[-1]}
