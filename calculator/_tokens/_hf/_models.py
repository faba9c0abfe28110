"""Models: WordPiece, WordLevel, BPE and Unigram, each encoding one pre-tokenized piece."""

from __future__ import annotations

import heapq
import json
from array import array
from collections.abc import Generator
from typing import Any

from .._hf_limits import (
    MOST_PIECE_CHARACTERS,
    TokenizerFileError,
    UnsupportedTokenizerError,
)
from ._characters import _CACHE_LIMIT


class _Model:
    def __init__(self) -> None:
        self._cache: dict[str, list[int]] = {}

    def tokenize(self, word: str) -> list[int]:
        ids = self._cache.get(word)
        if ids is None:
            ids = self._tokenize(word)
            if len(self._cache) < _CACHE_LIMIT:
                self._cache[word] = ids
        return ids

    def _tokenize(self, word: str) -> list[int]:
        return _finished(self.tokenize_steps(word))

    def tokenize_steps(self, word: str) -> Generator[None, None, list[int]]:
        """:meth:`tokenize` with pauses (a yield every :data:`STEP` units of work), for a
        long word: the page's worker answers other requests between them."""
        return self._tokenize(word)
        yield  # (a generator)


# The work between two pauses of a long word (characters or merges).
STEP = 1 << 12


def _finished(steps: Generator[None, None, list[Any]]) -> list[Any]:
    """What a generator of pauses returns, its pauses run through."""
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            result: list[Any] = finished.value
            return result


# The tokens of a long word between two pauses: each looks up to MOST_PIECE_CHARACTERS.
_WORDPIECE_STEP = STEP // 64


class WordPiece(_Model):
    """tokenizers' WordPiece: greedy longest match first, ``[UNK]`` for a word it cannot
    cover or longer than ``max_input_chars_per_word`` characters."""

    def __init__(
        self,
        vocab: dict[str, int],
        unk_token: str = "[UNK]",
        prefix: str = "##",
        max_characters: int = 100,
    ) -> None:
        super().__init__()
        self.vocab = vocab
        self.unk_token = unk_token
        self.prefix = prefix
        self.max_characters = max_characters
        self.longest = max((len(token) for token in vocab), default=0)
        if self.longest > MOST_PIECE_CHARACTERS:
            # Each position of a word looks up every length up to the longest token's.
            raise UnsupportedTokenizerError(
                f"a WordPiece token of {self.longest} characters, more than"
                f" {MOST_PIECE_CHARACTERS}",
                part=str(MOST_PIECE_CHARACTERS),
                reason="long_piece",
            )

    def _unk(self) -> list[int]:
        unk = self.vocab.get(self.unk_token)
        if unk is None:
            message = f"WordPiece: the unknown token {self.unk_token!r} is missing"
            raise TokenizerFileError("bad_value", message, part="unk_token")
        return [unk]

    def _tokenize(self, word: str) -> list[int]:
        return _finished(self.tokenize_steps(word))

    def tokenize_steps(self, word: str) -> Generator[None, None, list[int]]:
        if len(word) > self.max_characters:
            return self._unk()
        vocab = self.vocab
        ids: list[int] = []
        start = 0
        while start < len(word):
            if len(ids) % _WORDPIECE_STEP == _WORDPIECE_STEP - 1:
                yield  # (a file may let a word be a whole text: max_input_chars_per_word)
            end = min(len(word), start + self.longest)
            prefix = self.prefix if start else ""
            while start < end:
                token = vocab.get(prefix + word[start:end])
                if token is not None:
                    break
                end -= 1
            else:
                return self._unk()
            ids.append(token)
            start = end
        return ids


class WordLevel(_Model):
    """tokenizers' WordLevel: each word one token, or the unknown token."""

    def __init__(self, vocab: dict[str, int], unk_token: str | None) -> None:
        super().__init__()
        self.vocab = vocab
        self.unk_token = unk_token

    def _tokenize(self, word: str) -> list[int]:
        token = self.vocab.get(word)
        if token is None:
            token = self.vocab.get(self.unk_token) if self.unk_token is not None else None
            if token is None:
                message = "WordLevel: the unknown token is missing"
                raise TokenizerFileError("bad_value", message, part="unk_token")
        return [token]


