"""The page's counting: what the calculator's worker (web/count-worker.js) calls in Pyodide.

A document is counted in slices, each one call from the worker, so that between slices the
worker can answer the calculator's requests, report progress and hear a cancel.  Every slice
is bounded in size whatever the text: it ends where the tokenizer's splitting must end a
piece (see :func:`cut`), or, inside one piece longer than a slice (a million "a", a page of
Chinese without punctuation, one long word), where byte-pair merging makes a token boundary
that the next slice confirms (see :func:`_long_piece`).  Either way the slices' tokens are the
whole text's tokens.  Files are read as the command line reads them (:func:`decoded_text`):
the page and ``--count`` count the same file alike.
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Generator, Iterator
from itertools import pairwise
from pathlib import Path
from re import Pattern
from typing import TYPE_CHECKING

from .._chunking import plan_chunks
from . import Encoding, _without_lone_surrogates
from ._bpe import merge
from ._counters import load_named
from ._files import BinaryFileError, NotUtf8Error, decoded_text
from ._split import O200K, class_codes

if TYPE_CHECKING:
    from ._hf import HfTokenizer

# Characters a slice holds at most (at most 4 UTF-8 bytes each, so 256 KiB).
SLICE_CHARACTERS = 1 << 16
# Characters of one piece merged in one call when a piece is longer than a slice: merging
# is n log n in the piece's bytes, so a long piece goes window by window.
PIECE_CHARACTERS = 1 << 11
# Slices' worth of characters of a long run of one class (see _search_cut) looked through
# in one call: finding its end costs far less a character than counting.
RUN_SLICES = 4
# Characters after such a run that its piece may take (a contraction, a newline after
# punctuation) looked at with it.
_RUN_MARGIN = 64
# Kept tokens of a long piece that a failed check at a window's start may take back.
_TAKEN_BACK = 64
# The chunks whose text the page draws at most: the first ones, enough to see the windows move.
SHOWN_CHUNKS = 30
# ... and only those that end within this many tokens (the first chunk always): with a chunk
# size of many thousand tokens, thirty chunks would be the whole of a long text, drawn at once.
SHOWN_TOKENS = 1 << 16
# Characters a slice holds while the text is encoded for its first chunks (see chunks()): small,
# so that little past the last drawn chunk is encoded.
CHUNK_SLICE_CHARACTERS = 1 << 12

_encodings: dict[str, Encoding] = {}
# bert-base-uncased and the tokenizer.json files the visitor picked, by the worker's name.
_tokenizers: dict[str, HfTokenizer] = {}
# The class codes of white space (\r \n, the space, other white space: see _split).
_WHITE_CODES = "abc"
# A word, as ``str.split()`` finds them: a run of characters that are not white space (``re``'s
# ``\s`` is ``str.isspace``, and a test holds them to each other).
_WORD = re.compile(r"\S+")


def load(encoding: str, ranks: str) -> None:
    """Load the built-in counter ``encoding`` from its converted data, the file ``ranks``
    (``<encoding>.ranks`` of the tokens folder; once per encoding)."""
    if encoding not in _encodings and encoding not in _tokenizers:
        counter = load_named(encoding, Path(ranks))
        if isinstance(counter, Encoding):
            _encodings[encoding] = counter
        else:
            _tokenizers[encoding] = counter  # type: ignore[assignment]


def load_tokenizer(name: str, text: str) -> str:
    """Keep the tokenizer of a tokenizer.json file's ``text`` as the encoding ``name``
    (in memory only, until :func:`forget_tokenizer`), as JSON: ``{"name": name}``, or
    :func:`refusal` saying why it cannot count, whatever the text.
    """
    # Imported here: counting with OpenAI's encodings loads none of it.
    from ._hf import load_tokenizer_json  # noqa: PLC0415

    try:
        tokenizer = load_tokenizer_json(text)
    except ValueError as failure:  # TokenizerFileError, and only it
        return json.dumps(refusal(failure))
    tokenizer.name = name
    _encodings.pop(name, None)
    _tokenizers[name] = tokenizer
    return json.dumps({"name": name})


def refusal(failure: ValueError) -> dict[str, object]:
    """Why a tokenizer.json cannot count, for the page: ``error`` (``unsupported`` when it
    asks for what is not applied, else ``invalid``), ``reason`` and ``params`` (the catalog
    message ``count.tokenizer_reason.<reason>`` and its values) and the English ``message``.
    """
    from ._hf_limits import TokenizerFileError, UnsupportedTokenizerError  # noqa: PLC0415

    reason = failure.reason if isinstance(failure, TokenizerFileError) else "wrong_kind"
    params = failure.params if isinstance(failure, TokenizerFileError) else {}
    unsupported = isinstance(failure, UnsupportedTokenizerError) or reason == "grows"
    return {
        "error": "unsupported" if unsupported else "invalid",
        "reason": reason,
        "params": params,
        "message": str(failure),
    }


def forget_tokenizer(name: str) -> None:
    """Drop the tokenizer.json kept as ``name``."""
    _tokenizers.pop(name, None)


def counter(name: str) -> Encoding | HfTokenizer:
    """The loaded counter ``name`` (an encoding of :func:`load`, or a tokenizer of
    :func:`load_tokenizer`): what the page's splitting measures chunks with.

    Raises ``KeyError`` for a name not loaded (or forgotten)."""
    tokenizer = _tokenizers.get(name)
    return tokenizer if tokenizer is not None else _encodings[name]


def words_in(text: str, start: int, end: int) -> int:
    """The words of ``text`` (as ``text.split()`` finds them) that start in ``[start, end)``:
    so the words of a text counted a slice at a time add up to its ``split()``'s.

    >>> text = "one two  three"
    >>> words_in(text, 0, 5), words_in(text, 5, 14), len(text.split())
    (2, 1, 3)
    """
    words = sum(1 for _ in _WORD.finditer(text, start, end))
    if start > 0 and start < end and not text[start].isspace() and not text[start - 1].isspace():
        words -= 1  # the word that goes on from the slice before
    return words


def _certain_end(codes: str, whole: bool) -> int:
    """How far the pieces of a window's class ``codes`` are those of the whole text.

    The window starts where a piece starts.  A piece that the window's end changes is one
    whose match looked at that end: a run of letters, punctuation or white space reaching
    it, or a contraction cut by it ("'l" of "'ll").  Such a piece ends within two
    characters of the window's end, or is white space running to it (o200k_base's
    ``\\s*[\\r\\n]+`` then gives back what follows its last newline).  So a piece ending at
    least three characters before the end, with something other than white space after
    it, is the whole text's; and every piece before it (``whole``: the window is the rest of
    the text, and every piece is).
    """
    if whole:
        return len(codes)
    last = len(codes) - 1
    while last >= 0 and codes[last] in _WHITE_CODES:
        last -= 1
    return min(len(codes) - 3, last)


def cut(text: str, start: int, size: int = SLICE_CHARACTERS, pattern: Pattern[str] = O200K) -> int:
    """Where the slice of ``text`` from ``start`` (where a piece starts) ends: at the end of
    the last piece that ends within ``size`` characters, after something other than white
    space, and that no later text changes; or, when there is none, at the end of the
    first piece (however long).

    A slice is split by itself, so its end must not change its own last pieces either:
    white space at the end of a text is one piece (``\\s+(?!\\S)`` keeps a last space for
    a following word), while a piece that ends in anything else ends there whatever follows.

    >>> cut("one two three", 0, 8), cut("one two three", 0, 100), cut("a" * 50 + " b", 0, 8)
    (3, 13, 50)
    """
    return _cut(text, start, size, pattern)[0]


def _cut(text: str, start: int, size: int, pattern: Pattern[str]) -> tuple[int, bool]:
    """:func:`cut`'s end, and whether the slice is the one piece that starts at ``start``."""
    search = _search_cut(text, start, size, pattern)
    while True:
        try:
            next(search)
        except StopIteration as found:
            end: tuple[int, bool] = found.value
            return end


