"""``python3 -m calculator`` for the index's life: re-indexing, storage, the input limit."""

from __future__ import annotations

import json

import pytest

from test_cli import assert_refused, run

BASE = ("--tokens", "200000", "--chunk-size", "512", "--overlap", "64")


def report(*arguments: str) -> dict[str, object]:
    completed = run(*BASE, *arguments, "--json")
    assert completed.returncode == 0, completed.stderr
    answer = json.loads(completed.stdout)
    assert isinstance(answer, dict)
    return answer


def panel(answer: dict[str, object], name: str) -> dict[str, object]:
    figures = answer[name]
    assert isinstance(figures, dict)
    return figures


# flags → reused, to embed, to delete, tokens to embed
REINDEX = [
    # 004's worked example: 447 chunks at 512/64, 521 at 512/128.
    (["--new-chunk-size", "512", "--new-overlap", "128"], 75, 446, 372, 228_160),
    (["--new-overlap", "128"], 75, 446, 372, 228_160),  # the chunk size stays
    (["--edit-at", "100000", "--edit-tokens", "448"], 446, 2, 1, 1024),
    (["--edit-at", "100000", "--edit-tokens", "-448"], 445, 1, 2, 512),
    (["--edit-at", "100000", "--edit-tokens", "1"], 223, 224, 224, 114_369),
    (["--edit-at", "200000", "--edit-tokens", "100"], 446, 1, 1, 292),  # an append
    (["--edit-at", "0", "--edit-tokens", "-200000"], 0, 0, 447, 0),  # everything deleted
    (["--model-change"], 0, 447, 447, 228_544),
    (["--new-overlap", "128", "--model-change"], 0, 521, 447, 266_560),
]


@pytest.mark.parametrize(("flags", "reused", "embed", "delete", "fresh"), REINDEX)
def test_reindex_in_json(
    flags: list[str], reused: int, embed: int, delete: int, fresh: int
) -> None:
    reindex = panel(report(*flags), "reindex")
    figures = [reindex[key] for key in ("reused_chunks", "chunks_to_embed", "chunks_to_delete")]
    assert [*figures, reindex["tokens_to_embed"]] == [reused, embed, delete, fresh]


def test_reindex_cost_and_versioned_peak() -> None:
    reindex = panel(
        report("--new-overlap", "128", "--dimensions", "384", "--price-per-million", "0.02"),
        "reindex",
    )
    assert reindex["cost"] == {
        "price_per_million": "0.02", "tokens_to_embed": 228_160, "one_time": "0.0045632",
    }  # fmt: skip
    assert reindex["old_raw_vector_bytes"] == 447 * 1536
    assert reindex["new_raw_vector_bytes"] == 521 * 1536
    assert reindex["versioned_peak_raw_bytes"] == (447 + 521) * 1536
    assert reindex["in_place_peak_raw_bytes"] == (447 + 446) * 1536


def corpus_report(*arguments: str) -> dict[str, object]:
    completed = run("--chunk-size", "512", "--overlap", "64", *arguments, "--json")
    assert completed.returncode == 0, completed.stderr
    answer = json.loads(completed.stdout)
    assert isinstance(answer, dict)
    return answer


def test_changed_documents() -> None:
    answer = corpus_report(
        "--documents", "10000", "--average-tokens", "2000", "--changed-documents", "25"
    )
    reindex = panel(answer, "reindex")
    assert (reindex["documents"], reindex["changed_documents"]) == (10_000, 25)
    assert (reindex["reused_chunks"], reindex["chunks_to_embed"]) == (49_875, 125)
    edited = panel(
        corpus_report("--documents", "100", "--average-tokens", "2000",
                      "--changed-documents", "3", "--edit-at", "2000", "--edit-tokens", "10"),
        "reindex",
    )  # fmt: skip
    assert (edited["chunks_to_embed"], edited["chunks_to_delete"]) == (3, 3)


def test_storage_total_is_replicas_times_the_parts() -> None:
    storage = panel(
        report("--dimensions", "384", "--dtype", "float32", "--hnsw-m", "16",
               "--metadata-bytes", "200", "--text-bytes-per-token", "4.29", "--replicas", "2"),
        "storage",
    )  # fmt: skip
    parts = ("raw_vector_bytes", "hnsw_graph_bytes", "text_bytes", "metadata_bytes")
    values = [storage[key] for key in parts]
    assert values == [686_592, 57_216, 980_454, 89_400]
    assert storage["total_bytes"] == 2 * sum(values)  # type: ignore[arg-type]
    assert set(storage["estimates"]) >= {"hnsw_graph_bytes", "text_bytes", "total_bytes"}  # type: ignore[call-overload]
    assert storage["pgvector"] == {
        "vector": {"bytes_per_value": 1544, "bytes": 447 * 1544},
        "halfvec": {"bytes_per_value": 776, "bytes": 447 * 776},
        "bit": {"bytes_per_value": 56, "bytes": 447 * 56},
    }


