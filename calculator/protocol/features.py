"""The page's features beside its answer, as the calculator's worker calls them: counting a
visitor's text in tokens, splitting it as a splitter cuts it, the sample's figures and
retrieval measured on it (web/worker/count-worker.js, split-again.js, evaluate.js).  These and
``respond`` are all the Python the worker calls.

The features' code ships in zips of its own, fetched by the worker on first use
(``tokenizer.zip``, ``splitters.zip``, ``retrieval.zip``: site_build/token_ranks.py), and put
on the package's path by :func:`attach`; each function imports its module when it is first
called.  The worker imports this module on its first count, never at start.

Requests and answers travel as plain values, the objects a count, a split or an evaluation
under way (the worker steps them) and JSON texts, all typed in
``calculator.protocol._feature_types``, from which tools/answer_types.py writes
web/types/features.d.ts for the worker's checks.
"""

from __future__ import annotations

# The page's Python never imports typing at start (see calculator.protocol); the types are for
# the checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Annotated

    from .._splitters._page import Splitting
    from .._tokens._page import Counting
    from ._feature_types import (
        ChunkLengths,
        EvaluationRun,
        JsonOf,
        ReindexChange,
        SampleFigures,
        TokenCounting,
        TokenizerLoaded,
        TokenSplitting,
    )

__all__ = [
    "attach",
    "describe_sample",
    "fit_lengths",
    "forget_tokenizer",
    "load_encoding",
    "load_tokenizer",
    "split_change",
    "start_evaluation",
    "start_file",
    "start_split",
    "start_text",
    "use_wordllama",
    "wordllama_loaded",
]


def attach(zip_path: str) -> None:
    """Put the calculator's modules in the zip the worker wrote at ``zip_path`` (its
    ``calculator/`` folder: the tokenizer's, the splitters' or the evaluation's) on the
    package's path, once."""
    from .. import __path__ as package_path  # noqa: PLC0415 (the package itself)

    folder = f"{zip_path}/calculator"
    if folder not in package_path:
        package_path.append(folder)


# Counting (tokenizer.zip)


def load_encoding(encoding: str, ranks_path: str) -> None:
    """Load the built-in counter ``encoding`` from its converted data, the file the worker
    wrote at ``ranks_path`` (once per encoding)."""
    from .._tokens import _page  # noqa: PLC0415 (tokenizer.zip, attached on first use)

    _page.load(encoding, ranks_path)


def load_tokenizer(name: str, text: str) -> Annotated[str, JsonOf(TokenizerLoaded)]:
    """Keep the tokenizer of a tokenizer.json's ``text`` as the encoding ``name`` until
    :func:`forget_tokenizer`: its name, or why it cannot count."""
    from .._tokens import _page  # noqa: PLC0415 (as above)

    return _page.load_tokenizer(name, text)


def forget_tokenizer(name: str) -> None:
    """Drop the tokenizer.json kept as ``name``."""
    from .._tokens import _page  # noqa: PLC0415 (as above)

    _page.forget_tokenizer(name)


def start_text(encoding: str, text: str) -> TokenCounting:
    """The counting of text pasted into the page, a slice a step."""
    from .._tokens import _page  # noqa: PLC0415 (as above)

    return _page.start_text(encoding, text)


def start_file(encoding: str, path: str, suffix: str) -> TokenCounting:
    """The counting of a file the worker wrote at ``path``, read as one named with
    ``suffix`` (as the command line reads it)."""
    from .._tokens import _page  # noqa: PLC0415 (as above)

    return _page.start_file(encoding, path, suffix)


# Splitting (splitters.zip, after tokenizer.zip)


def start_split(  # noqa: PLR0917 (the worker calls it positionally)
    splitter: str,
    encoding: str,
    counting: TokenCounting,
    chunk_size: str,
    overlap: str,
    keep: bool = False,
) -> TokenSplitting:
    """The splitting of a counted document by ``splitter``, a bounded amount of work a step;
    ``keep``: with its chunks' texts, for :func:`split_change` and :func:`fit_lengths`."""
    from .._splitters import _page  # noqa: PLC0415 (splitters.zip, attached on first use)

    return _page.start(splitter, encoding, _counted(counting), chunk_size, overlap, keep)


def split_change(
    old: TokenSplitting, again: TokenSplitting
) -> Annotated[str, JsonOf(ReindexChange)]:
    """What splitting a document ``again`` changes (both kept their chunks' texts): a
    ReindexPlan's fields in its order, or null where either stopped on an error."""
    from .._splitters import _page  # noqa: PLC0415 (as above)

    return _page.change(_split(old), _split(again))


def fit_lengths(cut: TokenSplitting, tokenizer: str) -> Annotated[str, JsonOf(ChunkLengths)]:
    """Each chunk of ``cut`` (which kept its texts) counted by the loaded counter
    ``tokenizer``, the model's own; null where the split stopped on an error."""
    from .._splitters import _page  # noqa: PLC0415 (as above)

    return _page.fit_lengths(_split(cut), tokenizer)


# The sample's figures (the calculator's own zip)


def describe_sample(request: str) -> Annotated[str, JsonOf(SampleFigures)]:
    """The figures of a counted sample for the page (``calculator.protocol._sample.describe``:
    the request and the answer are JSON text)."""
    from ._sample import describe  # noqa: PLC0415 (only a page that counted text asks)

    return describe(request)


# Evaluation (retrieval.zip, after tokenizer.zip and splitters.zip)


def start_evaluation(request: str) -> EvaluationRun:
    """A new evaluation of retrieval (``request``: an EvaluationRequest's JSON text); the
    worker then adds the counted documents, reads the questions and steps it."""
    from .._retrieval import _page  # noqa: PLC0415 (retrieval.zip, attached on first use)

    return _page.start(request)


def use_wordllama(table_path: str, tokenizer_path: str, columns: int) -> None:
    """Load WordLlama from the files the worker wrote: its table of ``columns`` dimensions
    and its tokenizer.json (one model a page)."""
    from .._retrieval import _page  # noqa: PLC0415 (as above)

    _page.use_wordllama(table_path, tokenizer_path, columns)


def wordllama_loaded(columns: int) -> bool:
    """Whether WordLlama of ``columns`` dimensions is loaded."""
    from .._retrieval import _page  # noqa: PLC0415 (as above)

    return _page.wordllama_loaded(columns)


def _counted(counting: TokenCounting) -> Counting:
    """``counting`` as the tokenizer's own object (one of :func:`start_text`'s or
    :func:`start_file`'s), or a TypeError."""
    from .._tokens import _page  # noqa: PLC0415 (as above)

    if not isinstance(counting, _page.Counting):
        raise TypeError(f"not a counting of start_text or start_file: {counting!r}")
    return counting


def _split(splitting: TokenSplitting) -> Splitting:
    """``splitting`` as the splitters' own object (one of :func:`start_split`'s), or a
    TypeError."""
    from .._splitters import _page  # noqa: PLC0415 (as above)

    if not isinstance(splitting, _page.Splitting):
        raise TypeError(f"not a splitting of start_split: {splitting!r}")
    return splitting
