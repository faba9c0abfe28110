"""The counting panel's strings wait in a file of their own (site_build/lazy_strings.py): no
string is lost or shipped twice, and nothing loaded at start asks for one that is not there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import build
from site_build.lazy_strings import LAZY_PREFIXES, keys_named, lazy_strings_file, start_texts
from site_build.project import LANGUAGES, LOCALES
from site_build.render import load_catalogs

ISLAND = re.compile(r'<script type="application/json" id="page-strings">(.*?)</script>', re.S)
PROSE = ("explain.", "faq.", "index.", "page.")


def island(dist: Path, lang: str) -> dict[str, object]:
    html = (dist / lang / "index.html").read_text(encoding="utf-8")
    match = ISLAND.search(html)
    assert match
    strings: dict[str, object] = json.loads(match.group(1))
    return strings


def panel_strings(dist: Path, layout: build.Layout, lang: str) -> dict[str, object]:
    path = dist / layout.assets / lazy_strings_file(lang)
    strings: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return strings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_is_in_the_island_or_the_panels_file_once(
    dist: Path, layout: build.Layout, lang: str
) -> None:
    catalog = load_catalogs(LOCALES)[lang]
    start, later = island(dist, lang), panel_strings(dist, layout, lang)
    assert not set(start) & set(later)
    expected = {key: value for key, value in catalog.items() if not key.startswith(PROSE)}
    assert {**start, **later} == expected
    assert all(key.startswith(LAZY_PREFIXES) for key in later)
    # The panel's file holds most of its strings: the island keeps only what start needs.
    panel_keys = [key for key in expected if key.startswith(LAZY_PREFIXES)]
    assert len(later) > 0.75 * len(panel_keys)


def test_what_start_asks_for_is_in_the_island(dist: Path, layout: build.Layout) -> None:
    start = island(dist, "en")
    named = keys_named(start_texts(dist / layout.assets))
    assert "count.failed" in named  # app.js's, when count.js cannot be loaded
    for name in named:
        if name.endswith((".", "_")):
            continue  # the start of keys made at run time: kept with every key it starts
        if name in load_catalogs(LOCALES)["en"]:
            assert name in start, name
    starts = [name for name in named if name.endswith((".", "_"))]
    assert "count.splitter." in starts  # results-paint.js's splitter names
    for key in load_catalogs(LOCALES)["en"]:
        if key.startswith(tuple(starts)):
            assert key in start, key


def test_each_page_names_its_own_languages_file(dist: Path, layout: build.Layout) -> None:
    for lang in LANGUAGES:
        html = (dist / lang / "index.html").read_text(encoding="utf-8")
        address = f'data-count-strings="../{layout.assets}{lazy_strings_file(lang)}"'
        assert address in html, lang
