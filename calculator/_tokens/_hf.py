"""Hugging Face ``tokenizer.json`` files applied as PyPI ``tokenizers`` applies them.

A file is read into a :class:`HfTokenizer`: its added tokens, normalizer, pre-tokenizer
and model (WordPiece, BPE, Unigram or WordLevel).  Text is encoded as
``Tokenizer.encode(text, add_special_tokens=False)`` encodes it: added tokens written in
the text (``[CLS]``, ``<mask>``, …) are found and count one token each, as tokenizers
finds them (special or not); nothing is added around the text; truncation and padding
settings are not applied (a document is counted whole: the chunks are cut later).

A file with a part this module cannot apply exactly (a normalizer, pre-tokenizer or model
of another kind, a regular expression other than GPT-2's, BPE dropout) is refused with
:class:`UnsupportedTokenizerError`, which names the part: a count is exact or refused,
never approximated.  Character properties come from ``_hf_tables`` (read from tokenizers
itself); the normalization forms from ``unicodedata``, except for characters tokenizers'
older Unicode leaves alone.

>>> vocab = {"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3, ",": 4}
>>> spec = {"normalizer": {"type": "BertNormalizer", "lowercase": True},
...         "pre_tokenizer": {"type": "BertPreTokenizer"},
...         "model": {"type": "WordPiece", "unk_token": "[UNK]", "vocab": vocab}}
>>> HfTokenizer(spec).encode("Unaffable, xyz")
[1, 2, 3, 4, 0]
"""

from __future__ import annotations

import base64
import heapq
import json
import re
import unicodedata
from array import array
from bisect import bisect_right
from collections.abc import Callable, Generator, Iterator
from functools import cache
from typing import Any, Literal

from . import _hf_tables as tables
from ._hf_limits import (
    MOST_PIECE_CHARACTERS,
    TokenizerFileError,
    UnsupportedTokenizerError,
    bounded_pattern,
    most_normalized,
    too_long,
)

__all__ = ["HfTokenizer", "TokenizerFileError", "UnsupportedTokenizerError", "load_tokenizer_json"]

# A piece of text and whether it starts where the text starts (Metaspace's "first").
Split = tuple[str, bool]


def load_tokenizer_json(text: str) -> HfTokenizer:
    """The tokenizer a ``tokenizer.json`` file's text describes.

    Raises :class:`TokenizerFileError` (a ``ValueError``), and nothing else, whatever the
    text: ``UnsupportedTokenizerError`` naming what cannot be applied (exactly, or in
    bounded time), or another reason when the text is not such a file.
    """
    try:
        spec = json.loads(text)
    except json.JSONDecodeError as failure:
        raise TokenizerFileError(
            "not_json",
            f"not a tokenizer.json file (not JSON: {failure})",
            line=str(failure.lineno),
            column=str(failure.colno),
        ) from None
    except RecursionError:
        raise _too_deep() from None
    if not isinstance(spec, dict) or not isinstance(spec.get("model"), dict):
        raise TokenizerFileError("no_model", "not a tokenizer.json file (it has no model)")
    try:
        return HfTokenizer(spec)
    except TokenizerFileError:
        raise
    except Exception as failure:  # a field of another kind fails anywhere
        raise _broken(failure) from None


# What a field of another kind than tokenizers writes raises where it is first used: while
# the file is read, or only as a text meets it (an unknown token that is a list, say).
_BROKEN = (KeyError, TypeError, AttributeError, IndexError, RecursionError, OverflowError)


def _broken(failure: Exception) -> TokenizerFileError:
    if isinstance(failure, RecursionError):
        return _too_deep()
    if isinstance(failure, KeyError):
        field = str(failure.args[0]) if failure.args else ""
        message = f"not a tokenizer.json file (no field {field!r})"
        return TokenizerFileError("missing_field", message, field=field)
    message = f"not a tokenizer.json file (a field of the wrong kind: {failure})"
    return TokenizerFileError("wrong_kind", message)


def _too_deep() -> TokenizerFileError:
    return TokenizerFileError("too_deep", "not a tokenizer.json file (nested too deep)")


# --- character properties --------------------------------------------------------------


def _flags(character: str) -> int:
    return tables.FLAGS[bisect_right(tables.STARTS, ord(character)) - 1]


@cache
def _class(bits: int) -> str:
    """A regular expression class of the code points having any of ``bits``."""
    parts: list[str] = []
    ends = (*tables.STARTS[1:], 0x110000)
    for start, end, flags in zip(tables.STARTS, ends, tables.FLAGS, strict=True):
        if flags & bits:
            first, last = _escape(start), _escape(end - 1)
            parts.append(first if start == end - 1 else f"{first}-{last}")
    return "[" + "".join(parts) + "]" if parts else "(?!)"


def _escape(code_point: int) -> str:
    return f"\\U{code_point:08x}"


@cache
def _regex(template: str) -> re.Pattern[str]:
    """``template`` with ``{NAME}`` replaced by the class of the table's flag NAME."""

    def replace(match: re.Match[str]) -> str:
        return _class(getattr(tables, match.group(1)))[1:-1]

    return re.compile(re.sub(r"\{([A-Z_]+)\}", replace, template))


@cache
def _lower_table() -> dict[int, str]:
    return dict(tables.LOWER)


def _lowercase(text: str) -> str:
    """Rust's ``char::to_lowercase`` character by character (no final sigma rule)."""
    return text.lower() if text.isascii() else text.translate(_lower_table())


