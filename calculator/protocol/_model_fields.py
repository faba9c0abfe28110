"""A model chosen in the page's form or named in a link: the fields its preset fills, those
that hold other values, and what the page's model card shows of it.

>>> linked_fields(model_preset("all-MiniLM-L6-v2"), {"model": "…"})["dimensions"]
'384'
"""

from __future__ import annotations

from collections.abc import Mapping

from .._errors import CalculatorError
from .._models import PRICE_FIELD, ModelPreset, Source, _decimal, model_preset, preset_figures
from .._text import NumberFormat, parse_whole_number

# The page's Python never imports typing (one module fewer at start); the types are the
# checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._answer import ModelAnswer, ModelSource


def linked_fields(preset: ModelPreset, given: Mapping[str, str]) -> dict[str, str]:
    """The form's fields a link naming ``preset`` fills: those it knows that the link's
    parameters ``given`` leave out (a value the link gives is kept).

    >>> linked_fields(model_preset("all-MiniLM-L6-v2"), {"model": "…", "dimensions": "512"})
    {'max_input_tokens': '256', 'added_tokens': '2'}
    """
    return {name: text for name, text in preset.form_fields().items() if name not in given}


def chosen_fields(
    preset: ModelPreset,
    previous: str,
    fields: Mapping[str, str],
    number_format: NumberFormat,
) -> dict[str, str]:
    """The form's fields choosing ``preset`` in place of model ``previous`` fills: each field
    it knows whose text is empty, its default or the value ``previous``'s preset put there; a
    value the visitor typed is left alone.  A field the new preset does not know, holding the
    previous one's value, goes back to its default.

    >>> fields = {"dimensions": "384", "max_input_tokens": "512", "added_tokens": "0"}
    >>> minilm = model_preset("all-MiniLM-L6-v2")
    >>> chosen_fields(minilm, "custom", fields, NumberFormat())
    {'max_input_tokens': '256', 'added_tokens': '2'}
    >>> fields = {"dimensions": "1.024", "max_input_tokens": "256", "added_tokens": "2"}
    >>> chosen_fields(model_preset("multilingual-e5-base"), "all-MiniLM-L6-v2", fields,
    ...               NumberFormat(".", ","))  # 1,024 dimensions are the visitor's own
    {'max_input_tokens': '512', 'added_tokens': '0'}
    """
    # Imported here: the page's Python reads presets only once a model is chosen.
    from ._fields import FIELDS, MODEL_PRESETS  # noqa: PLC0415

    before = model_preset(previous).form_fields() if previous in MODEL_PRESETS else {}
    after = preset.form_fields()
    filled = {}
    for name in dict.fromkeys([*after, *before]):
        default = FIELDS[name].default
        untouched = {"", default, before.get(name, default)}
        text = fields.get(name, "")
        value = _machine_value(name, text, number_format)
        if text.strip() in untouched or value in untouched:
            target = after.get(name, default)
            if target not in {value, text.strip()}:
                filled[name] = target
    return filled


def differing_fields(
    preset: ModelPreset, fields: Mapping[str, str], number_format: NumberFormat
) -> list[str]:
    """The fields ``preset`` knows whose text is not its value: the visitor's own (or a
    value not yet valid).

    >>> differing_fields(model_preset("e5-base-v2"),
    ...                  {"dimensions": "768", "max_input_tokens": "512", "added_tokens": "0"},
    ...                  NumberFormat())
    ['added_tokens']
    """
    return [
        name
        for name, text in preset.form_fields().items()
        if _machine_value(name, fields.get(name, ""), number_format) != text
    ]


def _machine_value(name: str, text: str, number_format: NumberFormat) -> str | None:
    """A field's number in machine form, as ``form_fields`` writes it ("8.191" on a German
    page: "8191"; a price "0,020": "0.02"); ``None`` when it is not one."""
    from ._fields import FIELD_MINIMUMS  # noqa: PLC0415

    try:
        if name == PRICE_FIELD:
            from .._cost import parse_price  # noqa: PLC0415

            return _decimal(parse_price(text, number_format))
        return str(parse_whole_number(name, text, number_format, FIELD_MINIMUMS[name]))
    except CalculatorError:
        return None


def page_model(
    preset: ModelPreset,
    fields: Mapping[str, str],
    number_format: NumberFormat,
    filled: Mapping[str, str],
) -> ModelAnswer:
    """What the page shows of a chosen model: what its card says, the fields it fills and
    which of them hold other values, the fields this answer filled, and each field's sources.

    >>> fields = {"dimensions": "512", "max_input_tokens": "256", "added_tokens": "2"}
    >>> answer = page_model(model_preset("all-MiniLM-L6-v2"), fields, NumberFormat(), {})
    >>> answer["values"]
    {'dimensions': '384', 'max_input_tokens': '256', 'added_tokens': '2'}
    >>> answer["differs"]
    ['dimensions']
    >>> answer["sources"][1]["hosts"], answer["checked"]
    (['hub.societyai.com', 'github.com'], '2026-12-05')
    """
    return {
        **preset_figures(preset),
        "dimension_sizes": None if preset.dimension_sizes is None else list(preset.dimension_sizes),
        "dimension_max": preset.dimension_max,
        "values": preset.form_fields(),
        "differs": differing_fields(preset, fields, number_format),
        "filled": dict(filled),
        "sources": [page_source(field, source) for field, source in preset.sources],
        "checked": max(source.checked for _, source in preset.sources),
    }


def page_source(field: str, source: Source) -> ModelSource:
    """A field's sources as the page shows them: as text, never as a link, so each address
    without its scheme (a page names no other origin to fetch); its hosts once each.

    >>> source = page_source("prefix", Source(("https://a.example/x", "https://a.example/y"),
    ...                                         "2026-12-05"))
    >>> source["addresses"], source["hosts"]
    (['a.example/x', 'a.example/y'], ['a.example'])
    """
    addresses = [address.removeprefix("https://") for address in source.addresses]
    hosts = list(dict.fromkeys(address.partition("/")[0] for address in addresses))
    return {"field": field, "addresses": addresses, "hosts": hosts, "checked": source.checked}
