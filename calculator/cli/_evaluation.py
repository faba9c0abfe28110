"""``--evaluate FILE``: retrieval measured on the counted files with the user's questions.

The counted files are the sample's documents; FILE's excerpts are found in them
(``calculator._retrieval._evaluation_set``); each setting (the plan's, or with ``--tradeoff``
each of the trade-off's windows too) cuts them with ``--splitter`` measuring in the counting
tokenizer, ``--retriever`` ranks the chunks for each question, and every measure of its
``--top-k`` chunks is printed (``calculator._retrieval._evaluate``).  A bad evaluation set
or a missing model is one line and exit 2, as any bad input.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .._documents import CorpusPlan
from .._encodings import ENCODINGS
from .._retrievers import MEASURES
from .._tokens._files import read_text
from ..protocol._fields import FIELDS
from ._form_fields import one_line
from ._options import EXIT_BAD_INPUT, PROGRAM
from ._words import Words, english, words_for

if TYPE_CHECKING:
    from .._retrieval._evaluate import SettingEvaluation
    from .._retrieval._evaluation_set import EvaluationQuestion
    from .._splitters import Length
    from .._tokens._files import Counted
    from ..protocol._carried import Measures

# Each measure's column heading (the order is the measures' own, _evaluate.MEASURES).


@dataclass(frozen=True)
class Evaluation:
    """What ``--evaluate`` measured: the set's file and questions, the retriever, k, and
    each setting's result (the plan's first)."""

    path: str
    questions: int
    retriever: str
    top_k: int
    dimensions: int | None
    results: list[SettingEvaluation]

    def by_window(self) -> dict[tuple[int, int], Measures]:
        """Each measured setting's measures by its window, for the trade-off's points."""
        return {
            (size, overlap): tuple((name, getattr(result.measures, name)) for name in MEASURES)
            for result in self.results
            if result.measures is not None
            for _, size, overlap in [result.setting]
        }


def evaluate_files(
    parser: argparse.ArgumentParser,
    options: argparse.Namespace,
    counted: list[Counted],
    plan: CorpusPlan,
    windows: tuple[tuple[int, int], ...],
    *,
    checked: CheckedSet,
) -> Evaluation:
    """The evaluation of ``options.evaluate`` on the counted files at the plan's window and
    ``windows``, with the set ``checked`` before counting (read again only if the files
    counted are not those it was checked in); bad input ends the program with one line."""
    # Imported here: only --evaluate loads the retrieval code.
    from .._retrieval._evaluate import Question, evaluate  # noqa: PLC0415
    from .._splitters._files import splitter_length  # noqa: PLC0415

    paths = _sample(options, [item.path for item in counted])
    if paths == checked.paths:
        documents, found = checked.documents, checked.found
    else:  # a file changed between the check and the count
        documents, found = read_set(parser, options, paths)
    questions = [Question(item.question, item.excerpts) for item in found]
    splitter = options.splitter
    if splitter == "window" and options.encoding not in ENCODINGS:
        _exit(parser, "--evaluate: " + words_for(options)("cli.refusal.evaluate_window"))
    length, encoding, _ = splitter_length(options.encoding, Path(options.ranks), splitter)

    def length_for(_: str) -> Length:  # one splitter, so one length function
        return length

    model = None
    dimensions = None
    if options.retriever != "bm25":
        from .._retrieval._wordllama import load_wordllama  # noqa: PLC0415

        dimensions = options.wordllama_dimensions
        try:
            model = load_wordllama(dimensions)
        except (FileNotFoundError, ValueError) as missing:
            _exit(parser, f"--retriever {options.retriever}: {missing}")
    settings = [(splitter, plan.chunk_size, plan.overlap)]
    settings += [(splitter, size, overlap) for size, overlap in windows]
    top_k = int(options.top_k or FIELDS["top_k"].default)
    watched = len(settings) > 1 and sys.stderr.isatty()
    shown = _Progress(len(settings), words_for(options)) if watched else None
    results = evaluate(
        documents, questions, settings, length_for=length_for, encoding=encoding,
        retriever=options.retriever, top_k=top_k, model=model,
        progress=shown.advance if shown else None,
    )  # fmt: skip
    if shown:
        shown.close()
    return Evaluation(options.evaluate, len(questions), options.retriever, top_k, dimensions,
                      results)  # fmt: skip


@dataclass(frozen=True)
class CheckedSet:
    """The evaluation set as read before counting: the sample's files, their texts and the
    questions with their excerpts found, kept so that the files are not read again."""

    paths: list[str]
    documents: list[str]
    found: list[EvaluationQuestion]


def check_set_first(parser: argparse.ArgumentParser, options: argparse.Namespace) -> CheckedSet:
    """The set read and its excerpts found in the files ``--count`` names, before they are
    counted: a bad set is said at once, not after a corpus of minutes.  (A file that is not
    text is no document, as counting skips it.)"""
    from .._tokens._files import text_files  # noqa: PLC0415 (only --count's)

    paths = []
    for path in text_files(options.count):
        try:
            read_text(path)
        except (OSError, ValueError):
            continue  # counting says why, in its own line
        paths.append(path.as_posix())
    sample = _sample(options, paths)
    return CheckedSet(sample, *read_set(parser, options, sample))


def _sample(options: argparse.Namespace, paths: list[str]) -> list[str]:
    """The sample's documents: the counted files but the evaluation set itself (kept in the
    counted folder, it would hold every excerpt it quotes)."""
    own = Path(options.evaluate).resolve()
    return [path for path in paths if Path(path).resolve() != own]


def read_set(
    parser: argparse.ArgumentParser, options: argparse.Namespace, paths: list[str]
) -> tuple[list[str], list[EvaluationQuestion]]:
    """The documents' texts (``paths`` read as counted) and the set's questions, their
    excerpts found in them; a bad set ends the program with one line."""
    from .._retrieval._evaluation_set import (  # noqa: PLC0415
        FORMATS,
        EvaluationSetError,
        evaluation_set_format,
        read_evaluation_set,
    )

    documents = [read_text(Path(path)) for path in paths]
    names = document_names(options.count, paths)
    file_format = evaluation_set_format(options.evaluate)
    words, path = words_for(options), str(options.evaluate)
    if file_format is None:
        formats = ", ".join(FORMATS)
        _exit(parser, "--evaluate: " + words("cli.refusal.set_suffix", path=path, formats=formats))
    try:
        text = Path(options.evaluate).read_bytes().decode("utf-8")
    except OSError as failure:
        reason = str(failure.strerror)
        _exit(parser, "--evaluate: " + words("cli.refusal.cannot_read", path=path, reason=reason))
    except UnicodeDecodeError as failure:
        _exit(parser, "--evaluate: " + words("cli.refusal.not_utf8", path=path, byte=failure.start))
    try:
        found = read_evaluation_set(text, list(zip(names, documents, strict=True)), file_format)
    except EvaluationSetError as bad:
        _exit(parser, f"--evaluate: {options.evaluate}: {bad}")
    return documents, found


def document_names(roots: list[str], paths: list[str]) -> list[str]:
    """What an evaluation set's ``document`` names each counted file by: its path within the
    folder given to ``--count`` that holds it (``guide/setup.md`` of ``--count docs``, as
    the page names a chosen file by its name), or the path as given for a file.

    >>> examples = "web/examples/documents"
    >>> document_names([examples, "README.md"], [f"{examples}/rag-planen.de.txt", "README.md"])
    ['rag-planen.de.txt', 'README.md']
    """
    folders = [Path(root) for root in roots if Path(root).is_dir()]
    names = []
    for path in paths:
        name = path
        for folder in folders:
            if Path(path).is_relative_to(folder):
                name = Path(path).relative_to(folder).as_posix()
                break
        names.append(name)
    return names


def evaluation_lines(evaluation: Evaluation, words: Words | None = None) -> list[str]:
    """The evaluation as the readable output's lines: what was measured, then a table of
    the settings, the plan's first."""
    w = words or english()
    retriever = evaluation.retriever
    if evaluation.dimensions is not None:
        retriever = w("cli.evaluation.wordllama", retriever=retriever,
                      dimensions=evaluation.dimensions)  # fmt: skip
    lines = [
        w("cli.evaluation.head_1", questions=evaluation.questions, path=evaluation.path),
        w("cli.evaluation.head_2", retriever=retriever, top_k=evaluation.top_k),
        w("cli.evaluation.head_3"),
        *("  " + w(f"cli.evaluation.legend_{n}") for n in range(1, 6)),
    ]
    header = [
        w("cli.evaluation.col_setting"), w("cli.evaluation.col_chunks"),
        *(w(f"cli.evaluation.col_{name}") for name in MEASURES),
    ]  # fmt: skip
    rows = [header]
    for index, result in enumerate(evaluation.results):
        splitter, size, overlap = result.setting
        name = f"{splitter} {w.integer(size)}/{w.integer(overlap)}"
        if index == 0:
            name = w("cli.evaluation.plan_row", setting=name)
        if result.measures is None:
            rows.append([name, "–", w("cli.evaluation.refused", reason=result.refused)])
            continue
        values = [_shown(getattr(result.measures, field), field, w) for field in MEASURES]
        rows.append([name, w.integer(result.chunks), *values])
    widths = [max(len(row[column]) for row in rows if column < len(row))
              for column in range(len(header))]  # fmt: skip
    for row in rows:
        cells = [cell.ljust(widths[0]) if column == 0 else cell.rjust(widths[column])
                 for column, cell in enumerate(row)]  # fmt: skip
        lines.append("  ".join(cells).rstrip())
    return lines


