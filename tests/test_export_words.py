"""The export's words: the page's table of catalog keys is the calculator's, and the command
line's CSV and Markdown are headed as the English page heads its own."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from calculator._documents import plan_one_document
from calculator._export import EXPORT_WORD_KEYS, catalog_export_words, export_csv
from calculator._tradeoff import tradeoff

ROOT = Path(__file__).resolve().parent.parent
PANEL = ROOT / "web" / "page" / "panels" / "panel-tradeoff.js"


def _page_table() -> dict[str, str]:
    source = PANEL.read_text(encoding="utf-8")
    block = re.search(r"const EXPORT_WORD_KEYS = \{(.*?)\};", source, re.DOTALL)
    assert block is not None
    return dict(re.findall(r'(\w+): "([^"]+)"', block.group(1)))


def test_the_pages_table_of_export_words_is_the_calculators() -> None:
    assert _page_table() == dict(EXPORT_WORD_KEYS)


def test_every_export_word_is_in_every_catalog() -> None:
    for catalog in sorted((ROOT / "locales").glob("*.json")):
        words = json.loads(catalog.read_text(encoding="utf-8"))
        assert not [key for key in EXPORT_WORD_KEYS.values() if key not in words], catalog.name


def test_the_command_lines_csv_is_headed_as_the_english_page_heads_it() -> None:
    english = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    expected = export_csv(tradeoff(plan_one_document(8000, 512, 64)), catalog_export_words(english))
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "calculator",
            *["--tokens", "8000", "--chunk-size", "512", "--overlap", "64"],
            "--csv",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert run.stdout.splitlines()[0] == expected.splitlines()[0]
    assert run.stdout.splitlines()[0].startswith("Number of documents,Tokens,Chunk size,")
