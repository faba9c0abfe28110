"""The build's privacy check: nothing we ship names another origin."""

from __future__ import annotations

import re
from pathlib import Path

from site_build.project import BuildError

# A scheme-qualified address of any host ("https://x.y", "http://localhost:8000/") or a
# protocol-relative one ("//x.y"; a dot in the host, so that a "//comment" is not one).
EXTERNAL_URL = re.compile(
    r"\b[a-z][a-z0-9+.-]*://[^\s\"'`<>)]+|//[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s\"'`<>)]*",
    re.IGNORECASE,
)
# XML namespace names look like addresses but are never fetched.
NAMESPACE_NAMES = frozenset({"http://www.w3.org/2000/svg"})


def check_no_external_urls(dist: Path, runtime: str) -> None:
    """Nothing we ship names another origin, so nothing typed can be sent there.  Our HTML,
    JS and CSS only: Pyodide's own files are held to it by the browser tests' guard."""
    found = []
    for path in sorted(dist.rglob("*")):
        if path.suffix not in {".html", ".js", ".css"} or dist / runtime in path.parents:
            continue
        for match in EXTERNAL_URL.finditer(path.read_text(encoding="utf-8")):
            if match.group() not in NAMESPACE_NAMES:
                found.append(f"{path.relative_to(dist)}: {match.group()}")
    if found:
        raise BuildError("external URLs in the site:\n" + "\n".join(found))