# Characters normalization must leave alone (see tables.BARRIER), per character met.
_BARRIERS: dict[str, bool] = {}


def _is_barrier(character: str) -> bool:
    known = _BARRIERS.get(character)
    if known is None:
        flags = _flags(character)
        known = bool(flags & tables.BARRIER) or (
            not flags & tables.NORMALIZED
            and bool(unicodedata.decomposition(character) or unicodedata.combining(character))
        )
        _BARRIERS[character] = known
    return known


def _unicode_normalize(form: Literal["NFC", "NFD", "NFKC", "NFKD"], text: str) -> str:
    """``unicodedata.normalize``, except that characters tokenizers does not normalize
    (newer than its Unicode 9.0) stay as they are and stop reordering and composition."""
    if text.isascii():
        return text
    barriers = [character for character in set(text) if _is_barrier(character)]
    if not barriers:
        return unicodedata.normalize(form, text)
    pattern = "([" + "".join(_escape(ord(character)) for character in barriers) + "])"
    parts = re.split(pattern, text)
    return "".join(
        part if index % 2 else unicodedata.normalize(form, part) for index, part in enumerate(parts)
    )


def _is_chinese(code_point: int) -> bool:
    return (
        0x4E00 <= code_point <= 0x9FFF
        or 0x3400 <= code_point <= 0x4DBF
        or 0x20000 <= code_point <= 0x2A6DF
        or 0x2A700 <= code_point <= 0x2B73F
        or 0x2B740 <= code_point <= 0x2B81F
        or 0x2B920 <= code_point <= 0x2CEAF
        or 0xF900 <= code_point <= 0xFAFF
        or 0x2F800 <= code_point <= 0x2FA1F
    )


_CHINESE = re.compile(
    "([\u4e00-\u9fff\u3400-\u4dbf\U00020000-\U0002a6df\U0002a700-\U0002b73f"
    "\U0002b740-\U0002b81f\U0002b920-\U0002ceaf\uf900-\ufaff\U0002f800-\U0002fa1f])"
)


# --- normalizers -------------------------------------------------------------------------

Normalizer = Callable[[str], str]
# A normalizer given the most characters it may make of its text (``most_normalized`` of the
# text the whole normalizer was given): every part of a Sequence is held to the same bound.
_Part = Callable[[str, int], str]


def _bert_normalizer(spec: dict[str, Any]) -> Normalizer:
    clean = spec.get("clean_text", True)
    chinese = spec.get("handle_chinese_chars", True)
    lowercase = spec.get("lowercase", True)
    strip = spec.get("strip_accents")
    strip = lowercase if strip is None else strip
    dropped = _regex("[{BERT_DROPPED}]")
    white = _regex("[{WHITE}]")
    nonspacing = _regex("[{NONSPACING}]")

    def normalize(text: str) -> str:
        if clean:
            text = white.sub(" ", dropped.sub("", text))
        if chinese and not text.isascii():
            text = _CHINESE.sub(r" \1 ", text)
        if strip and not text.isascii():
            text = nonspacing.sub("", _unicode_normalize("NFD", text))
        if lowercase:
            text = _lowercase(text)
        return text

    return normalize


_NMT_REMOVED = re.compile("[\x01-\x08\x0b\x0e-\x1f\x7f\x8f\x9f]")
_NMT_SPACE = re.compile("[\t\n\x0c\r\u1680\u200b-\u200f\u2028\u2029\u2581\ufeff\ufffd]")


def _strip(spec: dict[str, Any]) -> Normalizer:
    left, right = spec.get("strip_left", True), spec.get("strip_right", True)
    starts = _regex("\\A[{WHITE}]+")
    ends = _regex("[{WHITE}]+\\Z")

    def normalize(text: str) -> str:
        if left:
            text = starts.sub("", text)
        if right:
            text = ends.sub("", text)
        return text

    return normalize


def _replace(spec: dict[str, Any]) -> _Part:
    pattern = _pattern(spec.get("pattern"), "Replace normalizer")
    content = spec["content"]
    if not isinstance(content, str):
        raise TokenizerFileError("wrong_kind", "the Replace normalizer's content is no text")

    def normalize(text: str, most: int) -> str:
        # The length it would make, found before it is made: nine Replaces of "a" by ten
        # a's would make a text 10⁹ times longer.
        if content:
            made = len(text)
            for match in pattern.finditer(text):
                made += len(content) - (match.end() - match.start())
                if made > most:
                    raise too_long("Replace normalizer")
        return pattern.sub(lambda _: content, text)

    return normalize


def _prepend(spec: dict[str, Any]) -> Normalizer:
    prefix = spec["prepend"]
    return lambda text: prefix + text if text else text


def _byte_level_normalizer(_: dict[str, Any]) -> Normalizer:
    return _to_byte_characters


def _sequence_normalizer(spec: dict[str, Any]) -> _Part:
    parts = [_part(item) for item in spec.get("normalizers", [])]

    def normalize(text: str, most: int) -> str:
        for part in parts:
            text = part(text, most)
        return text

    return normalize


# --- SentencePiece's precompiled charsmap -----------------------------------------------

# Extended grapheme clusters (UAX #29's regular expression, over the class letters of
# _graphemes), started only where a character is not a lone plain one ("o": no rule of
# the charsmap, and nothing joins it): such a character is a grapheme left as it is.
_CORE = "(?:l*(?:v+|wv*|x)t*|l+|t+|rr|P(?:[eEN]*zP)*|K(?:[ENz]*N[ENz]*K)+|[^abc])"
_GRAPHEME = re.compile(f"(?!o(?![ezENs]))(?:ab|[abc]|p*{_CORE}[ezENs]*)")


