"""Writes calculator/_tables/_model_names.py: the presets' names, in calculator/models.json's
order (the file declares them; this copy is generated, never edited).

The form's model field needs its choices when the page starts, and the page reads the presets'
file only once a model is chosen: reading it at start would put the presets' module and their
data into every first visit's memory snapshot.  tests/test_models.py checks the table is
current.

    python3 tools/make_model_names.py > calculator/_tables/_model_names.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

MODELS = Path(__file__).resolve().parent.parent / "calculator" / "models.json"


def table() -> str:
    names = list(json.loads(MODELS.read_text(encoding="utf-8"))["models"])
    lines = [
        '"""The presets\' names in calculator/models.json\'s order; generated, do not edit.',
        "",
        "Written by tools/make_model_names.py from calculator/models.json.",
        '"""',
        "",
        "MODEL_NAMES = (",
        *(f"    {json.dumps(name)}," for name in names),
        ")",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(table())
