"""The page's evaluation: what the calculator's worker (web/worker/evaluate.js) calls in
Pyodide to measure retrieval on the counter's documents with the visitor's questions.

The work is :func:`calculator._retrieval._evaluate.evaluation_steps`, the command line's
own, run a bounded amount a call (:meth:`PageEvaluation.step`, about
:data:`STEP_SECONDS`): between calls the worker answers the calculator's requests, reports
progress and hears a cancel.  The documents are the counter's (each a ``Counting`` of its
text or file, as it was counted); their chunks are measured with the counter they were
counted with, as the page's splitting does (``calculator._splitters._page.length_of``).

Requests and answers are JSON text.  The request: ``set`` (the evaluation set's text),
``format`` (``jsonl``, ``csv`` or ``tsv``), ``retriever``, ``top_k``, ``encoding`` (the
counter's name), ``splitter``, ``chunk_size`` and ``overlap`` (the plan's setting, measured
first) and ``tradeoff`` (each other window of the trade-off's grid too, as the command
line's ``--tradeoff``).  The answer (:meth:`PageEvaluation.result`): per setting its ``splitter``,
``chunk_size``, ``overlap``, ``chunks`` and each measure as ``{"exact", "value"}``, or
``refused`` (the splitter's reason); an evaluation set's error is ``{"error": …}`` with its
``line``, ``key`` and ``params`` (the catalogs' ``evaluation_set.<key>``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .._retrievers import RETRIEVERS, WORDLLAMA_DIMS
from .._splitters._page import length_of
from .._tokens import Encoding
from .._tokens import _page as tokens_page
from .._tradeoff import grid_windows
from ._evaluate import Question, SettingEvaluation, evaluation_steps, setting_entries
from ._evaluation_set import EvaluationSetError, read_evaluation_set

if TYPE_CHECKING:
    from ..protocol._feature_types import TokenCounting
    from ._wordllama import WordLlamaModel

# Seconds a call works at most past its first step (as the page's splitting).
STEP_SECONDS = 0.02

# WordLlama, loaded once a page (the worker writes its files, then calls use_wordllama).
_wordllama: WordLlamaModel | None = None


def use_wordllama(table_path: str, tokenizer_path: str, columns: int) -> None:
    """Loads WordLlama from the files the worker wrote: a table of ``columns`` float16
    columns (one of :data:`WORDLLAMA_DIMS`) and its tokenizer.json; kept for the page."""
    global _wordllama  # noqa: PLW0603 (one model a page)
    from pathlib import Path  # noqa: PLC0415

    from .._tokens._hf import load_tokenizer_json  # noqa: PLC0415
    from ._wordllama import WordLlamaModel  # noqa: PLC0415

    if int(columns) not in WORDLLAMA_DIMS:
        raise ValueError(f"WordLlama's dimension is one of {WORDLLAMA_DIMS}, not {columns}")
    tokenizer = load_tokenizer_json(Path(tokenizer_path).read_text(encoding="utf-8"))
    table = Path(table_path).read_bytes()
    _wordllama = WordLlamaModel(table, int(columns), tokenizer, columns=int(columns))


def wordllama_loaded(columns: int) -> bool:
    """Whether WordLlama of ``columns`` dimensions is loaded."""
    return _wordllama is not None and _wordllama.dim == int(columns)


class PageEvaluation:
    """One evaluation of the counter's documents, a bounded amount of work a call."""

    def __init__(self, request: str) -> None:
        asked = json.loads(request)
        self._set: str = asked["set"]
        self._format: str = asked["format"]
        self.retriever: str = asked["retriever"]
        if self.retriever not in RETRIEVERS:
            raise ValueError(f"unknown retriever {self.retriever!r}")
        self.top_k = int(asked["top_k"])
        self._encoding_name: str = asked["encoding"]
        splitter = str(asked["splitter"])
        chunk_size, overlap = int(asked["chunk_size"]), int(asked["overlap"])
        self._settings = [(splitter, chunk_size, overlap)]
        if asked.get("tradeoff"):  # every window of the trade-off's grid, as the CLI's
            windows = grid_windows(chunk_size, overlap)
            self._settings += [(splitter, size, shared) for size, shared in windows]
        self._names: list[str] = []
        self._texts: list[str] = []
        self._questions: list[Question] = []
        self._results: list[SettingEvaluation] = []
        self._steps: Iterator[None] | None = None
        self.finished = False

    @property
    def total(self) -> int:
        """The settings to measure."""
        return len(self._settings)

    @property
    def done(self) -> int:
        """The settings measured so far."""
        return len(self._results)

    def add(self, name: str, counting: TokenCounting) -> None:
        """A counted document of the sample (a ``Counting`` of its text or file), under the
        page's name for it."""
        if not isinstance(counting, tokens_page.Counting):
            raise TypeError(f"not a counting of the page's counter: {counting!r}")
        self._names.append(name)
        self._texts.append(counting.text)

    def questions(self) -> str:
        """The evaluation set read and its excerpts found in the documents, as JSON:
        ``{"questions": n}``, or ``{"error": {line, key, params, integer_params}}``."""
        try:
            found = read_evaluation_set(
                self._set, list(zip(self._names, self._texts, strict=True)), self._format
            )
        except EvaluationSetError as bad:
            return json.dumps({"error": bad.to_dict()})
        self._questions = [Question(item.question, item.excerpts) for item in found]
        return json.dumps({"questions": len(self._questions)})

    def step(self, seconds: float = STEP_SECONDS) -> bool:
        """Measure on for about ``seconds`` (at least one step); whether every setting is
        measured now."""
        if self._steps is None:
            counter = tokens_page.counter(self._encoding_name)
            encoding = counter if isinstance(counter, Encoding) else None
            needs_model = self.retriever != "bm25"
            if needs_model and _wordllama is None:
                raise ValueError(f"the {self.retriever} retriever needs WordLlama loaded")
            self._steps = evaluation_steps(
                self._texts, self._questions, self._settings,
                length_for=lambda splitter: length_of(self._encoding_name, splitter),
                encoding=encoding, retriever=self.retriever, top_k=self.top_k,
                model=_wordllama if needs_model else None, results=self._results,
            )  # fmt: skip
        ends = time.perf_counter() + seconds
        while not self.finished:
            try:
                next(self._steps)
            except StopIteration:
                self.finished = True
                break
            if time.perf_counter() >= ends:
                break
        return self.finished

    def result(self) -> str:
        """Each setting measured so far, as JSON (see the module's docstring)."""
        return json.dumps(
            {"questions": len(self._questions), "settings": setting_entries(self._results)}
        )


def start(request: str) -> PageEvaluation:
    """A new evaluation (the worker then adds the documents, reads the questions, steps)."""
    return PageEvaluation(request)
