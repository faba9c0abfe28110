"""``--count`` of datasets (``--text-field``) or on Dask (``--dask``): the files and records
read as parts (``calculator._sources``), counted and split in this machine's processes or
as Dask tasks, and added up to the plan a folder of the same documents gives.

Up to :data:`MAX_DOCUMENTS` documents each one is listed, as ``--count`` lists files; a
larger corpus (a dataset of millions of records) is planned from its lengths,
``{tokens: documents}``, all the window model needs, and a splitter's chunks from theirs:
the same figures, without a line per document (nor a per-document measure of the model's
input limit or an evaluation, which need each document).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .._documents import MAX_DOCUMENTS, CorpusPlan, plan_split_counts
from .._reindex import ReindexPlan
from ..protocol._form import SplitChunks
from ._form_fields import one_line
from ._options import PROGRAM
from ._words import Words, words_for

if TYPE_CHECKING:
    from .._sources import Part, Tally
    from .._sources._run import Engine
    from .._splitters._files import Measure, SplitFile
    from .._tokens._files import Counted


class SourcesRefusedError(Exception):
    """A refused option: its flag and why (as ``_CountRefusedError``)."""


def _report(name: str, why: str) -> None:
    print(f"{PROGRAM}: {one_line(name)}: {one_line(why)}", file=sys.stderr)


def _shown() -> bool:
    # A progress line only where someone watches it: not in a log or a pipe.
    return sys.stderr.isatty()


def engine_of(options: argparse.Namespace) -> Engine:
    """The run's engine (made once): Dask's with ``--dask``, else this machine's processes."""
    engine: Engine | None = getattr(options, "engine", None)
    if engine is None:
        from .._sources._run import Engine  # noqa: PLC0415 (the sources' run only)

        dask = options.dask or options.dask_scheduler is not None
        engine = Engine(dask=dask, workers=options.dask_workers, scheduler=options.dask_scheduler)
        options.engine = engine
    return engine


def close_engine(options: argparse.Namespace) -> None:
    """Stop the run's Dask cluster (or client), if it made one."""
    engine: Engine | None = getattr(options, "engine", None)
    if engine is not None:
        engine.close()


def count_sources(options: argparse.Namespace, ranks: str) -> tuple[list[Counted], bool]:
    """The documents counted, each listed (none past :data:`MAX_DOCUMENTS`: then
    ``options.tally`` holds them), and whether every file and record was counted; each one
    not counted gets its line on standard error, and the others count."""
    from .._sources import Tally, Unread, missing_extras, plan_parts  # noqa: PLC0415
    from .._sources._datasets import Fields  # noqa: PLC0415
    from .._sources._run import DaskMissingError, TaskFailed  # noqa: PLC0415
    from .._tokens._files import _load  # noqa: PLC0415

    fields = Fields(options.text_field, options.id_field) if options.text_field else None
    missing = missing_extras(options.count, fields)
    if missing:
        raise SourcesRefusedError("--count", missing)
    tally = Tally(MAX_DOCUMENTS)
    parts: list[Part] = []
    for item in plan_parts(options.count, fields):
        if isinstance(item, Unread):
            _report(item.name, item.error)
            tally.failures += 1
        else:
            parts.append(item)
    options.parts = parts
    engine = engine_of(options)
    _load(options.encoding, Path(ranks), not options.pure_python)  # a bad tokenizer: refused
    setup = (_load, (options.encoding, Path(ranks), not options.pure_python))
    from .._sources import count_part  # noqa: PLC0415

    words = words_for(options)
    try:
        for result in engine.run(count_part, setup, parts, sys.stderr if _shown() else None):
            if isinstance(result, TaskFailed):
                why = words("cli.refusal.not_counted", error=str(result.error))
                _report(_part_name(result.part, words), why)
                tally.failures += 1
            else:
                tally.add(result, _report)
    except DaskMissingError as missing_dask:
        raise SourcesRefusedError("--dask", str(missing_dask)) from None
    options.tally = tally
    if not tally.documents:
        raise SourcesRefusedError("--count", words("cli.refusal.no_document"))
    return tally.counted or [], tally.failures == 0


