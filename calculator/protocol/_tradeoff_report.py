"""The trade-off's grid for a form's outcome, under the command line's ``tradeoff`` keys (the
page's answer has the same).  Imported on the first use: no first answer asks for the grid,
so the page's start (and its memory snapshot) goes without it or ``_tradeoff``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .._decimals import decimal_text
from .._tradeoff import Tradeoff, TradeoffPoint, tradeoff
from ._form import FormOutcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._answer import StorageBreakdownAnswer, TradeoffAnswer, TradeoffPointAnswer


def tradeoff_of(
    outcome: FormOutcome,
    measured: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    retrieval: Mapping[tuple[int, int], tuple[tuple[str, Fraction], ...]] | None = None,
) -> Tradeoff:
    """The outcome's trade-off grid: with the model's limit, the chosen database, for a
    splitter's plan its chunks at the windows ``measured`` has, and the retrieval measured
    at the windows ``retrieval`` has."""
    assert outcome.plan is not None
    return tradeoff(
        outcome.plan,
        vectors=outcome.vectors,
        storage=outcome.storage,
        price_per_million=outcome.price_per_million,
        largest_chunk_size=None
        if outcome.model_limit is None
        else outcome.model_limit.largest_chunk_size,
        database=None
        if outcome.database_choice is None
        else (outcome.database_choice[0], outcome.database_bytes),
        measured=measured,
        retrieval=retrieval,
    )


def describe_tradeoff(grid: Tradeoff, price: Fraction | None = None) -> TradeoffAnswer:
    """The trade-off's grid under the CLI's ``tradeoff`` keys: its chunk sizes, overlap shares
    and points, and the storage's parts at each chunk size of the current share.

    >>> from calculator._documents import plan_equal_documents
    >>> from calculator._tradeoff import tradeoff
    >>> report = describe_tradeoff(tradeoff(plan_equal_documents(50_000, 1200, 512, 64)))
    >>> report["chunk_sizes"][:4], [series["share"] for series in report["series"]]
    ([128, 256, 384, 512], ['0', '0.1', '0.125', '0.2', '0.25', '0.5'])
    >>> [point for point in report["points"] if point["current"]]
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'chunk_size': 512, 'overlap': 64, 'series': 2, 'chunks': 150000,
      'tokens_processed': 66400000, 'current': True}]
    """
    report: TradeoffAnswer = {
        "chunk_sizes": list(grid.chunk_sizes),
        "series": [
            {"share": decimal_text(share, places=6), "current": index == grid.current_series}
            for index, share in enumerate(grid.shares)
        ],
        "points": [_tradeoff_point(point) for point in grid.points],
        "breakdown": [
            _storage_breakdown(point)
            for point in grid.series(grid.current_series)
            if point.storage is not None
        ],
    }
    current = grid.current
    if current.vectors is not None:
        report |= {"dimensions": current.vectors.dimensions, "dtype": current.vectors.dtype}
    if current.storage is not None:
        report["replicas"] = current.storage.replicas
    if price is not None:
        report["price_per_million"] = decimal_text(price, places=12)
    if grid.database is not None:
        report["database"] = grid.database
    return report


def _tradeoff_point(point: TradeoffPoint) -> TradeoffPointAnswer:
    figures: TradeoffPointAnswer = {
        "chunk_size": point.chunk_size,
        "overlap": point.overlap,
        "series": point.series,
        "chunks": point.chunks,
        "tokens_processed": point.tokens_processed,
        "current": point.current,
    }
    if point.vectors is not None:
        figures["raw_vector_bytes"] = point.vectors.raw_bytes
    if point.storage is not None:
        # The chosen database's storage where there is one, as the storage panel's total.
        figures["storage_bytes"] = point.storage.total_bytes
        if point.database_bytes is not None:
            figures["storage_bytes"] = point.database_bytes
    if point.over_limit is not None:
        figures["over_limit"] = point.over_limit
    if point.chunker != "window":
        figures["chunker"] = point.chunker
    if point.cost is not None:
        figures["cost"] = decimal_text(point.cost, places=12)
    if point.retrieval:
        figures["retrieval"] = {
            name: decimal_text(value, places=6) for name, value in point.retrieval
        }
    return figures


def _storage_breakdown(point: TradeoffPoint) -> StorageBreakdownAnswer:
    """The storage's parts at ``point``, which add up to its total: one copy's parts and the
    other replicas."""
    storage = point.storage
    assert storage is not None
    return {
        "chunk_size": point.chunk_size,
        "overlap": point.overlap,
        "raw_vector_bytes": storage.raw_vector_bytes,
        "hnsw_graph_bytes": storage.hnsw_graph_bytes,
        "text_bytes": storage.text_bytes,
        "metadata_bytes": storage.metadata_bytes,
        "quantized_copy_bytes": storage.quantized_copy_bytes,
        "replicas_bytes": storage.total_bytes - storage.replica_bytes,
        "total_bytes": storage.total_bytes,
        "current": point.current,
    }
