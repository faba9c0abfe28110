"""Files and folders counted in tokens, for ``python3 -m calculator --count``.

Folders are walked in sorted order, hidden files and folders (a name starting with a dot)
left out, and only files with a text extension (``TEXT_SUFFIXES``) taken; a file named
explicitly is counted whatever its name; a folder that cannot be listed gets its own error.
A file counts when it is a regular file of UTF-8 text (a leading byte order mark is dropped,
as browsers drop it) with no NUL byte, or UTF-16 after its byte order mark; it is read as
``calculator._reading`` reads it, a MiB at a time (a named pipe or a device is refused);
HTML (.html, .htm) counts as
its text content, as ``html.parser`` reads it (script and style left out, character
references decoded).  A large corpus is counted in parallel processes, in the same order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

# The page's counting (_page.py) takes the two errors from here, as --count reports them.
from .._reading import BinaryFileError as BinaryFileError  # noqa: PLC0414
from .._reading import NotUtf8Error as NotUtf8Error  # noqa: PLC0414
from .._reading import TextDecoder
from .._reading import read_text as read_regular_text
from ._counters import Counter, load_counter

TEXT_SUFFIXES = frozenset(
    ".txt .text .md .markdown .rst .adoc .org .tex .html .htm .xml .csv .tsv .json"  # noqa: SIM905
    " .jsonl"
    " .yaml .yml .toml .ini .cfg .py .js .mjs .ts .tsx .jsx .java .c .h .cc .cpp .hpp .cs"
    " .go .rs .rb .php .swift .kt .scala .sh .sql .css .scss .vue .svelte .r .lua .pl".split()
)
HTML_SUFFIXES = frozenset({".html", ".htm"})
# Below this many bytes in all, one process counts faster than starting others.
PARALLEL_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class Counted:
    """One file's token count, or why it has none."""

    path: str
    tokens: int | None
    error: str | None = None


def text_files(paths: Sequence[str]) -> Iterator[Path]:
    """The files named, and the text files of the folders named, in a stable order."""
    for item in _walk(paths):
        if isinstance(item, Path):
            yield item


def _walk(paths: Sequence[str]) -> Iterator[Path | OSError]:
    """:func:`text_files`, with an ``OSError`` where a folder could not be listed."""
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
                if not entry.startswith(".") and candidate.suffix.lower() in TEXT_SUFFIXES:
                    yield candidate
        yield from unlisted


if TYPE_CHECKING:
    from collections.abc import Callable
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


_encoding: Counter | None = None


def _load(encoding: str, ranks: Path) -> None:
    global _encoding  # noqa: PLW0603 (one tokenizer per process, loaded once)
    _encoding = load_counter(encoding, ranks)


def _count(path: Path) -> Counted:
    assert _encoding is not None  # _load ran in this process first
    try:
        return Counted(path.as_posix(), _encoding.count(read_text(path)))
    except (OSError, ValueError) as failure:
        reason = failure.strerror if isinstance(failure, OSError) else str(failure)
        return Counted(path.as_posix(), None, reason or str(failure))


def count_files(
    paths: Sequence[str], encoding: str, ranks: Path, workers: int | None = None
) -> list[Counted]:
    """Every file's count, in the order :func:`text_files` gives them; ``encoding`` is a
    name or a tokenizer.json file's path (``_counters.load_counter``).

    Raises ``OSError`` or ``ValueError`` when the tokenizer cannot be loaded.
    """
    walked = list(_walk(paths))
    files = [item for item in walked if isinstance(item, Path)]
    _load(encoding, ranks)
    size = sum(path.stat().st_size for path in files if path.is_file())
    if workers is None:
        workers = min(os.cpu_count() or 1, len(files)) if size > PARALLEL_BYTES else 1
    if workers <= 1:
        counts = [_count(path) for path in files]
    else:
        # Imported here: the page counts in one process, and a browser has no processes.
        from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

        with ProcessPoolExecutor(workers, initializer=_load, initargs=(encoding, ranks)) as pool:
            chunksize = max(1, len(files) // (workers * 8))
            counts = list(pool.map(_count, files, chunksize=chunksize))
    counted = iter(counts)
    return [next(counted) if isinstance(item, Path) else _unlisted(item) for item in walked]


def _unlisted(failure: OSError) -> Counted:
    """A folder that could not be listed: its own error, never a silent gap."""
    folder = Path(failure.filename).as_posix() if failure.filename else "?"
    return Counted(folder, None, f"cannot list the folder: {failure.strerror or failure}")
