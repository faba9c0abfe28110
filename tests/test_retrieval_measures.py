"""calculator/_retrieval/_measures.py and _fusion.py against references written from the
definitions.

Each measure is recomputed by brute force over sets of (document, position) pairs, the
plainest reading of its definition; Chroma's recall, precision and IoU are also recomputed by
a transcription of Chroma's own functions (brandonstarxel/chunking_evaluation, now
chroma-core/chunking_evaluation: chunking_evaluation/evaluation_framework/base_evaluation.py,
``sum_of_ranges``, ``union_ranges``, ``intersect_two_ranges``, ``difference`` and the loop of
``BaseEvaluation._scores_from_dataset_and_retrievals``), with exact fractions in place of its
float divisions so the comparison is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator._retrieval._fusion import fused_ranking, fused_scores
from calculator._retrieval._measures import (
    ChromaScores,
    Span,
    chroma_scores,
    context_tokens,
    excerpt_survival,
    hit_at_k,
    mean_reciprocal_rank,
    measure_setting,
)

# --- Brute force: spans as sets of positions.


def positions(span: Span) -> set[tuple[int, int]]:
    document, start, end = span
    return {(document, position) for position in range(start, end)}


def holds(chunk: Span, excerpt: Span) -> bool:
    return positions(excerpt) <= positions(chunk)


def mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values)


def brute_survival(chunks: list[Span], questions: list[list[Span]]) -> Fraction:
    excerpts = [excerpt for question in questions for excerpt in question]
    whole = [any(holds(chunk, excerpt) for chunk in chunks) for excerpt in excerpts]
    return Fraction(sum(whole), len(excerpts))


def brute_hit(chunks: list[Span], question: list[Span], ranking: list[int], k: int) -> Fraction:
    top = [chunks[index] for index in ranking[:k]]
    return Fraction(all(any(holds(chunk, excerpt) for chunk in top) for excerpt in question))


def brute_reciprocal_rank(
    chunks: list[Span], question: list[Span], ranking: list[int], k: int
) -> Fraction:
    for rank, index in enumerate(ranking[:k], start=1):
        if any(holds(chunks[index], excerpt) for excerpt in question):
            return Fraction(1, rank)
    return Fraction(0)


def brute_chroma(
    chunks: list[Span], question: list[Span], ranking: list[int], k: int
) -> tuple[Fraction, Fraction, Fraction]:
    top = [chunks[index] for index in ranking[:k]]
    retrieved = set().union(*(positions(chunk) for chunk in top))
    wanted = set().union(*(positions(excerpt) for excerpt in question))
    shared = len(retrieved & wanted)
    excerpt_length = sum(len(positions(excerpt)) for excerpt in question)
    chunk_length = sum(len(positions(chunk)) for chunk in top)
    uncovered = sum(len(positions(excerpt) - retrieved) for excerpt in question)
    return (
        Fraction(shared, excerpt_length),
        Fraction(shared, chunk_length) if chunk_length else Fraction(0),
        Fraction(shared, chunk_length + uncovered),
    )


# --- Chroma's functions, transcribed (names and logic as in base_evaluation.py).


def sum_of_ranges(ranges: list[tuple[int, int]]) -> int:
    return sum(end - start for start, end in ranges)


def union_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    sorted_ranges = sorted(ranges, key=lambda x: x[0])
    merged_ranges = [sorted_ranges[0]]
    for current_start, current_end in sorted_ranges[1:]:
        last_start, last_end = merged_ranges[-1]
        if current_start <= last_end:
            merged_ranges[-1] = (last_start, max(last_end, current_end))
        else:
            merged_ranges.append((current_start, current_end))
    return merged_ranges


def intersect_two_ranges(
    range1: tuple[int, int], range2: tuple[int, int]
) -> tuple[int, int] | None:
    start1, end1 = range1
    start2, end2 = range2
    intersect_start = max(start1, start2)
    intersect_end = min(end1, end2)
    if intersect_start <= intersect_end:
        return (intersect_start, intersect_end)
    return None


def difference(ranges: list[tuple[int, int]], target: tuple[int, int]) -> list[tuple[int, int]]:
    result = []
    target_start, target_end = target
    for start, end in ranges:
        if end < target_start or start > target_end:
            result.append((start, end))
        elif start < target_start and end > target_end:
            result.append((start, target_start))
            result.append((target_end, end))
        elif start < target_start:
            result.append((start, target_start))
        elif end > target_end:
            result.append((target_end, end))
    return result


def chroma_question(
    references: list[dict[str, int]], corpus_id: int, metadatas: list[dict[str, int]]
) -> tuple[Fraction, Fraction, Fraction]:
    """One pass of _scores_from_dataset_and_retrievals's loop: (recall, precision, iou)."""
    numerator_sets: list[tuple[int, int]] = []
    unused_highlights = [(x["start_index"], x["end_index"]) for x in references]
    for metadata in metadatas:
        chunk_start, chunk_end = metadata["start_index"], metadata["end_index"]
        if metadata["corpus_id"] != corpus_id:
            continue
        for ref_obj in references:
            ref_start, ref_end = int(ref_obj["start_index"]), int(ref_obj["end_index"])
            intersection = intersect_two_ranges((chunk_start, chunk_end), (ref_start, ref_end))
            if intersection is not None:
                unused_highlights = difference(unused_highlights, intersection)
                numerator_sets = union_ranges([intersection, *numerator_sets])
    numerator_value = sum_of_ranges(numerator_sets) if numerator_sets else 0
    recall_denominator = sum_of_ranges([(x["start_index"], x["end_index"]) for x in references])
    precision_denominator = sum_of_ranges([(x["start_index"], x["end_index"]) for x in metadatas])
    iou_denominator = precision_denominator + sum_of_ranges(unused_highlights)
    # Chroma divides floats; the same quotients, exact.  It would divide by zero where nothing
    # of length was retrieved: ours says precision 0 there.
    precision = (
        Fraction(numerator_value, precision_denominator) if precision_denominator else Fraction(0)
    )
    return (
        Fraction(numerator_value, recall_denominator),
        precision,
        Fraction(numerator_value, iou_denominator),
    )


