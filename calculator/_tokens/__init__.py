"""Exact token counts of OpenAI's ``o200k_base`` and ``cl100k_base``, as tiktoken gives them.

Standard library only, and imported only by what counts text (``calculator`` itself does
not import it).  The ranks, the tokenizer's 100 000 or 200 000 merges, are not part of the
package: ``python3 build.py ranks`` fetches OpenAI's rank files, checks their sha256 and
converts them into a form that loads fast (see :func:`load_ranks`).

Text is counted as ordinary text: a special token's spelling such as ``<|endoftext|>`` in
a document is counted as the characters it is made of, as tiktoken's ``encode_ordinary``
does (it would be one token only if the text were a prompt allowed to contain it).
"""

from __future__ import annotations

import base64
import marshal
from dataclasses import dataclass
from pathlib import Path
from re import Pattern

from .._encodings import ENCODINGS
from .._reading import read_bytes
from ._bpe import Ranks, merge
from ._split import CL100K, O200K, class_codes

__all__ = [
    "ENCODINGS",
    "RANKS_SUFFIX",
    "RANK_FILES",
    "Encoding",
    "RankFile",
    "converted_ranks",
    "load_ranks",
    "parse_tiktoken",
]


@dataclass(frozen=True, slots=True)
class RankFile:
    """OpenAI's published rank file of one encoding: its size and sha256 (tiktoken's own)."""

    name: str
    size: int
    sha256: str
    tokens: int


# OpenAI's rank file of each of ``ENCODINGS`` (calculator/_encodings.py declares the names).
RANK_FILES = {
    "o200k_base": RankFile(
        "o200k_base.tiktoken",
        3_613_922,
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        199_998,
    ),
    "cl100k_base": RankFile(
        "cl100k_base.tiktoken",
        1_681_126,
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        100_256,
    ),
}
_PATTERNS = {"o200k_base": O200K, "cl100k_base": CL100K}
# marshal's format 4 reads the same in every Python since 3.4.
MARSHAL_VERSION = 4
RANKS_SUFFIX = ".ranks"


def parse_tiktoken(data: bytes, encoding: str) -> Ranks:
    """The ranks in a ``.tiktoken`` file (one ``base64-bytes rank`` line each), checked.

    Raises ``ValueError`` unless ``data`` is exactly OpenAI's file for ``encoding``.
    """
    # Imported here: only the build and the command line parse rank files; the page's worker
    # loads converted ones, and would download the whole standard library for hashlib.
    import hashlib  # noqa: PLC0415

    expected = RANK_FILES[encoding]
    if hashlib.sha256(data).hexdigest() != expected.sha256:
        raise ValueError(f"not OpenAI's {expected.name} (sha256 differs)")
    ranks: Ranks = {}
    for line in data.splitlines():
        token, rank = line.split()
        ranks[base64.b64decode(token)] = int(rank)
    return ranks


def converted_ranks(ranks: Ranks) -> bytes:
    """``ranks`` in the fast-loading form :func:`load_ranks` reads (marshal, format 4)."""
    return marshal.dumps(ranks, MARSHAL_VERSION)


def load_ranks(path: Path, encoding: str) -> Ranks:
    """The ranks of ``encoding`` from a ``.tiktoken`` file or its converted ``.ranks`` form.

    Raises ``OSError`` if the file cannot be read, ``ValueError`` if it is not the
    encoding's ranks (a pipe or a device named as the file among them: never read).
    """
    data = read_bytes(path)
    if path.suffix != RANKS_SUFFIX:
        return parse_tiktoken(data, encoding)
    try:
        ranks = marshal.loads(data)
    except (EOFError, TypeError, ValueError) as failure:
        raise ValueError(f"{path.name}: not a converted rank file") from failure
    if not isinstance(ranks, dict) or len(ranks) != RANK_FILES[encoding].tokens:
        raise ValueError(f"{path.name}: not the converted ranks of {encoding}")
    return ranks


# Distinct pieces remembered per encoding: real text repeats its words, so most pieces
# are looked up, not merged; bounded so that text of unique pieces cannot grow it forever.
_CACHE_LIMIT = 1 << 18


class Encoding:
    """One tokenizer: its splitting pattern and its ranks.

    >>> ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b" c": 257}
    >>> Encoding("o200k_base", ranks).encode("ab c")
    [256, 257]
    """

    def __init__(self, name: str, ranks: Ranks) -> None:
        self.name = name
        self._pattern: Pattern[str] = _PATTERNS[name]
        self._ranks = ranks
        self._cache: dict[str, list[int]] = {}
        self._lengths: dict[int, int] | None = None

    @property
    def pattern(self) -> Pattern[str]:
        """The splitting pattern, over the text's class codes (``_split.class_codes``)."""
        return self._pattern

    @property
    def ranks(self) -> Ranks:
        """The ranks: each token's bytes → its id."""
        return self._ranks

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text``, special tokens' spellings counted as ordinary text."""
        text = _without_lone_surrogates(text)
        ranks = self._ranks
        cache = self._cache
        ids: list[int] = []
        start = 0
        for match in self._pattern.finditer(class_codes(text)):
            end = match.end()
            piece = text[start:end]
            start = end
            piece_ids = cache.get(piece)
            if piece_ids is None:
                piece_ids = merge(piece.encode("utf-8"), ranks)
                if len(cache) < _CACHE_LIMIT:
                    cache[piece] = piece_ids
            ids += piece_ids
        return ids

    def count(self, text: str) -> int:
        """How many tokens ``text`` is."""
        return len(self.encode(text))

    def byte_length(self, token: int) -> int:
        """How many UTF-8 bytes of the text token id ``token`` stands for.

        >>> Encoding("o200k_base", {b"a": 0, b"bc": 1}).byte_length(1)
        2
        """
        # The inverse of the ranks, made on first use only: counting never needs it.
        if self._lengths is None:
            self._lengths = {rank: len(token) for token, rank in self._ranks.items()}
        return self._lengths[token]


def _without_lone_surrogates(text: str) -> str:
    """What tiktoken encodes when a string holds lone surrogates: U+FFFD in their place."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text