def _search_cut(
    text: str, start: int, size: int, pattern: Pattern[str]
) -> Generator[None, None, tuple[int, bool]]:
    """:func:`_cut`, a bounded part of the search between yields (a long piece's end is
    searched for across calls)."""
    if start + size >= len(text):
        return len(text), False
    window = class_codes(text[start : start + size])
    limit = _certain_end(window, whole=False)
    end = 0
    for match in pattern.finditer(window):
        if match.end() > limit:
            break
        if window[match.end() - 1] not in _WHITE_CODES:
            end = match.end()
    if end:
        return start + end, False
    # No such end: the slice is the first piece.  Where it ends depends on the run of
    # characters of one class it ends in (a million "a", Chinese without punctuation):
    # find that run's end, a slice's worth of characters a call, then match the piece on
    # the window's codes, the run's code repeated and what follows the run.
    code = window[-1]
    run_start = start + len(window.rstrip(code))
    run_end = start + size
    while run_end < len(text):
        ahead = class_codes(text[run_end : run_end + RUN_SLICES * size])
        rest = ahead.lstrip(code)
        run_end += len(ahead) - len(rest)
        if rest:
            break
        yield
    after = class_codes(text[run_end : run_end + _RUN_MARGIN])
    codes = window[: run_start - start] + code * (run_end - run_start) + after
    whole = run_end + _RUN_MARGIN >= len(text)
    first = pattern.match(codes)
    piece = first.end() if first else len(codes)
    if whole or piece <= _certain_end(codes, whole=False):
        return start + piece, True
    # (Not seen: a piece that goes on past its run by more than the margin.)
    length = len(codes)
    while True:
        length *= 4
        whole = start + length >= len(text)
        codes = class_codes(text[start : start + length])
        first = pattern.match(codes)
        piece = first.end() if first else len(codes)
        if whole or piece <= _certain_end(codes, whole=False):
            return start + piece, True


