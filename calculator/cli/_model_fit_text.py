"""The command line's chunks as the embedding model sees them: what to measure, and its words.

With ``--count`` and a model's input limit (``--model`` or ``--max-input-tokens``), every
chunk (a splitter's, or the window model's decoded from an OpenAI encoding's tokens) is
counted again with the model's own tokenizer, plus the tokens the model adds
(``calculator._splitters._model_fit``), and the result comes first: warnings before the plan.

Which tokenizer is the model's:

- ``--model-tokenizer NAME|FILE``: the user's word (a built-in counter's name, or a
  tokenizer.json such as the one ``--tokenizer`` named: then the splitter's tokenizer is the
  model's own);
- else the preset's tokenizer when it is built in (bert-base-uncased, cl100k_base);
- else nothing is measured, and the first lines say why: another tokenizer's counts are
  never taken for the model's.

Standard library only; the splitters and the tokenizers are imported only when something
is measured.
"""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .._encodings import COUNTERS, ENCODINGS
from .._input_limit import InputLimit
from .._models import ModelPreset, counted_as_model
from .._record import record
from ._words import Words, english, words_for

if TYPE_CHECKING:
    import argparse

    from .._documents import CorpusPlan
    from .._splitters._files import SplitFile
    from .._splitters._model_fit import ChunkFit
    from .._tokens._files import Counted

# The command line's lines are read in a terminal: none longer than this.
WIDTH = 120
# The documents with the most tokens cut that the first lines name.
NAMED_DOCUMENTS = 3
# OpenAI's encodings: the window model's chunks can be decoded only from their tokens.
_DECODABLE = ENCODINGS
# The tokenizers known by name.
_BUILT_IN = COUNTERS


@record
class FitRequest:
    """What measures the chunks as the model sees them, or why nothing does."""

    #: The model's name, or "" when only its limit was given.
    model: str
    limit: int
    added: int
    #: The splitter's (and the count's) tokenizer: a built-in name or a file's path.
    encoding: str
    #: The chunks measured: a splitter's name, or "window".
    splitter: str
    #: The model's tokenizer, or "" when nothing is measured.
    tokenizer: str = ""
    #: How ``tokenizer`` is the model's: "exact", "same rules" (the preset's) or "given".
    relation: str = ""
    #: Why nothing is measured: the end of its key, ``cli.fit.reason.<reason>``.
    reason: str = ""
    #: The preset's tokenizer that is not built in, which the reason names.
    unbuilt: str = ""

    @property
    def measured(self) -> bool:
        return bool(self.tokenizer)

    @property
    def splitters_own(self) -> bool:
        """Whether the splitter counted with the model's tokenizer itself."""
        return self.measured and _same(self.tokenizer, self.encoding)

    @property
    def from_counts(self) -> bool:
        """Whether the window model's chunks are measured by their counts alone (they are
        the model's tokens already), with no text read again."""
        return self.splitter == "window" and self.splitters_own

    def measure(self) -> tuple[str, int, int] | None:
        """What ``split_files`` measures each chunk with, if it reads the text."""
        if not self.measured or self.from_counts:
            return None
        return (self.tokenizer, self.added, self.limit)


def _same(tokenizer: str, encoding: str) -> bool:
    if tokenizer == encoding:
        return True
    if tokenizer in _BUILT_IN or encoding in _BUILT_IN:
        return False
    return Path(tokenizer).resolve() == Path(encoding).resolve()


