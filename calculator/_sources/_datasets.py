"""Datasets read as documents: JSONL (NDJSON), CSV, TSV and Parquet, each record one document.

A file is a dataset when ``--text-field`` is given and its name ends in ``.jsonl``,
``.ndjson``, ``.csv``, ``.tsv`` or ``.parquet`` (the line formats also gzipped, ``.gz``, or
zstd-compressed, ``.zst``); without that option every file stays one text document.

A dataset is read in parts, each a task of its own that reads its records again by
reference: a line format's part is a range of its (decompressed) bytes that begins and ends
on a record's boundary, found by one scan of the file; a Parquet file's part is a row group,
read in batches of rows.  A part never holds more than its own records, so a file of any
size is read in bounded memory.

A record that is not a document (a line that is not UTF-8 or not JSON, a missing or
non-string field, a CSV row without the column) becomes a :class:`Record` with its
``error``, named by file and line (or row group and row): reported, never skipped silently.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: The dataset formats by suffix (NDJSON is JSONL under another name).
FORMATS = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".tsv": "tsv",
    ".parquet": "parquet",
}
COMPRESSIONS = (".gz", ".zst")
#: The (decompressed) bytes of a line format's part: about a second of counting on one core,
#: so that a task is worth its message and a file of gigabytes is shared among workers.
PART_BYTES = 4 << 20
#: A compressed stream cannot be entered in its middle: a part decompresses (and drops)
#: what comes before it, so a compressed file is cut into at most this many parts, each
#: skipping less than the whole file: at most this many times its decompression, cheap
#: beside the counting.
COMPRESSED_PARTS = 16
_READ_BYTES = 1 << 20
#: The largest record read: a document of a quarter of a GiB is a corpus of its own, and a
#: CSV file's unclosed quote would otherwise make the rest of the file one record.
MAX_RECORD_BYTES = 256 << 20
_QUOTE = b'"'


class DatasetError(ValueError):
    """A dataset file that cannot be read at all (its own error line; the others count)."""


@dataclass(frozen=True, slots=True)
class Fields:
    """Where a record's text is (a dotted path into a JSON object, a column's name) and,
    optionally, the field whose value names the document."""

    text: str
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Record:
    """One record: a document's name and text, or (``text`` None) why it is not one."""

    name: str
    text: str | None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Range:
    """Part of a dataset file: its records from ``start`` to ``stop`` (decompressed byte
    offsets of a line format; for Parquet, ``start`` is the row group), the first of them
    on line (row) ``first``; ``columns`` the CSV columns of the text and the id (-1: none)."""

    path: str
    kind: str
    compression: str
    start: int
    stop: int
    first: int
    fields: Fields
    columns: tuple[int, int] = (-1, -1)
    size: int = 0


def dataset_kind(path: str) -> tuple[str, str] | None:
    """The format and the compression of a dataset file by its name, or None.

    >>> dataset_kind("a/b.JSONL.gz"), dataset_kind("c.parquet"), dataset_kind("d.txt")
    (('jsonl', '.gz'), ('parquet', ''), None)
    """
    name = os.path.basename(path).lower()
    compression = next((end for end in COMPRESSIONS if name.endswith(end)), "")
    name = name.removesuffix(compression) if compression else name
    kind = next((kind for suffix, kind in FORMATS.items() if name.endswith(suffix)), None)
    return None if kind is None else (kind, compression)


def needed_extra(kind: str, compression: str) -> str | None:
    """Why a format cannot be read here (its package is missing), or None."""
    import importlib.util  # noqa: PLC0415 (a dataset's question only)

    for module, what in (("pyarrow", kind == "parquet"), ("zstandard", compression == ".zst")):
        if what and importlib.util.find_spec(module) is None:
            return (
                f"reading {'Parquet' if module == 'pyarrow' else 'zstd'} needs the {module}"
                " package: pip install 'rag-chunk-planner[datasets]'"
            )
    return None