class _Precompiled:
    """tokenizers' Precompiled normalizer: SentencePiece's charsmap (a double-array trie of
    rewrite rules), applied to each grapheme shorter than 6 bytes as a whole (the rule of its
    shortest matching prefix replaces all of it), else character by character."""

    def __init__(self, spec: dict[str, Any]) -> None:
        try:
            data = base64.b64decode(spec["precompiled_charsmap"], validate=True)
            size = int.from_bytes(data[:4], "little")
            if len(data) < 4 or size % 4 or 4 + size > len(data):
                raise ValueError("its trie's size")
            self.units = [
                int.from_bytes(data[index : index + 4], "little") for index in range(4, 4 + size, 4)
            ]
            self.normalized = data[4 + size :]
            self.normalized.decode("utf-8")
        except (KeyError, TypeError, ValueError) as failure:
            message = f"the Precompiled normalizer's charsmap cannot be read ({failure})"
            raise TokenizerFileError("bad_value", message, part="precompiled_charsmap") from None
        self._rules: dict[str, str | None] = {}
        self._codes: dict[int, int] = {}

    def transform(self, chunk: str) -> str | None:
        """The replacement of the shortest rule matching a prefix of ``chunk``, or None."""
        known = self._rules.get(chunk, "")
        if known != "":
            return known
        units = self.units
        found: str | None = None
        position = _offset(units[0]) if units else 0
        for byte in chunk.encode("utf-8"):
            if byte == 0:
                break
            position ^= byte
            if position >= len(units):
                break
            unit = units[position]
            if unit & 0x800000FF != byte:
                break
            position ^= _offset(unit)
            if unit >> 8 & 1 and position < len(units):
                start = units[position] & 0x7FFFFFFF
                end = self.normalized.find(b"\0", start)
                found = self.normalized[start : end if end >= 0 else None].decode("utf-8")
                break
        if len(self._rules) < _CACHE_LIMIT:
            self._rules[chunk] = found
        return found

    def _class_codes(self, text: str) -> str:
        from . import _graphemes  # noqa: PLC0415 (only SentencePiece's tokenizers need it)

        codes = self._codes
        for character in set(text):
            point = ord(character)
            if point not in codes:
                code = _graphemes.CLASSES[bisect_right(_graphemes.STARTS, point) - 1]
                if code == "o" and self.transform(character) is not None:
                    code = "O"
                codes[point] = ord(code)
        return text.translate(codes)

    def __call__(self, text: str, most: int | None = None) -> str:
        """``text`` normalized; refused once it passes ``most`` characters (a crafted
        charsmap may map a character to a long text)."""
        most = most_normalized(text) if most is None else most
        out: list[str] = []
        done = made = 0
        for match in _GRAPHEME.finditer(self._class_codes(text)):
            start, end = match.span()
            out.append(text[done:start])
            made += start - done
            done = end
            grapheme = text[start:end]
            if len(grapheme.encode("utf-8")) < 6:
                replaced = self.transform(grapheme)
                if replaced is not None:
                    out.append(replaced)
                    made += len(replaced)
                    if made > most:
                        raise too_long("Precompiled normalizer")
                    continue
            for character in grapheme:
                replaced = self.transform(character)
                out.append(character if replaced is None else replaced)
                made += 1 if replaced is None else len(replaced)
            if made > most:
                raise too_long("Precompiled normalizer")
        out.append(text[done:])
        return "".join(out)

    def keeps_cuts(self) -> bool:
        """Whether it leaves the space alone and ASCII letters and digits such (so a text can
        be cut at a space between two of them)."""
        if self.transform(" ") is not None:
            return False
        for character in _CUT_CHARACTERS[1:]:
            replaced = self.transform(character)
            if replaced is not None and not (
                len(replaced) == 1 and replaced.isascii() and replaced.isalnum()
            ):
                return False
        return True


_CUT_CHARACTERS = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _offset(unit: int) -> int:
    return (unit >> 10) << ((unit & (1 << 9)) >> 6)


def _nmt(text: str) -> str:
    return _NMT_SPACE.sub(" ", _NMT_REMOVED.sub("", text))


# The normalizers that cannot make a text longer than a few times itself (NFKC at most 18),
# held to the bound after they ran; Replace, Prepend, Precompiled and Sequence hold to it as
# they run.
_PLAIN_NORMALIZERS: dict[str, Callable[[dict[str, Any]], Normalizer]] = {
    "BertNormalizer": _bert_normalizer,
    "NFC": lambda _: lambda text: _unicode_normalize("NFC", text),
    "NFD": lambda _: lambda text: _unicode_normalize("NFD", text),
    "NFKC": lambda _: lambda text: _unicode_normalize("NFKC", text),
    "NFKD": lambda _: lambda text: _unicode_normalize("NFKD", text),
    "Lowercase": lambda _: _lowercase,
    "StripAccents": lambda _: lambda text: _regex("[{COMBINING}]").sub("", text),
    "Strip": _strip,
    "Prepend": _prepend,
    "Nmt": lambda _: _nmt,
    "ByteLevel": _byte_level_normalizer,
}
_BOUNDED_NORMALIZERS: dict[str, Callable[[dict[str, Any]], _Part]] = {
    "Replace": _replace,
    "Sequence": _sequence_normalizer,
    "Precompiled": _Precompiled,
}


