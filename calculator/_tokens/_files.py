"""Files and folders counted in tokens, for ``python3 -m calculator --count``.

Folders are walked in sorted order, hidden files and folders (a name starting with a dot)
left out, and only files with a text extension (``TEXT_SUFFIXES``) taken; a file named
explicitly is counted whatever its name; a folder that cannot be listed gets its own error.
A file counts when it is a regular file of UTF-8 text (a leading byte order mark is dropped,
as browsers drop it) with no NUL byte, or UTF-16 after its byte order mark; it is read as
``calculator._reading`` reads it, a MiB at a time (a named pipe or a device is refused),
and counted as it is read (``_count.CountStream``), so a file takes memory for a slice of
its text, not for the file; HTML (.html, .htm) counts as its text content, as
``html.parser`` reads it (script and style left out, character references decoded), the
file read whole first.  More than :data:`PARALLEL_BYTES` of files are counted by a process
per free core (:func:`free_cores`), in batches of neighbouring files, and the counts come back
in the walk's order.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

# The page's counting (_page.py) takes the two errors from here, as --count reports them.
from .._encodings import PURE_PYTHON
from .._reading import BinaryFileError as BinaryFileError  # noqa: PLC0414
from .._reading import NotUtf8Error as NotUtf8Error  # noqa: PLC0414
from .._reading import TextDecoder, text_parts
from .._reading import read_text as read_regular_text
from . import ENCODINGS, RANKS_SUFFIX, Encoding, load_ranks
from ._counters import Counter, load_counter
from ._hf_limits import TokenizerFileError

TEXT_SUFFIXES = frozenset(
    ".txt .text .md .markdown .rst .adoc .org .tex .html .htm .xml .csv .tsv .json"  # noqa: SIM905
    " .jsonl"
    " .yaml .yml .toml .ini .cfg .py .js .mjs .ts .tsx .jsx .java .c .h .cc .cpp .hpp .cs"
    " .go .rs .rb .php .swift .kt .scala .sh .sql .css .scss .vue .svelte .r .lua .pl".split()
)
HTML_SUFFIXES = frozenset({".html", ".htm"})
# Below this many bytes in all, one process counts faster than starting others.
PARALLEL_BYTES = 1 << 20
# A worker's task: neighbouring files of about this many bytes, or this many files.
BATCH_BYTES = 1 << 18
BATCH_FILES = 64
# Seconds of counting before a progress line is shown, and between its updates.
PROGRESS_AFTER = 2.0
PROGRESS_EVERY = 0.25


@dataclass(frozen=True, slots=True)
class Counted:
    """One file's token count, or why it has none."""

    path: str
    tokens: int | None
    error: str | None = None
    #: The text's characters (code points) and UTF-8 bytes, as the page's counter has them.
    characters: int = 0
    bytes: int = 0


def text_files(paths: Sequence[str]) -> Iterator[Path]:
    """The files named, and the text files of the folders named, in a stable order."""
    for item in _walk(paths):
        if isinstance(item, Path):
            yield item


def _walk(
    paths: Sequence[str], take: Callable[[str], bool] | None = None
) -> Iterator[Path | OSError]:
    """:func:`text_files`, with an ``OSError`` where a folder could not be listed; ``take``
    says which names of a folder's files are read (by default: a text extension's)."""
    for name in paths:
        path = Path(name)
        if not path.is_dir():
            yield path
            continue
        unlisted: list[OSError] = []
        for folder, folders, files in os.walk(path, onerror=unlisted.append):
            yield from unlisted
            unlisted.clear()
            folders[:] = sorted(entry for entry in folders if not entry.startswith("."))
            for entry in sorted(files):
                candidate = Path(folder, entry)
                if entry.startswith("."):
                    continue
                if candidate.suffix.lower() in TEXT_SUFFIXES if take is None else take(entry):
                    yield candidate
        yield from unlisted


if TYPE_CHECKING:
    from typing import Protocol

    class _TextParser(Protocol):
        parts: list[str]

        def feed(self, data: str) -> None: ...
        def close(self) -> None: ...