def _long_piece(
    encoding: Encoding, text: str, start: int, end: int, size: int = PIECE_CHARACTERS
) -> Iterator[tuple[int, list[int], int]]:
    """The tokens of the long piece ``text[start:end]``, a window of ``size`` characters at a
    time, as (characters of the text done, token ids, earlier ids of this piece to drop
    first).

    Byte-pair merging is not cut at a window's end: each window keeps its tokens up to a
    token boundary (at a character's start) in its first three quarters (see :func:`_kept`),
    and the next window starts there.  The kept tokens are the piece's own when every pair of
    neighbours is a pair that merging leaves apart (the two tokens are what their joined
    bytes merge into): a token sequence is the merging of its text exactly when each
    neighbouring pair is, the property tiktoken-style byte-pair encodings have (shown by
    GitHub's ``bpe`` crate, whose encoders rest on it).  Within a window its own merging
    holds them; at a window's start the pair is checked.  Where it fails, the last kept token
    is taken back and merging starts again at its start, keeping tokens past the failed
    boundary this time, so every call stays one window's work.  Only when more than
    :data:`_TAKEN_BACK` tokens would be taken back is the piece merged whole (the ids so far
    dropped); the piece is never copied whole but in that case.
    """
    ranks = encoding.ranks
    done, emitted, dropped = start, 0, 0
    # The last kept tokens, as (id, bytes, characters), the ones a failed check takes back.
    kept: deque[tuple[int, bytes, int]] = deque(maxlen=_TAKEN_BACK)
    past = start  # where a check failed: the next kept tokens end after it
    window = size
    while done < end:
        stop = min(end, done + window)
        characters = text[done:stop]
        plain = _without_lone_surrogates(characters)
        if len(plain) != len(characters):  # surrogate code points that pair: merged whole
            yield end, encoding.encode(text[start:end]), emitted
            return
        data = plain.encode("utf-8")
        ids = merge(data, ranks)
        if stop == end:
            keep, kept_bytes, kept_characters = len(ids), len(data), stop - done
        else:
            after = len(plain[: past - done].encode("utf-8")) if past > done else 0
            keep, kept_bytes = _kept(encoding, ids, data, after)
            if keep == 0:  # no token boundary to keep inside the window: a longer one
                window *= 2
                continue
            kept_characters = len(data[:kept_bytes].decode("utf-8"))
        window = size
        first = data[: encoding.byte_length(ids[0])]
        if kept and merge(kept[-1][1] + first, ranks) != [kept[-1][0], ids[0]]:
            past = max(past, done)
            while kept:  # back to a boundary at a character's start
                _, piece, back = kept.pop()
                done -= back
                dropped += 1
                if piece[0] & 0xC0 != 0x80:
                    break
            if not kept and done > start:  # none left to check the new start against
                yield end, encoding.encode(text[start:end]), emitted
                return
            continue
        first_kept = max(0, keep - _TAKEN_BACK)
        offset = sum(encoding.byte_length(token) for token in ids[:first_kept])
        for token in ids[first_kept:keep]:
            length = encoding.byte_length(token)
            piece = data[offset : offset + length]
            offset += length
            kept.append((token, piece, _characters(piece)))
        done += kept_characters
        emitted += keep - dropped
        yield done, ids[:keep], dropped
        dropped = 0


