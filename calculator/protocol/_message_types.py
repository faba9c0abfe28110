"""Counting text in tokens (web/page/count/ on the page, web/worker/count-worker.js in the
calculator's worker), the messages of the engine's channel for the feature "count". Every
message carries ``count``, the page's number for one count (or split, or sample).

Types only, declared once here: tools/answer_types.py writes web/types/count.d.ts from this
module, and only the checkers import it (the page never does: it never sees these objects in
Python).  A message travels by the browser's structured clone, not as JSON text: an int or a
float is a number, None null, and ``File`` the browser's File object (a picked file, never in
Python).  What Python gives the worker and the messages carry of it (TokenizerLoaded,
CountFigures, ChunkView, SplitView, ...) is typed in ``._feature_types`` and declared in
features.d.ts: named here, never declared again.
"""

from __future__ import annotations

from typing import Literal, NewType, NotRequired, Required, TypedDict

from ._feature_types import (
    ChunkView,
    CountRefusal,
    EvaluationAnswer,
    EvaluationSetErrorData,
    SampleFigures,
    SplitFigures,
    SplitView,
    TokenizerLoaded,
    _DocumentFigures,
)


class File:
    """The browser's File: the generator writes it as TypeScript's ``File``."""


class CountDocument(TypedDict):
    """One document to count: pasted text, or a file the worker reads."""

    name: str
    text: NotRequired[str]
    file: NotRequired[File]


class TokenizerFile(TypedDict):
    """A tokenizer.json the visitor picked, under the page's name for it (the encoding that
    names it in a request): read and kept by the worker until the page forgets it."""

    name: str
    file: File


#: A counter the page offers by name (calculator/_encodings.py's COUNTERS, in the page's
#: facts); a tokenizer.json goes by the page's name for it.
Encoding = NewType("Encoding", str)


class _CountedDocuments(TypedDict):
    """What every request that counts the documents carries: its number, the encoding (a
    picked tokenizer.json's name, with ``tokenizer``, the file) and the documents."""

    count: int
    encoding: Encoding
    tokenizer: NotRequired[TokenizerFile]
    documents: list[CountDocument]


class CountRequest(_CountedDocuments):
    """Page -> worker: count these documents with one encoding (a picked tokenizer.json's name,
    with ``tokenizer``, the file)."""

    type: Literal["count"]


class CountCancel(TypedDict):
    """Page -> worker: stop the count of that number."""

    type: Literal["count-cancel"]
    count: int


class CountChunksRequest(TypedDict):
    """Page -> worker: split one counted document (with the encoding and the count it got) into
    the calculator's chunks; the figures are the integer strings of the calculator's answer."""

    type: Literal["count-chunks"]
    count: int
    encoding: Encoding
    tokenizer: NotRequired[TokenizerFile]
    document: CountDocument
    tokens: str
    chunk_size: str
    overlap: str


class SplitRequest(_CountedDocuments):
    """Page -> worker: cut every document of the sample with each splitter in turn (the first is
    the one chosen, whose cut of document ``drawn`` the page draws)."""

    type: Literal["count-split"]
    drawn: int
    #: the drawn document's count, for the window model's figures beside the splitter's
    tokens: str
    splitters: list[str]
    chunk_size: str
    overlap: str


class GridRequest(_CountedDocuments):
    """Page -> worker: split every document with ``splitter`` at each window of the trade-off's
    grid (chunk size, overlap), for the splitter's figures at every point."""

    type: Literal["count-grid"]
    splitter: str
    windows: list[tuple[int, int]]


class ResplitRequest(_CountedDocuments):
    """Page -> worker: split every document with ``splitter`` at the plan's ``window`` and at
    the re-indexing's ``again`` (chunk size, overlap), for what re-indexing there changes."""

    type: Literal["count-resplit"]
    splitter: str
    window: tuple[int, int]
    again: tuple[int, int]


class FitRequest(_CountedDocuments):
    """Page -> worker: split every document with ``splitter`` at the plan's ``window``, each
    chunk then counted by ``model_tokenizer`` (a built-in counter: the model's own)."""

    type: Literal["count-fit"]
    splitter: str
    window: tuple[int, int]
    model_tokenizer: Encoding


class GridCancel(TypedDict):
    """Page -> worker: stop the grid split of that number."""

    type: Literal["grid-cancel"]
    count: int


class SplitCancel(TypedDict):
    """Page -> worker: stop the split of that number."""

    type: Literal["split-cancel"]
    count: int


class SampleRequest(TypedDict):
    """Page -> worker: the sample's figures for this request (calculator/protocol/_sample.py
    describe's JSON text)."""

    type: Literal["count-sample"]
    count: int
    request: str


class TokenizerForget(TypedDict):
    """Page -> worker: drop the tokenizer.json kept under this name."""

    type: Literal["count-forget"]
    count: int
    name: str


class EvaluateRequest(_CountedDocuments):
    """Page -> worker: measure retrieval on these documents (counted with ``encoding``) with
    the evaluation set's questions, retrieving ``top_k`` chunks with ``retriever`` (WordLlama
    of ``dimensions``)."""

    type: Literal["count-evaluate"]
    #: The evaluation set's text and its format ("jsonl", "csv" or "tsv").
    set: str
    format: str
    retriever: str
    top_k: int
    dimensions: int
    #: The plan's setting, measured first, and whether each window of the trade-off's grid
    #: is measured too (cut by the same splitter).
    splitter: str
    chunk_size: int
    overlap: int
    tradeoff: bool
    #: The built-in example instead (its questions in this language, e.g. "de"): the worker
    #: fetches its documents and set, and sends the set back with the result.
    example: NotRequired[str]


