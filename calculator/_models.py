"""Embedding model presets: what a model's card says, each value with where it was checked.

The data is ``models.json`` beside this module, read on the first call that needs it (never
by ``import calculator``).  For every model it gives the vector's dimensions (and, for
Matryoshka models, the sizes it may be shortened to), its usable input length in tokens,
the special tokens and the prefix it adds to every chunk and how many tokens they make,
its tokenizer, optionally a price and a status; and every such field carries the addresses
it was verified at and the day it was checked.  A field that could not be verified is left
out, and said so in the model's ``unverified`` notes: a preset is only worth having with
its sources.

>>> preset = model_preset("e5-base-v2")
>>> preset.dimensions, preset.max_input_tokens, preset.prefix, preset.added_tokens
(768, 512, 'passage: ', 4)
>>> preset.form_fields()
{'dimensions': '768', 'max_input_tokens': '512', 'added_tokens': '4'}
>>> preset.source("max_input_tokens").checked
'2026-12-05'

A model with a published price fills the cost's price too (its currency is the price's):

>>> model_preset("text-embedding-3-small").form_fields()["price_per_million"]
'0.02'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from ._errors import CalculatorError, shortened
from ._record import record

# The page's Python never imports typing (one more module to load).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .protocol._figures import PresetFigures


DATA_FILE = "models.json"
#: The fields a model may have, each a ``{"value", "source", "checked"}`` object.
FIELD_NAMES = (
    "label",
    "dimensions",
    "dimension_sizes",
    "max_input_tokens",
    "special_tokens",
    "prefix",
    "added_tokens",
    "tokenizer",
    "price",
    "status",
)
REQUIRED_FIELDS = ("label", "dimensions", "max_input_tokens")
#: The form's field a preset's price fills (the cost's price per million tokens).
PRICE_FIELD = "price_per_million"
TOKENIZER_FIELDS = ("label", "kind", "file")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_ADDRESS = re.compile(r"https://[^\s/]+\.[^\s/]+/\S*")


@record
class Source:
    """Where a field's value was verified, and when."""

    #: The addresses (https) the value was read at.
    addresses: tuple[str, ...]
    #: The day it was checked, as YYYY-MM-DD.
    checked: str
    #: What the addresses say, where it is not plain.
    note: str = ""


@record
class ModelPreset:
    """One model's preset; ``None`` where the field is not known (see ``unverified``)."""

    name: str
    label: str
    dimensions: int
    max_input_tokens: int
    #: The sizes a Matryoshka model may be shortened to: every one listed, or any up to
    #: ``dimension_max``.
    dimension_sizes: tuple[int, ...] | None = None
    dimension_max: int | None = None
    special_tokens: tuple[str, ...] | None = None
    prefix: str | None = None
    #: How many tokens the special tokens and the prefix make in the model's tokenizer.
    added_tokens: int | None = None
    #: The tokenizer's id (a key of ``tokenizers()``), and how it was identified:
    #: "checksum" (its file's sha256), "publisher" (the publisher's own tokenizer library)
    #: or "configuration" (the tokenizer's class, rules and vocabulary size).
    tokenizer: str | None = None
    tokenizer_identified_by: str | None = None
    price_per_million: Fraction | None = None
    currency: str | None = None
    deprecated: bool | None = None
    replaced_by: str | None = None
    #: The fields not given, each with why.
    unverified: tuple[str, ...] = ()
    sources: tuple[tuple[str, Source], ...] = ()

    def source(self, field: str) -> Source:
        """Where field ``field`` was verified.  Raises ``KeyError`` for a field not given."""
        return dict(self.sources)[field]

    def form_fields(self) -> dict[str, str]:
        """The form's fields this preset fills, as machine texts (the price a plain decimal,
        "0.02": the form's reading of it gives the same text)."""
        fields = {
            "dimensions": str(self.dimensions),
            "max_input_tokens": str(self.max_input_tokens),
        }
        if self.added_tokens is not None:
            fields["added_tokens"] = str(self.added_tokens)
        if self.price_per_million is not None:
            fields[PRICE_FIELD] = _decimal(self.price_per_million)
        return fields


@cache
def _data() -> Mapping[str, object]:
    # Only a preset asked for reads the file, with this module's own loader, which reads it
    # from a zip (the wheel, a page's zip of the package) as from a folder; pkgutil would
    # be one more module for a page to download.
    import os.path  # noqa: PLC0415

    loader: Any = __spec__.loader
    raw = loader.get_data(os.path.join(os.path.dirname(__file__), DATA_FILE))
    data = json.loads(raw.decode("utf-8"))
    check_data(data)
    result: Mapping[str, object] = data
    return result


