"""Each name list the calculator, the command line, the templates and the page share is
declared once: splitters (``calculator._documents.CHUNKERS``), tokenizers by name
(``calculator._encodings``), models (``calculator/models.json``) and byte units
(``calculator._units``).  Everywhere else reads or receives them; a list of two or more of
them written by hand in a hand-written file (a Python tuple, a JavaScript array, a TypeScript
union, a template's loop) fails here, naming the file and the line.  And no file of
hand-written code is longer than a reader takes in whole."""

from __future__ import annotations

import ast
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from calculator._documents import CHUNKERS
from calculator._encodings import COUNTERS, ENCODINGS
from calculator._tokens import RANK_FILES
from calculator._units import IEC_UNITS, SI_UNITS

ROOT = Path(__file__).resolve().parent.parent

FACTS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    # fact: (its names, the files that declare them)
    "splitter": (frozenset(CHUNKERS), ("calculator/_documents.py",)),
    "encoding": (frozenset(COUNTERS), ("calculator/_encodings.py",)),
    "model": (
        frozenset(json.loads((ROOT / "calculator" / "models.json").read_text())["models"]),
        ("calculator/models.json",),
    ),
    "unit": (frozenset((*IEC_UNITS, *SI_UNITS)) - {"bytes"}, ("calculator/_units.py",)),
}
# Hand-written code that runs somewhere: the calculator, the build, the page.  Generated
# tables name their generator; tests and docs may name what they check or explain.
SOURCES = ("calculator/", "site_build/", "engine/", "web/", "docs_integrations/")
GENERATED = ("calculator/_tables/", "calculator/_tokens/_tables/", "calculator/_splitters/_tables/")
# Two or more quoted names in one array, tuple or union, in JavaScript, TypeScript or a
# Jinja template: "a", "b" or "a" | "b".
_QUOTED_RUN = re.compile(r"""(["'])([^"'\n]+)\1(?:\s*[,|]\s*(["'])([^"'\n]+)\3)+""")
_QUOTED = re.compile(r"""(["'])([^"'\n]+)\1""")


def tracked_sources() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", *SOURCES], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    return [
        path
        for path in listed
        if path.endswith((".py", ".js", ".mjs", ".ts", ".j2")) and not path.startswith(GENERATED)
    ]


def python_lists(source: str) -> Iterator[tuple[int, list[str]]]:
    """The string constants of each tuple, list, set and ``Literal[...]`` of a module."""
    for node in ast.walk(ast.parse(source)):
        elements: list[ast.expr] = []
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            elements = node.elts
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Tuple):
            elements = node.slice.elts
        names = [
            element.value
            for element in elements
            if isinstance(element, ast.Constant) and isinstance(element.value, str)
        ]
        if len(names) > 1 and isinstance(node, ast.expr):
            yield node.lineno, names


def script_lists(source: str) -> Iterator[tuple[int, list[str]]]:
    for run in _QUOTED_RUN.finditer(source):
        names = [quoted.group(2) for quoted in _QUOTED.finditer(run.group(0))]
        yield source.count("\n", 0, run.start()) + 1, names


def hand_copies(path: str, source: str) -> Iterator[str]:
    lists = python_lists(source) if path.endswith(".py") else script_lists(source)
    for line, names in lists:
        for fact, (known, declared_in) in FACTS.items():
            if path in declared_in:
                continue
            named = sorted(set(names) & known)
            if len(named) > 1:
                yield f"{path}:{line}: {fact} names written by hand: {', '.join(named)}"


def test_every_fact_is_declared_where_the_test_says() -> None:
    for fact, (known, declared_in) in FACTS.items():
        assert len(known) > 1, fact
        for path in declared_in:
            text = (ROOT / path).read_text(encoding="utf-8")
            assert any(name in text for name in known), (fact, path)


def test_the_rank_files_are_the_declared_encodings() -> None:
    assert tuple(RANK_FILES) == ENCODINGS


def test_no_name_list_is_written_by_hand_outside_its_declaration() -> None:
    found = [
        copy
        for path in tracked_sources()
        for copy in hand_copies(path, (ROOT / path).read_text(encoding="utf-8"))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("web/page/x.js", 'const SPLITTERS = ["recursive", "markdown", "sentence"];'),
        ("web/types/x.d.ts", 'type Encoding = "o200k_base" | "cl100k_base" | string;'),
        ("web/templates/x.j2", '{%- for s in ("window", "recursive") %}'),
        ("calculator/x.py", '_ORDER = ("recursive", "markdown")'),
        ("calculator/x.py", 'Kind = Literal["KiB", "MiB"]'),
        ("web/pure/x.js", 'const IEC = ["", "KiB", "MiB", "GiB"];'),
        ("calculator/x.py", 'NAMES = ["all-MiniLM-L6-v2", "e5-base-v2"]'),
    ],
)
def test_a_hand_copy_is_found(path: str, text: str) -> None:
    assert list(hand_copies(path, text))


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("calculator/x.py", 'special = splitter == "sentence"'),
        ("web/page/x.js", 'if (name === "recursive") { go("a", "b"); }'),
        ("calculator/x.py", 'PAIR = ("window", "cost")'),
    ],
)
def test_one_name_used_is_not_a_copy(path: str, text: str) -> None:
    assert not list(hand_copies(path, text))


# A file a reader takes in whole: hand-written code of any kind stays under this many lines;
# a generated table (in a _tables/ folder, naming its generator) may be as long as its data.
MOST_LINES = 600
CODE = (".py", ".js", ".mjs", ".ts", ".j2", ".css", ".sh")


def test_no_file_of_hand_written_code_is_over_600_lines() -> None:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    long = [
        f"{path}: {lines} lines"
        for path in listed
        if path.endswith(CODE) and "/_tables/" not in path and (ROOT / path).exists()
        for lines in [len((ROOT / path).read_text(encoding="utf-8").splitlines())]
        if lines > MOST_LINES
    ]
    assert not long, "\n".join(long)