def _open(path: str, compression: str) -> io.BufferedIOBase:
    """The file's (decompressed) bytes; a named pipe or a device refused before a read."""
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise DatasetError("not a regular file")
    if compression == ".gz":
        return gzip.open(path, "rb")
    if compression == ".zst":
        import zstandard  # noqa: PLC0415 (an optional package, for .zst only)

        raw = open(path, "rb")  # noqa: SIM115 (closed with the reader)
        reader = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)
        return io.BufferedReader(reader, _READ_BYTES)
    return open(path, "rb")


def plan_ranges(path: str, kind: str, compression: str, fields: Fields) -> list[Range]:
    """The file's parts, in order; :class:`DatasetError` (or ``OSError``) when the file
    cannot be read at all (not a regular file, a bad header, a Parquet file without the
    column, a truncated compressed stream)."""
    try:
        if kind == "parquet":
            if compression:
                raise DatasetError("a Parquet file compresses its own pages: not .gz or .zst")
            return _parquet_ranges(path, fields)
        return _line_ranges(path, kind, compression, fields)
    except (EOFError, gzip.BadGzipFile) as failure:
        raise DatasetError(f"cannot decompress: {failure}") from None
    except Exception as failure:
        if isinstance(failure, (OSError, DatasetError)):
            raise
        # zstandard's own error, or pyarrow's: the file's, never the whole run's.
        raise DatasetError(f"cannot read: {failure}") from None


def _line_ranges(path: str, kind: str, compression: str, fields: Fields) -> list[Range]:
    """One scan of the bytes for the records' boundaries (a newline; in CSV a newline after
    an even number of quotes, as a quoted field may hold a newline)."""
    size = os.stat(path).st_size
    part_bytes = PART_BYTES
    if compression:  # see COMPRESSED_PARTS (the compressed size stands for the whole)
        part_bytes = max(PART_BYTES, size * 4 // COMPRESSED_PARTS)
    quoted = kind != "jsonl"
    columns = (-1, -1)
    ranges: list[Range] = []
    with _open(path, compression) as stream:
        start, line = 0, 1
        if quoted:  # the header: the first record names the columns
            header, lines = _first_record(stream)
            columns = _columns(header, kind, fields)
            start, line = len(header), 1 + lines
        position, quotes, lines_before = start, 0, line
        cut_after = start + part_bytes
        while chunk := stream.read(_READ_BYTES):
            search = max(0, cut_after - position)
            while (newline := chunk.find(b"\n", search)) >= 0:
                if quoted and (quotes + chunk.count(_QUOTE, 0, newline)) % 2:
                    search = newline + 1  # inside a quoted field: not a boundary
                    continue
                cut = position + newline + 1
                ranges.append(
                    _range((path, kind, compression), (start, cut, line), fields, columns)
                )
                line = lines_before + chunk.count(b"\n", 0, newline + 1)
                start, cut_after = cut, cut + part_bytes
                search = max(newline + 1, cut_after - position)
            position += len(chunk)
            quotes += chunk.count(_QUOTE) if quoted else 0
            lines_before += chunk.count(b"\n")
        if position > start:
            ranges.append(
                _range((path, kind, compression), (start, position, line), fields, columns)
            )
    return ranges


def _range(
    file: tuple[str, str, str], span: tuple[int, int, int], fields: Fields, columns: tuple[int, int]
) -> Range:
    (path, kind, compression), (start, stop, first) = file, span
    return Range(path, kind, compression, start, stop, first, fields, columns, stop - start)


def _first_record(stream: io.BufferedIOBase) -> tuple[bytes, int]:
    """The CSV header's bytes (its lines and their newlines) and how many lines it takes."""
    record, lines = b"", 0
    while line := stream.readline():
        record, lines = record + line, lines + 1
        if record.count(_QUOTE) % 2 == 0:
            break
    return record, lines


def _columns(header: bytes, kind: str, fields: Fields) -> tuple[int, int]:
    try:
        text = header.removeprefix(b"\xef\xbb\xbf").decode("utf-8").rstrip("\r\n")
        names = next(csv.reader([text], delimiter="\t" if kind == "tsv" else ","), [])
    except (UnicodeDecodeError, csv.Error) as failure:
        raise DatasetError(f"cannot read the header line: {failure}") from None
    if fields.text not in names:
        raise DatasetError(f'no "{fields.text}" column in the header line')
    if fields.id is not None and fields.id not in names:
        raise DatasetError(f'no "{fields.id}" column in the header line')
    return names.index(fields.text), -1 if fields.id is None else names.index(fields.id)


def _parquet_ranges(path: str, fields: Fields) -> list[Range]:
    import pyarrow as pa  # type: ignore[import-untyped]  # noqa: PLC0415 (optional, Parquet's)
    import pyarrow.parquet as pq  # type: ignore[import-untyped]  # noqa: PLC0415

    if not stat.S_ISREG(os.stat(path).st_mode):
        raise DatasetError("not a regular file")
    with pq.ParquetFile(path) as parquet:
        schema = parquet.schema_arrow
        for name in (fields.text, fields.id):
            if name is not None and schema.get_field_index(name) < 0:
                raise DatasetError(f'no "{name}" column')
        kind = schema.field(fields.text).type
        if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)
                or pa.types.is_binary(kind) or pa.types.is_large_binary(kind)):  # fmt: skip
            raise DatasetError(f'the "{fields.text}" column holds {kind}, not text')
        meta = parquet.metadata
        ranges, first = [], 1
        for group in range(meta.num_row_groups):
            rows = meta.row_group(group).num_rows
            size = meta.row_group(group).total_byte_size
            ranges.append(Range(path, "parquet", "", group, group + 1, first, fields, size=size))
            first += rows
    return ranges


