"""The user's evaluation set: questions, and the excerpts of the documents that answer them.

Public names:

- ``read_evaluation_set(text: str, documents: Sequence[tuple[str, str]], file_format: str)
  -> list[EvaluationQuestion]``: the set's questions, each with its excerpts located in
  ``documents`` (``(name, text)`` pairs) as ``(document index, start, end)`` character spans;
  ``file_format`` is ``"jsonl"``, ``"csv"`` or ``"tsv"``.  Raises :class:`EvaluationSetError`.
- ``evaluation_set_format(file_name: str) -> str | None``: the format its suffix names.
- ``EvaluationQuestion``: ``question``, ``excerpts`` (spans) and ``line`` (where it starts).
- ``EvaluationSetError``: a refusal with its ``line``, its message ``key`` (the catalogs'
  ``evaluation_set.<key>``, see ``REASONS``) and its ``params``, like ``CalculatorError``.

Formats (a byte order mark at the start and CRLF line ends are accepted in each):

- JSONL: one JSON object per line, ``{"question": str, "excerpt": str}``, or ``"excerpts"``:
  a list of str in place of ``"excerpt"``, and optionally ``"document"``: the name of the
  document that holds the excerpts.  Blank lines are skipped; other fields are ignored.
- CSV and TSV: a header row naming the columns ``question`` and ``excerpt``, optionally
  ``document`` (in any case, in any order, others ignored), then one row per excerpt.
  Consecutive rows with the same question are one question with several excerpts.  Read
  with the ``csv`` module (strictly: a stray quotation mark is an error), so a quoted cell may
  hold commas, tabs and line breaks.  Rows of blank cells are skipped.

An empty ``document`` (or JSON ``null``) names no document.  Questions are stripped of
surrounding white space; excerpts are not: each is looked up verbatim, character for character
(no change of case or spaces; an excerpt's LF line ends also match a document's CRLF ones,
as an excerpt typed or pasted in the page has LF whatever the file), in the documents, and
must be found exactly once:

- in no document (or not in the named one): an error;
- in two documents, unless its ``document`` is named: an error;
- twice in one document, even a named one: an error, because which chunk holds the excerpt
  depends on where it is, and taking the first place (as Chroma's ``find_target_in_document``
  does) would measure the wrong chunk without a word.  Quoting a little more text around it
  makes it unique.  Occurrences that overlap count ("aa" is twice in "aaa").

The work is bounded by the input: each excerpt costs at most two ``str.find`` scans of each
document it may be in (the second starts after the first place, and stops at a second one),
or four where its LF line ends are also looked for as CRLF.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from calculator._errors import english_catalog, shortened
from calculator._retrieval._measures import Span

__all__ = [
    "CATALOG_PREFIX",
    "FORMATS",
    "REASONS",
    "EvaluationQuestion",
    "EvaluationSetError",
    "evaluation_set_format",
    "read_evaluation_set",
]

#: The catalogs' key of a reason is this prefix and the reason.
CATALOG_PREFIX = "evaluation_set."

#: Every reason an evaluation set is refused for, with the values its message is filled with.
REASONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "not_json": ("line",),
        "not_an_object": ("line",),
        "missing_field": ("line", "field"),
        "not_text": ("line", "field"),
        "not_texts": ("line",),
        "empty_field": ("line", "field"),
        "both_excerpt_fields": ("line",),
        "unreadable_row": ("line",),
        "no_questions": (),
        "too_many_excerpts": ("line", "maximum"),
        "unknown_document": ("line", "document"),
        "not_found": ("line", "excerpt"),
        "not_in_document": ("line", "excerpt", "document"),
        "in_two_documents": ("line", "excerpt", "first", "second"),
        "repeated": ("line", "excerpt", "document"),
    }
)

#: The formats read, by the suffixes that name them.
FORMATS: Mapping[str, str] = MappingProxyType(
    {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".tsv": "tsv", ".tab": "tsv"}
)

#: The most excerpts a set may hold: each costs a search of the documents (at most two
#: scans of each), so the sample's size times this bounds the work of reading a set.
MAX_EXCERPTS = 2000

# How much of an excerpt a message quotes.
_QUOTED = 60


class EvaluationSetError(ValueError):
    """A refusal of the evaluation set, as data so any language can word it.

    ``line`` is where in the file (from 1), ``key`` one of ``REASONS`` (the catalogs'
    ``evaluation_set.<key>``), ``params`` its values as text (``line`` among them when the
    message names it) and ``integer_params`` those a page shows in its number format.

    >>> error = EvaluationSetError(3, "empty_field", field="excerpt")
    >>> error.line, error.params
    (3, {'line': '3', 'field': 'excerpt'})
    >>> str(error)
    'Line 3: “excerpt” is empty.'
    """

    def __init__(self, line: int, key: str, **params: object) -> None:
        expected = REASONS.get(key)
        if "line" in (expected or ()):
            params = {"line": line, **params}
        if expected is None or set(expected) != set(params):
            raise TypeError(f"reason {key!r} takes {expected}, got {sorted(params)}")
        super().__init__(line, key)
        self.line = line
        self.key = key
        self.params: dict[str, str] = {name: str(value) for name, value in params.items()}
        self.integer_params: tuple[str, ...] = tuple(
            name for name, value in params.items() if type(value) is int
        )

    def __reduce__(self) -> tuple[object, ...]:
        # As it was across processes (an exception is rebuilt from its args alone).
        return (_rebuilt, (self.line, self.key, self.params, self.integer_params))

    @property
    def message(self) -> str:
        """The English wording, from the English catalog, as the command line shows it."""
        text = english_catalog().get(CATALOG_PREFIX + self.key)
        if not isinstance(text, str):  # a copy of the package without its catalog
            return " ".join([self.key, *(f"{k}={v}" for k, v in self.params.items())])
        return text.format(
            **{
                name: f"{int(value):,}" if name in self.integer_params else value
                for name, value in self.params.items()
            }
        )

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict[str, object]:
        """The error as plain data: line, key, params as text, which params are numbers."""
        return {
            "line": self.line,
            "key": self.key,
            "params": dict(self.params),
            "integer_params": list(self.integer_params),
        }


def _rebuilt(
    line: int, key: str, params: dict[str, str], integer_params: tuple[str, ...]
) -> EvaluationSetError:
    error = EvaluationSetError.__new__(EvaluationSetError)
    ValueError.__init__(error, line, key)
    error.line, error.key, error.params = line, key, params
    error.integer_params = integer_params
    return error


@dataclass(frozen=True)
class EvaluationQuestion:
    """One question: its text, its excerpts' spans ``(document index, start, end)`` in
    characters of the documents' texts, and the line of the file where it starts."""

    question: str
    excerpts: tuple[Span, ...]
    line: int


