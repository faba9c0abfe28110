"""Document sources: what ``--count`` reads, cut into parts that a task each counts or splits.

A part is a batch of neighbouring files, or a range of one dataset's records
(:mod:`._datasets`); it yields ``(name, text)`` documents (:class:`Record`) and is read again
by reference, so counting and splitting (in this process, in a pool of processes, or as Dask
tasks on other machines) read the same documents in the same order, and a part is all a
task needs to be sent.  Not on the page: a browser counts the text it is given.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .._tokens._files import (
    BATCH_BYTES,
    BATCH_FILES,
    TEXT_SUFFIXES,
    Counted,
    _count,
    _size,
    _walk,
    count_text,
    read_text,
)
from ._datasets import (
    DatasetError,
    Fields,
    Range,
    Record,
    dataset_kind,
    needed_extra,
    plan_ranges,
    read_range,
)

#: Each counted document's figures in a part's result: tokens, characters, UTF-8 bytes.
FIGURES = 3


@dataclass(frozen=True, slots=True)
class Part:
    """Files read whole, one document each, or a range of a dataset's records."""

    files: tuple[str, ...] = ()
    dataset: Range | None = None
    #: Its bytes (a dataset's decompressed ones), for the progress line and the benchmark.
    size: int = 0


@dataclass(frozen=True, slots=True)
class Unread:
    """A file or folder that gave no part: why."""

    name: str
    error: str


@dataclass(frozen=True, slots=True)
class PartCount:
    """A part's counts, kept compact (a task's answer, and a million of them add up): the
    documents' names, their :data:`FIGURES` in one array, and the records not counted."""

    names: tuple[str, ...]
    figures: array[int]
    failures: tuple[tuple[str, str], ...]
    size: int


def _taken(fields: Fields | None) -> Callable[[str], bool]:
    def take(name: str) -> bool:
        known = Path(name).suffix.lower() in TEXT_SUFFIXES
        return known or (fields is not None and dataset_kind(name) is not None)

    return take


def plan_parts(paths: Sequence[str], fields: Fields | None) -> Iterator[Part | Unread]:
    """The parts of the files named and of the folders' files (walked as ``--count`` walks
    them), in that order; with ``fields``, a dataset file (:func:`._datasets.dataset_kind`)
    is cut into parts of its records, and a folder's datasets are taken too.  A file that
    cannot be read becomes a document's error when its part is read, as ``--count`` says;
    a dataset that cannot be read at all, or a folder that cannot be listed, an
    :class:`Unread` (a format whose package is missing is refused before, by
    :func:`missing_extras`).
    """
    batch: list[str] = []
    size = 0
    for item in _walk(paths, _taken(fields)):
        if isinstance(item, OSError):
            yield from _flush(batch, size)
            batch, size = [], 0
            folder = Path(item.filename).as_posix() if item.filename else "?"
            yield Unread(folder, f"cannot list the folder: {item.strerror or item}")
            continue
        kind = dataset_kind(item.name) if fields is not None else None
        if kind is None or fields is None:
            batch.append(item.as_posix())
            size += _size(item)
            if size >= BATCH_BYTES or len(batch) >= BATCH_FILES:
                yield from _flush(batch, size)
                batch, size = [], 0
            continue
        yield from _flush(batch, size)
        batch, size = [], 0
        try:
            ranges = plan_ranges(item.as_posix(), *kind, fields)
        except (OSError, DatasetError) as failure:
            reason = failure.strerror if isinstance(failure, OSError) else str(failure)
            yield Unread(item.as_posix(), reason or str(failure))
            continue
        for part in ranges:
            yield Part(dataset=part, size=part.size)
    yield from _flush(batch, size)


def _flush(batch: list[str], size: int) -> Iterator[Part]:
    if batch:
        yield Part(files=tuple(batch), size=size)


def missing_extras(paths: Sequence[str], fields: Fields | None) -> str | None:
    """What a named or walked dataset needs installed first (one line), or None."""
    if fields is None:
        return None
    for item in _walk(paths, _taken(fields)):
        kind = None if isinstance(item, OSError) else dataset_kind(item.name)
        if kind is not None and (missing := needed_extra(*kind)) is not None:
            return f"{item}: {missing}"
    return None


def documents(part: Part) -> Iterator[Record]:
    """The part's documents, in order, each read whole (the records that are not documents,
    and the files that are not text, with why)."""
    if part.dataset is not None:
        yield from read_range(part.dataset)
        return
    for name in part.files:
        try:
            yield Record(name, read_text(Path(name)))
        except (OSError, ValueError) as failure:
            reason = failure.strerror if isinstance(failure, OSError) else str(failure)
            yield Record(name, None, reason or str(failure))


def count_part(part: Part) -> PartCount:
    """The part's documents counted by this process's counter (``_tokens._files._load``
    first): a file streamed as ``--count`` streams it, a record's text counted whole."""
    names: list[str] = []
    figures: array[int] = array("q")
    failures: list[tuple[str, str]] = []
    if part.dataset is None:
        for name in part.files:
            counted = _count(Path(name))
            if counted.tokens is None:
                failures.append((counted.path, counted.error or "not counted"))
            else:
                names.append(counted.path)
                figures.extend((counted.tokens, counted.characters, counted.bytes))
    else:
        for record in read_range(part.dataset):  # an unreadable file: its own record
            if record.text is None:
                failures.append((record.name, record.error or "not counted"))
                continue
            names.append(record.name)
            utf8 = len(record.text.encode("utf-8"))
            figures.extend((count_text(record.text), len(record.text), utf8))
    return PartCount(tuple(names), figures, tuple(failures), part.size)


class Tally:
    """The counts of the parts in order, added up: every document (as :class:`Counted`)
    while there are at most ``listed`` of them, and always their totals and their lengths
    as ``{tokens: documents}``, all that the window model's plan needs (a corpus of
    millions of documents takes memory for its distinct lengths only)."""

    def __init__(self, listed: int) -> None:
        self.listed = listed
        self.counted: list[Counted] | None = []
        self.lengths: Counter[int] = Counter()
        self.documents = self.tokens = self.characters = self.bytes = 0
        self.failures = 0

    def add(self, result: PartCount, report: Callable[[str, str], None]) -> None:
        """Add a part's counts; ``report`` each record or file not counted (name, why)."""
        figures = result.figures
        for index, name in enumerate(result.names):
            tokens, characters, utf8 = figures[index * FIGURES : (index + 1) * FIGURES]
            self.lengths[tokens] += 1
            self.tokens += tokens
            self.characters += characters
            self.bytes += utf8
            if self.counted is not None:
                self.counted.append(Counted(name, tokens, None, characters, utf8))
        self.documents += len(result.names)
        if self.counted is not None and len(self.counted) > self.listed:
            self.counted = None  # too many to list: the totals and lengths go on
        for name, why in result.failures:
            report(name, why)
        self.failures += len(result.failures)