class EvaluateCancel(TypedDict):
    """Page -> worker: stop the evaluation of that number."""

    type: Literal["evaluate-cancel"]
    count: int


CountMessage = (
    EvaluateRequest
    | EvaluateCancel
    | CountRequest
    | CountCancel
    | CountChunksRequest
    | SplitRequest
    | SplitCancel
    | GridRequest
    | GridCancel
    | ResplitRequest
    | FitRequest
    | SampleRequest
    | TokenizerForget
)


class CountedDocument(_DocumentFigures, total=False):
    """One document's figures under its name, or why it has none: Python's (CountFigures), or
    "read" (the browser could not read the file)."""

    name: Required[str]
    error: CountRefusal | Literal["read"]


class EvaluateProgress(TypedDict):
    """Worker -> page: an evaluation's progress (``done`` a share of 0..1; ``loading`` while
    WordLlama loads)."""

    type: Literal["evaluate-progress"]
    count: int
    done: float
    loading: NotRequired[Literal["wordllama"]]


class ExampleSet(TypedDict):
    """The built-in example's evaluation set, as the worker fetched it."""

    set: str


class EvaluateResult(TypedDict):
    """Worker -> page: an evaluation's result, or the set's refusal, or its failure, or
    cancelled."""

    type: Literal["evaluate-result"]
    count: int
    answer: NotRequired[EvaluationAnswer]
    setError: NotRequired[EvaluationSetErrorData]
    error: NotRequired[str]
    cancelled: NotRequired[bool]
    #: The example's evaluation set, when the example was measured.
    example: NotRequired[ExampleSet]


class CountProgress(TypedDict):
    """Worker -> page: a count's progress (``loading`` while the tokenizer loads; ``done`` a
    share of 0..1)."""

    type: Literal["count-progress"]
    count: int
    done: float
    loading: NotRequired[bool]


class CountResult(TypedDict):
    """Worker -> page: a count's one result: every document, or cancelled, or the tokenizer's
    failure to load (``error``) or refusal to count (``tokenizer``, a picked tokenizer.json's)."""

    type: Literal["count-result"]
    count: int
    documents: NotRequired[list[CountedDocument]]
    cancelled: NotRequired[bool]
    error: NotRequired[str]
    tokenizer: NotRequired[TokenizerLoaded]


class ChunksResult(TypedDict):
    """Worker -> page: the calculator's chunks of one document, or why not."""

    type: Literal["chunks-result"]
    count: int
    view: NotRequired[ChunkView]
    error: NotRequired[str]


class SplitProgress(TypedDict):
    """Worker -> page: a split's progress (``done`` a share of 0..1)."""

    type: Literal["split-progress"]
    count: int
    done: float


class SplitViewReply(TypedDict):
    """Worker -> page: the drawn document as the chosen splitter cut it."""

    type: Literal["split-view"]
    count: int
    view: SplitView


class SplitFiguresReply(TypedDict):
    """Worker -> page: every document as one splitter cut it."""

    type: Literal["split-figures"]
    count: int
    splitter: str
    documents: list[SplitFigures]


class SplitResult(TypedDict):
    """Worker -> page: a split's end: done, or cancelled, or its failure."""

    type: Literal["split-result"]
    count: int
    cancelled: NotRequired[bool]
    error: NotRequired[str]


class GridProgress(TypedDict):
    """Worker -> page: a grid split's progress (``done`` a share of 0..1)."""

    type: Literal["grid-progress"]
    count: int
    done: float


class FitResult(TypedDict):
    """Worker -> page: how the plan's chunks fit the model's tokenizer, or cancelled, or the
    failure."""

    type: Literal["fit-result"]
    count: int
    #: per document, each chunk's tokens in the model's tokenizer
    documents: NotRequired[list[list[int]]]
    cancelled: NotRequired[bool]
    error: NotRequired[str]


class ResplitResult(TypedDict):
    """Worker -> page: what re-indexing changes, or cancelled, or the failure."""

    type: Literal["resplit-result"]
    count: int
    #: a ReindexPlan's fields, summed over the documents
    change: NotRequired[list[int]]
    cancelled: NotRequired[bool]
    error: NotRequired[str]


class GridResult(TypedDict):
    """Worker -> page: the splitter's figures at every window of the grid, or cancelled, or
    the failure."""

    type: Literal["grid-result"]
    count: int
    #: per window: [chunk size, overlap, chunks, tokens processed], null where refused
    windows: NotRequired[list[tuple[int, int, int, int] | None]]
    cancelled: NotRequired[bool]
    error: NotRequired[str]


class SampleResult(TypedDict):
    """Worker -> page: the sample's figures, or the failure."""

    type: Literal["sample-result"]
    count: int
    figures: NotRequired[SampleFigures]
    error: NotRequired[str]


#: Worker -> page: progress (``loading`` while the tokenizer loads; ``done`` a share of 0..1),
#: then one result: every document, or cancelled, or the tokenizer's failure to load
#: (``error``) or refusal to count (``tokenizer``, a picked tokenizer.json's).
CountReply = (
    EvaluateProgress
    | EvaluateResult
    | CountProgress
    | CountResult
    | ChunksResult
    | SplitProgress
    | SplitViewReply
    | SplitFiguresReply
    | SplitResult
    | GridProgress
    | FitResult
    | ResplitResult
    | GridResult
    | SampleResult
)
