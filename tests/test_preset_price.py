"""A model preset's published price fills the cost's field, on the page and on the command
line; a price the user typed wins and is kept (issue 47)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from calculator._models import model_preset
from calculator._text import NumberFormat
from calculator.cli import main
from calculator.protocol import respond
from calculator.protocol._query import fields_from_query, query_from_fields
from test_models import REQUIRED_MODELS

# The presets with a published price → that price per million tokens, its currency.
PRICES = {
    "text-embedding-3-small": ("0.02", "USD"),
    "text-embedding-3-large": ("0.13", "USD"),
    "text-embedding-ada-002": ("0.1", "USD"),
}


def test_only_the_presets_with_a_published_price_fill_it() -> None:
    for name in REQUIRED_MODELS:
        preset = model_preset(name)
        fields = preset.form_fields()
        if name not in PRICES:
            assert preset.price_per_million is None and "price_per_million" not in fields, name
            continue
        assert (fields["price_per_million"], preset.currency) == PRICES[name]
        source = preset.source("price")
        assert source.addresses and source.checked == "2026-12-05"


# text-embedding-3-small's fields as its preset fills them.
SMALL = {
    "model": "text-embedding-3-small",
    "dimensions": "1536",
    "max_input_tokens": "8191",
    "added_tokens": "0",
}


def _answer(fields: dict[str, str], previous: str, group: str = ",", decimal: str = ".") -> Any:
    request = {
        "fields": {"tokens": "9088", "chunk_size": "512", "overlap": "0", **fields},
        "previous_model": previous,
        "number_format": {"group": group, "decimal": decimal},
    }
    return json.loads(respond(json.dumps(request)))


def test_choosing_a_model_fills_its_price_and_the_cost_is_exact() -> None:
    answer = _answer({"model": "text-embedding-3-small", "price_per_million": ""}, "custom")
    assert answer["model"]["filled"]["price_per_million"] == "0.02"
    assert answer["model"]["values"]["price_per_million"] == "0.02"
    assert answer["model"]["differs"] == []
    # 9,088 tokens at 0.02 per million: exactly 9088 × 2 / 100,000,000.
    assert Fraction(answer["cost"]["one_time"]) == Fraction(9088 * 2, 100_000_000)
    assert answer["cost"] == {
        "price_per_million": "0.02",
        "tokens_processed": "9088",
        "one_time": "0.00018176",
    }
    price = next(row for row in answer["model"]["sources"] if row["field"] == "price")
    assert price["hosts"] == ["openai.com", "tokenprice.fyi"]
    assert price["checked"] == "2026-12-05"


def test_a_typed_price_wins_and_is_kept() -> None:
    answer = _answer({"model": "text-embedding-3-small", "price_per_million": "0.05"}, "custom")
    assert "price_per_million" not in answer["model"]["filled"]
    assert answer["model"]["differs"] == ["price_per_million"]
    assert answer["cost"]["one_time"] == "0.0004544"
    # A later edit elsewhere (no new model chosen) keeps it too.
    fields = {**SMALL, "price_per_million": "0.05", "overlap": "8"}
    request = {"fields": {"tokens": "9088", "chunk_size": "512", **fields}}
    answer = json.loads(respond(json.dumps(request)))
    assert answer["cost"]["price_per_million"] == "0.05"
    assert answer["model"]["differs"] == ["price_per_million"]


def test_the_price_follows_the_model_by_the_dimensions_rules() -> None:
    """Another model takes the preset's price it left in the field; one without a price
    empties it (the cost panel then says to enter yours); a typed price stays."""
    fields = {"dimensions": "1536", "max_input_tokens": "8191", "added_tokens": "0"}
    switch = {**fields, "model": "text-embedding-3-large", "price_per_million": "0.02"}
    filled = _answer(switch, "text-embedding-3-small")["model"]["filled"]
    assert filled["price_per_million"] == "0.13"
    answer = _answer({**switch, "model": "e5-base-v2"}, "text-embedding-3-small")
    assert answer["model"]["filled"]["price_per_million"] == ""
    assert answer["cost"] is None
    answer = _answer({**switch, "model": "e5-base-v2", "price_per_million": "0.3"},
                     "text-embedding-3-small")  # fmt: skip
    assert "price_per_million" not in answer["model"]["filled"]
    assert answer["cost"]["price_per_million"] == "0.3"


def test_a_german_page_reads_the_presets_price_as_the_presets() -> None:
    german = {**SMALL, "dimensions": "1.536", "max_input_tokens": "8.191"}
    answer = _answer(
        {**german, "price_per_million": "0,02"}, "text-embedding-3-small", group=".", decimal=","
    )
    assert answer["model"]["filled"] == {} and answer["model"]["differs"] == []
    fields = fields_from_query("model=text-embedding-3-small", NumberFormat(".", ","))
    assert fields["price_per_million"] == "0,02"
    # The link leaves the preset's price out, and says so when it is cleared or another.
    assert query_from_fields(fields, NumberFormat(".", ",")) == "model=text-embedding-3-small"
    cleared = {**fields, "price_per_million": ""}
    assert "price_per_million=&" in query_from_fields(cleared, NumberFormat(".", ",")) + "&"


def test_model_fills_the_command_lines_price_and_says_whose(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--tokens", "9088", "--chunk-size", "512", "--model", "text-embedding-3-small"]
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cost"]["one_time"] == "0.00018176"
    source = report["cost"]["price_from"]
    assert (source["model"], source["price_per_million"], source["currency"]) == (
        "text-embedding-3-small",
        "0.02",
        "USD",
    )
    assert source["addresses"][0] == "https://openai.com/blog/new-embedding-models-and-api-updates"
    assert source["checked"] == "2026-12-05"
    assert report["model"]["filled"]["price_per_million"] == "0.02"
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())  # the lines as one, unwrapped
    assert "price 0.02 USD per million" in out
    assert (
        "embedding cost at 0.02 USD per million tokens: 0.00018176 USD for 9,088 tokens "
        "processed (the price of text-embedding-3-small's preset, checked 2026-12-05: "
        "https://openai.com/blog/new-embedding-models-and-api-updates, "
        "https://tokenprice.fyi/models/text-embedding-3-small)"
    ) in out


def test_a_given_price_wins_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--tokens", "9088", "--chunk-size", "512", "--model", "text-embedding-3-small"]
    assert main([*argv, "--price-per-million", "0.05", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cost"] == {
        "price_per_million": "0.05",
        "tokens_processed": 9088,
        "one_time": "0.0004544",
    }
    assert report["model"]["kept"] == {"price_per_million": "0.05"}
    assert "price_per_million" not in report["model"]["filled"]
    assert main([*argv, "--price-per-million", "0.05"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the lines as one, unwrapped
    line = "embedding cost at 0.05 per million tokens: 0.0004544 for 9,088 tokens processed "
    assert line in out + " " and "text-embedding-3-small's preset" not in out
    assert "kept as given: price_per_million 0.05" in out
    # An open model has no price: no cost unless given.
    assert main(["--tokens", "9088", "--chunk-size", "512", "--model", "e5-base-v2", "--json"]) == 0
    assert "cost" not in json.loads(capsys.readouterr().out)