def _part_name(part: Part, words: Words) -> str:
    if part.dataset is not None:
        dataset = part.dataset
        return words(
            "cli.refusal.part_dataset", path=str(dataset.path), start=dataset.start,
            stop=dataset.stop,
        )  # fmt: skip
    return words("cli.refusal.part_files", first=str(part.files[0]), more=len(part.files) - 1)


def big_corpus(options: argparse.Namespace) -> Tally | None:
    """The tally of a corpus too large to list its documents (None for any other)."""
    tally: Tally | None = getattr(options, "tally", None)
    return tally if tally is not None and tally.counted is None else None


@dataclass
class SplitTally:
    """A splitter's chunks of a corpus too large to list, added up as they come."""

    documents: int = 0
    chunk_counts: Counter[int] = field(default_factory=Counter)
    again: ReindexPlan = field(default_factory=lambda: ReindexPlan(0, 0, 0, 0, 0, 0))
    grid: list[tuple[int, int] | None] = field(default_factory=list)

    def add(self, splits: list[SplitFile], windows: int) -> None:
        if not self.grid and not self.documents:
            self.grid = [(0, 0)] * windows
        for split in splits:
            self.documents += 1
            self.chunk_counts.update(split.lengths)
            if split.again is not None:
                self.again += ReindexPlan(*split.again)
            for index, figure in enumerate(split.grid):
                total = self.grid[index]
                self.grid[index] = None if figure is None or total is None else (
                    total[0] + figure[0], total[1] + figure[1]
                )  # fmt: skip


def split_sources(
    options: argparse.Namespace,
    plan: CorpusPlan,
    measure: Measure | None,
    again: tuple[int, int] | None,
    grid: tuple[tuple[int, int], ...],
    *,
    splitter: str | None = None,
) -> list[SplitFile] | SplitTally:
    """The counted parts split as ``--count`` splits files, in order: each document's split,
    or (a corpus too large to list) their sums.  Raises ``SourcesRefusedError`` when a part
    could not be split, or its documents are no longer the counted ones."""
    from .._sources._run import TaskFailed  # noqa: PLC0415
    from .._splitters._files import split_part, split_setup  # noqa: PLC0415

    setup = split_setup(
        options.encoding, Path(options.ranks), splitter=splitter or options.splitter,
        chunk_size=plan.chunk_size, overlap=plan.overlap, measure=measure, again=again, grid=grid,
    )  # fmt: skip
    listed: list[SplitFile] = []
    tally = SplitTally()
    big = big_corpus(options) is not None
    words = words_for(options)
    doing = words("cli.progress.splitting", windows=len(grid) + 1)
    progress = sys.stderr if grid and _shown() else None
    for result in engine_of(options).run(split_part, setup, options.parts, progress, doing):
        if isinstance(result, TaskFailed):
            why = words("cli.refusal.not_split", error=str(result.error))
            raise SourcesRefusedError("--splitter", f"{_part_name(result.part, words)}: {why}")
        if big:
            tally.add(result, len(grid))
        else:
            listed += result
    counted = options.tally.documents
    if (tally.documents if big else len(listed)) != counted:
        raise SourcesRefusedError("--count", words("cli.refusal.changed"))
    return tally if big else listed


def big_split_chunks(
    splitter: str, split: SplitTally, window: CorpusPlan, again: tuple[int, int] | None
) -> SplitChunks:
    """:func:`._counting.split_chunks` of a corpus too large to list: from the sums."""
    plan = plan_split_counts(
        window.lengths, split.chunk_counts.items(), window.chunk_size, window.overlap, splitter
    )
    if again is None:
        return SplitChunks(plan)
    return SplitChunks(plan, (again[0], again[1], split.again))


def big_grid_sums(
    windows: tuple[tuple[int, int], ...], split: SplitTally
) -> dict[tuple[int, int], tuple[int, int]]:
    """:func:`._counting._grid_sums` of a corpus too large to list."""
    return {
        window: figure
        for window, figure in zip(windows, split.grid, strict=False)
        if figure is not None
    }


def big_splitter_report(
    options: argparse.Namespace, plan: CorpusPlan, counted: dict[str, object]
) -> dict[str, object]:
    """:func:`._counting._splitter_report` of a corpus too large to list: no documents."""
    window = plan.window
    return {
        "splitter": options.splitter,
        "window": {"chunks": window.chunks, "tokens_processed": window.tokens_processed},
        "counted": counted,
    }
