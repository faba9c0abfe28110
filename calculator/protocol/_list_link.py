"""A long list of per-document counts in a link: compressed into the address's fragment.

A list of 50,000 counts written into a query is a third of a megabyte; servers refuse such an
address (414), and every request for the page would carry it.  A fragment (``#…``) is never
sent to a server, so a list longer than :data:`QUERY_LIST_LIMIT` characters travels there,
compressed, and the query says ``corpus=list``.  The fragment holds, most exact first and as
the first that fits in :data:`FRAGMENT_LIMIT` characters:

- ``o``: the list's text exactly as typed (its counts in their order, its grouping, a bad line
  with its error);
- ``h``: the distinct counts with how many documents have each (exact figures; the list comes
  back sorted by length);
- ``r``: the same with every count rounded to :data:`ROUNDED_DIGITS` significant digits: a
  summary whose every figure is an estimate (only a list of very many very long counts needs
  it).

Each is ``list=`` and a letter, then zlib-compressed data in base64url without padding: ``o``
the text in UTF-8; ``h``/``r`` the pairs as unsigned LEB128 numbers, each length as the
difference to the one before.  Standard library only (zlib and binascii are built into
Python and Pyodide).

A fragment is read as it inflates, a piece at a time, and refused as soon as it holds more
documents than a list may (:data:`~calculator._documents.MAX_DOCUMENTS`) or more bytes than any
list's text: a link of a few kilobytes that would unpack to millions of lines is refused after
a few pieces, before its text could reach the form.  Anything but one whole compressed stream
(cut off, damaged, or with data after its end) is a damaged link, never a shorter list.
"""

from __future__ import annotations

import binascii
import codecs
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from .._documents import MAX_DOCUMENTS
from .._errors import CalculatorError
from .._record import record
from .._text import MAX_TYPED_VALUE

#: A fragment longer than this is too long for an address (Firefox keeps a megabyte in all).
FRAGMENT_LIMIT = 400_000
ROUNDED_DIGITS = 3
FRAGMENT_KEY = "list="
_BASE64_OUT = bytes.maketrans(b"+/", b"-_")

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._figures import ListForm
_BASE64_IN = bytes.maketrans(b"-_", b"+/")


@record
class LinkedList:
    """A list read from a fragment: its text (one count a line), and how it traveled."""

    text: str
    #: "ordered", "sorted" (exact figures, the order lost) or "rounded" (an estimate).
    form: ListForm


def list_fragment(text: str, counts: Sequence[int] | None) -> tuple[str, ListForm] | None:
    r"""The fragment (without ``#``) for a list's ``text`` (``counts`` its counts, ``None``
    when it has a bad line) and its form: the most exact that fits; ``None`` when none does.

    >>> fragment, form = list_fragment("1.200\n800\n5000", [1200, 800, 5000])
    >>> form, read_list_fragment(fragment)
    ('ordered', LinkedList(text='1.200\n800\n5000', form='ordered'))
    >>> counts = [300 + (i * 37) % 2000 for i in range(50_000)]
    >>> len(list_fragment("\n".join(map(str, counts)), counts)[0]) < 200_000
    True
    """
    # A text of more lines than a list may hold documents (blank lines among them) would be
    # refused as it is read: a valid list of it travels sorted.
    if not _too_many_places(text):
        ordered = FRAGMENT_KEY + "o" + _compressed(text.encode("utf-8"))
        if len(ordered) <= FRAGMENT_LIMIT:
            return ordered, "ordered"
    if counts is None:
        return None
    exact = FRAGMENT_KEY + "h" + _compressed(_varints(_pairs(Counter(counts))))
    if len(exact) <= FRAGMENT_LIMIT:
        return exact, "sorted"
    rounded = Counter(_rounded(count) for count in counts)
    return FRAGMENT_KEY + "r" + _compressed(_varints(_pairs(rounded))), "rounded"