class Bpe(_Model):
    """tokenizers' BPE: merges by rank (leftmost on ties), with its options."""

    def __init__(self, spec: dict[str, Any]) -> None:
        super().__init__()
        dropout = spec.get("dropout")
        if dropout:
            raise UnsupportedTokenizerError(
                f"BPE dropout ({dropout}) is random, not countable",
                part=f'"dropout": {json.dumps(dropout)}',
            )
        self.vocab: dict[str, int] = spec["vocab"]
        self.unk_token: str | None = spec.get("unk_token")
        self.prefix: str | None = spec.get("continuing_subword_prefix")
        self.suffix: str | None = spec.get("end_of_word_suffix")
        self.fuse_unk = bool(spec.get("fuse_unk", False))
        self.byte_fallback = bool(spec.get("byte_fallback", False))
        self.ignore_merges = bool(spec.get("ignore_merges", False))
        prefix_length = len(self.prefix or "")
        self.merges: dict[tuple[int, int], tuple[int, int]] = {}
        for rank, merge in enumerate(spec.get("merges", [])):
            if isinstance(merge, str):
                parts = merge.split(" ")
                if len(parts) != 2:
                    message = f"BPE merge {rank + 1} is not two tokens"
                    raise TokenizerFileError("bad_value", message, part="merges")
                left, right = parts
            else:
                left, right = merge
            try:
                pair = (self.vocab[left], self.vocab[right])
                new = self.vocab[left + right[prefix_length:]]
            except KeyError as missing:
                message = f"BPE merge {rank + 1}: {missing} is not in the vocabulary"
                raise TokenizerFileError("bad_value", message, part="merges") from None
            self.merges[pair] = (rank, new)

    def _unk_id(self) -> int:
        assert self.unk_token is not None
        unk = self.vocab.get(self.unk_token)
        if unk is None:
            message = f"BPE: the unknown token {self.unk_token!r} is not in the vocabulary"
            raise TokenizerFileError("bad_value", message, part="unk_token")
        return unk

    def tokenize_steps(self, word: str) -> Generator[None, None, list[int]]:
        symbols = self._symbols(word)
        if symbols is None:
            return self.vocab_ids(word)
        return (yield from self._merge(symbols))

    def _tokenize(self, word: str) -> list[int]:
        return _finished(self.tokenize_steps(word))

    def vocab_ids(self, word: str) -> list[int]:
        """A word that is a token itself, with ignore_merges."""
        return [self.vocab[word]]

    def _symbols(self, word: str) -> list[int] | None:  # noqa: PLR0912 (tokenizers' own steps)
        """The word's characters as tokens before merging (None: the word is one token and
        merges are ignored)."""
        if not word:
            return []
        vocab = self.vocab
        if self.ignore_merges and word in vocab:
            return None
        symbols: list[int] = []
        unk: int | None = None
        last = len(word) - 1
        for index, character in enumerate(word):
            piece = character
            if index and self.prefix is not None:
                piece = self.prefix + piece
            if index == last and self.suffix is not None:
                piece += self.suffix
            token = vocab.get(piece)
            if token is not None:
                if unk is not None:
                    symbols.append(unk)
                    unk = None
                symbols.append(token)
                continue
            if self.byte_fallback:
                fallback = [vocab.get(f"<0x{byte:02X}>") for byte in piece.encode("utf-8")]
                if None not in fallback:
                    symbols += fallback  # type: ignore[arg-type]
                    continue
            if self.unk_token is not None:
                if unk is not None and not self.fuse_unk:
                    symbols.append(unk)
                if unk is None or not self.fuse_unk:
                    unk = self._unk_id()
        if unk is not None:
            symbols.append(unk)
        return symbols

    def _merge(self, symbols: list[int]) -> Generator[None, None, list[int]]:
        merges = self.merges
        size = len(symbols)
        if size < 2:
            return symbols
        following = list(range(1, size + 1))
        previous = list(range(-1, size - 1))
        alive = [True] * size
        queue = []
        for index in range(size - 1):
            found = merges.get((symbols[index], symbols[index + 1]))
            if found is not None:
                queue.append((found[0], index, found[1]))
        heapq.heapify(queue)
        popped = 0
        while queue:
            popped += 1
            if popped % STEP == 0:
                yield
            _, index, new = heapq.heappop(queue)
            if not alive[index] or following[index] >= size:
                continue
            right = following[index]
            current = merges.get((symbols[index], symbols[right]))
            if current is None or current[1] != new:
                continue
            symbols[index] = new
            alive[right] = False
            following[index] = following[right]
            if following[right] < size:
                previous[following[right]] = index
            if previous[index] >= 0:
                found = merges.get((symbols[previous[index]], new))
                if found is not None:
                    heapq.heappush(queue, (found[0], previous[index], found[1]))
            if following[index] < size:
                found = merges.get((new, symbols[following[index]]))
                if found is not None:
                    heapq.heappush(queue, (found[0], index, found[1]))
        return [symbol for symbol, kept in zip(symbols, alive, strict=True) if kept]


# Unigram's score of an unknown character: below the lowest piece's by this much.
_UNK_PENALTY = 10.0


