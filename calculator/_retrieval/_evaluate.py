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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING

from .._chunking import plan_chunks
from .._errors import CalculatorError
from .._retrievers import MEASURES, RETRIEVERS
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


def evaluation_steps(
    documents: Sequence[str],
    questions: Sequence[Question],
    settings: Sequence[Setting],
    *,
    length_for: Callable[[str], Length],
    encoding: Encoding | None,
    retriever: str,
    top_k: int,
    model: WordLlamaModel | None = None,
    results: list[SettingEvaluation],
) -> Iterator[None]:
    """The evaluation, a bounded part of the work between yields (a splitter's step, a
    slice of a window's tokens, a chunk embedded, a question ranked), each setting's result
    appended to ``results`` once it is measured.  ``length_for(splitter)`` is what that
    splitter measures with; ``encoding`` (an OpenAI encoding's) is needed by the window
    model only.  The command line runs it through; the page's worker a few steps a call,
    answering the calculator and hearing a cancel between calls."""
    if top_k < 1:
        raise ValueError(f"top_k must be 1 or more, got {top_k}")
    if retriever not in RETRIEVERS:
        raise ValueError(f"unknown retriever {retriever!r}: one of {', '.join(RETRIEVERS)}")
    semantic = retriever != "bm25"
    if semantic and model is None:
        raise ValueError(f"the {retriever} retriever needs WordLlama's model")
    texts = [question.text for question in questions]
    excerpts = [question.excerpts for question in questions]
    query_vectors: list[list[float]] = []
    if semantic:
        assert model is not None
        for text in texts:
            query_vectors += model.embed([text])
            yield
    # Each document's tokens, made once: every window setting cuts the same ids.
    token_ids: dict[int, list[int]] = {}
    for setting in settings:
        chunks = SampleChunks([], [], [])
        try:
            yield from _cut_steps(
                documents, setting, length_for, encoding, chunks, token_ids=token_ids
            )
        except CalculatorError as refused:
            results.append(SettingEvaluation(setting, 0, None, refused.key))
            yield
            continue
        ranked: list[list[int]] = []
        yield from _ranking_steps(
            retriever, chunks.texts, texts, model, query_vectors, ranked=ranked
        )
        top = [ranking[:top_k] for ranking in ranked]
        measures = measure_setting(chunks.spans, chunks.tokens, excerpts, top, top_k)
        results.append(SettingEvaluation(setting, len(chunks.spans), measures))
        yield


