"""The planning panels as plain data: the JSON the command line prints and the page paints.

Each section is built here once, typed as ``calculator.protocol._answer`` declares it (ints as
ints); :func:`describe_panels` assembles every planning panel of a form's outcome, for the
command line and the page alike.  A page's first answer has the main result only
(``_report.describe``), so none of this is imported before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from .._budget import PromptBudget
from .._chunking import ChunkPlan
from .._compare import Comparison
from .._cost import embedding_cost
from .._databases import DatabaseStorage
from .._decimals import decimal_text
from .._documents import CorpusPlan
from .._input_limit import InputLimit, input_limit
from .._pgvector import PgvectorSize
from .._reindex import MigrationSize, ReindexCase
from .._storage import StorageSize, pgvector_value_bytes
from ._carried import Measures
from ._form import FormOutcome

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._answer import (
        DatabaseAnswer,
        ModelLimitAnswer,
        PanelFigures,
        StorageAnswer,
        StoragePartAnswer,
        TradeoffAnswer,
    )
    from ._figures import (
        Budget,
        CompareRowFigures,
        ComparisonFiguresAnswer,
        Cost,
        Difference,
        DocumentsAnswer,
        OneStream,
        PerDocument,
        ReindexAnswer,
    )


def describe_panels(
    outcome: FormOutcome,
    *,
    english: bool = True,
    with_tradeoff: bool = False,
    measured: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    retrieval: Mapping[tuple[int, int], Measures] | None = None,
) -> PanelFigures:
    """Every planning panel's figures for a form's ``outcome``, ``None`` where the panel's
    fields are empty or invalid: the sections of the command line's JSON and of the page's
    answer, assembled once.  ``english``: with the formulas and sources in the command line's
    English (the page words them from its catalog's keys).  The trade-off only
    ``with_tradeoff`` (it plans the corpus some fifty times over), a splitter's plan with
    its chunks at the grid's windows where ``measured`` has them, and an evaluation's
    measures where ``retrieval`` has them.

    >>> from calculator.protocol._form import evaluate_form
    >>> panels = describe_panels(evaluate_form({"tokens": "8000", "chunk_size": "512",
    ...                                         "overlap": "64", "price_per_million": "0.02"}))
    >>> panels["cost"]["one_time"], panels["budget"], panels["compare"]["best"]["chunks"]
    ('0.00018176', None, [1])
    """
    plan, vectors, price = outcome.plan, outcome.vectors, outcome.price_per_million
    documents: DocumentsAnswer | None = None
    if plan is not None and plan.documents > 1:
        per_vector = None if vectors is None else vectors.bytes_per_vector
        documents = describe_documents(plan, plan.one_stream, per_vector)
    return {
        "compare": None
        if outcome.comparison is None
        else describe_comparison(outcome.comparison, outcome.model_limit),
        "documents": documents,
        "budget": None if outcome.budget is None else describe_budget(outcome.budget),
        "cost": None
        if price is None or plan is None
        else describe_cost(price, plan.tokens_processed),
        "reindex": None
        if outcome.reindex is None
        else describe_reindex(outcome.reindex, outcome.migration, price),
        "storage": None
        if outcome.storage is None
        else describe_storage(outcome.storage, outcome.database_storage, english=english),
        "model_limit": None
        if outcome.model_limit is None
        else describe_model_limit(outcome.model_limit),
        "tradeoff": None
        if not with_tradeoff or plan is None
        else _tradeoff_answer(outcome, measured, price, retrieval),
    }


def describe_documents(
    corpus: CorpusPlan, stream: ChunkPlan, bytes_per_vector: int | None = None
) -> DocumentsAnswer:
    """Per-document splitting next to one stream of the same tokens, and the difference.

    >>> from calculator import plan_chunks
    >>> from calculator._documents import plan_equal_documents
    >>> report = describe_documents(plan_equal_documents(10_000, 2000, 512, 51),
    ...                             plan_chunks(20_000_000, 512, 51))
    >>> report["per_document"]["chunks"], report["one_stream"]["chunks"]
    (50000, 43384)
    >>> report["difference"]["chunks"]
    6616
    """
    per_document: PerDocument = {
        "documents": corpus.documents,
        "tokens": corpus.tokens,
        "chunks": corpus.chunks,
        "tokens_processed": corpus.tokens_processed,
        "repeated_tokens": corpus.repeated_tokens,
        "padded_tokens": corpus.padded_tokens,
    }
    one_stream: OneStream = {
        "tokens": stream.tokens,
        "chunks": stream.chunks,
        "tokens_processed": stream.tokens_processed,
        "repeated_tokens": stream.repeated_tokens,
        "padded_tokens": stream.padded_tokens,
    }
    difference: Difference = {
        "chunks": corpus.chunks - stream.chunks,
        "tokens_processed": corpus.tokens_processed - stream.tokens_processed,
    }
    if bytes_per_vector is not None:
        per_document["raw_vector_bytes"] = corpus.chunks * bytes_per_vector
        one_stream["raw_vector_bytes"] = stream.chunks * bytes_per_vector
        difference["raw_vector_bytes"] = (corpus.chunks - stream.chunks) * bytes_per_vector
    return {"per_document": per_document, "one_stream": one_stream, "difference": difference}


def describe_budget(budget: PromptBudget) -> Budget:
    """The prompt budget's figures under stable keys."""
    return {
        "top_k": budget.top_k,
        "chunk_size": budget.chunk_size,
        "source_tokens": budget.source_tokens,
        "reserved_tokens": budget.reserved_tokens,
        "answer_tokens": budget.answer_tokens,
        "total_tokens": budget.total_tokens,
        "context_window": budget.context_window,
        "fits": budget.fits,
        "spare_tokens": budget.spare_tokens,
        "chunks_that_fit": budget.chunks_that_fit,
    }


def describe_cost(price_per_million: Fraction, tokens_processed: int) -> Cost:
    """Exact one-time embedding cost as decimal text (12 places at most).

    >>> describe_cost(Fraction(2, 100), 9088)
    {'price_per_million': '0.02', 'tokens_processed': 9088, 'one_time': '0.00018176'}
    """
    return {
        "price_per_million": decimal_text(price_per_million, places=12),
        "tokens_processed": tokens_processed,
        "one_time": decimal_text(embedding_cost(tokens_processed, price_per_million), places=12),
    }


def describe_comparison(
    comparison: Comparison, limit: InputLimit | None = None
) -> ComparisonFiguresAnswer:
    """Each row's figures, and which rows are best (lowest) and worst per figure; with the
    model's input ``limit``, each row's chunks over it and the tokens they lose.

    >>> from calculator._compare import Configuration, compare_configurations
    >>> from calculator._input_limit import input_limit
    >>> comparison = compare_configurations(
    ...     200_000, [Configuration(512, 64), Configuration(256, 32)])
    >>> report = describe_comparison(comparison)
    >>> [row["tokens_processed"] for row in report["rows"]], report["best"]["chunks"]
    ([228544, 228544], [0])
    >>> minilm = input_limit(comparison.rows[0].plan, 256, 2)
    >>> [(row["chunks_over_limit"], row["truncated_tokens"])
    ...  for row in describe_comparison(comparison, minilm)["rows"]]
    [(446, 115068), (892, 1784)]
    """
    rows: list[CompareRowFigures] = []
    for row in comparison.rows:
        figures: CompareRowFigures = {
            "chunk_size": row.plan.chunk_size,
            "overlap": row.plan.overlap,
            "chunks": row.plan.chunks,
            "tokens_processed": row.plan.tokens_processed,
            "over_tokens_share": decimal_text(row.plan.repeated_share, places=6),
            "repeated_tokens": row.plan.repeated_tokens,
            "padded_tokens": row.plan.padded_tokens,
        }
        if row.vectors is not None:
            figures |= {
                "dimensions": row.vectors.dimensions,
                "dtype": row.vectors.dtype,
                "bytes_per_vector": row.vectors.bytes_per_vector,
                "raw_vector_bytes": row.vectors.raw_bytes,
            }
        if limit is not None:
            checked = input_limit(row.plan, limit.max_input_tokens, limit.added_tokens)
            figures["chunks_over_limit"] = checked.chunks_over_limit
            figures["truncated_tokens"] = checked.truncated_tokens
        rows.append(figures)
    return {
        "rows": rows,
        "best": {name: list(indexes) for name, indexes in comparison.best.items()},
        "worst": {name: list(indexes) for name, indexes in comparison.worst.items()},
    }


def describe_reindex(
    case: ReindexCase, migration: MigrationSize | None = None, price: Fraction | None = None
) -> ReindexAnswer:
    """A re-indexing plan under the CLI's ``reindex`` keys.

    >>> from calculator._reindex import ReindexCase, settings_change
    >>> report = describe_reindex(ReindexCase("settings", settings_change(200_000, 512, 64,
    ...                                                                    512, 128)))
    >>> [report[key] for key in ("reused_chunks", "chunks_to_embed", "chunks_to_delete")]
    [75, 446, 372]
    """
    plan = case.plan
    report: ReindexAnswer = {
        "kind": case.kind,
        "new_model": case.new_model,
        "old_chunks": plan.old_chunks,
        "new_chunks": plan.new_chunks,
        "reused_chunks": plan.reused_chunks,
        "chunks_to_embed": plan.chunks_to_embed,
        "chunks_to_delete": plan.chunks_to_delete,
        "old_tokens_processed": plan.old_tokens_processed,
        "new_tokens_processed": plan.new_tokens_processed,
        "reused_tokens": plan.reused_tokens,
        "tokens_to_embed": plan.tokens_to_embed,
    }
    if case.new_window is not None:
        report |= {"new_chunk_size": case.new_window[0], "new_overlap": case.new_window[1]}
    if case.edit is not None:
        at, delta = case.edit
        kept = 0 if case.new_model else case.kept_before_edit
        report |= {"edit_at": at, "edit_tokens": delta, "kept_before_edit": kept}
        if case.documents is None:
            report["realigned_after_edit"] = plan.reused_chunks - kept
    if case.documents is not None:
        report |= {"documents": case.documents[0], "changed_documents": case.documents[1]}
    if price is not None:
        report["cost"] = {
            "price_per_million": decimal_text(price, places=12),
            "tokens_to_embed": plan.tokens_to_embed,
            "one_time": decimal_text(embedding_cost(plan.tokens_to_embed, price), places=12),
        }
    if migration is not None:
        report |= {
            "bytes_per_vector": migration.bytes_per_vector,
            "old_raw_vector_bytes": migration.old_raw_bytes,
            "new_raw_vector_bytes": migration.new_raw_bytes,
            "versioned_peak_raw_bytes": migration.versioned_peak_raw_bytes,
        }
        if not case.new_model:  # one index cannot hold two models' vectors
            report["in_place_peak_raw_bytes"] = migration.in_place_peak_raw_bytes
    return report


# How each part of the storage is worked out, and which parts are estimates.
STORAGE_FORMULAS: Mapping[str, str] = MappingProxyType(
    {
        "raw_vector_bytes": "vectors × bytes per vector",
        "hnsw_graph_bytes": "vectors × 2·M neighbour ids × 4 bytes (base layer)",
        "hnsw_upper_layer_bytes": "⌈vectors × M/(M − 1) × 4 bytes⌉, not added to the total",
        "text_bytes": "⌈tokens processed × bytes per token⌉",
        "metadata_bytes": "vectors × metadata bytes per chunk",
        "quantized_copy_bytes": "vectors × bytes per quantized vector",
        "replica_bytes": "raw + graph + text + metadata + quantized copy",
        "total_bytes": "replicas × (raw + graph + text + metadata + quantized copy)",
    }
)
STORAGE_ESTIMATES = ("hnsw_graph_bytes", "hnsw_upper_layer_bytes", "text_bytes", "total_bytes")


def describe_storage(
    storage: StorageSize, database: DatabaseStorage | None = None, *, english: bool = True
) -> StorageAnswer:
    """The index's parts under the CLI's ``storage`` keys, with formulas (in English, with
    ``english``) and estimates.

    >>> from calculator import vector_size
    >>> from calculator._storage import storage_size
    >>> report = describe_storage(storage_size(vector_size(447, 384), 228_544, replicas=2))
    >>> report["raw_vector_bytes"], report["hnsw_graph_bytes"], report["total_bytes"]
    (686592, 57216, 1487616)
    """
    vectors = storage.vectors
    report: StorageAnswer = {
        "vectors": vectors.vectors,
        "dimensions": vectors.dimensions,
        "dtype": vectors.dtype,
        "bytes_per_vector": vectors.bytes_per_vector,
        "raw_vector_bytes": storage.raw_vector_bytes,
        "hnsw_m": storage.hnsw_m,
        "hnsw_graph_bytes": storage.hnsw_graph_bytes,
        "hnsw_upper_layer_bytes": storage.hnsw_upper_layer_bytes,
        "tokens_processed": storage.tokens_processed,
        "text_bytes_per_token": decimal_text(storage.text_bytes_per_token, places=12),
        "text_bytes": storage.text_bytes,
        "metadata_bytes_per_chunk": storage.metadata_bytes_per_chunk,
        "metadata_bytes": storage.metadata_bytes,
        "quantized_dtype": None if storage.quantized is None else storage.quantized.dtype,
        "quantized_copy_bytes": storage.quantized_copy_bytes,
        "replicas": storage.replicas,
        "replica_bytes": storage.replica_bytes,
        "total_bytes": storage.total_bytes,
        "formulas": dict(STORAGE_FORMULAS),
        "estimates": list(STORAGE_ESTIMATES),
        "pgvector": {
            name: {"bytes_per_value": size, "bytes": size * vectors.vectors}
            for name, size in pgvector_value_bytes(vectors.dimensions).items()
        },
    }
    if not english:
        del report["formulas"]
    if database is not None:
        # As the database stores it: its total is the storage's, the formula's stays beside.
        report["generic_total_bytes"] = report["total_bytes"]
        report["total_bytes"] = database.total_bytes
        report["database"] = describe_database(database, english=english)
    return report


def describe_database(database: DatabaseStorage, *, english: bool = True) -> DatabaseAnswer:
    """pgvector's or Qdrant's parts, each with its bytes, formula (its catalog key and
    figures, and with ``english`` its English words), source and whether it is an estimate,
    the total as the database stores it and its own figures.

    >>> from calculator import vector_size
    >>> from calculator._databases import database_storage
    >>> report = describe_database(database_storage("pgvector", vector_size(3000, 384)))
    >>> report["name"], report["table_bytes"], report["index_bytes"], report["total_bytes"]
    ('pgvector', 4923392, 6152192, 11165696)
    >>> report["parts"][0]["formula_key"], report["parts"][0]["formula_params"]["per_page"]
    ('heap', 5)
    """
    parts: list[StoragePartAnswer] = []
    for part in database.parts:
        described: StoragePartAnswer = {
            "name": part.name,
            "bytes": part.bytes,
            "formula_key": part.formula_key,
            "formula_params": dict(part.formula_params),
            "source_key": part.source_key,
            "estimate": part.estimate,
        }
        if part.where:
            described["where"] = part.where
        if english:
            # The English ones first: the command line's keys before the catalog's came.
            english_words: StoragePartAnswer = {
                "name": part.name,
                "bytes": part.bytes,
                "formula": part.formula,
                "source": part.source,
                "estimate": part.estimate,
                "formula_key": part.formula_key,
                "formula_params": described["formula_params"],
                "source_key": part.source_key,
            }
            if part.where:
                english_words["where"] = part.where
            described = english_words
        parts.append(described)
    size = database.size
    report: DatabaseAnswer = {
        "name": database.database,
        "type": size.type_name if isinstance(size, PgvectorSize) else size.datatype,
        "parts": parts,
        "total_bytes": database.total_bytes,
    }
    if isinstance(size, PgvectorSize):
        report |= {
            "index": size.index,
            "table_bytes": size.table_bytes,
            "index_bytes": sum(part.bytes for part in database.parts if part.name == "index_bytes"),
            "rows_per_page": size.rows_per_page,
            "value_bytes": size.value_bytes,
            "toasted": size.toasted,
        }
        if size.index == "hnsw":
            report |= {
                "element_tuple_bytes": size.element_tuple_bytes,
                "neighbor_tuple_bytes": size.neighbor_tuple_bytes,
                "expected_layers": size.expected_layers,
            }
        elif size.index == "ivfflat":
            report["lists"] = size.lists
    else:
        report |= {
            "on_disk": size.on_disk,
            "disk_bytes": size.disk_bytes,
            "ram_bytes": size.ram_bytes,
            "headroom_bytes": size.headroom_bytes,
        }
    return report


def describe_model_limit(limit: InputLimit) -> ModelLimitAnswer:
    """Chunks against the model's input limit under the CLI's ``model_limit`` keys.

    >>> from calculator import plan_chunks
    >>> from calculator._input_limit import input_limit
    >>> report = describe_model_limit(input_limit(plan_chunks(200_000, 1024, 128), 512))
    >>> report["chunks_over_limit"], report["at_limit"]["chunks"]
    (223, 521)
    """
    at_limit = limit.plan_at_limit
    report: ModelLimitAnswer = {
        "max_input_tokens": limit.max_input_tokens,
        "added_tokens": limit.added_tokens,
        "chunk_size": limit.plan.chunk_size,
        "chunks": limit.plan.chunks,
        "tokens_processed": limit.plan.tokens_processed,
        "chunks_over_limit": limit.chunks_over_limit,
        "truncated_tokens": limit.truncated_tokens,
        "fits": limit.chunks_over_limit == 0,
        "largest_chunk_size_within_limit": limit.largest_chunk_size,
        "added_tokens_total": limit.added_tokens_total,
        "tokens_embedded": limit.tokens_embedded,
        "at_limit": None
        if at_limit is None
        else {
            "chunk_size": at_limit.chunk_size,
            "overlap": at_limit.overlap,
            "chunks": at_limit.chunks,
            "tokens_processed": at_limit.tokens_processed,
        },
    }
    if limit.measured_with:
        report["measured_with"] = limit.measured_with
    if limit.documents:
        report["documents_over_limit"] = limit.documents_over_limit
        most = limit.most_over_limit
        report["most_over_limit"] = (
            None
            if most is None
            else {"document": most[0], "chunks": most[1], "truncated_tokens": most[2]}
        )
    return report


def _tradeoff_answer(
    outcome: FormOutcome,
    measured: Mapping[tuple[int, int], tuple[int, int]] | None,
    price: Fraction | None,
    retrieval: Mapping[tuple[int, int], Measures] | None = None,
) -> TradeoffAnswer:
    """The trade-off's grid, its module imported on the first use (see ``_tradeoff_report``)."""
    from ._tradeoff_report import describe_tradeoff, tradeoff_of  # noqa: PLC0415

    return describe_tradeoff(tradeoff_of(outcome, measured, retrieval), price)
