"""The measures of one chunking setting and one retriever on the user's evaluation set.

Everything is said in integer spans ``(document, start, end)``: positions ``start`` up to,
not including, ``end`` of document number ``document``.  The positions may be characters or
tokens; the caller decides, these functions only compare them.  A span of one document never
meets a span of another.

Inputs:

- ``chunks``: each chunk's span, ``Sequence[tuple[int, int, int]]``, and ``chunk_tokens``, each
  chunk's token count (``Sequence[int]``, same order);
- ``questions``: for each question, the spans of its excerpts
  (``Sequence[Sequence[tuple[int, int, int]]]``, at least one non-empty excerpt each);
- ``rankings``: for each question, the retrieved chunks' indices, best first (distinct);
- ``k``: how many chunks are retrieved; a question's top k is ``ranking[:k]``.

Public names, each returning an exact ``Fraction`` (the page and the command line format it):

- ``measure_setting(chunks, chunk_tokens, questions, rankings, k) -> SettingMeasures``: all of
  the below at once;
- ``excerpt_survival(chunks, questions)``: the share of excerpts that lie whole inside at least
  one chunk, whatever is retrieved (every excerpt of every question counts once);
- ``hit_at_k(chunks, questions, rankings, k)``: the share of questions each of whose excerpts
  lies whole inside some chunk of the question's top k;
- ``chroma_scores(chunks, questions, rankings, k) -> ChromaScores``: Chroma's recall, precision
  and IoU (see :func:`chroma_scores`);
- ``mean_reciprocal_rank(chunks, questions, rankings, k)``: per question 1 / the rank of the
  first chunk of its top k that holds one of its excerpts whole (0 when none does), the mean;
- ``context_tokens(chunk_tokens, rankings, k)``: the mean over questions of the token counts
  of their top k chunks, summed: what the retrieved context costs the answering model.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "ChromaScores",
    "SettingMeasures",
    "Span",
    "chroma_scores",
    "context_tokens",
    "excerpt_survival",
    "hit_at_k",
    "mean_reciprocal_rank",
    "measure_setting",
]

#: ``(document, start, end)``: positions ``start`` to ``end`` (not included) of a document.
Span = tuple[int, int, int]


@dataclass(frozen=True)
class ChromaScores:
    """Chroma's three means over the questions (see :func:`chroma_scores`)."""

    recall: Fraction
    precision: Fraction
    iou: Fraction


@dataclass(frozen=True)
class SettingMeasures:
    """Every measure of one setting (chunking, retriever and k), each exact."""

    excerpt_survival: Fraction
    hit_at_k: Fraction
    recall: Fraction
    precision: Fraction
    iou: Fraction
    mrr: Fraction
    context_tokens: Fraction


def measure_setting(
    chunks: Sequence[Span],
    chunk_tokens: Sequence[int],
    questions: Sequence[Sequence[Span]],
    rankings: Sequence[Sequence[int]],
    k: int,
) -> SettingMeasures:
    """Every measure of the setting whose chunks and rankings these are.

    >>> measure_setting([(0, 0, 10), (0, 10, 20)], [3, 4], [[(0, 2, 5)]], [[1, 0]], 2)
    ... # doctest: +NORMALIZE_WHITESPACE
    SettingMeasures(excerpt_survival=Fraction(1, 1), hit_at_k=Fraction(1, 1),
        recall=Fraction(1, 1), precision=Fraction(3, 20), iou=Fraction(3, 20),
        mrr=Fraction(1, 2), context_tokens=Fraction(7, 1))
    """
    _check(chunks, questions, rankings, k)
    if len(chunk_tokens) != len(chunks):
        raise ValueError("chunk_tokens must give one count for each chunk")
    chroma = chroma_scores(chunks, questions, rankings, k)
    return SettingMeasures(
        excerpt_survival=excerpt_survival(chunks, questions),
        hit_at_k=hit_at_k(chunks, questions, rankings, k),
        recall=chroma.recall,
        precision=chroma.precision,
        iou=chroma.iou,
        mrr=mean_reciprocal_rank(chunks, questions, rankings, k),
        context_tokens=context_tokens(chunk_tokens, rankings, k),
    )