def read_range(part: Range) -> Iterator[Record]:
    """The part's records, in order: documents, and the records that are not, with why.
    A file that can no longer be read (changed, removed, a stream that breaks off) ends the
    part with a record that says so, never an exception: the file's error, not the run's."""
    try:
        if part.kind == "parquet":
            yield from _parquet_records(part)
        else:
            yield from _line_records(part)
    except Exception as failure:  # OSError, a decompressor's or pyarrow's own: the file's
        where = f"{part.path} (from byte {part.start:,})"
        if part.kind == "parquet":
            where = f"{part.path}: row group {part.start + 1:,}"
        reason = failure.strerror if isinstance(failure, OSError) else None
        yield Record(where, None, f"cannot be read: {reason or failure}")


def _line_records(part: Range) -> Iterator[Record]:
    with _open(part.path, part.compression) as stream:
        _skip(stream, part.start, part.compression)
        position, line = part.start, part.first
        while position < part.stop:
            data = stream.readline(MAX_RECORD_BYTES + 1)
            if not data:
                break
            pieces, size, lines = [data], len(data), 1
            quotes = data.count(_QUOTE) if part.kind != "jsonl" else 0
            while (quotes % 2 or not pieces[-1].endswith(b"\n")) and size <= MAX_RECORD_BYTES:
                more = stream.readline(MAX_RECORD_BYTES + 1 - size)  # the record goes on
                if not more:
                    break
                pieces.append(more)
                size, quotes = size + len(more), quotes + more.count(_QUOTE)
                lines += more.endswith(b"\n")
            if size > MAX_RECORD_BYTES:
                # An unclosed quote, or one record larger than a part should ever hold: the
                # rest of the part is not read (its records would be guessed, not found).
                message = (
                    f"a record of more than {MAX_RECORD_BYTES >> 20:,} MiB (an unclosed quote?)"
                )
                yield Record(f"{part.path}:{line}", None, message)
                return
            data = b"".join(pieces)
            read, position = position, position + len(data)
            if read == 0:
                data = data.removeprefix(b"\xef\xbb\xbf")  # a byte order mark, as in text
            record = _line_record(part, data, line)
            if record is not None:
                yield record
            line += lines
        if position < part.stop:
            raise DatasetError("the file ended early (changed while read?)")


def _skip(stream: io.BufferedIOBase, offset: int, compression: str) -> None:
    if not compression:
        stream.seek(offset)
        return
    while offset > 0:  # a compressed stream is read up to the part (see COMPRESSED_PARTS)
        skipped = len(stream.read(min(offset, _READ_BYTES)))
        if not skipped:
            raise DatasetError("the file ended early (changed while read?)")
        offset -= skipped


