"""``python3 -m calculator``: the plan on the command line, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from ._chunking import ChunkPlan, plan_chunks
from ._errors import CalculatorError
from ._report import describe
from ._text import parse_whole_number
from ._units import iec_size, si_size
from ._vectors import DTYPE_BITS, VectorSize, vector_size

EXIT_BAD_INPUT = 2


class _OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage mistake in one line, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="python3 -m calculator",
        description="Exact chunk count, tokens processed and raw vector size of one token stream.",
    )
    parser.add_argument("--tokens", required=True, help="document tokens N (>= 0)")
    parser.add_argument("--chunk-size", required=True, help="window size C in tokens (>= 1)")
    parser.add_argument("--overlap", default="0", help="overlap O in tokens, 0 <= O < C")
    parser.add_argument("--dimensions", help="vector dimensions (enables the raw size)")
    representation = parser.add_mutually_exclusive_group()
    representation.add_argument("--dtype", choices=sorted(DTYPE_BITS), help="default float32")
    representation.add_argument("--bytes-per-dimension", help="a custom whole number of bytes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    options = _parser().parse_args(argv)
    try:
        plan, vectors = _plan_from(options)
    except CalculatorError as error:
        flag = "--" + error.field.replace("_", "-")
        print(f"python3 -m calculator: error: {flag}: {error.message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if options.json:
        print(json.dumps(describe(plan, vectors), indent=2))
    else:
        print(summary(plan, vectors))
    return 0


def _plan_from(options: argparse.Namespace) -> tuple[ChunkPlan, VectorSize | None]:
    tokens = parse_whole_number("tokens", options.tokens, minimum=0)
    chunk_size = parse_whole_number("chunk_size", options.chunk_size, minimum=1)
    overlap = parse_whole_number("overlap", options.overlap, minimum=0)
    plan = plan_chunks(tokens, chunk_size, overlap)
    if options.dimensions is None:
        return plan, None
    dimensions = parse_whole_number("dimensions", options.dimensions, minimum=1)
    representation: str | int = options.dtype or "float32"
    if options.bytes_per_dimension is not None:
        representation = parse_whole_number(
            "bytes_per_dimension", options.bytes_per_dimension, minimum=1
        )
    return plan, vector_size(plan.chunks, dimensions, representation)


def summary(plan: ChunkPlan, vectors: VectorSize | None = None) -> str:
    """A short readable account of the plan.

    >>> print(summary(plan_chunks(8000, 512, 64), vector_size(18, 384)))
    8,000 tokens, chunk size 512, overlap 64, step 448
    chunks              18 (17 × 512 + 1 × 384)
    tokens processed    9,088 (1,088 repeated: 13.6% of the document)
    padded upper bound  9,216 (18 × 512; the last chunk is 128 tokens short of full size)
    raw vector size     27,648 bytes = 27 KiB = ≈27.65 kB (18 × 384 dimensions × 4 bytes)
    """
    header = (
        f"{plan.tokens:,} tokens, chunk size {plan.chunk_size:,}, "
        f"overlap {plan.overlap:,}, step {plan.step:,}"
    )
    if plan.chunks == 0:
        return f"{header}\nchunks              0 (an empty document makes no chunks)"
    lengths = " + ".join(f"{group.count:,} × {group.length:,}" for group in plan.length_groups)
    share = float(plan.repeated_share * 100)
    lines = [
        header,
        f"chunks              {plan.chunks:,} ({lengths})",
        f"tokens processed    {plan.tokens_processed:,} ({plan.repeated_tokens:,} repeated: "
        f"{share:.3g}% of the document)",
        f"padded upper bound  {plan.padded_tokens:,} ({plan.chunks:,} × {plan.chunk_size:,}; "
        + _padding_note(plan)
        + ")",
    ]
    if vectors is not None:
        lines.append(
            f"raw vector size     {vectors.raw_bytes:,} bytes = {iec_size(vectors.raw_bytes)} = "
            f"{si_size(vectors.raw_bytes)} ({vectors.vectors:,} × {vectors.dimensions:,} dimensions"
            f" × {_per_dimension(vectors)})"
        )
    return "\n".join(lines)


def _padding_note(plan: ChunkPlan) -> str:
    if plan.padding_tokens == 0:
        return "the same as the exact figure: the last chunk is full"
    return f"the last chunk is {plan.padding_tokens:,} tokens short of full size"


def _per_dimension(vectors: VectorSize) -> str:
    bits = vectors.bits_per_dimension
    return f"{bits // 8} bytes" if bits % 8 == 0 else f"{bits} bit"
