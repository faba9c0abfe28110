"""Each field is declared once (calculator/protocol/_fields.py); the page, the command line,
the form and the page's dependency rules must say what the declarations say."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pytest

import build
from calculator._models import model_names
from calculator._text import MACHINE
from calculator._vectors import CUSTOM_DTYPE
from calculator.cli._form_fields import _fields as cli_fields
from calculator.cli._options import _parser
from calculator.protocol import respond
from calculator.protocol._fields import (
    CUSTOM_MODEL,
    DEFAULT_FIELDS,
    FIELDS,
    PAGE_PANELS,
    Field,
    home_fields,
    page_fields,
    panel_fields,
    stale_panels,
)
from calculator.protocol._form import _FieldReader
from site_build import render

if TYPE_CHECKING:
    from calculator.protocol._fields import Panel

PAGE_FIELDS = [field for field in FIELDS.values() if field.on_page and field.kind != "rows"]
# Values each kind refuses.
INVALID = {"whole": "x", "choice": "nope", "list": "x", "price": "x", "decimal": "x", "signed": "x"}
# The other inputs a re-indexing mode needs, valid: they start empty, shown only by the mode.
MODE_INPUTS = {("reindex_mode", "edit"): {"edit_at": "1000", "edit_tokens": "448"}}
INPUT_MODES = {"price": "decimal", "decimal": "decimal", "signed": "text"}
TAG_OF_KIND = {"choice": "select", "list": "textarea"}


class Controls(HTMLParser):
    """The page's form controls by id, with their options, and its field blocks."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: dict[str, dict[str, str | None]] = {}
        self.options: dict[str, list[tuple[str, bool]]] = {}
        self.hidden_fields: set[str] = set()
        self.shown_when: dict[str, tuple[str, str]] = {}
        self.named: set[str] = set()
        self.max_rows: str | None = None
        self._select: str | None = None
        # The form a control sits in: the text counter's controls are in a form of their
        # own, so never sent with the calculator's fields.
        self._form: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in {"input", "select", "textarea"}:
            self.controls[found.get("id") or ""] = {"tag": tag, **found}
            form = found.get("form") or self._form
            if found.get("name") and form in {None, "calculator-form"}:
                self.named.add(str(found["name"]))
        if tag == "form":
            self._form = found.get("id") or "another form"
        if tag == "select":
            self._select = found.get("id") or ""
            self.options[self._select] = []
        if tag == "option" and self._select is not None:
            self.options[self._select].append((str(found["value"]), "selected" in found))
        if tag == "div" and "data-field" in found and "hidden" in found:
            self.hidden_fields.add(str(found["data-field"]))
        if tag == "div" and "data-shown-when" in found:
            when = (str(found["data-shown-when"]), str(found["data-shown-value"]))
            self.shown_when[str(found["data-field"])] = when
        if tag == "button" and "data-compare-add" in found:
            self.max_rows = found.get("data-max-rows")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        if tag == "form":
            self._form = None


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Controls]:
    """Each language's page as the build renders it, read for its controls."""
    site = tmp_path_factory.mktemp("pages")
    catalogs = render.load_catalogs(build.LOCALES)
    render.render_pages(site, catalogs, build.LANGUAGES, "assets/")
    scans = {}
    for lang in build.LANGUAGES:
        scan = Controls()
        scan.feed((site / lang / "index.html").read_text(encoding="utf-8"))
        scans[lang] = scan
    return scans


def shown_at_first(field: Field) -> bool:
    return all(DEFAULT_FIELDS[chooser] == value for chooser, value in field.conditions)


@pytest.mark.parametrize("field", PAGE_FIELDS, ids=lambda field: field.name)
def test_each_page_shows_the_declared_control(pages: dict[str, Controls], field: Field) -> None:
    for lang, page in pages.items():
        control = page.controls[f"field-{field.name}"]
        assert control["tag"] == TAG_OF_KIND.get(field.kind, "input"), lang
        if field.kind == "choice":
            options = page.options[f"field-{field.name}"]
            assert [value for value, _ in options] == list(field.choices), lang
            assert [value for value, selected in options if selected] == [field.default], lang
        elif field.kind != "list":
            # The default in the page's own number format: its digits are the declared ones.
            shown = re.sub(r"\D", "", str(control["value"]))
            assert shown == (field.default if shown_at_first(field) else ""), lang
            assert control["inputmode"] == INPUT_MODES.get(field.kind, "numeric")
        assert (field.name in page.hidden_fields) == (not shown_at_first(field)), lang
        assert page.shown_when.get(field.name) == field.shown_when, lang


def test_every_named_control_of_the_page_is_a_declared_field(pages: dict[str, Controls]) -> None:
    for page in pages.values():
        assert page.named <= set(DEFAULT_FIELDS)


