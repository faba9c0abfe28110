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
# start, so the preloads do not follow it).
STATIC_IMPORT = re.compile(r'^(?:import|export)\b[^;"]*?(?:\bfrom\s+)?"\./([\w.-]+\.js)";', re.M)
# An import() of a module beside the importing one, which loads it on first use.
DYNAMIC_IMPORT = re.compile(r'\bimport\("\./([\w.-]+\.js)"\)')
# The page's module scripts, as web/page.html.j2 writes their tags.
MODULE_SCRIPT = re.compile(r'<script type="module"[^>]*\ssrc="\{\{ assets \}\}([\w.-]+\.js)"')


def module_scripts(template: str) -> list[str]:
    """The module scripts a page template loads, in its order.

    >>> module_scripts('<script type="module" async src="{{ assets }}boot.js"></script>')
    ['boot.js']
    """
    return MODULE_SCRIPT.findall(template)


def imports_of(source: str, *, dynamic: bool = False) -> list[str]:
    """The modules beside it that a module imports, in order; with `dynamic`, then those it
    imports on first use.

    >>> source = 'import { a } from "./a.js";\\nexport { b } from "./b.js";\\nimport("./c.js");'
    >>> imports_of(source), imports_of(source, dynamic=True)
    (['a.js', 'b.js'], ['a.js', 'b.js', 'c.js'])
    >>> imports_of('import { x } from "../pyodide/pyodide.mjs";\\nconst u = "./d.js";')
    []
    """
    found = STATIC_IMPORT.findall(source)
    return found + DYNAMIC_IMPORT.findall(source) if dynamic else found


def imported_modules(
    entries: Iterable[str],
    scripts: Path,
    *,
    dynamic: bool = False,
    beyond: Iterable[str] = (),
) -> list[str]:
    """Every module in `scripts` that `entries` import (with `dynamic`, on first use too),
    directly or not, but not the entries themselves, and neither listing nor following the
    modules `beyond`: in the order they are first met, so the list is the same in every
    build.  A name with no file in `scripts` is no module there."""
    entries = list(entries)
    seen = {*entries, *beyond}
    found: list[str] = []
    queue = list(entries)
    while queue:
        source = (scripts / queue.pop(0)).read_text(encoding="utf-8")
        for name in imports_of(source, dynamic=dynamic):
            if name not in seen and (scripts / name).is_file():
                seen.add(name)
                found.append(name)
                queue.append(name)
    return found


def page_preloads(assets: Path) -> list[str]:
    """The modules in the built `assets` that web/page.html.j2's module scripts import, to
    preload beside them."""
    template = (WEB / "page.html.j2").read_text(encoding="utf-8")
    return imported_modules(module_scripts(template), assets)
