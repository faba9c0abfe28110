"""The whole build, in the order build() runs it (the one place this order is written):

 1. engine       fetch Pyodide's pinned npm package and check its hash (cached in .cache/);
    render       read the catalogs
 2. wheel        the calculator's wheel, dist/wheels/
 3. engine       the start-up engine's files (engine/build/): Pyodide's runtime with the
                 compiled stdlib and its script minified: pyodide-<hash>/; the start-up zip
                 and the calculator's zip, from that stdlib and the wheel: start-<hash>/;
                 Pyodide's memory over those two zips, the calculator imported: snapshot-<hash>/
 4. token_ranks  the tokenizer's code and ranks: tokens-<hash>/
 5. render, engine, bundle
                 our scripts and styles, the engine's build-manifest.js naming steps 3-4's
                 directories, the scripts bundled: assets-<hash>/
 6. render       one page per language (modules: what each page preloads) and the root page
 7. engine       sw.js, with every file the service worker keeps and its integrity
 8. external_urls  the privacy check: nothing shipped names another origin
 9. compress     a .br and a .gz beside each file that compresses

Each versioned directory is named after its contents once it is complete, so a later step
addresses what an earlier one wrote by that name."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

from engine import build as engine
from site_build.app import CALCULATOR
from site_build.bundle import bundle_scripts
from site_build.compress import write_precompressed
from site_build.external_urls import check_no_external_urls
from site_build.layout import Layout
from site_build.lazy_strings import write_panel_strings
from site_build.modules import page_preloads
from site_build.policy import CSP
from site_build.project import DIST, LANGUAGES, LOCALES
from site_build.render import (
    Catalog,
    copy_static,
    load_catalogs,
    render_language_redirect,
    render_pages,
)
from site_build.token_ranks import TOKENS_DIRECTORY, ship_tokenizer
from site_build.versioned import versioned
from site_build.wheel import build_wheel


def ship_assets(pyodide: Path, dist: Path, layout: Layout, catalogs: Mapping[str, Catalog]) -> str:
    """Our scripts, bundled, and styles with the build manifest naming `layout`, and the
    counting panel's strings in each language; the directory's name."""
    copy_static(dist / "assets")
    shipped = engine.Shipped(
        layout.runtime, layout.start, layout.calculator, layout.calculator_later, layout.snapshot
    )
    lock_info = engine.pyodide_lock_info(pyodide)
    app_urls = {"tokens": layout.tokens}
    engine.write_build_manifest(dist / "assets", shipped, lock_info, CALCULATOR, app_urls)
    bundle_scripts(dist / "assets")
    write_panel_strings(dist / "assets", catalogs, LANGUAGES)
    return versioned(dist / "assets")


# The first word of the service worker's caches' names: a new build finds an older one's caches
# by it, so it never changes.
SITE_NAME = "rag-chunk-planner"


def write_service_worker(dist: Path) -> None:
    """dist/sw.js: the engine's service worker with this build's files and the pages' CSP;
    the tokenizer's directory is kept once a page has counted text, not at the install."""
    engine.write_service_worker(dist, SITE_NAME, CSP, kept_on_use=(f"{TOKENS_DIRECTORY}-",))


def build(dist: Path = DIST) -> None:
    """Build the whole site into dist/, replacing what was there."""
    pyodide = engine.ensure_pyodide()
    catalogs = load_catalogs(LOCALES)
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    wheel = dist / build_wheel(dist)
    shipped = engine.ship_engine(dist, pyodide, wheel, CALCULATOR)
    tokens = ship_tokenizer(dist)
    layout = Layout(
        "assets/", shipped.runtime, shipped.snapshot, shipped.start, shipped.app_zip,
        shipped.later_zip, tokens,
    )  # fmt: skip
    assets = ship_assets(pyodide, dist, layout, catalogs)
    render_pages(
        dist,
        catalogs,
        LANGUAGES,
        assets,
        preload=shipped.preloads,
        modules=page_preloads(dist / assets),
    )
    render_language_redirect(dist, catalogs, assets)
    write_service_worker(dist)
    check_no_external_urls(dist, shipped.runtime)
    write_precompressed(dist)