def check_data(data: object) -> None:
    """Raise ``ValueError`` unless ``data`` is a well-formed presets file: every field of
    every model and tokenizer with a value, at least one https address and a checked date.

    >>> field = {"value": 8, "source": ["https://example.org/card"], "checked": "2026-12-05"}
    >>> check_data({"tokenizers": {}, "models": {"m": {"label": {"value": "M"},
    ...             "dimensions": field, "max_input_tokens": field}}})
    Traceback (most recent call last):
    ValueError: m.label: no source addresses
    """
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        raise ValueError("no models")
    tokenizers = data.get("tokenizers")
    if not isinstance(tokenizers, dict):
        raise ValueError("no tokenizers")
    for name, entry in tokenizers.items():
        _check_entry(name, entry, TOKENIZER_FIELDS, TOKENIZER_FIELDS)
    for name, entry in data["models"].items():
        _check_entry(name, entry, FIELD_NAMES, REQUIRED_FIELDS)
        tokenizer = entry.get("tokenizer")
        if tokenizer is not None and tokenizer["value"]["id"] not in tokenizers:
            raise ValueError(f"{name}.tokenizer: unknown tokenizer {tokenizer['value']['id']!r}")
        if "price" in entry:
            _check_price(f"{name}.price", entry["price"]["value"])


def _check_entry(
    name: str, entry: object, allowed: tuple[str, ...], required: tuple[str, ...]
) -> None:
    if not isinstance(entry, dict):
        raise ValueError(f"{name}: not an object")
    for field in required:
        if field not in entry:
            raise ValueError(f"{name}: no {field}")
    for field, content in entry.items():
        if field == "unverified":
            if not isinstance(content, list) or not all(isinstance(n, str) for n in content):
                raise ValueError(f"{name}.unverified: not a list of notes")
            continue
        if field not in allowed:
            raise ValueError(f"{name}: unknown field {field!r}")
        _check_field(f"{name}.{field}", content)


def _check_field(where: str, content: object) -> None:
    if not isinstance(content, dict) or "value" not in content:
        raise ValueError(f"{where}: no value")
    addresses = content.get("source")
    if not isinstance(addresses, list) or not addresses:
        raise ValueError(f"{where}: no source addresses")
    for address in addresses:
        if not isinstance(address, str) or not _ADDRESS.fullmatch(address):
            raise ValueError(f"{where}: {address!r} is not an https address")
    checked = content.get("checked")
    if not isinstance(checked, str) or not _DATE.fullmatch(checked):
        raise ValueError(f"{where}: no checked date (YYYY-MM-DD)")
    unknown = set(content) - {"value", "source", "checked", "note"}
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)}")


_PRICE = re.compile(r"\d+(\.\d+)?")
_CURRENCY = re.compile(r"[A-Z]{3}")


def _check_price(where: str, value: object) -> None:
    """A price is a plain decimal text per million tokens and an ISO 4217 currency code."""
    if not isinstance(value, dict) or set(value) != {"per_million_tokens", "currency"}:
        raise ValueError(f"{where}: not {{per_million_tokens, currency}}")
    amount, currency = value["per_million_tokens"], value["currency"]
    if not isinstance(amount, str) or not _PRICE.fullmatch(amount):
        raise ValueError(f"{where}: {amount!r} is not a decimal text such as '0.02'")
    if not isinstance(currency, str) or not _CURRENCY.fullmatch(currency):
        raise ValueError(f"{where}: {currency!r} is not a currency code such as 'USD'")


def model_names() -> tuple[str, ...]:
    """Every preset's name, in the file's order.

    >>> model_names()[:2]
    ('all-MiniLM-L6-v2', 'bge-small-en-v1.5')
    """
    models = _data()["models"]
    assert isinstance(models, dict)
    return tuple(models)


def tokenizers() -> Mapping[str, Mapping[str, object]]:
    """The tokenizers the presets name, by id: each one's fields (label, kind, file with its
    name, size and sha256), each field with its sources."""
    result = _data()["tokenizers"]
    assert isinstance(result, dict)
    return result


@cache
def model_preset(name: str) -> ModelPreset:
    """The preset of model ``name`` (read once: a page's every answer with a model asks again).

    Raises ``CalculatorError`` (field ``model``, ``unknown_choice``) for a name it lacks.

    >>> model_preset("gpt-9")
    Traceback (most recent call last):
    calculator._errors.CalculatorError: model: “gpt-9” is not one of the available options.
    """
    models = _data()["models"]
    assert isinstance(models, dict)
    entry = models.get(name)
    if entry is None:
        raise CalculatorError("model", "unknown_choice", value=shortened(name))
    return _preset(name, entry)