def _normalizer(spec: dict[str, Any]) -> Normalizer:
    part = _part(spec)
    return lambda text: part(text, most_normalized(text))


def _part(spec: dict[str, Any]) -> _Part:
    kind = str(spec.get("type"))
    bounded = _BOUNDED_NORMALIZERS.get(kind)
    if bounded is not None:
        return bounded(spec)
    make = _PLAIN_NORMALIZERS.get(kind)
    if make is None:
        raise UnsupportedTokenizerError(
            f"the {kind} normalizer is not supported", part=f'"type": {json.dumps(kind)}'
        )
    plain = make(spec)

    def normalize(text: str, most: int) -> str:
        text = plain(text)
        if len(text) > most:
            raise too_long(f"{kind} normalizer")
        return text

    return normalize


def _normalizer_kinds(spec: dict[str, Any] | None) -> Iterator[str]:
    if spec is None:
        return
    yield str(spec.get("type"))
    for item in spec.get("normalizers", []) if spec.get("type") == "Sequence" else []:
        yield from _normalizer_kinds(item)


# GPT-2's pattern, the only regular expression applied (written as in tokenizers' files).
GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
# A Regex pattern without a class or an escape that Oniguruma and Python's re read apart.
_PLAIN_REGEX = re.compile(r"(?:[^\\\[\]().|^$]|\\[ -/:-@\[-`{-~])+")


def _pattern(spec: object, where: str) -> re.Pattern[str]:
    """A String or Regex pattern of tokenizers' Split and Replace, as Python's ``re``."""
    if isinstance(spec, dict) and "String" in spec:
        return re.compile(re.escape(str(spec["String"])))
    if isinstance(spec, dict) and "Regex" in spec:
        regex = str(spec["Regex"])
        if _PLAIN_REGEX.fullmatch(regex) and regex:
            return bounded_pattern(regex, where)
        raise UnsupportedTokenizerError(
            f"the {where}'s regular expression {regex!r} is not supported"
            " (only GPT-2's pattern and literal text are)",
            part=regex,
            reason="unsupported_pattern",
        )
    raise UnsupportedTokenizerError(
        f"the {where}'s pattern {spec!r} is not supported", part=json.dumps(spec)[:200]
    )


# --- splitting -------------------------------------------------------------------------

# (start, end, is a match), covering the text end to end, as tokenizers' Pattern gives them.
Events = list[tuple[int, int, bool]]


def _events(text: str, matches: Iterator[re.Match[str]]) -> Events:
    if not text:
        return [(0, 0, False)]
    events: Events = []
    previous = 0
    for match in matches:
        start, end = match.span()
        if previous != start:
            events.append((previous, start, False))
        events.append((start, end, True))
        previous = end
    if previous != len(text):
        events.append((previous, len(text), False))
    return events


def _split(text: str, at_start: bool, events: Events, behavior: str) -> list[Split]:
    """``NormalizedString::split`` for ``behavior``; empty pieces dropped."""
    spans: list[tuple[int, int, bool]]
    if behavior == "Isolated":
        spans = [(start, end, False) for start, end, _ in events]
    elif behavior == "Removed":
        spans = events
    elif behavior in ("Contiguous", "MergedWithPrevious"):
        spans = []
        previous = False
        for start, end, is_match in events:
            joins = (
                (is_match == previous) if behavior == "Contiguous" else (is_match and not previous)
            )
            if joins and spans:
                spans[-1] = (spans[-1][0], end, False)
            else:
                spans.append((start, end, False))
            previous = is_match
    elif behavior == "MergedWithNext":
        spans = []
        previous = False
        for start, end, is_match in reversed(events):
            if is_match and not previous and spans:
                spans[-1] = (start, spans[-1][1], False)
            else:
                spans.append((start, end, False))
            previous = is_match
        spans.reverse()
    else:
        raise UnsupportedTokenizerError(
            f"the split behavior {behavior!r} is not supported",
            part=f'"behavior": {json.dumps(behavior)}',
        )
    return [
        (text[start:end], at_start and start == 0)
        for start, end, removed in spans
        if not removed and end > start
    ]


def _char_events(text: str, pattern: re.Pattern[str]) -> Events:
    """Events of a one-character pattern: each matching character its own match."""
    return _events(text, pattern.finditer(text))


PreTokenizer = Callable[[list[Split]], list[Split]]


def _each(split: Callable[[str, bool], list[Split]]) -> PreTokenizer:
    def pre_tokenize(splits: list[Split]) -> list[Split]:
        out: list[Split] = []
        for text, at_start in splits:
            out += split(text, at_start)
        return out

    return pre_tokenize


def _bert_pre_tokenizer(_: dict[str, Any]) -> PreTokenizer:
    # Whitespace removed, then punctuation isolated: every run of neither is a word.
    words = _regex("[^{WHITE}{PUNCTUATION}]+|[{PUNCTUATION}]")

    def split(text: str, at_start: bool) -> list[Split]:
        return [(m.group(), at_start and m.start() == 0) for m in words.finditer(text)]

    return _each(split)


def _whitespace_split(_: dict[str, Any]) -> PreTokenizer:
    pieces = _regex("[^{WHITE}]+")

    def split(text: str, at_start: bool) -> list[Split]:
        return [(m.group(), at_start and m.start() == 0) for m in pieces.finditer(text)]

    return _each(split)


