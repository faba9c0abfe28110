"""Run by Pyodide under Node (start_stdlib.mjs): write the start-up zip and the calculator's
zip, the parts of the compiled standard library a first visit needs, and check them.

    make <whole zip> <calculator dir> <lazy module> <start zip out> <calculator zip out>
         <start zip mounted as> <calculator zip mounted as>
    check <calculator sources> <calculator zip mounted as>

`make` runs in a Pyodide booted from the whole compiled zip, after the calculator has been
imported and has answered once.  The start-up zip holds the stdlib modules Pyodide's own start
imported.  The calculator's zip holds the rest of what a page needs: every other stdlib
module then in sys.modules (with what formatting a traceback imports: Pyodide formats every
Python error that reaches JavaScript), every module the loaded calculator modules import
(also inside functions), the calculator compiled like the stdlib but the files no page
imports (its command line with its texts, and the answer's types), lazy_stdlib.py and the
list of the whole zip's modules that it reads.  Python's start never reads the second zip, so
a first visit fetches it once the wasm has come, while Python starts, instead of sharing the
link with the wasm.

`check` runs in a fresh Pyodide booted from the start-up zip alone (no lazy path), with the
calculator's zip added to sys.path as the worker adds it: `import calculator`, answering,
formatting a traceback and every import the loaded calculator modules name must not need
more.  Both read the calculator from the unpacked wheel's directory: unpacking it in Pyodide
would import zipfile, which no page needs before its first answer.

The stdlib modules keep one line number per function, its first (co_firstlineno): a
traceback still names the file, the function and where it starts, and the line tables,
a sixth of the zip as brotli, stay out of a first visit.  The calculator's modules are
cut the same way (a page shows no traceback; the command line and the tests run the
sources, with every line).  The whole zip, for everything else, keeps them.
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
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    import zipfile

NAMES_FILE = "_lazy_stdlib_modules.txt"
LAZY_MODULE = "_lazy_stdlib"
# Files no page imports: the command line and its English texts, and the answer's types
# (read by the type checkers only).  A module imported by a loaded one would fail `check`.
NOT_ON_PAGE = ("_cli.py", "__main__.py", "_lifecycle_text.py", "_answer.py")
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


def calculator_modules(package: Path) -> list[str]:
    return sorted(
        "calculator" if path.stem == "__init__" else f"calculator.{path.stem}"
        for path in package.glob("*.py")
        if path.stem != "__main__"
    )


def loaded_calculator_modules(package: Path) -> list[Path]:
    """The files of the calculator modules `import calculator` has loaded (not its command
    line, which a page never runs)."""
    return sorted(
        package / ("__init__.py" if name == "calculator" else f"{name[11:]}.py")
        for name in calculator_modules(package)
        if name in sys.modules
    )


def imported_names(package: Path) -> set[str]:
    """Every absolute module named by an import statement anywhere (also inside functions)
    in the calculator modules that `import calculator` loads."""
    names = set()
    for path in loaded_calculator_modules(package):
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return {name for name in names if name.split(".")[0] != "calculator"}


def first_answer() -> None:
    calculator = importlib.import_module("calculator")
    for request in (
        {"fields": dict(calculator.DEFAULT_FIELDS)},
        {"query": "?tokens=8.000&chunk_size=512&overlap=64&dimensions=384"},
    ):
        calculator.respond(json.dumps({**request, "number_format": {"group": ".", "decimal": ","}}))


def import_everything(package: Path) -> None:
    first_answer()
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
    lazy_module: str,
    start_target: str,
    calculator_target: str,
    mounted_as: str,
    calculator_mounted_as: str,
) -> None:
    package = Path(package_dir)
    sys.path.insert(0, str(package.parent))
    import_everything(package)
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
        rest = [module for name, module in modules if not for_start(name)]
        entries = compiled_entries(whole, rest, prefix)
        entries[NAMES_FILE] = "\n".join(module_names(whole)).encode() + b"\n"
    write_stored(start_target, start)
    calculator_prefix = calculator_mounted_as + "/"
    entries["calculator/"] = b""
    for path in sorted(package.glob("*.py")):
        if path.name not in NOT_ON_PAGE:
            entries[f"calculator/{path.name}c"] = without_line_tables(
                compiled(path.read_bytes(), f"{calculator_prefix}calculator/{path.name}")
            )
    lazy = Path(lazy_module).read_bytes()
    entries[f"{LAZY_MODULE}.pyc"] = compiled(lazy, f"{calculator_prefix}{LAZY_MODULE}.py")
    write_stored(calculator_target, entries)


def tracebacks_work() -> None:
    """Pyodide formats every Python error for JavaScript with `traceback`, also through
    the code whose line tables were cut."""
    try:
        json.loads("{")
    except ValueError:
        text = traceback.format_exc()
        if "json/decoder.py" not in text:
            raise ImportError(f"a traceback without the stdlib's frames:\n{text}") from None


def check(package_dir: str, calculator_mounted_as: str) -> None:
    import_everything(Path(package_dir))
    tracebacks_work()
    importlib.import_module(LAZY_MODULE)
    origin = sys.modules["calculator"].__spec__.origin
    if not origin.startswith(calculator_mounted_as + "/"):
        raise ImportError(f"calculator was imported from {origin}, not from the calculator's zip")


if __name__ == "__main__":
    command, *arguments = sys.argv[1:]
    {"make": make, "check": check}[command](*arguments)