def fit_request(
    preset: ModelPreset | None,
    limit: InputLimit | None,
    *,
    encoding: str,
    splitter: str,
    model_tokenizer: str | None,
    added_given: bool,
) -> FitRequest | None:
    """What measures the counted files' chunks for the model (``None`` without a limit).

    ``added_given``: whether the tokens the model adds are known (given, or the preset's);
    ``encoding`` is what the files were counted and split with.

    >>> from calculator._models import model_preset
    >>> from calculator._input_limit import input_limit
    >>> from calculator import plan_chunks
    >>> minilm = model_preset("all-MiniLM-L6-v2")
    >>> limit = input_limit(plan_chunks(1000, 512), 256, 2)
    >>> request = fit_request(minilm, limit, encoding="cl100k_base", splitter="recursive",
    ...                       model_tokenizer=None, added_given=True)
    >>> request.tokenizer, request.relation, request.measure()
    ('bert-base-uncased', 'same rules', ('bert-base-uncased', 2, 256))
    >>> cohere = model_preset("embed-english-v3.0")
    >>> unpublished = fit_request(cohere, limit, encoding="cl100k_base", splitter="recursive",
    ...                           model_tokenizer=None, added_given=True)
    >>> unpublished.reason, reason_text(unpublished, english())
    ('unpublished', 'its tokenizer is not published')
    """
    if limit is None:
        return None
    tokenizer, relation, reason, unbuilt = "", "", "", ""
    if model_tokenizer:
        tokenizer, relation = model_tokenizer, "given"
    elif preset is None:
        reason = "unnamed"
    elif preset.tokenizer is None:
        reason = "unpublished"
    elif preset.tokenizer not in _BUILT_IN:
        reason, unbuilt = "not_built_in", preset.tokenizer
    else:
        tokenizer, relation = preset.tokenizer, counted_as_model(preset, preset.tokenizer)
    if tokenizer and not added_given:
        tokenizer = ""
        reason = "added_unknown"
    windows = splitter == "window" and encoding not in _DECODABLE
    if tokenizer and windows and not _same(tokenizer, encoding):
        tokenizer = ""
        reason = "no_text"
    model = preset.name if preset is not None else ""
    limits = (limit.max_input_tokens, limit.added_tokens)
    return FitRequest(model, *limits, encoding, splitter, tokenizer, relation, reason, unbuilt)


def reason_text(request: FitRequest, words: Words) -> str:
    """Why nothing is measured, in ``words``."""
    return words(
        f"cli.fit.reason.{request.reason}", tokenizer=request.unbuilt, encoding=request.encoding
    )


@cache
def check_tokenizer(name: str, ranks: str) -> str:
    """Why the model's tokenizer cannot be loaded ("" when it can), before any file is split.

    >>> check_tokenizer("no-such-tokenizer.json", ".").startswith("no-such-tokenizer.json:")
    True
    """
    from .._tokens._counters import load_counter  # noqa: PLC0415 (only a measure loads it)

    try:
        load_counter(name, Path(ranks))
    except (OSError, ValueError) as failure:
        reason = failure.strerror if isinstance(failure, OSError) else str(failure)
        return f"{name}: {reason or failure}"
    return ""


def corpus_fits(
    request: FitRequest,
    paths: list[str],
    tokens: list[int],
    split_fits: list[ChunkFit | None],
    *,
    ranks: str,
    chunk_size: int,
    overlap: int,
) -> list[ChunkFit]:
    """Each document's fit: the splitter's (measured as it split), or the window model's
    (from its counts, or its windows decoded and measured).  Empty when not measured."""
    if not request.measured:
        return []
    if request.splitter != "window":
        fits = [fit for fit in split_fits if fit is not None]
        assert len(fits) == len(paths)  # split_files measured every document
        return fits
    from .._splitters._model_fit import windows_fit  # noqa: PLC0415 (only a measure needs it)

    if request.from_counts:
        return [
            windows_fit(count, chunk_size, overlap, request.added, request.limit)
            for count in tokens
        ]
    from .._splitters._files import split_files  # noqa: PLC0415 (windows read the text again)

    splits = split_files(
        paths,
        request.encoding,
        Path(ranks),
        splitter="window",
        chunk_size=chunk_size,
        overlap=overlap,
        measure=request.measure(),
    )
    return [split.fit for split in splits if split.fit is not None]


# --- the command line ---------------------------------------------------------------------


# The exit status of bad input, as the command line's.
EXIT_BAD_INPUT = 2


