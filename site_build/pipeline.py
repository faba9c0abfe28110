"""The whole build, in the order build() runs it (the one place this order is written):

 1. runtime      fetch Pyodide's pinned npm package and check its hash (cached in .cache/);
                 read the catalogs (render)
 2. wheel        the calculator's wheel, dist/wheels/
 3. runtime      Pyodide's runtime files with the compiled stdlib (stdlib, made once and
                 cached) and pyodide.asm.mjs minified (bundle): pyodide-<hash>/
 4. stdlib       the start-up zip and the calculator's zip, from that stdlib and the wheel:
                 start-<hash>/
 5. snapshot     Pyodide's memory over those two zips, the calculator imported: snapshot-<hash>/
 6. token_ranks  the tokenizer's code and ranks: tokens-<hash>/
 7. render, manifest, bundle
                 our scripts and styles, build-manifest.js naming steps 3-6's directories, the
                 scripts bundled: assets-<hash>/
 8. render       one page per language (modules: what each page preloads) and the root page
 9. manifest     sw.js, with every file the service worker keeps and its integrity
10. external_urls  the privacy check: nothing shipped names another origin
11. compress     a .br and a .gz beside each file that compresses

Each versioned directory is named after its contents once it is complete, so a later step
addresses what an earlier one wrote by that name."""

from __future__ import annotations

import shutil
from pathlib import Path

from site_build.bundle import PYODIDE_SCRIPT, bundle_scripts, minified_pyodide_script
from site_build.compress import write_precompressed
from site_build.external_urls import check_no_external_urls
from site_build.layout import Layout, versioned
from site_build.manifest import write_manifest, write_service_worker
from site_build.modules import page_preloads
from site_build.project import (
    CALCULATOR_ZIP,
    DIST,
    LANGUAGES,
    LOCALES,
    PYODIDE_VERSION,
    SNAPSHOT_NAME,
    START_STDLIB,
)
from site_build.render import copy_static, load_catalogs, render_language_redirect, render_pages
from site_build.runtime import copy_pyodide, ensure_pyodide, pyodide_lock_info
from site_build.snapshot import snapshot_of
from site_build.stdlib import start_stdlib
from site_build.token_ranks import ship_tokenizer
from site_build.wheel import build_wheel


def ship_runtime(pyodide: Path, dist: Path) -> str:
    """Pyodide's runtime files (its script minified) and the compiled stdlib; the versioned
    directory's name."""
    runtime = dist / f"pyodide-{PYODIDE_VERSION}"
    copy_pyodide(pyodide, runtime)
    shutil.copy2(minified_pyodide_script(pyodide), runtime / PYODIDE_SCRIPT)
    return versioned(runtime)


def ship_start_stdlib(pyodide: Path, dist: Path, runtime: str, wheel: Path) -> tuple[str, str]:
    """The start-up zip of the shipped stdlib and the calculator's zip; their paths in dist/."""
    (dist / "start").mkdir()
    start, calculator = start_stdlib(pyodide, dist / runtime / "python_stdlib.zip", wheel)
    shutil.copy2(start, dist / "start" / START_STDLIB)
    shutil.copy2(calculator, dist / "start" / CALCULATOR_ZIP)
    directory = versioned(dist / "start")
    return directory + START_STDLIB, directory + CALCULATOR_ZIP


def ship_snapshot(pyodide: Path, dist: Path, start: str, calculator: str) -> str:
    """The packed memory snapshot over the shipped zips; its path in dist/."""
    (dist / "snapshot").mkdir()
    (dist / "snapshot" / SNAPSHOT_NAME).write_bytes(
        snapshot_of(pyodide, dist / start, dist / calculator)
    )
    return versioned(dist / "snapshot") + SNAPSHOT_NAME


def ship_assets(pyodide: Path, dist: Path, layout: Layout) -> str:
    """Our scripts, bundled, and styles with the build manifest naming `layout`; the
    directory's name."""
    copy_static(dist / "assets")
    write_manifest(dist / "assets", layout, pyodide_lock_info(pyodide))
    bundle_scripts(dist / "assets")
    return versioned(dist / "assets")


def build(dist: Path = DIST) -> None:
    """Build the whole site into dist/, replacing what was there."""
    pyodide = ensure_pyodide()
    catalogs = load_catalogs(LOCALES)
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    wheel = dist / build_wheel(dist)
    runtime = ship_runtime(pyodide, dist)
    start, calculator = ship_start_stdlib(pyodide, dist, runtime, wheel)
    snapshot = ship_snapshot(pyodide, dist, start, calculator)
    tokens = ship_tokenizer(dist)
    layout = Layout("assets/", runtime, snapshot, start, calculator, tokens)
    assets = ship_assets(pyodide, dist, layout)
    # The two big files a first visit needs, asked for from the page's head rather than at
    # the end of the worker's chain of imports.
    render_pages(
        dist,
        catalogs,
        LANGUAGES,
        assets,
        preload=(f"{runtime}pyodide.asm.wasm", start),
        modules=page_preloads(dist / assets),
    )
    render_language_redirect(dist, catalogs, assets)
    write_service_worker(dist)
    check_no_external_urls(dist, runtime)
    write_precompressed(dist)
