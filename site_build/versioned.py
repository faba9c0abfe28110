"""Versioned directories: every file a page loads (except the pages, the service worker and
the wheel, whose addresses are public) lives in a top-level directory named after a hash of
its contents, "<name>-<12 hex digits>/".  Under such an address the content never changes,
so hosts may let browsers keep it for a year without asking again, and a page can never
get a file of another build."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from site_build.project import sha256_of

VERSIONED_DIRECTORY = re.compile(r"[a-z][a-z0-9.-]*-[0-9a-f]{12}")
IMMUTABLE_CACHING = "public, max-age=31536000, immutable"


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


def is_versioned(url_path: str) -> bool:
    """Whether a URL path lies in a versioned directory (the site may sit under a sub-path).

    >>> is_versioned("/docs/assets-0123456789ab/app.js"), is_versioned("/docs/en/")
    (True, False)
    """
    return any(VERSIONED_DIRECTORY.fullmatch(part) for part in url_path.split("/")[:-1])