def evaluation_set_format(file_name: str) -> str | None:
    """The format (``"jsonl"``, ``"csv"`` or ``"tsv"``) a file name's suffix names, if any.

    >>> evaluation_set_format("questions.JSONL"), evaluation_set_format("set.txt")
    ('jsonl', None)
    """
    dot = file_name.rfind(".")
    return FORMATS.get(file_name[dot:].lower()) if dot >= 0 else None


def read_evaluation_set(
    text: str, documents: Sequence[tuple[str, str]], file_format: str
) -> list[EvaluationQuestion]:
    """The questions of an evaluation set in ``file_format``, their excerpts located in
    ``documents`` (``(name, text)`` pairs; the spans' document index is the pair's index).

    >>> read_evaluation_set('{"question": "Who?", "excerpt": "cat"}', [("a.txt", "The cat.")],
    ...                     "jsonl")
    [EvaluationQuestion(question='Who?', excerpts=((0, 4, 7),), line=1)]
    """
    text = text.removeprefix("\ufeff")
    if file_format == "jsonl":
        rows = _jsonl_rows(text)
    elif file_format in {"csv", "tsv"}:
        rows = _table_rows(text, "," if file_format == "csv" else "\t")
    else:
        raise ValueError(f"unknown evaluation set format {file_format!r}")
    locator = _Locator(documents)
    questions: list[EvaluationQuestion] = []
    found = 0
    for line, question, excerpts, document in rows:
        # Each excerpt is searched for in the documents: their number bounds the work.
        found += len(excerpts)
        if found > MAX_EXCERPTS:
            raise EvaluationSetError(line, "too_many_excerpts", maximum=MAX_EXCERPTS)
        spans = tuple(locator.locate(line, excerpt, document) for excerpt in excerpts)
        if file_format != "jsonl" and questions and questions[-1].question == question:
            last = questions[-1]
            questions[-1] = EvaluationQuestion(question, last.excerpts + spans, last.line)
        else:
            questions.append(EvaluationQuestion(question, spans, line))
    if not questions:
        raise EvaluationSetError(1, "no_questions")
    return questions


