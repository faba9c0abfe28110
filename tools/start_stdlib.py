"""Run by Pyodide under Node (start_stdlib.mjs): write the start-up zip, the part of the
compiled standard library a first visit needs, and check it.

    make <whole zip> <calculator dir> <lazy module> <start zip out> <mounted as>
    check <calculator sources> <mounted as>

`make` runs in a Pyodide booted from the whole compiled zip, after the calculator has been
imported and has answered once: the start-up zip holds every stdlib module then in
sys.modules, every module the loaded calculator modules import (also inside functions), the
whole calculator compiled like the stdlib, lazy_stdlib.py and the list of the whole zip's
modules that it reads.  `check` runs in a fresh Pyodide booted from the start-up zip alone
(no lazy path): `import calculator`, answering, and every import the loaded calculator
modules name must not need more.  (The command line, calculator._cli, is no page's: its
argparse would come by the lazy path if a page ever imported it.)
"""

import ast
import importlib
import json
import sys
import zipfile
from pathlib import Path

from compile_stdlib import compiled, write_stored

NAMES_FILE = "_lazy_stdlib_modules.txt"
LAZY_MODULE = "_lazy_stdlib"


def calculator_modules(package: Path) -> list[str]:
    return sorted("calculator" if path.stem == "__init__" else f"calculator.{path.stem}"
                  for path in package.glob("*.py") if path.stem != "__main__")


def loaded_calculator_modules(package: Path) -> list[Path]:
    """The files of the calculator modules `import calculator` has loaded (not its command
    line, which a page never runs)."""
    return sorted(package / ("__init__.py" if name == "calculator" else f"{name[11:]}.py")
                  for name in calculator_modules(package) if name in sys.modules)


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
    for request in ({"fields": dict(calculator.DEFAULT_FIELDS)},
                    {"query": "?tokens=8.000&chunk_size=512&overlap=64&dimensions=384"}):
        calculator.respond(json.dumps({**request, "number_format": {"group": ".", "decimal": ","}}))


def import_everything(package: Path) -> None:
    first_answer()
    for name in sorted(imported_names(package)):
        importlib.import_module(name)


def module_names(whole: zipfile.ZipFile) -> list[str]:
    names = []
    for entry in whole.namelist():
        if entry.endswith(".pyc"):
            dotted = entry.removesuffix(".pyc").replace("/", ".")
            names.append(dotted.removesuffix(".__init__"))
    return sorted(names)


def make(whole_zip: str, package_dir: str, lazy_module: str, target: str, mounted_as: str) -> None:
    package = Path(package_dir)
    import_everything(package)
    loaded = list(sys.modules.values())  # before this script's own reading of zips
    prefix = mounted_as + "/"
    with zipfile.ZipFile(whole_zip) as whole:
        held = set(whole.namelist())
        entries = {}
        for module in loaded:
            origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
            if origin.startswith(prefix):
                name = origin.removeprefix(prefix)
                parts = name.split("/")
                for depth in range(1, len(parts)):  # the packages' directory entries
                    directory = "/".join(parts[:depth]) + "/"
                    if directory in held:
                        entries[directory] = b""
                entries[name] = whole.read(name)
        entries[NAMES_FILE] = "\n".join(module_names(whole)).encode() + b"\n"
    entries["calculator/"] = b""
    for path in sorted(package.glob("*.py")):
        entries[f"calculator/{path.name}c"] = compiled(path.read_bytes(),
                                                       f"{prefix}calculator/{path.name}")
    lazy = Path(lazy_module).read_bytes()
    entries[f"{LAZY_MODULE}.pyc"] = compiled(lazy, f"{prefix}{LAZY_MODULE}.py")
    write_stored(target, entries)


def check(package_dir: str, mounted_as: str) -> None:
    import_everything(Path(package_dir))
    importlib.import_module(LAZY_MODULE)
    origin = sys.modules["calculator"].__spec__.origin
    if not origin.startswith(mounted_as + "/"):
        raise ImportError(f"calculator was imported from {origin}, not from the start-up zip")


if __name__ == "__main__":
    command, *arguments = sys.argv[1:]
    {"make": make, "check": check}[command](*arguments)