def _whitespace(_: dict[str, Any]) -> PreTokenizer:
    pieces = _regex("[{WORD}]+|[^{WORD}{SPACE}]+")

    def split(text: str, at_start: bool) -> list[Split]:
        return [(m.group(), at_start and m.start() == 0) for m in pieces.finditer(text)]

    return _each(split)


def _by_class(template: str, behavior: str) -> PreTokenizer:
    pattern = _regex(template)

    def split(text: str, at_start: bool) -> list[Split]:
        return _split(text, at_start, _char_events(text, pattern), behavior)

    return _each(split)


def _punctuation(spec: dict[str, Any]) -> PreTokenizer:
    return _by_class("[{PUNCTUATION}]", spec.get("behavior", "Isolated"))


def _digits(spec: dict[str, Any]) -> PreTokenizer:
    individual = spec.get("individual_digits", False)
    return _by_class("[{NUMERIC}]", "Isolated" if individual else "Contiguous")


def _char_delimiter(spec: dict[str, Any]) -> PreTokenizer:
    pattern = re.compile(re.escape(spec["delimiter"]))

    def split(text: str, at_start: bool) -> list[Split]:
        return _split(text, at_start, _char_events(text, pattern), "Removed")

    return _each(split)


def _split_pre_tokenizer(spec: dict[str, Any]) -> PreTokenizer:
    behavior = spec.get("behavior", "Removed")
    invert = spec.get("invert", False)
    pattern_spec = spec.get("pattern")
    if isinstance(pattern_spec, dict) and pattern_spec.get("Regex") == GPT2_PATTERN:
        gpt2 = _gpt2_pieces

        def split(text: str, at_start: bool) -> list[Split]:
            matches = [(m.start(), m.end()) for m in gpt2(text)]
            events = _span_events(text, matches)
            if invert:
                events = [(start, end, not is_match) for start, end, is_match in events]
            return _split(text, at_start, events, behavior)

        return _each(split)
    if isinstance(pattern_spec, dict) and pattern_spec.get("String") == "":
        raise UnsupportedTokenizerError(
            "the Split pre-tokenizer's empty pattern is not supported", part='"String": ""'
        )
    pattern = _pattern(pattern_spec, "Split pre-tokenizer")

    def split_plain(text: str, at_start: bool) -> list[Split]:
        events = _events(text, pattern.finditer(text))
        if invert:
            events = [(start, end, not is_match) for start, end, is_match in events]
        return _split(text, at_start, events, behavior)

    return _each(split_plain)


def _span_events(text: str, spans: list[tuple[int, int]]) -> Events:
    if not text:
        return [(0, 0, False)]
    events: Events = []
    previous = 0
    for start, end in spans:
        if previous != start:
            events.append((previous, start, False))
        events.append((start, end, True))
        previous = end
    if previous != len(text):
        events.append((previous, len(text), False))
    return events


def _metaspace(spec: dict[str, Any]) -> PreTokenizer:
    replacement = spec.get("replacement", "\u2581")
    scheme = spec.get("prepend_scheme", "always")
    if spec.get("add_prefix_space") is False:
        scheme = "never"
    split_pieces = spec.get("split", True)
    pattern = re.compile(re.escape(replacement))

    def split(text: str, at_start: bool) -> list[Split]:
        text = text.replace(" ", replacement)
        if (scheme == "always" or (scheme == "first" and at_start)) and not text.startswith(
            replacement
        ):
            text = replacement + text
        if not split_pieces:
            return [(text, at_start)] if text else []
        return _split(text, at_start, _char_events(text, pattern), "MergedWithNext")

    return _each(split)


def _bytes_to_unicode() -> dict[int, str]:
    """GPT-2's map of every byte to a printable character."""
    kept = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    mapping = {byte: chr(byte) for byte in kept}
    extra = 0
    for byte in range(256):
        if byte not in mapping:
            mapping[byte] = chr(256 + extra)
            extra += 1
    return mapping


_BYTE_CHARACTERS = _bytes_to_unicode()
_BYTE_STRINGS = [_BYTE_CHARACTERS[byte] for byte in range(256)]


def _to_byte_characters(text: str) -> str:
    if text.isascii():
        return text.translate(_ASCII_BYTES)
    return "".join(map(_BYTE_STRINGS.__getitem__, text.encode("utf-8")))


_ASCII_BYTES = {byte: _BYTE_CHARACTERS[byte] for byte in range(128)}

# GPT-2's pattern over class codes: L letter (s t r e v m l d themselves, for the
# contractions), N number, " " the space, W other white space, ' the apostrophe, P other.
_GPT2_CODES = re.compile(
    "'s|'t|'re|'ve|'m|'ll|'d| ?[Lstrevmld]+| ?N+| ?[^ WLstrevmldN]+|[ W]+(?![^ W])|[ W]+"
)
_GPT2_TABLE: dict[int, int] = {}


def _gpt2_codes(text: str) -> str:
    table = _GPT2_TABLE
    for character in set(text):
        code_point = ord(character)
        if code_point in table:
            continue
        if character in "strevmld '":
            code = character
        else:
            flags = _flags(character)
            code = (
                "L"
                if flags & tables.LETTER
                else "N"
                if flags & tables.NUMBER
                else "W"
                if flags & tables.ONIG_SPACE
                else "P"
            )
        table[code_point] = ord(code)
    return text.translate(table)


def _gpt2_pieces(text: str) -> Iterator[re.Match[str]]:
    return _GPT2_CODES.finditer(_gpt2_codes(text))


