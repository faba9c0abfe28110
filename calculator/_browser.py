"""The one entry point the page's worker calls: JSON text in, JSON text out.

Integers leave as decimal strings because JavaScript numbers lose digits past
2**53; the page formats those strings exactly with Intl.NumberFormat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ._form import evaluate_form
from ._report import describe
from ._text import NumberFormat


def respond(request_json: str) -> str:
    """Answer one request of the page.

    >>> import json
    >>> answer = json.loads(respond(json.dumps({
    ...     "fields": {"tokens": "8.000", "chunk_size": "512", "overlap": "64"},
    ...     "number_format": {"group": ".", "decimal": ","}})))
    >>> answer["errors"], answer["result"]["chunks"], answer["result"]["padded_tokens"]
    ({}, '18', '9216')
    """
    request = json.loads(request_json)
    fields = _text_mapping(request.get("fields", {}))
    outcome = evaluate_form(fields, _number_format(request.get("number_format", {})))
    errors = {name: error.to_dict() for name, error in outcome.errors.items()}
    result = None if outcome.plan is None else _as_text(describe(outcome.plan, outcome.vectors))
    return json.dumps({"errors": errors, "result": result}, ensure_ascii=False)


def _text_mapping(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(key, str) and isinstance(text, str) for key, text in value.items()
    ):
        raise TypeError("request fields must map names to strings")
    return dict(value)


def _number_format(value: object) -> NumberFormat:
    formats = _text_mapping(value)
    return NumberFormat(group=formats.get("group", ""), decimal=formats.get("decimal", "."))


def _as_text(value: object) -> object:
    """Every int (never a bool) in ``value`` turned into its decimal string."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return {key: _as_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_text(item) for item in value]
    return value
