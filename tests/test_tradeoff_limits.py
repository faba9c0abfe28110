"""The trade-off follows the plan's choices: the model's limit marks the windows whose chunks
it cuts, the chosen database sizes every point's storage, and a splitter's plan is its own
point; the exports say all three."""

from __future__ import annotations

from calculator._databases import database_storage
from calculator._documents import plan_documents, plan_split
from calculator._tradeoff import tradeoff
from calculator.protocol._export import export_csv, tradeoff_markdown
from calculator.protocol._form import evaluate_form
from calculator.protocol._tradeoff_report import tradeoff_of

FIELDS = {
    "corpus": "list",
    "document_tokens": "300\n900\n2500",
    "chunk_size": "256",
    "overlap": "25",
    "dimensions": "384",
    "max_input_tokens": "256",
    "added_tokens": "2",
    "database": "pgvector",
    "hnsw_m": "16",
}


def test_the_limit_marks_the_windows_it_cuts() -> None:
    """A point is cut when its longest chunk, min(C, the longest document), is over the limit
    less the model's tokens: 254 for a 256-token limit adding 2."""
    outcome = evaluate_form(FIELDS)
    grid = tradeoff_of(outcome)
    for point in grid.points:
        assert point.over_limit is (min(point.chunk_size, 2500) > 254), point
    short = tradeoff(plan_documents([100, 200], 256, 25), largest_chunk_size=254)
    assert not any(point.over_limit for point in short.points)  # no chunk reaches the limit
    assert outcome.plan is not None
    assert all(point.over_limit is None for point in tradeoff(outcome.plan).points)


def test_every_points_storage_is_the_chosen_databases() -> None:
    outcome = evaluate_form(FIELDS)
    grid = tradeoff_of(outcome)
    assert grid.database == "pgvector"
    for point in grid.points:
        assert point.storage is not None and point.vectors is not None
        expected = database_storage(
            "pgvector", point.vectors, hnsw_m=16, text_bytes=point.storage.text_bytes
        ).total_bytes
        assert point.database_bytes == point.storage_bytes == expected
    # The current point's is the storage panel's.
    assert outcome.database_storage is not None
    assert grid.current.database_bytes == outcome.database_storage.total_bytes


def test_the_exports_mark_the_limit_and_the_databases_storage() -> None:
    grid = tradeoff_of(evaluate_form(FIELDS))
    header, *rows = export_csv(grid).splitlines()
    columns = header.split(",")
    assert columns[-1] == "cut by the model's limit"
    assert "Storage: pgvector (bytes)" in columns
    stored = columns.index("Storage: pgvector (bytes)")
    for point, row in zip(grid.points, rows, strict=True):
        cells = row.split(",")
        assert cells[-1] == ("1" if point.over_limit else "0")
        assert cells[stored] == str(point.database_bytes)
    lines = tradeoff_markdown(grid)
    assert any("| 384 (cut by the model's limit) |" in line for line in lines)
    assert any("| 256 (current; cut by the model's limit) |" in line for line in lines)
    assert any("| 128 | 0 |" in line for line in lines)


def test_a_splitters_plan_is_its_own_point() -> None:
    plan = plan_split([(300, [150, 150]), (900, [250, 250, 250, 200])], 256, 25, "recursive")
    grid = tradeoff(plan)
    assert (grid.current.chunks, grid.current.tokens_processed) == (6, 1250)
    window = tradeoff(plan.window)
    others = [(p.chunks, p.tokens_processed) for p in grid.points if not p.current]
    assert others == [(p.chunks, p.tokens_processed) for p in window.points if not p.current]
