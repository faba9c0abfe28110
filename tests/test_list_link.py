"""A long list of counts travels in the link's fragment, which no server receives, and comes
back exactly; a damaged or hostile fragment is an error next to the list, never a crash."""

from __future__ import annotations

import json
import random
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import DEFAULT_FIELDS, respond
from calculator._errors import CalculatorError
from calculator._list_link import (
    FRAGMENT_KEY,
    FRAGMENT_LIMIT,
    QUERY_LIST_LIMIT,
    _compressed,
    list_fragment,
    read_list_fragment,
)
from test_package import ROOT


def answer(request: dict[str, object]) -> dict[str, object]:
    result = json.loads(respond(json.dumps(request)))
    assert isinstance(result, dict)
    return result


def shared(fields: dict[str, str]) -> dict[str, object]:
    """The answer to a link made of ``fields``, as another machine opens it."""
    made = answer({"fields": {**DEFAULT_FIELDS, **fields}})
    query, fragment = made["query"], made["fragment"]
    assert isinstance(query, str) and isinstance(fragment, str)
    return answer({"query": query, "fragment": f"#{fragment}" if fragment else ""})


def test_fifty_thousand_counts_round_trip_through_a_link() -> None:
    counts = [random.Random(7).randint(100, 3000) for _ in range(50_000)]
    text = "\n".join(map(str, counts))
    made = answer({"fields": {**DEFAULT_FIELDS, "corpus": "list", "document_tokens": text}})
    assert made["query"] == "corpus=list"  # no server sees the list
    assert isinstance(made["fragment"], str) and len(made["fragment"]) < FRAGMENT_LIMIT
    opened = shared({"corpus": "list", "document_tokens": text})
    fields = opened["fields"]
    assert isinstance(fields, dict)
    assert fields["document_tokens"] == text
    assert opened["list_came"] == "ordered"
    assert opened["result"] == made["result"]


def test_a_short_list_stays_in_the_query() -> None:
    made = answer({"fields": {**DEFAULT_FIELDS, "corpus": "list", "document_tokens": "1200\n800"}})
    assert (made["query"], made["fragment"]) == ("document_tokens=1200%0A800", "")
    assert len("document_tokens=" + "1200%0A" * 280) <= QUERY_LIST_LIMIT


def test_a_list_is_kept_as_typed_even_with_a_bad_line() -> None:
    text = "1.200\n800\n12x\n" + "5.000\n" * 600
    opened = shared({"corpus": "list", "document_tokens": text})
    fields = opened["fields"]
    assert isinstance(fields, dict) and fields["document_tokens"] == text.strip()
    errors = opened["errors"]
    assert isinstance(errors, dict) and errors["document_tokens"]["key"] == "list_item_invalid"


def test_lists_too_long_for_an_address_go_sorted_then_rounded() -> None:
    rng = random.Random(3)
    counts = [rng.randint(10**14, 10**15) for _ in range(60_000)]
    text = "\n".join(map(str, counts))
    fragment = list_fragment(text, counts)
    assert fragment is not None
    packed, form = fragment
    assert form == "rounded" and len(packed) <= FRAGMENT_LIMIT
    listed = read_list_fragment(packed)
    lengths = [int(line) for line in listed.text.splitlines()]
    assert len(lengths) == len(counts)
    assert all(len(str(n).rstrip("0")) <= 3 for n in lengths)  # three significant digits
    # Many distinct counts whose order takes most of the room: sorted, they fit, exactly.
    spread = [rng.randint(10**9, 2 * 10**9) for _ in range(100_000)]
    sorted_fragment = list_fragment("\n".join(map(str, spread)), spread)
    assert sorted_fragment is not None and sorted_fragment[1] == "sorted"
    assert read_list_fragment(sorted_fragment[0]).text == "\n".join(map(str, sorted(spread)))


@pytest.mark.parametrize(
    "fragment",
    ids=lambda fragment: fragment[:16],
    argvalues=[
        "#list=",
        "#list=o",
        "#list=o%%%",
        "#list=oAAAA",
        "#list=q" + _compressed(b"1"),
        "#list=h" + _compressed(b"\x01"),  # a length without its count
        "#list=h" + _compressed(b"\xff"),  # a number cut off
        "#list=o" + _compressed(b"\xff\xfe"),  # not UTF-8
        # A "zip bomb": a few hundred bytes that would inflate to gigabytes.
        "#list=o" + _compressed(b"1\n" * 50_000_000),
        # Far more documents than a list may hold, as counted pairs.
        "#list=h" + _compressed(bytes([1, 0xFF, 0xFF, 0xFF, 0x7F])),
    ],
)
def test_a_bad_fragment_is_the_lists_error(fragment: str) -> None:
    with pytest.raises(CalculatorError) as raised:
        read_list_fragment(fragment)
    assert (raised.value.field, raised.value.key) == ("document_tokens", "bad_list_link")
    opened = answer({"query": "?corpus=list", "fragment": fragment})
    errors = opened["errors"]
    assert isinstance(errors, dict) and errors["document_tokens"]["key"] == "bad_list_link"


@given(st.text(max_size=60))
def test_no_fragment_crashes_a_link(fragment: str) -> None:
    opened = answer({"query": "?corpus=list", "fragment": "#list=" + fragment})
    errors = opened["errors"]
    assert isinstance(errors, dict)
    assert "document_tokens" in errors or opened["list_came"]


def test_another_fragment_is_not_a_list() -> None:
    opened = answer({"query": "?tokens=9000", "fragment": "#results"})
    assert opened["list_came"] == "" and not opened["errors"]


def test_the_zip_bomb_is_small() -> None:
    """The hostile fragment above is short: the bound, not the fragment's size, refuses it."""
    assert len(zlib.compress(b"1\n" * 50_000_000, 9)) < 200_000


def test_the_page_knows_a_lists_fragment_as_python_writes_it() -> None:
    share = (ROOT / "web" / "page" / "share" / "share.js").read_text(encoding="utf-8")
    assert f'const LIST_FRAGMENT = "{FRAGMENT_KEY}";' in share
