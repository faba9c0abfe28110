"""``python3 -m calculator``: the plan on the command line, as text, JSON or Markdown.

The options fill the same form the web page has, so the command line and the
page validate alike; the first invalid option is reported in one line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._documents import MAX_DOCUMENTS, CorpusPlan
from .._encodings import COUNTERS
from .._errors import CalculatorError
from .._models import (
    ModelPreset,
    describe_preset,
    model_names,
    model_preset,
    price_source,
)
from .._reading import NotTextError
from .._vectors import VectorSize
from ..protocol._export import export_csv
from ..protocol._form import evaluate_form
from ._counted_text import counted_line, counted_report
from ._counting import (
    _count,
    _CountRefusedError,
    _grid_sums,
    _grid_windows,
    _split,
    _splitter_lines,
    _splitter_report,
    split_chunks,
)
from ._form_fields import _fields, _refusal, _refuse
from ._model_fit_text import cli_fits, cli_request, fit_lines, fit_report
from ._options import (
    _STORAGE_OPTIONS,
    EXIT_SOME_FILES_NOT_COUNTED,
    PROGRAM,
    _check_combinations,
    _parser,
)
from ._preset_text import preset_line
from ._sources import (
    big_corpus,
    big_grid_sums,
    big_split_chunks,
    big_splitter_report,
    close_engine,
)
from ._summary import LINE_WIDTH, _lines_of_at_most, _Panels, markdown, settings_section, summary
from ._words import words_for

if TYPE_CHECKING:
    from .._splitters._files import SplitFile
    from .._splitters._model_fit import ChunkFit
    from .._tokens._files import Counted
    from ._evaluation import Evaluation
    from ._model_fit_text import FitRequest


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input).

    A reader that closes the pipe early (``| head -1``) took what it wanted: the run ends
    quietly with 0, as ``cat`` or ``grep`` would.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()  # here, not at exit, where a closed pipe would be reported
    except BrokenPipeError:
        # Python flushes stdout once more at exit: point it at nothing so that it is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


def _run(argv: Sequence[str] | None) -> int:
    parser = _parser()
    options = parser.parse_args(argv)
    try:
        return _run_parsed(parser, options)
    finally:
        close_engine(options)  # a Dask cluster of --dask's, stopped


def _run_parsed(parser: argparse.ArgumentParser, options: argparse.Namespace) -> int:  # noqa: PLR0912, PLR0915 (the run's steps in order)
    _check_combinations(parser, options)
    preset, kept = _apply_model(parser, options)
    if not options.dimensions and any(
        getattr(options, name) is not None for name in _STORAGE_OPTIONS
    ):
        return _refuse("--dimensions", CalculatorError("dimensions", "empty").message)
    counted: list[Counted] = []
    every_file_counted = True
    checked = None
    if options.count:
        if options.evaluate is not None:
            from ._evaluation import check_set_first  # noqa: PLC0415 (only --evaluate's)

            checked = check_set_first(parser, options)
        try:
            counted, every_file_counted = _count(options)
        except _CountRefusedError as refusal:
            return _refuse(*refusal.args)
    big = big_corpus(options)
    lengths = None if big is None else tuple(sorted(big.lengths.items()))
    words = words_for(options)
    try:
        outcome = evaluate_form(_fields(options), lengths=lengths)
    except OSError as failure:
        said = words("cli.refusal.cannot_read", path=options.document_tokens, reason=str(failure))
        return _refuse("--document-tokens", said)
    except NotTextError as failure:
        return _refuse("--document-tokens", f"{options.document_tokens}: {failure}")
    refused_option = _refusal(options, outcome)
    if refused_option is not None:
        return _refuse(*refused_option)
    plan = outcome.plan
    assert plan is not None  # the form plans whenever it reports no error
    fit = cli_request(parser, options, preset, outcome.model_limit)
    if big is not None and fit is not None:
        documents = words.count(big.documents, "documents")
        said = words("cli.note.fit_up_to", documents=documents, most=MAX_DOCUMENTS)
        print(f"{PROGRAM}: {said}", file=sys.stderr)
        fit = None
    again = outcome.reindex.new_window if outcome.reindex is not None else None
    # The trade-off's windows, each split too: the splitter's chunks at every point.
    windows = _grid_windows(plan) if options.tradeoff or options.csv else ()
    split = _split(parser, options, counted, plan, fit, again=again, grid=windows)
    splits = split if isinstance(split, list) else []
    measured = None
    if split:  # the splitter's chunks are the plan: every figure is planned again from them
        if isinstance(split, list):
            chunks = split_chunks(options.splitter, counted, splits, plan, again)
            measured = _grid_sums(windows, splits)
        else:
            chunks = big_split_chunks(options.splitter, split, plan, again)
            measured = big_grid_sums(windows, split)
        outcome = evaluate_form(_fields(options), split=chunks, lengths=lengths)
        plan = outcome.plan
        assert plan is not None
    evaluation = None
    if checked is not None:
        from ._evaluation import evaluate_files  # noqa: PLC0415 (only --evaluate needs it)

        windows_measured = _grid_windows(plan) if options.tradeoff or options.csv else ()
        evaluation = evaluate_files(
            parser, options, counted, plan, windows_measured, checked=checked
        )
    retrieval = None if evaluation is None else evaluation.by_window()
    panels = _Panels(options, outcome, measured, retrieval, words)
    panels.price_from = price_source(preset, kept)
    fits = (fit, cli_fits(fit, options, counted, splits, plan))
    readable = not (options.json or options.markdown or options.csv)
    with _lines_of_at_most(LINE_WIDTH) if readable else contextlib.nullcontext():
        _print(
            options, plan, outcome.vectors, panels, counted=(counted, splits), model=(preset, kept),
            fit=fits, evaluation=evaluation,
        )  # fmt: skip
    if readable and evaluation is not None:  # a table of its own, wider than the summary's
        from ._evaluation import evaluation_lines  # noqa: PLC0415 (only --evaluate needs it)

        print("\n" + "\n".join(evaluation_lines(evaluation, words)))
    return 0 if every_file_counted else EXIT_SOME_FILES_NOT_COUNTED


def _print(
    options: argparse.Namespace,
    plan: CorpusPlan,
    vectors: VectorSize | None,
    panels: _Panels,
    *,
    counted: tuple[list[Counted], list[SplitFile]],
    model: tuple[ModelPreset | None, dict[str, str]],
    fit: tuple[FitRequest | None, list[ChunkFit]] = (None, []),
    evaluation: Evaluation | None = None,
) -> None:
    """The plan as JSON, Markdown or lines; ``counted``: the counted files and, with a
    splitter, their splits; ``fit``: their chunks as the model sees them, first."""
    (files, splits), (preset, kept), (request, fits) = counted, model, fit
    words = panels.words
    paths = [item.path for item in files]
    big = big_corpus(options)
    corpus = files if big is None else big
    if options.json:
        report = panels.report(plan, vectors)
        if request is not None:
            report = {"model_fit": fit_report(request, paths, fits), **report}
        if options.count:
            report |= _counted_reports(options, files, splits, plan)
        if preset is not None:
            counted_with = options.encoding if options.count else None
            report["model"] = describe_preset(preset, kept, counted_with)
        if evaluation is not None:
            from ._evaluation import evaluation_report  # noqa: PLC0415 (as above)

            report["evaluation"] = evaluation_report(evaluation)
        print(json.dumps(report, indent=2))
    elif options.markdown:
        warnings = fit_lines(request, paths, fits, words) if request else []
        print(settings_section(options, preset, warnings, words))
        print(markdown(plan, vectors, panels))
    elif options.csv:
        assert panels.tradeoff is not None
        print(export_csv(panels.tradeoff, words.export_words()), end="")
    else:
        if request is not None:
            print("\n".join(fit_lines(request, paths, fits, words)))
        if options.count:
            splitter_lines = _splitter_lines(plan, words)
            unit = "documents" if options.text_field else "files"
            counted_text = counted_line(options.encoding, corpus, options.counted_by, unit, words)
            print("\n".join([counted_text, *splitter_lines]))
        if preset is not None:
            counted_with = options.encoding if options.count else None
            print(preset_line(preset, kept, counted_with, words))
        print(summary(plan, vectors, panels))


def _counted_reports(
    options: argparse.Namespace, files: list[Counted], splits: list[SplitFile], plan: CorpusPlan
) -> dict[str, object]:
    """``--json``'s ``counted`` and the splitter's report, listed or (too many) in sums."""
    big = big_corpus(options)
    counted = counted_report(options.encoding, files if big is None else big, options.counted_by)
    if big is None:
        return {"counted": counted} | _splitter_report(options, files, splits, plan)
    if plan.measured:
        return {"counted": counted} | big_splitter_report(options, plan, counted)
    return {"counted": counted}


def _apply_model(
    parser: argparse.ArgumentParser, options: argparse.Namespace
) -> tuple[ModelPreset | None, dict[str, str]]:
    """Fill the options --model's preset knows and the user left out; the preset (if any)
    and the values the user gave instead of the preset's."""
    preset = kept = None
    if options.model is not None:
        try:
            preset = model_preset(options.model)
        except CalculatorError:
            parser.error(f"argument --model: unknown model {options.model!r} "
                         f"(choose from {', '.join(model_names())})")  # fmt: skip
        kept = {}
        for name, text in preset.form_fields().items():
            given = getattr(options, name)
            if not given:  # left out (the dimensions' default is empty)
                setattr(options, name, text)
            else:
                kept[name] = given
        if options.encoding is None and preset.tokenizer in COUNTERS:
            options.encoding = preset.tokenizer
    if options.added_tokens is not None and options.max_input_tokens is None:
        parser.error("argument --added-tokens: needs --max-input-tokens (or --model)")
    options.encoding = options.encoding or COUNTERS[0]
    return preset, kept or {}
