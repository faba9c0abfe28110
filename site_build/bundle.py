"""The bundle step: the page's and the worker's module scripts as a few files instead of one
request per module.  Each request costs a round trip under a driver that watches the network
and on a dev server's HTTP/1.1 connections, and every static import is one more level the
browser only finds once the importing module has arrived: the worker's chain page → boot.js →
runtime.js → worker.js → build-manifest.js → pyodide.mjs loses two levels.  The sources keep
one module per concern; only dist/ holds the bundles.

esbuild does the bundling (site_build/project.py pins it); its output is deterministic, so a
build is reproducible with it."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_build.modules import imported_modules, imports_of
from site_build.project import NO_TSCONFIG, BuildError, esbuild, node_command


@dataclass(frozen=True)
class Bundle:
    """One esbuild run: its entry modules (each gives a file of the same name), the imports
    left as they are, and whether modules the entries share go to a file of their own."""

    entries: tuple[str, ...]
    external: tuple[str, ...] = ()
    shared: bool = False


BUNDLES = (
    # The head's async script: it starts the worker while the page is parsed.
    Bundle(("boot.js",)),
    # The rest of the page, with the counting panel's module, imported on first use, beside
    # it; what both use is one shared file.  boot.js stays out: the page's modules must get
    # the very calculator the head's script started, the module at that same URL.
    Bundle(("page.js", "count.js"), external=("./boot.js",), shared=True),
    # The worker; the counting code it imports on first use, and Pyodide's files, stay out.
    Bundle(("worker.js",), external=("./count-worker.js", "../pyodide-*")),
)


def run_esbuild(assets: Path, bundle: Bundle, output: Path) -> set[str]:
    """Bundle from the modules in `assets` into `output`; the modules it took in."""
    metafile = output / "meta.json"
    command = [
        node_command("to bundle the page's scripts"),
        str(esbuild()),
        *bundle.entries,
        "--bundle",
        # Whitespace, syntax and local names: the page's own files are held to 250 KB
        # (docs/performance.md); the sources stay readable, one module per concern.
        "--minify",
        "--format=esm",
        "--charset=utf8",
        "--legal-comments=none",
        "--log-level=warning",
        NO_TSCONFIG,
        f"--outdir={output}",
        f"--metafile={metafile}",
        *(f"--external:{name}" for name in bundle.external),
        *(["--splitting", "--chunk-names=shared-[hash]"] if bundle.shared else []),
    ]
    done = subprocess.run(command, cwd=assets, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(f"bundling {', '.join(bundle.entries)} failed:\n{done.stderr}")
    inputs = set(json.loads(metafile.read_text(encoding="utf-8"))["inputs"])
    metafile.unlink()
    return inputs


def bundle_scripts(assets: Path) -> None:
    """Replace the modules in `assets` (web/'s, without comments, and build-manifest.js) by
    the bundles; a module no bundle took in, and every module a remaining one imports, stay."""
    taken: set[str] = set()
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder)
        runs = {bundle.entries: run_esbuild(assets, bundle, output) for bundle in BUNDLES}
        check_each_module_once(runs)
        taken = set().union(*runs.values())
        bundles = {path.name for path in output.iterdir()}
        for name in taken - bundles - still_imported(assets, taken, bundles):
            (assets / name).unlink()
        for path in sorted(output.iterdir()):
            # Minified, with --legal-comments=none: no comment left to take out.
            shutil.copyfile(path, assets / path.name)
    check_imports_resolve(assets)


def check_each_module_once(runs: dict[tuple[str, ...], set[str]]) -> None:
    """No module in two bundles: two copies would be two instances of its state (the form,
    the calculator).  Within one run esbuild shares a module between its entries; across
    runs only this check does (the names are minified, so the bundles' text cannot show it).

    >>> check_each_module_once({("a.js",): {"a.js", "x.js"}, ("b.js",): {"b.js", "x.js"}})
    Traceback (most recent call last):
    ...
    site_build.project.BuildError: x.js is in two bundles: a.js and b.js
    """
    owner: dict[str, tuple[str, ...]] = {}
    for entries, inputs in runs.items():
        for name in sorted(inputs):
            if name in owner:
                first, second = ", ".join(owner[name]), ", ".join(entries)
                raise BuildError(f"{name} is in two bundles: {first} and {second}")
            owner[name] = entries


def still_imported(assets: Path, taken: set[str], bundles: set[str]) -> set[str]:
    """The modules the bundles took in that a module they did not take imports, directly or
    not (count-worker.js's build-manifest.js): shipped as they are, beside the bundles."""
    untouched = sorted({path.name for path in assets.glob("*.js")} - taken - bundles)
    return set(imported_modules(untouched, assets, dynamic=True)) & (taken - bundles)


def check_imports_resolve(assets: Path) -> None:
    """Every module a shipped module imports is shipped: a module that a bundle took in but a
    script left outside still imports would fail only in a visitor's browser."""
    for path in sorted(assets.glob("*.js")):
        for name in imports_of(path.read_text(encoding="utf-8"), dynamic=True):
            if not (assets / name).is_file():
                raise BuildError(f"{path.name} imports ./{name}, which the bundles left out")
