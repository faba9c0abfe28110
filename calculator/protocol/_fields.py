"""Every field of the form, declared once: its kind, limits, default, choices and panels.

The form's reading, the link's defaults, the command line's choices, the page's
inputs (one template macro) and which panel goes out of date when a field is
invalid all come from these declarations; a new field is one entry here plus
its catalog keys (``field.<name>.label`` and ``.help``) in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .._choices import DATABASES, INDEX_KINDS, MAX_ROWS, ON_DISK_CHOICES, REINDEX_KINDS, ROW_FIELDS
from .._record import record
from .._tables._model_names import MODEL_NAMES
from .._vectors import CUSTOM_DTYPE, DTYPE_BITS

# The page's Python never imports typing (it would be one more module to load at start).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    Kind: TypeAlias = Literal["whole", "signed", "decimal", "price", "choice", "list", "rows"]
    #: The page's result areas (the command line answers the same ones).
    Panel: TypeAlias = Literal[
        "main", "compare", "documents", "budget", "cost", "reindex", "storage", "model_limit"
    ]

PAGE_PANELS: tuple[Panel, ...] = (
    "main", "compare", "documents", "budget", "cost", "reindex", "storage", "model_limit"
)  # fmt: skip

DTYPE_CHOICES = (*DTYPE_BITS, CUSTOM_DTYPE)
#: No preset: the dimensions and the input limit are the visitor's own.
CUSTOM_MODEL = "custom"
#: The presets of ``models.json`` (``calculator._models``), in its order: the model field's
#: choices, known without reading the file (which a page reads only once a model is chosen).
MODEL_PRESETS = MODEL_NAMES


@record
class Field:
    """One input: what it accepts, what it starts as and which figures depend on it."""

    name: str
    kind: Kind
    #: The panels whose figures depend on it (an error in it leaves them out of date).
    panels: tuple[Panel, ...]
    #: The page's starting text (and the value a link leaves out); "" is empty.
    default: str = ""
    #: The smallest (largest) whole number accepted; for "rows", the most rows.
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    #: Shown (and sent) only while another field has this value: (field, value).  That field
    #: may itself be shown only under a choice: then both must hold (see ``conditions``).
    shown_when: tuple[str, str] | None = None
    #: On the page's form and in its links; the others are the command line's only.
    on_page: bool = True
    #: The command line's default where it is not the page's: a question the command line
    #: answers only when asked (--top-k "") or a plain start (--overlap 0). None: ``default``.
    cli_default: str | None = None
    #: The panel whose inputs it sits among ("main": the main form); a panel is in use when
    #: one of its own fields is not empty.
    home: Panel = "main"
    #: Catalog keys; a choice's option text is ``option_key`` with ``{choice}`` filled in.
    label_key: str = ""
    help_key: str | None = ""
    option_key: str = ""
    #: Its choices but the default are proper names (models), shown as they are in every
    #: language: no catalog key words them.
    named_choices: bool = False

    @property
    def label(self) -> str:
        return self.label_key or f"field.{self.name}.label"

    @property
    def help(self) -> str | None:
        return f"field.{self.name}.help" if self.help_key == "" else self.help_key

    @property
    def conditions(self) -> tuple[tuple[str, str], ...]:
        """Every (field, value) that must hold for it to be shown: its ``shown_when``, then
        that field's own, up the chain.

        >>> FIELDS["lists"].conditions
        (('index_kind', 'ivfflat'), ('database', 'pgvector'))
        """
        chain: list[tuple[str, str]] = []
        field: Field | None = self
        while field is not None and field.shown_when is not None:
            chain.append(field.shown_when)
            field = FIELDS.get(field.shown_when[0])
        return tuple(chain)

    @property
    def command_line_default(self) -> str:
        """What the command line takes when its option is left out.

        >>> FIELDS["overlap"].default, FIELDS["overlap"].command_line_default
        ('64', '0')
        """
        return self.default if self.cli_default is None else self.cli_default

    def option_label(self, choice: str) -> str | None:
        """The catalog key of ``choice``'s option text; ``None`` for a proper name.

        >>> FIELDS["dtype"].option_label("int8")
        'dtype.int8'
        >>> FIELDS["model"].option_label("custom"), FIELDS["model"].option_label("e5-base-v2")
        ('model.custom', None)
        """
        if self.named_choices and choice != self.default:
            return None
        return (self.option_key or self.name + ".{choice}").replace("{choice}", choice)


# What depends on the corpus: every figure but the prompt budget's.
_CORPUS: tuple[Panel, ...] = (
    "main", "compare", "documents", "cost", "reindex", "storage", "model_limit"
)  # fmt: skip
_WINDOW: tuple[Panel, ...] = (*_CORPUS, "budget")
_VECTORS: tuple[Panel, ...] = ("main", "compare", "documents", "storage")

_DECLARATIONS = (
    # The corpus: one document of N tokens, D documents of A tokens each, or a list of
    # per-document counts; each document is split on its own.
    Field(
        "corpus", "choice", _CORPUS, "one", choices=("one", "documents", "list"),
        label_key="corpus.label", help_key=None, option_key="corpus.{choice}",
    ),
    Field("tokens", "whole", _CORPUS, "8000", minimum=0, shown_when=("corpus", "one")),
    Field(
        "documents", "whole", _CORPUS, "100", minimum=1, shown_when=("corpus", "documents"),
        cli_default="",
    ),
    Field(
        "average_tokens", "whole", _CORPUS, "80", minimum=0,
        shown_when=("corpus", "documents"), cli_default="",
    ),
    Field("document_tokens", "list", _CORPUS, shown_when=("corpus", "list")),
    # The window and the vectors.
    Field("chunk_size", "whole", _WINDOW, "512", minimum=1),
    Field("overlap", "whole", _WINDOW, "64", minimum=0, cli_default="0"),
    # An embedding model's preset fills the fields it knows (dimensions, its input limit and
    # the tokens it adds to every chunk) and no figure depends on the choice itself: the
    # fields hold what is computed with.  The command line has its own --model.
    Field(
        "model", "choice", (), CUSTOM_MODEL, choices=(CUSTOM_MODEL, *MODEL_PRESETS),
        named_choices=True,
    ),
    Field("dimensions", "whole", _VECTORS, "384", minimum=1, cli_default=""),
    Field("dtype", "choice", _VECTORS, "float32", choices=DTYPE_CHOICES),
    Field(
        "bytes_per_dimension", "whole", _VECTORS, "4", minimum=1, shown_when=("dtype", "custom")
    ),
    # The prompt budget.
    Field("top_k", "whole", ("budget",), "8", minimum=1, cli_default="", home="budget"),
    Field(
        "context_window", "whole", ("budget",), "8192", minimum=1, cli_default="", home="budget"
    ),
    Field(
        "reserved_tokens", "whole", ("budget",), "1000", minimum=0, cli_default="0",
        home="budget",
    ),
    Field(
        "answer_tokens", "whole", ("budget",), "1000", minimum=0, cli_default="0", home="budget"
    ),
    # The embedding cost.
    # The re-embedding's one-time cost is at the same price.
    Field("price_per_million", "price", ("cost", "reindex"), home="cost"),
    # The comparison's rows: chunk_size:overlap[:dimensions[:dtype]],… or "compare.<i>.<column>".
    Field("compare", "rows", ("compare",), minimum=1, maximum=MAX_ROWS, home="compare"),
    # The index's life: re-embedding, storage beyond raw vectors, the model's input limit.
    # The page opens on the seeds' worked example (512/64 -> 512/128); the edit's inputs start
    # empty, like every field shown only under a choice.
    Field(
        "reindex_mode", "choice", ("reindex",), "settings", choices=REINDEX_KINDS,
        home="reindex",
    ),
    Field("new_model", "choice", ("reindex",), "no", choices=("no", "yes"), home="reindex"),
    Field(
        "new_chunk_size", "whole", ("reindex",), "512", minimum=1,
        shown_when=("reindex_mode", "settings"), home="reindex",
    ),
    Field(
        "new_overlap", "whole", ("reindex",), "128", minimum=0,
        shown_when=("reindex_mode", "settings"), home="reindex",
    ),
    Field(
        "edit_at", "whole", ("reindex",), minimum=0, shown_when=("reindex_mode", "edit"),
        home="reindex",
    ),
    Field(
        "edit_tokens", "signed", ("reindex",), shown_when=("reindex_mode", "edit"),
        home="reindex",
    ),
    # Any change may be in K of the documents panel's documents, not only "documents" (which
    # needs K): so it is always shown, empty for the stream above.
    Field("changed_documents", "whole", ("reindex",), minimum=0, home="reindex"),
    # Storage as a database stores it, beside the generic formula: pgvector's pages (with an
    # HNSW or IVFFlat index of `lists` lists) or Qdrant's parts (`on_disk`: what leaves RAM).
    Field("database", "choice", ("storage",), "generic", choices=DATABASES, home="storage"),
    Field(
        "index_kind", "choice", ("storage",), "hnsw", choices=INDEX_KINDS,
        shown_when=("database", "pgvector"), home="storage",
    ),
    Field(
        "lists", "whole", ("storage",), "100", minimum=1, shown_when=("index_kind", "ivfflat"),
        home="storage",
    ),
    Field(
        "on_disk", "choice", ("storage",), "none", choices=ON_DISK_CHOICES,
        shown_when=("database", "qdrant"), home="storage",
    ),
    # HNSW's usual M (hnswlib, pgvector, FAISS), one copy, no metadata assumed: each is exact
    # until the visitor says otherwise.  Bytes per token start empty: they depend on the
    # language and the tokenizer, and a made-up value would hide inside the total; the text
    # count fills the field with a measured one.
    Field("hnsw_m", "whole", ("storage",), "16", minimum=2, home="storage"),
    Field("metadata_bytes", "whole", ("storage",), "0", minimum=0, home="storage"),
    Field("text_bytes_per_token", "decimal", ("storage",), home="storage"),
    Field("replicas", "whole", ("storage",), "1", minimum=1, home="storage"),
    Field(
        "quantized_dtype", "choice", ("storage",), choices=tuple(DTYPE_BITS), on_page=False,
        home="storage",
    ),
    # 512 tokens: the input limit of many 384-dimension models (the page's default
    # dimensions), e.g. bge-small and multilingual-e5-small (all-MiniLM-L6-v2 takes 256: its
    # preset says so).
    Field("max_input_tokens", "whole", ("model_limit",), "512", minimum=1, home="model_limit"),
    # What the model adds to every chunk ([CLS] and [SEP], a prefix): 0 unless told.
    Field("added_tokens", "whole", ("model_limit",), "0", minimum=0, home="model_limit"),
)  # fmt: skip

FIELDS: Mapping[str, Field] = MappingProxyType({field.name: field for field in _DECLARATIONS})

#: The smallest value each whole-number field accepts (compare cells use their column's).
FIELD_MINIMUMS: Mapping[str, int] = MappingProxyType(
    {f.name: f.minimum for f in _DECLARATIONS if f.kind == "whole" and f.minimum is not None}
)

#: Every input of the page and its default, in the order links list them.
DEFAULT_FIELDS: Mapping[str, str] = MappingProxyType(
    {f.name: f.default for f in _DECLARATIONS if f.on_page and f.kind != "rows"}
)


def field_panels(name: str) -> tuple[Panel, ...]:
    """The panels that depend on field ``name``; a comparison cell feeds the comparison.

    >>> field_panels("top_k"), field_panels("compare.3.dtype")
    (('budget',), ('compare',))
    """
    prefix, _, rest = name.partition(".")
    if prefix == "compare" and rest.partition(".")[2] in ROW_FIELDS:
        return ("compare",)
    field = FIELDS.get(name)
    return () if field is None else field.panels


def home_fields(panel: Panel) -> tuple[str, ...]:
    """The fields whose inputs sit among ``panel``'s, in the order the page shows them.

    >>> home_fields("budget")
    ('top_k', 'context_window', 'reserved_tokens', 'answer_tokens')
    """
    return tuple(f.name for f in FIELDS.values() if f.home == panel)


def panel_fields(panel: Panel) -> tuple[str, ...]:
    """The fields whose errors leave ``panel``'s figures out of date.

    >>> panel_fields("budget")
    ('chunk_size', 'overlap', 'top_k', 'context_window', 'reserved_tokens', 'answer_tokens')
    """
    return tuple(f.name for f in FIELDS.values() if panel in f.panels)


# The panels whose fields the trade-off follows: the corpus, the window and the vectors (the
# main form's), the storage's inputs and the price.
TRADEOFF_INPUTS: frozenset[Panel] = frozenset({"main", "storage", "cost"})


def stale_panels(errors: Mapping[str, object]) -> frozenset[Panel]:
    """The panels that an error in any of ``errors``' fields leaves out of date.

    >>> sorted(stale_panels({"dimensions": None}))
    ['compare', 'documents', 'main', 'storage']
    """
    return frozenset(panel for name in errors for panel in field_panels(name))


def shown(name: str, values: Mapping[str, str]) -> bool:
    """Whether field ``name`` is in use for the form's ``values``: each of its ``conditions``
    holds (an empty or missing value reads as its field's default).

    >>> shown("lists", {"database": "pgvector", "index_kind": "ivfflat"})
    True
    >>> shown("lists", {"database": "qdrant", "index_kind": "ivfflat"}), shown("tokens", {})
    (False, True)
    """
    return all(
        (values.get(chooser) or FIELDS[chooser].default) == value
        for chooser, value in FIELDS[name].conditions
    )


def page_fields() -> dict[str, dict[str, object]]:
    """The page's fields as its templates read them, by name.

    >>> page_fields()["dtype"]["choices"][-1], page_fields()["compare"]["maximum"]
    ('custom', 12)
    """
    return {f.name: page_field(f) for f in FIELDS.values() if f.on_page}


_INPUT_MODES = {"decimal": "decimal", "price": "decimal", "signed": "text"}


def page_field(field: Field) -> dict[str, object]:
    """A declaration as the page's template reads it (plain data)."""
    return {
        "name": field.name,
        "kind": field.kind,
        "default": field.default,
        "minimum": field.minimum,
        "maximum": field.maximum,
        "choices": list(field.choices),
        "shown_when": field.shown_when,
        "conditions": list(field.conditions),
        "label": field.label,
        "help": field.help,
        # A choice without a catalog key (a model's name) is shown as it is.
        "options": {choice: field.option_label(choice) for choice in field.choices},
        "home": field.home,
        # A numeric keypad has no minus sign: a signed count takes the full keyboard.
        "inputmode": _INPUT_MODES.get(field.kind, "numeric"),
    }
