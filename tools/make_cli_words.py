"""Writes the command line's words in its five languages into calculator/cli/_tables/, from
locales/*.json (the catalogs declare them; these copies are generated, never edited).

The command line's summaries speak the language ``--lang`` names (calculator/cli/_words.py),
and an installed package has no catalogs beside it, so they read their words from these
tables, one a language (``_cli_words_<language>.py``: the page's wheel carries English only,
site_build/wheel.py), after an index of the languages (``_cli_words.py``).  A table holds
every ``cli.*`` key, and the page's keys the command line borrows (the Markdown and CSV
tables' words, calculator/protocol/_export.py's EXPORT_WORD_KEYS, and ``plural.bytes``).
tests/test_cli_words.py checks the tables are current.

    python3 tools/make_cli_words.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
# English first: the command line's default.
LANGUAGES = ("en", "pt", "de", "it", "pl")


def _keys() -> tuple[str, frozenset[str]]:
    """The prefix of the command line's own keys, and the page's keys its tables use too."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from calculator.protocol._export import EXPORT_WORD_KEYS  # noqa: PLC0415 (after the path)
    from site_build.project import COMMAND_LINE_KEYS  # noqa: PLC0415

    return COMMAND_LINE_KEYS, frozenset({*EXPORT_WORD_KEYS.values(), "plural.bytes"})


TABLES = ROOT / "calculator" / "cli" / "_tables"
HEADER = ["", "Written by tools/make_cli_words.py from locales/*.json.", '"""', ""]


def tables() -> dict[Path, str]:
    """Each table's path and text: the index of the languages, then one table a language."""
    prefix, borrowed = _keys()
    index = [
        '"""The command line\'s languages; generated, do not edit.',
        *HEADER,
        "#: English first (the default); each one's words are _cli_words_<language>.py.",
        f"LANGUAGES = ({', '.join(map(json.dumps, LANGUAGES))})",
    ]
    written = {TABLES / "_cli_words.py": "\n".join(index) + "\n"}
    for language in LANGUAGES:
        catalog = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
        name = catalog["meta.language_name"]
        lines = [
            f'"""The command line\'s words, {language} ({name}); generated, do not edit.',
            *HEADER,
            "WORDS: dict[str, str | dict[str, str]] = {",
        ]
        for key, value in catalog.items():
            if key.startswith(prefix) or key in borrowed:
                lines += _entry(key, value)
        lines.append("}")
        written[TABLES / f"_cli_words_{language}.py"] = "\n".join(lines) + "\n"
    return written


def _entry(key: str, value: str | dict[str, str]) -> list[str]:
    """One key of the table: its text, or its plural object's forms, one a line."""
    if isinstance(value, dict):
        return [
            f"    {json.dumps(key)}: {{",
            *(line for category, text in value.items() for line in _item(category, text, 8)),
            "    },",
        ]
    return _item(key, value, 4)


def _item(name: str, text: str, indent: int) -> list[str]:
    """``name: text,`` on one line, or the text's literal in parentheses below its name."""
    margin = " " * indent
    one_line = _literal(text, indent=0, width=10_000)[0]
    if len(f"{margin}{json.dumps(name)}: {one_line},") <= 100:
        return [f"{margin}{json.dumps(name)}: {one_line},"]
    return [f"{margin}{json.dumps(name)}: (", *_literal(text, indent + 4), f"{margin}),"]


def _literal(text: str, indent: int, width: int = 100) -> list[str]:
    """``text`` as the lines of a string literal, split after spaces into implicitly joined
    parts where one line would be wider than ``width`` (no-break spaces stay escaped)."""
    margin = " " * indent

    def shown(part: str) -> str:
        return json.dumps(part, ensure_ascii=False).replace("\u00a0", "\\u00a0")

    whole = margin + shown(text)
    if len(whole) <= width:
        return [whole]
    parts: list[str] = []
    current = ""
    for word in re.split(r"(?<= )", text):  # each word with the space after it
        if current and len(margin + shown(current + word)) > width - 1:
            parts.append(current)
            current = ""
        current += word
    parts.append(current)
    return [margin + shown(part) for part in parts]


if __name__ == "__main__":
    for path, text in tables().items():
        path.write_text(text, encoding="utf-8", newline="\n")
