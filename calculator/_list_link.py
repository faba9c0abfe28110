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
"""

from __future__ import annotations

import binascii
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from ._documents import MAX_DOCUMENTS
from ._errors import CalculatorError
from ._record import record
from ._text import MAX_TYPED_VALUE

#: Longer than this, a list's query parameter moves into the fragment.
QUERY_LIST_LIMIT = 2000
#: A fragment longer than this is too long for an address (Firefox keeps a megabyte in all).
FRAGMENT_LIMIT = 400_000
ROUNDED_DIGITS = 3
FRAGMENT_KEY = "list="
_BASE64_OUT = bytes.maketrans(b"+/", b"-_")

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._answer import ListForm
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
    is refused as the list's error.

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
        data = _decompressed(packed)
        if form == "o":
            return LinkedList(data.decode("utf-8"), "ordered")
        numbers = list(_numbers(data))
    except (ValueError, zlib.error, binascii.Error):
        raise CalculatorError("document_tokens", "bad_list_link") from None
    documents = sum(numbers[1::2])
    if form in "hr" and numbers and len(numbers) % 2 == 0 and documents <= MAX_DOCUMENTS:
        lengths: list[str] = []
        length = 0
        for step, count in zip(numbers[::2], numbers[1::2], strict=True):
            length += step
            lengths += [str(length)] * count
        return LinkedList("\n".join(lengths), "sorted" if form == "h" else "rounded")
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


def _decompressed(text: str) -> bytes:
    raw = text.encode("ascii", "strict").translate(_BASE64_IN)
    inflate = zlib.decompressobj()
    data = inflate.decompress(binascii.a2b_base64(raw + b"=" * (-len(raw) % 4)), _MOST_BYTES)
    if inflate.unconsumed_tail or not inflate.eof:
        raise ValueError("longer than any list, or cut off")
    return data


def _numbers(data: bytes) -> Iterator[int]:
    number = shift = 0
    for byte in data:
        number |= (byte & 0x7F) << shift
        shift += 7
        if shift > _MOST_SHIFT:
            raise ValueError("a number of more digits than any count")
        if byte < 0x80:
            yield number
            number = shift = 0
    if shift:
        raise ValueError("a number cut off at the end")
