"""Versioned directories: every file a page loads (except the pages, the service worker and
the wheel, whose addresses are public) lives in a top-level directory named after a hash of
its contents, "<name>-<12 hex digits>/".  Under such an address the content never changes,
so hosts may let browsers keep it for a year without asking again, and a page can never
get a file of another build."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import NamedTuple

from site_build.project import (
    CALCULATOR_ZIP,
    PYODIDE_VERSION,
    SNAPSHOT_NAME,
    START_STDLIB,
    BuildError,
    sha256_of,
)

VERSIONED_DIRECTORY = re.compile(r"[a-z][a-z0-9.-]*-[0-9a-f]{12}")
IMMUTABLE_CACHING = "public, max-age=31536000, immutable"


class Layout(NamedTuple):
    """Where a build put its versioned directories, relative to dist/."""

    assets: str  # "assets-<hash>/": our scripts and styles, and the build manifest
    runtime: str  # "pyodide-<version>-<hash>/": Pyodide's runtime, our compiled stdlib
    snapshot: str  # "snapshot-<hash>/python-snapshot.bin"
    # "start-<hash>/python_stdlib_start.zip": apart from the runtime, as it holds the
    # calculator: an update of the calculator leaves the runtime's directory as it was.
    start: str
    # "start-<hash>/python_calculator.zip": the calculator's zip, which every start adds once
    # Python has started (tools/start_stdlib.py).
    calculator: str
    # "tokens-<hash>/": the tokenizer's code and ranks, loaded only when a page counts text.
    tokens: str


def content_hash(directory: Path) -> str:
    """12 hex digits of a hash of every file's path and contents under `directory`."""
    digest = hashlib.sha256()
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            digest.update(f"{path.relative_to(directory).as_posix()}\0{sha256_of(path)}\n".encode())
    return digest.hexdigest()[:12]


def versioned(directory: Path) -> str:
    """Rename the finished `directory` to "<its name>-<hash of its contents>"; its new name
    with a slash, as pages address it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     (Path(folder) / "assets").mkdir()
    ...     _ = (Path(folder) / "assets" / "app.js").write_text("1")
    ...     name = versioned(Path(folder) / "assets")
    ...     name, (Path(folder) / name / "app.js").read_text()
    ('assets-f147c61b9959/', '1')
    """
    target = directory.with_name(f"{directory.name}-{content_hash(directory)}")
    directory.rename(target)
    assert VERSIONED_DIRECTORY.fullmatch(target.name)
    return f"{target.name}/"


def layout_of(dist: Path) -> Layout:
    """The layout of a finished build, found from its directories' names."""

    def only(pattern: str) -> str:
        found = [path.name for path in dist.glob(pattern)]
        if len(found) != 1:
            raise BuildError(f"{dist} holds {len(found)} directories {pattern}, not one")
        return f"{found[0]}/"

    return Layout(
        assets=only("assets-*"),
        runtime=only(f"pyodide-{PYODIDE_VERSION}-*"),
        snapshot=only("snapshot-*") + SNAPSHOT_NAME,
        start=only("start-*") + START_STDLIB,
        calculator=only("start-*") + CALCULATOR_ZIP,
        tokens=only("tokens-*"),
    )


def is_versioned(url_path: str) -> bool:
    """Whether a URL path lies in a versioned directory (the site may sit under a sub-path).

    >>> is_versioned("/docs/assets-0123456789ab/app.js"), is_versioned("/docs/en/")
    (True, False)
    """
    return any(VERSIONED_DIRECTORY.fullmatch(part) for part in url_path.split("/")[:-1])