def read_list_fragment(fragment: str) -> LinkedList:
    r"""The list a fragment holds; a fragment that holds none (damaged, cut, or another one's)
    is refused as the list's error, and one of more documents than a list may hold as the
    list's being too long.

    >>> read_list_fragment("#list=h" + _compressed(_varints(_pairs({5: 2, 3: 1})))).text
    '3\n5\n5'
    >>> read_list_fragment("#list=oAAAA")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculator._errors.CalculatorError: document_tokens: ...
    """
    body = fragment.removeprefix("#")
    if not body.startswith(FRAGMENT_KEY) or len(body) < len(FRAGMENT_KEY) + 1:
        raise CalculatorError("document_tokens", "bad_list_link")
    form, packed = body[len(FRAGMENT_KEY)], body[len(FRAGMENT_KEY) + 1 :]
    try:
        if form == "o":
            return LinkedList(_typed_text(packed), "ordered")
        if form in ("h", "r"):
            return LinkedList(_counted_text(packed), "sorted" if form == "h" else "rounded")
    except CalculatorError:
        raise
    except (ValueError, zlib.error):  # binascii.Error and UnicodeDecodeError are ValueErrors
        raise CalculatorError("document_tokens", "bad_list_link") from None
    raise CalculatorError("document_tokens", "bad_list_link")


def is_list_fragment(fragment: str) -> bool:
    """Whether an address's fragment is a list's (another fragment, #results, is not).

    >>> is_list_fragment("#list=o"), is_list_fragment("#results")
    (True, False)
    """
    return fragment.removeprefix("#").startswith(FRAGMENT_KEY)


def _pairs(counts: Counter[int] | dict[int, int]) -> Iterator[int]:
    """Sorted (length, how many) pairs, each length as the difference to the one before."""
    previous = 0
    for length in sorted(counts):
        yield length - previous
        yield counts[length]
        previous = length


