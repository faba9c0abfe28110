"""The five page catalogs (locales/*.json) agree with each other and with the page's contract.

The page looks every text up by key and fills {placeholders} itself, so a key missing in one
language, a placeholder spelled differently or a missing plural form would only show up as a
broken page in that language.  These checks catch that without a browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from calculator import MESSAGE_KEYS
from calculator._databases import FORMULA_PARAMS, PARTS, SOURCES
from calculator._models import FIELD_NAMES as MODEL_FIELDS
from calculator._tokens._hf_limits import REASONS as TOKENIZER_REASONS

LOCALES = Path(__file__).resolve().parent.parent / "locales"
LANGUAGES = ("en", "pt", "de", "it", "pl")

# A catalog value: a plain string, a plural object (CLDR category -> text) or, for explanatory
# bodies only, a list of paragraphs.
Value = str | dict[str, str] | list[str]
Catalog = dict[str, Value]

# The forms a plural object offers: "zero", the catalog's own wording for a count of 0, and
# the CLDR categories the page chooses among for counts written in digits (web/pure/format.js
# reads the "many" that pt and it keep for millions said as words as "other"). Exactly
# these, no fewer (a missing form breaks the page) and no more (dead text).
PLURAL_CATEGORIES: Mapping[str, frozenset[str]] = {
    "en": frozenset({"zero", "one", "other"}),
    "de": frozenset({"zero", "one", "other"}),
    "pt": frozenset({"zero", "one", "other"}),
    "it": frozenset({"zero", "one", "other"}),
    "pl": frozenset({"zero", "one", "few", "many", "other"}),
}

META_LOCALE = {"en": "en", "pt": "pt-BR", "de": "de-DE", "it": "it-IT", "pl": "pl-PL"}
META_LANGUAGE_NAME = {
    "en": "English",
    "pt": "Português",
    "de": "Deutsch",
    "it": "Italiano",
    "pl": "Polski",
}

# The terms each language's source document uses; the page must speak the same language.
KEY_TERMS: Mapping[str, tuple[str, ...]] = {
    "pt": (
        "Tokens do documento",
        "Tamanho do chunk",
        "Sobreposição entre chunks",
        "passo",
        "tamanho bruto",
        "chunks",
    ),
    "de": ("Abschnitte", "Überlappung", "Schrittweite", "Rohgröße", "Fenstergröße"),
    "it": (
        "dimensione del chunk",
        "sovrapposizione",
        "passo",
        "chunk",
        "occupazione",
        "Numero di dimensioni",
    ),
    "pl": ("fragmenty", "nakładka", "krok", "osadzenia", "rozmiar"),
}

# The calculator package's message keys are the one source of the error texts' placeholders.
ERROR_PLACEHOLDERS: Mapping[str, frozenset[str]] = {
    key: frozenset(names) for key, names in MESSAGE_KEYS.items()
}

# Every other key that carries placeholders, with the names the page fills in.  Keys not listed
# here (and not errors.*) must have none, so a stray {name} cannot reach the page unfilled.
PLACEHOLDERS: Mapping[str, frozenset[str]] = {
    "result.repeated_tokens.explain": frozenset({"share"}),
    "result.repeated_tokens.explain_corpus": frozenset({"share"}),
    "result.padded_tokens.explain_corpus": frozenset({"chunks", "chunk_size", "padding"}),
    "result.one_stream": frozenset({"chunks", "difference"}),
    "result.padded_tokens.explain": frozenset({"chunks", "chunk_size", "last", "padding"}),
    "result.padded_tokens.explain_full": frozenset({"chunks", "chunk_size"}),
    "status.progress": frozenset({"received", "total"}),
    "lengths.group": frozenset({"count", "length"}),
    "lengths.range": frozenset({"first", "last"}),
    "count.per_document": frozenset({"documents"}),
    "count.rows_shown": frozenset({"first", "last", "total"}),
    "plural.chunks": frozenset({"count"}),
    "plural.tokens": frozenset({"count"}),
    "plural.bytes": frozenset({"count"}),
    "plural.vectors": frozenset({"count"}),
    "plural.documents": frozenset({"count"}),
    "plural.rows": frozenset({"count"}),
    "derivation.step": frozenset({"chunk_size", "overlap", "step"}),
    "derivation.chunks": frozenset({"tokens", "chunk_size", "step", "quotient", "chunks"}),
    "derivation.chunks_short": frozenset({"tokens", "chunk_size"}),
    "derivation.last": frozenset({"tokens", "chunks_minus_one", "step", "last"}),
    "derivation.processed": frozenset({"tokens", "overlap", "chunks_minus_one", "processed"}),
    "derivation.repeated": frozenset({"overlap", "chunks_minus_one", "repeated"}),
    "derivation.padded": frozenset({"chunks", "chunk_size", "padded"}),
    "derivation.raw": frozenset({"vectors", "dimensions", "bytes_per_dimension", "raw"}),
    "derivation.raw_binary": frozenset({"vectors", "dimensions", "raw"}),
    "derivation.documents_chunks": frozenset({"documents", "document_chunks", "chunks"}),
    "derivation.documents_processed": frozenset({"documents", "document_processed", "processed"}),
    "derivation.documents_repeated": frozenset(
        {"documents", "overlap", "chunks_minus_one", "repeated"}
    ),
    "derivation.documents_padded": frozenset(
        {"documents", "document_chunks", "chunk_size", "padded"}
    ),
    "derivation.chunks_sum": frozenset({"documents", "chunks"}),
    "derivation.chunks_split": frozenset({"chunks"}),
    "results.chunker_note": frozenset({"splitter"}),
    "tradeoff.split_progress": frozenset({"splitter", "percent"}),
    "tradeoff.split_done": frozenset({"splitter"}),
    "tradeoff.breakdown_generic": frozenset({"database"}),
    "limit.measured_with": frozenset({"tokenizer"}),
    "limit.documents": frozenset({"documents", "all", "name", "chunks", "tokens"}),
    "limit.measuring": frozenset({"tokenizer", "counter"}),
    "limit.other_tokenizer": frozenset({"tokenizer", "counter"}),
    "tradeoff.split_window": frozenset({"splitter"}),
    "derivation.processed_sum": frozenset({"tokens", "overlap", "chunks_minus_one", "processed"}),
    "derivation.repeated_documents": frozenset({"overlap", "chunks_minus_one", "repeated"}),
    "chunkmap.document_each": frozenset({"tokens", "count"}),
    "chunkmap.document_longest": frozenset({"tokens"}),
    "chunkmap.description": frozenset({"chunks", "chunk_size", "overlap"}),
    "chunkmap.gap": frozenset({"count"}),
    "compare.row_label": frozenset({"row"}),
    "compare.remove_row_label": frozenset({"row"}),
    "tradeoff.table_caption": frozenset({"figure"}),
    "tradeoff.series_current": frozenset({"share"}),
    "tradeoff.downloaded": frozenset({"file"}),
    "budget.source_tokens": frozenset({"top_k", "chunk_size", "source"}),
    "budget.fits": frozenset({"spare"}),
    "budget.over_by": frozenset({"over"}),
    "budget.chunks_that_fit": frozenset({"count"}),
    "cost.one_time": frozenset({"amount"}),
    "cost.preset": frozenset({"model", "price", "currency", "hosts", "date"}),
    "cost.preset_kept": frozenset({"model", "price", "hosts", "date"}),
    # The index's life: formulas filled with the answer's figures.
    "reindex.formula.reused": frozenset({"old"}),
    "reindex.formula.reused_edit": frozenset({"kept", "old", "realigned"}),
    "reindex.formula.reused_documents": frozenset({"old"}),
    "reindex.formula.reused_model": frozenset({"old"}),
    "reindex.formula.to_embed": frozenset({"new", "reused"}),
    "reindex.formula.to_delete": frozenset({"old", "reused"}),
    "reindex.formula.tokens_to_embed": frozenset({"processed", "reused"}),
    "reindex.formula.versioned_peak": frozenset({"new", "old"}),
    "reindex.formula.in_place_peak": frozenset({"embed", "old", "per_vector"}),
    "storage.formula.raw": frozenset({"per_vector", "vectors"}),
    "storage.formula.graph": frozenset({"m", "vectors"}),
    "storage.formula.upper": frozenset({"m", "vectors"}),
    "storage.formula.text": frozenset({"per_token", "tokens"}),
    "storage.formula.metadata": frozenset({"per_chunk", "vectors"}),
    "storage.formula.total": frozenset({"replicas"}),
    "model_limit.formula.over": frozenset({"all"}),
    "model_limit.formula.largest": frozenset({"limit", "added"}),
    "model_limit.formula.at_limit": frozenset({"chunk_size", "overlap", "tokens"}),
    "model_limit.formula.embedded": frozenset({"processed", "chunks", "added", "cut"}),
    # The embedding model's note, its sources, and the chunks its input limit cuts.
    "model.values": frozenset({"model", "dimensions", "limit", "added"}),
    "model.values_none_added": frozenset({"model", "dimensions", "limit"}),
    "model.values_added_unknown": frozenset({"model", "dimensions", "limit"}),
    "model.kept": frozenset({"fields"}),
    "model.field.dimensions": frozenset({"value"}),
    "model.field.max_input_tokens": frozenset({"value"}),
    "model.field.added_tokens": frozenset({"value"}),
    "model.field.price_per_million": frozenset({"value"}),
    "model.tokenizer.here": frozenset({"tokenizer", "identified"}),
    "model.tokenizer.missing": frozenset({"tokenizer", "identified"}),
    "model.sources": frozenset({"date"}),
    "model.checked": frozenset({"date"}),
    "model.any_up_to": frozenset({"max"}),
    "model.price": frozenset({"amount", "currency"}),
    "model.status.replaced": frozenset({"name"}),
    "limit.field": frozenset({"largest"}),
    "limit.of": frozenset({"count", "all"}),
    "plural.pages": frozenset({"count"}),
    "storage.db.source": frozenset({"source"}),
    "storage.db.formula_total_pgvector": frozenset({"replicas"}),
    "storage.db.generic_says": frozenset({"size"}),
    # The databases' formulas: the calculator's table is the one source of their figures.
    **{f"storage.db.formula.{key}": frozenset(names) for key, names in FORMULA_PARAMS.items()},
    "count.progress": frozenset({"percent"}),
    "count.chunks_summary": frozenset({"tokens", "chunks", "chunk_size", "overlap"}),
    "count.chunks_shown": frozenset({"shown", "chunks"}),
    "count.chunks_marker": frozenset({"number"}),
    "count.chunks_overlap": frozenset({"first", "last"}),
    "count.tokenizer_loaded": frozenset({"file"}),
    **{
        f"count.tokenizer_reason.{reason}": frozenset({"file", *names})
        for reason, names in TOKENIZER_REASONS.items()
    },
    "count.tokenizer_too_large": frozenset({"file"}),
    "count.tokenizer_read": frozenset({"file"}),
    "count.use_replaces": frozenset({"collection"}),
    "count.used_corpus_recounted": frozenset({"counter"}),
    "count.used_corpus_stale": frozenset({"counter"}),
    "count.collection_one": frozenset({"tokens"}),
    "count.collection_many": frozenset({"documents", "tokens"}),
    "count.formula.documents_tokens": frozenset({"documents", "ratio"}),
    "count.formula.documents_chunks": frozenset({"documents", "ratio"}),
    "count.formula.bytes": frozenset({"size", "ratio"}),
    "count.formula.characters": frozenset({"size", "ratio"}),
    "count.split_progress": frozenset({"percent"}),
    "count.split_summary": frozenset({"tokens", "chunks", "window_chunks", "ratio"}),
    "count.split_refused": frozenset({"minimum"}),
    "count.split_marker": frozenset({"number", "tokens"}),
    "count.splitters_with_ratio": frozenset({"value", "ratio"}),
    "count.splitters_corpus": frozenset({"chunks", "tokens"}),
}

PLURAL_KEYS = (
    "plural.chunks",
    "plural.tokens",
    "plural.bytes",
    "plural.vectors",
    "plural.documents",
    "plural.rows",
    "plural.pages",
    "chunkmap.gap",
    "budget.chunks_that_fit",
)

FIELDS = (
    "tokens",
    "chunk_size",
    "overlap",
    "dimensions",
    "dtype",
    "bytes_per_dimension",
    "documents",
    "average_tokens",
    "document_tokens",
    "top_k",
    "context_window",
    "reserved_tokens",
    "answer_tokens",
    "price_per_million",
    "reindex_mode",
    "new_model",
    "new_chunk_size",
    "new_overlap",
    "edit_at",
    "edit_tokens",
    "changed_documents",
    "hnsw_m",
    "metadata_bytes",
    "text_bytes_per_token",
    "replicas",
    "database",
    "index_kind",
    "lists",
    "on_disk",
    "max_input_tokens",
    "added_tokens",
    "model",
)
DTYPES = ("float32", "float16", "bfloat16", "int8", "binary", "custom")
RESULTS = (
    "step",
    "chunks",
    "chunk_lengths",
    "tokens_processed",
    "repeated_tokens",
    "padded_tokens",
    "raw_vector_bytes",
)
EXPLAIN_SECTIONS = (
    "windows",
    "formulas",
    "example_small",
    "example_large",
    "padded",
    "stream",
    "raw_size",
    "no_best",
    "tokenizer",
    "prompt_budget",
    "reindexing",
)
# Keys without placeholders that the page needs beyond the tables above.
OTHER_KEYS = (
    "meta.locale",
    "meta.language_name",
    "page.title",
    "page.heading",
    "page.intro",
    "page.privacy",
    "page.skip_to_results",
    "page.footer",
    "nav.language",
    "status.loading",
    "status.load_failed",
    "status.load_timeout",
    "status.retry",
    "status.stale",
    "status.python_error",
    "status.ready_hint",
    "form.legend_document",
    "form.legend_chunking",
    "form.legend_vectors",
    "results.heading",
    "results.empty",
    "results.invalid",
    "lengths.joiner",
    "lengths.explain",
    "lengths.least",
    "lengths.median",
    "lengths.p95",
    "lengths.most",
    "lengths.histogram",
    "lengths.col_tokens",
    "lengths.col_chunks",
    "count.page_previous",
    "count.page_next",
    "units.iec_heading",
    "units.si_heading",
    "derivation.heading",
    "derivation.chunks_empty",
    "chunkmap.heading",
    "chunkmap.legend_chunk",
    "chunkmap.legend_overlap",
    "chunkmap.legend_last",
    "presets.heading",
    "presets.example_small",
    "presets.example_large",
    "presets.apply",
    "share.heading",
    "share.copy_link",
    "share.copied",
    "share.copy_failed",
    "share.link_label",
    "embed.heading",
    "embed.intro",
    "embed.snippet_label",
    "embed.copy_snippet",
    "embed.copied",
    "embed.copy_failed",
    "embed.open_full",
    "embed.iframe_title",
    "compare.heading",
    "compare.intro",
    "compare.add_row",
    "compare.remove_row",
    "compare.col_config",
    "compare.col_chunks",
    "compare.col_tokens_processed",
    "compare.col_over_n",
    "compare.col_repeated",
    "compare.col_padded",
    "compare.col_raw_size",
    "compare.best",
    "compare.worst",
    "compare.current",
    "compare.dtype_as_above",
    "compare.no_overlap",
    "compare.double_overlap",
    "tradeoff.heading",
    "tradeoff.intro",
    "tradeoff.loading",
    "tradeoff.figure_label",
    "tradeoff.needs_dimensions",
    "tradeoff.needs_price",
    "tradeoff.overlap_note",
    "tradeoff.chart_note",
    "tradeoff.breakdown_heading",
    "tradeoff.breakdown_intro",
    "tradeoff.part.replicas",
    "tradeoff.export_heading",
    "tradeoff.export_intro",
    "tradeoff.download_markdown",
    "tradeoff.copy_markdown",
    "tradeoff.download_csv",
    "tradeoff.copy_csv",
    "tradeoff.copied",
    "tradeoff.copy_failed",
    "tradeoff.export_failed",
    "tradeoff.export_text_label",
    "export.plan",
    "export.settings",
    "export.tool",
    "export.overlap_share",
    "export.quantized_copy",
    "documents.heading",
    "documents.intro",
    "documents.unused",
    "documents.list_rounded",
    "results.estimate_from_summary",
    "share.list_sorted",
    "share.list_rounded",
    "share.list_too_long",
    "corpus.label",
    "corpus.one",
    "corpus.documents",
    "corpus.list",
    "result.chunks.explain_corpus",
    "result.tokens_processed.explain_corpus",
    "result.last_chunk_tokens.label_each",
    "result.document_count.label",
    "result.document_count.explain",
    "derivation.symbols_corpus",
    "derivation.label.document_chunks",
    "derivation.label.document_processed",
    "documents.per_document",
    "documents.one_stream",
    "documents.difference",
    "documents.caveat",
    "documents.parsing",
    "budget.heading",
    "budget.intro",
    "budget.total",
    "budget.answer_note",
    "cost.heading",
    "cost.intro",
    "cost.note",
    "reindex_mode.settings",
    "reindex_mode.edit",
    "reindex_mode.documents",
    "reindex_mode.model",
    "new_model.no",
    "new_model.yes",
    "life.estimate",
    "reindex.heading",
    "reindex.intro",
    "reindex.reused",
    "reindex.to_embed",
    "reindex.to_delete",
    "reindex.tokens_to_embed",
    "reindex.cost",
    "reindex.versioned_peak",
    "reindex.in_place_peak",
    "storage.heading",
    "storage.intro",
    "storage.raw",
    "storage.graph",
    "storage.upper",
    "storage.text",
    "storage.metadata",
    "storage.replica",
    "storage.total",
    "storage.formula.text_none",
    "storage.formula.replica",
    "storage.pgvector",
    "storage.pgvector_type",
    "storage.pgvector_per_value",
    "storage.pgvector_all",
    "storage.generic_caption",
    "storage.db.caption_pgvector",
    "storage.db.caption_qdrant",
    "storage.db.where.ram_and_disk",
    "storage.db.where.disk",
    "storage.db.total_pgvector",
    "storage.db.total_qdrant",
    "storage.db.formula_total_qdrant",
    "storage.db.ram",
    "storage.db.formula_ram",
    "storage.db.headroom",
    "storage.db.formula_headroom",
    "model_limit.heading",
    "model_limit.intro",
    "model_limit.over",
    "model_limit.truncated",
    "model_limit.largest",
    "model_limit.at_limit",
    "model_limit.formula.truncated",
    "model_limit.no_plan",
    "model_limit.embedded",
    "model.custom",
    "model.use_values",
    "model.tokenizer.unknown",
    "model.identified.checksum",
    "model.identified.publisher",
    "model.identified.configuration",
    "model.sources_note",
    "model.none",
    "model.status.current",
    "model.status.deprecated",
    *(f"model.source.{field}" for field in MODEL_FIELDS),
    "limit.results",
    "explain.formulas.code",
    "explain.references",
    "faq.heading",
    "index.heading",
    "index.choose",
)


def required_keys() -> frozenset[str]:
    """Every key the page relies on, built from the contract's tables."""
    keys = set(OTHER_KEYS) | set(PLACEHOLDERS)
    keys |= {f"errors.{key}" for key in ERROR_PLACEHOLDERS}
    keys |= {f"field.{name}.{part}" for name in FIELDS for part in ("label", "help")}
    keys |= {f"dtype.{name}" for name in DTYPES}
    # Each representation as a noun phrase, for the sentences that name it (a refusal).
    keys |= {f"dtype_vectors.{name}" for name in DTYPES}
    keys |= {f"storage.db.part.{name}" for name in PARTS}
    keys |= {f"storage.db.source.{name}" for name in SOURCES}
    keys |= {f"result.{name}.{part}" for name in RESULTS for part in ("label", "explain")}
    keys |= {f"explain.{name}.{part}" for name in EXPLAIN_SECTIONS for part in ("title", "body")}
    keys |= {f"faq.{kind}{number}" for kind in ("q", "a") for number in range(1, 6)}
    return frozenset(keys)


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    # json.load would silently keep the last of two equal keys; a duplicate is a mistake.
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _as_value(key: str, raw: object) -> Value:
    """The JSON value as one of the three shapes a catalog may hold, or a clear error."""
    if isinstance(raw, str):
        return raw
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        return [str(item) for item in raw]
    if isinstance(raw, dict) and all(isinstance(item, str) for item in raw.values()):
        return {str(category): str(text) for category, text in raw.items()}
    raise TypeError(f"{key}: a value must be a string, a plural object or a list of strings")


