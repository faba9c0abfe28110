"""calculator/_retrieval/_bm25.py against rank_bm25.BM25Okapi (0.2.2), score for score.

Both sides index the same tokenized documents (the terms of bm25_terms, or generated words
from a small alphabet so that terms repeat across documents and queries), so what is compared
is the scoring alone: every score exactly, and the ranking derived from rank_bm25's scores by
the same rule the index documents (score descending, then index ascending).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi  # type: ignore[import-untyped]

from calculator._retrieval._bm25 import BM25, bm25_terms

# Words of one or two letters of three: many repeats, so idfs go negative (a term in more
# than half of the documents) and get rank_bm25's epsilon floor.
WORDS = st.text(alphabet="abc", min_size=1, max_size=2)
DOCUMENTS = st.lists(st.lists(WORDS, max_size=12), min_size=1, max_size=12)
# Queries mix corpus-like words, absent words ("zz", "d") and repeats.
QUERIES = st.lists(st.one_of(WORDS, st.sampled_from(["zz", "d"])), max_size=6)


def reference_ranking(scores: list[float]) -> list[int]:
    """The documented tie rule applied to the reference's scores."""
    return sorted(range(len(scores)), key=lambda index: (-scores[index], index))


def reference_scores(documents: list[list[str]], query: list[str], **options: Any) -> list[float]:
    scores = BM25Okapi(documents, **options).get_scores(query)
    return [float(score) for score in scores]


def bits(scores: list[float]) -> list[str]:
    return [score.hex() for score in scores]


def has_a_term(documents: list[list[str]]) -> bool:
    return any(documents)


@settings(max_examples=400, deadline=None)
@given(documents=DOCUMENTS, query=QUERIES)
def test_scores_are_rank_bm25s_exactly(documents: list[list[str]], query: list[str]) -> None:
    scores = BM25(documents).scores(query)
    if not has_a_term(documents):
        # rank_bm25 divides by zero there (no term, so no mean idf); the index scores 0.
        with pytest.raises(ZeroDivisionError):
            BM25Okapi(documents)
        assert scores == [0.0] * len(documents)
        return
    # Bit for bit (float.hex tells -0.0 from 0.0, which == does not).
    assert bits(scores) == bits(reference_scores(documents, query))


@settings(max_examples=300, deadline=None)
@given(documents=DOCUMENTS, query=QUERIES, k=st.integers(0, 14))
def test_rankings_follow_rank_bm25s_scores(
    documents: list[list[str]], query: list[str], k: int
) -> None:
    if not has_a_term(documents):
        return
    expected = reference_ranking(reference_scores(documents, query))[:k]
    assert BM25(documents).top(query, k) == expected


@settings(max_examples=200, deadline=None)
@given(
    documents=DOCUMENTS,
    query=QUERIES,
    k1=st.floats(0.01, 3.0),
    b=st.floats(0.0, 0.99),
    epsilon=st.floats(0.0, 1.0),
)
def test_other_parameters_score_alike(
    documents: list[list[str]], query: list[str], k1: float, b: float, epsilon: float
) -> None:
    if not has_a_term(documents):
        return
    expected = reference_scores(documents, query, k1=k1, b=b, epsilon=epsilon)
    assert bits(BM25(documents, k1=k1, b=b, epsilon=epsilon).scores(query)) == bits(expected)


TEXTS = st.lists(
    st.text(alphabet=st.sampled_from("ab AB éÉ e\u0301 ß ß. ,\n_1"), max_size=30),
    min_size=1,
    max_size=8,
)


@settings(max_examples=200, deadline=None)
@given(texts=TEXTS, query=st.text(alphabet=st.sampled_from("ab AB é ss,"), max_size=12))
def test_texts_tokenized_by_bm25_terms_score_alike(texts: list[str], query: str) -> None:
    documents = [bm25_terms(text) for text in texts]
    if not has_a_term(documents):
        return
    query_terms = bm25_terms(query)
    expected = reference_scores(documents, query_terms)
    assert bits(BM25(documents).scores(query_terms)) == bits(expected)


def test_a_known_example() -> None:
    documents = [bm25_terms(text) for text in ("The cat sat.", "The dog sat on the cat.", "")]
    index = BM25(documents)
    assert index.scores(bm25_terms("dog")) == reference_scores(documents, ["dog"])
    assert index.top(["dog"], 3) == [1, 0, 2]
    # A term in every non-empty document: its idf is floored, the same for both.
    assert index.scores(["the"]) == reference_scores(documents, ["the"])


def test_an_empty_corpus_scores_nothing() -> None:
    with pytest.raises(ZeroDivisionError):
        BM25Okapi([])
    index = BM25([])
    assert index.scores(["a"]) == []
    assert index.top(["a"], 5) == []


def test_absent_terms_and_an_empty_query_score_zero() -> None:
    index = BM25([["a"], ["b"]])
    assert index.scores([]) == [0.0, 0.0]
    assert index.scores(["zzz", "zzz"]) == [0.0, 0.0]
    assert index.top(["zzz"], 2) == [0, 1]


def test_duplicate_query_terms_count_twice() -> None:
    documents = [["a", "b"], ["b"], ["c"]]
    once, twice = BM25(documents).scores(["a"]), BM25(documents).scores(["a", "a"])
    assert twice == reference_scores(documents, ["a", "a"])
    assert twice[0] == once[0] + once[0]


def test_bm25_terms() -> None:
    assert bm25_terms("Caf\u00e9 CAFE\u0301") == ["café", "café"]
    assert bm25_terms("\ufb01ne, \uff26ine; STRASSE stra\u00dfe") == [
        "fine",
        "fine",
        "strasse",
        "strasse",
    ]
    assert bm25_terms("snake_case 42 — x") == ["snake_case", "42", "x"]
    assert bm25_terms("") == []


def test_refuses_parameters_rank_bm25_divides_by_zero_with() -> None:
    with pytest.raises(ValueError, match="k1"):
        BM25([["a"]], k1=0)
    with pytest.raises(ValueError, match="b="):
        BM25([["a"]], b=1.5)
    with pytest.raises(ValueError, match="k must"):
        BM25([["a"]]).top(["a"], -1)
