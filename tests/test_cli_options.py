"""The command line's options for the form's fields are made from the fields' declarations
(calculator/cli/_field_options.py): a field declared is an option, with the declaration's
choices and default, and its words from the English catalog, never a second copy by hand."""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
from pathlib import Path

import pytest

from calculator.cli import _field_options as field_options
from calculator.cli._field_options import FLAGS, IMPLIED, default, flag
from calculator.cli._options import _parser
from calculator.protocol._fields import FIELDS, Field

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "calculator" / "cli" / "_tables" / "_field_words.py"


def _generator_table() -> str:
    spec = importlib.util.spec_from_file_location(
        "make_field_words", ROOT / "tools" / "make_field_words.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    table: str = module.table()
    return table


def test_the_words_table_is_current() -> None:
    # Edit locales/en.json, then: python3 tools/make_field_words.py > <the table>.
    assert TABLE.read_text(encoding="utf-8") == _generator_table()


def actions() -> dict[str, argparse.Action]:
    return {option: action for action in _parser()._actions for option in action.option_strings}


@pytest.mark.parametrize("name", [name for name in FIELDS if name not in IMPLIED])
def test_each_field_is_an_option_as_declared(name: str) -> None:
    field = FIELDS[name]
    action = actions()[flag(name)]
    if name == "new_model":
        assert isinstance(action, argparse._StoreTrueAction)
        return
    assert action.dest == name
    assert action.default == default(field)
    if field.kind == "choice" and not field.named_choices:
        assert action.choices is not None
        assert set(action.choices) == set(field.choices) - {"custom"}
    words = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    label = words.get(field.label)
    if label is not None:
        assert str(action.help).startswith(label), name
    if field.minimum is not None and field.kind == "whole":
        assert f">= {field.minimum}" in str(action.help)


def test_a_new_field_gets_its_option(monkeypatch: pytest.MonkeyPatch) -> None:
    # A field added to the declarations is on the command line with nothing else written.
    added = Field("shards", "whole", ("storage",), "3", minimum=1, home="storage")
    monkeypatch.setattr(field_options, "FIELDS", {**FIELDS, "shards": added})
    action = actions()["--shards"]
    assert action.dest == "shards"
    assert "default 3" in str(action.help)


def test_no_option_of_a_field_is_written_by_hand() -> None:
    source = (ROOT / "calculator" / "cli" / "_options.py").read_text(encoding="utf-8")
    written = set(re.findall(r'add_argument\(\s*"(--[\w-]+)"', source))
    fields = {flag(name) for name in FIELDS} | set(FLAGS.values())
    assert written, "the other options are still written in _options.py"
    assert not written & fields


def test_implied_fields_have_no_option() -> None:
    for name in IMPLIED:
        assert flag(name) not in actions()