def excerpt_survival(chunks: Sequence[Span], questions: Sequence[Sequence[Span]]) -> Fraction:
    """The share of excerpts (every excerpt of every question) that lie whole inside at
    least one chunk: those a retriever can still find in one piece, whatever it retrieves.

    >>> excerpt_survival([(0, 0, 10), (0, 8, 20)], [[(0, 5, 9), (0, 9, 12)], [(0, 5, 15)]])
    Fraction(2, 3)
    """
    _check(chunks, questions, [[] for _ in questions], 1)
    # Per document, the chunks by start with the furthest end reached so far: an excerpt lies
    # in some chunk when a chunk starting at or before it reaches its end.
    by_document: dict[int, list[tuple[int, int]]] = {}
    for document, start, end in chunks:
        by_document.setdefault(document, []).append((start, end))
    reach: dict[int, tuple[list[int], list[int]]] = {}
    for document, spans in by_document.items():
        spans.sort()
        furthest, ends = -1, []
        for _, end in spans:
            furthest = max(furthest, end)
            ends.append(furthest)
        reach[document] = ([start for start, _ in spans], ends)
    whole = total = 0
    for excerpts in questions:
        for document, start, end in excerpts:
            total += 1
            starts, ends = reach.get(document, ([], []))
            before = bisect_right(starts, start)
            whole += before > 0 and ends[before - 1] >= end
    return Fraction(whole, total)


def hit_at_k(
    chunks: Sequence[Span],
    questions: Sequence[Sequence[Span]],
    rankings: Sequence[Sequence[int]],
    k: int,
) -> Fraction:
    """The share of questions each of whose excerpts lies whole inside some chunk of the
    question's top k (a question of two excerpts hits when both are found, in one chunk or
    in two).

    >>> hit_at_k([(0, 0, 10), (0, 10, 20)], [[(0, 2, 5), (0, 12, 15)], [(0, 8, 12)]],
    ...          [[0, 1], [0, 1]], 2)
    Fraction(1, 2)
    """
    _check(chunks, questions, rankings, k)
    hits = 0
    for excerpts, ranking in zip(questions, rankings, strict=True):
        top = [chunks[index] for index in ranking[:k]]
        hits += all(any(_holds(chunk, excerpt) for chunk in top) for excerpt in excerpts)
    return Fraction(hits, len(questions))


def mean_reciprocal_rank(
    chunks: Sequence[Span],
    questions: Sequence[Sequence[Span]],
    rankings: Sequence[Sequence[int]],
    k: int,
) -> Fraction:
    """MRR@k: per question, 1 / the rank (from 1) of the first chunk of its top k that holds
    one of its excerpts whole, 0 when none of the top k does; the mean over questions.

    >>> mean_reciprocal_rank([(0, 0, 10), (0, 10, 20)], [[(0, 12, 15)], [(0, 8, 12)]],
    ...                      [[0, 1], [0, 1]], 2)
    Fraction(1, 4)
    """
    _check(chunks, questions, rankings, k)
    total = Fraction(0)
    for excerpts, ranking in zip(questions, rankings, strict=True):
        for rank, index in enumerate(ranking[:k], start=1):
            if any(_holds(chunks[index], excerpt) for excerpt in excerpts):
                total += Fraction(1, rank)
                break
    return total / len(questions)


def context_tokens(
    chunk_tokens: Sequence[int], rankings: Sequence[Sequence[int]], k: int
) -> Fraction:
    """The mean over questions of their top k chunks' token counts, summed.

    >>> context_tokens([100, 200, 300], [[0, 1], [2]], 2)
    Fraction(300, 1)
    """
    if not rankings:
        raise ValueError("no questions")
    if k < 1:
        raise ValueError(f"k must be 1 or more, got {k}")
    return Fraction(
        sum(sum(chunk_tokens[i] for i in ranking[:k]) for ranking in rankings), len(rankings)
    )


