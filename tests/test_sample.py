"""A counted sample speaks for the corpus (calculator/protocol/_sample.py): its ratios exact, its
estimates the ratios applied to the corpus's size, and where a corpus is the sample repeated,
each estimate equal to planning that corpus document by document."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import plan_documents
from calculator._errors import CalculatorError
from calculator.protocol._sample import (
    Sample,
    SampleDocument,
    describe,
    estimate,
    nearest,
    splitter_estimate,
)

ONE = Sample((SampleDocument(tokens=683, characters=2298, bytes=2370, words=310),))
TWO = Sample((SampleDocument(100, 400, 410, 70), SampleDocument(300, 1300, 1320, 210)))
EMPTY_FILE = Sample((SampleDocument(0, 0, 0, 0),))


@pytest.mark.parametrize(
    ("sample", "per_character", "per_byte", "per_word", "per_document"),
    [
        (ONE, Fraction(683, 2298), Fraction(683, 2370), Fraction(683, 310), Fraction(683)),
        (TWO, Fraction(400, 1700), Fraction(400, 1730), Fraction(400, 280), Fraction(200)),
        (EMPTY_FILE, None, None, None, Fraction(0)),
        (Sample(()), None, None, None, None),
    ],
)
def test_the_samples_ratios(
    sample: Sample,
    per_character: Fraction | None,
    per_byte: Fraction | None,
    per_word: Fraction | None,
    per_document: Fraction | None,
) -> None:
    assert sample.per_character == per_character
    assert sample.per_byte == per_byte
    assert sample.per_word == per_word
    assert sample.tokens_per_document == per_document


@pytest.mark.parametrize(
    ("sample", "chunk_size", "overlap", "chunks", "per_document"),
    [
        (ONE, 200, 20, 4, Fraction(4)),  # 683 tokens: windows at 0, 180, 360, 540
        (ONE, 1000, 0, 1, Fraction(1)),
        (TWO, 128, 16, 1 + 3, Fraction(2)),  # 100 → 1; 300 → 3
        (TWO, 64, 0, 2 + 5, Fraction(7, 2)),
        (EMPTY_FILE, 64, 0, 0, Fraction(0)),
    ],
)
def test_chunks_per_document_split_each_document_on_its_own(
    sample: Sample, chunk_size: int, overlap: int, chunks: int, per_document: Fraction
) -> None:
    assert sample.chunks(chunk_size, overlap) == chunks
    assert sample.chunks_per_document(chunk_size, overlap) == per_document


@pytest.mark.parametrize(
    ("sample", "kind", "size", "documents", "tokens", "chunks", "average"),
    [
        (ONE, "documents", 50_000, 50_000, 34_150_000, 200_000, 683),
        # 1 and 2 chunks at 200/20: 3 documents × 3/2 chunks = 4.5, rounded up.
        (TWO, "documents", 3, 3, 600, 5, 200),
        # A total size is D documents like the sample's, each split on its own:
        # 10^9 bytes ÷ 2,370 bytes a document = 421,940.9 → 421,941 documents of 683 tokens.
        (ONE, "bytes", 10**9, 421_941, 421_941 * 683, 421_941 * 4, 683),
        # 10^6 characters ÷ 850 characters a document = 1,176.5 → 1,176 documents.
        (TWO, "characters", 10**6, 1_176, 1_176 * 200, 1_764, 200),
        # 1.23 GiB (1,320,702,443.52 bytes) ÷ 2,370 = 557,258.4 documents.
        (ONE, "bytes", Fraction(33_017_561_088, 25), 557_258, 557_258 * 683, 557_258 * 4, 683),
        # Less than a document is one; a half is rounded up (5 bytes ÷ 2 = 2.5 → 3).
        (ONE, "bytes", 1, 1, 683, 4, 683),
        (Sample((SampleDocument(1, 2, 2, 1),)), "bytes", 5, 3, 3, 3, 1),
    ],
)
def test_a_corpus_size_gives_an_estimate(
    sample: Sample,
    kind: str,
    size: int | Fraction,
    documents: int,
    tokens: int,
    chunks: int,
    average: int,
) -> None:
    figures = estimate(sample, kind, size, 200, 20)
    assert figures is not None
    assert (figures.documents, figures.tokens, figures.chunks) == (documents, tokens, chunks)
    assert figures.use == {
        "corpus": "documents",
        "documents": str(documents),
        "average_tokens": str(average),
    }


def test_a_50_gb_corpus_is_documents_like_the_samples_not_one_document() -> None:
    """Issue 47: 50 GB used as a sample was one document of 13.3 billion tokens, split as one
    stream (29.7 million chunks at 512/64 where documents of 683 tokens make 42.2 million)."""
    figures = estimate(ONE, "bytes", 50 * 10**9, 512, 64)
    assert figures is not None
    # 5 × 10^10 ÷ 2,370 = 21,097,046.4 documents of 683 tokens, 2 chunks each at 512/64.
    assert figures.use == {
        "corpus": "documents",
        "documents": "21097046",
        "average_tokens": "683",
    }
    assert (figures.tokens, figures.chunks) == (21_097_046 * 683, 21_097_046 * 2)
    assert figures.size_per_document == Fraction(2370)


def test_no_estimate_without_what_the_size_measures() -> None:
    assert estimate(EMPTY_FILE, "bytes", 1000, 200, 20) is None
    assert estimate(Sample(()), "documents", 1000, 200, 20) is None
    with pytest.raises(CalculatorError) as raised:
        estimate(ONE, "pages", 10, 200, 20)
    assert raised.value.key == "unknown_choice"
    with pytest.raises(CalculatorError) as raised:
        estimate(ONE, "documents", 0, 200, 20)
    assert raised.value.key == "too_small"


@pytest.mark.parametrize(
    ("value", "rounded"),
    [
        (Fraction(1, 2), 1),
        (Fraction(3, 2), 2),
        (Fraction(49, 100), 0),
        (Fraction(10**30 + 1, 2), 5 * 10**29 + 1),
    ],
)
def test_nearest_rounds_a_half_up(value: Fraction, rounded: int) -> None:
    assert nearest(value) == rounded


DOCUMENT = st.builds(
    lambda tokens, extra_chars, extra_bytes, words: SampleDocument(
        tokens, tokens + extra_chars, tokens + extra_chars + extra_bytes, words
    ),
    st.integers(0, 5000),
    st.integers(0, 3000),
    st.integers(0, 3000),
    st.integers(0, 2000),
)


@given(
    st.lists(DOCUMENT, min_size=1, max_size=6),
    st.integers(1, 40),
    st.integers(1, 700),
    st.integers(0, 699),
)
def test_a_corpus_of_the_sample_repeated_is_estimated_exactly(
    documents: list[SampleDocument], repeats: int, chunk_size: int, overlap: int
) -> None:
    """D = the sample's documents × r: the estimate is the plan of that corpus, document by
    document (the brute force), whether its size is given in documents or as its total bytes
    or characters (which make D documents like the sample's, never one document)."""
    overlap %= chunk_size
    sample = Sample(tuple(documents))
    corpus = [document.tokens for document in documents] * repeats
    plan = plan_documents(corpus, chunk_size, overlap)
    figures = estimate(sample, "documents", len(corpus), chunk_size, overlap)
    assert figures is not None
    assert figures.tokens == plan.tokens == sum(corpus)
    assert figures.chunks == plan.chunks
    for kind, size in (("bytes", sample.bytes), ("characters", sample.characters)):
        if not size:
            assert estimate(sample, kind, repeats, chunk_size, overlap) is None
            continue
        by_size = estimate(sample, kind, size * repeats, chunk_size, overlap)
        assert by_size is not None
        assert (by_size.documents, by_size.tokens) == (len(corpus), sum(corpus))
        assert by_size.chunks == plan.chunks
        assert by_size.use == figures.use


@given(
    st.lists(DOCUMENT, min_size=1, max_size=6),
    st.one_of(st.integers(1, 10**5), st.integers(1, 10**15)),
    st.integers(1, 700),
    st.integers(0, 699),
)
def test_a_total_size_is_documents_of_the_samples_average_size(
    documents: list[SampleDocument], size: int, chunk_size: int, overlap: int
) -> None:
    """Any size in bytes: D = size ÷ the sample's bytes per document, rounded half up in
    integers (at least one), then exactly the estimate of D documents, each split on its own
    (the plan of the sample's documents, r times, when D is r × theirs)."""
    overlap %= chunk_size
    sample = Sample(tuple(documents))
    by_bytes = estimate(sample, "bytes", size, chunk_size, overlap)
    if sample.bytes == 0:
        assert by_bytes is None
        return
    assert by_bytes is not None
    count = len(documents)
    expected = max(1, (2 * size * count + sample.bytes) // (2 * sample.bytes))
    assert by_bytes.documents == expected
    by_documents = estimate(sample, "documents", expected, chunk_size, overlap)
    assert by_documents is not None
    assert (by_bytes.tokens, by_bytes.chunks, by_bytes.use) == (
        by_documents.tokens,
        by_documents.chunks,
        by_documents.use,
    )
    if expected % count == 0 and expected <= 300:  # a corpus small enough to list
        corpus = [document.tokens for document in documents] * (expected // count)
        assert by_bytes.chunks == plan_documents(corpus, chunk_size, overlap).chunks


@pytest.mark.parametrize(
    ("split", "window", "corpus", "expected"),
    [
        # Seed 004 at 200/20: LangChain's 16 chunks where the window model makes 14.
        ((16, 2300), (14, 2600), (150_000, 9_600_000), (Fraction(8, 7), 171_429, 8_492_308)),
        ((14, 2600), (14, 2600), (150_000, 9_600_000), (Fraction(1), 150_000, 9_600_000)),
        ((3, 90), (0, 0), (10, 100), (None, None, None)),
        ((3, 90), (2, 100), None, (Fraction(3, 2), None, None)),
    ],
)
def test_a_splitters_ratio_applied_to_the_corpus(
    split: tuple[int, int],
    window: tuple[int, int],
    corpus: tuple[int, int] | None,
    expected: tuple[Fraction | None, int | None, int | None],
) -> None:
    figures = splitter_estimate("recursive", *split, window, corpus)
    assert (
        figures.chunks_ratio,
        figures.corpus_chunks,
        figures.corpus_tokens_processed,
    ) == expected


def request(**changes: object) -> str:
    base: dict[str, object] = {
        "documents": [{"tokens": 100, "characters": 400, "bytes": 410, "words": 70}],
        "chunk_size": "64",
        "overlap": "0",
        "size": {"kind": "documents", "text": ""},
        "number_format": {"group": ".", "decimal": ","},
        "corpus": None,
        "splits": {},
    }
    return json.dumps(base | changes)


@pytest.mark.parametrize(
    ("size", "estimated", "error"),
    [
        ({"kind": "documents", "text": ""}, None, None),
        ({"kind": "documents", "text": "  "}, None, None),
        ({"kind": "documents", "text": "1.000"}, "100000", None),
        ({"kind": "bytes", "text": "4.100"}, "1000", None),
        ({"kind": "characters", "text": "2 000"}, "500", None),
        ({"kind": "documents", "text": "0"}, None, "too_small"),
        ({"kind": "documents", "text": "1,5"}, None, "not_whole"),
        ({"kind": "documents", "text": "8,000"}, None, "ambiguous_number"),
        ({"kind": "documents", "text": "lots"}, None, "not_a_number"),
        ({"kind": "pages", "text": "3"}, None, "unknown_choice"),
    ],
)
def test_the_pages_size_is_read_as_the_calculators_fields_are(
    size: dict[str, str], estimated: str | None, error: str | None
) -> None:
    answer = json.loads(describe(request(size=size)))
    assert (answer["estimate"] or {}).get("tokens") == estimated
    assert (answer["error"] or {}).get("key") == error


def test_the_pages_answer_has_every_figure_as_text() -> None:
    answer = json.loads(
        describe(
            request(
                corpus={"chunks": "1000", "tokens_processed": "64000"},
                splits={
                    "sentence": {"chunks": 3, "tokens_processed": 99},
                    "recursive": {"chunks": 2, "tokens_processed": 100},
                },
            )
        )
    )
    assert answer["per_character"] == "0.25"
    assert answer["per_byte"] == "0.244"  # 100/410 = 0.2439…
    assert answer["per_word"] == "1.429"
    assert (answer["chunks"], answer["chunks_per_document"]) == ("2", "2")
    rows = [
        (row["splitter"], row["chunks_ratio"], row["corpus_chunks"]) for row in answer["splitters"]
    ]
    assert rows == [
        ("window", "1", "1000"),
        ("recursive", "1", "1000"),
        ("sentence", "1.5", "1500"),
    ]
    assert answer["splitters"][2]["tokens_ratio"] == "0.99"
    assert answer["splitters"][2]["corpus_tokens_processed"] == "63360"
