"""WordLlama's files for the page, made from the ``wordllama`` package's wheel: one raw
float16 table per offered dimension (``wordllama-64.f16``, …: the first ``dim`` columns of
each of the 32,000 rows, little-endian, row-major, no header, so the page reads it as it
is) and Llama 2's tokenizer.json beside.  Standard library only, as the calculator.

Not a build step yet: the step that ships them calls :func:`write_wordllama_files`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path


def write_wordllama_files(
    target: Path,
    source: tuple[Path, Path] | None = None,
    dims: Sequence[int] | None = None,
) -> list[Path]:
    """Writes the files into ``target`` from ``source`` (the package's safetensors and
    tokenizer files; the installed package's by default) and returns their paths."""
    from calculator._retrieval._wordllama import (  # noqa: PLC0415 (only once the venv runs build.py)
        TABLE_NAME,
        TOKENIZER_NAME,
        WORDLLAMA_DIMS,
        package_files,
        safetensors_table,
    )

    if source is None:
        source = package_files()
        if source is None:
            raise FileNotFoundError("WordLlama's files come from the wordllama package")
    weights, tokenizer = source
    table, rows, columns = safetensors_table(weights.read_bytes())
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for dim in WORDLLAMA_DIMS if dims is None else dims:
        if not 0 < dim <= columns:
            raise ValueError(f"the table has {columns} columns, not {dim}")
        path = target / TABLE_NAME.format(dim=dim)
        path.write_bytes(first_columns(table, rows, columns, dim))
        written.append(path)
    # The package's file is a plain tokenizer.json; written without its indentation and
    # with its characters as they are (not \u escapes), it is 1.2 MB instead of 1.8.
    spec = json.loads(tokenizer.read_text(encoding="utf-8"))
    path = target / TOKENIZER_NAME
    path.write_text(json.dumps(spec, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    written.append(path)
    return written


def first_columns(table: memoryview | bytes, rows: int, columns: int, dim: int) -> bytes:
    """The first ``dim`` float16 columns of each row of a ``rows`` × ``columns`` table."""
    if dim == columns:
        return bytes(table)
    stride, width = columns * 2, dim * 2
    return b"".join(table[row * stride : row * stride + width] for row in range(rows))
