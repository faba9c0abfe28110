"""Run by Pyodide under Node (start_stdlib.mjs): write the start-up zip and the app's zip, the
parts of the compiled standard library a first visit needs, and check them.

    make <whole zip> <app dir> <app> <lazy module> <start zip out> <app zip out>
         <later zip out> <start zip mounted as> <app zip mounted as>
    check <app dir> <app> <app zip mounted as> <later zip>

The app is the Python package in <app dir> (the directory's name is the package's); <app> is
a JSON object: "entry", the package's function that answers a JSON request with a JSON
answer; "first_requests" and "requests", Python expressions of the requests it answers here
(the package is imported under its name), those of a page's first answer and the others;
"not_on_page", the package's files no page imports; "data", the package's data files a page
reads.

`make` runs in a Pyodide booted from the whole compiled zip, after the app has been imported
and has answered its requests.  The start-up zip holds the stdlib modules Pyodide's own start
imported.  The app's zip holds what the app's first answers imported besides (the app's
modules and the stdlib's), lazy_stdlib.py and the list of the later zip's modules that it
reads.  Python's start never reads the app's zip, so a first visit
fetches it once the wasm has come, while Python starts, instead of sharing the link with the
wasm.  The later zip holds the rest of what a page needs, fetched after the first answer:
every other stdlib module that answering the other requests loaded, with what formatting a
traceback imports (Pyodide formats every Python error that reaches JavaScript) and every
module the loaded app modules import (also inside functions); the app's other modules but
for the files no page imports; its data files; and the list of the whole zip's modules.

`check` runs in a fresh Pyodide booted from the start-up zip alone, with the app's zip added
to sys.path as the worker adds it: importing the app and answering the first requests must
not need more (no lazy path yet: any other import fails); then, with the later zip in place
of its download, answering the others, formatting a traceback and every import the loaded
app modules name must not need the whole stdlib.  Both read the
app from the unpacked wheel's directory: unpacking it in Pyodide would import zipfile, which
no page needs before its first answer.

The stdlib modules keep one line number per function, its first (co_firstlineno): a
traceback still names the file, the function and where it starts, and the line tables,
a good part of the zip as brotli, stay out of a first visit.  The app's modules are cut the same
way (a page shows no traceback; the command line and the tests run the sources, with every
line).  The whole zip, for everything else, keeps them.
"""

import sys

# What Pyodide's start imported: this script runs first thing after it.
STARTED_WITH = frozenset(sys.modules)

import ast  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import marshal  # noqa: E402
import traceback  # noqa: E402
import types  # noqa: E402
import zipimport  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING, Any  # noqa: E402

if TYPE_CHECKING:
    import zipfile
    from collections.abc import Sequence

NAMES_FILE = "_lazy_stdlib_modules.txt"
LATER_NAMES_FILE = "_later_modules.txt"
LAZY_MODULE = "_lazy_stdlib"
# A location-table entry (Python's InternalDocs/locations.md): 1, code 13 ("no column,
# line delta follows"), length - 1 in code units (8 at most); then the delta 0 as svarint.
NO_COLUMN_ENTRY = 0x80 | 13 << 3


def one_line_per_function(code: types.CodeType) -> types.CodeType:
    """`code` and its nested functions with every instruction on their first line."""
    consts = tuple(
        one_line_per_function(const) if isinstance(const, types.CodeType) else const
        for const in code.co_consts
    )
    units = len(code.co_code) // 2
    table = bytearray()
    for start in range(0, units, 8):
        table += bytes((NO_COLUMN_ENTRY | (min(8, units - start) - 1), 0))
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def without_line_tables(pyc: bytes) -> bytes:
    """A compiled module (16-byte header, then its marshalled code) with one line a function."""
    return pyc[:16] + marshal.dumps(one_line_per_function(marshal.loads(pyc[16:])))


def app_files(package: Path, not_on_page: "Sequence[str]" = ()) -> dict[str, Path]:
    """The app's modules by dotted name: the package and each module of it and of its
    subpackages, less its __main__ and what `not_on_page` names (a file's path in the
    package, or a folder's with a trailing slash)."""
    files = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).as_posix()
        if path.stem == "__main__" or any(
            relative == left or (left.endswith("/") and relative.startswith(left))
            for left in not_on_page
        ):
            continue
        parts = [package.name, *path.relative_to(package).with_suffix("").parts]
        files[".".join(parts).removesuffix(".__init__")] = path
    return files


def loaded_app_modules(package: Path) -> list[Path]:
    """The files of the app's modules that answering has loaded (not, say, a command line,
    which a page never runs)."""
    return sorted(path for name, path in app_files(package).items() if name in sys.modules)


def imported_names(package: Path) -> set[str]:
    """Every absolute module named by an import statement anywhere (also inside functions)
    in the app's modules that answering has loaded."""
    names = set()
    for path in loaded_app_modules(package):
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return {name for name in names if name.split(".")[0] != package.name}


def answer_requests(package: Path, entry: str, requests: "Sequence[str]") -> None:
    """Import the app, and answer each request (a Python expression that may name the
    package) with its function `entry`."""
    module = importlib.import_module(package.name)
    for request in requests:
        getattr(module, entry)(json.dumps(eval(request, {package.name: module})))


def answer_first(package: Path, app: dict[str, Any]) -> None:
    answer_requests(package, app["entry"], app["first_requests"])