def _preset(name: str, entry: Mapping[str, Any]) -> ModelPreset:
    def value(field: str) -> object:
        content = entry.get(field)
        return None if content is None else content["value"]

    sizes = value("dimension_sizes")
    tokenizer = value("tokenizer")
    price = value("price")
    status = value("status")
    special = value("special_tokens")
    return ModelPreset(
        name=name,
        label=str(value("label")),
        dimensions=_whole(value("dimensions")),
        max_input_tokens=_whole(value("max_input_tokens")),
        dimension_sizes=tuple(sizes) if isinstance(sizes, list) else None,
        dimension_max=sizes["max"] if isinstance(sizes, dict) else None,
        special_tokens=tuple(special) if isinstance(special, list) else None,
        prefix=None if value("prefix") is None else str(value("prefix")),
        added_tokens=None if value("added_tokens") is None else _whole(value("added_tokens")),
        tokenizer=tokenizer["id"] if isinstance(tokenizer, dict) else None,
        tokenizer_identified_by=tokenizer["identified_by"] if isinstance(tokenizer, dict) else None,
        price_per_million=Fraction(price["per_million_tokens"])
        if isinstance(price, dict)
        else None,
        currency=price["currency"] if isinstance(price, dict) else None,
        deprecated=status["deprecated"] if isinstance(status, dict) else None,
        replaced_by=status["replaced_by"] if isinstance(status, dict) else None,
        unverified=tuple(entry.get("unverified", ())),
        sources=tuple(
            (field, _source(content)) for field, content in entry.items() if field != "unverified"
        ),
    )


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {value!r}")
    return value


def _source(content: Mapping[str, object]) -> Source:
    addresses = content["source"]
    assert isinstance(addresses, list)
    return Source(tuple(addresses), str(content["checked"]), str(content.get("note", "")))


def counted_as_model(preset: ModelPreset, encoding: str) -> str:
    """How text counted with ``encoding`` relates to the model's own count: "exact" (its
    tokenizer, identified by checksum or by its publisher), "same rules" (identified by
    its configuration only), "other" (another tokenizer) or "unknown" (no tokenizer known).

    >>> [counted_as_model(model_preset(name), "cl100k_base")
    ...  for name in ("text-embedding-3-small", "e5-base-v2", "embed-english-v3.0")]
    ['exact', 'other', 'unknown']
    """
    if preset.tokenizer is None:
        return "unknown"
    if preset.tokenizer != encoding:
        return "other"
    return "same rules" if preset.tokenizer_identified_by == "configuration" else "exact"


def describe_preset(
    preset: ModelPreset, kept: Mapping[str, str] | None = None, counted_with: str | None = None
) -> dict[str, object]:
    """The preset as the command line's JSON gives it: what it filled (and the values the
    user gave instead, under ``kept``), the rest of what it knows, and every field's
    sources; with ``counted_with``, how that encoding's counts relate to the model's.

    >>> report = describe_preset(model_preset("all-MiniLM-L6-v2"), {"dimensions": "512"})
    >>> report["filled"], report["kept"]
    ({'max_input_tokens': 256, 'added_tokens': 2}, {'dimensions': '512'})
    """
    kept = dict(kept or {})
    filled: dict[str, object] = {
        name: text if name == PRICE_FIELD else int(text)  # a price stays exact decimal text
        for name, text in preset.form_fields().items()
        if name not in kept
    }
    return {
        **preset_figures(preset),
        "filled": filled,
        "kept": kept,
        "dimension_sizes": list(preset.dimension_sizes)
        if preset.dimension_sizes is not None
        else None
        if preset.dimension_max is None
        else {"max": preset.dimension_max},
        "unverified": list(preset.unverified),
        **({} if counted_with is None else {"counted": counted_as_model(preset, counted_with)}),
        "sources": {
            field: {"addresses": list(source.addresses), "checked": source.checked}
            | ({"note": source.note} if source.note else {})
            for field, source in preset.sources
        },
    }


def preset_figures(preset: ModelPreset) -> PresetFigures:
    """What ``preset`` knows, as the command line's JSON and the page's model card give it.

    >>> preset_figures(model_preset("all-MiniLM-L6-v2"))["max_input_tokens"]
    256
    """
    return {
        "name": preset.name,
        "label": preset.label,
        "dimensions": preset.dimensions,
        "max_input_tokens": preset.max_input_tokens,
        "special_tokens": None if preset.special_tokens is None else list(preset.special_tokens),
        "prefix": preset.prefix,
        "added_tokens": preset.added_tokens,
        "tokenizer": preset.tokenizer,
        "tokenizer_identified_by": preset.tokenizer_identified_by,
        "price_per_million": None
        if preset.price_per_million is None
        else _decimal(preset.price_per_million),
        "currency": preset.currency,
        "deprecated": preset.deprecated,
        "replaced_by": preset.replaced_by,
    }