def cli_request(
    parser: argparse.ArgumentParser,
    options: argparse.Namespace,
    preset: ModelPreset | None,
    limit: InputLimit | None,
) -> FitRequest | None:
    """The command line's request (``None`` without ``--count`` or a limit), its model
    tokenizer loaded once to refuse a bad one before any file is split.

    ``--model-tokenizer`` without ``--count`` and a limit, or a tokenizer that cannot be
    loaded, ends the program (status 2), as any bad input does.
    """

    def refuse(flag: str, message: str) -> NoReturn:
        parser.exit(EXIT_BAD_INPUT, f"{parser.prog}: error: {flag}: {_shown(message)}\n")

    if options.model_tokenizer and (not options.count or limit is None):
        refuse("--model-tokenizer", words_for(options)("cli.fit.needs_count"))
    if not options.count:
        return None
    request = fit_request(
        preset,
        limit,
        encoding=options.encoding,
        splitter=options.splitter,
        model_tokenizer=options.model_tokenizer,
        # Without a preset the limit is the user's, and so are its added tokens (0 unless
        # given); a preset that does not know them leaves them unknown.
        added_given=options.added_tokens is not None or preset is None,
    )
    if request is not None and request.measured and not request.splitters_own:
        failure = check_tokenizer(request.tokenizer, options.ranks)
        if failure:
            refuse("--model-tokenizer" if options.model_tokenizer else "--ranks", failure)
    return request


def cli_fits(
    request: FitRequest | None,
    options: argparse.Namespace,
    counted: list[Counted],
    splits: list[SplitFile],
    plan: CorpusPlan,
) -> list[ChunkFit]:
    """Each counted file's fit (none when nothing is measured)."""
    if request is None:
        return []
    sources = getattr(options, "parts", None) is not None  # datasets, or Dask's tasks
    if sources and request.measured and request.splitter == "window" and not request.from_counts:
        from ._sources import split_sources  # noqa: PLC0415 (windows read the text again)

        windows = split_sources(options, plan, request.measure(), None, (), splitter="window")
        assert isinstance(windows, list)  # a corpus too large to list is not measured
        return [split.fit for split in windows if split.fit is not None]
    return corpus_fits(
        request,
        [item.path for item in counted],
        [item.tokens or 0 for item in counted],
        [split.fit for split in splits],
        ranks=options.ranks,
        chunk_size=plan.chunk_size,
        overlap=plan.overlap,
    )


# --- words --------------------------------------------------------------------------------


def _how(request: FitRequest, words: Words) -> str:
    """How the chunks were measured, after "measured with"."""
    # A preset's tokenizer identified by its configuration only ("same rules") is still the
    # one its card names; the JSON's "tokenizer_is" tells the two apart.
    if request.relation == "given":
        whose = words("cli.fit.whose_given", tokenizer=_shown(request.tokenizer))
    else:
        whose = words("cli.fit.whose_own", tokenizer=request.tokenizer)
    added = words("cli.fit.added", added=request.added)
    if request.splitters_own:
        return words("cli.fit.how_same", whose=whose, added=added)
    return words("cli.fit.how_other", whose=whose, added=added, encoding=_shown(request.encoding))


def _shown(text: str) -> str:
    """A path on one line: its control characters escaped, as Python writes them."""
    return text if text.isprintable() else repr(text)[1:-1]