class Unigram(_Model):
    """tokenizers' Unigram: the best-scoring segmentation (its Viterbi search, ties to the
    longest piece ending there), unknown characters fused, byte fallback."""

    def __init__(self, spec: dict[str, Any]) -> None:
        super().__init__()
        vocab = spec.get("vocab") or []
        self.unk_id: int | None = spec.get("unk_id")
        if self.unk_id is not None and not 0 <= self.unk_id < len(vocab):
            message = "Unigram: unk_id is not in the vocabulary"
            raise TokenizerFileError("bad_value", message, part="unk_id")
        self.byte_fallback = bool(spec.get("byte_fallback", False))
        self.ids: dict[str, int] = {}
        self.scores: list[float] = []
        # The lengths of the pieces of three characters or more, by their first three: only
        # those are looked up where a text's position starts them (tokenizers walks a trie;
        # a trie of 250,000 pieces in Python objects would take hundreds of MB).  Pieces are
        # at most MOST_PIECE_CHARACTERS long, so a position costs a bounded few lookups.
        lengths: dict[str, set[int]] = {}
        for index, (piece, score) in enumerate(vocab):
            if len(piece) > MOST_PIECE_CHARACTERS:
                raise UnsupportedTokenizerError(
                    f"a Unigram piece of {len(piece)} characters, more than"
                    f" {MOST_PIECE_CHARACTERS}",
                    part=str(MOST_PIECE_CHARACTERS),
                    reason="long_piece",
                )
            self.ids[piece] = index
            self.scores.append(float(score))
            if len(piece) >= 3:
                lengths.setdefault(piece[:3], set()).add(len(piece))
        self.longer = {head: tuple(sorted(found)) for head, found in lengths.items()}
        self.min_score = min(self.scores, default=float("inf"))

    def tokenize_steps(self, word: str) -> Generator[None, None, list[int]]:
        return self.ids_of((yield from self._pieces(word)))

    def pieces(self, word: str) -> list[str]:
        """The best segmentation's pieces, consecutive unknown ones fused."""
        return _finished(self._pieces(word))

    def _pieces(self, word: str) -> Generator[None, None, list[str]]:  # noqa: PLR0912
        size = len(word)
        if not size:
            return []
        ids, scores, longer = self.ids, self.scores, self.longer
        unk_score = self.min_score - _UNK_PENALTY
        # Arrays, not lists: a word may be a whole text (Chinese has no spaces to split at).
        best = array("d", [0.0]) * (size + 1)
        start_of = array("q", [-1]) * (size + 1)
        token_of = array("q", [0]) * (size + 1)
        for start in range(size):
            if start % STEP == STEP - 1:
                yield
            here = best[start]
            single = False
            ends = [
                start + 1,
                start + 2,
                *(start + length for length in longer.get(word[start : start + 3], ())),
            ]
            for end in ends:
                if end > size:
                    break
                token = ids.get(word[start:end])
                if token is not None:
                    candidate = scores[token] + here
                    if start_of[end] < 0 or candidate > best[end]:
                        best[end], start_of[end], token_of[end] = candidate, start, token
                    if end == start + 1:
                        single = True
            if not single:
                end = start + 1
                candidate = unk_score + here
                if start_of[end] < 0 or candidate > best[end]:
                    if self.unk_id is None:
                        message = "Unigram: an unknown character and no unk_id"
                        raise TokenizerFileError("bad_value", message, part="unk_id")
                    best[end], start_of[end], token_of[end] = candidate, start, self.unk_id
        pieces: list[str] = []
        unknown: list[str] = []
        end = size
        while end > 0:
            start = start_of[end]
            if token_of[end] == self.unk_id:
                unknown.append(word[start:end])
            else:
                if unknown:
                    pieces.append("".join(reversed(unknown)))
                    unknown = []
                pieces.append(word[start:end])
            end = start
        if unknown:
            pieces.append("".join(reversed(unknown)))
        pieces.reverse()
        return pieces

    def ids_of(self, pieces: list[str]) -> list[int]:
        out: list[int] = []
        for piece in pieces:
            token = self.ids.get(piece)
            if token is None:
                if self.byte_fallback:
                    fallback = [self.ids.get(f"<0x{byte:02X}>") for byte in piece.encode()]
                    if None not in fallback:
                        out += fallback  # type: ignore[arg-type]
                        continue
                if self.unk_id is None:
                    message = "Unigram: an unknown piece and no unk_id"
                    raise TokenizerFileError("bad_value", message, part="unk_id")
                token = self.unk_id
            out.append(token)
        return out


def _model(spec: dict[str, Any]) -> _Model:
    kind = spec.get("type")
    if kind is None:  # files from before the type was written
        kind = "BPE" if "merges" in spec else "WordPiece"
    if kind == "WordPiece":
        return WordPiece(
            spec["vocab"],
            spec.get("unk_token", "[UNK]"),
            spec.get("continuing_subword_prefix", "##"),
            spec.get("max_input_chars_per_word", 100),
        )
    if kind == "BPE":
        return Bpe(spec)
    if kind == "Unigram":
        return Unigram(spec)
    if kind == "WordLevel":
        return WordLevel(spec["vocab"], spec.get("unk_token"))
    raise UnsupportedTokenizerError(
        f"the {kind} model is not supported", part=f'"type": {json.dumps(kind)}'
    )
