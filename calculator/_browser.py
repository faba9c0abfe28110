"""The one entry point the page's worker calls: JSON text in, JSON text out.

Integers leave as decimal strings because JavaScript numbers lose digits past
2**53; the page formats those strings exactly with Intl.NumberFormat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict

from ._form import FormOutcome, evaluate_form
from ._query import fields_from_query, query_from_fields
from ._report import (
    Report,
    describe,
    describe_budget,
    describe_comparison,
    describe_cost,
    describe_documents,
)
from ._text import NumberFormat
from ._units import UnitSystem, size_figure

# Byte counts the page shows as sizes, and the key of the decided figures beside each.
_SIZED_KEYS = {"raw_vector_bytes": "raw_vector_size"}
_UNIT_SYSTEMS: tuple[UnitSystem, ...] = ("iec", "si")


def respond(request_json: str) -> str:
    """Answer one request of the page: the form's ``fields``, or a link's ``query``.

    The answer holds per-field ``errors``, the main ``result`` and each
    planning panel's figures (``null`` where their fields are invalid or
    unused), the comparison's rows as texts, and the link ``query`` of the
    form.  Asked with a ``query``, it also gives the form's ``fields``.

    >>> import json
    >>> answer = json.loads(respond(json.dumps({
    ...     "fields": {"tokens": "8.000", "chunk_size": "512", "overlap": "64"},
    ...     "number_format": {"group": ".", "decimal": ","}})))
    >>> answer["errors"], answer["result"]["chunks"], answer["result"]["padded_tokens"]
    ({}, '18', '9216')
    >>> answer["query"]  # every field given is at its default
    ''
    """
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise TypeError("a request is a JSON object")
    number_format = _number_format(request.get("number_format", {}))
    answer: Report = {}
    if "query" in request:
        if not isinstance(request["query"], str):
            raise TypeError("a request's query is a string")
        fields = fields_from_query(request["query"], number_format)
        answer["fields"] = fields
    else:
        fields = _text_mapping(request.get("fields", {}))
    outcome = evaluate_form(fields, number_format)
    answer |= _answer(outcome)
    _add_sizes(answer)
    answer["query"] = query_from_fields(fields, number_format)
    return json.dumps(_as_text(answer), ensure_ascii=False)


def _answer(outcome: FormOutcome) -> Report:
    plan, vectors = outcome.plan, outcome.vectors
    documents = None
    if outcome.documents is not None and outcome.documents_stream is not None:
        per_vector = None if vectors is None else vectors.bytes_per_vector
        documents = describe_documents(outcome.documents, outcome.documents_stream, per_vector)
    cost = None
    if outcome.price_per_million is not None and plan is not None:
        cost = describe_cost(outcome.price_per_million, plan.tokens_processed, outcome.documents)
    comparison: Report = {
        "rows": [dict(row) for row in outcome.compare_rows],
        "default": outcome.compare_is_default,
        "figures": None if outcome.comparison is None else describe_comparison(outcome.comparison),
    }
    return {
        "errors": {name: error.to_dict() for name, error in outcome.errors.items()},
        "result": None if plan is None else describe(plan, vectors),
        "documents": documents,
        "budget": None if outcome.budget is None else describe_budget(outcome.budget),
        "cost": cost,
        "compare": comparison,
    }


def _add_sizes(value: object) -> None:
    """Beside every sized byte count in ``value``, its figures in binary and decimal units.

    The command line words the same figures (``_units``), so both say one size; a negative
    count (a difference) gets the figures of its magnitude, the page writes the sign.
    """
    if isinstance(value, list):
        for item in value:
            _add_sizes(item)
    elif isinstance(value, dict):
        for item in value.values():
            _add_sizes(item)
        for bytes_key, size_key in _SIZED_KEYS.items():
            count = value.get(bytes_key)
            if isinstance(count, int):
                value[size_key] = {
                    system: asdict(size_figure(abs(count), system)) for system in _UNIT_SYSTEMS
                }


def _text_mapping(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(key, str) and isinstance(text, str) for key, text in value.items()
    ):
        raise TypeError("request fields must map names to strings")
    return dict(value)


def _number_format(value: object) -> NumberFormat:
    formats = _text_mapping(value)
    return NumberFormat(group=formats.get("group", ""), decimal=formats.get("decimal", "."))


# The kinds of value an answer holds, in the order a subclass is checked against them (a bool
# is an int).
_ANSWER_KINDS = (bool, int, float, dict, list, str, type(None))
_EXACT_KINDS = frozenset(_ANSWER_KINDS)


def _as_text(value: object) -> object:
    """Every int (never a bool) in ``value`` turned into its decimal string."""
    # By exact type first: an answer holds a few hundred values, and isinstance() on each
    # was a sixth of an answer's time in the browser's Python.
    kind: type = type(value)
    if kind not in _EXACT_KINDS:
        kind = next((known for known in _ANSWER_KINDS if isinstance(value, known)), object)
    if kind is int:
        return str(value)
    if kind is float:
        return repr(value)
    if kind is dict:
        return {key: _as_text(item) for key, item in value.items()}  # type: ignore[attr-defined]
    if kind is list:
        return [_as_text(item) for item in value]  # type: ignore[attr-defined]
    return value