def evaluate(
    documents: Sequence[str],
    questions: Sequence[Question],
    settings: Sequence[Setting],
    *,
    length_for: Callable[[str], Length],
    encoding: Encoding | None,
    retriever: str,
    top_k: int,
    model: WordLlamaModel | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[SettingEvaluation]:
    """Each setting's measures with ``retriever`` and its ``top_k`` chunks, at once
    (:func:`evaluation_steps` run through); ``progress`` is told each setting done."""
    results: list[SettingEvaluation] = []
    done = 0
    for _ in evaluation_steps(
        documents, questions, settings, length_for=length_for, encoding=encoding,
        retriever=retriever, top_k=top_k, model=model, results=results,
    ):  # fmt: skip
        if progress is not None and len(results) > done:
            done = len(results)
            progress(done)
    return results


def setting_entries(results: Sequence[SettingEvaluation]) -> list[dict[str, object]]:
    """The settings' results as plain data (the command line's JSON, the page's answer):
    ``splitter``, ``chunk_size``, ``overlap``, ``chunks`` and each measure as its exact
    fraction's text and its float, or ``refused`` (the splitter's reason's key)."""
    entries = []
    for result in results:
        splitter, size, overlap = result.setting
        entry: dict[str, object] = {
            "splitter": splitter, "chunk_size": size, "overlap": overlap,
            "chunks": result.chunks,
        }  # fmt: skip
        if result.measures is None:
            entry["refused"] = result.refused
        else:
            for name in MEASURES:
                value = getattr(result.measures, name)
                entry[name] = {"exact": str(value), "value": float(value)}
        entries.append(entry)
    return entries


def sample_chunks(
    documents: Sequence[str],
    setting: Setting,
    length: Length,
    encoding: Encoding | None,
) -> SampleChunks:
    """Every document cut at ``setting``, in order (see :func:`evaluation_steps`)."""
    chunks = SampleChunks([], [], [])
    for _ in _cut_steps(documents, setting, lambda _: length, encoding, chunks, token_ids={}):
        pass
    return chunks


def _cut_steps(
    documents: Sequence[str],
    setting: Setting,
    length_for: Callable[[str], Length],
    encoding: Encoding | None,
    chunks: SampleChunks,
    *,
    token_ids: dict[int, list[int]],
) -> Iterator[None]:
    """Every document cut at ``setting`` into ``chunks``, a step at a time; the window
    model's token ids of each document kept in ``token_ids`` for the next setting.  Raises
    ``CalculatorError`` for a setting the splitter refuses (LlamaIndex: a character longer
    than the chunk size)."""
    splitter, chunk_size, overlap = setting
    for number, text in enumerate(documents):
        if splitter == "window":
            if encoding is None:
                raise ValueError("the window model's chunks need an OpenAI encoding's tokens")
            ids = token_ids.get(number)
            if ids is None:
                ids = []
                # A slice of the text's tokens a step (calculator._tokens._page, as counting).
                for _, new, drop in _token_slices(encoding, text):
                    del ids[len(ids) - drop :]
                    ids += new
                    yield
                token_ids[number] = ids
            for start, end, count in windows_of(encoding, text, ids, chunk_size, overlap):
                chunks.spans.append((number, start, end))
                chunks.texts.append(text[start:end])
                chunks.tokens.append(count)
            continue
        # Imported here: the window model needs no splitter.
        from .._splitters import iter_steps  # noqa: PLC0415

        for chunk in iter_steps(splitter, text, length_for(splitter), chunk_size, overlap):
            if chunk is not None:
                chunks.spans.append((number, chunk.start, chunk.end))
                chunks.texts.append(chunk.text)
                chunks.tokens.append(chunk.tokens)
            yield


def _token_slices(encoding: Encoding, text: str) -> Iterator[tuple[int, list[int], int]]:
    from .._tokens._page import _slices  # noqa: PLC0415 (the counter's own slicing)

    return _slices(encoding, text)


def window_spans(
    encoding: Encoding, text: str, chunk_size: int, overlap: int
) -> list[tuple[int, int, int]]:
    """The window model's chunks of ``text`` in its characters: (start, end, tokens) of
    each window of ``chunk_size`` tokens sharing ``overlap``."""
    return windows_of(encoding, text, encoding.encode(text), chunk_size, overlap)


def windows_of(
    encoding: Encoding, text: str, ids: list[int], chunk_size: int, overlap: int
) -> list[tuple[int, int, int]]:
    """The windows of ``text``, whose tokens are ``ids``, in its characters: each from the
    first character its first token touches to the last its last token touches."""
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


def _ranking_steps(
    retriever: str,
    chunk_texts: Sequence[str],
    questions: Sequence[str],
    model: WordLlamaModel | None,
    query_vectors: Sequence[Sequence[float]],
    *,
    ranked: list[list[int]],
) -> Iterator[None]:
    """Each question's ranking of every chunk, best first, into ``ranked``, a chunk or a
    question a step."""
    keyword: list[list[int]] = []
    if retriever in ("bm25", "hybrid"):
        terms = []
        for text in chunk_texts:
            terms.append(bm25_terms(text))
            yield
        index = BM25(terms)
        for question in questions:
            keyword.append(index.top(bm25_terms(question), len(chunk_texts)))
            yield
        if retriever == "bm25":
            ranked += keyword
            return
    assert model is not None
    # Imported here: BM25 alone needs no model.
    from ._wordllama import cosine_scores, ranking  # noqa: PLC0415

    chunk_vectors: list[list[float]] = []
    for text in chunk_texts:
        chunk_vectors += model.embed([text])
        yield
    semantic = []
    for vector in query_vectors:
        semantic.append(ranking(cosine_scores(vector, chunk_vectors)))
        yield
    if retriever == "wordllama":
        ranked += semantic
        return
    for pair in zip(keyword, semantic, strict=True):
        ranked.append(fused_ranking(pair))
        yield