def _characters(data: bytes) -> int:
    """The characters whose UTF-8 starts lie in ``data`` (a token's bytes, cut anywhere)."""
    return sum(1 for byte in data if byte & 0xC0 != 0x80)


def _kept(encoding: Encoding, ids: list[int], data: bytes, after: int = 0) -> tuple[int, int]:
    """How many of a window's tokens to keep, and their bytes: up to the last token
    boundary at a character's start within the window's first three quarters, or else the
    first one after them; only boundaries past ``after`` bytes count; (0, 0) if no token
    ends inside the window at a character's start past it.
    """
    keep = kept_bytes = offset = 0
    for index, token in enumerate(ids[:-1]):
        offset += encoding.byte_length(token)
        if offset <= after or data[offset] & 0xC0 == 0x80:  # too early, or inside a character
            continue
        if offset > len(data) * 3 // 4:
            return (keep, kept_bytes) if keep else (index + 1, offset)
        keep, kept_bytes = index + 1, offset
    return keep, kept_bytes


def _slices(
    encoding: Encoding, text: str, size: int = SLICE_CHARACTERS
) -> Iterator[tuple[int, list[int], int]]:
    """The tokens of ``text`` a bounded slice at a time, as (characters done, token ids,
    ids already given to drop first)."""
    done = 0
    while done < len(text):
        search = _search_cut(text, done, size, encoding.pattern)
        while True:
            try:
                next(search)
            except StopIteration as found:
                end, one_piece = found.value
                break
            yield done, [], 0  # a long piece's end is being searched for
        if not one_piece:
            yield end, encoding.encode(text[done:end]), 0
        else:
            window = min(size, PIECE_CHARACTERS)
            yield from _long_piece(encoding, text, done, end, window)
        done = end


def _tokenizer_slices(
    tokenizer: HfTokenizer, text: str, size: int = SLICE_CHARACTERS
) -> Iterator[tuple[int, list[int], int]]:
    """A tokenizer.json's tokens of ``text`` a slice at a time (see ``slice_end``), as
    :func:`_slices` gives them; a slice with a long word (no place to cut it) is tokenized
    across calls, a bounded part of the work each (``encode_steps``)."""
    done = 0
    while done < len(text):
        end = tokenizer.slice_end(text, done, size)
        steps = tokenizer.encode_steps(text[done:end], at_start=done == 0)
        while True:
            try:
                next(steps)
            except StopIteration as finished:
                ids: list[int] = finished.value
                break
            yield done, [], 0  # a long word (or very many) is being tokenized
        yield end, ids, 0
        done = end


