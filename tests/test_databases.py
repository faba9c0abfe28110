"""Storage as pgvector and Qdrant store it: the layout's rules, brute-forced, and the CLI.

The figures against a real pgvector are in test_pgvector_measured.py.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import CalculatorError, vector_size
from calculator._databases import (
    FORMULA_PARAMS,
    PARTS,
    SOURCES,
    WHERE,
    database_storage,
    database_type,
)
from calculator._errors import english_catalog
from calculator._pgvector import (
    _expected_pairs_per_page,
    _toast_pages,
    _toast_row,
    pgvector_size,
    value_bytes,
)
from calculator._qdrant import qdrant_size
from calculator.cli import main

# rows, dimensions, type, index, M, lists, id, fillfactor → heap, TOAST, TOAST index, primary
# key and index pages, as PGlite's PostgreSQL 17 with pgvector 0.8.1 made them.
MEASURED = [
    (3000, 384, "vector", "hnsw", 16, 100, "bigint", 100, 600, 0, 1, 11, 751),
    (1000, 768, "vector", "none", 16, 100, "bigint", 100, 8, 500, 8, 5, 0),
    (1000, 1536, "vector", "none", 16, 100, "bigint", 100, 8, 1000, 13, 5, 0),
    (3000, 1024, "bit", "hnsw", 16, 100, "bigint", 100, 64, 0, 0, 11, 161),
    (3000, 768, "bit", "ivfflat", 16, 30, "bigint", 90, 58, 0, 0, 11, 62),
    (3000, 16, "vector", "hnsw", 4, 100, "bigint", 100, 40, 0, 1, 11, 82),
    (2000, 256, "halfvec", "hnsw", 32, 100, "integer", 100, 143, 0, 1, 8, 252),
    (300, 3000, "halfvec", "hnsw", 16, 100, "bigint", 100, 3, 300, 6, 2, 301),
    (2000, 1536, "vector", "ivfflat", 16, 40, "bigint", 100, 15, 2000, 24, 8, 2041),
]


@pytest.mark.parametrize(
    ("rows", "dimensions", "kind", "index", "m", "lists", "id_type", "fillfactor",
     "heap", "toast", "toast_index", "primary_key", "index_pages"),
    MEASURED,
)  # fmt: skip
def test_pages_as_measured(
    rows: int, dimensions: int, kind: str, index: str, m: int, lists: int, id_type: str,
    fillfactor: int, heap: int, toast: int, toast_index: int, primary_key: int,
    index_pages: int,
) -> None:  # fmt: skip
    size = pgvector_size(
        rows, dimensions, kind, index=index, hnsw_m=m, lists=lists, id_type=id_type,
        fillfactor=fillfactor,
    )  # fmt: skip
    assert (size.heap_pages, size.toast_pages, size.toast_index_pages) == (heap, toast, toast_index)
    assert size.primary_key_pages == primary_key
    # The index is an estimate: within a page or two of what was measured.
    assert abs(size.index_pages - index_pages) <= 2


def heap_pages_one_by_one(rows: int, row: int, fillfactor: int) -> int:
    """PostgreSQL's rule, row by row: a row goes on the last page while the page keeps its
    fillfactor's reserve free after the row and its line pointer."""
    reserve = 8192 * (100 - fillfactor) // 100
    pages, free = 0, 0
    item = -(-row // 8) * 8
    for _ in range(rows):
        if pages == 0 or free - 4 < item + reserve:
            pages, free = pages + 1, 8192 - 24
        free -= item + 4
    return pages


@given(
    st.integers(0, 3000), st.integers(1, 600), st.sampled_from(["vector", "halfvec", "bit"]),
    st.sampled_from(["bigint", "integer"]), st.integers(10, 100),
)  # fmt: skip
def test_heap_pages_are_the_rows_laid_one_by_one(
    rows: int, dimensions: int, kind: str, id_type: str, fillfactor: int
) -> None:
    size = pgvector_size(rows, dimensions, kind, index="none", id_type=id_type,
                         fillfactor=fillfactor)  # fmt: skip
    assert size.heap_pages == heap_pages_one_by_one(rows, size.heap_row_bytes, fillfactor)
    # The row: a 24-byte header, the id, then the value (short header up to 130 bytes).
    value = value_bytes(kind, dimensions)
    id_bytes = 8 if id_type == "bigint" else 4
    assert size.toasted == (size.row_bytes > 2032)
    assert size.row_bytes >= 24 + id_bytes + value - 3


def toast_pages_one_by_one(values: int, data: int) -> int:
    """The TOAST model's rule without skipping repeats: chunk rows in order on the last page;
    a last chunk that does not fit goes to room left on earlier pages, or a new page."""
    full, rest = divmod(data, 1996)
    chunk, last = _toast_row(1996), (_toast_row(rest) if rest else 0)
    space, used, room, pages = 8192 - 24, 8192 - 24, 0, 0
    for _ in range(values):
        for _ in range(full):
            if used + chunk > space:
                room = min(64, room + (space - used) // last) if last else room
                pages, used = pages + 1, 0
            used += chunk
        if last and used + last <= space:
            used += last
        elif last and room:
            room -= 1
        elif last:
            room = min(64, room + (space - used) // last)
            pages, used = pages + 1, last
    return pages


@given(st.integers(0, 2000), st.integers(2033, 40_000))
def test_toast_pages_skip_only_whole_repeats(values: int, data: int) -> None:
    assert _toast_pages(values, data) == toast_pages_one_by_one(values, data)


def test_expected_pairs_per_page_is_the_sum_over_every_level_combination() -> None:
    # Two sizes with weights 3 and 1 (levels 0 and 1 of M = 4): E[k] = Σ_j P(S_j ≤ space).
    pairs = [(2000, 3), (2600, 1)]
    expected = Fraction(0)
    for count in range(1, 6):
        for levels in product(range(2), repeat=count):
            if sum(pairs[level][0] for level in levels) <= 8160:
                weight = Fraction(1)
                for level in levels:
                    weight *= Fraction(pairs[level][1], 4)
                expected += weight
    assert _expected_pairs_per_page(pairs) == expected


def test_every_layer_holds_about_n_over_m_to_the_l() -> None:
    size = pgvector_size(1_000_000, 384, hnsw_m=16)
    assert size.upper_layer_elements == 62_500 + 3_906 + 244 + 15
    assert size.expected_layers == 5  # levels 0 to 4: 16^4 ≤ 1,000,000 < 16^5


def test_types_and_limits() -> None:
    assert database_type("pgvector", "binary") == "bit"
    with pytest.raises(CalculatorError) as raised:
        database_type("pgvector", "bfloat16")
    assert (raised.value.field, raised.value.key) == ("database", "dtype_not_stored")
    with pytest.raises(CalculatorError) as raised:
        pgvector_size(10, 2001, "vector")
    assert (raised.value.field, raised.value.key) == ("index_kind", "too_many_dimensions")
    assert raised.value.params["maximum"] == "2000"
    assert pgvector_size(10, 4000, "halfvec").index_pages > 0
    with pytest.raises(CalculatorError) as raised:
        pgvector_size(10, 16_001, "vector", index="none")
    assert (raised.value.field, raised.value.params["index"]) == ("database", "vector")


def test_qdrant_parts_follow_its_capacity_planning() -> None:
    size = qdrant_size(1_000_000, 768, replicas=2, payload_bytes=1024 * 1_000_000)
    assert size.vector_bytes == 2_000_000 * 768 * 4
    assert size.id_tracker_bytes == 2_000_000 * 52
    assert size.payload_bytes == 2 * 1024 * 1_000_000 * 3 // 2
    # The docs' 2·m·4 × 1.2 per point; the source's layers and offsets come to about 1.24.
    docs = 2_000_000 * 16 * 2 * 4 * Fraction(6, 5)
    assert abs(Fraction(size.hnsw_bytes) / docs - 1) < Fraction(5, 100)
    assert size.ram_bytes == size.vector_bytes + size.hnsw_bytes + size.id_tracker_bytes
    on_disk = qdrant_size(1000, 768, on_disk="vectors_hnsw")
    assert on_disk.ram_bytes == on_disk.id_tracker_bytes
    assert on_disk.disk_bytes == on_disk.total_bytes


def test_database_storage_adds_the_chunks_text_beside_pgvector_rows() -> None:
    size = database_storage("pgvector", vector_size(100, 384), text_bytes=5000, replicas=2)
    names = [part.name for part in size.parts]
    assert names[-1] == "text_bytes"
    assert size.total_bytes == 2 * sum(part.bytes for part in size.parts)


@pytest.mark.parametrize(
    ("database", "rows", "dimensions", "dtype", "options"),
    [
        ("pgvector", 3000, 384, "float32", {}),
        ("pgvector", 1000, 1536, "float32", {"text_bytes": 10, "metadata_bytes": 5}),
        ("pgvector", 2000, 768, "float16", {"index_kind": "ivfflat", "lists": 30}),
        ("pgvector", 0, 64, "binary", {"replicas": 2}),
        ("qdrant", 1000, 768, "int8", {"on_disk": "vectors_hnsw", "text_bytes": 100,
                                       "quantized": vector_size(1000, 768, "binary")}),
    ],
)  # fmt: skip
def test_every_part_says_its_formula_source_and_place_as_the_tables_declare(
    database: str, rows: int, dimensions: int, dtype: str, options: dict[str, Any]
) -> None:
    size = database_storage(database, vector_size(rows, dimensions, dtype), **options)
    for part in size.parts:
        assert part.name in PARTS
        assert [name for name, _ in part.formula_params] == list(FORMULA_PARAMS[part.formula_key])
        assert part.source_key in SOURCES
        assert part.where in (WHERE if database == "qdrant" else ("",))
        # The English catalog words it, every figure filled in.
        assert f"storage.db.formula.{part.formula_key}" in english_catalog()
        assert f"storage.db.source.{part.source_key}" in english_catalog()
        assert "{" not in part.formula


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_command_line_sizes_pgvector_as_it_stores(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--tokens", "1536000", "--chunk-size", "512", "--dimensions", "384",
        "--hnsw-m", "16", "--database", "pgvector", "--json",
    )  # fmt: skip
    assert status == 0
    storage = json.loads(out)["storage"]
    database = storage["database"]
    parts = {part["name"]: part for part in database["parts"]}
    assert (database["name"], database["type"], database["index"]) == ("pgvector", "vector", "hnsw")
    assert parts["heap_bytes"]["bytes"] == 600 * 8192
    parts_total = database["table_bytes"] + parts["primary_key_bytes"]["bytes"]
    assert (
        storage["total_bytes"] == database["total_bytes"] == parts_total + database["index_bytes"]
    )
    assert storage["generic_total_bytes"] == 3000 * (1536 + 128)
    assert all(part["source"] for part in database["parts"])
    assert parts["index_bytes"]["estimate"] and not parts["heap_bytes"]["estimate"]


def test_the_command_line_sizes_qdrant(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--tokens", "512000", "--chunk-size", "512", "--dimensions", "768",
        "--database", "qdrant", "--on-disk", "vectors", "--json",
    )  # fmt: skip
    assert status == 0
    database = json.loads(out)["storage"]["database"]
    parts = {part["name"]: part["bytes"] for part in database["parts"]}
    assert database["total_bytes"] == database["disk_bytes"]
    assert database["ram_bytes"] == parts["hnsw_bytes"] + parts["id_tracker_bytes"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dtype", "int8", "--database", "pgvector"],
         "--database: pgvector cannot store int8 vectors; choose float32 (4 bytes), float16 "
         "(2 bytes), or binary (1 bit per dimension)."),
        (["--dimensions", "3072", "--database", "pgvector"],
         "--index: In pgvector, HNSW takes at most 2,000 dimensions."),
        (["--bytes-per-dimension", "3", "--database", "qdrant"],
         "--database: Qdrant cannot store vectors of a custom representation; choose "
         "float32 (4 bytes), float16 (2 bytes), or int8 (1 byte)."),
        (["--database", "pgvector", "--index", "ivfflat", "--lists", "0"],
         "--lists: Enter 1 or more."),
    ],
)  # fmt: skip
def test_what_a_database_cannot_store_is_said(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    base = ["--tokens", "1000", "--chunk-size", "100", "--dimensions", "384"]
    status, _, err = run(capsys, *base, *args)
    assert status == 2
    assert message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--database", "qdrant", "--index", "ivfflat"], "--index: only with --database pgvector"),
        (["--database", "pgvector", "--lists", "50"], "--lists: only with --index ivfflat"),
        (["--index", "ivfflat", "--lists", "50"], "--index: only with --database pgvector"),
        (["--database", "pgvector", "--on-disk", "vectors"],
         "--on-disk: only with --database qdrant"),
    ],
)  # fmt: skip
def test_a_databases_own_flag_is_refused_under_another_choice(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    # The page shows these fields only under their choice, and the form reads them only
    # there; the command line says so rather than ignoring what was asked.
    with pytest.raises(SystemExit) as exited:
        main(["--tokens", "1000", "--chunk-size", "100", "--dimensions", "384", *args])
    assert exited.value.code == 2
    assert f"argument {message}" in capsys.readouterr().err


def test_the_generic_formula_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--tokens", "1536000", "--chunk-size", "512", "--dimensions", "384", "--json"]
    _, plain, _ = run(capsys, *base, "--hnsw-m", "16")
    _, generic, _ = run(capsys, *base, "--hnsw-m", "16", "--database", "generic")
    assert json.loads(plain) == json.loads(generic)
    assert "database" not in json.loads(plain)["storage"]
