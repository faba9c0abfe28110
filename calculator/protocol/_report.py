"""The main plan as plain data: the figures the command line prints and the page paints first.

:func:`describe` builds the main result's section once, typed as ``calculator.protocol._answer``
declares it (ints as ints); the planning panels' sections are ``_panel_report``'s.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

from .._chunking import ChunkPlan
from .._decimals import decimal_text
from .._documents import CorpusPlan, plan_one_document

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._vectors import VectorSize
    from ._figures import PlanFigures, Quotient


def describe(plan: CorpusPlan | ChunkPlan, vectors: VectorSize | None = None) -> PlanFigures:
    """Every figure of ``plan`` (a corpus's, or one document's) and ``vectors`` under the CLI's
    JSON keys.

    >>> from calculator import plan_chunks, plan_equal_documents, vector_size
    >>> report = describe(plan_chunks(2500, 800, 200), vector_size(4, 384))
    >>> report["chunks"], report["tokens_processed"], report["raw_vector_bytes"]
    (4, 3100, 6144)
    >>> report["length_groups"]
    [{'count': 3, 'length': 800}, {'count': 1, 'length': 700}]
    >>> corpus = describe(plan_equal_documents(50_000, 1200, 512, 64))
    >>> corpus["document_count"], corpus["chunks"], corpus["document"]["chunks"]
    (50000, 150000, 3)
    """
    if isinstance(plan, ChunkPlan):
        plan = plan_one_document(plan.tokens, plan.chunk_size, plan.overlap)
    document = plan.document
    report: PlanFigures = {
        "tokens": plan.tokens,
        "chunk_size": plan.chunk_size,
        "overlap": plan.overlap,
        "step": plan.step,
        "chunker": plan.chunker,
        "chunks": plan.chunks,
        "length_groups": [
            {"count": group.count, "length": group.length} for group in plan.length_groups
        ],
        "tokens_processed": plan.tokens_processed,
        "repeated_tokens": plan.repeated_tokens,
        "repeated_share": decimal_text(plan.repeated_share, places=6),
        "padded_tokens": plan.padded_tokens,
        "padding_tokens": plan.padding_tokens,
    }
    if document is not None:
        report["last_chunk_tokens"] = document.last_chunk_tokens
        report["steps_after_first"] = _quotient(document.steps_after_first)
    if plan.documents > 1:
        stream = plan.one_stream
        report["document_count"] = plan.documents
        report["one_stream"] = {
            "chunks": stream.chunks,
            "tokens_processed": stream.tokens_processed,
        }
        if document is not None:
            report["document"] = {
                "tokens": document.tokens,
                "chunks": document.chunks,
                "last_chunk_tokens": document.last_chunk_tokens,
                "tokens_processed": document.tokens_processed,
            }
    if vectors is not None:
        report |= {
            "dimensions": vectors.dimensions,
            "dtype": vectors.dtype,
            "bits_per_dimension": vectors.bits_per_dimension,
            "bytes_per_dimension": _bytes_per_dimension(vectors.bits_per_dimension),
            "bytes_per_vector": vectors.bytes_per_vector,
            "raw_vector_bytes": vectors.raw_bytes,
        }
    return report


def _quotient(value: Fraction) -> Quotient:
    """The quotient inside the ceiling, truncated for display, and whether that is exact.

    The page shows "⌈16.71…⌉" when digits were cut, so the ceiling never looks wrong.
    """
    approx = decimal_text(value, places=2, rounding=ROUND_DOWN)
    return {"approx": approx, "exact": Fraction(Decimal(approx)) == value}


def _bytes_per_dimension(bits: int) -> int | float:
    """Whole bytes where there are some; 0.125 (exact in binary floating point) for 1 bit."""
    return bits // 8 if bits % 8 == 0 else bits / 8