def load_catalog(language: str) -> Catalog:
    text = (LOCALES / f"{language}.json").read_text(encoding="utf-8")
    raw = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    assert isinstance(raw, dict), f"{language}.json must hold one JSON object"
    return {key: _as_value(key, value) for key, value in raw.items()}


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {language: load_catalog(language) for language in LANGUAGES}


def texts(value: Value) -> Iterator[str]:
    """Every piece of text in a value: the string, each plural form or each paragraph."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        yield from value.values()
    else:
        yield from value


PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
PLACEHOLDER_NAME = re.compile(r"[a-z][a-z0-9_]*")


def placeholders(text: str) -> frozenset[str]:
    return frozenset(PLACEHOLDER.findall(text))


def value_placeholders(value: Value) -> frozenset[str]:
    return frozenset().union(*(placeholders(text) for text in texts(value)))


def kind(value: Value) -> str:
    if isinstance(value, str):
        return "string"
    return "plural" if isinstance(value, dict) else "paragraphs"


def polish_category(count: int) -> str:
    """CLDR's Polish plural rule for a whole number (v = 0), as Intl.PluralRules applies it."""
    last_digit, last_two = count % 10, count % 100
    if count == 1:
        return "one"
    if 2 <= last_digit <= 4 and not 12 <= last_two <= 14:
        return "few"
    # Every other whole number: endings 0-1 and 5-9 (except a lone 1) and the teens 12-14.
    return "many"


