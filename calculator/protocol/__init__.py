"""The web page's protocol: its form, its links and the one entry point its worker calls.

``respond`` takes JSON text and answers JSON text (typed in ``calculator.protocol._answer``).
Integers leave as decimal strings because JavaScript numbers lose digits past
2**53; the page formats those strings exactly with Intl.NumberFormat.  The
form's fields are declared once in ``FIELDS``; ``evaluate_form`` reads them as
typed, ``fields_from_query`` and ``query_from_fields`` turn them into a link
and back.  The model itself is the package's own API (``import calculator``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .._documents import CorpusPlan
from .._errors import CalculatorError
from .._record import fields_dict
from .._text import MACHINE, MAX_TYPED_VALUE, NumberFormat, parse_whole_number
from .._units import size_figure
from .._vectors import VectorSize
from ._chunk_map import chunk_map
from ._fields import DEFAULT_FIELDS, FIELDS, MODEL_PRESETS, TRADEOFF_INPUTS, Field, stale_panels
from ._form import FormOutcome, evaluate_form
from ._query import fields_from_query, link_from_fields, query_from_fields
from ._report import describe

# The page's Python never imports typing (it would be one more module to load at start); the
# answer's types are for the checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    from .._units import UnitSystem
    from ._answer import Answer, ModelAnswer
    from ._carried import Measures
    from ._fields import Panel
    from ._figures import (
        Derivation,
        DerivationLine,
        FieldError,
        LengthDistributionAnswer,
        ListForm,
        PanelState,
        ResultAnswer,
        RowNote,
    )

__all__ = [
    "DEFAULT_FIELDS",
    "FIELDS",
    "MACHINE",
    "MAX_TYPED_VALUE",
    "Field",
    "FormOutcome",
    "NumberFormat",
    "evaluate_form",
    "fields_from_query",
    "page_answer",
    "parse_whole_number",
    "query_from_fields",
    "respond",
]


def respond(request_json: str) -> str:
    """Answer one request of the page: the form's ``fields``, or a link's ``query``.

    The answer (typed in ``_answer.Answer``) holds per-field ``errors``, each
    panel's state, the main ``result`` with its derivation's facts and each
    planning panel's figures (``null`` where their fields are invalid or unused),
    the comparison's rows as texts with their notes, and the link ``query`` of
    the form.  Asked with a ``query``, it also gives the form's ``fields``.  A request that
    follows a new choice of model names the one chosen before it (``previous_model``): the
    fields that model's preset (or the page) put there take the new one's values, a value
    the visitor typed stays, and ``model.filled`` says what changed.  With
    ``"tradeoff": true`` it adds the trade-off's grid (the panel asks once it nears
    the screen: no first answer waits for it), with ``"export": {"format":
    "markdown" | "csv", "words": {...}}`` the plan and its trade-off as that file's
    text, in the words given (``calculator.protocol._export.EXPORT_WORDS``' keys).

    >>> import json
    >>> answer = json.loads(respond(json.dumps({
    ...     "fields": {"tokens": "8.000", "chunk_size": "512", "overlap": "64"},
    ...     "number_format": {"group": ".", "decimal": ","}})))
    >>> answer["errors"], answer["result"]["chunks"], answer["result"]["padded_tokens"]
    ({}, '18', '9216')
    >>> answer["panels"]["main"], answer["panels"]["budget"], answer["compare"]["notes"]
    ('fresh', 'unused', ['current', 'no_overlap', 'double_overlap'])
    >>> answer["query"]  # every field given is at its default
    ''

    A link's long list of counts travels in its ``fragment`` (``calculator.protocol._list_link``),
    which a request for a link may carry beside the query.
    """
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise TypeError("a request is a JSON object")
    number_format = _number_format(request.get("number_format", {}))
    linked: dict[str, str] | None = None
    list_error: CalculatorError | None = None
    list_form: ListForm = ""
    if "query" in request:
        if not isinstance(request["query"], str):
            raise TypeError("a request's query is a string")
        fields = linked = fields_from_query(request["query"], number_format)
        try:
            list_form = _read_linked_list(request.get("fragment", ""), fields)
        except CalculatorError as error:
            list_error = error
    else:
        fields = _text_mapping(request.get("fields", {}))
    filled: dict[str, str] = {}
    previous = request.get("previous_model")
    if isinstance(previous, str) and linked is None:
        filled = _chosen_model_fields(fields, previous, number_format)
        fields |= filled
    panels = request.get("first") is not True
    outcome = _evaluate(fields, number_format, request, panels=panels)
    measured, retrieval = _carried_measures(request, outcome.plan) if panels else (None, None)
    answer = page_answer(
        outcome, fields, number_format, filled, with_tradeoff=request.get("tradeoff") is True,
        measured=measured, retrieval=retrieval, panels=panels,
    )  # fmt: skip
    if outcome.split_again_at is not None:
        answer["split_again"] = list(outcome.split_again_at)
    if linked is not None:
        answer["fields"] = linked
        answer["list_came"] = list_form
    if list_error is not None:
        answer["errors"]["document_tokens"] = _field_error(list_error)
    export = request.get("export")
    if isinstance(export, dict):
        from ._export_request import export_file  # noqa: PLC0415 (on the first export only)

        exported = export_file(outcome, export, number_format, retrieval)
        if exported is not None:
            answer["export"] = exported
    _add_sizes(answer)
    return json.dumps(_as_text(answer), ensure_ascii=False)


def _read_linked_list(fragment: object, fields: dict[str, str]) -> ListForm:
    """A link's list of counts from its fragment into ``fields``, and how it came ("" for no
    fragment, or another one: #results)."""
    if not isinstance(fragment, str) or not fragment:
        return ""
    # Imported for a fragment only (a long list's): most links have none.
    from ._list_link import is_list_fragment, read_list_fragment  # noqa: PLC0415

    if not is_list_fragment(fragment):
        return ""
    listed = read_list_fragment(fragment)
    fields["document_tokens"] = listed.text
    return listed.form


def _carried_measures(
    request: Mapping[str, object], plan: CorpusPlan | None
) -> tuple[dict[tuple[int, int], tuple[int, int]] | None, dict[tuple[int, int], Measures] | None]:
    """What the page's worker measured that the request carries for the trade-off: a
    splitter's chunks at its windows, and an evaluation's measures (``_carried``)."""
    from ._carried import grid_retrieval, grid_split  # noqa: PLC0415 (no first answer has them)

    return grid_split(request.get("tradeoff_split"), plan), grid_retrieval(
        request.get("retrieval"), plan
    )


def _evaluate(
    fields: Mapping[str, str],
    number_format: NumberFormat,
    request: Mapping[str, object],
    *,
    panels: bool = True,
) -> FormOutcome:
    """The form, planned from a splitter's chunks where the request brings them for its very
    documents and window (the counter's split of the documents used as the corpus:
    ``{"chunker", "chunk_size", "overlap", "documents": [[tokens, [chunk tokens, ...]], ...]}``),
    else by the window model; with ``resplit`` (``{"chunker", "window", "again", "change"}``,
    the same documents split again at a re-indexing's window), its re-indexing too; with
    ``fit`` (``{"chunker", "window", "tokenizer", "documents": [[model tokens, ...], ...]}``,
    its chunks each counted in the model's own tokenizer), its input limit in those.  Without
    ``panels``, the main form only (a page's first answer)."""
    if not panels:
        return evaluate_form(fields, number_format, panels=False)
    from ._split_request import split_chunks  # noqa: PLC0415 (no first answer carries a split)

    chunks = split_chunks(request.get("split"), request.get("resplit"), request.get("fit"))
    if chunks is not None:
        try:
            return evaluate_form(fields, number_format, split=chunks)
        except ValueError:
            pass  # other documents or another window than the split's: the window model's plan
    return evaluate_form(fields, number_format)


def page_answer(
    outcome: FormOutcome,
    fields: Mapping[str, str],
    number_format: NumberFormat,
    filled: Mapping[str, str] | None = None,
    *,
    with_tradeoff: bool = False,
    measured: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    retrieval: Mapping[tuple[int, int], Measures] | None = None,
    panels: bool = True,
) -> Answer:
    """What the page paints for ``outcome``: the command line's sections (one assembly,
    ``describe_panels``), each panel's state, the errors, the chosen model (with the fields
    ``filled`` from it in this request) and the link.  ``respond`` sends it with every
    integer as its decimal string.  The trade-off only ``with_tradeoff``, and not while a
    field it follows is invalid (its last figures stay, out of date).  Without ``panels``
    (``outcome`` of the main form only), the main result and the link, every panel
    ``null`` and ``later``: a page's first answer, whose panels the next one brings."""
    if not panels:
        return _first_answer(outcome, fields, number_format)
    link = link_from_fields(fields, number_format)
    result = _main_result(outcome)
    stale = stale_panels(outcome.errors)
    tradeoff_stale = bool(stale & TRADEOFF_INPUTS)
    from ._panel_report import describe_panels  # noqa: PLC0415 (see _first_answer)

    # Without the command line's English: the page words the formulas from its catalog.
    figures = describe_panels(
        outcome,
        english=False,
        with_tradeoff=with_tradeoff and not tradeoff_stale,
        measured=measured,
        retrieval=retrieval,
    )
    storage = figures["storage"]

    def state(panel: Panel, figures: object) -> PanelState:
        return "stale" if panel in stale else "unused" if figures is None else "fresh"

    return {
        "errors": {name: _field_error(error) for name, error in outcome.errors.items()},
        "panels": {
            "main": state("main", result),
            "compare": state("compare", figures["compare"]),
            "documents": state("documents", figures["documents"]),
            "budget": state("budget", figures["budget"]),
            "cost": state("cost", figures["cost"]),
            "reindex": state("reindex", figures["reindex"]),
            "storage": state("storage", storage),
            "model_limit": state("model_limit", figures["model_limit"]),
            "tradeoff": "stale"
            if with_tradeoff and tradeoff_stale
            else "unused"
            if figures["tradeoff"] is None
            else "fresh",
        },
        "result": result,
        "documents": figures["documents"],
        "budget": figures["budget"],
        "cost": figures["cost"],
        "compare": {
            "rows": [dict(row) for row in outcome.compare_rows],
            "default": outcome.compare_is_default,
            "notes": [_row_note(note) for note in outcome.compare_notes],
            "figures": figures["compare"],
        },
        "reindex": figures["reindex"],
        "storage": storage,
        "model_limit": figures["model_limit"],
        "model": _model(outcome, fields, number_format, filled or {}),
        "tradeoff": figures["tradeoff"],
        "query": link.query,
        "fragment": link.fragment,
        "list_link": link.list_form,
    }


def _main_result(outcome: FormOutcome) -> ResultAnswer | None:
    plan = outcome.plan
    if plan is None:
        return None
    return {
        **describe(plan, outcome.vectors),
        "derivation": _derivation(plan, outcome.vectors),
        "chunk_map": chunk_map(plan),
        "length_distribution": _length_distribution(plan),
    }


def _first_answer(
    outcome: FormOutcome, fields: Mapping[str, str], number_format: NumberFormat
) -> Answer:
    """The main result, its fields' errors and the link, every panel ``null``: what a page
    paints first.  The panels' modules (``_panel_form``, ``_panel_report`` and the model's)
    are then not imported yet, so a first visit's first answer needs none of their bytes:
    they come in the calculator's later zip, and the page's next request brings the rest."""
    link = link_from_fields(fields, number_format)
    result = _main_result(outcome)
    stale = "main" in stale_panels(outcome.errors)
    main: PanelState = "stale" if stale else "unused" if result is None else "fresh"
    return {
        "errors": {name: _field_error(error) for name, error in outcome.errors.items()},
        "panels": {
            "main": main,
            "compare": "unused",
            "documents": "unused",
            "budget": "unused",
            "cost": "unused",
            "reindex": "unused",
            "storage": "unused",
            "model_limit": "unused",
            "tradeoff": "unused",
        },
        "result": result,
        "documents": None,
        "budget": None,
        "cost": None,
        "compare": {"rows": [], "default": True, "notes": [], "figures": None},
        "reindex": None,
        "storage": None,
        "model_limit": None,
        "model": None,
        "tradeoff": None,
        "query": link.query,
        "fragment": link.fragment,
        "list_link": link.list_form,
        "later": True,
    }


def _chosen_model_fields(
    fields: Mapping[str, str], previous: str, number_format: NumberFormat
) -> dict[str, str]:
    """The fields a model chosen in place of ``previous`` fills (``_model_fields.chosen_fields``);
    none for "custom" (every value stays, the visitor's own from now on) or a name the form
    refuses."""
    chosen = fields.get("model", "").strip()
    if chosen not in MODEL_PRESETS:
        return {}
    # Imported here: the page reads the presets only once a model is chosen.
    from .._models import model_preset  # noqa: PLC0415
    from ._model_fields import chosen_fields  # noqa: PLC0415

    return chosen_fields(model_preset(chosen), previous, fields, number_format)


def _model(
    outcome: FormOutcome,
    fields: Mapping[str, str],
    number_format: NumberFormat,
    filled: Mapping[str, str],
) -> ModelAnswer | None:
    name = fields.get("model", "").strip()
    if "model" in outcome.errors or name not in MODEL_PRESETS:
        return None  # "custom" (or a name the form refuses, with its error)
    from .._models import model_preset  # noqa: PLC0415
    from ._model_fields import page_model  # noqa: PLC0415

    return page_model(model_preset(name), fields, number_format, filled)


def _field_error(error: CalculatorError) -> FieldError:
    return {
        "key": error.key,
        "params": dict(error.params),
        "integer_params": list(error.integer_params),
    }


def _derivation(plan: CorpusPlan, vectors: VectorSize | None) -> Derivation:
    """The worked derivation's case: no tokens, one window, windows after the first (of one
    document, or of each of D equal ones, then × D), or a sum over documents of several
    lengths."""
    empty = plan.chunks == 0
    raw: Literal["raw", "raw_binary"] | None = None
    if vectors is not None and not empty:
        raw = "raw_binary" if vectors.bits_per_dimension % 8 else "raw"
    document = plan.document
    with_tokens = sum(count for length, count in plan.lengths if length)
    chunks_line: Literal["chunks_empty", "chunks_short", "chunks", "chunks_sum", "chunks_split"]
    lines: list[DerivationLine]
    if empty:
        chunks_line, lines = "chunks_empty", []
    elif plan.measured:
        # Where a splitter cuts depends on the text: its chunks are counted, not worked out.
        chunks_line, lines = "chunks_split", ["padded"]
    elif document is None:
        chunks_line = "chunks_sum"
        lines = ["processed_sum", "repeated_documents", "padded"]
    else:
        chunks_line = "chunks_short" if document.tokens <= document.chunk_size else "chunks"
        lines = ["last", "processed", "repeated", "padded"]
        if plan.documents > 1:
            lines = [
                "last",
                "document_processed",
                "documents_chunks",
                "documents_processed",
                "documents_repeated",
                "documents_padded",
            ]
    per_document = document is not None
    return {
        "chunks_line": chunks_line,
        "lines": lines,
        "documents_line": "equal_documents" if per_document and plan.documents > 1 else None,
        "raw_line": raw,
        "chunks_minus_one": max(0, document.chunks - 1)
        if document is not None
        else plan.chunks - with_tokens,
        "documents_with_tokens": with_tokens,
    }


# A plan of at most this many distinct chunk lengths shows them as a list ("3 × 800 + 1 × 700");
# one of more (a collection's last chunks: up to one length per token of a chunk), as their
# distribution, in this many ranges at most.
LISTED_LENGTH_GROUPS = 4
LENGTH_BINS = 6


def _length_distribution(plan: CorpusPlan) -> LengthDistributionAnswer | None:
    """The chunks' lengths as a distribution, for a plan of more than a few lengths.

    >>> from calculator import plan_documents
    >>> lengths = _length_distribution(plan_documents(range(100, 1100, 100), 512, 64))
    >>> lengths["least"], lengths["median"], lengths["p95"], lengths["most"], lengths["chunks"]
    (100, 400, 512, 512, 16)
    >>> lengths["histogram"][0], lengths["histogram"][-1]
    ({'first': 100, 'last': 168, 'chunks': 3}, {'first': 445, 'last': 512, 'chunks': 8})
    """
    groups = plan.length_groups
    if len(groups) <= LISTED_LENGTH_GROUPS:
        return None
    # Imported here: a plan of a few lengths (every first answer's) never needs it.
    from .._distribution import distribution  # noqa: PLC0415

    lengths = distribution((group.count, group.length) for group in groups)
    return {
        "chunks": lengths.chunks,
        "least": lengths.least,
        "median": lengths.median,
        "p95": lengths.p95,
        "most": lengths.most,
        "histogram": [
            {"first": first, "last": last, "chunks": chunks}
            for first, last, chunks in lengths.histogram(LENGTH_BINS)
        ],
    }


def _row_note(note: str) -> RowNote:
    if note in ("current", "no_overlap", "double_overlap"):
        return note  # type: ignore[return-value]  # checked just above
    return ""


#: Byte counts the page shows as sizes, and the key of the decided figures beside each.
SIZED_KEYS = {
    "raw_vector_bytes": "raw_vector_size",
    # The index's life: the re-embedding's raw sizes, the storage's parts, pgvector's columns.
    "old_raw_vector_bytes": "old_raw_vector_size",
    "new_raw_vector_bytes": "new_raw_vector_size",
    "versioned_peak_raw_bytes": "versioned_peak_raw_size",
    "in_place_peak_raw_bytes": "in_place_peak_raw_size",
    "hnsw_graph_bytes": "hnsw_graph_size",
    "hnsw_upper_layer_bytes": "hnsw_upper_layer_size",
    "text_bytes": "text_size",
    "metadata_bytes": "metadata_size",
    "quantized_copy_bytes": "quantized_copy_size",
    "replica_bytes": "replica_size",
    "total_bytes": "total_size",
    "bytes": "size",
    # A database's own: the generic formula's total beside its own, pgvector's table and
    # index, Qdrant's disk and RAM and the headroom said apart.
    "generic_total_bytes": "generic_total_size",
    "table_bytes": "table_size",
    "index_bytes": "index_size",
    "disk_bytes": "disk_size",
    "ram_bytes": "ram_size",
    "headroom_bytes": "headroom_size",
    # The trade-off's points and the storage's parts beyond the first copy.
    "storage_bytes": "storage_size",
    "replicas_bytes": "replicas_size",
}
_UNIT_SYSTEMS: tuple[UnitSystem, ...] = ("iec", "si")


def _add_sizes(value: object) -> None:
    """Beside every sized byte count in ``value``, its figures in binary and decimal units.

    The command line words the same figures (``_units``), so both say one size; a negative
    count (a difference) gets the figures of its magnitude, the page writes the sign.
    """
    if isinstance(value, list):
        for item in value:
            _add_sizes(item)
    elif isinstance(value, dict):
        for item in value.values():
            _add_sizes(item)
        for bytes_key, size_key in SIZED_KEYS.items():
            count = value.get(bytes_key)
            if isinstance(count, int):
                value[size_key] = {
                    system: fields_dict(size_figure(abs(count), system)) for system in _UNIT_SYSTEMS
                }


def _text_mapping(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(key, str) and isinstance(text, str) for key, text in value.items()
    ):
        raise TypeError("request fields must map names to strings")
    return dict(value)


def _number_format(value: object) -> NumberFormat:
    formats = _text_mapping(value)
    return NumberFormat(group=formats.get("group", ""), decimal=formats.get("decimal", "."))


# The kinds of value an answer holds, in the order a subclass is checked against them (a bool
# is an int).
_ANSWER_KINDS = (bool, int, float, dict, list, str, type(None))
_EXACT_KINDS = frozenset(_ANSWER_KINDS)


def _as_text(value: object) -> object:
    """Every int (never a bool) in ``value`` turned into its decimal string."""
    # By exact type first: an answer holds a few hundred values, and isinstance() on each
    # was a sixth of an answer's time in the browser's Python.
    kind: type = type(value)
    if kind not in _EXACT_KINDS:
        kind = next((known for known in _ANSWER_KINDS if isinstance(value, known)), object)
    if kind is int:
        return str(value)
    if kind is float:
        return repr(value)
    if kind is dict:
        return {key: _as_text(item) for key, item in value.items()}  # type: ignore[attr-defined]
    if kind is list:
        return [_as_text(item) for item in value]  # type: ignore[attr-defined]
    return value