def evaluation_report(evaluation: Evaluation) -> dict[str, object]:
    """The evaluation for ``--json``: each measure exact (a fraction's text) and rounded."""
    from .._retrieval._evaluate import setting_entries  # noqa: PLC0415 (as above)

    return {
        "file": evaluation.path,
        "questions": evaluation.questions,
        "retriever": evaluation.retriever,
        "wordllama_dimensions": evaluation.dimensions,
        "top_k": evaluation.top_k,
        "units": "characters",
        "settings": setting_entries(evaluation.results),
    }


def _shown(value: Fraction, field: str, words: Words) -> str:
    if field == "context_tokens":
        return words.integer(round(value))
    return words.decimal(f"{float(value):.3f}")


def _exit(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    # One line, as every refusal: an excerpt quoted in it may hold a line break.
    parser.exit(EXIT_BAD_INPUT, f"{PROGRAM}: error: {one_line(message)}\n")


class _Progress:
    """A progress line on standard error while the settings are measured."""

    def __init__(self, total: int, words: Words) -> None:
        self.total = total
        self.words = words

    def advance(self, done: int) -> None:
        said = self.words("cli.progress.evaluating", done=done, total=self.total)
        sys.stderr.write("\r" + said)
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\r" + " " * 60 + "\r")
        sys.stderr.flush()
