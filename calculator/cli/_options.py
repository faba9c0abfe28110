"""The command line's options: each fills a field of the page's form, with its default."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn

from .._documents import CHUNKERS
from .._encodings import COUNTERS
from .._retrievers import RETRIEVERS, WORDLLAMA_DIMS
from ..protocol._fields import FIELDS
from ._field_options import add_field_options, flag
from ._words import LANGUAGES

EXIT_BAD_INPUT = 2
EXIT_SOME_FILES_NOT_COUNTED = 1
# Where the ranks are: inside an installed package (its wheel carries them,
# site_build/wheel_ranks.py), else where `python3 build.py ranks` puts them in a checkout.
PACKAGED_RANKS = Path(__file__).resolve().parents[1] / "_tokens" / "ranks"
CHECKOUT_RANKS = Path(__file__).resolve().parents[2] / ".cache" / "token-ranks"
RANKS_DIR = PACKAGED_RANKS if PACKAGED_RANKS.is_dir() else CHECKOUT_RANKS
PROGRAM = "python3 -m calculator"


class _OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage mistake in one line, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def _default(name: str) -> str:
    """The command line's default of field ``name``, as its declaration gives it."""
    return FIELDS[name].command_line_default


def _parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog=PROGRAM,
        description="Exact chunk count, tokens processed and raw vector size of one token stream.",
    )
    add_field_options(parser)
    counting = parser.add_argument_group(
        "counting your own text (each file is one document, or each record of a dataset)"
    )
    counting.add_argument(
        "--count", nargs="+", metavar="PATH", help="UTF-8 text files and folders of them"
    )
    counting.add_argument(
        "--text-field",
        "--text-column",
        dest="text_field",
        metavar="NAME",
        help="read datasets: a .jsonl, .ndjson, .csv, .tsv or .parquet file (all but Parquet"
        " also .gz or .zst) is a document a record, its text this field (a dotted path such as"
        " meta.body in JSONL) or column; other files stay one document each (docs/datasets.md)",
    )
    counting.add_argument(
        "--id-field",
        "--id-column",
        dest="id_field",
        metavar="NAME",
        help="name each record's document by this field or column (default: file:line, or"
        " file:row in Parquet)",
    )
    counting.add_argument(
        "--encoding", choices=COUNTERS, help=f"default: --model's tokenizer, else {COUNTERS[0]}"
    )
    counting.add_argument(
        "--tokenizer", metavar="FILE", help="a Hugging Face tokenizer.json (instead of --encoding)"
    )
    counting.add_argument(
        "--model-tokenizer",
        metavar="NAME|FILE",
        help="the embedding model's own tokenizer (a built-in name or a tokenizer.json), to"
        " measure every chunk as the model sees it; default: --model's, when built in",
    )
    counting.add_argument(
        "--ranks", metavar="DIR", default=str(RANKS_DIR), help="folder of the token ranks"
    )
    counting.add_argument(
        "--pure-python",
        action="store_true",
        help="count OpenAI's encodings with this package's own tokenizer (as the page counts)"
        " even where tiktoken is installed (the same counts, faster)",
    )
    counting.add_argument(
        "--splitter",
        choices=CHUNKERS,
        default=CHUNKERS[0],
        help="split each file as LangChain's recursive (or Markdown) splitter or LlamaIndex's"
        " sentence splitter does; default: the window model",
    )
    evaluation = parser.add_argument_group(
        "measuring retrieval on your sample (the --count files are its documents)"
    )
    evaluation.add_argument(
        "--evaluate",
        metavar="FILE",
        help="questions with the excerpts that answer them (JSONL or CSV; docs/evaluation.md):"
        " every measure of the plan's setting, or of each trade-off setting with --tradeoff,"
        " retrieving --top-k chunks (default " + FIELDS["top_k"].default + ")",
    )
    evaluation.add_argument(
        "--retriever",
        choices=RETRIEVERS,
        default=RETRIEVERS[0],
        help=f"who retrieves the chunks; default {RETRIEVERS[0]}",
    )
    evaluation.add_argument(
        "--wordllama-dimensions",
        type=int,
        choices=WORDLLAMA_DIMS,
        default=WORDLLAMA_DIMS[-1],
        help=f"WordLlama's Matryoshka dimensions; default {WORDLLAMA_DIMS[-1]}",
    )
    dask = parser.add_argument_group(
        "counting on a Dask cluster (pip install 'rag-chunk-planner[dask]'; docs/dask.md)"
    )
    dask.add_argument(
        "--dask",
        action="store_true",
        help="count and split as Dask tasks (a batch of files or a part of a dataset each) on a"
        " local cluster of this machine's cores: the same plan as without",
    )
    dask.add_argument(
        "--dask-workers", type=int, metavar="N", help="the local cluster's workers (processes)"
    )
    dask.add_argument(
        "--dask-scheduler",
        metavar="ADDRESS",
        help="use the running cluster whose scheduler is at ADDRESS (tcp://host:8786); its"
        " workers need this package installed and the files at the same paths",
    )
    parser.add_argument(
        "--tradeoff",
        action="store_true",
        help="the corpus across chunk sizes 128-2048 and overlaps 0-50%% (and the current one)",
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=LANGUAGES[0],
        help="the language of the summary, the Markdown and the CSV, as the page's catalogs"
        " word them (--json stays English); default %(default)s",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object")
    output.add_argument("--markdown", action="store_true", help="print Markdown tables")
    output.add_argument(
        "--csv", action="store_true", help="print the trade-off as CSV, the plan's row marked"
    )
    return parser


# The storage flags: each sizes something per vector, so each needs --dimensions.
_STORAGE_OPTIONS = tuple(name for name, field in FIELDS.items() if field.home == "storage")


def _check_combinations(parser: argparse.ArgumentParser, options: argparse.Namespace) -> None:
    """Refuse re-indexing flags that ask two different questions at once."""
    documents = options.documents or options.average_tokens or options.document_tokens
    if options.tokens is None and not (options.count or documents):
        parser.error("the following arguments are required: --tokens (or --count, or documents)")
    if options.evaluate is not None and not options.count:
        parser.error("argument --evaluate: the excerpts are found in the counted files;"
                     " needs --count")  # fmt: skip
    _check_sources(parser, options)
    if options.splitter != "window" and not options.count:
        parser.error("argument --splitter: splits the counted files; needs --count")
    if options.count and (documents or options.changed_documents is not None):
        parser.error("argument --count: the counted files are the documents; not allowed"
                     " with --documents, --average-tokens, --document-tokens"
                     " or --changed-documents")  # fmt: skip
    split = options.new_chunk_size is not None or options.new_overlap is not None
    edit = options.edit_at is not None or options.edit_tokens is not None
    if split and edit:
        parser.error("argument --edit-at/--edit-tokens: not allowed with --new-chunk-size/"
                     "--new-overlap (plan one change at a time)")  # fmt: skip
    if options.changed_documents is not None and split:
        parser.error("argument --changed-documents: not allowed with --new-chunk-size/"
                     "--new-overlap (a new split changes every document)")  # fmt: skip
    if options.changed_documents is not None and options.document_tokens is not None:
        parser.error("argument --changed-documents: needs --documents and --average-tokens,"
                     " not --document-tokens")  # fmt: skip
    # A database's own flags: each under its field's conditions, as the page shows it.
    for name in ("index_kind", "lists", "on_disk"):
        if getattr(options, name) is None:
            continue
        for chooser, value in reversed(FIELDS[name].conditions):
            if (getattr(options, chooser) or FIELDS[chooser].default) != value:
                parser.error(f"argument {_flag(name)}: only with {_flag(chooser)} {value}")


def _check_sources(parser: argparse.ArgumentParser, options: argparse.Namespace) -> None:
    """Refuse the datasets' and Dask's options where they ask nothing."""
    given = [
        flag
        for flag, value in (
            ("--text-field", options.text_field is not None),
            ("--id-field", options.id_field is not None),
            ("--dask", options.dask),
            ("--dask-workers", options.dask_workers is not None),
            ("--dask-scheduler", options.dask_scheduler),
        )
        if value
    ]
    if given and not options.count:
        parser.error(f"argument {given[0]}: reads what --count names; needs --count")
    for option, value in (("--text-field", options.text_field), ("--id-field", options.id_field)):
        if value is not None and not value.strip():
            parser.error(f"argument {option}: names a field; empty")
    if options.id_field is not None and not options.text_field:
        parser.error("argument --id-field: names dataset records; needs --text-field")
    if options.dask_workers is not None and options.dask_workers < 1:
        parser.error("argument --dask-workers: at least 1")
    if options.dask_workers is not None and options.dask_scheduler is not None:
        parser.error("argument --dask-workers: not allowed with --dask-scheduler (its cluster"
                     " has its own workers)")  # fmt: skip
    # A cluster's workers or its scheduler: counted on Dask.
    options.dask = options.dask or options.dask_workers is not None or bool(options.dask_scheduler)
    if options.evaluate is not None and options.text_field:
        parser.error("argument --evaluate: finds the excerpts in files; not allowed with"
                     " --text-field")  # fmt: skip


#: The widest line of the readable output: a longer one goes on under its figure's column.


def _flag(field: str) -> str:
    """The option behind a form field: ``compare.1.overlap`` → ``--compare (row 2, overlap)``."""
    prefix, _, rest = field.partition(".")
    option = flag(prefix)
    if rest:
        row, _, column = rest.partition(".")
        option += f" (row {int(row) + 1}, {column})"
    return option
