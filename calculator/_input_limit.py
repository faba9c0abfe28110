"""The embedding model's input limit: chunks longer than it lose their end.

Most embedding APIs cut an input longer than the model's maximum without an
error, so the tail of such a chunk is never embedded: retrieval cannot find
what it says.  A corpus is checked document by document: each document's full
chunks and its last chunk.
"""

from __future__ import annotations

from ._chunking import ChunkPlan
from ._documents import CorpusPlan, plan_corpus, plan_one_document
from ._integers import require_int
from ._record import record


@record
class InputLimit:
    """A corpus's chunks checked against ``max_input_tokens``; build it with
    :func:`input_limit`."""

    plan: CorpusPlan
    max_input_tokens: int

    @property
    def chunks_over_limit(self) -> int:
        """Chunks longer than the limit: in each document, every full-size one when C > L,
        and the last if it is."""
        limit, over = self.max_input_tokens, 0
        for plan, documents in self.plan.document_plans():
            if plan.chunks:
                full = plan.chunks - 1 if plan.chunk_size > limit else 0
                over += documents * (full + int(plan.last_chunk_tokens > limit))
        return over

    @property
    def truncated_tokens(self) -> int:
        """Tokens cut off the ends of the chunks over the limit, never embedded."""
        limit, cut = self.max_input_tokens, 0
        for plan, documents in self.plan.document_plans():
            if plan.chunks:
                full = (plan.chunks - 1) * max(0, plan.chunk_size - limit)
                cut += documents * (full + max(0, plan.last_chunk_tokens - limit))
        return cut

    @property
    def largest_chunk_size(self) -> int:
        """The largest chunk size no chunk of which exceeds the limit: the limit itself."""
        return self.max_input_tokens

    @property
    def plan_at_limit(self) -> CorpusPlan | None:
        """The same corpus and overlap at the largest chunk size within the limit;
        ``None`` when the overlap is not below the limit (it must shrink too)."""
        if self.plan.overlap >= self.max_input_tokens:
            return None
        return plan_corpus(self.plan.lengths, self.max_input_tokens, self.plan.overlap)


def input_limit(plan: CorpusPlan | ChunkPlan, max_input_tokens: int) -> InputLimit:
    """Check ``plan``'s chunks (a corpus's, or one document's) against the model's maximum
    input tokens.

    >>> limit = input_limit(plan_one_document(200_000, 1024, 128), 512)
    >>> limit.chunks_over_limit, limit.truncated_tokens, limit.largest_chunk_size
    (223, 114176, 512)
    >>> input_limit(plan_one_document(200_000, 512, 64), 512).chunks_over_limit
    0
    """
    if isinstance(plan, ChunkPlan):
        plan = plan_one_document(plan.tokens, plan.chunk_size, plan.overlap)
    return InputLimit(plan, require_int("max_input_tokens", max_input_tokens, 1))
