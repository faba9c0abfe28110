"""Pre-tokenizers: how ``tokenizers`` cuts a normalized text into the pieces its model
encodes."""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import Any

from .._hf_limits import (
    UnsupportedTokenizerError,
)
from .._tables import _hf as tables
from .._tables import _onig as onig
from ._characters import Split, _flags, _regex, _to_byte_characters
from ._patterns import (
    ASCII_SYMBOLS,
    DEEPSEEK_CJK,
    DEEPSEEK_DIGITS,
    DEEPSEEK_WORDS,
    GPT2_PATTERN,
    LLAMA3_PATTERN,
    QWEN2_PATTERN,
    _pattern,
)

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
    regex = pattern_spec.get("Regex") if isinstance(pattern_spec, dict) else None
    coded = _CODED.get(regex) if isinstance(regex, str) else None
    if coded is not None:

        def split(text: str, at_start: bool) -> list[Split]:
            matches = [(m.start(), m.end()) for m in coded(text)]
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


def _coded(text: str, table: dict[int, int], code: Callable[[str], int]) -> str:
    """``text`` in class codes: each character's ``code``, worked out once and kept in
    ``table`` (text repeats its characters)."""
    for character in set(text):
        if ord(character) not in table:
            table[ord(character)] = code(character)
    return text.translate(table)


# GPT-2's pattern over class codes: L letter (s t r e v m l d themselves, for the
# contractions), N number, " " the space, W other white space, ' the apostrophe, P other.
_GPT2_CODES = re.compile(
    "'s|'t|'re|'ve|'m|'ll|'d| ?[Lstrevmld]+| ?N+| ?[^ WLstrevmldN]+|[ W]+(?![^ W])|[ W]+"
)
_GPT2_TABLE: dict[int, int] = {}


def _gpt2_code(character: str) -> int:
    if character in "strevmld '":
        return ord(character)
    flags = _flags(character)
    return ord(
        "L"
        if flags & tables.LETTER
        else "N"
        if flags & tables.NUMBER
        else "W"
        if flags & tables.ONIG_SPACE
        else "P"
    )


def _gpt2_codes(text: str) -> str:
    return _coded(text, _GPT2_TABLE, _gpt2_code)


def _gpt2_pieces(text: str) -> Iterator[re.Match[str]]:
    return _GPT2_CODES.finditer(_gpt2_codes(text))


# Llama 3's and Qwen2's patterns over class codes: \x01 a letter, \x02 a number, \x03 white
# space other than the space, CR and LF, \x04 anything else; the letters of the contractions
# in both cases (and U+017F, which Oniguruma's case folding reads as "s"), the space, CR, LF
# and the apostrophe themselves.  \p{L} is then [\x01 and those letters], \s [ \r\n\x03],
# [^\r\n\p{L}\p{N}] [ \x03'\x04] and [^\s\p{L}\p{N}] ['\x04].
_KEPT = "sStTrRvVmMlLdDeE\u017f \r\n'"
_LETTER = "[\x01sStTrRvVmMlLdDeE\u017f]"
_SPACE = "[ \r\n\x03]"
_CONTRACTIONS = "'(?:[sS\u017f]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])"


def _llama3_style(digits: str) -> re.Pattern[str]:
    return re.compile(
        f"{_CONTRACTIONS}|[ \x03'\x04]?{_LETTER}+|\x02{digits}| ?['\x04]+[\r\n]*"
        f"|{_SPACE}*[\r\n]+|{_SPACE}+(?![^ \r\n\x03])|{_SPACE}+"
    )


_LLAMA3_CODES = _llama3_style("{1,3}")
_QWEN2_CODES = _llama3_style("")
_LLAMA3_TABLE: dict[int, int] = {}


def _llama3_code(character: str) -> int:
    if character in _KEPT:
        return ord(character)
    flags = _flags(character)
    return (
        1
        if flags & tables.LETTER
        else 2
        if flags & tables.NUMBER
        else 3
        if flags & tables.ONIG_SPACE
        else 4
    )


