"""WordLlama's files for the page, made from the ``wordllama`` package's wheel: one raw
float16 table per offered dimension (``wordllama-64.f16``, …: the first ``dim`` columns of
each of the 32,000 rows, little-endian, row-major, no header, so the page reads it as it
is) and Llama 2's tokenizer.json beside.  Standard library only, as the calculator.

The build ships them beside the tokenizer (:func:`ship_wordllama`), made from the pinned
wheel: a page fetches them only when an evaluation asks for WordLlama."""

from __future__ import annotations

import json
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

# The wordllama wheel, pinned: its model (MIT, Copyright (c) 2024 Lee Miller) is the same in
# every platform's wheel, so this one platform's is fetched on every machine.
WORDLLAMA_REQUIREMENT = "wordllama==0.4.0.post1"
WORDLLAMA_WHEEL = "wordllama-0.4.0.post1-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"
WORDLLAMA_WHEEL_SHA256 = "42c2c88907ace0b0681ac6f9092d6a300a6409a5d2d61071a3fb5e7159370c97"
WORDLLAMA_PLATFORM = ("--platform", "manylinux2014_x86_64", "--python-version", "3.11",
                      "--implementation", "cp", "--abi", "cp311")  # fmt: skip
WORDLLAMA_MEMBERS = (
    "wordllama/weights/l2_supercat_256.safetensors",
    "wordllama/tokenizers/l2_supercat_tokenizer_config.json",
)
WORDLLAMA_LICENSE = "wordllama-0.4.0.post1.dist-info/licenses/LICENSE"
WORDLLAMA_NOTICE = """WordLlama's files in this folder (wordllama-64.f16, wordllama-128.f16,
wordllama-256.f16, wordllama-tokenizer.json): the token embeddings of WordLlama's
l2_supercat model (the first 64, 128 or 256 of its 256 columns, float16, little-endian,
row-major) and its Llama 2 tokenizer, from the wordllama 0.4.0.post1 wheel on PyPI, under
the MIT licence (LICENSE-wordllama.txt beside this file).
"""


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


def ship_wordllama(target: Path) -> list[Path]:
    """WordLlama's files, its licence and a notice into ``target``, from the pinned wheel
    (fetched once into .cache/, its sha256 checked)."""
    from site_build.token_ranks import pip_downloaded  # noqa: PLC0415 (imports this module)

    wheel = pip_downloaded(
        WORDLLAMA_REQUIREMENT, WORDLLAMA_WHEEL, WORDLLAMA_WHEEL_SHA256, "WordLlama's model",
        WORDLLAMA_PLATFORM,
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as folder, zipfile.ZipFile(wheel) as archive:
        weights, tokenizer = (Path(archive.extract(member, folder)) for member in WORDLLAMA_MEMBERS)
        written = write_wordllama_files(target, (weights, tokenizer))
        licence = target / "LICENSE-wordllama.txt"
        licence.write_bytes(archive.read(WORDLLAMA_LICENSE))
    notice = target / "NOTICE-wordllama.txt"
    notice.write_text(WORDLLAMA_NOTICE, encoding="utf-8")
    return [*written, licence, notice]
