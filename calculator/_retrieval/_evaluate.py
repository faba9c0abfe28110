"""One evaluation: the sample's documents cut at each setting, each question's chunks
retrieved, and every measure of each setting (``_measures``), the same in the command line
and the page.

A setting is a splitter (``"window"`` or one of the splitters) with a chunk size and an
overlap.  Its chunks are where they lie in the documents, in characters: a splitter's chunk
as the library cuts it (``Chunk.start``, ``Chunk.end``); a window of tokens from the first
character its first token touches to the last its last token touches (a character whose
bytes a window's edge cuts is inside).  The excerpts are found in the same characters
(``_evaluation_set``), so the measures compare characters, as Chroma's code does.

The retrievers rank every chunk of the setting for each question:

- ``bm25``: rank_bm25's BM25Okapi over ``bm25_terms`` (``_bm25``);
- ``wordllama``: the cosine of WordLlama's embeddings (``_wordllama``): each question embedded
  once, each setting's chunks embedded once;
- ``hybrid``: the reciprocal rank fusion (``_fusion``, k = 60) of the two full rankings.

Work is bounded by the sample: each setting splits every document once, and every measure is
linear in its chunks and questions but for the retrieval, which scores each chunk once per
question.  ``progress`` (if given) is told each setting done, so a caller can show it or
stop between settings.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING

from .._chunking import plan_chunks
from .._errors import CalculatorError
from .._retrievers import RETRIEVERS
from ._bm25 import BM25, bm25_terms
from ._fusion import fused_ranking
from ._measures import SettingMeasures, Span, measure_setting

if TYPE_CHECKING:
    from .._splitters import Length
    from .._tokens import Encoding
    from ._wordllama import WordLlamaModel


#: (splitter, chunk size, overlap)
Setting = tuple[str, int, int]


@dataclass(frozen=True)
class SampleChunks:
    """One setting's chunks of the sample: where each lies, its text and its tokens."""

    spans: list[Span]
    texts: list[str]
    tokens: list[int]


@dataclass(frozen=True)
class SettingEvaluation:
    """One setting's chunks and measures; ``measures`` is None where the splitter refused
    the setting for a document (``refused``: the reason's message key)."""

    setting: Setting
    chunks: int
    measures: SettingMeasures | None
    refused: str = ""


@dataclass(frozen=True)
class Question:
    """A question's text and the spans (in the sample's characters) of its excerpts."""

    text: str
    excerpts: Sequence[Span]


def sample_chunks(
    documents: Sequence[str],
    setting: Setting,
    length: Length,
    encoding: Encoding | None,
) -> SampleChunks:
    """Every document cut at ``setting``, in order; ``encoding`` (an OpenAI encoding's) is
    needed by the window model only.  Raises ``CalculatorError`` for a setting the splitter
    refuses (LlamaIndex: a character longer than the chunk size)."""
    splitter, chunk_size, overlap = setting
    spans: list[Span] = []
    texts: list[str] = []
    tokens: list[int] = []
    for number, text in enumerate(documents):
        if splitter == "window":
            if encoding is None:
                raise ValueError("the window model's chunks need an OpenAI encoding's tokens")
            for start, end, count in window_spans(encoding, text, chunk_size, overlap):
                spans.append((number, start, end))
                texts.append(text[start:end])
                tokens.append(count)
            continue
        # Imported here: the window model needs no splitter.
        from .._splitters import iter_chunks  # noqa: PLC0415

        for chunk in iter_chunks(splitter, text, length, chunk_size, overlap):
            spans.append((number, chunk.start, chunk.end))
            texts.append(chunk.text)
            tokens.append(chunk.tokens)
    return SampleChunks(spans, texts, tokens)


def window_spans(
    encoding: Encoding, text: str, chunk_size: int, overlap: int
) -> list[tuple[int, int, int]]:
    """The window model's chunks of ``text`` in its characters: (start, end, tokens) of
    each window of ``chunk_size`` tokens sharing ``overlap``."""
    ids = encoding.encode(text)
    plan = plan_chunks(len(ids), chunk_size, overlap)
    if not plan.chunks:
        return []
    # Where each token and each character starts, in the text's UTF-8 bytes.
    token_bytes = [0, *accumulate(encoding.byte_length(token) for token in ids)]
    char_bytes = [0, *accumulate(len(character.encode("utf-8", "surrogatepass"))
                                 for character in text)]  # fmt: skip
    windows = []
    for index in range(plan.chunks):
        first, last = plan.window(index)
        start = bisect_right(char_bytes, token_bytes[first]) - 1
        end = bisect_left(char_bytes, token_bytes[last])
        windows.append((start, min(end, len(text)), last - first))
    return windows


def rankings(
    retriever: str,
    chunk_texts: Sequence[str],
    questions: Sequence[str],
    *,
    model: WordLlamaModel | None = None,
    query_vectors: Sequence[Sequence[float]] | None = None,
) -> list[list[int]]:
    """Each question's ranking of every chunk, best first.  ``wordllama`` and ``hybrid``
    need the ``model``; ``query_vectors`` (the questions' embeddings, if already made) spare
    embedding them again at each setting."""
    if retriever not in RETRIEVERS:
        raise ValueError(f"unknown retriever {retriever!r}: one of {', '.join(RETRIEVERS)}")
    keyword: list[list[int]] = []
    if retriever in ("bm25", "hybrid"):
        index = BM25([bm25_terms(text) for text in chunk_texts])
        keyword = [index.top(bm25_terms(question), len(chunk_texts)) for question in questions]
        if retriever == "bm25":
            return keyword
    if model is None:
        raise ValueError(f"the {retriever} retriever needs WordLlama's model")
    # Imported here: BM25 alone needs no model.
    from ._wordllama import cosine_scores, ranking  # noqa: PLC0415

    vectors = query_vectors if query_vectors is not None else model.embed(questions)
    chunk_vectors = model.embed(chunk_texts)
    semantic = [ranking(cosine_scores(vector, chunk_vectors)) for vector in vectors]
    if retriever == "wordllama":
        return semantic
    return [fused_ranking(pair) for pair in zip(keyword, semantic, strict=True)]


def evaluate(
    documents: Sequence[str],
    questions: Sequence[Question],
    settings: Sequence[Setting],
    *,
    length: Length,
    encoding: Encoding | None,
    retriever: str,
    top_k: int,
    model: WordLlamaModel | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[SettingEvaluation]:
    """Each setting's measures with ``retriever`` and its ``top_k`` chunks."""
    if top_k < 1:
        raise ValueError(f"top_k must be 1 or more, got {top_k}")
    texts = [question.text for question in questions]
    excerpts = [question.excerpts for question in questions]
    query_vectors = model.embed(texts) if model is not None and retriever != "bm25" else None
    results = []
    for done, setting in enumerate(settings, 1):
        try:
            chunks = sample_chunks(documents, setting, length, encoding)
        except CalculatorError as refused:
            results.append(SettingEvaluation(setting, 0, None, refused.key))
        else:
            ranked = rankings(retriever, chunks.texts, texts, model=model,
                              query_vectors=query_vectors)  # fmt: skip
            top = [ranking[:top_k] for ranking in ranked]
            measures = measure_setting(chunks.spans, chunks.tokens, excerpts, top, top_k)
            results.append(SettingEvaluation(setting, len(chunks.spans), measures))
        if progress is not None:
            progress(done)
    return results
