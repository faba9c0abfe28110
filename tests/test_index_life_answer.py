"""The page's answer for the index's life: re-indexing, storage and the model's input limit,
with the figures the library computes, the sizes the command line says, and the seeds' worked
example in every language's explanation."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

import build
from calculator import edit_change, plan_chunks, settings_change, vector_size
from calculator._databases import database_storage
from calculator._storage import storage_size
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


# --- storage as a database stores it ---------------------------------------------------------


def parts_of(storage: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {part["name"]: part for part in storage["database"]["parts"]}


@pytest.mark.parametrize(
    ("fields", "database", "options"),
    [
        ({"database": "pgvector"}, "pgvector", {}),
        ({"database": "pgvector", "index_kind": "ivfflat", "lists": "20"}, "pgvector",
         {"index_kind": "ivfflat", "lists": 20}),
        ({"database": "pgvector", "dimensions": "1536", **STORAGE}, "pgvector", {}),
        ({"database": "qdrant", "on_disk": "vectors", **STORAGE}, "qdrant",
         {"on_disk": "vectors"}),
    ],
)  # fmt: skip
def test_the_page_gets_each_part_as_the_library_sizes_it(
    fields: dict[str, str], database: str, options: dict[str, Any]
) -> None:
    storage = answer(**fields)["storage"]
    plan = plan_chunks(200_000, 512, 64)
    generic = storage_size(
        vector_size(plan.chunks, int(fields.get("dimensions", "384"))),
        plan.tokens_processed,
        metadata_bytes=int(fields.get("metadata_bytes", "0")),
        text_bytes_per_token=Fraction(fields.get("text_bytes_per_token", "0")),
        replicas=int(fields.get("replicas", "1")),
    )
    expected = database_storage(
        database, generic.vectors, text_bytes=generic.text_bytes,
        metadata_bytes=generic.metadata_bytes, replicas=generic.replicas, **options,
    )  # fmt: skip
    parts = parts_of(storage)
    assert [(name, part["bytes"]) for name, part in parts.items()] == [
        (part.name, str(part.bytes)) for part in expected.parts
    ]
    assert storage["total_bytes"] == storage["database"]["total_bytes"] == str(expected.total_bytes)
    assert storage["generic_total_bytes"] == str(generic.total_bytes)
    for part, made in zip(parts.values(), expected.parts, strict=True):
        # The page words each formula from its catalog: the key, the figures, the source.
        assert part["formula_key"] == made.formula_key
        assert part["formula_params"] == {name: str(value) for name, value in made.formula_params}
        assert part["source_key"] == made.source_key
        assert part["estimate"] is made.estimate
        assert "formula" not in part and "source" not in part  # the command line's English
        assert part["size"]["iec"]["unit"]
    assert "formulas" not in storage
    assert {"generic_total_size", "total_size"} <= set(storage)


def test_qdrant_says_what_stays_in_ram() -> None:
    storage = answer(database="qdrant", on_disk="vectors", **STORAGE)["storage"]
    parts, database = parts_of(storage), storage["database"]
    in_ram = [name for name, part in parts.items() if part["where"] == "ram and disk"]
    assert in_ram == ["hnsw_bytes", "id_tracker_bytes"]
    assert parts["vector_bytes"]["where"] == parts["payload_bytes"]["where"] == "disk"
    assert int(database["ram_bytes"]) == sum(int(parts[name]["bytes"]) for name in in_ram)
    assert database["disk_bytes"] == database["total_bytes"] == storage["total_bytes"]
    assert {"ram_size", "disk_size", "headroom_size"} <= set(database)


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        # What the database cannot store errs at its choice, in the storage panel: the
        # representation stays valid for the main results.
        ({"database": "pgvector", "dtype": "int8"}, ("database", "dtype_not_stored")),
        ({"database": "qdrant", "dtype": "binary"}, ("database", "dtype_not_stored")),
        ({"database": "pgvector", "dimensions": "3072"}, ("index_kind", "too_many_dimensions")),
        ({"database": "pgvector", "index_kind": "ivfflat", "lists": "0"}, ("lists", "too_small")),
        ({"database": "pgvector", "index_kind": "ivfflat", "lists": "40000"},
         ("lists", "too_large")),
        ({"database": "pgvector", "hnsw_m": "101"}, ("hnsw_m", "too_large")),
        ({"database": "qdrant", "on_disk": "ram"}, ("on_disk", "unknown_choice")),
        ({"database": "mysql"}, ("database", "unknown_choice")),
    ],
)  # fmt: skip
def test_a_database_field_errs_next_to_itself_and_leaves_storage_stale(
    fields: dict[str, str], error: tuple[str, str]
) -> None:
    got = answer(**fields)
    assert {name: value["key"] for name, value in got["errors"].items()} == dict([error])
    assert got["panels"]["storage"] == "stale"
    assert got["panels"]["main"] == "fresh"


@pytest.mark.parametrize(
    "fields",
    [
        # Kept from another choice, as the page keeps what was typed: not read, not an error.
        {"database": "qdrant", "index_kind": "ivfflat", "lists": "x"},
        {"database": "pgvector", "on_disk": "nope"},
        {"database": "pgvector", "index_kind": "hnsw", "lists": "0"},
        {"database": "generic", "index_kind": "x", "on_disk": "y", "dtype": "int8"},
    ],
)
def test_a_database_field_under_another_choice_is_no_error(fields: dict[str, str]) -> None:
    got = answer(**fields)
    assert got["errors"] == {}
    assert got["panels"]["storage"] == "fresh"


def test_the_link_carries_the_database_fields_in_use() -> None:
    base = {**DEFAULT_FIELDS, **EXAMPLE}
    assert query_from_fields({**base, "database": "pgvector"}) == "tokens=200000&database=pgvector"
    ivfflat = {**base, "database": "pgvector", "index_kind": "ivfflat", "lists": "20"}
    assert query_from_fields(ivfflat).endswith("database=pgvector&index_kind=ivfflat&lists=20")
    # Under another database, pgvector's index and lists stay out of the link.
    qdrant = {**ivfflat, "database": "qdrant", "on_disk": "vectors"}
    assert query_from_fields(qdrant) == "tokens=200000&database=qdrant&on_disk=vectors"
    linked = json.loads(respond(json.dumps({"query": query_from_fields(qdrant)})))
    assert (linked["fields"]["database"], linked["fields"]["on_disk"]) == ("qdrant", "vectors")
    assert linked["storage"]["database"]["on_disk"] == "vectors"


def test_the_command_line_keeps_its_english_formulas() -> None:
    # The English catalog words them now; these are the words the command line said before.
    toasted = database_storage("pgvector", vector_size(1000, 1536), text_bytes=10)
    formulas = {part.name: part.formula for part in toasted.parts}
    assert formulas["heap_bytes"] == (
        "⌈1,000 rows / 136 a page⌉ × 8,192 bytes; a row 50 bytes (24-byte header + "
        "8-byte id + 18-byte TOAST pointer: the row with its 6,152-byte vector(1,536) is over "
        "2,032 bytes), MAXALIGNed, + 4-byte line pointer, (8,192 − 24) bytes a page"
    )
    assert formulas["toast_bytes"] == (
        "1,000 pages × 8,192: 4 chunks a value of ≤ 1,996 bytes, each a row (32 + chunk, "
        "MAXALIGNed, + 4), added in order, last chunks into earlier pages' room"
    )
    assert formulas["text_bytes"] == (
        "⌈tokens processed × bytes per token⌉, beside the rows (not in their layout)"
    )
    assert toasted.parts[0].source == (
        "PostgreSQL docs: Database Page Layout; src/include/access/htup_details.h"
    )
    qdrant = database_storage("qdrant", vector_size(1_000_000, 768), replicas=2)
    assert qdrant.parts[1].formula == (
        "1,000,000 points × 2 × (2·16 links on level 0 + ≈√16/15 levels above × 16 links) × 4 "
        "bytes, + 8 bytes an offset a level, + 4 a point"
    )
    empty = database_storage("pgvector", vector_size(0, 384))
    assert empty.parts[-2].formula.startswith("1 page × 8,192: a B-tree of 0 ids")
