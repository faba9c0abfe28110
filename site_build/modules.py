"""The site's JavaScript modules: where their sources are, and which ones a page's module
scripts import, so that the page can preload them all at once instead of the browser finding
them one import level at a time.

The sources sit in folders by where they run (web/page/, web/worker/, ...); the built assets
are one flat directory, so a module imports another as "./name.js" there, and every script's
file name is unique.  The preloads are read from the built assets (site_build/bundle.py): the
bundles and the files they share."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from engine.build import SCRIPT_FOLDERS as ENGINE_SCRIPT_FOLDERS
from site_build.project import TEMPLATES, WEB, BuildError

# A static import or re-export of a module beside the importing one: `from "./x.js"`, or
# `import "./x.js"` (a dynamic import() or a type's import("…") in a comment is no hop of the
# start, so the preloads do not follow it).
# Minified bundles hold several statements on a line: `import{a as b}from"./x.js";import"./y.js";`.
STATIC_IMPORT = re.compile(
    r'(?:^|(?<=;))[ \t]*(?:import|export)\b[^;"(]*?(?:\bfrom\s*)?"\./([\w.-]+\.js)"', re.M
)
# An import() of a module beside the importing one, which loads it on first use.
DYNAMIC_IMPORT = re.compile(r'\bimport\("\./([\w.-]+\.js)"\)')
# An import of a module in the sources, by its path from the importing one: `from "../x/y.js"`,
# `import "./y.js"` or `import("./x/y.js")`; group 2 is the path.
SOURCE_IMPORT = re.compile(
    r'((?:^(?:import|export)\b[^;"]*?(?:\bfrom\s+)?|\bimport\()")(\.\.?/[\w./-]*?\.js)(")', re.M
)
# The folders of the scripts the site ships: web/'s and the engine's for the page and the
# worker (the engine writes its service worker itself, beside the pages).
SCRIPT_FOLDERS = (WEB, *ENGINE_SCRIPT_FOLDERS)
# The page's module scripts, as web/templates/page.html.j2 writes their tags.
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
    >>> imports_of('import{a as b}from"./a.js";import"./b.js";export{c}from"./c.js";')
    ['a.js', 'b.js', 'c.js']
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
    """The modules in the built `assets` that web/templates/page.html.j2's module scripts
    import, to preload beside them."""
    template = (TEMPLATES / "page.html.j2").read_text(encoding="utf-8")
    return imported_modules(module_scripts(template), assets)


def script_sources(folders: Iterable[Path] = SCRIPT_FOLDERS) -> dict[str, Path]:
    """Every script the site ships, by its file name, which is its name in the flat assets
    directory: two scripts of one name are an error."""
    found: dict[str, Path] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*.js")):
            if path.name in found:
                raise BuildError(f"two scripts named {path.name}: {found[path.name]} and {path}")
            found[path.name] = path
    return found


def flat_imports(source: str, path: Path, sources: dict[str, Path]) -> str:
    """`source`, the module at `path`, with every import of another of `sources` written as
    the flat assets directory has it ("./name.js"); an import by a bare "./name.js" is left
    as it is (a module the build writes, build-manifest.js).

    >>> here = Path("web/page/panels/a.js")
    >>> sources = {"a.js": here, "b.js": Path("web/page/b.js"), "c.js": Path("web/pure/c.js")}
    >>> flat_imports('import { b } from "../b.js";\\nimport("../../pure/c.js");', here, sources)
    'import { b } from "./b.js";\\nimport("./c.js");'
    """

    def flat(match: re.Match[str]) -> str:
        written = match.group(2)
        name = written.rsplit("/", 1)[-1]
        target = Path(os.path.normpath(path.parent / written))
        if written != f"./{name}" and sources.get(name) != target:
            raise BuildError(f"{path} imports {written}, which is none of the site's scripts")
        return f"{match.group(1)}./{name}{match.group(3)}"

    return SOURCE_IMPORT.sub(flat, source)