# --- Generated settings.


@dataclass
class Setting:
    chunks: list[Span]
    tokens: list[int]
    questions: list[list[Span]]
    rankings: list[list[int]]
    k: int


@st.composite
def spans(draw: Any, documents: list[int], empty: bool) -> Span:
    document = draw(st.sampled_from(documents))
    start = draw(st.integers(0, 24))
    end = draw(st.integers(start if empty else start + 1, 26))
    return (document, start, end)


@st.composite
def settings_(draw: Any, one_document_per_question: bool = False) -> Setting:
    documents = list(range(draw(st.integers(1, 3))))
    chunks = draw(st.lists(spans(documents, empty=True), max_size=9))
    tokens = draw(st.lists(st.integers(0, 50), min_size=len(chunks), max_size=len(chunks)))
    questions = []
    for _ in range(draw(st.integers(1, 4))):
        own = [draw(st.sampled_from(documents))] if one_document_per_question else documents
        questions.append(draw(st.lists(spans(own, empty=False), min_size=1, max_size=3)))
    indices = list(range(len(chunks)))
    rankings = [
        draw(st.permutations(indices))[: draw(st.integers(0, len(indices)))] for _ in questions
    ]
    return Setting(chunks, tokens, questions, rankings, draw(st.integers(1, 6)))


@settings(max_examples=500, deadline=None)
@given(setting=settings_())
def test_every_measure_is_its_definition(setting: Setting) -> None:
    chunks, questions, rankings, k = setting.chunks, setting.questions, setting.rankings, setting.k
    pairs = list(zip(questions, rankings, strict=True))
    chroma = [brute_chroma(chunks, question, ranking, k) for question, ranking in pairs]
    expected = {
        "excerpt_survival": brute_survival(chunks, questions),
        "hit_at_k": mean([brute_hit(chunks, q, r, k) for q, r in pairs]),
        "recall": mean([scores[0] for scores in chroma]),
        "precision": mean([scores[1] for scores in chroma]),
        "iou": mean([scores[2] for scores in chroma]),
        "mrr": mean([brute_reciprocal_rank(chunks, q, r, k) for q, r in pairs]),
        "context_tokens": mean(
            [Fraction(sum(setting.tokens[i] for i in ranking[:k])) for ranking in rankings]
        ),
    }
    measures = measure_setting(chunks, setting.tokens, questions, rankings, k)
    assert vars(measures) == expected
    assert all(type(value) is Fraction for value in vars(measures).values())
    # The single measures are the same functions.
    assert excerpt_survival(chunks, questions) == measures.excerpt_survival
    assert hit_at_k(chunks, questions, rankings, k) == measures.hit_at_k
    assert mean_reciprocal_rank(chunks, questions, rankings, k) == measures.mrr
    assert context_tokens(setting.tokens, rankings, k) == measures.context_tokens


@settings(max_examples=500, deadline=None)
@given(setting=settings_(one_document_per_question=True))
def test_chroma_scores_are_chromas_formulas(setting: Setting) -> None:
    """Chroma's setting: each question's excerpts in one corpus, chunks from any."""
    chunks, k = setting.chunks, setting.k
    per_question = []
    for question, ranking in zip(setting.questions, setting.rankings, strict=True):
        references = [{"start_index": start, "end_index": end} for _, start, end in question]
        metadatas = [
            {"start_index": chunks[i][1], "end_index": chunks[i][2], "corpus_id": chunks[i][0]}
            for i in ranking[:k]
        ]
        per_question.append(chroma_question(references, question[0][0], metadatas))
    got = chroma_scores(chunks, setting.questions, setting.rankings, k)
    assert got.recall == mean([scores[0] for scores in per_question])
    assert got.precision == mean([scores[1] for scores in per_question])
    assert got.iou == mean([scores[2] for scores in per_question])


