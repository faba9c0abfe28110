"""A link's query read and written as ``urllib.parse`` does it, in a few lines of its own.

``query_pairs`` is ``parse_qsl(query, keep_blank_values=True)`` and ``encoded_query`` is
``urlencode`` of a mapping of strings, character for character (``tests/test_percent.py``
holds them to ``urllib.parse`` over generated text).  The page's first answer reads and
writes a link, and ``urllib.parse`` (38 KB compiled, 9 KB of a first visit's bytes as brotli)
would be most of what that needs.
"""

from __future__ import annotations

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

_HEX_DIGITS = frozenset(b"0123456789ABCDEFabcdef")
# What a query keeps as it is (RFC 3986's unreserved characters); a space becomes "+".
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def query_pairs(query: str) -> list[tuple[str, str]]:
    """Each ``name=value`` of ``query`` (without "?"), "+" and %XX decoded, blanks kept.

    >>> query_pairs("tokens=8%2C000&note=a+b%20c&empty=&flag&&%E2%82%AC=%ZZ")
    [('tokens', '8,000'), ('note', 'a b c'), ('empty', ''), ('flag', ''), ('€', '%ZZ')]
    """
    pairs = []
    for field in query.split("&"):
        if field:
            name, _, value = field.partition("=")
            pairs.append((_unquote_plus(name), _unquote_plus(value)))
    return pairs


def encoded_query(parameters: Mapping[str, str]) -> str:
    """``parameters`` as a query: each name and value UTF-8, %XX but for the unreserved
    characters, a space as "+" (a lone surrogate cannot be encoded: UnicodeEncodeError).

    >>> encoded_query({"tokens": "8 000", "list": "1\\n2", "price": "0,02 €"})
    'tokens=8+000&list=1%0A2&price=0%2C02+%E2%82%AC'
    """
    return "&".join(
        f"{_quote_plus(name)}={_quote_plus(value)}" for name, value in parameters.items()
    )


def _quote_plus(text: str) -> str:
    return "".join(
        chr(byte) if byte in _UNRESERVED else "+" if byte == 0x20 else f"%{byte:02X}"
        for byte in text.encode()
    )


def _unquote_plus(text: str) -> str:
    """%XX decoded as UTF-8 (an invalid sequence as U+FFFD) within each run of ASCII
    characters; a character past ASCII stays as it is, and so does a "%" without two hex
    digits after it."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    parts: list[str] = []
    run = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char >= "\x80":
            parts.append(run.decode(errors="replace"))
            run.clear()
            parts.append(char)
        elif char == "%" and _is_hex(text[index + 1 : index + 3]):
            run.append(int(text[index + 1 : index + 3], 16))
            index += 2
        else:
            run.append(ord(char))
        index += 1
    parts.append(run.decode(errors="replace"))
    return "".join(parts)


def _is_hex(pair: str) -> bool:
    return len(pair) == 2 and all(ord(char) in _HEX_DIGITS for char in pair)
