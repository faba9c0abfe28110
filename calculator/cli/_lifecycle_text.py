"""The index's life in words: re-indexing, storage and the input limit, with their formulas."""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from .._chunking import ChunkPlan
from .._cost import embedding_cost
from .._databases import DATABASE_NAMES, DatabaseStorage
from .._decimals import decimal_text
from .._documents import CorpusPlan
from .._english import count_of
from .._input_limit import InputLimit
from .._reindex import MigrationSize, ReindexCase
from .._storage import PGVECTOR_HEADER_BYTES, StorageSize, pgvector_value_bytes
from .._units import bytes_and_sizes

_LABEL = 20  # the width of the labels, as in the main summary


def _row(label: str, text: str) -> str:
    return f"{label:<{_LABEL}}{text}"


def _bytes(n: int) -> str:
    return count_of(n, "byte", "bytes")


def _tokens(n: int) -> str:
    return count_of(n, "token", "tokens")


def _chunks(n: int) -> str:
    return count_of(n, "chunk", "chunks")


def reindex_lines(
    plan: ChunkPlan | CorpusPlan,
    case: ReindexCase,
    migration: MigrationSize | None = None,
    price: Fraction | None = None,
) -> list[str]:
    """A re-indexing plan, line by line.

    >>> from calculator import plan_chunks
    >>> from calculator._reindex import ReindexCase, settings_change
    >>> case = ReindexCase("settings", settings_change(200_000, 512, 64, 512, 128),
    ...                    new_window=(512, 128))
    >>> print("\\n".join(reindex_lines(plan_chunks(200_000, 512, 64), case)))
    ... # doctest: +NORMALIZE_WHITESPACE
    re-indexing: 512/64 → 512/128, the same 200,000 tokens split again
    reused chunks       75 of 447 old (the same tokens embedded before: full chunks
                        starting every lcm(448, 384) = 2,688 tokens, and the last chunk if it
                        starts at the same token)
    chunks to embed     446 of 521 new (521 − 75)
    chunks to delete    372 (447 − 75)
    tokens to embed     228,160 (266,560 tokens processed − 38,400 in reused chunks)
    """
    reindex = case.plan
    lines = [_heading(plan, case)]
    lines += [
        _row(
            "reused chunks",
            f"{reindex.reused_chunks:,} of {reindex.old_chunks:,} old "
            f"({_reuse_reason(plan, case)})",
        ),
        _row(
            "chunks to embed",
            f"{reindex.chunks_to_embed:,} of {reindex.new_chunks:,} new "
            f"({reindex.new_chunks:,} − {reindex.reused_chunks:,})",
        ),
        _row(
            "chunks to delete",
            f"{reindex.chunks_to_delete:,} ({reindex.old_chunks:,} − {reindex.reused_chunks:,})",
        ),
        _row(
            "tokens to embed",
            f"{reindex.tokens_to_embed:,} ({_tokens(reindex.new_tokens_processed)} processed − "
            f"{reindex.reused_tokens:,} in reused chunks)",
        ),
    ]
    if price is not None:
        cost = decimal_text(embedding_cost(reindex.tokens_to_embed, price), places=12)
        lines.append(
            _row(
                "one-time cost",
                f"{cost} ({_tokens(reindex.tokens_to_embed)} × "
                f"{decimal_text(price, places=12)} per million)",
            )
        )
    if migration is not None:
        lines.append(
            _row(
                "versioned peak",
                f"{bytes_and_sizes(migration.versioned_peak_raw_bytes)} of raw vectors: old "
                f"{migration.old_raw_bytes:,} + new {migration.new_raw_bytes:,}, both kept "
                "until the switch (blue/green)",
            )
        )
        if not case.new_model:
            lines.append(
                _row(
                    "in-place peak",
                    f"{bytes_and_sizes(migration.in_place_peak_raw_bytes)} of raw vectors: "
                    f"({reindex.old_chunks:,} + {reindex.chunks_to_embed:,}) × "
                    f"{_bytes(migration.bytes_per_vector)}, new vectors added before the "
                    "stale ones are deleted",
                )
            )
    return lines


def _heading(plan: ChunkPlan | CorpusPlan, case: ReindexCase) -> str:
    window = f"{plan.chunk_size:,}/{plan.overlap:,}"
    model = ", and a new embedding model" if case.new_model and case.kind != "model" else ""
    where = _tokens(plan.tokens)
    if case.documents is not None:
        total, changed = case.documents
        where = count_of(total, "document", "documents")
        if changed != total:
            where = f"{changed:,} of {where}"
    if case.kind == "settings" and case.new_window is not None:
        size, overlap = case.new_window
        return f"re-indexing: {window} → {size:,}/{overlap:,}, the same {where} split again{model}"
    if case.kind == "edit" and case.edit is not None:
        at, delta = case.edit
        change = f"{_tokens(delta)} inserted" if delta >= 0 else f"{_tokens(-delta)} deleted"
        place = f"of {where}" if case.documents is None else f"in each of {where}"
        return f"re-indexing: {change} at token {at:,} {place}, at {window}{model}"
    if case.kind == "documents":
        return f"re-indexing: {where} changed, at {window}, each embedded again whole{model}"
    return f"re-indexing: a new embedding model for {where}: the chunks at {window} are kept"