def _llama3_codes(text: str) -> str:
    return _coded(text, _LLAMA3_TABLE, _llama3_code)


def _llama3_pieces(text: str) -> Iterator[re.Match[str]]:
    return _LLAMA3_CODES.finditer(_llama3_codes(text))


def _qwen2_pieces(text: str) -> Iterator[re.Match[str]]:
    return _QWEN2_CODES.finditer(_llama3_codes(text))


# DeepSeek-V3's words over class codes: ASCII letters and symbols, the space, CR and LF
# themselves; \x01 another letter, \x03 other white space, \x04 another \p{P} or \p{S}, \x05
# a mark, \x06 anything else.  \p{L} is then [\x01A-Za-z], [\p{P}\p{S}] [\x04 and the ASCII
# symbols], [^\r\n\p{L}\p{P}\p{S}] [ \x03\x05\x06].  Its digits: \x02 a number, \x06 not.
_SYMBOLS = "".join("\\" + c if c in "\\]^-[" else c for c in ASCII_SYMBOLS)
_DEEPSEEK_WORDS_CODES = re.compile(
    f"[{_SYMBOLS}][A-Za-z]+|[ \x03\x05\x06]?[\x01\x05A-Za-z]+| ?[\x04{_SYMBOLS}]+[\r\n]*"
    f"|{_SPACE}*[\r\n]+|{_SPACE}+(?![^ \r\n\x03])|{_SPACE}+"
)
_DEEPSEEK_DIGITS_CODES = re.compile("\x02{1,3}")
_DEEPSEEK_KEPT = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz \r\n" + ASCII_SYMBOLS
)
_DEEPSEEK_TABLE: dict[int, int] = {}


def _deepseek_code(character: str) -> int:
    if character in _DEEPSEEK_KEPT:
        return ord(character)
    flags, code_point = _flags(character), ord(character)
    return (
        1
        if flags & tables.LETTER
        else 5
        if _in_class(onig.MARK, code_point)
        else 4
        if _in_class(onig.PUNCTUATION, code_point) or _in_class(onig.SYMBOL, code_point)
        else 3
        if flags & tables.ONIG_SPACE
        else 6
    )


def _deepseek_codes(text: str) -> str:
    return _coded(text, _DEEPSEEK_TABLE, _deepseek_code)


def _in_class(runs: tuple[tuple[int, int], ...], code_point: int) -> bool:
    index = bisect_right(runs, (code_point, 0x10FFFF)) - 1
    return index >= 0 and runs[index][0] <= code_point <= runs[index][1]


def _deepseek_words(text: str) -> Iterator[re.Match[str]]:
    return _DEEPSEEK_WORDS_CODES.finditer(_deepseek_codes(text))


_DIGITS_TABLE: dict[int, int] = {}


def _digit_code(character: str) -> int:
    return 2 if _flags(character) & tables.NUMBER else 6


def _deepseek_digits(text: str) -> Iterator[re.Match[str]]:
    return _DEEPSEEK_DIGITS_CODES.finditer(_coded(text, _DIGITS_TABLE, _digit_code))


# Literal ranges of code points: Python's re reads them as Oniguruma does.
_DEEPSEEK_CJK_PATTERN = re.compile(DEEPSEEK_CJK)


def _deepseek_cjk(text: str) -> Iterator[re.Match[str]]:
    return _DEEPSEEK_CJK_PATTERN.finditer(text)


# Each regular expression applied over class codes, by its text in tokenizers' files.
_CODED = {
    GPT2_PATTERN: _gpt2_pieces,
    LLAMA3_PATTERN: _llama3_pieces,
    QWEN2_PATTERN: _qwen2_pieces,
    DEEPSEEK_DIGITS: _deepseek_digits,
    DEEPSEEK_CJK: _deepseek_cjk,
    DEEPSEEK_WORDS: _deepseek_words,
}


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
