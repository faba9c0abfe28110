"""A counted sample speaks for the corpus: its ratios, and the corpus's figures estimated from
them.

Text the visitor counts (``calculator._tokens``) is a sample of the corpus they plan: its
tokens per character, per UTF-8 byte and per word, its tokens and chunks per document (the
window model's, at the plan's chunk size and overlap), and, where a splitter cut it too
(``calculator._splitters``), that splitter's chunks and tokens processed beside the window
model's.  Applied to a corpus size the visitor gives (D documents, or a total size in bytes
or in characters), or to the corpus the calculator plans, they are estimates: the sample
stands for the corpus only as far as its text is like the corpus's.  A total size is a corpus
of documents like the sample's: D = the size ÷ the sample's size per document, each document
split on its own (never one document of the whole size).

Every figure is exact (``Fraction``) until it is shown: a ratio with :data:`RATIO_PLACES`
decimals, an estimate rounded to a whole number (half up).  The page's worker asks
:func:`describe` and paints what it answers.

>>> sample = Sample((SampleDocument(tokens=683, characters=2298, bytes=2370, words=310),))
>>> sample.per_character, sample.tokens_per_document
(Fraction(683, 2298), Fraction(683, 1))
>>> estimate(sample, "documents", 50_000, 512, 64).tokens
34150000
>>> figures = estimate(sample, "bytes", 10**9, 512, 64)  # 10^9 ÷ 2370 = 421,940.9 documents
>>> figures.documents, figures.tokens, figures.chunks
(421941, 288185703, 843882)
"""

from __future__ import annotations

import json
from fractions import Fraction

from .._chunking import plan_chunks
from .._decimals import decimal_text
from .._documents import SPLITTERS
from .._errors import CalculatorError
from .._integers import require_int
from .._record import record
from .._text import (
    MAX_DECIMAL_DIGITS,
    SIZE_UNITS,
    NumberFormat,
    parse_size,
    parse_whole_number,
    split_unit,
)

__all__ = [
    "RATIO_PLACES",
    "SIZE_KINDS",
    "Estimate",
    "Sample",
    "SampleDocument",
    "SplitterFigures",
    "describe",
    "estimate",
    "nearest",
    "splitter_estimate",
]

# Decimals a ratio is shown with (0.251 tokens per character, 2.35 chunks per document).
RATIO_PLACES = 3
# What a corpus size is given in.
SIZE_KINDS = ("documents", "bytes", "characters")
# The window model's name among the splitters the page compares.
WINDOW = "window"


@record
class SampleDocument:
    """One counted document: its tokens, Unicode characters, UTF-8 bytes and words (as
    ``str.split()`` finds them)."""

    tokens: int
    characters: int
    bytes: int
    words: int


@record
class Sample:
    """The counted documents that speak for the corpus."""

    documents: tuple[SampleDocument, ...]

    @property
    def tokens(self) -> int:
        return sum(document.tokens for document in self.documents)

    @property
    def characters(self) -> int:
        return sum(document.characters for document in self.documents)

    @property
    def bytes(self) -> int:
        return sum(document.bytes for document in self.documents)

    @property
    def words(self) -> int:
        return sum(document.words for document in self.documents)

    @property
    def per_character(self) -> Fraction | None:
        """Tokens per character (``None`` for a sample without characters)."""
        return _ratio(self.tokens, self.characters)

    @property
    def per_byte(self) -> Fraction | None:
        """Tokens per UTF-8 byte."""
        return _ratio(self.tokens, self.bytes)

    @property
    def per_word(self) -> Fraction | None:
        """Tokens per word."""
        return _ratio(self.tokens, self.words)

    @property
    def tokens_per_document(self) -> Fraction | None:
        """The documents' average tokens."""
        return _ratio(self.tokens, len(self.documents))

    def chunks(self, chunk_size: int, overlap: int) -> int:
        """The window model's chunks of the documents, each split on its own."""
        return sum(plan_chunks(doc.tokens, chunk_size, overlap).chunks for doc in self.documents)

    def tokens_processed(self, chunk_size: int, overlap: int) -> int:
        """The window model's tokens processed, overlaps included, of the documents."""
        return sum(
            plan_chunks(doc.tokens, chunk_size, overlap).tokens_processed for doc in self.documents
        )

    def chunks_per_document(self, chunk_size: int, overlap: int) -> Fraction | None:
        """The window model's chunks a document, on average."""
        return _ratio(self.chunks(chunk_size, overlap), len(self.documents))


