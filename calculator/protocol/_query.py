"""Shareable links: the form as query parameters and back.

Parameters carry the form's field names and plain machine values (no grouping,
``.`` before decimals); values equal to the defaults are left out.  Reading is
forgiving: unknown keys are ignored, the first of repeated keys wins, missing
ones take their defaults, and a bad value is kept as typed so the page can show
it with its error.  A link naming a model (``model=e5-base-v2``) takes the fields its
preset knows from it unless it gives them itself, so it leaves out those equal to the
model's.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .._choices import ROW_FIELDS
from .._cost import parse_price
from .._decimals import decimal_text
from .._documents import parse_document_tokens
from .._errors import CalculatorError
from .._record import record
from .._text import MACHINE, NumberFormat, parse_decimal, parse_whole_number
from ._fields import DEFAULT_FIELDS, FIELD_MINIMUMS, FIELDS, MODEL_PRESETS
from ._percent import encoded_query, query_pairs

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._figures import ListForm

# Comparison rows travel as one compact parameter: chunk_size:overlap[:dimensions[:dtype]],…
COMPARE_PARAMETER = "compare"
# The corpus parameter is left out where the link's other parameters imply it, and links made
# before it (with the documents panel's "documents_mode") still open on their documents.
CORPUS_PARAMETER = "corpus"
LEGACY_DOCUMENTS_MODE = "documents_mode"

#: Longer than this, a list's query parameter moves into the fragment (``_list_link``).
QUERY_LIST_LIMIT = 2000


def implied_corpus(parameters: Mapping[str, str]) -> str:
    """The corpus a link means when it does not say: its list, its documents, or one document.

    >>> implied_corpus({"documents": "50000", "average_tokens": "1200"})
    'documents'
    >>> implied_corpus({"documents_mode": "list"}), implied_corpus({"tokens": "9000"})
    ('list', 'one')
    """
    legacy = parameters.get(LEGACY_DOCUMENTS_MODE)
    if legacy == "list" or "document_tokens" in parameters:
        return "list"
    if legacy == "average" or "documents" in parameters or "average_tokens" in parameters:
        return "documents"
    return "one"


def fields_from_query(query: str, number_format: NumberFormat = MACHINE) -> dict[str, str]:
    """The form's texts for a link's query, valid values written for ``number_format``.

    >>> fields = fields_from_query("?tokens=2500&chunk_size=800&overlap=200&tokens=1&x=<b>")
    >>> fields["tokens"], fields["chunk_size"], fields["dimensions"], "x" in fields
    ('2500', '800', '384', False)
    >>> fields_from_query("price_per_million=0.02", NumberFormat(".", ","))["price_per_million"]
    '0,02'
    >>> fields_from_query("tokens=1e400")["tokens"]
    '1e400'
    >>> fields_from_query("documents=50000&average_tokens=1200")["corpus"]
    'documents'
    >>> fields = fields_from_query("model=all-MiniLM-L6-v2&dimensions=512")
    >>> fields["dimensions"], fields["max_input_tokens"], fields["added_tokens"]
    ('512', '256', '2')
    >>> german = NumberFormat(".", ",")
    >>> fields_from_query("model=text-embedding-3-small", german)["price_per_million"]
    '0,02'
    """
    given: dict[str, str] = {}
    for name, value in query_pairs(query.removeprefix("?")):
        if name in DEFAULT_FIELDS or name in (COMPARE_PARAMETER, LEGACY_DOCUMENTS_MODE):
            given.setdefault(name, value)
    if CORPUS_PARAMETER not in given:
        given[CORPUS_PARAMETER] = implied_corpus(given)
    given.pop(LEGACY_DOCUMENTS_MODE, None)
    defaults = _model_defaults(given)  # a preset's price in the page's format too
    fields = dict(DEFAULT_FIELDS)
    for name, text in defaults.items():
        fields[name] = _display_text(name, text, number_format)
    for name, value in given.items():
        fields[name] = _display_text(name, value, number_format)
    return fields


def query_from_fields(fields: Mapping[str, str], number_format: NumberFormat = MACHINE) -> str:
    """The link's query for the form's texts, without the leading ``?``.

    >>> query_from_fields({"tokens": "2.500", "chunk_size": "800", "overlap": "200",
    ...                    "dimensions": "384", "dtype": "float32"}, NumberFormat(".", ","))
    'tokens=2500&chunk_size=800&overlap=200'
    >>> query_from_fields({"tokens": "8000", "compare.0.chunk_size": "512",
    ...                    "compare.0.overlap": "0", "compare.1.chunk_size": "256",
    ...                    "compare.1.overlap": "32", "compare.1.dtype": "int8"})
    'compare=512%3A0%2C256%3A32%3A%3Aint8'
    """
    parameters: dict[str, str] = {}
    for name, default in (dict(DEFAULT_FIELDS) | _model_defaults(fields)).items():
        if name not in fields or not _travels(name, fields):
            continue
        value = _machine_text(name, fields[name], number_format)
        if value != default:
            parameters[name] = value
    corpus = parameters.pop(CORPUS_PARAMETER, DEFAULT_FIELDS[CORPUS_PARAMETER])
    if corpus != implied_corpus(parameters):
        parameters = {CORPUS_PARAMETER: corpus, **parameters}
    spec = _compare_spec(fields, number_format)
    if spec:
        parameters[COMPARE_PARAMETER] = spec
    return encoded_query(parameters)


def _model_defaults(fields: Mapping[str, str]) -> dict[str, str]:
    """The fields a link takes from the model it names, when it leaves them out.

    >>> _model_defaults({"model": "e5-base-v2"}), _model_defaults({"model": "custom"})
    ({'dimensions': '768', 'max_input_tokens': '512', 'added_tokens': '4'}, {})
    """
    name = fields.get("model", "").strip()
    if name not in MODEL_PRESETS:
        return {}  # no model, or one it does not know (the form says so)
    # Imported here: a page reads the presets only once a model is chosen.
    from .._models import model_preset  # noqa: PLC0415

    return model_preset(name).form_fields()


@record
class Link:
    """A link's query (without ``?``) and fragment (without ``#``, "" for none), and how a
    list of counts traveled: "" (in the query, or none), "ordered", "sorted", "rounded"
    (``calculator.protocol._list_link``), or "too_long" (a list with a bad line, too long to
    carry)."""

    query: str
    fragment: str = ""
    list_form: ListForm = ""


def link_from_fields(fields: Mapping[str, str], number_format: NumberFormat = MACHINE) -> Link:
    r"""The link for the form's texts: a long list of counts moves into the fragment, which no
    server receives, and the query says ``corpus=list``.

    >>> link_from_fields({"corpus": "list", "document_tokens": "800\n2500"}).query
    'document_tokens=800%0A2500'
    >>> link = link_from_fields({"corpus": "list", "document_tokens": "1200\n" * 5000})
    >>> link.query, link.fragment[:6], link.list_form
    ('corpus=list', 'list=o', 'ordered')
    """
    query = query_from_fields(fields, number_format)
    parameters = dict(query_pairs(query))
    listed = parameters.get("document_tokens", "")
    if len(encoded_query({"document_tokens": listed})) <= QUERY_LIST_LIMIT:
        return Link(query)
    del parameters["document_tokens"]
    parameters = {CORPUS_PARAMETER: "list", **parameters}
    from ._list_link import list_fragment  # noqa: PLC0415 (a long list's link only)

    try:
        counts: list[int] | None = parse_document_tokens(listed)
    except CalculatorError:
        counts = None
    fragment = list_fragment(listed, counts)
    if fragment is None:
        return Link(encoded_query(parameters), "", "too_long")
    return Link(encoded_query(parameters), *fragment)


def _travels(name: str, fields: Mapping[str, str]) -> bool:
    """Fields that the current choices don't use (their declaration's conditions) stay out of
    the link.

    An empty choice is read as its default, as the form reads it; a choice that is none of
    its field's keeps every field it could show (the form may have refused them too).  A
    field under a choice that is itself shown only under another needs both.

    >>> _travels("bytes_per_dimension", {"dtype": "int8"}), _travels("documents", {})
    (False, False)
    >>> [_travels("documents", {"corpus": mode}) for mode in ("", "0", "documents", "list")]
    [False, True, True, False]
    >>> [_travels("lists", {"database": db, "index_kind": "ivfflat"}) for db in ("pgvector",
    ...                                                                           "qdrant")]
    [True, False]
    """
    field = FIELDS.get(name)
    if field is None:
        return True
    for chooser, value in field.conditions:
        chosen = fields.get(chooser) or FIELDS[chooser].default
        if chosen != value and chosen in FIELDS[chooser].choices:
            return False
    return True


def _compare_spec(fields: Mapping[str, str], number_format: NumberFormat) -> str:
    rows: dict[int, dict[str, str]] = {}
    for name, text in fields.items():
        prefix, _, rest = name.partition(".")
        index, _, column = rest.partition(".")
        if prefix == COMPARE_PARAMETER and index.isdigit() and column in ROW_FIELDS:
            rows.setdefault(int(index), {})[column] = _machine_text(column, text, number_format)
    if not rows:
        return fields.get(COMPARE_PARAMETER, "").strip()
    entries = []
    for row in (rows[number] for number in sorted(rows)):
        cells = [row.get(column, "") for column in ROW_FIELDS]
        while len(cells) > 2 and not cells[-1]:
            cells.pop()
        entries.append(":".join(cells))
    return ",".join(entries)


def _machine_text(name: str, text: str, number_format: NumberFormat) -> str:
    """``text`` in machine form when it is valid, else exactly as typed."""
    try:
        if name in FIELD_MINIMUMS:
            return str(parse_whole_number(name, text, number_format, FIELD_MINIMUMS[name]))
        if name == "price_per_million" and text.strip():
            return _decimal(parse_price(text, number_format))
        if _is_decimal(name) and text.strip():
            return _decimal(parse_decimal(name, text, number_format))
    except CalculatorError:
        return text
    return text.strip()


def _display_text(name: str, text: str, number_format: NumberFormat) -> str:
    """A link's value as the page's field shows it: machine form read, locale form written."""
    if name == "price_per_million" and text.strip():
        try:
            return _decimal(parse_price(text, MACHINE)).replace(".", number_format.decimal)
        except CalculatorError:
            return text
    if _is_decimal(name) and text.strip():
        try:
            return _decimal(parse_decimal(name, text, MACHINE)).replace(".", number_format.decimal)
        except CalculatorError:
            return text
    if name in FIELD_MINIMUMS:
        return _machine_text(name, text, MACHINE)
    return text


def _is_decimal(name: str) -> bool:
    """A decimal field (bytes per token): "4.29" in a link, "4,29" on a Polish page."""
    field = FIELDS.get(name)
    return field is not None and field.kind == "decimal"


def _decimal(value: Fraction) -> str:
    # A typed decimal has a power-of-ten denominator, so its digits are exact.
    return decimal_text(value, places=len(str(value.denominator)))