def _decimal(value: Fraction) -> str:
    # Imported here: only a preset with a price, or the command line, writes a decimal.
    from ._decimals import decimal_text  # noqa: PLC0415

    return decimal_text(value, 12)


def preset_line(
    preset: ModelPreset, kept: Mapping[str, str] | None = None, counted_with: str | None = None
) -> str:
    """One line saying what the preset filled, for the command line's text output.

    >>> print(preset_line(model_preset("e5-base-v2")))  # doctest: +NORMALIZE_WHITESPACE
    model e5-base-v2 (its preset, checked 2026-12-05): dimensions 768, input limit 512
    tokens, 4 added to every chunk ([CLS], [SEP] and the prefix 'passage: ')
    """
    kept = kept or {}
    parts = []
    if "dimensions" not in kept:
        parts.append(f"dimensions {preset.dimensions:,}")
    if "max_input_tokens" not in kept:
        parts.append(f"input limit {preset.max_input_tokens:,} tokens")
    if preset.added_tokens is not None and "added_tokens" not in kept:
        parts.append(f"{preset.added_tokens:,} added to every chunk{_added(preset)}")
    elif preset.added_tokens is None:
        parts.append("the tokens it adds to every chunk are not known")
    if preset.price_per_million is not None and PRICE_FIELD not in kept:
        parts.append(f"price {_decimal(preset.price_per_million)} {preset.currency} per million")
    checked = max(source.checked for _, source in preset.sources)
    line = f"model {preset.name} (its preset, checked {checked}): " + ", ".join(parts)
    if kept:
        line += "; kept as given: " + ", ".join(f"{name} {text}" for name, text in kept.items())
    if counted_with is not None:
        line += "; " + _COUNTED[counted_as_model(preset, counted_with)].format(
            encoding=counted_with, tokenizer=preset.tokenizer
        )
    return line


_COUNTED = {
    "exact": "counted with {encoding}, its own tokenizer",
    "same rules": "counted with {encoding}: its tokenizer's rules and vocabulary size, "
    "no published checksum of its vocabulary",
    "other": "counted with {encoding}, not its tokenizer ({tokenizer}): not its exact counts",
    "unknown": "counted with {encoding}: its tokenizer is not published, not its exact counts",
}


def _added(preset: ModelPreset) -> str:
    what = [*(preset.special_tokens or ())]
    text = ", ".join(what)
    if preset.prefix:
        text = (
            f"{text} and the prefix {preset.prefix!r}" if text else f"the prefix {preset.prefix!r}"
        )
    return f" ({text})" if text else ""


def price_source(preset: ModelPreset | None, kept: Mapping[str, str]) -> dict[str, object] | None:
    """Where the cost's price comes from when ``preset`` filled it (the command line's
    ``--price-per-million`` left out, so not in ``kept``): the model, its price and currency,
    the addresses it was verified at and the day; ``None`` for the user's own price.

    >>> source = price_source(model_preset("text-embedding-3-small"), {})
    >>> source["model"], source["price_per_million"], source["currency"], source["checked"]
    ('text-embedding-3-small', '0.02', 'USD', '2026-12-05')
    >>> price_source(model_preset("text-embedding-3-small"), {"price_per_million": "0.05"})
    >>> price_source(model_preset("e5-base-v2"), {})  # an open model: no price
    """
    if preset is None or preset.price_per_million is None or PRICE_FIELD in kept:
        return None
    source = preset.source("price")
    found: dict[str, object] = {
        "model": preset.name,
        "price_per_million": _decimal(preset.price_per_million),
        "currency": preset.currency,
        "addresses": list(source.addresses),
        "checked": source.checked,
    }
    if source.note:
        found["note"] = source.note
    return found


def price_source_text(source: Mapping[str, object]) -> str:
    """``price_source`` as the command line's cost line says it.

    >>> print(price_source_text(price_source(model_preset("text-embedding-3-large"), {}) or {}))
    ... # doctest: +NORMALIZE_WHITESPACE
    the price of text-embedding-3-large's preset, checked 2026-12-05:
    https://openai.com/blog/new-embedding-models-and-api-updates,
    https://tokenprice.fyi/models/text-embedding-3-large
    """
    addresses = source["addresses"]
    assert isinstance(addresses, list)
    where = ", ".join(addresses)
    return f"the price of {source['model']}'s preset, checked {source['checked']}: {where}"
