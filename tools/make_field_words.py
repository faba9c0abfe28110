"""Writes calculator/cli/_tables/_field_words.py: each form field's label and help in English,
from locales/en.json (the catalog declares them; this copy is generated, never edited).

The command line's options are the form's fields (calculator/cli/_field_options.py), and an
installed package has no catalog beside it, so its --help reads the words from this table.
tests/test_cli_options.py checks the table is current.

    python3 tools/make_field_words.py > calculator/cli/_tables/_field_words.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "locales" / "en.json"


def table() -> str:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from calculator.protocol._fields import FIELDS  # noqa: PLC0415 (after the path)

    words = json.loads(CATALOG.read_text(encoding="utf-8"))
    lines = [
        '"""The form\'s fields\' labels and help in English; generated, do not edit.',
        "",
        "Written by tools/make_field_words.py from locales/en.json.",
        '"""',
        "",
        "FIELD_WORDS: dict[str, tuple[str, str]] = {",
    ]
    for field in FIELDS.values():
        label = words.get(field.label)
        if label is None:
            continue  # a field no page labels (the command line words it itself)
        help_text = words.get(field.help, "") if field.help else ""
        lines += [
            f"    {json.dumps(field.name)}: (",
            *_literal(label),
            *_literal(help_text),
            "    ),",
        ]
    lines.append("}")
    return "\n".join(lines) + "\n"


def _literal(text: str, width: int = 100) -> list[str]:
    """``text`` as the lines of a string literal in the table, split at spaces into
    implicitly joined parts where one line would be wider than ``width``."""
    indent = " " * 8
    whole = indent + json.dumps(text, ensure_ascii=False) + ","
    if len(whole) <= width:
        return [whole]
    parts: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if len(indent + json.dumps(candidate, ensure_ascii=False)) > width - 1:
            parts.append(current)
            current = " " + word if parts else word
        else:
            current = candidate
    parts.append(current)
    lines = [indent + json.dumps(part, ensure_ascii=False) for part in parts]
    lines[-1] += ","
    return lines


if __name__ == "__main__":
    sys.stdout.write(table())
