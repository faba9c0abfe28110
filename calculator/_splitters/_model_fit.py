"""Chunks measured as the embedding model sees them, whatever tokenizer cut them.

A splitter measures its chunks with the tokenizer it was given (LangChain's
``from_tiktoken_encoder`` defaults to cl100k_base), but the model counts them with its own:
all-MiniLM-L6-v2 sees a chunk of "512 tokens" of cl100k_base as its WordPiece pieces plus
[CLS] and [SEP], and cuts whatever passes its 256.  So each chunk's text is counted again
with the model's tokenizer (as ``encode(text, add_special_tokens=False)`` counts it), and
the tokens the model adds to every chunk (special tokens, a prefix such as e5's
``passage: ``) are added: that is the chunk's length as the model sees it.  A chunk longer
than the model's limit loses its end: ``length − limit`` tokens, never embedded.

A prefix's tokens are added, not counted with the chunk: the presets' tokenizers split at
white space before anything else, so ``passage: `` + chunk makes the prefix's tokens and the
chunk's own (the tests check this against the library too).

>>> fit = chunk_fit([250, 254, 255, 300], added=2, limit=256)
>>> fit.chunks, fit.over_limit, fit.tokens_cut, fit.longest, fit.model_tokens
(4, 2, 47, 302, 1067)
>>> chunk_fit([], added=2, limit=256).longest
0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._chunking import plan_chunks

if TYPE_CHECKING:
    from .._tokens import Encoding

__all__ = [
    "ChunkFit",
    "add_fits",
    "chunk_fit",
    "measure_chunks",
    "window_texts",
    "windows_fit",
]


# A dataclass (not a record): it travels between processes, pickled, in a SplitFile.
@dataclass(frozen=True, slots=True)
class ChunkFit:
    """A document's (or a corpus's) chunks against the model's input limit, in the model's
    own tokens: exact integers."""

    #: How many chunks.
    chunks: int
    #: Chunks longer than the limit once the model's added tokens are counted.
    over_limit: int
    #: The tokens cut off their ends: the sum over the chunks of max(0, length − limit).
    tokens_cut: int
    #: The longest chunk as the model sees it (added tokens included); 0 without chunks.
    longest: int
    #: Every chunk's length as the model sees it, added up (before anything is cut).
    model_tokens: int


def chunk_fit(lengths: Iterable[int], added: int, limit: int) -> ChunkFit:
    """The fit of chunks whose texts are ``lengths`` tokens long in the model's tokenizer,
    the model adding ``added`` tokens to each and taking at most ``limit``."""
    chunks = over = cut = longest = total = 0
    for length in lengths:
        seen = length + added
        chunks += 1
        total += seen
        longest = max(longest, seen)
        if seen > limit:
            over += 1
            cut += seen - limit
    return ChunkFit(chunks, over, cut, longest, total)


def measure_chunks(
    texts: Iterable[str], count: Callable[[str], int], added: int, limit: int
) -> ChunkFit:
    """The fit of the chunks ``texts``, each counted with the model's tokenizer ``count``.

    >>> measure_chunks(["a b c", "a b"], lambda text: len(text.split()), 1, 3)
    ChunkFit(chunks=2, over_limit=1, tokens_cut=1, longest=4, model_tokens=7)
    """
    return chunk_fit((count(text) for text in texts), added, limit)


def add_fits(fits: Iterable[ChunkFit]) -> ChunkFit:
    """Several documents' fits as one corpus's.

    >>> add_fits([ChunkFit(2, 1, 5, 261, 400), ChunkFit(1, 0, 0, 9, 9)])
    ChunkFit(chunks=3, over_limit=1, tokens_cut=5, longest=261, model_tokens=409)
    """
    chunks = over = cut = longest = total = 0
    for fit in fits:
        chunks += fit.chunks
        over += fit.over_limit
        cut += fit.tokens_cut
        longest = max(longest, fit.longest)
        total += fit.model_tokens
    return ChunkFit(chunks, over, cut, longest, total)


def windows_fit(tokens: int, chunk_size: int, overlap: int, added: int, limit: int) -> ChunkFit:
    """The fit of the window model's chunks of a document of ``tokens`` tokens counted with
    the model's own tokenizer: every window is as long as the model sees it (plus
    ``added``), so no text is needed; in constant time, as :func:`chunk_fit` of the lengths.

    >>> windows_fit(1000, 300, 0, 2, 256)
    ChunkFit(chunks=4, over_limit=3, tokens_cut=138, longest=302, model_tokens=1008)
    """
    plan = plan_chunks(tokens, chunk_size, overlap)
    if not plan.chunks:
        return ChunkFit(0, 0, 0, 0, 0)
    full, last = plan.chunk_size + added, plan.last_chunk_tokens + added
    others = plan.chunks - 1
    return ChunkFit(
        plan.chunks,
        others * (full > limit) + (last > limit),
        others * max(0, full - limit) + max(0, last - limit),
        max(last, full if others else 0),
        plan.tokens_processed + plan.chunks * added,
    )


def window_texts(
    encoding: Encoding, ids: list[int], chunk_size: int, overlap: int
) -> Iterator[str]:
    """The window model's chunks of a text whose tokens are ``ids``, as text: windows of
    ``chunk_size`` tokens, ``overlap`` shared, each decoded as LangChain's
    ``TokenTextSplitter`` decodes it (tiktoken's ``decode``: a character cut at a window's
    edge becomes U+FFFD)."""
    tokens = _tokens_of(encoding)
    plan = plan_chunks(len(ids), chunk_size, overlap)
    for index in range(plan.chunks):
        start, end = plan.window(index)
        yield b"".join(tokens[token] for token in ids[start:end]).decode("utf-8", "replace")


# Each token's bytes by its id, made once per rank table and process (only windows need
# it); the table is kept beside its inverse so that its id stays its own.
_TOKENS: dict[int, tuple[object, list[bytes]]] = {}


def _tokens_of(encoding: Encoding) -> list[bytes]:
    ranks = encoding.ranks
    kept = _TOKENS.get(id(ranks))
    if kept is None or kept[0] is not ranks:
        tokens = [b""] * (max(ranks.values()) + 1)
        for token, rank in ranks.items():
            tokens[rank] = token
        kept = _TOKENS[id(ranks)] = (ranks, tokens)
    return kept[1]