# --- Checks written as functions returning problems, so the tests below can also prove that
# --- they notice a broken catalog.


def key_problems(catalogs: Mapping[str, Catalog]) -> list[str]:
    reference = list(catalogs["en"])
    problems = []
    for language, catalog in catalogs.items():
        missing = sorted(set(reference) - set(catalog))
        extra = sorted(set(catalog) - set(reference))
        if missing or extra:
            problems.append(f"{language}: missing {missing}, not in en {extra}")
        elif list(catalog) != reference:
            problems.append(f"{language}: keys are not in en.json's order")
    return problems


def placeholder_problems(catalogs: Mapping[str, Catalog]) -> list[str]:
    problems = []
    for key, english in catalogs["en"].items():
        expected = value_placeholders(english)
        for language, catalog in catalogs.items():
            if key in catalog and value_placeholders(catalog[key]) != expected:
                found = sorted(value_placeholders(catalog[key]))
                problems.append(f"{language} {key}: {found} != en {sorted(expected)}")
    return problems


def plural_problems(language: str, catalog: Catalog) -> list[str]:
    problems = []
    for key, value in catalog.items():
        if not isinstance(value, dict):
            continue
        if set(value) != PLURAL_CATEGORIES[language]:
            problems.append(f"{key}: categories {sorted(value)}")
        # A form may leave out {count} ("one chunk"), but must not lose or gain anything else.
        shared = value_placeholders(value) - {"count"}
        for category, text in value.items():
            if placeholders(text) - {"count"} != shared:
                problems.append(f"{key}.{category}: placeholders {sorted(placeholders(text))}")
    return problems


