"""Normalizers: each of ``tokenizers``' kinds, SentencePiece's precompiled charsmap among them."""

from __future__ import annotations

import base64
import json
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import Any

from .._hf_limits import (
    TokenizerFileError,
    UnsupportedTokenizerError,
    most_normalized,
    too_long,
)
from ._characters import (
    _CACHE_LIMIT,
    _CHINESE,
    _lowercase,
    _regex,
    _to_byte_characters,
    _unicode_normalize,
)
from ._patterns import _pattern

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
        from .._tables import _graphemes  # noqa: PLC0415 (only SentencePiece's tokenizers need it)

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