def test_the_comparison_takes_the_declared_rows_and_representations(
    pages: dict[str, Controls],
) -> None:
    dtypes = [choice for choice in FIELDS["dtype"].choices if choice != CUSTOM_DTYPE]
    for page in pages.values():
        assert page.max_rows == str(FIELDS["compare"].maximum)
        row_dtypes = [value for value, _ in page.options["compare-0-dtype"]]
        assert row_dtypes == dtypes


def test_every_catalog_words_every_declared_field() -> None:
    for lang, catalog in render.load_catalogs(build.LOCALES).items():
        for field in PAGE_FIELDS:
            keys = [field.label, field.help, *map(field.option_label, field.choices)]
            missing = [key for key in keys if key is not None and key not in catalog]
            assert not missing, (lang, missing)


def cli_options() -> dict[str, tuple[list[str] | None, str]]:
    """The command line's options by destination: their choices and help."""
    return {
        action.dest: (None if action.choices is None else list(action.choices), action.help or "")
        for action in _parser()._actions
    }


def test_the_command_line_offers_the_declared_choices() -> None:
    options = cli_options()
    checked = 0
    for field in FIELDS.values():
        if field.kind != "choice" or field.name not in options:
            continue
        choices, _ = options[field.name]
        if field.name == "model":
            # --model NAME takes a preset by its name and lists them when refusing another;
            # leaving it out is "custom".
            assert choices is None
            assert set(field.choices) - {CUSTOM_MODEL} == set(model_names())
            checked += 1
            continue
        # A custom representation is --bytes-per-dimension, not a --dtype choice.
        assert choices == sorted(set(field.choices) - {CUSTOM_DTYPE}), field.name
        checked += 1
    assert checked >= 3  # dtype, quantized_dtype and model


def test_the_command_lines_stated_minimums_are_the_declared_ones() -> None:
    stated = 0
    for dest, (_, help_text) in cli_options().items():
        for minimum in re.findall(r"\(>= (\d+)", help_text):
            assert int(minimum) == FIELDS[dest].minimum, dest
            stated += 1
    assert stated >= 2


@pytest.mark.parametrize(
    "field",
    [field for field in PAGE_FIELDS if field.kind == "whole" and field.minimum],
    ids=lambda field: field.name,
)
def test_the_form_refuses_below_the_declared_minimum(field: Field) -> None:
    assert field.minimum is not None
    error = answer_for(field, str(field.minimum - 1))["errors"][field.name]
    assert (error["key"], error["params"]) == ("too_small", {"minimum": str(field.minimum)})
    assert field.name not in answer_for(field, str(field.minimum + 1))["errors"]


def answer_for(field: Field, text: str) -> Any:
    """respond's answer with every panel in use and ``field`` (made visible) set to ``text``."""
    fields = {**DEFAULT_FIELDS, "price_per_million": "0.02"}
    for condition in field.conditions:
        fields[condition[0]] = condition[1]
        fields |= MODE_INPUTS.get(condition, {})
    fields[field.name] = text
    return json.loads(respond(json.dumps({"fields": fields, "tradeoff": True})))


# The trade-off follows the main form, the storage's inputs and the price: the panels whose
# fields it plans with.
TRADEOFF_FOLLOWS = {"main", "storage", "cost"}


@pytest.mark.parametrize("field", PAGE_FIELDS, ids=lambda field: field.name)
def test_an_invalid_field_leaves_exactly_its_declared_panels_out_of_date(field: Field) -> None:
    answer = answer_for(field, INVALID[field.kind])
    assert answer["errors"].keys() == {field.name}
    declared: set[str] = {panel for panel in field.panels if panel in PAGE_PANELS}
    if declared & TRADEOFF_FOLLOWS:
        declared.add("tradeoff")
    assert {name for name, state in answer["panels"].items() if state == "stale"} == declared


def test_valid_defaults_leave_every_page_panel_fresh() -> None:
    # The documents' panel compares a corpus of several documents with one stream.
    fields = {**DEFAULT_FIELDS, "corpus": "documents", "price_per_million": "0.02"}
    answer = json.loads(respond(json.dumps({"fields": fields, "tradeoff": True})))
    assert answer["panels"] == dict.fromkeys((*PAGE_PANELS, "tradeoff"), "fresh")


@pytest.mark.parametrize("cell", ["compare.0.overlap", "compare.1.dtype", "compare"])
def test_a_comparison_cell_leaves_only_the_comparison_out_of_date(cell: str) -> None:
    window = {"chunk_size": "512", "overlap": "64"}
    rows = {f"compare.{row}.{column}": text for row in (0, 1) for column, text in window.items()}
    fields = {**DEFAULT_FIELDS, **(rows if cell != "compare" else {}), cell: "x"}
    answer = json.loads(respond(json.dumps({"fields": fields})))
    assert cell in answer["errors"]
    assert [name for name, state in answer["panels"].items() if state == "stale"] == ["compare"]


