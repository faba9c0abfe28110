"""The embedding model's input limit: chunks longer than it lose their end.

Most embedding APIs cut an input longer than the model's maximum without an
error, so the tail of such a chunk is never embedded: retrieval cannot find
what it says.  A corpus is checked document by document: each document's full
chunks and its last chunk.

A model also adds tokens of its own to every chunk: BERT's [CLS] and [SEP], a prefix such
as e5's "passage: ".  They count against the limit (all-MiniLM-L6-v2 takes 256 tokens, so
its chunks hold 254 of the text) and the model embeds them too.  With ``added_tokens`` A,
a chunk of L text tokens is an input of L + A tokens; what a cut input loses is the text's
end, L + A − limit tokens (the added tokens are kept).
"""

from __future__ import annotations

from ._chunking import ChunkPlan
from ._documents import CorpusPlan, plan_corpus, plan_one_document
from ._errors import CalculatorError
from ._integers import require_int
from ._record import record


@record
class InputLimit:
    """A corpus's chunks checked against ``max_input_tokens``; build it with
    :func:`input_limit`."""

    plan: CorpusPlan
    max_input_tokens: int
    #: Tokens the model adds to every chunk (special tokens, a required prefix).
    added_tokens: int = 0
    #: The model's own tokenizer, when a splitter's chunks were each counted in it ("": the
    #: plan's own counts).
    measured_with: str = ""
    #: A splitter's plan: each document's chunks' tokens (in the plan's counts, or the model's
    #: where ``measured_with`` says), in the corpus's order, for the figures per document.
    documents: tuple[tuple[int, ...], ...] = ()

    @property
    def documents_over_limit(self) -> int:
        """Documents with a chunk over the limit (a splitter's plan only; else 0)."""
        largest = self.largest_chunk_size
        return sum(1 for chunks in self.documents if any(n > largest for n in chunks))

    @property
    def most_over_limit(self) -> tuple[int, int, int] | None:
        """The document most cut (a splitter's plan): its place in the corpus, its chunks
        over the limit and its tokens cut; ``None`` when none is, or without documents.

        >>> limit = input_limit(plan_one_document(10, 5), 4, documents=((3, 5), (6, 6, 1)))
        >>> limit.documents_over_limit, limit.most_over_limit
        (2, (1, 2, 4))
        """
        largest, most = self.largest_chunk_size, None
        for index, chunks in enumerate(self.documents):
            over = [n - largest for n in chunks if n > largest]
            if over and (most is None or (sum(over), len(over)) > (most[2], most[1])):
                most = (index, len(over), sum(over))
        return most

    @property
    def largest_chunk_size(self) -> int:
        """The largest chunk size no chunk of which exceeds the limit: the limit less the
        tokens the model adds to every chunk."""
        return self.max_input_tokens - self.added_tokens

    @property
    def chunks_over_limit(self) -> int:
        """Chunks longer than the limit once the model's tokens are added: in each document,
        every full-size one when C > the largest size, and the last if it is."""
        largest, over = self.largest_chunk_size, 0
        if self.plan.measured:
            return sum(count for n, count in self.plan.chunk_lengths if n > largest)
        for plan, documents in self.plan.document_plans():
            if plan.chunks:
                full = plan.chunks - 1 if plan.chunk_size > largest else 0
                over += documents * (full + int(plan.last_chunk_tokens > largest))
        return over

    @property
    def truncated_tokens(self) -> int:
        """Text tokens cut off the ends of the chunks over the limit, never embedded."""
        largest, cut = self.largest_chunk_size, 0
        if self.plan.measured:
            return sum(count * (n - largest) for n, count in self.plan.chunk_lengths if n > largest)
        for plan, documents in self.plan.document_plans():
            if plan.chunks:
                full = (plan.chunks - 1) * max(0, plan.chunk_size - largest)
                cut += documents * (full + max(0, plan.last_chunk_tokens - largest))
        return cut

    @property
    def added_tokens_total(self) -> int:
        """The model's own tokens in all the chunks: chunks × added tokens."""
        return self.plan.chunks * self.added_tokens

    @property
    def tokens_embedded(self) -> int:
        """What the model embeds: the tokens processed, plus the tokens it adds to every
        chunk, less the text tokens cut at the limit.

        >>> limit = input_limit(plan_one_document(8000, 512, 64), 512, 4)
        >>> limit.plan.tokens_processed, limit.added_tokens_total, limit.truncated_tokens
        (9088, 72, 68)
        >>> limit.tokens_embedded
        9092
        """
        return self.plan.tokens_processed + self.added_tokens_total - self.truncated_tokens

    @property
    def plan_at_limit(self) -> CorpusPlan | None:
        """The same corpus and overlap at the largest chunk size within the limit;
        ``None`` when the overlap is not below that size (it must shrink too), or for a
        splitter's chunks (only splitting again would tell them)."""
        if self.plan.measured or self.plan.overlap >= self.largest_chunk_size:
            return None
        return plan_corpus(self.plan.lengths, self.largest_chunk_size, self.plan.overlap)


def input_limit(
    plan: CorpusPlan | ChunkPlan,
    max_input_tokens: int,
    added_tokens: int = 0,
    measured_with: str = "",
    documents: tuple[tuple[int, ...], ...] = (),
) -> InputLimit:
    """Check ``plan``'s chunks (a corpus's, or one document's) against the model's maximum
    input tokens, of which the model takes ``added_tokens`` in every chunk for itself.

    Raises ``CalculatorError`` (field ``added_tokens``, ``too_large``) unless at least one
    text token fits beside the added ones.

    >>> limit = input_limit(plan_one_document(200_000, 1024, 128), 512)
    >>> limit.chunks_over_limit, limit.truncated_tokens, limit.largest_chunk_size
    (223, 114176, 512)
    >>> input_limit(plan_one_document(200_000, 512, 64), 512).chunks_over_limit
    0
    >>> minilm = input_limit(plan_one_document(200_000, 256, 0), 256, added_tokens=2)
    >>> minilm.largest_chunk_size, minilm.chunks_over_limit, minilm.truncated_tokens
    (254, 781, 1562)
    >>> input_limit(plan_one_document(10, 5, 0), 2, added_tokens=2)
    Traceback (most recent call last):
    calculator._errors.CalculatorError: added_tokens: Enter 1 or less.
    """
    if isinstance(plan, ChunkPlan):
        plan = plan_one_document(plan.tokens, plan.chunk_size, plan.overlap)
    limit = require_int("max_input_tokens", max_input_tokens, 1)
    added = require_int("added_tokens", added_tokens, 0)
    if added >= limit:
        raise CalculatorError("added_tokens", "too_large", maximum=limit - 1)
    return InputLimit(plan, limit, added, measured_with, documents)