def _byte_level(spec: dict[str, Any]) -> PreTokenizer:
    prefix = spec.get("add_prefix_space", True)
    use_regex = spec.get("use_regex", True)

    def pre_tokenize(splits: list[Split]) -> list[Split]:
        out: list[Split] = []
        for piece, at_start in splits:
            text = " " + piece if prefix and not piece.startswith(" ") else piece
            if use_regex:
                out += [
                    (text[m.start() : m.end()], at_start and m.start() == 0)
                    for m in _gpt2_pieces(text)
                ]
            elif text:
                out.append((text, at_start))
        return [(_to_byte_characters(text), at_start) for text, at_start in out]

    return pre_tokenize


def _sequence_pre_tokenizer(spec: dict[str, Any]) -> PreTokenizer:
    parts = [_pre_tokenizer(item) for item in spec.get("pretokenizers", [])]

    def pre_tokenize(splits: list[Split]) -> list[Split]:
        for part in parts:
            splits = part(splits)
        return splits

    return pre_tokenize


_PRE_TOKENIZERS: dict[str, Callable[[dict[str, Any]], PreTokenizer]] = {
    "BertPreTokenizer": _bert_pre_tokenizer,
    "Whitespace": _whitespace,
    "WhitespaceSplit": _whitespace_split,
    "Punctuation": _punctuation,
    "Digits": _digits,
    "CharDelimiterSplit": _char_delimiter,
    "Split": _split_pre_tokenizer,
    "Metaspace": _metaspace,
    "ByteLevel": _byte_level,
    "Sequence": _sequence_pre_tokenizer,
}


def _pre_tokenizer(spec: dict[str, Any]) -> PreTokenizer:
    kind = spec.get("type")
    make = _PRE_TOKENIZERS.get(str(kind))
    if make is None:
        raise UnsupportedTokenizerError(
            f"the {kind} pre-tokenizer is not supported", part=f'"type": {json.dumps(kind)}'
        )
    return make(spec)


# --- models ------------------------------------------------------------------------------

# Words whose tokens a model remembers: text repeats its words; bounded for unique ones.
_CACHE_LIMIT = 1 << 17


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


# --- added tokens ------------------------------------------------------------------------


_NOTHING = re.compile("(?!)")


class _AddedTokens:
    """Added tokens found in text as tokenizers finds them: leftmost, longest first."""

    def __init__(self, tokens: list[tuple[str, int, dict[str, Any]]]) -> None:
        self.tokens = {content: (token, options) for content, token, options in tokens}
        ordered = sorted(self.tokens, key=len, reverse=True)
        self.pattern = (
            re.compile("|".join(re.escape(content) for content in ordered)) if ordered else None
        )
        # Compiled only for the options that need them (a large class takes a while).
        options = [item for _, item in self.tokens.values()]
        needs_word = any(item.get("single_word") for item in options)
        needs_space = any(item.get("lstrip") or item.get("rstrip") for item in options)
        self.word = _regex("[{WORD}]") if needs_word else _NOTHING
        self.space = _regex("[{SPACE}]") if needs_space else _NOTHING

    def split(self, text: str, at_start: bool) -> list[tuple[str, int | None, bool]]:
        """``text`` cut at the added tokens found: (text, token id or None, at start)."""
        if self.pattern is None or not text:
            return [(text, None, at_start)]
        out: list[tuple[str, int | None, bool]] = []
        done = 0
        for match in self.pattern.finditer(text):
            start, stop = match.span()
            token, options = self.tokens[match.group()]
            if options.get("single_word"):
                before = start == 0 or not self.word.fullmatch(text[start - 1])
                after = stop == len(text) or not self.word.fullmatch(text[stop])
                if not (before and after):
                    continue
            if options.get("lstrip"):
                while start > done and self.space.fullmatch(text[start - 1]):
                    start -= 1
            if options.get("rstrip"):
                while stop < len(text) and self.space.fullmatch(text[stop]):
                    stop += 1
            if done < start:
                out.append((text[done:start], None, at_start and done == 0))
            out.append((text[start:stop], token, at_start and start == 0))
            done = stop
        if done < len(text):
            out.append((text[done:], None, at_start and done == 0))
        return out


# --- the tokenizer -----------------------------------------------------------------------

# Normalizers that may remove the first characters of a text (so that tokenizers no longer
# sees it as starting the text, for Metaspace's prepend_scheme "first").
_LEADING_REMOVERS = frozenset({"BertNormalizer", "StripAccents", "Strip", "Nmt", "Replace"})


