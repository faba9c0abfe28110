"""The index's life in words: re-indexing, storage and the input limit, with their formulas."""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from .._chunking import ChunkPlan
from .._cost import embedding_cost
from .._databases import DATABASE_NAMES, DatabaseStorage
from .._decimals import decimal_text
from .._documents import CorpusPlan
from .._input_limit import InputLimit
from .._reindex import MigrationSize, ReindexCase
from .._storage import PGVECTOR_HEADER_BYTES, StorageSize, pgvector_value_bytes
from ._words import Words, english, row


def reindex_lines(
    plan: ChunkPlan | CorpusPlan,
    case: ReindexCase,
    migration: MigrationSize | None = None,
    price: Fraction | None = None,
    words: Words | None = None,
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
    w = words or english()
    reindex = case.plan
    old, reused = reindex.old_chunks, reindex.reused_chunks
    lines = [_heading(plan, case, w)]
    lines += [
        row(
            w.text("cli.label.reused"),
            w("cli.reindex.reused", reused=reused, old=old, reason=_reuse_reason(plan, case, w)),
        ),
        row(
            w.text("cli.label.to_embed"),
            w("cli.reindex.to_embed", embed=reindex.chunks_to_embed, new=reindex.new_chunks,
              reused=reused),
        ),
        row(
            w.text("cli.label.to_delete"),
            f"{w.integer(reindex.chunks_to_delete)} ({w.integer(old)} − {w.integer(reused)})",
        ),
        row(
            w.text("cli.label.tokens_to_embed"),
            w("cli.reindex.tokens_to_embed", embed=reindex.tokens_to_embed,
              processed=w.count(reindex.new_tokens_processed, "tokens"),
              reused=reindex.reused_tokens),
        ),
    ]  # fmt: skip
    if price is not None:
        cost = decimal_text(embedding_cost(reindex.tokens_to_embed, price), places=12)
        lines.append(
            row(
                w.text("cli.label.one_time_cost"),
                w("cli.reindex.cost", cost=w.decimal(cost),
                  tokens=w.count(reindex.tokens_to_embed, "tokens"),
                  price=w.decimal(decimal_text(price, places=12))),
            )
        )  # fmt: skip
    if migration is not None:
        lines.append(
            row(
                w.text("cli.label.versioned_peak"),
                w("cli.reindex.versioned_peak",
                  size=w.bytes_and_sizes(migration.versioned_peak_raw_bytes),
                  old=migration.old_raw_bytes, new=migration.new_raw_bytes),
            )
        )  # fmt: skip
        if not case.new_model:
            lines.append(
                row(
                    w.text("cli.label.in_place_peak"),
                    w("cli.reindex.in_place_peak",
                      size=w.bytes_and_sizes(migration.in_place_peak_raw_bytes), old=old,
                      embed=reindex.chunks_to_embed,
                      per_vector=w.count(migration.bytes_per_vector, "bytes")),
                )
            )  # fmt: skip
    return lines


def _heading(plan: ChunkPlan | CorpusPlan, case: ReindexCase, w: Words) -> str:
    window = f"{w.integer(plan.chunk_size)}/{w.integer(plan.overlap)}"
    model = w("cli.reindex.and_new_model") if case.new_model and case.kind != "model" else ""
    where = w.count(plan.tokens, "tokens")
    if case.documents is not None:
        total, changed = case.documents
        where = w.count(total, "documents")
        if changed != total:
            where = w(
                "cli.reindex.changed_of", changed=changed, documents=w.count(total, "of_documents")
            )
    if case.kind == "settings" and case.new_window is not None:
        size, overlap = case.new_window
        new_window = f"{w.integer(size)}/{w.integer(overlap)}"
        return w(
            "cli.reindex.head_settings", window=window, new_window=new_window, where=where,
            model=model,
        )  # fmt: skip
    if case.kind == "edit" and case.edit is not None:
        at, delta = case.edit
        change = (
            w("cli.reindex.inserted", tokens=w.count(delta, "tokens"))
            if delta >= 0
            else w("cli.reindex.deleted", tokens=w.count(-delta, "tokens"))
        )
        return w(
            "cli.reindex.head_edit_stream" if case.documents is None
            else "cli.reindex.head_edit_documents",
            change=change, at=at, where=where, window=window, model=model,
        )  # fmt: skip
    if case.kind == "documents":
        return w("cli.reindex.head_documents", where=where, window=window, model=model)
    return w("cli.reindex.head_model", where=where, window=window)


def _reuse_reason(plan: ChunkPlan | CorpusPlan, case: ReindexCase, w: Words) -> str:
    if case.new_model:
        only = "_only" if case.kind == "model" else ""
        return w(f"cli.reindex.reason_new_model{only}")
    if case.kind == "settings" and case.new_window is not None:
        return _split_reason(plan, *case.new_window, w)
    if case.kind == "edit" and case.edit is not None:
        return _edit_reason(plan, case, *case.edit, w)
    return w("cli.reindex.reason_documents")


def _split_reason(plan: ChunkPlan | CorpusPlan, size: int, overlap: int, w: Words) -> str:
    if isinstance(plan, CorpusPlan) and plan.measured:
        return w("cli.reindex.reason_splitter", chunker=plan.chunker)
    if size != plan.chunk_size:
        return w("cli.reindex.reason_other_size")
    period = lcm(plan.step, size - overlap)
    return w(
        "cli.reindex.reason_period", step=plan.step, new_step=size - overlap,
        period=w.count(period, "tokens"),
    )  # fmt: skip


def _edit_reason(
    plan: ChunkPlan | CorpusPlan, case: ReindexCase, at: int, delta: int, w: Words
) -> str:
    moved = "shift" if delta % plan.step else "aligned"
    each = "" if case.documents is None else "_each"
    return w(f"cli.reindex.reason_edit_{moved}{each}", kept=case.kept_before_edit, at=at,
             delta=delta)  # fmt: skip


def storage_lines(storage: StorageSize, words: Words | None = None) -> list[str]:
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
    w = words or english()
    vectors = storage.vectors
    count = w.integer(vectors.vectors)
    size = w.bytes_and_sizes
    lines = [
        w("cli.storage.heading"),
        row(w.text("cli.label.raw_vectors"), f"{size(storage.raw_vector_bytes)} ({count} × "
            f"{w.count(vectors.bytes_per_vector, 'bytes')})"),
        row(w.text("cli.label.hnsw_graph"),
            w("cli.storage.graph", size=size(storage.hnsw_graph_bytes), count=count,
              m=storage.hnsw_m, m_less_one=storage.hnsw_m - 1,
              upper=w.count(storage.hnsw_upper_layer_bytes, "bytes"))),
        row(w.text("cli.label.chunk_text"),
            w("cli.storage.text", size=size(storage.text_bytes),
              tokens=w.count(storage.tokens_processed, "tokens"),
              per_token=_bytes_of(storage.text_bytes_per_token, w))),
        row(w.text("cli.label.metadata"),
            w("cli.storage.metadata", size=size(storage.metadata_bytes), count=count,
              bytes=w.count(storage.metadata_bytes_per_chunk, "bytes"))),
    ]  # fmt: skip
    if storage.quantized is not None:
        lines.append(
            row(
                w.text("cli.label.quantized_copy"),
                w("cli.storage.quantized", size=size(storage.quantized_copy_bytes), count=count,
                  bytes=w.count(storage.quantized.bytes_per_vector, "bytes"),
                  dtype=storage.quantized.dtype),
            )
        )  # fmt: skip
    lines += [
        row(w.text("cli.label.one_replica"),
            w("cli.storage.replica", size=size(storage.replica_bytes))),
        row(w.text("cli.label.total"),
            w("cli.storage.total", size=size(storage.total_bytes), replicas=storage.replicas)),
        _pgvector_line(vectors.dimensions, vectors.vectors, w),
    ]  # fmt: skip
    return lines


def _bytes_of(per_token: Fraction, w: Words) -> str:
    """The text's bytes a token: a whole number's plural form, or a fraction's."""
    text = decimal_text(per_token, places=12)
    if "." not in text:
        return w.count(int(text), "bytes")
    return w("cli.storage.bytes_fraction", value=w.decimal(text))


def database_lines(database: DatabaseStorage, words: Words | None = None) -> list[str]:
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
    w = words or english()
    size = w.bytes_and_sizes
    name = DATABASE_NAMES.get(database.database, database.database)
    lines = [w("cli.database.heading", name=name)]
    for part in database.parts:
        # The part's name as the calculator declares it (the page words it from its catalog).
        label = part.name.removesuffix("_bytes").replace("_", " ")
        where = f"{part.where}; " if part.where else ""
        said = w(
            "cli.database.part_estimate" if part.estimate else "cli.database.part",
            size=size(part.bytes), formula=part.formula, where=where, source=part.source,
        )  # fmt: skip
        lines.append(row(label, said))
    # Qdrant's parts count every replica already; pgvector's are one copy's.
    if database.database == "pgvector" and database.replicas > 1:
        total = w("cli.database.total_copies", size=size(database.total_bytes),
                  replicas=database.replicas)  # fmt: skip
    else:
        total = w("cli.database.total", size=size(database.total_bytes))
    lines.append(row(w.text("cli.label.total"), total))
    if database.ram_bytes is not None:
        lines.append(row(w.text("cli.label.in_ram"),
                         w("cli.database.in_ram", size=size(database.ram_bytes))))  # fmt: skip
    return lines


def _pgvector_line(dimensions: int, vectors: int, w: Words) -> str:
    sizes = pgvector_value_bytes(dimensions)
    return row(
        w.text("cli.label.pgvector_values"),
        w("cli.storage.pgvector", vector=sizes["vector"], halfvec=sizes["halfvec"],
          bit=sizes["bit"], dimensions=dimensions, header=PGVECTOR_HEADER_BYTES,
          vectors=vectors, all_vector=sizes["vector"] * vectors,
          all_halfvec=sizes["halfvec"] * vectors, all_bit=sizes["bit"] * vectors),
    )  # fmt: skip


def model_limit_lines(limit: InputLimit, words: Words | None = None) -> list[str]:
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
    w = words or english()
    plan, at_limit = limit.plan, limit.plan_at_limit
    over = limit.chunks_over_limit
    if over:
        lost = w.count(limit.truncated_tokens, "tokens_lost")
        verdict = w.count(over, "over_limit", chunks=w.count(plan.chunks, "of_chunks"), lost=lost)
    elif plan.chunks == 1:
        verdict = w("cli.limit.fits_one")
    else:
        verdict = w("cli.limit.fits_every", chunks=plan.chunks)
    if at_limit is None:
        largest = w("cli.limit.largest_no_plan", size=limit.largest_chunk_size,
                    overlap=plan.overlap)  # fmt: skip
    else:
        largest = w(
            "cli.limit.largest", size=limit.largest_chunk_size, at_size=at_limit.chunk_size,
            overlap=at_limit.overlap, chunks=w.count(at_limit.chunks, "chunks"),
            tokens=w.count(at_limit.tokens_processed, "tokens"),
        )  # fmt: skip
    head = w.count(limit.max_input_tokens, "tokens")
    if limit.added_tokens:
        head = w("cli.limit.head_added", limit=head, added=limit.added_tokens)
    lines = [
        row(w.text("cli.label.model_limit"), f"{head}: {verdict}"),
        row(w.text("cli.label.within_limit"), largest),
    ]
    if limit.added_tokens:
        embedded = w(
            "cli.limit.embedded_cut" if limit.truncated_tokens else "cli.limit.embedded",
            embedded=limit.tokens_embedded, processed=plan.tokens_processed,
            added_total=limit.added_tokens_total, chunks=plan.chunks, added=limit.added_tokens,
            cut=limit.truncated_tokens,
        )  # fmt: skip
        lines.append(row(w.text("cli.label.tokens_embedded"), embedded))
    return lines
