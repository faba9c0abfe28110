"""The page's and the worker's modules ship as bundles (site_build/bundle.py): a few files,
each module's code in one of them, every import answered by a shipped file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import build
from engine.build.pyodide import PYODIDE_SCRIPT
from site_build.bundle import check_each_module_once, check_imports_resolve
from site_build.comments import js_without_comments
from site_build.modules import (
    SOURCE_IMPORT,
    imports_of,
    script_sources,
)
from site_build.project import BuildError

# What a page, its worker and the pages that embed it load by name; every other script
# reaches them inside these.
SHIPPED_SCRIPTS = {
    "boot.js",  # the head's: starts the worker
    "page.js",  # the page's module script
    "count.js",  # imported when text is first counted
    "worker.js",
    "count-worker.js",  # the worker imports it when text is first counted
    "build-manifest.js",  # count-worker.js's
    "split-again.js",  # count-worker.js imports it when a splitter's trade-off is first shown
    "evaluate.js",  # count-worker.js imports it when retrieval is first measured
    "embed-host.js",  # for the pages that embed the calculator
    "query-guard.js",  # a classic script of the head
    "redirect.js",  # dist/index.html's
}


def shipped_scripts(dist: Path, layout: build.Layout) -> dict[str, str]:
    return {
        path.name: path.read_text(encoding="utf-8")
        for path in sorted((dist / layout.assets).glob("*.js"))
    }


def test_the_modules_ship_as_a_few_bundles(dist: Path, layout: build.Layout) -> None:
    names = set(shipped_scripts(dist, layout))
    shared = {name for name in names if name.startswith("shared-")}
    assert len(shared) == 1  # what page.js and count.js both use
    assert names - shared == SHIPPED_SCRIPTS


def test_a_module_in_two_bundles_fails_the_build() -> None:
    # Two copies of a module would be two instances of its state (the form, the calculator);
    # the bundles' names are minified, so the build checks esbuild's own list of inputs.
    with pytest.raises(
        BuildError, match=r"^state\.js is in two bundles: page\.js, count\.js and boot\.js$"
    ):
        check_each_module_once({
            ("page.js", "count.js"): {"page.js", "count.js", "state.js"},
            ("boot.js",): {"boot.js", "state.js"},
        })  # fmt: skip
    check_each_module_once(
        {("page.js", "count.js"): {"page.js", "state.js"}, ("boot.js",): {"boot.js"}}
    )


def test_the_page_and_the_worker_start_from_their_bundles_alone(
    dist: Path, layout: build.Layout
) -> None:
    # boot.js holds runtime.js, and the worker's bundle its build manifest: the chain from
    # the page to Pyodide's pyodide.mjs is page → boot.js → worker.js.
    scripts = shipped_scripts(dist, layout)
    assert imports_of(scripts["boot.js"], dynamic=True) == []
    assert 'new URL("./worker.js",import.meta.url)' in scripts["boot.js"]
    assert imports_of(scripts["worker.js"], dynamic=True) == ["count-worker.js"]  # on first use
    assert f'from"../{layout.runtime}pyodide.mjs";' in scripts["worker.js"]
    assert set(imports_of(scripts["page.js"])) == {"boot.js"} | {
        name for name in scripts if name.startswith("shared-")
    }
    assert imports_of(scripts["page.js"], dynamic=True)[-1] == "count.js"  # on first use


def test_the_sources_import_each_other_without_a_cycle_or_a_re_export() -> None:
    # A module imports a name from the module that defines it; a hub that re-exports its
    # neighbours' names hides where they live, and a cycle makes the order they run in a
    # matter of who was imported first.
    sources = script_sources()
    graph = {}
    for name, path in sources.items():
        code = js_without_comments(path.read_text(encoding="utf-8"))
        assert not re.search(r"^export\s*(?:\*|\{[^}]*\})\s*from\b", code, re.M), name
        graph[name] = [match.group(2).rsplit("/", 1)[-1] for match in SOURCE_IMPORT.finditer(code)]
    for start, imported in graph.items():
        reached = {start}
        queue = list(imported)
        while queue:
            name = queue.pop()
            assert name != start, f"{start} imports itself through {sorted(reached)}"
            if name not in reached and name in graph:
                reached.add(name)
                queue.extend(graph[name])


def test_a_module_left_without_what_it_imports_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport const a = b;\n')
    with pytest.raises(BuildError, match=r"a\.js imports \./b\.js"):
        check_imports_resolve(tmp_path)
    (tmp_path / "b.js").write_text("export const b = 1;\n")
    check_imports_resolve(tmp_path)


def test_pyodides_script_ships_minified_with_the_names_its_snippets_use(
    dist: Path, layout: build.Layout
) -> None:
    original = (build.ensure_pyodide() / PYODIDE_SCRIPT).read_text(encoding="utf-8")
    shipped = (dist / layout.runtime / PYODIDE_SCRIPT).read_text(encoding="utf-8")
    assert len(shipped) < 0.9 * len(original)
    # The snippets the wasm carries are evaluated inside the script's module function and
    # name its variables: those keep their names (a minified name would fail only there).
    assert "eval(" in shipped
    for name in ("Module", "HEAPU8", "HEAP32", "wasmExports", "UTF8ToString", "API"):
        assert re.search(rf"(?:\bvar |,){name}[=,;]", shipped), name
    assert shipped.startswith("async function _createPyodideModule(")
    # Booting from it under Node: tests/test_build.py's fresh-memory test runs the shipped
    # runtime directory; every browser test in both engines runs it too.