def test_catalogs_have_the_same_keys_in_the_same_order(catalogs: dict[str, Catalog]) -> None:
    assert key_problems(catalogs) == []


def test_every_key_the_page_uses_is_present(catalogs: dict[str, Catalog]) -> None:
    for language, catalog in catalogs.items():
        assert sorted(required_keys() - set(catalog)) == [], language


def test_the_databases_words_are_exactly_the_calculators(catalogs: dict[str, Catalog]) -> None:
    # No formula, source or part the calculator does not make: a dead key is a wording that
    # no page shows.
    for prefix, names in (
        ("storage.db.formula.", set(FORMULA_PARAMS)),
        ("storage.db.source.", set(SOURCES)),
        ("storage.db.part.", set(PARTS)),
    ):
        worded = {key.removeprefix(prefix) for key in catalogs["en"] if key.startswith(prefix)}
        assert worded == names, prefix


def test_same_placeholders_per_key(catalogs: dict[str, Catalog]) -> None:
    assert placeholder_problems(catalogs) == []


def test_placeholders_are_exactly_the_ones_the_page_fills(catalogs: dict[str, Catalog]) -> None:
    for key, value in catalogs["en"].items():
        if key.startswith("errors."):
            continue
        assert value_placeholders(value) == PLACEHOLDERS.get(key, frozenset()), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_error_messages_match_the_calculator_keys(
    catalogs: dict[str, Catalog], language: str
) -> None:
    catalog = catalogs[language]
    errors = {
        key.removeprefix("errors."): catalog[key] for key in catalog if key.startswith("errors.")
    }
    assert set(errors) == set(ERROR_PLACEHOLDERS)
    for key, value in errors.items():
        assert isinstance(value, str), key
        assert placeholders(value) == ERROR_PLACEHOLDERS[key], key


