"""BM25 as ``rank_bm25.BM25Okapi`` (0.2.2) scores it, in plain Python floats.

Public names:

- ``bm25_terms(text: str) -> list[str]``: the words of a text, as the evaluation indexes them.
- ``BM25(documents: Sequence[Sequence[str]], *, k1=1.5, b=0.75, epsilon=0.25)``: the index of
  tokenized documents (chunks), with ``scores(query_terms) -> list[float]`` (one score per
  document, in document order) and ``top(query_terms, k) -> list[int]`` (the indices of the
  ``k`` best documents, score descending, ties by index ascending).

The scores are rank_bm25's to the last bit: every float is made by the same IEEE operations in
the same order as its numpy code makes it (numpy's float64 arithmetic rounds each operation
as Python's does), so tests compare them exactly.  rank_bm25's formulas, with ``N`` documents,
``n(t)`` of them holding term ``t``, ``f`` the term's count in the document, ``dl`` the
document's length in terms and ``avgdl`` the mean length:

- idf(t) = log(N − n(t) + 0.5) − log(n(t) + 0.5); a negative idf (a term in more than half
  of the documents) is replaced by ``epsilon`` × the mean idf of all the corpus's terms;
- a query term adds idf(t) · f · (k1 + 1) / (f + k1 · (1 − b + b · dl / avgdl)), once for
  each time it occurs in the query; a term in no document adds nothing.

Where rank_bm25 has no score this index gives 0.0 to every document: an empty corpus (it
divides by zero) and a corpus whose documents are all empty (no term, so no mean idf).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence

__all__ = ["BM25", "bm25_terms"]

_WORD = re.compile(r"\w+")


def bm25_terms(text: str) -> list[str]:
    """The terms BM25 indexes of ``text``: its runs of word characters (``\\w+``, Unicode's
    letters, digits and the underscore), after NFKC normalization and case folding.

    NFKC makes a composed "é" and an "e" followed by a combining accent one term, and a
    ligature or a full-width letter the letters it stands for; case folding (Unicode's
    caseless matching, which also makes "ß" "ss") makes "Chunk" and "CHUNK" one term.  The
    tests tokenize with this same function for both sides, this index and rank_bm25 (which
    takes its documents already tokenized), so they compare the scoring alone.

    >>> bm25_terms("Straße, STRASSE and the ﬁle_2!")
    ['strasse', 'strasse', 'and', 'the', 'file_2']
    """
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


class BM25:
    """An Okapi BM25 index of tokenized documents, as ``rank_bm25.BM25Okapi`` builds it.

    >>> index = BM25([["a", "b"], ["b", "c", "c"], []])
    >>> index.top(["c"], 3)
    [1, 0, 2]
    """

    def __init__(
        self,
        documents: Sequence[Sequence[str]],
        *,
        k1: float = 1.5,
        b: float = 0.75,
        epsilon: float = 0.25,
    ) -> None:
        if not k1 > 0 or not 0 <= b <= 1:
            # k1 = 0 (or b = 1 with an empty document) makes rank_bm25 divide 0 by 0.
            raise ValueError(f"BM25 takes k1 > 0 and 0 <= b <= 1, got k1={k1}, b={b}")
        self._count = len(documents)
        # term -> [(document, count in it)], documents ascending: only the documents holding
        # a term get its share of the score (the others get idf · 0.0, which adds nothing).
        self._postings: dict[str, list[tuple[int, int]]] = {}
        total_length = 0
        for index, document in enumerate(documents):
            total_length += len(document)
            counts: dict[str, int] = {}
            for term in document:
                counts[term] = counts.get(term, 0) + 1
            for term, count in counts.items():
                self._postings.setdefault(term, []).append((index, count))
        self._idf: dict[str, float] = {}
        self._scale = k1 + 1
        self._norms = [0.0] * self._count
        if not self._postings:
            return
        average_length = total_length / self._count
        # rank_bm25 sums the idfs in the order its dict first met the terms, which is this
        # dict's order: the corpus's terms in the order of their first occurrence.
        idf_sum = 0.0
        negative = []
        for term, postings in self._postings.items():
            frequency = len(postings)
            idf = math.log(self._count - frequency + 0.5) - math.log(frequency + 0.5)
            self._idf[term] = idf
            idf_sum += idf
            if idf < 0:
                negative.append(term)
        floor = epsilon * (idf_sum / len(self._idf))
        for term in negative:
            self._idf[term] = floor
        # numpy's order: k1 * ((1 - b) + ((b * dl) / avgdl)), once per document.
        one_minus_b = 1 - b
        self._norms = [
            k1 * (one_minus_b + b * len(document) / average_length) for document in documents
        ]

    def scores(self, query_terms: Sequence[str]) -> list[float]:
        """Each document's score for ``query_terms`` (a term given twice counts twice), in
        document order.

        >>> BM25([["a"], ["b"], ["b"]]).scores(["a", "zzz"])
        [0.5108256237659907, 0.0, 0.0]
        """
        score = [0.0] * self._count
        for term in query_terms:
            idf = self._idf.get(term)
            if idf is None:
                continue
            for index, count in self._postings[term]:
                frequency = float(count)
                score[index] += idf * (frequency * self._scale / (frequency + self._norms[index]))
        return score

    def top(self, query_terms: Sequence[str], k: int) -> list[int]:
        """The indices of the ``k`` best documents (all of them when fewer), by score
        descending; documents of equal score by index ascending, so the order is the same on
        every run and in every browser.

        >>> BM25([["a"], ["b"], ["c"]]).top(["b"], 2)
        [1, 0]
        """
        if k < 0:
            raise ValueError(f"k must be 0 or more, got {k}")
        score = self.scores(query_terms)
        return sorted(range(self._count), key=lambda index: (-score[index], index))[:k]
