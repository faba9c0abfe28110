"""What re-indexing costs: which embeddings a change keeps and which it must redo.

An embedding is reused when its chunk's exact input was embedded before: the
same tokens at the same places of the text, so the same window of it.  We
assume no two windows of a text are identical, which holds for real prose; a
content hash (a checksum of the chunk text) would also reuse accidental
duplicates, so a hash-keyed index can reuse slightly more than counted here.
A new model reuses nothing: a checksum of the text alone does not tell which
model, dimensions or input preparation made an embedding.

Windows are described by where they start.  For N tokens, chunk size C,
overlap O and step s = C − O the windows start at a = 0, s, 2s, … and the one
starting at a exists when a = 0 < N or a + O < N (the window before it had
not reached the end); it ends at min(a + C, N).  Every figure below counts
such starts in closed form, so it is exact and instant for any N.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import lcm

from ._choices import REINDEX_KINDS
from ._chunking import ChunkPlan, plan_chunks
from ._errors import CalculatorError
from ._integers import ceil_div, require_int
from ._record import record

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._documents import CorpusPlan
    from .protocol._figures import ReindexKind


def reindex_kind(text: str) -> ReindexKind:
    """``text`` as a re-indexing question.

    >>> reindex_kind("edit")
    'edit'
    """
    for kind in REINDEX_KINDS:
        if kind == text:
            return kind
    raise ValueError(f"not a re-indexing question: {text!r}")


@record
class ReindexPlan:
    """Old chunks, new chunks and how many of them keep their embedding.

    ``reused_tokens`` are the tokens in the reused chunks: the part of the new
    chunks' input that is not sent to the embedding model again.
    """

    old_chunks: int
    new_chunks: int
    reused_chunks: int
    old_tokens_processed: int
    new_tokens_processed: int
    reused_tokens: int

    @property
    def chunks_to_embed(self) -> int:
        """New chunks whose input was never embedded: sent to the model."""
        return self.new_chunks - self.reused_chunks

    @property
    def chunks_to_delete(self) -> int:
        """Old chunks no new chunk reuses: they must leave the index."""
        return self.old_chunks - self.reused_chunks

    @property
    def tokens_to_embed(self) -> int:
        """Exact tokens sent to the embedding model for the new chunks."""
        return self.new_tokens_processed - self.reused_tokens

    def with_new_model(self) -> ReindexPlan:
        """The same chunks embedded by another model: nothing is reused, chunking is.

        >>> unchanged(plan_chunks(8000, 512, 64)).with_new_model().chunks_to_embed
        18
        """
        return ReindexPlan(
            self.old_chunks, self.new_chunks, 0, self.old_tokens_processed,
            self.new_tokens_processed, 0,
        )  # fmt: skip

    def scaled(self, times: int) -> ReindexPlan:
        """``times`` documents that each change alike."""
        return ReindexPlan(
            times * self.old_chunks, times * self.new_chunks, times * self.reused_chunks,
            times * self.old_tokens_processed, times * self.new_tokens_processed,
            times * self.reused_tokens,
        )  # fmt: skip

    def __add__(self, other: ReindexPlan) -> ReindexPlan:
        return ReindexPlan(
            self.old_chunks + other.old_chunks, self.new_chunks + other.new_chunks,
            self.reused_chunks + other.reused_chunks,
            self.old_tokens_processed + other.old_tokens_processed,
            self.new_tokens_processed + other.new_tokens_processed,
            self.reused_tokens + other.reused_tokens,
        )  # fmt: skip


def between(old: ChunkPlan, new: ChunkPlan, reused: int, reused_tokens: int) -> ReindexPlan:
    """Old and new chunks of one text, ``reused`` of them (``reused_tokens`` tokens) kept."""
    return ReindexPlan(
        old.chunks, new.chunks, reused, old.tokens_processed, new.tokens_processed, reused_tokens
    )


def texts_change(old: Iterable[tuple[str, int]], new: Iterable[tuple[str, int]]) -> ReindexPlan:
    """One document split again by a splitter: its old and new chunks as (text, tokens).
    A new chunk keeps its embedding when an old chunk of the document had exactly its text
    (each old chunk reused once at most), as a store keyed by the chunk's text finds it.

    >>> change = texts_change([("a b", 2), ("c", 1)], [("a b", 2), ("c d", 2)])
    >>> change.reused_chunks, change.tokens_to_embed, change.chunks_to_delete
    (1, 2, 1)
    """
    kept: dict[str, int] = {}
    old_chunks = old_tokens = 0
    for text, tokens in old:
        kept[text] = kept.get(text, 0) + 1
        old_chunks, old_tokens = old_chunks + 1, old_tokens + tokens
    new_chunks = new_tokens = reused = reused_tokens = 0
    for text, tokens in new:
        new_chunks, new_tokens = new_chunks + 1, new_tokens + tokens
        if kept.get(text, 0):
            kept[text] -= 1
            reused, reused_tokens = reused + 1, reused_tokens + tokens
    return ReindexPlan(old_chunks, new_chunks, reused, old_tokens, new_tokens, reused_tokens)


def unchanged(plan: ChunkPlan | CorpusPlan) -> ReindexPlan:
    """A text (or a corpus) that did not change: every chunk keeps its embedding."""
    return ReindexPlan(
        plan.chunks, plan.chunks, plan.chunks, plan.tokens_processed, plan.tokens_processed,
        plan.tokens_processed,
    )  # fmt: skip


def reembedded(plan: ChunkPlan) -> ReindexPlan:
    """A text whose every chunk is embedded again (where it changed is not known)."""
    return unchanged(plan).with_new_model()


def settings_change(
    tokens: int, chunk_size: int, overlap: int, new_chunk_size: int, new_overlap: int
) -> ReindexPlan:
    """The same N tokens split again with another chunk size or overlap.

    A new chunk keeps its embedding when an old chunk covered exactly the same
    tokens.  Full-size chunks (all but the last) match only when the chunk size
    is unchanged and both steps start a window there: at the multiples of
    lcm(s, s2) (s2 the new step) whose window ends before the last token.
    The last chunks (ending at N) match when they start at the same token.

    >>> change = settings_change(200_000, 512, 64, 512, 128)
    >>> change.old_chunks, change.new_chunks, change.reused_chunks
    (447, 521, 75)
    >>> change.chunks_to_embed, change.chunks_to_delete, change.tokens_to_embed
    (446, 372, 228160)
    """
    return corpus_settings_change(((tokens, 1),), chunk_size, overlap, new_chunk_size, new_overlap)


def corpus_settings_change(
    lengths: Iterable[tuple[int, int]],
    chunk_size: int,
    overlap: int,
    new_chunk_size: int,
    new_overlap: int,
) -> ReindexPlan:
    """:func:`settings_change` of every document of a corpus, each split again on its own;
    ``lengths`` are (document tokens, number of documents) pairs.

    >>> corpus_settings_change([(1200, 50_000)], 512, 64, 512, 128).tokens_to_embed
    47200000
    """
    plan_chunks(0, chunk_size, overlap)  # checks the old window
    require_int("new_chunk_size", new_chunk_size, 1)
    require_int("new_overlap", new_overlap, 0)
    if new_overlap >= new_chunk_size:
        raise CalculatorError(
            "new_overlap", "overlap_not_below_chunk_size",
            overlap=new_overlap, chunk_size=new_chunk_size,
        )  # fmt: skip
    step, new_step = chunk_size - overlap, new_chunk_size - new_overlap
    common = lcm(step, new_step)
    old_chunks = new_chunks = reused_chunks = old_processed = new_processed = reused_tokens = 0
    for tokens, documents in lengths:
        require_int("tokens", tokens, 0)
        if tokens == 0:
            continue
        # The window model's chunks, before and after (seed 004).
        old = 1 + ceil_div(max(0, tokens - chunk_size), step)
        new = 1 + ceil_div(max(0, tokens - new_chunk_size), new_step)
        full = 0
        if new_chunk_size == chunk_size and tokens > chunk_size:
            # Starts x = k · lcm(s, s2) with x + C < N, i.e. 0 <= x <= N − C − 1.
            full = (tokens - chunk_size - 1) // common + 1
        last_start = (old - 1) * step
        last = int(last_start == (new - 1) * new_step)
        old_chunks += documents * old
        new_chunks += documents * new
        reused_chunks += documents * (full + last)
        old_processed += documents * (tokens + overlap * (old - 1))
        new_processed += documents * (tokens + new_overlap * (new - 1))
        reused_tokens += documents * (full * chunk_size + last * (tokens - last_start))
    return ReindexPlan(
        old_chunks, new_chunks, reused_chunks, old_processed, new_processed, reused_tokens
    )


def edit_change(tokens: int, chunk_size: int, overlap: int, at: int, delta: int) -> ReindexPlan:
    """``delta`` tokens inserted (> 0) or deleted (< 0) at token ``at``, same settings.

    Windows that end at or before ``at`` are kept: their tokens did not move.
    A window holding inserted tokens, or spanning the deleted ones, is new.
    Windows after the edit hold the old tokens shifted by ``delta``; they line
    up with old windows only when ``delta`` is a multiple of the step, and then
    every window starting after the edit is reused, the last one included,
    except one that would start within O tokens of the new end (the old text
    had no such window: its window before already reached the end).

    >>> edit = edit_change(200_000, 512, 64, 100_000, 448)  # one step inserted
    >>> edit.reused_chunks, edit.chunks_to_embed, edit.tokens_to_embed
    (446, 2, 1024)
    >>> edit_change(200_000, 512, 64, 100_000, 1).chunks_to_embed  # the rest shifts
    224
    """
    old = plan_chunks(tokens, chunk_size, overlap)
    require_int("edit_at", at, 0)
    if at > tokens:
        raise CalculatorError("edit_at", "too_large", maximum=tokens)
    if isinstance(delta, bool) or not isinstance(delta, int):
        raise CalculatorError("edit_tokens", "not_an_integer", type=type(delta).__name__)
    if delta < at - tokens:  # a deletion cannot reach past the end
        raise CalculatorError("edit_tokens", "too_small", minimum=at - tokens)
    new_tokens = tokens + delta
    new = plan_chunks(new_tokens, chunk_size, overlap)
    if delta == 0:
        return unchanged(old)
    step = old.step
    before = windows_ending_by(at, chunk_size, overlap)
    after, after_tokens = 0, 0
    highest = new_tokens - overlap - 1  # a window starting at a > 0 needs a + O < N + delta
    if delta % step == 0 and highest >= 0:
        edited_end = at + max(delta, 0)  # where the old tokens resume in the new text
        last_start = highest // step * step
        after = max(0, last_start // step - ceil_div(edited_end, step) + 1)
        if after:  # all full-size but the new last window
            after_tokens = (after - 1) * chunk_size + new_tokens - last_start
    return between(old, new, before + after, before * chunk_size + after_tokens)


def windows_ending_by(position: int, chunk_size: int, overlap: int) -> int:
    """Windows that end at or before token ``position``: untouched by an edit there.

    >>> windows_ending_by(100_000, 512, 64), windows_ending_by(511, 512, 64)
    (223, 0)
    """
    if position < chunk_size:
        return 0
    return (position - chunk_size) // (chunk_size - overlap) + 1


def documents_change(
    documents: int, changed: int, document: ChunkPlan, change: ReindexPlan | None = None
) -> ReindexPlan:
    """``changed`` of ``documents`` equal documents (each planned as ``document``) changed.

    Documents are chunked one by one, so only the changed ones lose chunks.
    ``change`` is what happened to each changed document; without it every
    chunk of a changed document is embedded again (an upper bound when the
    change is small).

    >>> plan = documents_change(10_000, 25, plan_chunks(2000, 512, 51))
    >>> plan.old_chunks, plan.chunks_to_embed, plan.chunks_to_delete
    (50000, 125, 125)
    """
    require_int("documents", documents, 1)
    require_int("changed_documents", changed, 0)
    if changed > documents:
        raise CalculatorError("changed_documents", "too_large", maximum=documents)
    each = reembedded(document) if change is None else change
    return unchanged(document).scaled(documents - changed) + each.scaled(changed)


@record
class MigrationSize:
    """Raw vector bytes while an index moves from its old chunks to its new ones."""

    plan: ReindexPlan
    bytes_per_vector: int

    @property
    def old_raw_bytes(self) -> int:
        return self.plan.old_chunks * self.bytes_per_vector

    @property
    def new_raw_bytes(self) -> int:
        return self.plan.new_chunks * self.bytes_per_vector

    @property
    def versioned_peak_raw_bytes(self) -> int:
        """A versioned (blue/green) index keeps both until the switch: old + new."""
        return self.old_raw_bytes + self.new_raw_bytes

    @property
    def in_place_peak_raw_bytes(self) -> int:
        """Updating one index, new vectors added before the stale ones are deleted:
        old + chunks to embed (only for the same model: one index holds one model's vectors)."""
        return (self.plan.old_chunks + self.plan.chunks_to_embed) * self.bytes_per_vector


def migration_size(plan: ReindexPlan, bytes_per_vector: int) -> MigrationSize:
    """The raw sizes of a migration with vectors of ``bytes_per_vector`` bytes.

    >>> size = migration_size(settings_change(200_000, 512, 64, 512, 128), 1536)
    >>> size.old_raw_bytes, size.new_raw_bytes, size.versioned_peak_raw_bytes
    (686592, 800256, 1486848)
    """
    return MigrationSize(plan, require_int("bytes_per_vector", bytes_per_vector, 1))


@record
class ReindexCase:
    """A re-indexing question and its plan, as the form and the command line ask it.

    ``kind`` is ``"settings"`` (``new_window`` is the new chunk size and
    overlap), ``"edit"`` (``edit`` is the position and the tokens inserted or,
    when negative, deleted), ``"documents"`` (changed documents embedded again
    whole) or ``"model"`` (same chunks); ``new_model`` says that the embedding
    model changes too; ``documents`` is (D, K) when K of D equal documents
    changed instead of one stream.
    """

    kind: ReindexKind
    plan: ReindexPlan
    new_model: bool = False
    new_window: tuple[int, int] | None = None
    edit: tuple[int, int] | None = None
    documents: tuple[int, int] | None = None
    #: Of the reused chunks of an edit, those that end at or before it (per document).
    kept_before_edit: int = 0
