"""The counting panel's strings, kept out of the page's island: count.js, imported when the
visitor first turns to the panel, fetches them first (page-context.js ``loadPanelStrings``).

The counting, the sample and the evaluation have about 16 KB of strings in English, a tenth
of the page, which a first visit never shows; the page's own files are held to 250 KB
(docs/performance.md).  A key of the panel's prefixes stays in the island when something
loaded at start may ask for it: the start bundles (every script but count.js), the Python
the page loads at start (its answers name catalog keys, as the export's words), or a template's data
attribute that a script reads a key from.  A literal ending in "." or "_" is the start of
keys made at run time (``count.splitter.${name}``), and keeps every key it starts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from site_build.app import CALCULATOR
from site_build.project import ROOT, WEB

LAZY_PREFIXES = ("count.", "evaluate.", "evaluation_set.")
# The script that asks for them before anything else of the panel runs.
LAZY_READER = "count.js"
_PREFIX = "|".join(re.escape(prefix) for prefix in LAZY_PREFIXES)
_KEY = re.compile(rf"""["'`]((?:{_PREFIX})[\w.]*)""")
_DATA_KEY = re.compile(r'data-[\w-]*key="([\w.]+)"')


def lazy_strings_file(lang: str) -> str:
    """The name of a language's panel strings in the assets directory."""
    return f"strings-count.{lang}.json"


def keys_named(texts: Iterable[str]) -> set[str]:
    """The panel keys, or starts of keys, that ``texts`` name as string literals.

    >>> sorted(keys_named(['strings["count.failed"]', "f'evaluate.measure.{m}'", "`x`"]))
    ['count.failed', 'evaluate.measure.']
    """
    return {match for text in texts for match in _KEY.findall(text)}


def start_texts(assets: Path) -> list[str]:
    """What may name a panel key before count.js runs: the shipped scripts but count.js, the
    Python of the calculator's zip, and the templates' key attributes."""
    scripts = [
        path.read_text(encoding="utf-8")
        for path in sorted(assets.glob("*.js"))
        if path.name != LAZY_READER
    ]
    package = ROOT / "calculator"
    python = [
        path.read_text(encoding="utf-8")
        for path in sorted(package.rglob("*.py"))
        if not path.relative_to(package).as_posix().startswith(CALCULATOR.not_on_page)
    ]
    templates = [
        " ".join(f'"{key}"' for key in _DATA_KEY.findall(path.read_text(encoding="utf-8")))
        for path in sorted((WEB / "templates").glob("*.j2"))
    ]
    return [*scripts, *python, *templates]


def split_strings(
    strings: Mapping[str, object], named: set[str]
) -> tuple[dict[str, object], dict[str, object]]:
    """The island's strings and the panel's: a key of the panel's prefixes goes to the panel's
    unless ``named`` holds it or the start of it.

    >>> split_strings({"a": 1, "count.x": 2, "count.y_z": 3, "count.w": 4}, {"count.y_", "count.w"})
    ({'a': 1, 'count.y_z': 3, 'count.w': 4}, {'count.x': 2})
    """
    starts = tuple(name for name in named if name.endswith((".", "_")))
    island: dict[str, object] = {}
    panel: dict[str, object] = {}
    for key, value in strings.items():
        lazy = key.startswith(LAZY_PREFIXES) and key not in named and not key.startswith(starts)
        (panel if lazy else island)[key] = value
    return island, panel


def write_panel_strings(
    assets: Path, catalogs: Mapping[str, Mapping[str, object]], languages: Iterable[str]
) -> None:
    """Each language's panel strings, beside the scripts (before the directory is named by
    its contents, so a changed string is a new name)."""
    named = keys_named(start_texts(assets))
    for lang in languages:
        _, panel = split_strings(catalogs[lang], named)
        text = json.dumps(panel, ensure_ascii=False, separators=(",", ":"))
        (assets / lazy_strings_file(lang)).write_text(text, encoding="utf-8", newline="\n")