class HfTokenizer:
    """A tokenizer.json's tokenizer (see the module's docstring)."""

    def __init__(self, spec: dict[str, Any], name: str = "tokenizer.json") -> None:
        self.name = name
        model_spec = spec["model"]
        normalizer_spec = spec.get("normalizer")
        pre_spec = spec.get("pre_tokenizer")
        self.normalizer: Normalizer | None = (
            _normalizer(normalizer_spec) if normalizer_spec else None
        )
        self.pre_tokenizer: PreTokenizer | None = _pre_tokenizer(pre_spec) if pre_spec else None
        if '"prepend_scheme": "first"' in json.dumps(pre_spec) and any(
            kind in _LEADING_REMOVERS for kind in _normalizer_kinds(normalizer_spec)
        ):
            raise UnsupportedTokenizerError(
                'Metaspace\'s prepend_scheme "first" after a normalizer that removes characters',
                part='"prepend_scheme": "first"',
            )
        self.model = _model(model_spec)
        raw: list[tuple[str, int, dict[str, Any]]] = []
        normalized: list[tuple[str, int, dict[str, Any]]] = []
        for added in spec.get("added_tokens") or []:
            content = added["content"]
            if not content:
                continue
            if added.get("normalized", not added.get("special", False)):
                if self.normalizer is not None:
                    content = self.normalizer(content)
                normalized.append((content, added["id"], added))
            else:
                raw.append((content, added["id"], added))
        self._raw = _AddedTokens(raw)
        self._normalized = _AddedTokens(normalized)
        self._contents = (
            [content for content, _, _ in raw],
            [content for content, _, _ in normalized],
        )
        longest = max(map(len, self._contents[0] + self._contents[1]), default=0)
        self._window = 4 * longest + 8
        self._cuts = _cuts(normalizer_spec, pre_spec, model_spec)
        continuing = _continuing(normalizer_spec)
        self._continuing: Normalizer | None = (
            self.normalizer
            if continuing == normalizer_spec
            else _normalizer(continuing)
            if continuing
            else None
        )

    def encode(self, text: str, at_start: bool = True) -> list[int]:
        """The ids ``Tokenizer.encode(text, add_special_tokens=False)`` gives (``at_start``
        false: of ``text`` as a later part of a text, cut where :meth:`slice_end` cuts)."""
        try:
            return [token for ids in self._pieces(text, at_start) for token in ids]
        except _BROKEN as failure:
            raise _broken(failure) from None

    def slice_end(self, text: str, start: int, size: int) -> int:
        """Where a slice of ``text`` from ``start`` (a slice's start) ends: the slices'
        tokens are then the whole text's, each slice encoded alone.

        A slice ends where the tokenizer ends a word whatever comes around it: at a space
        between two ASCII letters or digits (or between two Chinese characters, for BERT's
        normalizer), with no added token near, for tokenizers whose normalizers change
        no such character and whose pre-tokenizer splits there.  It is the last such place
        within ``size`` characters, or else the first one after them; a tokenizer that
        splits nowhere for certain (no pre-tokenizer, Strip or Prepend normalizers) takes
        the rest of the text in one slice.
        """
        if start + size >= len(text) or self._cuts is None:
            return len(text)
        cuts = self._cuts
        inside = [match.start() for match in cuts.finditer(text, start + 1, start + size + 1)]
        for place in reversed(inside):
            if self._clear(text, place):
                return place
        for match in cuts.finditer(text, start + size + 1):
            if self._clear(text, match.start()):
                return match.start()
        return len(text)

    def _clear(self, text: str, place: int) -> bool:
        """Whether no added token is found near ``place`` (so none is cut there)."""
        raw, normalized = self._contents
        if not raw and not normalized:
            return True
        around = text[max(0, place - self._window) : place + self._window]
        if any(content in around for content in raw):
            return False
        if normalized and self.normalizer is not None:
            around = self.normalizer(around)
        return not any(content in around for content in normalized)

    def count(self, text: str) -> int:
        """How many tokens ``text`` is."""
        try:
            return sum(len(ids) for ids in self._pieces(text))
        except _BROKEN as failure:
            raise _broken(failure) from None

    def encode_steps(self, text: str, at_start: bool = True) -> Generator[None, None, list[int]]:
        """:meth:`encode` with pauses, so that the page's worker never works long between
        two: after every :data:`STEP` words and inside a long word."""
        ids: list[int] = []
        model = self.model
        try:
            for count, (done, word) in enumerate(self._words(text, at_start), 1):
                if count % STEP == 0:
                    yield
                if done is not None:
                    ids += done
                elif len(word) > STEP:
                    ids += yield from model.tokenize_steps(word)
                else:
                    ids += model.tokenize(word)
        except _BROKEN as failure:
            raise _broken(failure) from None
        return ids

    def _pieces(self, text: str, at_start: bool = True) -> Iterator[list[int]]:
        model = self.model
        for done, word in self._words(text, at_start):
            yield done if done is not None else model.tokenize(word)

    def _words(self, text: str, at_start: bool) -> Iterator[tuple[list[int] | None, str]]:
        """The text's added tokens, as ([id], ""), and words for the model, as (None, word)."""
        text = _without_lone_surrogates(text)
        pre_tokenizer = self.pre_tokenizer
        for index, (raw, token, start) in enumerate(self._raw.split(text, at_start)):
            if token is not None:
                yield [token], ""
                continue
            # A later slice's first part continues a part of the text (slice_end cuts at a
            # space, never at an added token): no Prepend nor left Strip for it.
            continues = index == 0 and not at_start
            normalizer = self._continuing if continues else self.normalizer
            part = normalizer(raw) if normalizer is not None else raw
            for piece, added, first in self._normalized.split(part, start):
                if not piece:
                    continue
                if added is not None:
                    yield [added], ""
                    continue
                splits = [(piece, first)]
                if pre_tokenizer is not None:
                    splits = pre_tokenizer(splits)
                for word, _ in splits:
                    if word:
                        yield None, word


# Normalizers that leave a space and ASCII letters and digits to the pre-tokenizer as they
# are, and change each character whatever the text around it (or a few around it); Strip and
# Prepend change a text's ends only, and a later slice is normalized without them.
_LOCAL_NORMALIZERS = frozenset(
    {
        "BertNormalizer",
        "NFC",
        "NFD",
        "NFKC",
        "NFKD",
        "Lowercase",
        "StripAccents",
        "Nmt",
        "Strip",
        "Prepend",
    }
)
_SPACE_CUT = "(?<=[A-Za-z0-9]) (?=[A-Za-z0-9])"
_CHINESE_CLASS = _CHINESE.pattern[1:-1]
_CHINESE_CUT = f"(?<={_CHINESE_CLASS})(?={_CHINESE_CLASS})"