def _reuse_reason(plan: ChunkPlan | CorpusPlan, case: ReindexCase) -> str:
    if case.new_model:
        kept = "; the chunking is reused" if case.kind == "model" else ""
        return f"a new model embeds every chunk again{kept}"
    if case.kind == "settings" and case.new_window is not None:
        return _split_reason(plan, *case.new_window)
    if case.kind == "edit" and case.edit is not None:
        return _edit_reason(plan, case, *case.edit)
    return "the unchanged documents keep theirs"


def _split_reason(plan: ChunkPlan | CorpusPlan, size: int, overlap: int) -> str:
    if isinstance(plan, CorpusPlan) and plan.measured:
        return f"split again with {plan.chunker}: where an old chunk of the document had its text"
    last = "the last chunk if it starts at the same token"
    if size != plan.chunk_size:
        return f"another chunk size: only {last}"
    period = lcm(plan.step, size - overlap)
    steps = f"lcm({plan.step:,}, {size - overlap:,}) = {_tokens(period)}"
    return f"the same tokens embedded before: full chunks starting every {steps}, and {last}"


def _edit_reason(plan: ChunkPlan | CorpusPlan, case: ReindexCase, at: int, delta: int) -> str:
    each = "" if case.documents is None else " in each changed document"
    kept = f"{case.kept_before_edit:,} end at or before token {at:,}{each}"
    if delta % plan.step:
        return f"{kept}; the later ones shift by {delta:,}, not a multiple of the step"
    return f"{kept}; the later ones line up again: {delta:,} is a multiple of the step"


def storage_lines(storage: StorageSize) -> list[str]:
    """Every part of the index's size with its formula, "estimate" where it is one.

    >>> from calculator import vector_size
    >>> from calculator._storage import storage_size
    >>> for line in storage_lines(storage_size(vector_size(447, 384), 228_544))[:3]:
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    storage: every part of the index, exact unless said
    raw vectors         686,592 bytes = ≈671 KiB = ≈687 kB (447 × 1,536 bytes)
    HNSW graph          57,216 bytes = ≈55.9 KiB = ≈57.2 kB (447 × 2·16 neighbour ids
                        × 4 bytes, the base layer; estimate: each vector is on about 1/15
                        upper layers with up to 16 ids, ≈1,908 bytes more, not added)
    """
    vectors = storage.vectors
    count = f"{vectors.vectors:,}"
    per_token = decimal_text(storage.text_bytes_per_token, places=12)
    lines = [
        "storage: every part of the index, exact unless said",
        _row("raw vectors", f"{bytes_and_sizes(storage.raw_vector_bytes)} ({count} × "
             f"{_bytes(vectors.bytes_per_vector)})"),
        _row("HNSW graph", f"{bytes_and_sizes(storage.hnsw_graph_bytes)} ({count} × "
             f"2·{storage.hnsw_m:,} neighbour ids × 4 bytes, the base layer; estimate: "
             "each vector is on about "
             f"1/{storage.hnsw_m - 1:,} upper layers with up to {storage.hnsw_m:,} ids, "
             f"≈{_bytes(storage.hnsw_upper_layer_bytes)} more, not added)"),
        _row("chunk text", f"{bytes_and_sizes(storage.text_bytes)} "
             f"(⌈{_tokens(storage.tokens_processed)} processed × {per_token} "
             f"{'byte' if per_token == '1' else 'bytes'} per token⌉; "
             "estimate)"),
        _row("metadata", f"{bytes_and_sizes(storage.metadata_bytes)} ({count} × "
             f"{_bytes(storage.metadata_bytes_per_chunk)} per chunk)"),
    ]  # fmt: skip
    if storage.quantized is not None:
        lines.append(
            _row(
                "quantized copy",
                f"{bytes_and_sizes(storage.quantized_copy_bytes)} ({count} × "
                f"{_bytes(storage.quantized.bytes_per_vector)}, {storage.quantized.dtype}, "
                "kept beside the originals)",
            )
        )
    lines += [
        _row("one replica", f"{bytes_and_sizes(storage.replica_bytes)} (the sum of the above)"),
        _row(
            "total",
            f"{bytes_and_sizes(storage.total_bytes)} "
            f"({storage.replicas:,} × one replica; estimate)",
        ),
        _pgvector_line(vectors.dimensions, vectors.vectors),
    ]
    return lines


