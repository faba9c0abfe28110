"""WordLlama (its l2_supercat model), a small embedding model that needs no key, applied as
the ``wordllama`` package's ``WordLlamaInference`` applies it, in pure Python.

The model is a table of token embeddings (Llama 2's 32,000 tokens × 256 float16 columns,
trained Matryoshka-style, so its first 64 or 128 columns are a smaller model) and Llama 2's
tokenizer.  A text's embedding is, as the package computes it:

1. its token ids from the tokenizer, with no special tokens added (``<s>`` written in the text
   still counts as one token) and no truncation (the package calls ``no_truncation()``, so
   a text of any length is embedded whole);
2. each id clipped to the table's last row (the package's ``np.clip``);
3. the mean of those ids' rows, in the model's first ``dim`` columns (the package truncates
   the table's columns before pooling; as pooling is column by column, it is the same as
   truncating the 256-column embedding); no tokens (an empty text) give zeros;
4. not normalized: ``embed()``'s ``norm`` is false by default.  ``rank()`` scores each
   document by the cosine of its embedding with the query's (a zero vector's norm taken as
   1, so its score is 0) and sorts them by score, highest first, ties in the documents'
   order (Python's stable sort, as the package's).

The package sums float32 values one token after another; this sums Python floats (float64),
so a component differs from the package's by that sum's rounding: 2.5e-7 at most on the
tests' texts, 2e-5 on one text of 500 KB (the package's error grows with the text).

The table is kept as the float16 bytes (16 MB at 256 columns); a row is decoded the first
time a text uses its token, into an ``array('f')`` (float16 values are float32 exactly), and
kept: at most the rows × dim × 4 bytes of every row, a fraction of it for any real sample.
A text's ids are counted first, so each distinct token's row is added once, times its count.
"""

from __future__ import annotations

import importlib.util
import json
import math
import struct
from array import array
from collections import Counter
from collections.abc import Sequence
from itertools import repeat
from operator import add, mul
from pathlib import Path

from .._retrievers import WORDLLAMA_DIMS
from .._tokens._hf import HfTokenizer, load_tokenizer_json

# The dimensions offered (declared in calculator._retrievers): the model's Matryoshka
# truncations the package loads (its 512 and 1024 are separate downloads, not in its wheel).
# The files a directory (the page's) holds: one raw table per dimension (little-endian
# float16, row-major, 32,000 rows × dim), and Llama 2's tokenizer.json beside.
TABLE_NAME = "wordllama-{dim}.f16"
TOKENIZER_NAME = "wordllama-tokenizer.json"
# Where the package's wheel keeps its files, in its directory.
PACKAGE = "wordllama"
PACKAGE_WEIGHTS = ("weights", "l2_supercat_256.safetensors")
PACKAGE_TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")
TENSOR = "embedding.weight"

__all__ = [
    "PACKAGE",
    "PACKAGE_TOKENIZER",
    "PACKAGE_WEIGHTS",
    "TABLE_NAME",
    "TENSOR",
    "TOKENIZER_NAME",
    "WORDLLAMA_DIMS",
    "WordLlamaModel",
    "cosine_scores",
    "load_wordllama",
    "package_files",
    "ranking",
    "safetensors_table",
    "unit",
]

_F16 = 2  # bytes per value
# Rows summed by one zip: a block of rows is summed column by column in C (sum over a
# zip), several times faster than adding rows one by one; the block bounds the memory.
_BLOCK = 256