# One question's row: its line, question, excerpts and the named document ("" for none).
_Row = tuple[int, str, list[str], str]


def _jsonl_rows(text: str) -> Iterator[_Row]:
    """Each object's fields, checked.  Lines are split at "\\n" alone: JSON text may hold
    other line separators (U+2028) inside its strings."""
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.removesuffix("\r")
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            raise EvaluationSetError(number, "not_json") from None
        if not isinstance(record, dict):
            raise EvaluationSetError(number, "not_an_object")
        question = _text_field(number, record, "question")
        if "excerpt" in record and "excerpts" in record:
            raise EvaluationSetError(number, "both_excerpt_fields")
        if "excerpts" in record:
            excerpts = record["excerpts"]
            if not isinstance(excerpts, list) or not all(isinstance(e, str) for e in excerpts):
                raise EvaluationSetError(number, "not_texts")
            if not excerpts:
                raise EvaluationSetError(number, "empty_field", field="excerpts")
        else:
            excerpts = [_text_field(number, record, "excerpt")]
        for excerpt in excerpts:
            _check_excerpt(number, excerpt)
        document = record.get("document")
        if document is not None and not isinstance(document, str):
            raise EvaluationSetError(number, "not_text", field="document")
        yield number, question.strip(), excerpts, document or ""


def _text_field(line: int, record: dict[str, object], field: str) -> str:
    """A required text field of a JSON object, not blank."""
    if field not in record:
        raise EvaluationSetError(line, "missing_field", field=field)
    value = record[field]
    if not isinstance(value, str):
        raise EvaluationSetError(line, "not_text", field=field)
    if not value.strip():
        raise EvaluationSetError(line, "empty_field", field=field)
    return value


def _check_excerpt(line: int, excerpt: str) -> None:
    # An excerpt of white space only would be found everywhere, or nowhere useful.
    if not excerpt.strip():
        raise EvaluationSetError(line, "empty_field", field="excerpt")


