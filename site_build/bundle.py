"""The bundle step: the page's and the worker's module scripts as a few files instead of one
request per module (31 for a page).  Each request costs a round trip under a driver that
watches the network and on a dev server's HTTP/1.1 connections, and every static import is
one more level the browser only finds once the importing module has arrived: the worker's
chain page → boot.js → runtime.js → worker.js → build-manifest.js → pyodide.mjs loses two
levels.  web/ keeps one module per concern; only dist/ holds the bundles.

esbuild does the bundling: esbuild-wasm from its pinned npm package, run by Node, so one tool
serves every platform the build runs on (0.25.12: later versions' Go runtime crashes Node 20
while it starts).  Its output is deterministic; a build is reproducible with it."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_build.comments import js_without_comments
from site_build.modules import imported_modules, imports_of
from site_build.project import CACHE, PYODIDE_TARBALL_SHA256, BuildError, node_command
from site_build.runtime import npm_packed

ESBUILD_PACKAGE = "esbuild-wasm@0.25.12"
# sha256 of the tarball `npm pack esbuild-wasm@0.25.12` downloads; change it only with the
# version, after checking that the new version runs and bundles the same.
ESBUILD_TARBALL_SHA256 = "e0712c0e7a9bcfb53c648f63222b07d6ef052897da093498441b8ac5fcfc5342"
ESBUILD = CACHE / "esbuild-wasm-0.25.12"
# Pyodide's JavaScript, which every visit downloads before Python starts.
PYODIDE_SCRIPT = "pyodide.asm.mjs"
# esbuild reads the nearest tsconfig.json above the files it is given (the project's, for a
# build into dist/ or for .cache/): its settings change the output (names in a minified
# file), so a build's bytes would depend on where it runs.  None is read.
NO_TSCONFIG = "--tsconfig-raw={}"
# How Pyodide's script is minified; the cached copy is named by these options too.
MINIFY_OPTIONS = (
    "--minify",
    "--format=esm",
    "--charset=utf8",
    "--legal-comments=inline",
    NO_TSCONFIG,
    # The direct eval's warning: expected (see minified_pyodide_script).
    "--log-level=error",
)


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


def esbuild() -> Path:
    """esbuild's command-line script in .cache/ (unpacked once from the checked tarball)."""
    script = ESBUILD / "bin" / "esbuild"
    if script.exists():
        return script
    tarball = npm_packed(ESBUILD_PACKAGE, ESBUILD_TARBALL_SHA256, "the JavaScript bundler")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging, tarfile.open(tarball) as archive:
        archive.extractall(staging, filter="data")
        shutil.rmtree(ESBUILD, ignore_errors=True)
        (Path(staging) / "package").rename(ESBUILD)
    return script


def run_esbuild(assets: Path, bundle: Bundle, output: Path) -> set[str]:
    """Bundle from the modules in `assets` into `output`; the modules it took in."""
    metafile = output / "meta.json"
    command = [
        node_command("to bundle the page's scripts"),
        str(esbuild()),
        *bundle.entries,
        "--bundle",
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
        for bundle in BUNDLES:
            taken |= run_esbuild(assets, bundle, output)
        bundles = {path.name for path in output.iterdir()}
        for name in taken - bundles - still_imported(assets, taken, bundles):
            (assets / name).unlink()
        for path in sorted(output.iterdir()):
            # esbuild marks where each module starts with a comment naming its file.
            text = js_without_comments(path.read_text(encoding="utf-8"))
            (assets / path.name).write_text(text, encoding="utf-8", newline="\n")
    check_imports_resolve(assets)


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


def minified_pyodide_script(pyodide: Path) -> Path:
    """Pyodide's pyodide.asm.mjs as esbuild minifies it, made once per Pyodide tarball in
    .cache/: 207 → 181 KB as brotli (its 1.25 MB are Emscripten's output with the
    whitespace gone but every name whole, 15,000 export names three times over).

    The script evaluates JavaScript snippets that the wasm carries (EM_ASM, EM_JS) with a
    direct eval() inside its module function; esbuild renames nothing those snippets can
    see (no name in a scope that holds a direct eval), so they find what they name.  The
    copy keeps the original's time, so the served Last-Modified stays what it was."""
    source = pyodide / PYODIDE_SCRIPT
    options = hashlib.sha256("\0".join(MINIFY_OPTIONS).encode()).hexdigest()[:8]
    name = f"{PYODIDE_SCRIPT}-{PYODIDE_TARBALL_SHA256[:16]}-{ESBUILD.name}-{options}.min.mjs"
    target = CACHE / name
    if target.exists():
        return target
    with tempfile.TemporaryDirectory(dir=CACHE) as staging:
        minified = Path(staging) / PYODIDE_SCRIPT
        command = [
            node_command("to minify Pyodide's script"),
            str(esbuild()),
            str(source),
            *MINIFY_OPTIONS,
            f"--outfile={minified}",
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BuildError(f"minifying {PYODIDE_SCRIPT} failed:\n{done.stderr}")
        shutil.copystat(source, minified)
        minified.rename(target)
    return target
