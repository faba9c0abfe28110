"""The types of the page's features as the worker drives them (``calculator.protocol.features``):
the Python objects it steps, the JSON texts it reads and writes.

The objects are ``Protocol`` classes: what the worker may call of a count, a split or an
evaluation under way (mypy holds the features' own classes to them).  A JSON text is a
``str`` marked ``Annotated[str, JsonOf(shape)]``, its shape a TypedDict.  tools/answer_types.py
writes web/types/features.d.ts from this module and ``calculator.protocol.features``: every
method a TypeScript method of an object that is a Pyodide proxy (``destroy()`` it when done),
every int a number (JSON's, and Pyodide's conversion of a small int), None ``null`` in JSON and
``undefined`` from a proxy, a JSON text ``JsonText<shape>``, which ``JSON.parse`` reads as the
shape.  Only the checkers import this module.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, Protocol, TypedDict


class JsonOf:
    """Marks a ``str`` as the JSON text of ``shape``: ``Annotated[str, JsonOf(Shape)]``."""

    def __init__(self, shape: object) -> None:
        self.shape = shape


class TokenizerLoaded(TypedDict, total=False):
    """The worker's loading of a tokenizer.json: its name, or why it cannot count
    ("unsupported": a part it cannot apply exactly; "invalid": no tokenizer.json; the worker's
    own "too_large" and "read"), with ``reason`` and ``params`` (the catalog's message
    count.tokenizer_reason.<reason> and its values, Python's refusal) and ``message``, the
    reason in English (the command line's words, or the file's size in bytes)."""

    name: str
    error: Literal["unsupported", "invalid", "too_large", "read"]
    reason: str
    params: dict[str, str]
    message: str


#: Why Python counted no figures of a document (CountFigures.error).
CountRefusal = Literal["binary", "not_utf8"]


class _DocumentFigures(TypedDict, total=False):
    # CountFigures less its error: what the page's messages carry of it under a document's
    # name beside the browser's own refusal (_message_types.CountedDocument).
    tokens: int
    characters: int
    bytes: int
    words: int
    offset: int


class CountFigures(_DocumentFigures, total=False):
    """One document's figures (tokens, Unicode characters, UTF-8 bytes and words of the
    counted text), or why it has none: "binary" (NUL bytes), "not_utf8" (with the first bad
    byte's offset)."""

    error: CountRefusal


class ChunkView(TypedDict):
    """The first chunks of one document (TokenCounting.chunks): each window as [first token,
    end token, first character, end character] (characters in Unicode code points), and the
    drawn text cut at every window's edge as [first character, text, first chunk, last
    chunk] (two chunks or more: an overlap)."""

    tokens: int
    chunk_size: int
    overlap: int
    chunks: int
    shown: int
    windows: list[tuple[int, int, int, int]]
    segments: list[tuple[int, str, int, int]]


class CalculatorErrorData(TypedDict):
    """A calculator error as the answer gives it (its catalog key "errors.<key>")."""

    key: str
    params: dict[str, str]
    integer_params: list[str]


class WindowFigures(TypedDict):
    """The window model's chunks and tokens processed of a document."""

    chunks: int
    tokens_processed: int


class SplitView(TypedDict):
    """The first chunks of one document as a splitter cut it (TokenSplitting.view): each as
    [first character, end character, its tokens], the text cut at every chunk's edge as
    ChunkView's (first chunk -1: white space in no chunk); beside the splitter's figures the
    window model's, and the ratio of their chunks."""

    splitter: str
    chunks: int
    tokens_processed: int
    window: WindowFigures
    chunks_ratio: str | None
    error: CalculatorErrorData | None
    shown: int
    windows: list[tuple[int, int, int]]
    segments: list[tuple[int, str, int, int]]


class SplitFigures(TypedDict, total=False):
    """One document as a splitter cut it (``lengths``: each chunk's tokens, in order), or why
    it could not (LlamaIndex's refusal of a character longer than the chunk size; the worker's
    "read": the browser could not read the file)."""

    chunks: int
    tokens_processed: int
    lengths: list[int]
    error: CalculatorErrorData


#: What splitting a document again changes (split_change): a ReindexPlan's fields in its
#: order, null where either split stopped on an error.
ReindexChange = list[int] | None
#: Each chunk's tokens in the model's tokenizer (fit_lengths), null where the split stopped.
ChunkLengths = list[int] | None


class SampleEstimate(TypedDict):
    """D documents like the sample's: given, or a total size ÷ the sample's size per document
    (``size`` in full, with decimals where a unit gave a fraction of a byte)."""

    kind: Literal["documents", "bytes", "characters"]
    size: str
    size_per_document: str | None
    documents: str
    ratio: str
    tokens: str
    chunks: str
    chunks_per_document: str
    use: dict[str, str]


class SplitterSample(TypedDict):
    """A splitter's figures of the sample (the window model's first), and the corpus's."""

    splitter: str
    chunks: str
    tokens_processed: str
    chunks_ratio: str | None
    tokens_ratio: str | None
    corpus_chunks: str | None
    corpus_tokens_processed: str | None


class SampleFigures(TypedDict):
    """The sample's figures (calculator/protocol/_sample.py describe): every number a decimal
    string."""

    documents: str
    tokens: str
    characters: str
    bytes: str
    words: str
    per_character: str | None
    per_byte: str | None
    per_word: str | None
    tokens_per_document: str | None
    chunks: str
    chunks_per_document: str | None
    estimate: SampleEstimate | None
    error: CalculatorErrorData | None
    splitters: list[SplitterSample]


class EvaluationRequest(TypedDict):
    """An evaluation's request (start_evaluation's JSON text): the evaluation set's text and
    its ``format`` ("jsonl", "csv" or "tsv"), the retriever and its ``top_k``, the counter
    the documents were counted with (``encoding``), the plan's setting, measured first, and
    whether each window of the trade-off's grid is measured too (``tradeoff``)."""

    set: str
    format: str
    retriever: str
    top_k: int
    encoding: str
    splitter: str
    chunk_size: int
    overlap: int
    tradeoff: bool


class EvaluationSetErrorData(TypedDict):
    """An evaluation set's refusal: its line, the catalog's evaluation_set.<key> and its
    values."""

    line: int
    key: str
    params: dict[str, str]
    integer_params: list[str]


class EvaluationQuestions(TypedDict, total=False):
    """The evaluation set read (EvaluationRun.questions): its questions, or its refusal."""

    questions: int
    error: EvaluationSetErrorData


class Measure(TypedDict):
    """A measure as its exact fraction's text and its value."""

    exact: str
    value: float


class EvaluatedSetting(TypedDict):
    """One setting's measures (calculator/_retrieval/_evaluate.py setting_entries), or why the
    splitter refused the setting (``refused``, and no measure): each measure of
    ``calculator._retrievers.MEASURES`` (the page's facts.measures; a test holds them alike)."""

    splitter: str
    chunk_size: int
    overlap: int
    chunks: int
    refused: NotRequired[str]
    excerpt_survival: NotRequired[Measure]
    hit_at_k: NotRequired[Measure]
    recall: NotRequired[Measure]
    precision: NotRequired[Measure]
    iou: NotRequired[Measure]
    mrr: NotRequired[Measure]
    context_tokens: NotRequired[Measure]


class EvaluationAnswer(TypedDict):
    """Every setting measured (EvaluationRun.result)."""

    questions: int
    settings: list[EvaluatedSetting]


class TokenCounting(Protocol):
    """One document being counted, a slice a step (calculator._tokens._page.Counting)."""

    @property
    def done(self) -> int:
        """The characters counted so far."""

    @property
    def total(self) -> int:
        """The document's characters (Unicode code points)."""

    @property
    def refused(self) -> Annotated[str, JsonOf(TokenizerLoaded)] | None:
        """Why the tokenizer.json refused the text as it was counted, if it did."""

    def step(self) -> bool:
        """Count the next slice; whether the whole document is counted now."""

    def result(self) -> Annotated[str, JsonOf(CountFigures)]:
        """The document's figures, or why it has none."""

    def chunks(
        self, tokens: str, chunk_size: str, overlap: str
    ) -> Annotated[str, JsonOf(ChunkView)]:
        """The document (of ``tokens``, its count) split into the calculator's chunks: the
        first ones, as the page draws them."""


class TokenSplitting(Protocol):
    """One counted document being split, a bounded amount of work a step
    (calculator._splitters._page.Splitting)."""

    @property
    def done(self) -> int:
        """The characters split so far."""

    @property
    def total(self) -> int:
        """The document's characters (Unicode code points)."""

    def step(self) -> bool:
        """Split on for a few tens of milliseconds; whether the document is split now."""

    def result(self) -> Annotated[str, JsonOf(SplitFigures)]:
        """The document's chunks and tokens processed, or the splitter's refusal."""

    def view(self, tokens: str) -> Annotated[str, JsonOf(SplitView)]:
        """The first chunks as the page draws them, beside the window model's figures of the
        document's count ``tokens``."""


class EvaluationRun(Protocol):
    """One evaluation under way (calculator._retrieval._page.PageEvaluation)."""

    @property
    def done(self) -> int:
        """The settings measured so far."""

    @property
    def total(self) -> int:
        """The settings to measure."""

    def add(self, name: str, counting: TokenCounting) -> None:
        """A counted document of the sample, under the page's name for it."""

    def questions(self) -> Annotated[str, JsonOf(EvaluationQuestions)]:
        """The evaluation set read and its excerpts found in the documents."""

    def step(self) -> bool:
        """Measure on for a few tens of milliseconds; whether every setting is measured."""

    def result(self) -> Annotated[str, JsonOf(EvaluationAnswer)]:
        """Every setting measured so far."""
