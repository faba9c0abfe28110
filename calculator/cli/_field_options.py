"""The command line's options for the form's fields, made from the fields' declarations
(``calculator/protocol/_fields.py``): each option's name, choices, default, range and group,
and its words from the English catalog (``_tables/_field_words.py``).  Only what the command
line does differently from the page is written here: an option named otherwise, a field
whose value the options imply, and the few words a terminal needs that a form does not.
"""

from __future__ import annotations

import argparse

from .._vectors import CUSTOM_DTYPE
from ..protocol._fields import FIELDS, Field
from ._tables._field_words import FIELD_WORDS

# Fields whose option is not named after them.
FLAGS = {"index_kind": "--index", "new_model": "--model-change"}
# Fields with no option: the options given imply them (_form_fields.py).
IMPLIED = frozenset({"corpus", "reindex_mode"})
# Options that are a question asked only when given: on the page their panel's figures are
# always shown, so their defaults there are no answer here.
ALWAYS_ANSWERED: frozenset[str] = frozenset({"main", "budget", "cost", "compare"})
# Options only one of which may be given.
EXCLUSIVE = (("dtype", "bytes_per_dimension"),)
# Groups of --help, by the panel the fields sit in.
GROUPS = {
    "reindex": "re-indexing (one stream, or changed documents)",
    "storage": "storage beyond raw vectors (needs --dimensions)",
}
# What the command line says instead of the page's help, where that speaks of the form.
CLI_HELP = {
    "document_tokens": "a file of the counts, one per line or separated by commas; - for"
    " standard input",
    "model": "a preset's name: fills the options above that are not given (docs/models.md"
    " lists them)",
    "dimensions": "number of values in each vector, set by the embedding model; without it,"
    " no vector figures",
    "price_per_million": "your embedding price per 1 million tokens, in any currency;"
    " default: --model's published price, where it has one",
    "bytes_per_dimension": "a custom representation, instead of --dtype",
    "changed_documents": "K of --documents changed (each gets the edit, if given)",
}
# What it says besides the page's words.
CLI_WORDS = {
    "tokens": "default: the counted total",
    "compare": "configurations side by side: chunk_size:overlap[:dimensions[:dtype]],...",
    "quantized_dtype": "a quantized copy of every vector kept beside the originals",
}
METAVARS = {"model": "NAME"}


def flag(name: str) -> str:
    """The option of field ``name``."""
    return FLAGS.get(name) or "--" + name.replace("_", "-")


def default(field: Field) -> str | None:
    """What the option holds when it is left out: the field's command-line default where its
    figures are always answered (or one is declared), else ``None``: not asked."""
    if field.cli_default is not None:
        return field.cli_default
    if field.home in ALWAYS_ANSWERED and field.shown_when is None and field.kind != "choice":
        return field.default
    return None


def help_text(field: Field) -> str:
    """The option's words: the page's label and help (or the command line's own), then its
    range and default in brackets."""
    label, explained = FIELD_WORDS.get(field.name, ("", ""))
    explained = CLI_HELP.get(field.name, explained)
    text = f"{label}: {explained}" if label and explained else label or explained
    notes = [CLI_WORDS[field.name]] if field.name in CLI_WORDS else []
    if field.minimum is not None and field.kind in {"whole", "signed"}:
        notes.append(f">= {field.minimum}")
    stated = _stated_default(field)
    if stated:
        notes.append(f"default {stated}")
    if notes:
        text += f" ({'; '.join(notes)})" if text else "; ".join(notes)
    # argparse fills in help text with %-formatting.
    return text.replace("%", "%%")


def _stated_default(field: Field) -> str | None:
    """The default --help states: the option's own, or the form's where the form fills the
    field when the option is left out (a representation, a database's settings)."""
    given = default(field)
    if given is not None:
        return given
    if field.name == "new_model":
        return None  # a flag: given or not
    if field.home == "storage" or (field.kind == "choice" and not field.named_choices):
        return field.default
    return None


def choices(field: Field) -> list[str] | None:
    if field.kind != "choice" or field.named_choices:
        return None  # a model's name is checked against the presets, with its own error
    return sorted(set(field.choices) - {CUSTOM_DTYPE})


def add_field_options(parser: argparse.ArgumentParser) -> None:
    """An option per field but the implied ones, in the fields' order, each in its group."""
    groups: dict[str, argparse._ActionsContainer] = {}
    exclusive = {name: group for group in EXCLUSIVE for name in group}
    exclusive_groups: dict[tuple[str, ...], argparse._MutuallyExclusiveGroup] = {}
    for field in FIELDS.values():
        if field.name in IMPLIED:
            continue
        container: argparse._ActionsContainer = parser
        if field.home in GROUPS:
            if field.home not in groups:
                groups[field.home] = parser.add_argument_group(GROUPS[field.home])
            container = groups[field.home]
        if field.name in exclusive:
            together = exclusive[field.name]
            if together not in exclusive_groups:
                exclusive_groups[together] = container.add_mutually_exclusive_group()
            container = exclusive_groups[together]
        if field.name == "new_model":  # a yes/no field: the flag is the yes
            container.add_argument(flag(field.name), action="store_true", help=help_text(field))
            continue
        container.add_argument(
            flag(field.name),
            dest=field.name,
            default=default(field),
            choices=choices(field),
            metavar=METAVARS.get(field.name),
            help=help_text(field),
        )