def test_value_shapes_match_across_catalogs(catalogs: dict[str, Catalog]) -> None:
    for key, english in catalogs["en"].items():
        shapes = {language: kind(catalog[key]) for language, catalog in catalogs.items()}
        assert set(shapes.values()) == {kind(english)}, (key, shapes)


def test_plural_keys_are_plural_objects_and_bodies_are_paragraphs(
    catalogs: dict[str, Catalog],
) -> None:
    english = catalogs["en"]
    for key in PLURAL_KEYS:
        assert kind(english[key]) == "plural", key
    for key, value in english.items():
        # Only explanatory bodies are split into paragraphs.
        assert (kind(value) == "paragraphs") == key.endswith(".body"), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_empty_text(catalogs: dict[str, Catalog], language: str) -> None:
    for key, value in catalogs[language].items():
        assert value, key
        for text in texts(value):
            assert text.strip(), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_text_is_plain_with_well_formed_placeholders(
    catalogs: dict[str, Catalog], language: str
) -> None:
    markup = re.compile(r"<[A-Za-z/!]|&#?\w+;|\*\*|`|\]\(")
    for key, value in catalogs[language].items():
        for text in texts(value):
            # The build escapes everything, so markup would show up as literal tags and stars.
            assert not markup.search(text), (key, text)
            assert all(PLACEHOLDER_NAME.fullmatch(name) for name in placeholders(text)), key
            assert not re.search(r"[{}]", PLACEHOLDER.sub("", text)), (key, "stray brace")
            # Line breaks only where the formulas are shown as lines of plain text.
            assert "\n" not in text or key.endswith(".code"), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_objects_have_this_languages_categories(
    catalogs: dict[str, Catalog], language: str
) -> None:
    assert plural_problems(language, catalogs[language]) == []


