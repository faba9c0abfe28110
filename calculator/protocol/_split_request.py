"""A splitter's chunks as a page's request brings them: read, checked, and planned.

The page's worker splits the visitor's documents (``features.start_split``) and sends its
chunks' token counts back with the form's requests; what cannot be read as a split the
worker makes is ignored, and the form is planned by the window model instead.
"""

from __future__ import annotations

from .._documents import CorpusPlan, plan_split
from .._errors import CalculatorError
from .._record import fields_dict
from ._form import SplitChunks

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._reindex import ReindexPlan


def split_chunks(split: object, resplit: object = None, fit: object = None) -> SplitChunks | None:
    if not isinstance(split, dict):
        return None
    try:
        documents = [
            (int(tokens), [int(n) for n in chunks]) for tokens, chunks in split["documents"]
        ]
        plan = plan_split(
            documents, int(split["chunk_size"]), int(split["overlap"]), str(split["chunker"])
        )
    except (KeyError, TypeError, ValueError, CalculatorError):
        return None  # not a split the page's worker makes: the window model's plan
    measured = _fit(fit, plan, documents)
    counts = measured[2] if measured is not None else [chunks for _, chunks in documents]
    return SplitChunks(
        plan,
        _split_again(resplit, plan),
        None if measured is None else measured[:2],
        tuple(tuple(chunks) for chunks in counts),
    )


def _fit(
    fit: object, plan: CorpusPlan, documents: list[tuple[int, list[int]]]
) -> tuple[str, CorpusPlan, list[list[int]]] | None:
    """The splitter's chunks of ``plan`` each counted in the model's own tokenizer, as the
    page's worker counted them: as many chunks a document as the split's; nothing else."""
    if not isinstance(fit, dict) or fit.get("chunker") != plan.chunker:
        return None
    try:
        window = [int(n) for n in fit["window"]]
        tokenizer = str(fit["tokenizer"])
        counted = [[int(n) for n in chunks] for chunks in fit["documents"]]
        if window != [plan.chunk_size, plan.overlap] or [len(c) for c in counted] != [
            len(chunks) for _, chunks in documents
        ]:
            return None
        model = plan_split(
            ((tokens, chunks) for (tokens, _), chunks in zip(documents, counted, strict=True)),
            plan.chunk_size, plan.overlap, plan.chunker,
        )  # fmt: skip
    except (KeyError, TypeError, ValueError, CalculatorError):
        return None
    return tokenizer, model, counted


def _split_again(resplit: object, plan: CorpusPlan) -> tuple[int, int, ReindexPlan] | None:
    """The documents of ``plan`` split again at a re-indexing's window, as the page's worker
    found it; nothing for another split's, or what the worker does not make."""
    if not isinstance(resplit, dict) or resplit.get("chunker") != plan.chunker:
        return None
    from .._reindex import ReindexPlan  # noqa: PLC0415 (a panel's: no first answer needs it)

    try:
        window = [int(n) for n in resplit["window"]]
        size, overlap = (int(n) for n in resplit["again"])
        change = ReindexPlan(*(int(n) for n in resplit["change"]))
    except (KeyError, TypeError, ValueError):
        return None
    if window != [plan.chunk_size, plan.overlap] or min(fields_dict(change).values()) < 0:
        return None
    return size, overlap, change