def _ratio(numerator: int, denominator: int) -> Fraction | None:
    return Fraction(numerator, denominator) if denominator else None


def nearest(value: Fraction) -> int:
    """``value`` rounded to a whole number, a half up (an estimate's figure).

    >>> nearest(Fraction(5, 2)), nearest(Fraction(7, 3)), nearest(Fraction(-5, 2))
    (3, 2, -2)
    """
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


@record
class Estimate:
    """The corpus's figures estimated from a sample and a corpus ``size`` of ``kind``.

    ``documents`` is D: the size given in documents, or, from a total size in bytes or
    characters, the size ÷ the sample's ``size_per_document`` (its bytes or characters per
    document), rounded, and at least one.  The corpus is then D documents like the sample's,
    each split on its own: ``tokens`` is D × the sample's tokens per document (``ratio``),
    ``chunks`` D × its chunks per document; ``use`` is what the calculator's corpus becomes
    with the sample used for it, D documents of the sample's average tokens (rounded).
    ``size`` is exact: a total in a unit above a byte may end in a fraction of one.
    """

    kind: str
    size: Fraction
    size_per_document: Fraction | None
    documents: int
    ratio: Fraction
    tokens: int
    chunks: int
    chunks_per_document: Fraction
    use: dict[str, str]


def estimate(
    sample: Sample, kind: str, size: int | Fraction, chunk_size: int, overlap: int
) -> Estimate | None:
    """The corpus's documents, tokens and chunks as the sample says they are; ``None`` when
    the sample has nothing of what ``kind`` measures (no bytes, say).

    Raises :class:`CalculatorError` for a kind not in :data:`SIZE_KINDS`, a size below 1, or
    a number of documents or characters that is not whole.

    >>> sample = Sample((SampleDocument(100, 400, 410, 70), SampleDocument(300, 1300, 1320, 210)))
    >>> figures = estimate(sample, "documents", 1000, 128, 16)
    >>> figures.tokens, figures.chunks, figures.use
    (200000, 2000, {'corpus': 'documents', 'documents': '1000', 'average_tokens': '200'})
    >>> figures = estimate(sample, "characters", 10**6, 128, 16)  # 10^6 ÷ 850 = 1,176.47 documents
    >>> figures.documents, figures.tokens, figures.chunks, figures.use["average_tokens"]
    (1176, 235200, 2352, '200')
    """
    if not isinstance(size, Fraction):
        size = Fraction(require_int("sample_size", size, 1))
    elif size.denominator != 1 and kind != "bytes":
        raise CalculatorError("sample_size", "not_whole")
    elif size < 1:
        raise CalculatorError("sample_size", "too_small", minimum=1)
    if kind == "documents":
        measured = None
    elif kind == "bytes":
        measured = sample.bytes
    elif kind == "characters":
        measured = sample.characters
    else:
        raise CalculatorError("sample_kind", "unknown_choice", value=kind)
    ratio = sample.tokens_per_document
    per_document = sample.chunks_per_document(chunk_size, overlap)
    if ratio is None or per_document is None or measured == 0:
        return None
    size_per_document = None if measured is None else Fraction(measured, len(sample.documents))
    if size_per_document is None:
        documents = int(size)
    else:
        documents = max(1, nearest(size / size_per_document))
    use = {"corpus": "documents", "documents": str(documents)}
    use["average_tokens"] = str(nearest(ratio))
    return Estimate(
        kind,
        size,
        size_per_document,
        documents,
        ratio,
        nearest(documents * ratio),
        nearest(documents * per_document),
        per_document,
        use,
    )


@record
class SplitterFigures:
    """A splitter's chunks and tokens processed of the sample beside the window model's,
    their ratios, and those ratios applied to the corpus the calculator plans (estimates)."""

    splitter: str
    chunks: int
    tokens_processed: int
    chunks_ratio: Fraction | None
    tokens_ratio: Fraction | None
    corpus_chunks: int | None
    corpus_tokens_processed: int | None


