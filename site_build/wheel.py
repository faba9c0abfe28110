"""The calculator's wheels, one source tree: the whole package (``pip install``, the command
line with its tokenizers, splitters, evaluation and ranks) built with pyproject's own PEP 517
backend, and the page's wheel made of it without what only counting, splitting and
evaluating need: what the start-up zip and the snapshot are made of, and what pages that
install it themselves (micropip) fetch."""

from __future__ import annotations

import contextlib
import importlib
import tempfile
import zipfile
from pathlib import Path

from calculator.cli._tables._cli_words import LANGUAGES as CLI_LANGUAGES
from site_build.project import ROOT, load_pyproject

# What the page's wheel leaves out of the whole one: the page loads each of them apart, from
# the build's tokens-<hash>/ directory, only when text is first counted, split or evaluated;
# and the command line's words but its default English (every visitor's browser fetches the
# wheel, whose command line plans without counting; the pages speak their own languages).
PAGE_LEFT_OUT = (
    "calculator/_tokens/",
    "calculator/_splitters/",
    "calculator/_retrieval/",
    "calculator/_sources/",
    *(f"calculator/cli/_tables/_cli_words_{language}.py" for language in CLI_LANGUAGES[1:]),
)


def build_full_wheel(target: Path) -> Path:
    """The whole package's wheel, built in-process into ``target``; its path.  The token
    ranks it carries are fetched and converted first where they are not yet."""
    from site_build.token_ranks import ensure_token_ranks  # noqa: PLC0415 (imports calculator)

    ensure_token_ranks()
    backend = importlib.import_module(load_pyproject()["build-system"]["build-backend"])
    target.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(ROOT):
        name: str = backend.build_wheel(str(target))
    return target / name


def build_wheel(dist: Path) -> str:
    """The page's wheel in dist/wheels/ (the whole wheel without ``PAGE_LEFT_OUT``); its path
    relative to dist/."""
    wheels = dist / "wheels"
    wheels.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as folder:
        whole = build_full_wheel(Path(folder))
        page_wheel(whole, wheels / whole.name)
    return f"wheels/{whole.name}"


def page_wheel(whole: Path, target: Path) -> None:
    """``whole`` without ``PAGE_LEFT_OUT`` (files and their RECORD lines), every kept entry
    as it was (its bytes, date and compression), so the same wheel gives the same bytes."""
    with zipfile.ZipFile(whole) as source, zipfile.ZipFile(target, "w") as kept:
        for entry in source.infolist():
            if entry.filename.startswith(PAGE_LEFT_OUT):
                continue
            data = source.read(entry)
            if entry.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if not line.startswith(PAGE_LEFT_OUT)).encode(
                    "utf-8"
                )
            kept.writestr(entry, data, compress_type=entry.compress_type)