class WordLlamaModel:
    """WordLlama's embeddings of ``dim`` columns, from a float16 table of ``columns``
    columns per row (``dim`` ≤ ``columns``: the first ``dim`` columns are used)."""

    def __init__(
        self,
        table: bytes | memoryview,
        dim: int,
        tokenizer: HfTokenizer,
        *,
        columns: int | None = None,
    ) -> None:
        columns = dim if columns is None else columns
        if not 0 < dim <= columns:
            raise ValueError(f"a dimension of 1 to {columns}, not {dim}")
        if len(table) % (columns * _F16) or not table:
            raise ValueError(f"not a table of float16 rows of {columns} columns")
        self.table = table
        self.dim = dim
        self.columns = columns
        self.rows = len(table) // (columns * _F16)
        self.tokenizer = tokenizer
        self._row = struct.Struct(f"<{dim}e")
        self._decoded: dict[int, array[float]] = {}

    @classmethod
    def from_safetensors(cls, data: bytes, tokenizer_json: str) -> WordLlamaModel:
        """The model of a ``.safetensors`` file's embedding table (all its columns) and a
        tokenizer.json file's text."""
        table, _, columns = safetensors_table(data)
        return cls(table, columns, load_tokenizer_json(tokenizer_json))

    def truncated(self, dim: int) -> WordLlamaModel:
        """The model of the first ``dim`` columns (Matryoshka: 64 or 128 of 256), sharing
        the table and the tokenizer."""
        return WordLlamaModel(self.table, dim, self.tokenizer, columns=self.columns)

    def token_ids(self, text: str) -> list[int]:
        """The tokenizer's ids of ``text``, as the package's ``tokenize()`` gives them."""
        return self.tokenizer.encode(text)

    def decoded_rows(self) -> int:
        """How many rows are decoded (and kept) so far."""
        return len(self._decoded)

    def _decode(self, token: int) -> array[float]:
        row = self._decoded.get(token)
        if row is None:
            offset = token * self.columns * _F16
            row = self._decoded[token] = array("f", self._row.unpack_from(self.table, offset))
        return row

    def pool(self, ids: Sequence[int]) -> list[float]:
        """The mean of the ids' rows (zeros for no ids)."""
        if not ids:
            return [0.0] * self.dim
        last = self.rows - 1
        # Rows grouped by their token's count: each group summed, then scaled once.
        groups: dict[int, list[array[float]]] = {}
        for token, count in Counter(ids).items():
            row = self._decode(min(max(token, 0), last))
            groups.setdefault(count, []).append(row)
        total = [0.0] * self.dim
        for count, rows in groups.items():
            for start in range(0, len(rows), _BLOCK):
                sums = map(sum, zip(*rows[start : start + _BLOCK], strict=True))
                total = list(map(add, total, map(mul, sums, repeat(count)) if count > 1 else sums))
        size = float(len(ids))
        return [value / size for value in total]

    def embed(self, texts: Sequence[str], *, normalize: bool = False) -> list[list[float]]:
        """Each text's embedding, as the package's ``embed(texts, norm=normalize)`` (a zero
        embedding stays zero when normalized, where the package divides by 0)."""
        if isinstance(texts, str):  # the package takes one text too; a str is a Sequence
            raise TypeError("embed() takes a list of texts")
        vectors = [self.pool(self.tokenizer.encode(text)) for text in texts]
        return [unit(vector) for vector in vectors] if normalize else vectors

    def scores(self, query: str, docs: Sequence[str]) -> list[float]:
        """Each document's cosine similarity with the query, in the documents' order."""
        query_vector, *doc_vectors = self.embed([query, *docs])
        return cosine_scores(query_vector, doc_vectors)

    def rank(self, query: str, docs: Sequence[str]) -> list[tuple[str, float]]:
        """The documents and their scores, best first, as the package's ``rank()`` (which
        asks for two documents or more; this takes any number)."""
        scores = self.scores(query, docs)
        return [(docs[index], scores[index]) for index in ranking(scores)]

    def ranking(self, query: str, docs: Sequence[str]) -> list[int]:
        """The documents' indices, best first (the order of :meth:`rank`)."""
        return ranking(self.scores(query, docs))

    def similarity(self, text1: str, text2: str) -> float:
        """The cosine similarity of two texts, as the package's ``similarity()``."""
        return self.scores(text1, [text2])[0]