def fit_lines(
    request: FitRequest, paths: list[str], fits: list[ChunkFit], words: Words | None = None
) -> list[str]:
    """The first lines of the output: the chunks over the model's limit and the tokens cut
    (a warning first), how they were measured, and the documents with the most cut; or why
    nothing was measured.  No line is longer than :data:`WIDTH`.

    >>> from calculator._splitters._model_fit import chunk_fit
    >>> request = FitRequest("all-MiniLM-L6-v2", 256, 2, "cl100k_base", "recursive",
    ...                      "bert-base-uncased", "exact")
    >>> fits = [chunk_fit([300, 120], 2, 256), chunk_fit([254], 2, 256)]
    >>> for line in fit_lines(request, ["a.md", "b.md"], fits):
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    warning: all-MiniLM-L6-v2 sees 1 of 3 chunks over its 256-token limit; 46 tokens cut,
    never embedded
      measured with its own tokenizer, bert-base-uncased, plus 2 added to every chunk; cut
      with cl100k_base
      longest chunk 302 tokens as the model sees it
      most cut: a.md (1 chunk over, 46 tokens cut)
    """
    w = words or english()
    who = request.model or w("cli.fit.the_model")
    limit = w("cli.fit.its_limit", limit=request.limit)
    if not request.measured:
        reason, encoding = reason_text(request, w), _shown(request.encoding)
        if not request.model:  # only a limit: the counting tokenizer may be the model's
            return _wrapped(w("cli.fit.note_unmeasured", reason=reason, encoding=encoding))
        return _wrapped(
            w("cli.fit.warning_unmeasured", model=who, reason=reason, encoding=encoding)
        )
    from .._splitters._model_fit import add_fits  # noqa: PLC0415 (as above)

    total = add_fits(fits)
    chunks = w.count(total.chunks, "chunks")
    if total.over_limit:
        head = w(
            "cli.fit.warning_over", model=who, over=total.over_limit,
            chunks=w.count(total.chunks, "of_chunks"), limit=limit,
            tokens=w.count(total.tokens_cut, "tokens"),
        )  # fmt: skip
    elif total.chunks:
        head = w("cli.fit.within", model=who, chunks=chunks, limit=limit)
    else:
        head = w("cli.fit.empty", model=who)
    lines = [*_wrapped(head), *_wrapped("  " + w("cli.fit.measured_with", how=_how(request, w)))]
    if total.chunks:
        longest = "  " + w("cli.fit.longest", tokens=w.count(total.longest, "tokens"))
        if len(fits) == 1:  # the one document is the corpus
            return [*lines, longest]
        cut = sorted(
            (item for item in zip(paths, fits, strict=True) if item[1].tokens_cut),
            key=lambda item: -item[1].tokens_cut,
        )
        named = [
            w("cli.fit.named_document", path=_shown(path),
              chunks=w.count(fit.over_limit, "chunks"), tokens=w.count(fit.tokens_cut, "tokens"))
            for path, fit in cut[:NAMED_DOCUMENTS]
        ]  # fmt: skip
        lines.append(longest)
        if named:
            lines += _wrapped("  " + w("cli.fit.most_cut", documents="; ".join(named)))
    return lines


def _wrapped(text: str) -> list[str]:
    """``text`` cut at spaces into lines of at most :data:`WIDTH` characters (a word longer
    than that, a long path, stays whole), each after the first indented four spaces more."""
    indent = " " * (len(text) - len(text.lstrip(" ")) + 4)
    return textwrap.wrap(
        text, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )


def fit_report(request: FitRequest, paths: list[str], fits: list[ChunkFit]) -> dict[str, object]:
    """The ``"model_fit"`` object of the JSON: how the chunks were measured, their figures in
    all, and each document's; or ``measured: false`` and why."""
    report: dict[str, object] = {
        "measured": request.measured,
        "model": request.model or None,
        "max_input_tokens": request.limit,
        "added_tokens": request.added,
        "chunks_of": request.splitter,
        "split_with": request.encoding,
    }
    if not request.measured:
        return report | {"reason": reason_text(request, english())}
    from .._splitters._model_fit import add_fits  # noqa: PLC0415 (as above)

    total = add_fits(fits)
    return report | {
        "tokenizer": request.tokenizer,
        "tokenizer_is": request.relation,
        "splitters_own": request.splitters_own,
        **_figures(total),
        "documents": [
            {"path": path, **_figures(fit)} for path, fit in zip(paths, fits, strict=True)
        ],
    }


def _figures(fit: ChunkFit) -> dict[str, int]:
    return {
        "chunks": fit.chunks,
        "chunks_over_limit": fit.over_limit,
        "tokens_cut": fit.tokens_cut,
        "longest_chunk": fit.longest,
        "model_tokens": fit.model_tokens,
    }