@cache
def _text_content() -> Callable[[], _TextParser]:
    # html.parser is imported when HTML is first read: the page's worker lacks it until then
    # (it would download the whole standard library for text that has no HTML).
    from html.parser import HTMLParser  # noqa: PLC0415

    class TextContent(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []
            self._hidden = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in {"script", "style"}:
                self._hidden += 1

        def handle_endtag(self, tag: str) -> None:
            if tag in {"script", "style"} and self._hidden:
                self._hidden -= 1

        def handle_data(self, data: str) -> None:
            if not self._hidden:
                self.parts.append(data)

    return TextContent


def html_text(html: str) -> str:
    """The text content of an HTML document.

    >>> html_text("<p>Caf&eacute; <b>bar</b></p><script>x = 1</script>\\n")
    'Café bar\\n'
    """
    parser = _text_content()()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def decoded_text(data: bytes, suffix: str) -> str:
    """A file's bytes as counted, given its suffix; ``ValueError`` saying why it is not text."""
    text = TextDecoder().decode(data, final=True)
    return html_text(text) if suffix.lower() in HTML_SUFFIXES else text


def read_text(path: Path) -> str:
    """A file's text as counted, read a MiB at a time; ``ValueError`` saying why a file is
    not text (or not a regular file)."""
    text = read_regular_text(path)
    return html_text(text) if path.suffix.lower() in HTML_SUFFIXES else text


if TYPE_CHECKING:
    from ._count import TokenCounter

# One counter per process, made once, and what it counts with: a process forked from the one
# that made it has it already (its ranks shared, not loaded again).
_counter: TokenCounter | Counter | None = None
_loaded: tuple[str, Path, bool] | None = None


def _load(encoding: str, ranks: Path, native: bool = False) -> None:
    global _counter, _loaded  # noqa: PLW0603 (one tokenizer per process, loaded once)
    # Imported here: the page's counting reads files with this module, and counts otherwise.
    from ._count import TokenCounter  # noqa: PLC0415

    if _loaded == (encoding, ranks, native):
        return
    _counter, _loaded = None, None  # until this load succeeds
    if native:  # the command line's: tiktoken or tokenizers, where installed
        from ._native import native_counter  # noqa: PLC0415

        _counter = native_counter(encoding, ranks)
    if _counter is not None:
        pass
    elif encoding in ENCODINGS:  # tiktoken's encodings: streamed, each piece merged once
        loaded = load_ranks(ranks / (encoding + RANKS_SUFFIX), encoding)
        _counter = TokenCounter(Encoding(encoding, loaded))
    else:  # bert-base-uncased or a tokenizer.json: counted whole (_counters)
        _counter = load_counter(encoding, ranks)
    _loaded = (encoding, ranks, native)


def counting_engine() -> str:
    """What counted in this process's last count: a library and its version, or
    :data:`PURE_PYTHON`."""
    return getattr(_counter, "engine", PURE_PYTHON)


def _count(path: Path) -> Counted:
    """One file's count, its text counted as it is read (HTML once read whole)."""
    assert _counter is not None  # _load ran in this process first
    try:
        # A counter without streams (a tokenizer.json's, say) counts the text read whole.
        streams = getattr(_counter, "stream", None)
        if streams is None or path.suffix.lower() in HTML_SUFFIXES:
            text = read_text(path)
            return Counted(path.as_posix(), _counter.count(text), None, *_sizes(text))
        stream = streams()
        characters = utf8 = 0
        for part in text_parts(path):
            stream.feed(part)
            more_characters, more_bytes = _sizes(part)
            characters, utf8 = characters + more_characters, utf8 + more_bytes
        return Counted(path.as_posix(), stream.close(), None, characters, utf8)
    except (OSError, ValueError) as failure:
        if isinstance(failure, TokenizerFileError):
            raise  # the tokenizer's, not the file's: the whole count is refused
        reason = failure.strerror if isinstance(failure, OSError) else str(failure)
        return Counted(path.as_posix(), None, reason or str(failure))


def count_text(text: str) -> int:
    """``text``'s tokens, counted by this process's counter (loaded first by ``_load``)."""
    assert _counter is not None
    return _counter.count(text)


def _sizes(text: str) -> tuple[int, int]:
    """The characters and UTF-8 bytes of ``text``, as the page's counter measures them."""
    return len(text), len(text.encode("utf-8", "surrogatepass"))


def _count_batch(paths: list[Path]) -> list[Counted]:
    return [_count(path) for path in paths]


def _batches(files: list[Path], sizes: list[int]) -> Iterator[list[Path]]:
    """Neighbouring files in batches of about :data:`BATCH_BYTES` (or :data:`BATCH_FILES`),
    one task of a worker each: fewer messages than a file a task, and work enough to share."""
    batch: list[Path] = []
    size = 0
    for path, file_size in zip(files, sizes, strict=True):
        batch.append(path)
        size += file_size
        if size >= BATCH_BYTES or len(batch) >= BATCH_FILES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def free_cores() -> int:
    """The cores that other work leaves free: this process's cores less the system's load
    over the last minute (rounded), at least one.  On a busy machine a second counting
    process only waits for a core, and costs its own start and its own merging."""
    total = cores()
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average here (Windows)
        return total
    return max(1, min(total, int(total - load + 0.5)))


def count_files(
    paths: Sequence[str],
    encoding: str,
    ranks: Path,
    workers: int | None = None,
    progress: TextIO | None = None,
    *,
    native: bool = False,
) -> list[Counted]:
    """Every file's count, in the order :func:`text_files` gives them; ``encoding`` is a
    name or a tokenizer.json file's path (``_counters.load_counter``); with ``progress``, a
    line there (a terminal's) that follows the count once it has taken a few seconds; with
    ``native``, tiktoken or tokenizers counts where installed (the same counts, faster).

    Raises ``OSError`` or ``ValueError`` when the tokenizer cannot be loaded.
    """
    walked = list(_walk(paths))
    files = [item for item in walked if isinstance(item, Path)]
    _load(encoding, ranks, native)
    sizes = [_size(path) for path in files]
    if workers is None:
        workers = min(free_cores(), len(files)) if sum(sizes) > PARALLEL_BYTES else 1
    shown = Progress(progress, len(files), sum(sizes))
    counts: list[Counted] = []
    if workers <= 1:
        for path, size in zip(files, sizes, strict=True):
            counts.append(_count(path))
            shown.advance(1, size)
    else:
        # Imported here: the page counts in one process, and a browser has no processes.
        from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

        batches = list(_batches(files, sizes))
        with ProcessPoolExecutor(
            workers, initializer=_load, initargs=(encoding, ranks, native)
        ) as pool:
            for batch, done in zip(batches, pool.map(_count_batch, batches), strict=True):
                counts += done
                shown.advance(len(batch), sum(_size(path) for path in batch))
    shown.close()
    counted = iter(counts)
    return [next(counted) if isinstance(item, Path) else _unlisted(item) for item in walked]


class Progress:
    """``counting: 120 of 674 files, 2.1 of 11.2 MB`` on one line of a terminal, rewritten at
    most a few times a second from :data:`PROGRESS_AFTER` seconds on, and cleared at the end;
    nothing for a run shorter than that, or without a stream.  ``doing`` names the work."""

    def __init__(
        self,
        stream: TextIO | None,
        files: int,
        size: int,
        doing: str = "counting",
        unit: str = "files",
    ) -> None:
        self._stream, self._doing, self._unit = stream, doing, unit
        self._files, self._size = files, size
        self._done_files = self._done_size = 0
        self._start = self._shown = time.monotonic()
        self._width = 0

    def advance(self, files: int, size: int) -> None:
        self._done_files += files
        self._done_size += size
        now = time.monotonic()
        if self._stream is None or now - self._start < PROGRESS_AFTER:
            return
        if now - self._shown >= PROGRESS_EVERY or not self._width:
            line = (
                f"{self._doing}: {self._done_files:,} of {self._files:,} {self._unit}, "
                f"{self._done_size / 1e6:,.1f} of {self._size / 1e6:,.1f} MB"
            )
            self._stream.write("\r" + line.ljust(self._width))
            self._stream.flush()
            self._width, self._shown = len(line), now

    def close(self) -> None:
        if self._stream is not None and self._width:
            self._stream.write("\r" + " " * self._width + "\r")
            self._stream.flush()


def _unlisted(failure: OSError) -> Counted:
    """A folder that could not be listed: its own error, never a silent gap."""
    folder = Path(failure.filename).as_posix() if failure.filename else "?"
    return Counted(folder, None, f"cannot list the folder: {failure.strerror or failure}")