def test_model_limit() -> None:
    limit = panel(report("--max-input-tokens", "256"), "model_limit")
    assert (limit["max_input_tokens"], limit["chunks_over_limit"]) == (256, 446)
    assert limit["largest_chunk_size_within_limit"] == 256


def test_exact_at_10_to_the_18() -> None:
    completed = run(
        "--tokens", str(10**18), "--chunk-size", "512", "--overlap", "64",
        "--new-chunk-size", "512", "--new-overlap", "128", "--json",
    )  # fmt: skip
    reindex = json.loads(completed.stdout)["reindex"]
    assert reindex["reused_chunks"] == (10**18 - 513) // 2688 + 1


def test_readable_text_shows_formulas_and_estimates() -> None:
    completed = run(
        *BASE, "--new-overlap", "128", "--dimensions", "384", "--text-bytes-per-token", "4.29",
        "--max-input-tokens", "8192",
    )  # fmt: skip
    assert completed.returncode == 0
    lines = completed.stdout.splitlines()
    assert "reused chunks       75 of 447 old (" in completed.stdout
    assert "chunks to embed     446 of 521 new (521 − 75)" in lines
    assert "chunks to delete    372 (447 − 75)" in lines
    text = next(line for line in lines if line.startswith("chunk text"))
    assert "⌈228,544 tokens processed × 4.29 bytes per token⌉; estimate" in text
    graph = next(line for line in lines if line.startswith("HNSW graph"))
    assert "447 × 2·16 neighbour ids × 4 bytes" in graph and "estimate" in graph
    assert any(line.startswith("total") and "estimate" in line for line in lines)
    assert "model input limit   8,192 tokens: every one of the 447 chunks fits" in lines


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--edit-at", "200001", "--edit-tokens", "1"], "--edit-at: Enter 200,000 or less."),
        (["--edit-at", "-1", "--edit-tokens", "1"], "--edit-at: Enter 0 or more."),
        (["--edit-at", "199000", "--edit-tokens", "-1001"], "--edit-tokens: Enter -1,000 or more."),
        (["--edit-at", "5"], "--edit-tokens: Enter a value."),
        (["--edit-tokens", "5"], "--edit-at: Enter a value."),
        (["--edit-at", "5", "--edit-tokens", "1" + "0" * 30], "--edit-tokens: Enter 1,000,000"),
        (["--edit-at", "5", "--edit-tokens", "1.5"], "--edit-tokens: Enter a whole number"),
        (["--new-chunk-size", "0"], "--new-chunk-size: Enter 1 or more."),
        (["--new-chunk-size", "64"], "--new-overlap: The overlap (64) must be smaller"),
        (["--new-overlap", "-3"], "--new-overlap: Enter 0 or more."),
        (["--new-chunk-size", "9" * 40], "--new-chunk-size: Enter 1,000,000"),
        (["--hnsw-m", "16"], "--dimensions: Enter a value."),
        (["--dimensions", "8", "--hnsw-m", "1"], "--hnsw-m: Enter 2 or more."),
        (["--dimensions", "8", "--replicas", "0"], "--replicas: Enter 1 or more."),
        (["--dimensions", "8", "--metadata-bytes", "-1"], "--metadata-bytes: Enter 0 or more."),
        (["--dimensions", "8", "--text-bytes-per-token", "1e3"], "--text-bytes-per-token: Enter"),
        (["--dimensions", "8", "--text-bytes-per-token", "-4"], "--text-bytes-per-token: Enter 0"),
        (["--dimensions", "8", "--quantized-dtype", "int4"], "--quantized-dtype: invalid choice"),
        (["--max-input-tokens", "0"], "--max-input-tokens: Enter 1 or more."),
        (["--max-input-tokens", "lots"], "--max-input-tokens: Enter a whole number"),
        (["--changed-documents", "3"], "--changed-documents: Enter 1 or less."),
        (["--changed-documents", "11", "--documents", "10", "--average-tokens", "100"],
         "--changed-documents: Enter 10 or less."),
        (["--edit-at", "1", "--edit-tokens", "1", "--new-overlap", "8"], "not allowed with"),
        (["--changed-documents", "1", "--new-overlap", "8"], "not allowed with"),
    ],
)  # fmt: skip
def test_bad_values_exit_2_naming_the_flag(arguments: list[str], message: str) -> None:
    assert_refused(run(*BASE, *arguments), message)
