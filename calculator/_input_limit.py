"""The embedding model's input limit: chunks longer than it lose their end.

Most embedding APIs cut an input longer than the model's maximum without an
error, so the tail of such a chunk is never embedded: retrieval cannot find
what it says.
"""

from __future__ import annotations

from ._chunking import ChunkPlan, plan_chunks
from ._integers import require_int
from ._record import record


@record
class InputLimit:
    """A chunk plan checked against ``max_input_tokens``; build it with :func:`input_limit`."""

    plan: ChunkPlan
    max_input_tokens: int

    @property
    def chunks_over_limit(self) -> int:
        """Chunks longer than the limit: every full-size one when C > L, the last if it is."""
        plan, limit = self.plan, self.max_input_tokens
        if plan.chunks == 0:
            return 0
        full = plan.chunks - 1 if plan.chunk_size > limit else 0
        return full + int(plan.last_chunk_tokens > limit)

    @property
    def truncated_tokens(self) -> int:
        """Tokens cut off the ends of the chunks over the limit, never embedded."""
        plan, limit = self.plan, self.max_input_tokens
        if plan.chunks == 0:
            return 0
        full = (plan.chunks - 1) * max(0, plan.chunk_size - limit)
        return full + max(0, plan.last_chunk_tokens - limit)

    @property
    def largest_chunk_size(self) -> int:
        """The largest chunk size no chunk of which exceeds the limit: the limit itself."""
        return self.max_input_tokens

    @property
    def plan_at_limit(self) -> ChunkPlan | None:
        """The same text and overlap at the largest chunk size within the limit;
        ``None`` when the overlap is not below the limit (it must shrink too)."""
        if self.plan.overlap >= self.max_input_tokens:
            return None
        return plan_chunks(self.plan.tokens, self.max_input_tokens, self.plan.overlap)


def input_limit(plan: ChunkPlan, max_input_tokens: int) -> InputLimit:
    """Check ``plan``'s chunks against the model's maximum input tokens.

    >>> limit = input_limit(plan_chunks(200_000, 1024, 128), 512)
    >>> limit.chunks_over_limit, limit.truncated_tokens, limit.largest_chunk_size
    (223, 114176, 512)
    >>> input_limit(plan_chunks(200_000, 512, 64), 512).chunks_over_limit
    0
    """
    return InputLimit(plan, require_int("max_input_tokens", max_input_tokens, 1))