def _line_record(part: Range, data: bytes, line: int) -> Record | None:
    where = f"{part.path}:{line}"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as failure:
        byte = data[failure.start]
        return Record(
            where,
            None,
            f"not UTF-8 text (byte 0x{byte:02x} at offset {failure.start:,} of the line)",
        )
    if not (text.strip() if part.kind == "jsonl" else text.strip("\r\n")):
        return None  # a blank line holds no record (a CSV line of spaces is a value)
    if part.kind == "jsonl":
        return _json_record(where, text, part.fields)
    return _csv_record(where, text, part)


def _json_record(where: str, text: str, fields: Fields) -> Record:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as failure:
        return Record(where, None, f"invalid JSON ({failure.msg} at column {failure.colno})")
    except RecursionError:
        return Record(where, None, "invalid JSON (nested too deep)")
    if not isinstance(value, dict):
        return Record(where, None, f"not a JSON object ({_type(value)})")
    text_value = _lookup(value, fields.text)
    name = where
    if fields.id is not None:
        identifier = _lookup(value, fields.id)
        if isinstance(identifier, (str, int)) and not isinstance(identifier, bool):
            name = str(identifier)
    return _document(where, name, text_value, fields.text)


_MISSING = object()


def _lookup(value: dict[str, Any], dotted: str) -> Any:
    """``meta.body`` of a JSON object: a key with dots named whole first, then its path."""
    if dotted in value:
        return value[dotted]
    found: Any = value
    for key in dotted.split("."):
        if not isinstance(found, dict) or key not in found:
            return _MISSING
        found = found[key]
    return found


def _type(value: object) -> str:
    if value is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", list: "an array",
             dict: "an object", bytes: "bytes"}  # fmt: skip
    return names.get(type(value), type(value).__name__)


def _document(where: str, name: str, value: object, field: str) -> Record:
    """A record's text field as a document, or why it is not one."""
    if value is _MISSING:
        return Record(where, None, f'no "{field}" field')
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError as failure:
            byte = value[failure.start]
            message = f'"{field}" is not UTF-8 text (byte 0x{byte:02x} at offset {failure.start:,})'
            return Record(where, None, message)
    if not isinstance(value, str):
        return Record(where, None, f'"{field}" is not a string ({_type(value)})')
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as failure:  # JSON may spell a lone surrogate (\ud800)
        return Record(
            where, None, f'"{field}" holds a lone surrogate at character {failure.start:,}'
        )
    return Record(name, value)


def _csv_record(where: str, text: str, part: Range) -> Record:
    # The csv module refuses a field of more than 128 KiB by default: a document may be more.
    if csv.field_size_limit() < MAX_RECORD_BYTES:
        csv.field_size_limit(MAX_RECORD_BYTES)
    try:
        delimiter = "\t" if part.kind == "tsv" else ","
        row = next(csv.reader([text.rstrip("\r\n")], delimiter=delimiter, strict=True), [])
    except csv.Error as failure:
        return Record(where, None, f"invalid CSV ({failure})")
    text_column, id_column = part.columns
    if text_column >= len(row):
        return Record(where, None, f'no "{part.fields.text}" column ({len(row)} fields)')
    name = row[id_column] if 0 <= id_column < len(row) and row[id_column] else where
    return Record(name, row[text_column])


def _parquet_records(part: Range) -> Iterator[Record]:
    import pyarrow.parquet as pq  # noqa: PLC0415 (optional)

    fields = part.fields
    columns = [fields.text] if fields.id is None else [fields.text, fields.id]
    row = part.first
    with pq.ParquetFile(part.path) as parquet:
        number = 0
        for batch in parquet.iter_batches(
            batch_size=1024, row_groups=[part.start], columns=columns
        ):
            texts = batch.column(0).to_pylist()
            ids = batch.column(1).to_pylist() if fields.id is not None else [None] * len(texts)
            for value, identifier in zip(texts, ids, strict=True):
                number += 1
                where = f"{part.path}: row group {part.start + 1:,}, row {number:,}"
                name = str(identifier) if identifier is not None else f"{part.path}:{row}"
                if value is None:
                    yield Record(where, None, f'"{fields.text}" is null')
                else:
                    record = _document(where, name, value, fields.text)
                    yield record
                row += 1