def import_everything(package: Path, app: dict[str, Any]) -> None:
    answer_requests(package, app["entry"], app["requests"])
    for name in sorted(imported_names(package)):
        importlib.import_module(name)


def module_names(whole: "zipfile.ZipFile") -> list[str]:
    names = []
    for entry in whole.namelist():
        if entry.endswith(".pyc"):
            dotted = entry.removesuffix(".pyc").replace("/", ".")
            names.append(dotted.removesuffix(".__init__"))
    return sorted(names)


def compiled_entries(
    whole: "zipfile.ZipFile", modules: list[types.ModuleType], prefix: str
) -> dict[str, bytes]:
    """The entries of `whole` (mounted at `prefix`) that hold `modules`, with their packages'
    directory entries, one line number a function."""
    held = set(whole.namelist())
    entries = {}
    for module in modules:
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(prefix):
            name = origin.removeprefix(prefix)
            parts = name.split("/")
            for depth in range(1, len(parts)):  # the packages' directory entries
                directory = "/".join(parts[:depth]) + "/"
                if directory in held:
                    entries[directory] = b""
            entries[name] = without_line_tables(whole.read(name))
    return entries


def for_start(name: str) -> bool:
    """Whether module `name` goes in the start-up zip: imported by Pyodide's start, or in a
    package it imported (a package finds its submodules in its own directory, its __path__,
    which lies in the start-up zip)."""
    return name in STARTED_WITH or name.split(".", maxsplit=1)[0] in STARTED_WITH


def make(  # noqa: PLR0917 (the command line's arguments, in its order)
    whole_zip: str,
    package_dir: str,
    app_json: str,
    lazy_module: str,
    start_target: str,
    app_target: str,
    later_target: str,
    mounted_as: str,
    app_mounted_as: str,
) -> None:
    package = Path(package_dir)
    app = json.loads(app_json)
    sys.path.insert(0, str(package.parent))
    answer_first(package, app)
    first = frozenset(sys.modules)
    import_everything(package, app)
    # What formatting a traceback loads (_colorize, deferred until then) is held too: Pyodide
    # formats every Python error that reaches JavaScript.
    tracebacks_work()
    loaded = dict(sys.modules)  # before this script's own reading of zips
    import zipfile  # noqa: PLC0415 (after `loaded`: no page needs it)

    from compile_stdlib import compiled, write_stored  # noqa: PLC0415 (imports zipfile)

    prefix = mounted_as + "/"
    with zipfile.ZipFile(whole_zip) as whole:
        modules = sorted(loaded.items())
        start = compiled_entries(
            whole, [module for name, module in modules if for_start(name)], prefix
        )
        rest = [(name, module) for name, module in modules if not for_start(name)]
        entries = compiled_entries(whole, [m for name, m in rest if name in first], prefix)
        later = compiled_entries(whole, [m for name, m in rest if name not in first], prefix)
        # Read only when a module is missing from both zips: no first answer needs it.
        later[NAMES_FILE] = "\n".join(module_names(whole)).encode() + b"\n"
    write_stored(start_target, start)
    app_prefix = app_mounted_as + "/"
    for dotted, path in app_files(package, app["not_on_page"]).items():
        name = path.relative_to(package.parent).as_posix()
        into = entries if dotted in first else later
        into[name.rsplit("/", 1)[0] + "/"] = b""
        into[f"{name}c"] = without_line_tables(compiled(path.read_bytes(), app_prefix + name))
    for name in app["data"]:
        later[f"{package.name}/{name}"] = (package / name).read_bytes()
    later_names = sorted(
        entry.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
        for entry in later
        if entry.endswith(".pyc")
    )
    entries[LATER_NAMES_FILE] = "\n".join(later_names).encode() + b"\n"
    lazy = Path(lazy_module).read_bytes()
    entries[f"{LAZY_MODULE}.pyc"] = compiled(lazy, f"{app_prefix}{LAZY_MODULE}.py")
    write_stored(app_target, entries)
    write_stored(later_target, later)


def tracebacks_work() -> None:
    """Pyodide formats every Python error for JavaScript with `traceback`, also through
    the code whose line tables were cut."""
    try:
        json.loads("{")
    except ValueError:
        text = traceback.format_exc()
        if "json/decoder.py" not in text:
            raise ImportError(f"a traceback without the stdlib's frames:\n{text}") from None


def check(package_dir: str, app_json: str, app_mounted_as: str, later_zip: str) -> None:
    package = Path(package_dir)
    app = json.loads(app_json)
    answer_first(package, app)
    # The later zip as the worker has it once fetched; the whole stdlib stays out of reach
    # (no address): an import only it could satisfy fails the check.
    lazy = importlib.import_module(LAZY_MODULE)
    lazy.install("", "")
    lazy.later_arrived(Path(later_zip).read_bytes())
    import_everything(package, app)
    # Each data file as a page reads it: with a loader of the later zip, which holds them.
    later = zipimport.zipimporter(lazy.LATER_PATH)
    for name in app["data"]:
        read = later.get_data(f"{lazy.LATER_PATH}/{package.name}/{name}")
        if read != (package / name).read_bytes():
            raise ImportError(f"{package.name}/{name} is not the later zip's data file")
    tracebacks_work()
    origin = sys.modules[package.name].__spec__.origin
    if not origin.startswith(app_mounted_as + "/"):
        raise ImportError(f"{package.name} was imported from {origin}, not from the app's zip")


if __name__ == "__main__":
    command, *arguments = sys.argv[1:]
    {"make": make, "check": check}[command](*arguments)
