"""The export's words: the page's table of catalog keys is the calculator's, and the command
line's CSV and Markdown are headed as the English page heads its own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from calculator._documents import plan_one_document
from calculator._tradeoff import tradeoff
from calculator._version import tool_version
from calculator.protocol import respond
from calculator.protocol._export import EXPORT_WORD_KEYS, catalog_export_words, export_csv
from site_build.render import page_facts

ROOT = Path(__file__).resolve().parent.parent
PANEL = ROOT / "web" / "page" / "panels" / "panel-tradeoff.js"


def test_the_page_takes_its_table_of_export_words_from_the_calculator() -> None:
    assert page_facts()["export_word_keys"] == dict(EXPORT_WORD_KEYS)
    source = PANEL.read_text(encoding="utf-8")
    assert "const EXPORT_WORD_KEYS = facts.export_word_keys;" in source


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


MARKDOWN_OPTIONS = (
    *("--tokens", "8000", "--chunk-size", "512", "--model", "all-MiniLM-L6-v2"),
    *("--database", "pgvector", "--markdown"),
)


def test_the_command_lines_markdown_starts_with_what_made_the_plan() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "calculator", *MARKDOWN_OPTIONS],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    settings = run.stdout.split("\n\n| Chunk size |")[0]
    assert settings.startswith("## Settings\n\n| Embedding model | all-MiniLM-L6-v2 |\n|---|---|\n")
    assert "| Database | pgvector |" in settings
    assert f"| Made with | rag-chunk-planner {tool_version()} |" in settings
    assert "| Tokenizer |" not in settings  # nothing counted
    assert "- max_input_tokens: https://huggingface.co/" in settings


def test_the_pages_settings_and_notes_are_bounded_and_kept_to_their_cells() -> None:
    fields = {"tokens": "8000", "chunk_size": "512", "overlap": "64"}
    settings = [["Modell", "a | b\nc"], ["x"], [1, "y"], *[["k", "v"]] * 40]
    notes = ["Hinweis: zu lang", 5, "z" * 5000]
    request = {
        "fields": fields,
        "export": {"format": "markdown", "settings": settings, "notes": notes},
    }
    text = json.loads(respond(json.dumps(request)))["export"]["text"]
    section = text.split("## Plan")[0]
    assert section.startswith("## Settings\n\n| Modell | a \\| b c |\n|---|---|\n")
    assert section.count("| k | v |") == 21  # the first 24 items read: 3 above, 21 of these
    assert "- Hinweis: zu lang" in section
    assert f"- {'z' * 2000}\n" in section
