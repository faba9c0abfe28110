"""Text files read as the command line reads them: regular files only, a MiB at a time.

A named pipe, a device (``/dev/zero``), a socket or a folder is refused before a byte is
read: reading one could wait for ever or never end.  Text is UTF-8 (a leading byte order
mark dropped, as browsers drop it) or, after its byte order mark, UTF-16 (little or big
endian).  The bytes are decoded as they come, so a NUL byte or a byte that is not UTF-8 stops
the reading where it is found: a large binary file is refused at its first MiB, not after
being read whole.
"""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Iterator
from pathlib import Path

CHUNK_BYTES = 1 << 20
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)


class NotTextError(ValueError):
    """A file that cannot be read as text; the message says why, in a few words."""


class NotRegularFileError(NotTextError):
    """A named pipe, a device, a socket or a folder: not a file to read."""


class BinaryFileError(NotTextError):
    """A file with a NUL byte: not text; ``offset`` is where the first one is."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class NotUtf8Error(NotTextError):
    """A file that is not UTF-8 (nor UTF-16 after its byte order mark); ``offset`` is where
    its first bad byte is."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class TextDecoder:
    """Bytes in, text out, one chunk at a time, with the offsets of what is wrong.

    >>> decoder = TextDecoder()
    >>> decoder.decode(b"\\xef\\xbb\\xbfcaf\\xc3"), decoder.decode(b"\\xa9", final=True)
    ('caf', 'é')
    >>> TextDecoder().decode("\\ufeffolá".encode("utf-16-be"), final=True)
    'olá'
    >>> TextDecoder().decode(b"ab\\xe9", final=True)
    Traceback (most recent call last):
    calculator._reading.NotUtf8Error: not UTF-8 text (byte 0xe9 at offset 2)
    >>> TextDecoder().decode(b"a\\0b", final=True)
    Traceback (most recent call last):
    calculator._reading.BinaryFileError: binary file (a NUL byte at offset 1)
    """

    def __init__(self) -> None:
        self._head = b""  # the first bytes, held until the byte order mark is known
        self._decoder: codecs.IncrementalDecoder | None = None
        self._name = "UTF-8"
        self._width = 1  # bytes of a code unit
        self._position = 0  # the file offset of the next byte given to the decoder

    def decode(self, data: bytes, *, final: bool = False) -> str:
        """The text of ``data`` that is complete; ``final`` for the last chunk."""
        if self._decoder is None:
            self._head += data
            if len(self._head) < len(codecs.BOM_UTF8) and not final:
                return ""
            data, self._head = self._start(self._head), b""
        assert self._decoder is not None
        pending = len(self._decoder.getstate()[0])
        start = self._position - pending  # the file offset of the decoder's first byte
        if self._width == 1 and (nul := data.find(b"\0")) >= 0:
            self._decode(data[:nul], start)  # a bad byte before the NUL is reported first
            raise BinaryFileError(f"binary file (a NUL byte at offset {self._position + nul:,})",
                                  self._position + nul)  # fmt: skip
        self._position += len(data)
        text = self._decode(data, start, final=final)
        if self._width == 2 and (nul := text.find("\0")) >= 0:
            raise BinaryFileError("binary file (a NUL character in UTF-16 text)", start)
        return text

    def _start(self, head: bytes) -> bytes:
        for mark, codec, name in _BYTE_ORDER_MARKS:
            if head.startswith(mark):
                self._name, self._width = name, 1 if name == "UTF-8" else 2
                self._position = len(mark)
                self._decoder = codecs.getincrementaldecoder(codec)("strict")
                return head[len(mark) :]
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        return head

    def _decode(self, data: bytes, start: int, *, final: bool = False) -> str:
        assert self._decoder is not None
        try:
            return self._decoder.decode(data, final)
        except UnicodeDecodeError as failure:
            offset = start + failure.start
            byte = f"byte 0x{failure.object[failure.start]:02x} at " if self._width == 1 else ""
            message = f"not {self._name} text ({byte}offset {offset:,})"
            raise NotUtf8Error(message, offset) from None


def _kind(mode: int) -> str:
    kinds = (
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a folder"),
    )
    return next((name for test, name in kinds if test(mode)), "of another kind")


def read_text(path: str | Path) -> str:
    """The text of the regular file at ``path``, read a MiB at a time.

    Raises ``OSError`` when it cannot be opened or read, :class:`NotTextError` (saying why)
    when it is not a regular file or not text.

    >>> read_text("/dev/null")
    Traceback (most recent call last):
    calculator._reading.NotRegularFileError: not a regular file (a character device)
    """
    return "".join(text_parts(path))


def text_parts(path: str | Path) -> Iterator[str]:
    """The text of the regular file at ``path`` as it is read, a MiB at a time; refused as
    :func:`read_text` refuses, when the bad part is reached.

    >>> list(text_parts("/dev/null"))
    Traceback (most recent call last):
    calculator._reading.NotRegularFileError: not a regular file (a character device)
    """
    decoder = TextDecoder()
    for chunk in _chunks(path):
        yield decoder.decode(chunk)
    yield decoder.decode(b"", final=True)


def read_bytes(path: str | Path) -> bytes:
    """The bytes of the regular file at ``path``; refused as :func:`read_text` refuses.

    >>> read_bytes("/dev/zero")
    Traceback (most recent call last):
    calculator._reading.NotRegularFileError: not a regular file (a character device)
    """
    return b"".join(_chunks(path))


def _chunks(path: str | Path) -> Iterator[bytes]:
    """The regular file at ``path``, a MiB at a time; anything else refused before a read."""
    # Opened without waiting: a named pipe with no writer would block the open itself.
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFileError(f"not a regular file ({_kind(mode)})")
        while chunk := os.read(descriptor, CHUNK_BYTES):
            yield chunk
    finally:
        os.close(descriptor)