def splitter_estimate(
    splitter: str,
    chunks: int,
    tokens_processed: int,
    window: tuple[int, int],
    corpus: tuple[int, int] | None,
) -> SplitterFigures:
    """``splitter``'s figures of the sample (its ``chunks`` and ``tokens_processed``) beside
    the window model's (``window``: its chunks and tokens processed of the same sample), and
    applied to the ``corpus``'s window figures (the calculator's chunks and tokens processed)
    as the sample's ratio × the corpus's figure.

    >>> figures = splitter_estimate("recursive", 16, 2300, (14, 2600), (150000, 9600000))
    >>> figures.chunks_ratio, figures.corpus_chunks, figures.corpus_tokens_processed
    (Fraction(8, 7), 171429, 8492308)
    """
    chunks_ratio = _ratio(chunks, window[0])
    tokens_ratio = _ratio(tokens_processed, window[1])
    corpus_chunks = corpus_tokens = None
    if corpus is not None and chunks_ratio is not None:
        corpus_chunks = nearest(corpus[0] * chunks_ratio)
    if corpus is not None and tokens_ratio is not None:
        corpus_tokens = nearest(corpus[1] * tokens_ratio)
    return SplitterFigures(
        splitter, chunks, tokens_processed, chunks_ratio, tokens_ratio, corpus_chunks, corpus_tokens
    )


# --- the page's request and answer --------------------------------------------------------


def _shown(value: Fraction | None) -> str | None:
    return None if value is None else decimal_text(value, RATIO_PLACES)


def _exactly(value: Fraction) -> str:
    """``value``, a decimal (a size typed with its unit), as a decimal string in full.

    >>> _exactly(Fraction(33017561088, 25)), _exactly(Fraction(7))
    ('1320702443.52', '7')
    """
    places = 0
    # A typed decimal times a unit ends within its own decimals (at most MAX_DECIMAL_DIGITS).
    while (10**places) % value.denominator and places < 2 * MAX_DECIMAL_DIGITS:
        places += 1
    return decimal_text(value, places)


def _size(kind: str, text: str, number_format: NumberFormat) -> int | Fraction:
    """The corpus size typed for ``kind``: bytes with or without their unit, or a whole
    number of documents or characters (a byte unit there is refused, naming the unit)."""
    if kind == "bytes":
        return parse_size("sample_size", text, number_format)
    unit = split_unit(text)[1]
    if unit in SIZE_UNITS:
        raise CalculatorError("sample_size", "unit_not_bytes", unit=unit)
    return parse_whole_number("sample_size", text, number_format, minimum=1)