def chroma_scores(
    chunks: Sequence[Span],
    questions: Sequence[Sequence[Span]],
    rankings: Sequence[Sequence[int]],
    k: int,
) -> ChromaScores:
    """Recall, precision and IoU of each question's top k against its excerpts, the means over
    questions, as Chroma's chunking evaluation computes them
    (``chunking_evaluation/evaluation_framework/base_evaluation.py``,
    ``BaseEvaluation._scores_from_dataset_and_retrievals``), formula for formula:

    - numerator: the positions shared by a retrieved chunk and an excerpt of the same document,
      each counted once (Chroma unions the intersections, ``union_ranges``);
    - recall = numerator / the excerpts' lengths summed (not unioned: two overlapping
      excerpts count their common positions twice, so recall stays below 1 then);
    - precision = numerator / the top k chunks' lengths summed (every retrieved chunk, also one
      that meets no excerpt or belongs to another document; overlapping chunks count their
      common positions twice);
    - IoU = numerator / (the top k chunks' lengths summed + the positions of each excerpt
      that no retrieved chunk of its document covers, summed over excerpts).

    Chroma's paper calls these token-level measures, but its code measures character ranges;
    these take whatever positions the caller gives.  Chroma keeps one document per question;
    here each excerpt meets only the chunks of its own document.  Where Chroma would divide by
    zero (no retrieved position) precision is 0.

    >>> chroma_scores([(0, 0, 10), (0, 10, 20), (1, 0, 5)], [[(0, 5, 15)]], [[0, 2]], 2)
    ChromaScores(recall=Fraction(1, 2), precision=Fraction(1, 3), iou=Fraction(1, 4))
    """
    _check(chunks, questions, rankings, k)
    recall = precision = iou = Fraction(0)
    for excerpts, ranking in zip(questions, rankings, strict=True):
        top = [chunks[index] for index in ranking[:k]]
        retrieved = _unions(top)
        shared = sum(
            _common_length(retrieved.get(document, []), spans)
            for document, spans in _unions(excerpts).items()
        )
        excerpt_length = sum(end - start for _, start, end in excerpts)
        chunk_length = sum(end - start for _, start, end in top)
        uncovered = sum(
            (end - start) - _common_length(retrieved.get(document, []), [(start, end)])
            for document, start, end in excerpts
        )
        recall += Fraction(shared, excerpt_length)
        precision += Fraction(shared, chunk_length) if chunk_length else Fraction(0)
        iou += Fraction(shared, chunk_length + uncovered)
    count = len(questions)
    return ChromaScores(recall / count, precision / count, iou / count)


def _holds(chunk: Span, excerpt: Span) -> bool:
    """Whether ``excerpt`` lies whole inside ``chunk``."""
    return chunk[0] == excerpt[0] and chunk[1] <= excerpt[1] and excerpt[2] <= chunk[2]


def _unions(spans: Sequence[Span]) -> dict[int, list[tuple[int, int]]]:
    """Each document's positions among ``spans``, as disjoint ranges in order."""
    by_document: dict[int, list[tuple[int, int]]] = {}
    for document, start, end in spans:
        by_document.setdefault(document, []).append((start, end))
    merged: dict[int, list[tuple[int, int]]] = {}
    for document, ranges in by_document.items():
        ranges.sort()
        joined: list[tuple[int, int]] = []
        for start, end in ranges:
            if joined and start <= joined[-1][1]:
                joined[-1] = (joined[-1][0], max(joined[-1][1], end))
            elif start < end:
                joined.append((start, end))
        merged[document] = joined
    return merged


def _common_length(first: list[tuple[int, int]], second: list[tuple[int, int]]) -> int:
    """How many positions two lists of disjoint ordered ranges share."""
    shared = i = j = 0
    while i < len(first) and j < len(second):
        start = max(first[i][0], second[j][0])
        end = min(first[i][1], second[j][1])
        shared += max(0, end - start)
        if first[i][1] < second[j][1]:
            i += 1
        else:
            j += 1
    return shared


def _check(
    chunks: Sequence[Span],
    questions: Sequence[Sequence[Span]],
    rankings: Sequence[Sequence[int]],
    k: int,
) -> None:
    """Refuse inputs the measures are not defined for, before any division."""
    if not questions:
        raise ValueError("no questions")
    if len(rankings) != len(questions):
        raise ValueError("rankings must give one ranking for each question")
    if k < 1:
        raise ValueError(f"k must be 1 or more, got {k}")
    if any(start > end for _, start, end in chunks):
        raise ValueError("a chunk ends before it starts")
    for excerpts in questions:
        if not excerpts:
            raise ValueError("a question has no excerpt")
        if any(start >= end for _, start, end in excerpts):
            raise ValueError("an excerpt is empty or ends before it starts")
    for ranking in rankings:
        if len(set(ranking)) != len(ranking):
            raise ValueError("a chunk appears twice in one ranking")
        if any(not 0 <= index < len(chunks) for index in ranking):
            raise ValueError("a ranking names a chunk that does not exist")