def unit(vector: Sequence[float]) -> list[float]:
    """``vector`` divided by its length (a zero vector as it is)."""
    length = math.sqrt(math.fsum(value * value for value in vector))
    return [value / length for value in vector] if length else list(vector)


def cosine_scores(query: Sequence[float], docs: Sequence[Sequence[float]]) -> list[float]:
    """The cosine of ``query`` with each of ``docs`` (a zero vector scores 0), for a query
    scored against embeddings computed once."""
    query = unit(query)
    return [sum(map(mul, query, unit(doc))) for doc in docs]


def ranking(scores: Sequence[float]) -> list[int]:
    """Indices by score, highest first, ties in their order (a stable sort, as the
    package's ``sort(reverse=True)``)."""
    return sorted(range(len(scores)), key=lambda index: -scores[index])


def safetensors_table(data: bytes, tensor: str = TENSOR) -> tuple[memoryview, int, int]:
    """A ``.safetensors`` file's float16 2-D tensor: its bytes (little-endian, row-major,
    as the format stores them), rows and columns.

    The format: 8 bytes, the header's length (little-endian), the header (JSON: each
    tensor's dtype, shape and byte offsets in the data after the header), the data."""
    if len(data) < 8:
        raise ValueError("not a safetensors file (shorter than its header's length)")
    (size,) = struct.unpack_from("<Q", data)
    try:
        header = json.loads(bytes(data[8 : 8 + size]))
        entry = header[tensor]
        rows, columns = entry["shape"]
        begin, end = entry["data_offsets"]
        dtype = entry["dtype"]
    except (ValueError, KeyError, TypeError) as failure:
        raise ValueError(f"not a safetensors file with a 2-D {tensor!r} ({failure})") from None
    if dtype != "F16":
        raise ValueError(f"{tensor!r} is {dtype}, not F16")
    if end - begin != rows * columns * _F16 or 8 + size + end > len(data):
        raise ValueError(f"{tensor!r}'s offsets do not hold {rows} × {columns} values")
    start = 8 + size + begin
    return memoryview(data)[start : start + rows * columns * _F16], rows, columns


def package_files() -> tuple[Path, Path] | None:
    """The installed ``wordllama`` package's safetensors and tokenizer files, or None
    (found without importing the package, which needs numpy)."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        weights = Path(folder).joinpath(*PACKAGE_WEIGHTS)
        tokenizer = Path(folder).joinpath(*PACKAGE_TOKENIZER)
        if weights.is_file() and tokenizer.is_file():
            return weights, tokenizer
    return None


def load_wordllama(dim: int = 256, directory: Path | None = None) -> WordLlamaModel:
    """WordLlama of ``dim`` columns: from ``directory``'s shippable files (its table of
    ``dim`` columns, or else of the fewest more), or from the installed package.

    Raises ``FileNotFoundError`` when neither has the files."""
    if dim not in WORDLLAMA_DIMS:
        raise ValueError(f"WordLlama's dimension is one of {WORDLLAMA_DIMS}, not {dim}")
    if directory is not None:
        tokenizer_path = directory / TOKENIZER_NAME
        for columns in (size for size in WORDLLAMA_DIMS if size >= dim):
            table_path = directory / TABLE_NAME.format(dim=columns)
            if table_path.is_file() and tokenizer_path.is_file():
                tokenizer = load_tokenizer_json(tokenizer_path.read_text(encoding="utf-8"))
                return WordLlamaModel(table_path.read_bytes(), dim, tokenizer, columns=columns)
        raise FileNotFoundError(f"no WordLlama table of {dim} columns or more, with its tokenizer")
    found = package_files()
    if found is None:
        raise FileNotFoundError("WordLlama needs its files: install the wordllama package")
    weights, tokenizer_path = found
    model = WordLlamaModel.from_safetensors(
        weights.read_bytes(), tokenizer_path.read_text(encoding="utf-8")
    )
    return model if dim == model.dim else model.truncated(dim)
