"""The prompt budget: retrieved chunks plus reserved tokens against a context window.

Top-k chunks of C tokens are k × C tokens of source text at most (the nominal
figure; a short last chunk only makes it smaller).  Instructions, the question,
history and source labels come on top, and the answer needs its own budget.
"""

from __future__ import annotations

from ._integers import require_int
from ._record import record


@record
class PromptBudget:
    """Build it with :func:`prompt_budget`."""

    top_k: int
    chunk_size: int
    context_window: int
    reserved_tokens: int
    answer_tokens: int

    @property
    def source_tokens(self) -> int:
        """Nominal source text: top-k × chunk size."""
        return self.top_k * self.chunk_size

    @property
    def total_tokens(self) -> int:
        """Everything the context window must hold, the answer included."""
        return self.source_tokens + self.reserved_tokens + self.answer_tokens

    @property
    def spare_tokens(self) -> int:
        """Room left in the window; negative when the plan does not fit."""
        return self.context_window - self.total_tokens

    @property
    def fits(self) -> bool:
        return self.spare_tokens >= 0

    @property
    def chunks_that_fit(self) -> int:
        """How many whole chunks fit beside the reserved and answer tokens."""
        room = self.context_window - self.reserved_tokens - self.answer_tokens
        return max(0, room // self.chunk_size)


def prompt_budget(
    top_k: int,
    chunk_size: int,
    context_window: int,
    reserved_tokens: int = 0,
    answer_tokens: int = 0,
) -> PromptBudget:
    """Check top-k chunks of ``chunk_size`` against ``context_window``.

    >>> budget = prompt_budget(8, 512, 8192, reserved_tokens=1500, answer_tokens=1000)
    >>> budget.source_tokens, budget.total_tokens, budget.fits, budget.chunks_that_fit
    (4096, 6596, True, 11)
    >>> prompt_budget(8, 512, 4096, reserved_tokens=500).spare_tokens
    -500
    """
    return PromptBudget(
        top_k=require_int("top_k", top_k, 1),
        chunk_size=require_int("chunk_size", chunk_size, 1),
        context_window=require_int("context_window", context_window, 1),
        reserved_tokens=require_int("reserved_tokens", reserved_tokens, 0),
        answer_tokens=require_int("answer_tokens", answer_tokens, 0),
    )
