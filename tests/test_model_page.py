"""The embedding model on the page: a link's model=, a model chosen in the form, the answer's
model section with every preset field's sources, and the chunks the model's limit cuts.

Expected values come from the presets (calculator/models.json) and the window model
(calculator.input_limit), never from the answer under test.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from calculator import input_limit, plan_chunks
from calculator._models import _data, model_names, model_preset
from calculator.protocol import respond
from calculator.protocol._fields import DEFAULT_FIELDS, FIELDS, MODEL_PRESETS
from test_locales import LANGUAGES, load_catalog

GERMAN = {"group": ".", "decimal": ","}


def answer(request: dict[str, Any]) -> Any:
    return json.loads(respond(json.dumps(request)))


def linked(query: str, number_format: dict[str, str] | None = None) -> Any:
    return answer({"query": query, "number_format": number_format or {}})


def chosen(
    fields: dict[str, str], previous: str, number_format: dict[str, str] | None = None
) -> Any:
    request = {"fields": {**DEFAULT_FIELDS, **fields}, "previous_model": previous}
    return answer(request | {"number_format": number_format or {}})


def test_the_forms_models_are_the_presets() -> None:
    assert model_names() == MODEL_PRESETS
    assert FIELDS["model"].choices == ("custom", *model_names())


# model -> dimensions, input limit, added tokens, largest chunk size within the limit
ACCEPTANCE = [
    ("all-MiniLM-L6-v2", "384", "256", "2", "254"),
    ("e5-base-v2", "768", "512", "4", "508"),
    ("text-embedding-3-small", "1536", "8191", "0", "8191"),
]


@pytest.mark.parametrize(("name", "dimensions", "limit", "added", "largest"), ACCEPTANCE)
def test_a_link_naming_a_model_fills_the_fields_it_knows(
    name: str, dimensions: str, limit: str, added: str, largest: str
) -> None:
    got = linked(f"?model={name}")
    fields = got["fields"]
    assert (fields["model"], fields["dimensions"]) == (name, dimensions)
    assert (fields["max_input_tokens"], fields["added_tokens"]) == (limit, added)
    assert got["model_limit"]["largest_chunk_size_within_limit"] == largest
    assert got["model"]["name"] == name
    assert got["model"]["differs"] == []
    # The link written back names the model and nothing it fills.
    assert got["query"] == f"model={name}"


def test_a_value_the_link_gives_is_kept_and_travels() -> None:
    got = linked("?model=all-MiniLM-L6-v2&dimensions=512&max_input_tokens=384")
    fields = got["fields"]
    assert (fields["dimensions"], fields["max_input_tokens"], fields["added_tokens"]) == (
        "512",
        "384",
        "2",
    )
    assert got["model"]["differs"] == ["dimensions", "max_input_tokens"]
    assert got["model_limit"]["largest_chunk_size_within_limit"] == "382"
    assert got["query"] == "model=all-MiniLM-L6-v2&dimensions=512&max_input_tokens=384"
    # The page's default, given against the model's, travels too: read back, it stays.
    got = linked("?model=e5-base-v2&dimensions=384")
    assert (got["fields"]["dimensions"], got["query"]) == ("384", "model=e5-base-v2&dimensions=384")


# previous model, chosen model, the form's texts (besides the defaults) -> fields filled
CHOICES = [
    ("custom", "all-MiniLM-L6-v2", {}, {"max_input_tokens": "256", "added_tokens": "2"}),
    # A value the visitor typed stays; the others follow the model.
    (
        "custom",
        "all-MiniLM-L6-v2",
        {"dimensions": "512"},
        {"max_input_tokens": "256", "added_tokens": "2"},
    ),
    # The previous model's values are its, not the visitor's.
    (
        "all-MiniLM-L6-v2",
        "e5-base-v2",
        {"model": "e5-base-v2", "max_input_tokens": "256", "added_tokens": "2"},
        {"dimensions": "768", "max_input_tokens": "512", "added_tokens": "4"},
    ),
    # A model whose added tokens are not known: the previous model's go back to the default.
    (
        "all-MiniLM-L6-v2",
        "multilingual-e5-base",
        {"max_input_tokens": "256", "added_tokens": "2"},
        {"dimensions": "768", "max_input_tokens": "512", "added_tokens": "0"},
    ),
    # Empty fields are filled too.
    ("custom", "bge-small-en-v1.5", {"dimensions": "", "max_input_tokens": " "},
     {"dimensions": "384", "max_input_tokens": "512", "added_tokens": "2"}),
    # Custom keeps every value where it is.
    ("e5-base-v2", "custom", {"dimensions": "768", "max_input_tokens": "512"}, {}),
    # A name the form refuses fills nothing.
    ("custom", "gpt-9", {}, {}),
]  # fmt: skip


@pytest.mark.parametrize(("previous", "model", "fields", "filled"), CHOICES)
def test_choosing_a_model_fills_what_the_visitor_did_not_type(
    previous: str, model: str, fields: dict[str, str], filled: dict[str, str]
) -> None:
    got = chosen({**fields, "model": model}, previous)
    assert (got["model"] or {}).get("filled", {}) == filled
    # The link of the filled form opens on the same values.
    reopened = linked("?" + got["query"])["fields"]
    for name, text in {**fields, **filled, "model": model}.items():
        if text.strip():
            assert reopened[name] == text, name
    if model in MODEL_PRESETS:
        typed = {name for name in fields if name not in filled and name != "model"}
        assert set(got["model"]["differs"]) == typed & set(got["model"]["values"])


def test_a_choice_reads_the_previous_models_values_in_the_pages_number_format() -> None:
    got = chosen(
        {"model": "e5-base-v2", "dimensions": "1.536", "max_input_tokens": "8.191"},
        "text-embedding-3-small",
        GERMAN,
    )
    assert got["model"]["filled"] == {
        "dimensions": "768",
        "max_input_tokens": "512",
        "added_tokens": "4",
    }
    assert got["model_limit"]["largest_chunk_size_within_limit"] == "508"
    # Without the previous model named (an edit, not a choice) nothing is filled.
    plain = answer({"fields": {**DEFAULT_FIELDS, "model": "e5-base-v2"}})
    assert plain["model"]["filled"] == {}
    assert plain["model"]["differs"] == ["dimensions", "added_tokens"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unknown_model_in_a_link_is_shown_as_typed_with_its_error(lang: str) -> None:
    got = linked("?model=gpt-9&dimensions=768")
    assert got["fields"]["model"] == "gpt-9"
    assert got["fields"]["dimensions"] == "768"
    assert got["model"] is None
    error = got["errors"]["model"]
    assert (error["key"], error["params"]) == ("unknown_choice", {"value": "gpt-9"})
    # Nothing is out of date: the fields hold the values.
    assert set(got["panels"].values()) <= {"fresh", "unused"}
    # The page words it in its language, next to the select (errors.<key>, the value filled).
    text = str(load_catalog(lang)["errors.unknown_choice"]).replace("{value}", "gpt-9")
    assert "gpt-9" in text and "{" not in text


def test_each_comparison_row_says_the_chunks_over_the_limit_and_the_tokens_cut() -> None:
    got = linked("?tokens=200000&model=all-MiniLM-L6-v2&compare=512:64,256:32,254:0")
    rows = got["compare"]["figures"]["rows"]
    for row, (size, overlap) in zip(rows, [(512, 64), (256, 32), (254, 0)], strict=True):
        expected = input_limit(plan_chunks(200_000, size, overlap), 256, 2)
        assert row["chunks_over_limit"] == str(expected.chunks_over_limit)
        assert row["truncated_tokens"] == str(expected.truncated_tokens)
    assert rows[2]["chunks_over_limit"] == "0"
    main = got["model_limit"]
    assert (main["chunks_over_limit"], main["truncated_tokens"]) == (
        rows[0]["chunks_over_limit"],
        rows[0]["truncated_tokens"],
    )
    # Without a model the page's default limit (512, nothing added) is the one checked.
    plain = linked("?tokens=200000&compare=1024:128")
    expected = input_limit(plan_chunks(200_000, 1024, 128), 512)
    assert plain["compare"]["figures"]["rows"][0]["chunks_over_limit"] == str(
        expected.chunks_over_limit
    )


DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@pytest.mark.parametrize("name", model_names())
def test_every_preset_field_reaches_the_page_with_its_source_and_date(name: str) -> None:
    entry = dict(_data()["models"])[name]  # type: ignore[call-overload]
    got = linked(f"?model={name}")
    model = got["model"]
    sources = {source["field"]: source for source in model["sources"]}
    # Every field the preset has, and no other, with its addresses, hosts and day.
    assert set(sources) == set(entry) - {"unverified"}
    for field, source in sources.items():
        addresses = entry[field]["source"]
        assert source["addresses"] == [address.removeprefix("https://") for address in addresses]
        assert source["hosts"] and all(
            host in " ".join(source["addresses"]) for host in source["hosts"]
        )
        assert DATE.fullmatch(source["checked"]) and source["checked"] == entry[field]["checked"]
    assert model["checked"] == max(source["checked"] for source in sources.values())
    # What the page shows of the card is the preset's.
    preset = model_preset(name)
    assert model["dimensions"] == str(preset.dimensions)
    assert model["values"] == preset.form_fields()


def test_no_answer_names_an_address_to_fetch() -> None:
    """The sources are text: no answer carries a scheme, so a page shows no link to follow."""
    for name in model_names():
        text = respond(json.dumps({"query": f"?model={name}"}))
        assert "://" not in text, name
