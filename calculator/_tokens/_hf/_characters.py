"""Characters as ``tokenizers`` sees them: classes, lower case, normalization forms,
GPT-2's byte characters."""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from functools import cache
from typing import Literal

from .._tables import _hf as tables

# A piece of text and whether it starts where the text starts (Metaspace's "first").
Split = tuple[str, bool]


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

# Words whose tokens a model remembers: text repeats its words; bounded for unique ones.
_CACHE_LIMIT = 1 << 17