def _rounded(count: int) -> int:
    """``count`` to :data:`ROUNDED_DIGITS` significant digits, half up.

    >>> _rounded(123_456), _rounded(999), _rounded(99_950)
    (123000, 999, 100000)
    """
    digits = len(str(count))
    if digits <= ROUNDED_DIGITS:
        return count
    unit: int = 10 ** (digits - ROUNDED_DIGITS)
    return (count + unit // 2) // unit * unit


def _varints(numbers: Iterable[int]) -> bytes:
    data = bytearray()
    for number in numbers:
        rest = number
        while rest >= 0x80:
            data.append(rest & 0x7F | 0x80)
            rest >>= 7
        data.append(rest)
    return bytes(data)


def _compressed(data: bytes) -> str:
    packed = binascii.b2a_base64(zlib.compress(data, 9), newline=False)
    return packed.translate(_BASE64_OUT).rstrip(b"=").decode("ascii")


# The most a fragment may unpack to: a list's text of every document's count at the most
# digits, grouped, a line each (a link that would expand to more, a "zip bomb", is refused
# before it does), and the most bits one number of the pairs may have.
_MOST_BYTES = MAX_DOCUMENTS * 2 * len(str(MAX_TYPED_VALUE))
_MOST_SHIFT = 7 * -(-MAX_TYPED_VALUE.bit_length() // 7)
# How much is inflated at a time: each piece is counted before the next is made, so a link of
# too many documents is refused after a few of them (a few milliseconds), not after megabytes.
_PIECE_BYTES = 1 << 16
# What str.splitlines ends a line at (the list's parser splits so), and the separators of a
# list written on one line (calculator._documents.parse_document_tokens).
_LINE_BREAKS = ("\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_ONE_LINE_SEPARATORS = (",", ";", "\t")


def _too_long() -> CalculatorError:
    return CalculatorError("document_tokens", "list_too_long", maximum=MAX_DOCUMENTS)


def _line_breaks(text: str) -> int:
    """How many line breaks ``text`` has as ``str.splitlines`` reads it ("\\r\\n" is one)."""
    return sum(text.count(each) for each in _LINE_BREAKS) - text.count("\r\n")


def _too_many_places(text: str) -> bool:
    r"""Whether ``text`` has room for more documents than a list may hold: more lines (blank
    ones too), or, written on one line, more items between its separators (blank ones too).
    The parser's own count (of the lines and items that are not blank) is never more.

    >>> lines = ["1,000"] * MAX_DOCUMENTS
    >>> _too_many_places("\n".join(lines)), _too_many_places("\n\n".join(lines))
    (False, True)
    >>> _too_many_places(";".join(lines)), _too_many_places(";".join(["1000"] * MAX_DOCUMENTS))
    (True, False)
    """
    if _line_breaks(text) >= MAX_DOCUMENTS:
        return True
    items = 1 + sum(text.count(each) for each in _ONE_LINE_SEPARATORS)
    return items > MAX_DOCUMENTS and _one_line(text)


def _one_line(text: str) -> bool:
    """Whether at most one of ``text``'s lines is not blank (the parser then reads items)."""
    lines = (line for line in text.splitlines() if line.strip())
    return next(lines, None) is None or next(lines, None) is None


def _inflated(packed: str) -> Iterator[bytes]:
    """The bytes of a fragment's packed text, inflated a piece of at most
    :data:`_PIECE_BYTES` at a time (a reader stops when a piece says enough); a ValueError
    (or zlib.error) when it is not one whole compressed stream of at most
    :data:`_MOST_BYTES`."""
    raw = packed.encode("ascii", "strict").translate(_BASE64_IN)
    data = binascii.a2b_base64(raw + b"=" * (-len(raw) % 4), strict_mode=True)
    inflate = zlib.decompressobj()
    size = 0
    while not inflate.eof:
        piece = inflate.decompress(data, _PIECE_BYTES)
        data = inflate.unconsumed_tail
        if not piece and not data and not inflate.eof:
            raise ValueError("cut off")
        size += len(piece)
        if size > _MOST_BYTES:
            raise ValueError("longer than any list")
        yield piece
    if inflate.unused_data or inflate.unconsumed_tail:
        raise ValueError("data after the compressed list: a damaged link")


def _typed_text(packed: str) -> str:
    """The text of an ``o`` fragment, refused as too long at the first piece that takes its
    lines past :data:`MAX_DOCUMENTS`."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    parts: list[str] = []
    breaks = 0
    for piece in _inflated(packed):
        text = decoder.decode(piece)
        # A "\r\n" cut between two pieces is one line break, not two.
        joined = bool(parts) and parts[-1].endswith("\r") and text.startswith("\n")
        breaks += _line_breaks(text) - joined
        if breaks >= MAX_DOCUMENTS:
            raise _too_long()
        if text:
            parts.append(text)
    parts.append(decoder.decode(b"", final=True))
    text = "".join(parts)
    if _too_many_places(text):  # items of one line, which only its end can tell
        raise _too_long()
    return text


def _counted_text(packed: str) -> str:
    """The text of an ``h`` or ``r`` fragment, its lengths sorted, refused as too long at the
    pair that takes its documents past :data:`MAX_DOCUMENTS`."""
    lengths: list[str] = []
    length = 0
    step: int | None = None
    for number in _numbers(_inflated(packed)):
        if step is None:
            step = number
            continue
        # No pair says "none" (one would cost bytes and count nothing, unbounded).
        if number == 0:
            raise ValueError("a length of no documents")
        if len(lengths) + number > MAX_DOCUMENTS:
            raise _too_long()
        length += step
        lengths += [str(length)] * number
        step = None
    if step is not None or not lengths:
        raise ValueError("a length without its count, or no pair")
    return "\n".join(lengths)


def _numbers(pieces: Iterable[bytes]) -> Iterator[int]:
    number = shift = 0
    for piece in pieces:
        for byte in piece:
            number |= (byte & 0x7F) << shift
            shift += 7
            if shift > _MOST_SHIFT:
                raise ValueError("a number of more digits than any count")
            if byte < 0x80:
                yield number
                number = shift = 0
    if shift:
        raise ValueError("a number cut off at the end")
