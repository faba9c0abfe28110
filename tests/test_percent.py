"""The link's own percent codec (calculator/protocol/_percent.py) against urllib.parse, which it
stands in for on the page: the same pairs from any query, the same query from any mapping."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.protocol._percent import encoded_query, query_pairs

# Text that exercises every branch: escapes valid and not, "+", "&" and "=", ASCII and not,
# invalid UTF-8 once decoded, lone surrogates.
PIECES = st.sampled_from(
    ["%", "%2", "%2C", "%zz", "%e2%82%ac", "%E2%82", "%C3", "+", "&", "=", "&&", "a", " ", "é",
     "€", "\ud800", "%F0%9F%98%80", "😀", "%00", "~", "%7E", "\n", "%0A"]
)  # fmt: skip
QUERIES = st.lists(st.one_of(PIECES, st.text(max_size=4)), max_size=24).map("".join)


@given(QUERIES)
def test_a_query_reads_as_urllib_reads_it(query: str) -> None:
    assert query_pairs(query) == parse_qsl(query, keep_blank_values=True)


@given(st.dictionaries(st.text(max_size=8), QUERIES, max_size=6))
def test_a_mapping_writes_as_urllib_writes_it(parameters: dict[str, str]) -> None:
    try:
        expected = urlencode(parameters)
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            encoded_query(parameters)
        return
    assert encoded_query(parameters) == expected


@given(st.dictionaries(st.text(max_size=8), st.text(max_size=12), max_size=6))
def test_written_and_read_back(parameters: dict[str, str]) -> None:
    try:
        query = encoded_query(parameters)
    except UnicodeEncodeError:
        return  # a lone surrogate: refused, as urllib refuses it
    assert dict(query_pairs(query)) == parameters