def _space_becomes(spec: dict[str, Any] | None) -> str | None:  # noqa: PLR0911
    """What the normalizer makes of a space between ASCII letters or digits: itself, one
    other character (``Replace`` of the string " "), or None when it is not local."""
    if spec is None:
        return " "
    kind = spec.get("type")
    if kind == "Sequence":
        space: str | None = " "
        for item in spec.get("normalizers", []):
            after = _space_becomes(item)
            if after is None:
                return None
            if space == " ":
                space = after
            elif after != " ":  # a later Replace of a space meets no space any more
                return None
        return space
    if kind == "Replace":
        pattern = spec.get("pattern") or {}
        text = str(pattern.get("String", pattern.get("Regex", "")))
        if pattern.get("String") == " ":
            content = str(spec.get("content", ""))
            return content if len(content) == 1 and not content.isalnum() else None
        if re.fullmatch("[ {},0-9+*]*", text) and "Regex" in pattern:  # runs of spaces
            return " " if re.fullmatch(text, " ") is None else None
        return None if re.search("[A-Za-z0-9 ]", text) else " "
    if kind == "Precompiled":
        return " " if _Precompiled(spec).keeps_cuts() else None
    return " " if kind in _LOCAL_NORMALIZERS else None


def _continuing(spec: dict[str, Any] | None) -> dict[str, Any] | None:
    """The normalizer for a slice that continues a text: without Prepend and left Strip."""
    if spec is None:
        return None
    kind = spec.get("type")
    if kind == "Sequence":
        parts = [_continuing(item) for item in spec.get("normalizers", [])]
        return {**spec, "normalizers": [part for part in parts if part is not None]}
    if kind == "Prepend":
        return None
    if kind == "Strip":
        return {**spec, "strip_left": False}
    return spec


def _splits_at(spec: dict[str, Any] | None, space: str) -> bool:  # noqa: PLR0911
    """Whether the pre-tokenizer always splits at ``space`` (what the normalizer made of a
    space) between two ASCII letters or digits, that character starting the second piece
    (if it keeps it)."""
    if spec is None:
        return False
    kind = spec.get("type")
    if kind in ("BertPreTokenizer", "Whitespace", "WhitespaceSplit"):
        return space == " "
    if kind == "Metaspace":
        return bool(spec.get("split", True)) and space in (" ", spec.get("replacement", "\u2581"))
    if kind == "ByteLevel":
        return bool(spec.get("use_regex", True)) and space == " "
    if kind == "Split":
        pattern = spec.get("pattern") or {}
        gpt2 = pattern.get("Regex") == GPT2_PATTERN and not spec.get("invert", False)
        return gpt2 and spec.get("behavior") in ("Isolated", "MergedWithNext") and space == " "
    if kind == "Sequence":
        for item in spec.get("pretokenizers", []):
            if _splits_at(item, space):
                return True
            if item.get("type") in ("Metaspace", "ByteLevel"):  # the space is gone
                return False
    return False


def _model_splits_at(
    model: dict[str, Any], pre_tokenizer: dict[str, Any] | None, space: str
) -> bool:
    """Whether the model, given the whole text as one word (no pre-tokenizer, or Metaspace
    without its split), never makes a token across what a space became: no token has that
    character after another one, and the character is a token itself (so it is never
    unknown, never fused)."""
    if pre_tokenizer is not None:
        if pre_tokenizer.get("type") != "Metaspace" or pre_tokenizer.get("split", True):
            return False
        if space == " ":
            space = pre_tokenizer.get("replacement", "\u2581")
    kind = model.get("type")
    if kind == "BPE":
        if model.get("ignore_merges") or model.get("continuing_subword_prefix"):
            return False
        if model.get("end_of_word_suffix"):
            return False
        tokens = list(model.get("vocab", {}))
    elif kind == "Unigram":
        tokens = [piece for piece, _ in model.get("vocab", [])]
    else:
        return False
    return space in tokens and not any(space in token.lstrip(space) for token in tokens)


def _cuts(
    normalizer: dict[str, Any] | None,
    pre_tokenizer: dict[str, Any] | None,
    model: dict[str, Any],
) -> re.Pattern[str] | None:
    """Where a text can be cut for :meth:`HfTokenizer.slice_end`, or None (nowhere)."""
    space = _space_becomes(normalizer)
    if space is None:
        return None
    if not _splits_at(pre_tokenizer, space) and not _model_splits_at(model, pre_tokenizer, space):
        return None
    chinese = (
        normalizer is not None
        and pre_tokenizer is not None
        and normalizer.get("type") == "BertNormalizer"
        and normalizer.get("handle_chinese_chars", True)
        and pre_tokenizer.get("type") in ("BertPreTokenizer", "Whitespace", "WhitespaceSplit")
    )
    return re.compile(f"{_SPACE_CUT}|{_CHINESE_CUT}" if chinese else _SPACE_CUT)


def _without_lone_surrogates(text: str) -> str:
    """Lone surrogates (which a JavaScript string may hold) as U+FFFD, as UTF-8 encoders
    write them: tokenizers takes only well-formed text."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text
