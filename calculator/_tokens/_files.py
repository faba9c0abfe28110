"""Files and folders counted in tokens, for ``python3 -m calculator --count``.

Folders are walked in sorted order, hidden files and folders (a name starting with a dot)
left out, and only files with a text extension (``TEXT_SUFFIXES``) taken; a file named
explicitly is counted whatever its name.  A file counts when it is UTF-8 (a leading byte
order mark is dropped, as browsers drop it) with no NUL byte; HTML (.html, .htm) counts as
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

from . import RANKS_SUFFIX, Encoding, load_ranks

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
    for name in paths:
        path = Path(name)
        if not path.is_dir():
            yield path
            continue
        for folder, folders, files in os.walk(path):
            folders[:] = sorted(entry for entry in folders if not entry.startswith("."))
            for entry in sorted(files):
                candidate = Path(folder, entry)
                if not entry.startswith(".") and candidate.suffix.lower() in TEXT_SUFFIXES:
                    yield candidate


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


class BinaryFileError(ValueError):
    """A file with a NUL byte: not text."""


class NotUtf8Error(ValueError):
    """A file that is not UTF-8; ``offset`` is where its first bad byte is."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


def decoded_text(data: bytes, suffix: str) -> str:
    """A file's bytes as counted, given its suffix; ``ValueError`` saying why it is not text."""
    if b"\0" in data:
        raise BinaryFileError("binary file (it contains NUL bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as failure:
        raise NotUtf8Error(f"not UTF-8 text (byte 0x{data[failure.start]:02x} at offset "
                      f"{failure.start:,})", failure.start) from failure  # fmt: skip
    return html_text(text) if suffix.lower() in HTML_SUFFIXES else text


def read_text(path: Path) -> str:
    """A file's text as counted; ``ValueError`` saying why a file is not text."""
    return decoded_text(path.read_bytes(), path.suffix)


_encoding: Encoding | None = None


def _load(encoding: str, ranks: Path) -> None:
    global _encoding  # noqa: PLW0603 (one tokenizer per process, loaded once)
    _encoding = Encoding(encoding, load_ranks(ranks / (encoding + RANKS_SUFFIX), encoding))


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
    """Every file's count, in the order :func:`text_files` gives them.

    Raises ``OSError`` or ``ValueError`` when the ranks cannot be loaded.
    """
    files = list(text_files(paths))
    _load(encoding, ranks)
    size = sum(path.stat().st_size for path in files if path.is_file())
    if workers is None:
        workers = min(os.cpu_count() or 1, len(files)) if size > PARALLEL_BYTES else 1
    if workers <= 1:
        return [_count(path) for path in files]
    # Imported here: the page counts in one process, and a browser has no processes to start.
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    with ProcessPoolExecutor(workers, initializer=_load, initargs=(encoding, ranks)) as pool:
        return list(pool.map(_count, files, chunksize=max(1, len(files) // (workers * 8))))