def _table_rows(text: str, delimiter: str) -> Iterator[_Row]:
    """Each row's cells by the header's column names, checked; a row's line is where its
    record starts (a quoted cell may go on over several lines)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    columns: dict[str, int] | None = None
    ended = 0  # the last line of the previous record
    while True:
        try:
            cells = next(reader, None)
        except csv.Error:
            raise EvaluationSetError(ended + 1, "unreadable_row") from None
        if cells is None:
            return
        start, ended = ended + 1, reader.line_num
        if not any(cell.strip() for cell in cells):
            continue
        if columns is None:
            columns = {}
            for index, name in enumerate(cells):
                columns.setdefault(name.strip().casefold(), index)
            for required in ("question", "excerpt"):
                if required not in columns:
                    raise EvaluationSetError(start, "missing_field", field=required)
            continue
        question = _cell(cells, columns, "question")
        excerpt = _cell(cells, columns, "excerpt")
        if not question.strip():
            raise EvaluationSetError(start, "empty_field", field="question")
        _check_excerpt(start, excerpt)
        yield start, question.strip(), [excerpt], _cell(cells, columns, "document").strip()


def _cell(cells: list[str], columns: dict[str, int], name: str) -> str:
    """The row's cell of column ``name``; "" for a column the header lacks or the row ends
    before."""
    index = columns.get(name)
    return cells[index] if index is not None and index < len(cells) else ""


class _Locator:
    """Finds each excerpt's one place in the documents."""

    def __init__(self, documents: Sequence[tuple[str, str]]) -> None:
        self._documents = documents
        self._by_name: dict[str, list[int]] = {}
        for index, (name, _) in enumerate(documents):
            self._by_name.setdefault(name, []).append(index)

    def locate(self, line: int, excerpt: str, named: str) -> Span:
        """The span of ``excerpt``'s one occurrence, in the document ``named`` (any document
        of that name) or, when it is "", in any document."""
        if named:
            candidates = self._by_name.get(named)
            if candidates is None:
                raise EvaluationSetError(line, "unknown_document", document=named)
        else:
            candidates = list(range(len(self._documents)))
        quoted = shortened(excerpt, _QUOTED)
        found: Span | None = None
        for index in candidates:
            name, text = self._documents[index]
            place = _one_place(text, excerpt)
            if place is None:
                continue
            if place is _REPEATED:
                raise EvaluationSetError(line, "repeated", excerpt=quoted, document=name)
            if found is not None:
                first = self._documents[found[0]][0]
                raise EvaluationSetError(
                    line, "in_two_documents", excerpt=quoted, first=first, second=name
                )
            found = (index, *place)
        if found is None:
            if named:
                raise EvaluationSetError(line, "not_in_document", excerpt=quoted, document=named)
            raise EvaluationSetError(line, "not_found", excerpt=quoted)
        return found


# _one_place's answer for an excerpt found twice in one document.
_REPEATED = (-1, -1)


def _one_place(text: str, excerpt: str) -> tuple[int, int] | None:
    """Where ``excerpt`` is in ``text`` as (start, end), ``None`` where it is not, or
    :data:`_REPEATED`.  An excerpt's line ends match the document's: typed or pasted with
    LF ("\\n"), an excerpt of a document written with CRLF ("\\r\\n", as Windows writes
    text) is found with CRLF; one with CR, or with CRLF already, only as it is.  The
    document's characters are not changed, so the span is in them.

    >>> _one_place("one\\r\\ntwo\\r\\n", "one\\ntwo")
    (0, 8)
    >>> _one_place("one\\ntwo", "one\\ntwo"), _one_place("ab ab", "ab") == _REPEATED
    ((0, 7), True)
    >>> _one_place("a\\r\\nb", "\\nb"), _one_place("a\\r\\nb\\nb", "\\nb") == _REPEATED
    ((1, 4), True)
    """
    crlf = "\n" in excerpt and "\r" not in excerpt and "\r\n" in text
    # An excerpt that starts with LF is in every CRLF after its CR: that is the CRLF form's
    # place, not another one.
    inside_crlf = crlf and excerpt.startswith("\n")
    place: tuple[int, int] | None = None
    for form in (excerpt, excerpt.replace("\n", "\r\n")) if crlf else (excerpt,):
        start = text.find(form)
        while inside_crlf and form is excerpt and start > 0 and text[start - 1] == "\r":
            start = text.find(form, start + 1)
        if start < 0:
            continue
        if place is not None:
            return _REPEATED  # once as each form: a file of both line ends
        again = text.find(form, start + 1)
        while inside_crlf and form is excerpt and again > 0 and text[again - 1] == "\r":
            again = text.find(form, again + 1)
        if again >= 0:
            return _REPEATED
        place = (start, start + len(form))
    return place
