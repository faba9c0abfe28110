"""The page's JavaScript modules: which ones its module scripts import, so that the page can
preload them all at once instead of the browser finding them one import level at a time.
Read from the built assets (site_build/bundle.py): the bundles and the files they share."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from site_build.project import WEB

# A static import or re-export of a module beside the importing one: `from "./x.js"`, or
# `import "./x.js"` (a dynamic import() or a type's import("…") in a comment is no hop of the
# start, so it is not followed).
STATIC_IMPORT = re.compile(r'^(?:import|export)\b[^;"]*?(?:\bfrom\s+)?"\./([\w.-]+\.js)";', re.M)
# The page's module scripts, as web/page.html.j2 writes their tags.
MODULE_SCRIPT = re.compile(r'<script type="module"[^>]*\ssrc="\{\{ assets \}\}([\w.-]+\.js)"')


def module_scripts(template: str) -> list[str]:
    """The module scripts a page template loads, in its order.

    >>> module_scripts('<script type="module" async src="{{ assets }}boot.js"></script>')
    ['boot.js']
    """
    return MODULE_SCRIPT.findall(template)


def imported_modules(entries: Iterable[str], scripts: Path) -> list[str]:
    """Every module in `scripts` that `entries` import, directly or not, but not the entries
    themselves: in the order they are first met, so the list is the same in every build."""
    entries = list(entries)
    seen = set(entries)
    found: list[str] = []
    queue = list(entries)
    while queue:
        source = (scripts / queue.pop(0)).read_text(encoding="utf-8")
        for name in STATIC_IMPORT.findall(source):
            if name not in seen:
                seen.add(name)
                found.append(name)
                queue.append(name)
    return found


def page_preloads(assets: Path) -> list[str]:
    """The modules in the built `assets` that web/page.html.j2's module scripts import, to
    preload beside them."""
    template = (WEB / "page.html.j2").read_text(encoding="utf-8")
    return imported_modules(module_scripts(template), assets)