def database_lines(database: DatabaseStorage) -> list[str]:
    """The storage as pgvector or Qdrant stores it, part by part, with formulas and sources.

    >>> from calculator import vector_size
    >>> from calculator._databases import database_storage
    >>> for line in database_lines(database_storage("pgvector", vector_size(3000, 384)))[:2]:
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    storage in pgvector: every part as it stores it, exact unless said
    heap                4,915,200 bytes = ≈4.69 MiB = ≈4.92 MB (⌈3,000 rows / 5 a page⌉ ×
                        8,192 bytes; a row 1,576 bytes (24-byte header + 8-byte id + vector(384)
                        1,544 bytes), MAXALIGNed, + 4-byte line pointer, (8,192 − 24) bytes a
                        page; source: PostgreSQL docs: Database Page Layout;
                        src/include/access/htup_details.h)
    """
    name = DATABASE_NAMES.get(database.database, database.database)
    lines = [f"storage in {name}: every part as it stores it, exact unless said"]
    for part in database.parts:
        label = part.name.removesuffix("_bytes").replace("_", " ")
        said = "estimate; " if part.estimate else ""
        where = f"{part.where}; " if part.where else ""
        lines.append(
            _row(label, f"{bytes_and_sizes(part.bytes)} ({part.formula}; {said}{where}"
                 f"source: {part.source})")
        )  # fmt: skip
    # Qdrant's parts count every replica already; pgvector's are one copy's.
    copies = ""
    if database.database == "pgvector" and database.replicas > 1:
        copies = f"{database.replicas:,} × the parts; "
    lines.append(_row("total", f"{bytes_and_sizes(database.total_bytes)} ({copies}estimate)"))
    if database.ram_bytes is not None:
        lines.append(_row("in RAM", f"{bytes_and_sizes(database.ram_bytes)} (the parts said "
                          "ram and disk; plan about 20 % more for both)"))  # fmt: skip
    return lines


def _pgvector_line(dimensions: int, vectors: int) -> str:
    sizes = pgvector_value_bytes(dimensions)
    header = PGVECTOR_HEADER_BYTES
    return _row(
        "pgvector values",
        f"vector {sizes['vector']:,} bytes (4·{dimensions:,} + {header}), halfvec "
        f"{sizes['halfvec']:,} (2·{dimensions:,} + {header}), bit {sizes['bit']:,} "
        f"(⌈{dimensions:,}/8⌉ + {header}) a value; × {vectors:,} = "
        f"{sizes['vector'] * vectors:,} / {sizes['halfvec'] * vectors:,} / "
        f"{sizes['bit'] * vectors:,} bytes, before row overhead",
    )


def model_limit_lines(limit: InputLimit) -> list[str]:
    """The chunks that the model's input limit cuts, and the largest chunk size within it.

    >>> from calculator import plan_chunks
    >>> from calculator._input_limit import input_limit
    >>> limit = input_limit(plan_chunks(200_000, 1024, 128), 512)
    >>> print("\\n".join(model_limit_lines(limit)))  # doctest: +NORMALIZE_WHITESPACE
    model input limit   512 tokens: 223 of 224 chunks are longer; most embedding APIs cut
                        them silently, so 114,176 tokens are never embedded
    within the limit    chunk size 512 at most; at 512/128: 521 chunks, 266,560 tokens
                        processed
    >>> limit = input_limit(plan_chunks(8000, 256, 0), 256, added_tokens=2)
    >>> print("\\n".join(model_limit_lines(limit)))  # doctest: +NORMALIZE_WHITESPACE
    model input limit   256 tokens, 2 of them the model's own in every chunk: 31 of 32
                        chunks are longer; most embedding APIs cut them silently, so 62
                        tokens are never embedded
    within the limit    chunk size 254 at most; at 254/0: 32 chunks, 8,000 tokens processed
    tokens embedded     8,002: 8,000 processed + 64 added (32 × 2) − 62 cut
    """
    plan, at_limit = limit.plan, limit.plan_at_limit
    over = limit.chunks_over_limit
    if over:
        verdict = (
            f"{over:,} of {_chunks(plan.chunks)} {'is' if over == 1 else 'are'} longer; most "
            f"embedding APIs cut {'it' if over == 1 else 'them'} silently, so "
            f"{_tokens(limit.truncated_tokens)} {'is' if limit.truncated_tokens == 1 else 'are'}"
            " never embedded"
        )
    else:
        verdict = (
            "the one chunk fits"
            if plan.chunks == 1
            else f"every one of the {plan.chunks:,} chunks fits"
        )
    largest = f"chunk size {limit.largest_chunk_size:,} at most"
    if at_limit is None:
        largest += f", and an overlap below it (now {plan.overlap:,})"
    else:
        largest += (
            f"; at {at_limit.chunk_size:,}/{at_limit.overlap:,}: {_chunks(at_limit.chunks)}, "
            f"{_tokens(at_limit.tokens_processed)} processed"
        )
    head = _tokens(limit.max_input_tokens)
    if limit.added_tokens:
        head += f", {limit.added_tokens:,} of them the model's own in every chunk"
    lines = [
        _row("model input limit", f"{head}: {verdict}"),
        _row("within the limit", largest),
    ]
    if limit.added_tokens:
        cut = f" − {limit.truncated_tokens:,} cut" if limit.truncated_tokens else ""
        lines.append(
            _row(
                "tokens embedded",
                f"{limit.tokens_embedded:,}: {plan.tokens_processed:,} processed + "
                f"{limit.added_tokens_total:,} added ({plan.chunks:,} × {limit.added_tokens:,})"
                + cut,
            )
        )
    return lines