def test_chroma_counts_overlapping_excerpts_twice_in_recall() -> None:
    # Two copies of one excerpt, wholly retrieved: Chroma's recall is 10 / 20.
    scores = chroma_scores([(0, 0, 10)], [[(0, 0, 10), (0, 0, 10)]], [[0]], 1)
    assert scores.recall == Fraction(1, 2)
    assert scores.precision == 1
    assert scores.iou == 1


def test_chunks_of_another_document_meet_nothing_but_count_in_precision() -> None:
    chunks = [(1, 0, 10), (0, 0, 10)]
    scores = chroma_scores(chunks, [[(0, 0, 10)]], [[0, 1]], 2)
    assert scores == ChromaScores(Fraction(1), Fraction(1, 2), Fraction(1, 2))
    assert hit_at_k(chunks, [[(0, 0, 10)]], [[0, 1]], 1) == 0
    assert mean_reciprocal_rank(chunks, [[(0, 0, 10)]], [[0, 1]], 2) == Fraction(1, 2)


def test_nothing_retrieved() -> None:
    measures = measure_setting([(0, 0, 5)], [7], [[(0, 1, 2)]], [[]], 3)
    assert measures.excerpt_survival == 1
    assert vars(measures) == {"excerpt_survival": 1} | dict.fromkeys(
        ["hit_at_k", "recall", "precision", "iou", "mrr", "context_tokens"], 0
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (([], [], [], [], 1), "no questions"),
        (([(0, 0, 5)], [1], [[(0, 0, 1)]], [[0]], 0), "k must"),
        (([(0, 0, 5)], [1], [[(0, 0, 1)]], [[0], [0]], 1), "one ranking"),
        (([(0, 0, 5)], [1], [[(0, 1, 1)]], [[0]], 1), "excerpt is empty"),
        (([(0, 0, 5)], [1], [[]], [[0]], 1), "no excerpt"),
        (([(0, 5, 0)], [1], [[(0, 0, 1)]], [[0]], 1), "ends before"),
        (([(0, 0, 5)], [1], [[(0, 0, 1)]], [[0, 0]], 1), "twice"),
        (([(0, 0, 5)], [1], [[(0, 0, 1)]], [[1]], 1), "does not exist"),
        (([(0, 0, 5)], [], [[(0, 0, 1)]], [[0]], 1), "chunk_tokens"),
    ],
)
def test_refuses_what_is_not_defined(arguments: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        measure_setting(*arguments)


# --- Reciprocal rank fusion.


def reference_fusion(rankings: list[list[int]], k: int) -> list[int]:
    items = {item for ranking in rankings for item in ranking}
    score = {
        item: sum(
            (Fraction(1, k + ranking.index(item) + 1) for ranking in rankings if item in ranking),
            Fraction(0),
        )
        for item in items
    }
    best = {
        item: min(ranking.index(item) + 1 for ranking in rankings if item in ranking)
        for item in items
    }
    return sorted(items, key=lambda item: (-score[item], best[item], item))


RANKINGS = st.lists(st.lists(st.integers(0, 12), unique=True, max_size=10), max_size=4)


@settings(max_examples=300, deadline=None)
@given(rankings=RANKINGS, k=st.integers(0, 100))
def test_fusion_is_its_definition(rankings: list[list[int]], k: int) -> None:
    assert fused_ranking(rankings, k) == reference_fusion(rankings, k)


@settings(max_examples=200, deadline=None)
@given(ranking=st.lists(st.integers(0, 50), unique=True, max_size=20), k=st.integers(0, 100))
def test_one_ranking_fuses_to_itself(ranking: list[int], k: int) -> None:
    assert fused_ranking([ranking], k) == ranking
    assert fused_ranking([ranking, ranking], k) == ranking


@settings(max_examples=200, deadline=None)
@given(rankings=RANKINGS)
def test_the_order_of_the_rankings_does_not_matter(rankings: list[list[int]]) -> None:
    assert fused_ranking(rankings) == fused_ranking(rankings[::-1])


def test_fusion_ties_and_defaults() -> None:
    # 0 and 2 tie exactly (1/61 + 1/63 each) and beat 1 (2/62): the tie goes to the smaller
    # index, both having best rank 1.
    assert fused_scores([[0, 1, 2], [2, 1, 0]])[0] == Fraction(1, 61) + Fraction(1, 63)
    assert fused_ranking([[0, 1, 2], [2, 1, 0]]) == [0, 2, 1]
    # Equal sums, different best ranks (k = 0: 9 has 1/1 + 1/4, 5 has 1/2 + 1/2 + 1/4): the
    # better best rank goes first, before the smaller index.
    assert fused_ranking([[9, 5], [8, 5, 7, 9], [6, 7, 4, 5]], k=0)[:2] == [9, 5]
    assert fused_ranking([]) == []
    with pytest.raises(ValueError, match="twice"):
        fused_ranking([[1, 1]])
    with pytest.raises(ValueError, match="k must"):
        fused_ranking([[1]], k=-1)
