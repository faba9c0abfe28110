"""A page's first answer ({"first": true}): the main result, its errors and the link exactly as
the whole answer has them, every panel null, and none of the panels' modules imported, so
that the calculator's first zip need not hold them (engine/node/start_stdlib.py checks the
zip; this checks the package)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.protocol import DEFAULT_FIELDS, respond
from calculator.protocol._fields import home_fields

LINKS = [
    "?tokens=8000&chunk_size=400&overlap=40&dimensions=768",
    "?tokens=2500&dtype=custom&bytes_per_dimension=3&corpus=list&document_tokens=100%0A200"
    "&price_per_million=0.02&compare=512:64,256:0:768:int8",
    "?corpus=documents&documents=50000&average_tokens=1200&max_input_tokens=256&hnsw_m=16",
    "?tokens=x&chunk_size=512&overlap=512",
    "?tokens=8000&model=e5-base-v2",
]
NUMBER_FORMATS = [{"group": ",", "decimal": "."}, {"group": ".", "decimal": ","}]
# Of the panels: what the first answer must not import.
PANEL_MODULES = (
    "calculator._budget",
    "calculator._compare",
    "calculator._databases",
    "calculator._input_limit",
    "calculator._pgvector",
    "calculator._qdrant",
    "calculator._reindex",
    "calculator._storage",
    "calculator._tradeoff",
    "calculator.protocol._panel_form",
    "calculator.protocol._panel_report",
    "calculator.protocol._export",
    "urllib.parse",
)


def answers(request: dict[str, object]) -> tuple[dict[str, object], dict[str, object]]:
    first = json.loads(respond(json.dumps({**request, "first": True})))
    whole = json.loads(respond(json.dumps(request)))
    return first, whole


def assert_first_is_the_wholes_main_part(first: dict, whole: dict) -> None:  # type: ignore[type-arg]
    assert first["later"] is True
    assert "later" not in whole
    for key in ("result", "query", "fragment", "list_link", "fields", "list_came"):
        assert first.get(key) == whole.get(key), key
    assert first["panels"]["main"] == whole["panels"]["main"]
    main = set(home_fields("main"))
    assert first["errors"] == {k: v for k, v in whole["errors"].items() if k in main}
    for panel in ("documents", "budget", "cost", "reindex", "storage", "model_limit", "model"):
        assert first[panel] is None, panel
    assert all(state == "unused" for name, state in first["panels"].items() if name != "main")


@pytest.mark.parametrize("number_format", NUMBER_FORMATS, ids=["en", "de"])
@pytest.mark.parametrize("query", LINKS)
def test_a_links_first_answer_is_its_main_result(query: str, number_format: object) -> None:
    first, whole = answers({"query": query, "number_format": number_format})
    assert_first_is_the_wholes_main_part(first, whole)


TEXTS = st.one_of(st.sampled_from(["", "0", "1", "64", "512", "8000", "8.000", "x", "-3"]),
                  st.text(max_size=6))  # fmt: skip


@settings(max_examples=150)
@given(st.fixed_dictionaries({}, optional={name: TEXTS for name in home_fields("main")}))
def test_a_forms_first_answer_is_its_main_result(typed: dict[str, str]) -> None:
    fields = dict(DEFAULT_FIELDS) | typed
    first, whole = answers({"fields": fields, "number_format": NUMBER_FORMATS[0]})
    assert_first_is_the_wholes_main_part(first, whole)


def test_the_first_answer_imports_none_of_the_panels() -> None:
    script = f"""
import json, sys
from calculator.protocol import respond
for query in {LINKS[:3]!r}:
    respond(json.dumps({{"query": query, "first": True}}))
respond(json.dumps({{"fields": {{"tokens": "8000"}}, "first": True}}))
print(json.dumps(sorted(set({PANEL_MODULES!r}) & set(sys.modules))))
respond(json.dumps({{"fields": {{"tokens": "8000"}}}}))
print(json.dumps(sorted(set({PANEL_MODULES!r}) & set(sys.modules))))
"""
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    first, whole = (json.loads(line) for line in ran.stdout.splitlines())
    assert first == []
    assert "calculator.protocol._panel_form" in whole  # the check can see an import
