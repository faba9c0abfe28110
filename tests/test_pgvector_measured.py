"""pgvector's figures against a real pgvector: PostgreSQL 17 and pgvector 0.8.1 compiled to
WebAssembly (PGlite, pinned in package.json), run under Node by tests/pgvector/measure.mjs.

Each case builds a table of random vectors (a fixed seed) and its index, and reads
``pg_relation_size`` of the table, its TOAST table and that table's index, the primary key
and the vector index.  The heap is exact (the same pages); the table (heap, TOAST and its
index) and the vector index are within ``TOLERANCE`` of what PostgreSQL made.

``python3 tests/test_pgvector_measured.py`` prints the table of errors docs/storage.md shows.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from calculator._pgvector import PgvectorSize, pgvector_size  # noqa: E402

MEASURE = ROOT / "tests" / "pgvector" / "measure.mjs"
PGLITE = ROOT / "node_modules" / "@electric-sql" / "pglite"
# The error the model is held to on the table and on the vector index.
TOLERANCE = Fraction(10, 100)

# name, type, dimensions, rows, id, fillfactor, index, M, ef_construction, lists: sizes,
# dimensions, types and both index kinds, within a minute of building on a small machine.
CASES: list[dict[str, Any]] = [
    {"name": "vector(384) HNSW", "type": "vector", "dimensions": 384, "rows": 2000,
     "index": "hnsw", "m": 16, "ef_construction": 32},
    {"name": "vector(2000) HNSW, TOAST", "type": "vector", "dimensions": 2000, "rows": 250,
     "index": "hnsw", "m": 16, "ef_construction": 32},
    {"name": "halfvec(1024) HNSW M=12, TOAST", "type": "halfvec", "dimensions": 1024,
     "rows": 500, "index": "hnsw", "m": 12, "ef_construction": 24},
    {"name": "bit(1024) HNSW", "type": "bit", "dimensions": 1024, "rows": 2500,
     "index": "hnsw", "m": 16, "ef_construction": 32},
    {"name": "bit(256) HNSW M=4", "type": "bit", "dimensions": 256, "rows": 3000,
     "index": "hnsw", "m": 4, "ef_construction": 8},
    {"name": "vector(1536) IVFFlat, TOAST", "type": "vector", "dimensions": 1536,
     "rows": 1500, "index": "ivfflat", "lists": 30},
    {"name": "vector(128) IVFFlat, int id, fillfactor 90", "type": "vector", "dimensions": 128,
     "rows": 4000, "id": "integer", "fillfactor": 90, "index": "ivfflat", "lists": 50},
    {"name": "halfvec(768) IVFFlat", "type": "halfvec", "dimensions": 768, "rows": 1500,
     "index": "ivfflat", "lists": 40},
    {"name": "vector(3072) no index, TOAST", "type": "vector", "dimensions": 3072,
     "rows": 600, "index": None},
]  # fmt: skip
for case in CASES:
    case.setdefault("id", "bigint")
    case.setdefault("fillfactor", 100)


@cache
def measured() -> dict[str, Any]:
    """The sizes PGlite's PostgreSQL gives, once per session."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is needed to run PGlite")
    assert PGLITE.is_dir(), "npm ci installs @electric-sql/pglite (package.json)"
    done = subprocess.run(
        [node, str(MEASURE)],
        input=json.dumps(CASES),
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def model(case: dict[str, Any]) -> PgvectorSize:
    return pgvector_size(
        case["rows"],
        case["dimensions"],
        case["type"],
        index=case["index"] or "none",
        hnsw_m=case.get("m", 16),
        lists=case.get("lists", 100),
        id_type=case["id"],
        fillfactor=case["fillfactor"],
    )


def figures(case: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """(model, measured) bytes of each relation and of the table, index and total."""
    size = model(case)
    table = case["heap_bytes"] + case["toast_bytes"] + case["toast_index_bytes"]
    return {
        "heap": (size.heap_bytes, case["heap_bytes"]),
        "toast": (size.toast_bytes, case["toast_bytes"]),
        "toast index": (size.toast_index_bytes, case["toast_index_bytes"]),
        "primary key": (size.primary_key_bytes, case["primary_key_bytes"]),
        "table": (size.table_bytes, table),
        "index": (size.index_bytes, case["index_bytes"]),
        "total": (size.total_bytes, table + case["primary_key_bytes"] + case["index_bytes"]),
    }


def error(pair: tuple[int, int]) -> Fraction:
    ours, theirs = pair
    return Fraction(ours - theirs, theirs) if theirs else Fraction(0 if ours == 0 else 1)


@pytest.mark.slow
def test_pgvector_is_the_version_the_model_reads() -> None:
    assert measured()["pgvector"] == "0.8.1"


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(CASES)), ids=[case["name"] for case in CASES])
def test_the_model_is_within_its_error_of_a_real_pgvector(index: int) -> None:
    case = measured()["results"][index]
    assert case["name"] == CASES[index]["name"]
    parts = figures(case)
    assert parts["heap"][0] == parts["heap"][1], "the heap's layout is exact"
    for name in ("table", "index", "total"):
        assert abs(error(parts[name])) <= TOLERANCE, (name, parts[name])


def markdown() -> str:
    """The measured errors as docs/storage.md shows them."""
    results = measured()
    lines = [
        f"pgvector {results['pgvector']} (PGlite), {len(results['results'])} cases:",
        "",
        "| case | rows | table: ours / measured | error | index: ours / measured | error |"
        " total error |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for case in results["results"]:
        parts = figures(case)
        cells = [case["name"], f"{case['rows']:,}"]
        for name in ("table", "index"):
            ours, theirs = parts[name]
            cells += [f"{ours:,} / {theirs:,}", f"{float(error(parts[name])):+.1%}"]
        cells.append(f"{float(error(parts['total'])):+.1%}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown())
