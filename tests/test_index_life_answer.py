"""The page's answer for the index's life: re-indexing, storage and the model's input limit,
with the figures the library computes, the sizes the command line says, and the seeds' worked
example in every language's explanation."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import build
from calculator import edit_change, plan_chunks, settings_change
from calculator.protocol import (
    DEFAULT_FIELDS,
    NumberFormat,
    fields_from_query,
    query_from_fields,
    respond,
)
from site_build import render
from test_cli import run

# 004's worked example: 200,000 tokens at 512/64, split again at 512/128.
EXAMPLE = {"tokens": "200000", "chunk_size": "512", "overlap": "64"}
STORAGE = {"metadata_bytes": "200", "text_bytes_per_token": "4.29", "replicas": "2"}
LIFE_PANELS = ("reindex", "storage", "model_limit")


def answer(**fields: str) -> Any:
    request = {"fields": {**DEFAULT_FIELDS, **EXAMPLE, **fields}}
    return json.loads(respond(json.dumps(request)))


def test_the_page_opens_on_the_worked_example_with_every_life_panel_fresh() -> None:
    change = settings_change(200_000, 512, 64, 512, 128)
    got = answer(price_per_million="0.02")
    assert [got["panels"][name] for name in LIFE_PANELS] == ["fresh"] * 3
    reindex = got["reindex"]
    assert reindex["old_chunks"] == str(plan_chunks(200_000, 512, 64).chunks)
    assert reindex["new_chunks"] == str(plan_chunks(200_000, 512, 128).chunks)
    figures = ("reused_chunks", "chunks_to_embed", "chunks_to_delete", "tokens_to_embed")
    assert [reindex[key] for key in figures] == [str(getattr(change, key)) for key in figures]
    assert reindex["cost"]["tokens_to_embed"] == str(change.tokens_to_embed)
    assert int(reindex["versioned_peak_raw_bytes"]) == int(reindex["old_raw_vector_bytes"]) + int(
        reindex["new_raw_vector_bytes"]
    )


def test_storage_adds_its_parts_and_says_the_upper_layers_apart() -> None:
    storage = answer(**STORAGE)["storage"]
    parts = ("raw_vector_bytes", "hnsw_graph_bytes", "text_bytes", "metadata_bytes")
    one_copy = sum(int(storage[key]) for key in parts)
    assert storage["replica_bytes"] == str(one_copy)
    assert storage["total_bytes"] == str(2 * one_copy)  # the upper layers are not added
    assert storage["hnsw_graph_bytes"] == str(447 * 2 * 16 * 4)
    assert {"hnsw_graph_bytes", "hnsw_upper_layer_bytes", "text_bytes"} <= set(storage["estimates"])
    assert storage["pgvector"]["halfvec"]["bytes_per_value"] == str(2 * 384 + 8)


def test_the_model_limit_counts_the_chunks_over_it() -> None:
    limit = answer(chunk_size="1024", overlap="128", max_input_tokens="512")["model_limit"]
    assert (limit["chunks_over_limit"], limit["largest_chunk_size_within_limit"]) == ("223", "512")
    assert limit["fits"] is False and limit["at_limit"]["chunks"] == "521"


@pytest.mark.parametrize(
    ("fields", "stale"),
    [
        ({"new_overlap": "600"}, "reindex"),
        ({"reindex_mode": "edit", "edit_at": "100000", "edit_tokens": "x"}, "reindex"),
        ({"hnsw_m": "1"}, "storage"),
        ({"text_bytes_per_token": "abc"}, "storage"),
        ({"max_input_tokens": "0"}, "model_limit"),
    ],
)
def test_an_invalid_field_leaves_only_its_panel_stale(fields: dict[str, str], stale: str) -> None:
    got = answer(**fields)
    assert set(got["errors"]) == set(fields) - {"reindex_mode", "edit_at"}
    assert [name for name in LIFE_PANELS if got["panels"][name] == "stale"] == [stale]
    assert got["panels"]["main"] == "fresh"


@pytest.mark.parametrize(
    "edited", [{}, {"hnsw_m": "32"}, {"text_bytes_per_token": "4.29", "replicas": "3"}]
)
def test_without_dimensions_the_storage_panel_is_unused_not_an_error(
    edited: dict[str, str],
) -> None:
    # An edit of a storage field while dimensions is empty on purpose leaves the main
    # figures fresh: nothing is sized, nothing is blamed.
    got = answer(dimensions="", **edited)
    assert got["errors"] == {} and got["panels"]["storage"] == "unused"
    assert got["panels"]["main"] == "fresh"
    assert "versioned_peak_raw_bytes" not in got["reindex"]


def test_the_link_carries_the_new_fields_and_leaves_out_defaults_and_hidden_ones() -> None:
    fields = {**DEFAULT_FIELDS, **EXAMPLE, "hnsw_m": "32", "text_bytes_per_token": "4.29"}
    assert query_from_fields(fields) == ("tokens=200000&hnsw_m=32&text_bytes_per_token=4.29")
    edit = {**fields, "reindex_mode": "edit", "edit_at": "100000", "edit_tokens": "-448"}
    assert "reindex_mode=edit&edit_at=100000&edit_tokens=-448" in query_from_fields(edit)
    hidden_again = {**edit, "reindex_mode": "model"}
    assert "edit_at" not in query_from_fields(hidden_again)
    linked = json.loads(respond(json.dumps({"query": query_from_fields(edit)})))
    assert linked["fields"]["edit_tokens"] == "-448"
    embed = edit_change(200_000, 512, 64, 100_000, -448).chunks_to_embed
    assert linked["reindex"]["kind"] == "edit"
    assert linked["reindex"]["chunks_to_embed"] == str(embed)


def sizes(value: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (byte count, its size figures) an answer holds."""
    if isinstance(value, list):
        for item in value:
            yield from sizes(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key.endswith("size") and isinstance(item, dict) and "iec" in item:
                bytes_key = "bytes" if key == "size" else key.removesuffix("size") + "bytes"
                yield value[bytes_key], item
            else:
                yield from sizes(item)


def cli_words(figure: dict[str, Any]) -> str:
    return f"{'≈' if figure['approximate'] else ''}{figure['significand']} {figure['unit']}"


def test_every_size_the_page_shows_is_the_one_the_command_line_says() -> None:
    completed = run(
        *("--tokens", "200000", "--chunk-size", "512", "--overlap", "64", "--new-overlap"),
        *("128", "--dimensions", "384", "--hnsw-m", "16", "--metadata-bytes", "200"),
        *("--text-bytes-per-token", "4.29", "--replicas", "2"),
    )
    assert completed.returncode == 0, completed.stderr
    said = {
        count.replace(",", ""): (iec, si)
        for count, iec, si in re.findall(
            r"([\d,]+) bytes = (≈?[\d.]+ \w+) = (≈?[\d.]+ \w+)", completed.stdout
        )
    }
    shown = dict(sizes(answer(**STORAGE)))
    compared = {count for count in shown if count in said}
    for count in compared:
        assert (cli_words(shown[count]["iec"]), cli_words(shown[count]["si"])) == said[count]
    # raw, versioned and in-place peaks, graph, text, metadata, one copy, total
    assert len(compared) >= 8, (sorted(shown), sorted(said))


GROUPS = {"en": ",", "pt": ".", "de": ".", "it": ".", "pl": "\u00a0"}


def written(count: int, lang: str) -> str:
    """``count`` as the language's prose writes it (Polish groups from five digits)."""
    if lang == "pl" and count < 10_000:
        return str(count)
    return f"{count:,}".replace(",", GROUPS[lang])


@pytest.mark.parametrize("lang", build.LANGUAGES)
def test_the_explanation_works_the_example_with_the_librarys_figures(lang: str) -> None:
    change = settings_change(200_000, 512, 64, 512, 128)
    old, new = plan_chunks(200_000, 512, 64), plan_chunks(200_000, 512, 128)
    catalog = render.load_catalogs(build.LOCALES)[lang]
    body = catalog["explain.reindexing.body"]
    assert isinstance(body, list)
    paragraph = next(text for text in body if "447" in text)
    for count in (
        200_000,
        old.chunks,
        new.chunks,
        change.reused_chunks,
        change.chunks_to_embed,
        change.chunks_to_delete,
        change.tokens_to_embed,
    ):
        assert re.search(rf"(?<![\d.,]){re.escape(written(count, lang))}(?![\d])", paragraph), (
            lang,
            count,
        )


def test_bytes_per_token_travel_in_machine_form_and_show_in_the_pages() -> None:
    polish = NumberFormat(group="\u00a0", decimal=",")
    fields = fields_from_query("text_bytes_per_token=4.29", polish)
    assert fields["text_bytes_per_token"] == "4,29"
    assert query_from_fields(fields, polish) == "text_bytes_per_token=4.29"