def test_the_pages_scripts_restate_no_field_rules() -> None:
    """Dependency lists, row limits and numeric params live in Python, not in web/'s scripts."""
    names = {f'"{name}"' for name in FIELDS}
    for script in sorted(build.WEB.rglob("*.js")):
        source = script.read_text(encoding="utf-8")
        assert not re.search(r"\b(MAX_ROWS|DEPENDS_ON|MAIN_FIELDS|NUMERIC_PARAMS)\b", source)
        for listing in re.findall(r"\[[^\[\]]*\]", source):
            listed = sum(name in listing for name in names)
            assert listed < 3, (script.name, listing)


# --- a declaration is enough ----------------------------------------------------------------


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Field]]:
    """FIELDS replaced, in every module that reads it, by a copy the test may add to."""
    fields = dict(FIELDS)
    proxy = MappingProxyType(fields)
    for module in list(sys.modules.values()):
        if getattr(module, "FIELDS", None) is FIELDS:
            monkeypatch.setattr(module, "FIELDS", proxy)
    yield fields


def render_field(name: str, catalog: dict[str, str]) -> str:
    template = render.jinja_environment().from_string(
        '{% from "field.html.j2" import field with context %}'
        "{{ field(fields[name], defaults.get(name, fields[name].default)) }}"
    )
    return template.render(
        name=name, catalog=catalog, fields=page_fields(), defaults=dict(DEFAULT_FIELDS)
    )


def test_a_declared_dtype_reaches_the_page_the_command_line_and_the_form(
    declared: dict[str, Field],
) -> None:
    dtype = declared["dtype"]
    declared["dtype"] = Field(
        dtype.name, dtype.kind, dtype.panels, dtype.default, choices=(*dtype.choices, "float8")
    )
    catalog = {"field.dtype.label": "Representation", "field.dtype.help": "How values are kept"}
    catalog |= {f"dtype.{choice}": choice.upper() for choice in declared["dtype"].choices}
    assert '<option value="float8">FLOAT8</option>' in render_field("dtype", catalog)
    choices, _ = cli_options()["dtype"]
    assert choices is not None and "float8" in choices
    assert _FieldReader({"dtype": "float8"}, MACHINE).choice("dtype") == "float8"


def test_a_declared_field_reaches_the_page_and_the_dependency_rules(
    declared: dict[str, Field],
) -> None:
    declared["max_chunks"] = Field("max_chunks", "whole", ("main",), "1000", minimum=1)
    catalog = {"field.max_chunks.label": "At most", "field.max_chunks.help": "chunks"}
    html = render_field("max_chunks", catalog)
    assert 'name="max_chunks"' in html and 'value="1000"' in html
    assert 'data-error-for="max_chunks"' in html
    assert "max_chunks" in panel_fields("main")
    assert stale_panels({"max_chunks": None}) == {"main"}


def test_the_scripts_find_the_row_limit_where_the_build_writes_it() -> None:
    panels = Path(build.WEB / "page" / "panels" / "panel-compare.js").read_text(encoding="utf-8")
    assert "dataset.maxRows" in panels


def test_the_command_lines_defaults_are_the_declared_ones() -> None:
    parser = _parser()
    options = {action.dest: action for action in parser._actions}
    checked = []
    for field in FIELDS.values():
        action = options.get(field.name)
        if action is not None and action.default is not None:
            assert action.default == field.command_line_default, field.name
            checked.append(field.name)
    # Every option with a default of its own among them, the overlap's differing from the page's.
    assert {"overlap", "dimensions", "top_k", "reserved_tokens", "price_per_million"} <= set(
        checked
    )
    assert FIELDS["overlap"].command_line_default != FIELDS["overlap"].default
    # --dtype has no argparse default: a left-out --dtype is the declared default.
    assert cli_fields(parser.parse_args(["--chunk-size", "512", "--tokens", "8000"]))["dtype"] == (
        FIELDS["dtype"].command_line_default
    )


@pytest.mark.parametrize("panel", ["budget", "cost", "reindex", "storage", "model_limit"])
def test_a_panels_inputs_are_the_fields_that_name_it_their_home(
    tmp_path: Path, panel: Panel
) -> None:
    """The templates take each panel's inputs from the declarations (``home``), in their order."""
    catalogs = render.load_catalogs(build.LOCALES)
    render.render_pages(tmp_path, catalogs, ("en",), "assets/")
    html = (tmp_path / "en" / "index.html").read_text(encoding="utf-8")
    section = html[html.index('<section class="panel') :]
    section = section[section.index(f'id="{panel}"') :]
    section = section[: section.index("</section>")]
    inputs = re.findall(r'id="field-(\w+)"', section)
    assert inputs == [name for name in home_fields(panel) if FIELDS[name].on_page]
