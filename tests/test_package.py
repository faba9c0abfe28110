"""The package's shape: a pure wheel, standard library only, a small public API."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import calculator

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "calculator"


def imported_modules(source: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
    return names


@pytest.mark.parametrize("source", sorted(PACKAGE.glob("*.py")), ids=lambda path: path.name)
def test_imports_only_the_standard_library(source: Path) -> None:
    assert imported_modules(source) <= set(sys.stdlib_module_names) | {"__future__"}


def test_public_api_is_exactly_all() -> None:
    # dir(): the panels' names are imported on first use (the package's __getattr__).
    public = {name for name in dir(calculator) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(calculator, name)) is type(calculator)}
    # The page's worker and the start-up tools call these two on the package itself.
    worker_names = {"respond", "DEFAULT_FIELDS"}
    assert public - modules - worker_names == set(calculator.__all__) - modules
    # The page's protocol, imported with the package; the command line's, once it runs.
    assert "protocol" in modules
    assert modules <= {"protocol", "cli"}


def test_the_web_protocol_is_apart_from_the_model() -> None:
    assert not set(calculator.__all__) & set(calculator.protocol.__all__)
    assert calculator.respond is calculator.protocol.respond
    assert calculator.DEFAULT_FIELDS is calculator.protocol.DEFAULT_FIELDS


def test_pyproject_builds_a_pure_wheel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hatchling_build = pytest.importorskip("hatchling.build")
    monkeypatch.chdir(ROOT)
    wheel = tmp_path / hatchling_build.build_wheel(str(tmp_path))
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {f"calculator/{path.name}" for path in PACKAGE.glob("*.py")} <= names
    assert "calculator/py.typed" in names
    assert not any(name.startswith(("tests/", "web/", "locales/")) for name in names)
    # The command line's English is the site's English catalog, carried inside the package.
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("calculator/en.json") == (ROOT / "locales" / "en.json").read_bytes()


def test_an_installed_wheel_words_errors_as_the_english_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hatchling_build = pytest.importorskip("hatchling.build")
    monkeypatch.chdir(ROOT)
    wheel = tmp_path / hatchling_build.build_wheel(str(tmp_path))
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path / "site")
    completed = subprocess.run(
        [sys.executable, "-m", "calculator", "--tokens", "-5", "--chunk-size", "64"],
        cwd=tmp_path / "site",
        check=False,
        capture_output=True,
        text=True,
    )
    assert completed.stderr == "python3 -m calculator: error: --tokens: Enter 0 or more.\n"


def test_the_pages_python_does_not_load_typing() -> None:
    """The answer's types are for the checkers; typing would be one more module at start."""
    code = "import sys, calculator; sys.exit('typing' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0
