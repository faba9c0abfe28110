"""The trade-off in the answers: the command line's --tradeoff and --csv, the page's request
for it and its export, one source (calculator.protocol._export) for both."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

import calculator
from calculator._documents import plan_equal_documents
from calculator._text import NumberFormat
from calculator._tradeoff import tradeoff
from calculator.protocol._export import EXPORT_WORDS, export_csv, export_markdown, export_words
from test_cli import run

CORPUS = ("--documents", "50000", "--average-tokens", "1200", "--chunk-size", "512")
STORAGE = ("--dimensions", "384", "--metadata-bytes", "200", "--replicas", "2")
PAGE_FIELDS = dict(calculator.DEFAULT_FIELDS) | {
    "corpus": "documents", "documents": "50000", "average_tokens": "1200",
    "metadata_bytes": "200", "replicas": "2", "text_bytes_per_token": "4.29",
    "price_per_million": "0.02",
}  # fmt: skip


def respond(request: dict[str, object]) -> dict[str, object]:
    answer = json.loads(calculator.respond(json.dumps(request)))
    assert isinstance(answer, dict)
    return answer


def test_json_tradeoff_marks_the_plan_with_its_own_figures() -> None:
    completed = run(*CORPUS, "--overlap", "64", *STORAGE, "--price-per-million", "0.02",
                    "--tradeoff", "--json")  # fmt: skip
    assert completed.returncode == 0
    report = json.loads(completed.stdout)
    [current] = [point for point in report["tradeoff"]["points"] if point["current"]]
    assert (current["chunk_size"], current["overlap"]) == (512, 64)
    assert current["chunks"] == report["chunks"] == 150_000
    assert current["tokens_processed"] == report["tokens_processed"]
    assert current["raw_vector_bytes"] == report["raw_vector_bytes"]
    assert current["storage_bytes"] == report["storage"]["total_bytes"]
    assert current["cost"] == report["cost"]["one_time"]
    [breakdown] = [row for row in report["tradeoff"]["breakdown"] if row["current"]]
    parts = ("raw_vector_bytes", "hnsw_graph_bytes", "text_bytes", "metadata_bytes",
             "quantized_copy_bytes", "replicas_bytes")  # fmt: skip
    assert sum(breakdown[part] for part in parts) == breakdown["total_bytes"]
    assert breakdown["replicas_bytes"] == report["storage"]["replica_bytes"]


def test_without_tradeoff_the_json_has_none() -> None:
    completed = run(*CORPUS, "--json")
    assert "tradeoff" not in json.loads(completed.stdout)


def test_csv_is_the_grid_with_the_plan_marked() -> None:
    completed = run(*CORPUS, "--overlap", "64", *STORAGE, "--csv")
    assert completed.returncode == 0
    rows = list(csv.DictReader(io.StringIO(completed.stdout)))
    assert len(rows) == 8 * 6
    # Headed as the English page heads its CSV (tests/test_export_words.py).
    [current] = [row for row in rows if row["current setting"] == "1"]
    assert current["Chunks"] == "150000"
    assert current["Raw vectors (B)"] == str(150_000 * 384 * 4)
    assert current["Embedding cost"] == ""  # no price given
    assert {row["Overlap share"] for row in rows} == {"0", "0.1", "0.125", "0.2", "0.25", "0.5"}


def test_csv_needs_no_tradeoff_flag_and_excludes_json() -> None:
    assert run(*CORPUS, "--csv").returncode == 0
    refused = run(*CORPUS, "--csv", "--json")
    assert refused.returncode == 2
    assert "not allowed with argument" in refused.stderr


def test_markdown_appends_the_tradeoff_to_the_plans_tables() -> None:
    plain = run(*CORPUS, "--dimensions", "384", "--markdown").stdout
    with_tradeoff = run(*CORPUS, "--dimensions", "384", "--markdown", "--tradeoff").stdout
    assert with_tradeoff.startswith(plain.rstrip("\n"))
    # Worded as the English page's export (tests/test_export_words.py).
    assert "## The trade-off: chunk size and overlap" in with_tradeoff
    assert "| 512 (current setting) | 0 | 0% | 150,000 | 60,000,000 |" in with_tradeoff


def test_the_page_asks_for_the_tradeoff_and_gets_the_calculators_figures() -> None:
    fields = PAGE_FIELDS
    plain = respond({"fields": fields})
    assert plain["tradeoff"] is None
    assert plain["panels"]["tradeoff"] == "unused"  # type: ignore[index]
    answer = respond({"fields": fields, "tradeoff": True})
    assert answer["panels"]["tradeoff"] == "fresh"  # type: ignore[index]
    figures = answer["tradeoff"]
    assert isinstance(figures, dict)
    [current] = [point for point in figures["points"] if point["current"]]
    result, storage, cost = answer["result"], answer["storage"], answer["cost"]
    assert isinstance(result, dict) and isinstance(storage, dict) and isinstance(cost, dict)
    assert current["chunks"] == result["chunks"] == "150000"
    assert current["raw_vector_bytes"] == result["raw_vector_bytes"]
    assert current["storage_bytes"] == storage["total_bytes"]
    assert current["cost"] == cost["one_time"]
    assert current["storage_size"] == storage["total_size"]
    # Every point is the command line's (one assembly, ints as strings).
    grid = tradeoff(
        plan_equal_documents(50_000, 1200, 512, 64),
        vectors=calculator.vector_size(1, 384),
        storage=calculator.storage_size(
            calculator.vector_size(1, 384),
            0,
            metadata_bytes=200,
            replicas=2,
            text_bytes_per_token=Fraction("4.29"),
        ),
        price_per_million=Fraction("0.02"),
    )
    for point, painted in zip(grid.points, figures["points"], strict=True):
        assert painted["chunks"] == str(point.chunks)
        assert painted["tokens_processed"] == str(point.tokens_processed)
        assert point.storage is not None
        assert painted["storage_bytes"] == str(point.storage.total_bytes)


def test_an_invalid_field_leaves_the_tradeoff_out_of_date() -> None:
    for field in ("chunk_size", "replicas", "price_per_million", "dimensions"):
        answer = respond({"fields": PAGE_FIELDS | {field: "x"}, "tradeoff": True})
        assert answer["panels"]["tradeoff"] == "stale", field  # type: ignore[index]
        assert answer["tradeoff"] is None
        exported = respond({"fields": PAGE_FIELDS | {field: "x"}, "export": {"format": "csv"}})
        assert "export" not in exported
    # A field the trade-off does not follow leaves it fresh.
    answer = respond({"fields": PAGE_FIELDS | {"top_k": "x"}, "tradeoff": True})
    assert answer["panels"]["tradeoff"] == "fresh"  # type: ignore[index]


def test_the_page_exports_in_its_words_and_number_format() -> None:
    words = {"chunks": "Abschnitte", "plan": "Plan", "current": "aktuell",
             "percent": "{value} %", "bytes": "B", "cost": "Kosten, einmalig"}  # fmt: skip
    german = {"group": ".", "decimal": ","}
    answer = respond({"fields": PAGE_FIELDS, "number_format": german,
                      "export": {"format": "markdown", "words": words}})  # fmt: skip
    text = answer["export"]["text"]  # type: ignore[index]
    assert "| 512 (aktuell) | 64 | 12,5 % | 150.000 | 66.400.000 |" in text
    assert "| Abschnitte |" in text
    answer = respond({"fields": PAGE_FIELDS, "number_format": german,
                      "export": {"format": "csv", "words": words}})  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(answer["export"]["text"])))  # type: ignore[index]
    [current] = [row for row in rows if row["aktuell"] == "1"]
    assert current["Abschnitte"] == "150000"  # plain figures whatever the page's format
    assert current["Kosten, einmalig"] == "1.328"


@pytest.mark.parametrize(
    "export",
    [{"format": "pdf"}, {"format": "csv", "words": "x"}, {"format": "csv", "words": {"a": 1}}],
)
def test_a_strange_export_request_is_refused_or_read_in_english(export: object) -> None:
    if isinstance(export, dict) and export.get("format") == "pdf":
        assert "export" not in respond({"fields": PAGE_FIELDS, "export": export})
        return
    answer = respond({"fields": PAGE_FIELDS, "export": export})
    assert answer["export"]["text"].startswith("Documents,")  # type: ignore[index]


def test_export_words_keep_english_for_what_is_missing() -> None:
    words = export_words({"chunks": "Fragmenty"})
    assert words["chunks"] == "Fragmenty"
    assert words["tokens_processed"] == EXPORT_WORDS["tokens_processed"]


def test_markdown_and_csv_agree() -> None:
    plan = plan_equal_documents(3, 2500, 800, 200)
    grid = tradeoff(plan, vectors=calculator.vector_size(1, 384))
    markdown = export_markdown(plan, calculator.vector_size(plan.chunks, 384), grid,
                               number_format=NumberFormat(" ", ","))  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(export_csv(grid))))
    assert len(rows) == len(grid.points)
    for row in rows:
        cells = f"| {int(row['Chunks']):,} | {int(row['Tokens processed']):,} |"
        assert cells.replace(",", " ") in markdown
