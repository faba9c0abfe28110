"""The line saying what ``--model``'s preset filled, in the command line's words."""

from __future__ import annotations

from collections.abc import Mapping

from .._decimals import decimal_text
from .._models import PRICE_FIELD, ModelPreset, counted_as_model
from ._words import Words, english


def preset_line(
    preset: ModelPreset,
    kept: Mapping[str, str] | None = None,
    counted_with: str | None = None,
    words: Words | None = None,
) -> str:
    """One line saying what the preset filled, for the command line's text output.

    >>> from calculator._models import model_preset
    >>> print(preset_line(model_preset("e5-base-v2")))  # doctest: +NORMALIZE_WHITESPACE
    model e5-base-v2 (its preset, checked 2026-12-05): dimensions 768, input limit 512
    tokens, 4 added to every chunk ([CLS], [SEP] and the prefix 'passage: ')
    """
    w = words or english()
    kept = kept or {}
    parts = []
    if "dimensions" not in kept:
        parts.append(w("cli.preset.dimensions", dimensions=preset.dimensions))
    if "max_input_tokens" not in kept:
        parts.append(w("cli.preset.limit", tokens=w.count(preset.max_input_tokens, "tokens")))
    if preset.added_tokens is not None and "added_tokens" not in kept:
        parts.append(w("cli.preset.added", added=preset.added_tokens) + _added(preset, w))
    elif preset.added_tokens is None:
        parts.append(w("cli.preset.added_unknown"))
    if preset.price_per_million is not None and PRICE_FIELD not in kept:
        price = w.decimal(decimal_text(preset.price_per_million, 12))
        parts.append(w("cli.preset.price", price=price, currency=preset.currency or ""))
    checked = max(source.checked for _, source in preset.sources)
    line = w("cli.preset.line", model=preset.name, checked=checked, parts=", ".join(parts))
    if kept:
        given = ", ".join(f"{name} {text}" for name, text in kept.items())
        line += "; " + w("cli.preset.kept", values=given)
    if counted_with is not None:
        relation = counted_as_model(preset, counted_with).replace(" ", "_")
        line += "; " + w(
            f"cli.preset.counted_{relation}", encoding=counted_with,
            tokenizer=preset.tokenizer or "",
        )  # fmt: skip
    return line


def _added(preset: ModelPreset, w: Words) -> str:
    """The tokens the model adds, named: its special tokens and its prefix."""
    text = ", ".join(preset.special_tokens or ())
    if preset.prefix:
        prefix = repr(preset.prefix)
        text = (
            w("cli.preset.special", tokens=text, prefix=prefix)
            if text
            else w("cli.preset.prefix", prefix=prefix)
        )
    return f" ({text})" if text else ""
