"""The options as the form's fields, and the one-line refusals of what the form refuses."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from .._documents import CorpusPlan
from .._errors import CalculatorError
from .._reading import CHUNK_BYTES, TextDecoder, read_text
from .._text import parse_whole_number
from ..protocol._form import FormOutcome
from ._options import _STORAGE_OPTIONS, EXIT_BAD_INPUT, PROGRAM, _default, _flag
from ._words import words_for

if TYPE_CHECKING:
    pass


def _refuse(flag: str, message: str) -> int:
    print(f"{PROGRAM}: error: {flag}: {one_line(message)}", file=sys.stderr)
    return EXIT_BAD_INPUT


# The characters that would break an error's one line or a terminal (a file's name may hold
# a newline or an escape sequence), written as Python writes them in a string.
_CONTROLS = {
    code: repr(chr(code))[1:-1] for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029)
}


def one_line(text: str) -> str:
    r"""``text`` with its control characters escaped: one line, printed as it is.

    >>> one_line("notes\nmore.md: not UTF-8")
    'notes\\nmore.md: not UTF-8'
    """
    return text.translate(_CONTROLS)


def _refusal(options: argparse.Namespace, outcome: FormOutcome) -> tuple[str, str] | None:
    """The first refused option (enough to fix and retry) and why, or ``None``."""
    for refused in outcome.errors.values():
        return _flag(refused.field), refused.message
    assert outcome.plan is not None  # the form plans whenever it reports no error
    disagreement = _tokens_beside_documents(options, outcome.plan)
    return ("--tokens", disagreement) if disagreement else None


def _tokens_beside_documents(options: argparse.Namespace, plan: CorpusPlan) -> str:
    """Why --tokens given beside the documents is refused ("" when it agrees with them or
    describes the one document): the documents are the corpus, so a total given beside them
    can only be theirs."""
    if _corpus(options) == "one" or options.tokens is None:
        return ""
    try:
        given = parse_whole_number("tokens", options.tokens)
    except CalculatorError as refused:
        return refused.message
    if given == plan.tokens:
        return ""
    words = words_for(options)
    return words("cli.refusal.tokens_beside", tokens=words.count(plan.tokens, "tokens"))


def _corpus(options: argparse.Namespace) -> str:
    """The corpus the options describe: counted files or a list, documents of an average
    length, or one document of --tokens."""
    if options.count or options.document_tokens is not None:
        return "list"
    if options.documents or options.average_tokens:
        return "documents"
    return "one"


def _fields(options: argparse.Namespace) -> dict[str, str]:
    custom = options.bytes_per_dimension is not None
    fields = {
        "corpus": _corpus(options),
        "tokens": options.tokens or "",
        "chunk_size": options.chunk_size,
        "overlap": options.overlap,
        "dimensions": options.dimensions,
        "dtype": "custom" if custom else options.dtype or _default("dtype"),
        "bytes_per_dimension": options.bytes_per_dimension or "",
        "documents": options.documents,
        "average_tokens": options.average_tokens,
        "price_per_million": options.price_per_million,
        "compare": options.compare,
    }
    if options.count:
        fields["document_tokens"] = options.document_tokens
    elif options.document_tokens is not None:
        fields["document_tokens"] = _read(options.document_tokens)
    fields |= _reindex_fields(options)
    for name in _STORAGE_OPTIONS:
        if getattr(options, name) is not None:
            fields[name] = getattr(options, name)
    if options.max_input_tokens is not None:
        fields["max_input_tokens"] = options.max_input_tokens
        if options.added_tokens is not None:
            fields["added_tokens"] = options.added_tokens
    # --top-k alone with --evaluate is the evaluation's k, not a prompt budget to plan.
    if options.context_window or (options.top_k and options.evaluate is None):
        fields |= {
            "top_k": options.top_k,
            "context_window": options.context_window,
            "reserved_tokens": options.reserved_tokens,
            "answer_tokens": options.answer_tokens,
        }
    return fields


def _reindex_fields(options: argparse.Namespace) -> dict[str, str]:
    """The re-indexing question the flags ask: a new split, an edit or a new model."""
    fields = {"new_model": "yes" if options.model_change else "no"}
    if options.new_chunk_size is not None or options.new_overlap is not None:
        fields |= {
            "reindex_mode": "settings",
            "new_chunk_size": _given(options.new_chunk_size, options.chunk_size),
            "new_overlap": _given(options.new_overlap, options.overlap),
        }
    elif options.edit_at is not None or options.edit_tokens is not None:
        fields |= {
            "reindex_mode": "edit",
            "edit_at": _given(options.edit_at, ""),
            "edit_tokens": _given(options.edit_tokens, ""),
        }
    elif options.model_change:
        fields["reindex_mode"] = "model"
    elif options.changed_documents is not None:
        fields["reindex_mode"] = "documents"  # each changed document embedded again whole
    if options.changed_documents is not None:
        fields["changed_documents"] = options.changed_documents
    return fields


def _given(value: str | None, otherwise: str) -> str:
    """An option's text as typed (even empty), or ``otherwise`` when it was left out."""
    return otherwise if value is None else value


def _read(path: str) -> str:
    """The text of ``--document-tokens``: a regular file, or standard input for ``-``."""
    if path != "-":
        return read_text(path)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream that is not a file's (as in the tests)
        return sys.stdin.read()
    decoder, parts = TextDecoder(), []
    while chunk := stream.read1(CHUNK_BYTES):
        parts.append(decoder.decode(chunk))
    parts.append(decoder.decode(b"", final=True))
    return "".join(parts)