def _whole(value: object, field: str) -> int:
    """A figure the page sends (an integer or its decimal string)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"{field}: a whole number")
    number = int(value)
    if number < 0:
        raise ValueError(f"{field}: not below 0")
    return number


def describe(request_json: str) -> str:
    """The sample's figures for the page, as JSON; every figure a decimal string.

    The request: ``documents`` (each counted document's ``tokens``, ``characters``, ``bytes``
    and ``words``), ``chunk_size`` and ``overlap`` (the calculator's answer's), ``size``
    (``kind`` and the ``text`` typed, read in ``number_format``; empty: no estimate),
    ``corpus`` (the calculator's ``chunks`` and ``tokens_processed``, or null) and ``splits``
    (per splitter that cut the whole sample, its ``chunks`` and ``tokens_processed``).  A size
    in bytes may carry its unit (``50 GB``); any size may be a power of ten (``5e4``).

    The answer: ``documents``, ``tokens``, ``characters``, ``bytes``, ``words``, the ratios
    ``per_character``, ``per_byte``, ``per_word`` (null without a denominator),
    ``tokens_per_document``, ``chunks`` and ``chunks_per_document``; ``estimate`` (``kind``,
    ``size`` (in full, with its decimals where a unit gave a fraction of a byte),
    ``size_per_document`` (null for documents), ``documents``, ``ratio`` (tokens per
    document), ``tokens``, ``chunks``, ``chunks_per_document``, ``use``) or null;
    ``error`` (the size's error, as the calculator's errors are given) or null; and
    ``splitters``: the window model's row, then each split's (``splitter``, ``chunks``,
    ``tokens_processed``, ``chunks_ratio``, ``tokens_ratio``, ``corpus_chunks``,
    ``corpus_tokens_processed``).

    >>> answer = json.loads(describe(json.dumps({
    ...     "documents": [{"tokens": 683, "characters": 2298, "bytes": 2370, "words": 310}],
    ...     "chunk_size": "200", "overlap": "20",
    ...     "size": {"kind": "documents", "text": "50.000"},
    ...     "number_format": {"group": ".", "decimal": ","},
    ...     "corpus": {"chunks": "200000", "tokens_processed": "40000000"},
    ...     "splits": {"recursive": {"chunks": 5, "tokens_processed": 700}}})))
    >>> answer["per_character"], answer["chunks_per_document"], answer["estimate"]["chunks"]
    ('0.297', '4', '200000')
    >>> [(row["splitter"], row["chunks_ratio"], row["corpus_chunks"])
    ...  for row in answer["splitters"]]
    [('window', '1', '200000'), ('recursive', '1.25', '250000')]
    """
    request = json.loads(request_json)
    sample = Sample(
        tuple(
            SampleDocument(
                _whole(document["tokens"], "tokens"),
                _whole(document["characters"], "characters"),
                _whole(document["bytes"], "bytes"),
                _whole(document["words"], "words"),
            )
            for document in request["documents"]
        )
    )
    chunk_size = _whole(request["chunk_size"], "chunk_size")
    overlap = _whole(request["overlap"], "overlap")
    format_request = request.get("number_format") or {}
    number_format = NumberFormat(
        str(format_request.get("group", "")), str(format_request.get("decimal", "."))
    )
    chunks = sample.chunks(chunk_size, overlap)
    answer: dict[str, object] = {
        "documents": str(len(sample.documents)),
        "tokens": str(sample.tokens),
        "characters": str(sample.characters),
        "bytes": str(sample.bytes),
        "words": str(sample.words),
        "per_character": _shown(sample.per_character),
        "per_byte": _shown(sample.per_byte),
        "per_word": _shown(sample.per_word),
        "tokens_per_document": _shown(sample.tokens_per_document),
        "chunks": str(chunks),
        "chunks_per_document": _shown(sample.chunks_per_document(chunk_size, overlap)),
        "estimate": None,
        "error": None,
    }
    size = request.get("size") or {}
    if str(size.get("text", "")).strip():
        try:
            kind = str(size.get("kind"))
            if kind not in SIZE_KINDS:
                raise CalculatorError("sample_kind", "unknown_choice", value=kind)
            typed = _size(kind, str(size["text"]), number_format)
            figures = estimate(sample, kind, typed, chunk_size, overlap)
        except CalculatorError as error:
            answer["error"] = error.to_dict()
        else:
            answer["estimate"] = figures and {
                "kind": figures.kind,
                "size": _exactly(figures.size),
                "size_per_document": _shown(figures.size_per_document),
                "documents": str(figures.documents),
                "ratio": _shown(figures.ratio),
                "tokens": str(figures.tokens),
                "chunks": str(figures.chunks),
                "chunks_per_document": _shown(figures.chunks_per_document),
                "use": figures.use,
            }
    corpus_request = request.get("corpus")
    corpus = None
    if corpus_request:
        corpus = (
            _whole(corpus_request["chunks"], "chunks"),
            _whole(corpus_request["tokens_processed"], "tokens_processed"),
        )
    window = (chunks, sample.tokens_processed(chunk_size, overlap))
    rows = [splitter_estimate(WINDOW, *window, window, corpus)]
    for splitter, split in sorted((request.get("splits") or {}).items(), key=_splitter_order):
        rows.append(
            splitter_estimate(
                splitter,
                _whole(split["chunks"], "chunks"),
                _whole(split["tokens_processed"], "tokens_processed"),
                window,
                corpus,
            )
        )
    answer["splitters"] = [
        {
            "splitter": row.splitter,
            "chunks": str(row.chunks),
            "tokens_processed": str(row.tokens_processed),
            "chunks_ratio": _shown(row.chunks_ratio),
            "tokens_ratio": _shown(row.tokens_ratio),
            "corpus_chunks": None if row.corpus_chunks is None else str(row.corpus_chunks),
            "corpus_tokens_processed": (
                None if row.corpus_tokens_processed is None else str(row.corpus_tokens_processed)
            ),
        }
        for row in rows
    ]
    return json.dumps(answer)


def _splitter_order(item: tuple[str, object]) -> int:
    """The splitters in the order the page lists them (their declaration's)."""
    return SPLITTERS.index(item[0]) if item[0] in SPLITTERS else len(SPLITTERS)