@pytest.mark.parametrize(
    ("count", "category", "expected"),
    [
        (1, "one", "1 fragment"),
        (2, "few", "2 fragmenty"),
        (5, "many", "5 fragmentów"),
        (12, "many", "12 fragmentów"),
        (22, "few", "22 fragmenty"),
        (112, "many", "112 fragmentów"),
    ],
)
def test_polish_chunk_counts_take_the_right_form(
    catalogs: dict[str, Catalog], count: int, category: str, expected: str
) -> None:
    forms = catalogs["pl"]["plural.chunks"]
    assert isinstance(forms, dict)
    assert polish_category(count) == category
    assert forms[category].replace("{count}", str(count)) == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_meta_names_the_locale(catalogs: dict[str, Catalog], language: str) -> None:
    assert catalogs[language]["meta.locale"] == META_LOCALE[language]
    assert catalogs[language]["meta.language_name"] == META_LANGUAGE_NAME[language]


@pytest.mark.parametrize("language", sorted(KEY_TERMS))
def test_catalog_uses_its_documents_key_terms(catalogs: dict[str, Catalog], language: str) -> None:
    everything = "\n".join(text for value in catalogs[language].values() for text in texts(value))
    missing = [term for term in KEY_TERMS[language] if term not in everything]
    assert missing == []


# --- The checks above must be able to fail: break a copy of the catalogs and watch them notice.


def test_a_key_missing_in_one_catalog_is_reported(catalogs: dict[str, Catalog]) -> None:
    broken = dict(catalogs)
    broken["de"] = {
        key: value for key, value in catalogs["de"].items() if key != "result.step.label"
    }
    assert key_problems(broken) == [
        "de: missing ['result.step.label'], not in en []",
    ]


def test_a_renamed_placeholder_is_reported(catalogs: dict[str, Catalog]) -> None:
    broken = dict(catalogs)
    broken["it"] = {**catalogs["it"], "budget.fits": "Rientra, con {spared} token di margine."}
    assert placeholder_problems(broken) == ["it budget.fits: ['spared'] != en ['spare']"]


def test_a_missing_plural_form_is_reported(catalogs: dict[str, Catalog]) -> None:
    forms = catalogs["pl"]["plural.rows"]
    assert isinstance(forms, dict)
    broken: Catalog = {"plural.rows": {k: v for k, v in forms.items() if k != "few"}}
    assert plural_problems("pl", broken) == [
        "plural.rows: categories ['many', 'one', 'other', 'zero']"
    ]