class Counting:
    """One document being counted, a slice a call; ``error`` when it is no text."""

    def __init__(self, encoding: str, text: str, error: dict[str, object] | None = None) -> None:
        self._tokenizer = _tokenizers.get(encoding)
        self._encoding = _encodings[encoding] if self._tokenizer is None else None
        self.text = text
        self.error = error
        self.done = 0
        self.tokens = 0
        self.words = 0
        self._slices: Iterator[tuple[int, list[int], int]] | None = None
        #: Why the tokenizer.json refused this text (:func:`refusal`, as JSON), if it did:
        #: a normalizer that would make it too long is found only as it is counted.
        self.refused: str | None = None

    @property
    def total(self) -> int:
        """The document's characters (Unicode code points)."""
        return len(self.text)

    def step(self, size: int = SLICE_CHARACTERS) -> bool:
        """Count the next slice (of at most ``size`` characters); whether the whole document
        is counted now."""
        if self.error is None and self.done < len(self.text):
            if self._slices is None:
                self._slices = (
                    _slices(self._encoding, self.text, size)
                    if self._encoding is not None
                    else _tokenizer_slices(self._tokenizer, self.text, size)  # type: ignore[arg-type]
                )
            start = self.done
            try:
                self.done, ids, drop = next(self._slices)
            except ValueError as failure:
                from ._hf_limits import TokenizerFileError  # noqa: PLC0415 (loaded with it)

                if not isinstance(failure, TokenizerFileError):
                    raise
                self.refused = json.dumps(refusal(failure))
                return True
            self.tokens += len(ids) - drop
            self.words += words_in(self.text, start, self.done)
        return self.error is not None or self.done >= len(self.text)

    def chunks(
        self,
        tokens: int | str,
        chunk_size: int | str,
        overlap: int | str,
        shown: int = SHOWN_CHUNKS,
        shown_tokens: int = SHOWN_TOKENS,
    ) -> str:
        """The document split into the calculator's chunks, as JSON, for the page to draw.

        ``tokens`` is the document's count (N, this text's :attr:`tokens` once counted), so
        the chunk count is the calculator's for that N; only the text of the first ``shown``
        chunks (those of them that end within ``shown_tokens``, and the first one) is
        encoded, so a long document costs no more than a short one.  Figures come
        as integers or as the integer strings the calculator's answer holds.

        The JSON: ``tokens``, ``chunk_size``, ``overlap``, ``chunks`` (the calculator's
        count), ``shown`` (how many are drawn), ``windows`` (per drawn chunk: its tokens'
        ``[start, end)`` and its characters' ``[start, end)``, in Unicode code points) and
        ``segments`` (the drawn text cut at every window's start and end: per piece, its first
        character, its text, and the first and last drawn chunk holding it; a piece held by
        two or more chunks is an overlap).
        """
        plan = plan_chunks(int(tokens), int(chunk_size), int(overlap))
        windows = [plan.window(index) for index in range(min(shown, plan.chunks))]
        windows = windows[:1] + [window for window in windows[1:] if window[1] <= shown_tokens]
        if self._tokenizer is not None:
            ends = self._tokenizer_ends(windows[-1][1] if windows else 0)
            places = {end: end for end in ends}
        else:
            ends = self._token_ends(windows[-1][1] if windows else 0)
            places = _characters_at(self.text, sorted({0, *ends}))

        def character(token: int) -> int:
            return places[ends[token - 1]] if token else 0

        drawn = [(start, end, character(start), character(end)) for start, end in windows]
        cuts = sorted({at for window in drawn for at in window[2:]})
        segments: list[tuple[int, str, int, int]] = []
        for start, end in pairwise(cuts):
            holding = [
                index for index, window in enumerate(drawn) if window[2] <= start < window[3]
            ]
            segments.append((start, self.text[start:end], holding[0], holding[-1]))
        return json.dumps(
            {
                "tokens": plan.tokens,
                "chunk_size": plan.chunk_size,
                "overlap": plan.overlap,
                "chunks": plan.chunks,
                "shown": len(drawn),
                "windows": drawn,
                "segments": segments,
            }
        )

    def _tokenizer_ends(self, tokens: int) -> list[int]:
        """Where each of the text's first ``tokens`` tokens of a tokenizer.json ends, in
        characters: the text is encoded a word at a time (between two places where
        ``slice_end`` may cut); a word's last token ends where the word ends, and its
        other tokens are placed in proportion inside it (tokenizers' normalizers change
        characters, so a token's own characters are not known)."""
        assert self._tokenizer is not None
        ends: list[int] = []
        done = 0
        while len(ends) < tokens and done < len(self.text):
            end = self._tokenizer.slice_end(self.text, done, 1)
            count = len(self._tokenizer.encode(self.text[done:end], at_start=done == 0))
            ends += [done + (end - done) * index // count for index in range(1, count + 1)]
            done = end
        if len(ends) < tokens:
            raise ValueError(f"the text is {len(ends)} tokens, not {tokens}")
        return ends[:tokens]

    def _token_ends(self, tokens: int) -> list[int]:
        """The UTF-8 byte offset where each of the text's first ``tokens`` tokens ends.

        The text is encoded a slice at a time, as :meth:`step` counts it, until it has that
        many tokens or ends.
        """
        assert self._encoding is not None
        ends: list[int] = []
        slices = _slices(self._encoding, self.text, CHUNK_SLICE_CHARACTERS)
        while len(ends) < tokens:
            try:
                _, ids, drop = next(slices)
            except StopIteration:
                break
            del ends[len(ends) - drop :]
            offset = ends[-1] if ends else 0
            for token in ids:
                offset += self._encoding.byte_length(token)
                ends.append(offset)
        if len(ends) < tokens:
            raise ValueError(f"the text is {len(ends)} tokens, not {tokens}")
        return ends[:tokens]

    def result(self) -> str:
        """The document's figures as JSON: tokens, characters, UTF-8 bytes and words (as
        ``str.split()`` finds them), or its error."""
        if self.error is not None:
            return json.dumps(self.error)
        utf8 = len(self.text.encode("utf-8", "surrogatepass"))
        figures = {"tokens": self.tokens, "characters": len(self.text), "bytes": utf8}
        return json.dumps({**figures, "words": self.words})


def _utf8_length(character: str) -> int:
    """The UTF-8 bytes of one character as the tokenizer encodes it (a lone surrogate is
    encoded as U+FFFD, three bytes)."""
    point = ord(character)
    if point < 0x80:
        return 1
    if point < 0x800:
        return 2
    return 3 if point < 0x10000 else 4


def _characters_at(text: str, offsets: list[int]) -> dict[int, int]:
    """For each UTF-8 byte offset in ``offsets`` (sorted), the character where it falls.

    A token may end inside a character (one of an emoji's bytes, say): that boundary is
    placed at the start of the character, so every chunk's text is whole characters: a
    character cut by a window's edge is drawn in the chunk that holds its last byte.

    >>> _characters_at("aé🙂", [0, 1, 2, 3, 5, 7])
    {0: 0, 1: 1, 2: 1, 3: 2, 5: 2, 7: 3}
    """
    places: dict[int, int] = {}
    character = byte = 0
    for offset in offsets:
        while character < len(text) and byte + _utf8_length(text[character]) <= offset:
            byte += _utf8_length(text[character])
            character += 1
        places[offset] = character
    return places


def start_text(encoding: str, text: str) -> Counting:
    """Counting of text pasted into the page."""
    return Counting(encoding, text)


def start_file(encoding: str, path: str, suffix: str) -> Counting:
    """Counting of a file the worker wrote at ``path``, read as one named with ``suffix``."""
    data = Path(path).read_bytes()
    try:
        return Counting(encoding, decoded_text(data, suffix))
    except BinaryFileError:
        return Counting(encoding, "", {"error": "binary"})
    except NotUtf8Error as failure:
        return Counting(encoding, "", {"error": "not_utf8", "offset": failure.offset})


def count_file(encoding: str, path: str, size: int = SLICE_CHARACTERS) -> dict[str, object]:
    """A file's figures as the page gets them, slice by slice (for the tests and the CLI's
    comparison)."""
    counting = start_file(encoding, path, Path(path).suffix)
    while not counting.step(size):
        pass
    figures: dict[str, object] = json.loads(counting.result())
    return figures
