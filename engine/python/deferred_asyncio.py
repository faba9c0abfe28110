"""asyncio, loaded when first used rather than at every start.

Pyodide's C core imports asyncio while it starts (only to keep the module: it looks up
`get_event_loop` and `ensure_future` when a promise is awaited), and `pyodide/__init__`
imported `pyodide.webloop` there to set its event loop up.  That is asyncio's 30 modules with
socket, ssl, subprocess, logging and concurrent.futures: a third of the start-up zip and a
tenth of Python's start, for a page that never awaits.  The compiled stdlib imports this
module first thing in `_pyodide/__init__` (compile_stdlib.py): `import asyncio` then gives a
module that loads the real asyncio package into itself at its first attribute lookup
(`asyncio.run`, `from asyncio import Future`, `import asyncio.tasks`, Pyodide's core awaiting
a promise), and then imports `pyodide.webloop`, which sets Pyodide's event loop up as it is
imported (compile_stdlib.py moved that call there from `pyodide/__init__`).  The same module
object throughout: the core keeps it.

Until then the stand-in answers the probes that scan every module (`getattr(module,
"__file__", None)`, as `inspect.getmodule` does) as a module without them, rather than
loading asyncio, and with it the whole stdlib over the network, for a question.
"""

import sys
from collections.abc import Callable
from importlib import _bootstrap  # type: ignore[attr-defined]
from importlib.machinery import ModuleSpec
from types import ModuleType

NAME = "asyncio"
# What loads the package when looked up: the package's path (a submodule's import, `from
# asyncio import x`), its public names and its listing.  Other dunder names, asked of every
# module by scans, do not.
LOADING_DUNDERS = frozenset({"__path__", "__all__"})


class _DeferredLoader:
    """Makes the stand-in; `exec_module` gives it the loading `__getattr__` and `__dir__`."""

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        look_up, listing = _loading(module)
        module.__getattr__ = look_up  # type: ignore[method-assign]
        module.__dir__ = listing  # type: ignore[method-assign]


def _real_spec() -> ModuleSpec:
    # importlib.util.find_spec would answer with the stand-in's own spec (it is in
    # sys.modules); the finders themselves know where the package is: the start-up zip,
    # or the whole stdlib by the lazy path.
    for finder in sys.meta_path:
        find_spec = getattr(finder, "find_spec", None)
        spec = find_spec(NAME, None) if find_spec else None
        if spec is not None:
            return spec
    raise ModuleNotFoundError(f"No module named {NAME!r}", name=NAME)


def _load(module: ModuleType) -> None:
    """Run the real package in `module`, with the attributes an import gives it; on failure
    the stand-in is as it was, and a later lookup tries again."""
    spec = _real_spec()
    standing_in = dict(module.__dict__)
    # Gone before the package runs: its own lookups (its submodules, names not yet set)
    # must find what it has set, not start it again.  asyncio may set its own __getattr__.
    del module.__getattr__, module.__dir__
    try:
        _bootstrap._init_module_attrs(spec, module, override=True)
        spec._initializing = True  # type: ignore[attr-defined]
        try:
            spec.loader.exec_module(module)  # type: ignore[union-attr]
        finally:
            spec._initializing = False  # type: ignore[attr-defined]
    except BaseException:
        module.__dict__.clear()
        module.__dict__.update(standing_in)
        raise
    # Imported here, not at our start: it subclasses asyncio's classes.  Being imported, it
    # sets Pyodide's event loop up; when its own import loaded asyncio (`from
    # pyodide.webloop import WebLoop` first), it finishes that itself.
    import pyodide.webloop  # noqa: F401, PLC0415


def _loading(module: ModuleType) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The stand-in's module `__getattr__` and `__dir__` (PEP 562)."""

    def look_up(attribute: str) -> object:
        if attribute.startswith("__") and attribute not in LOADING_DUNDERS:
            raise AttributeError(f"module {NAME!r} has no attribute {attribute!r}")
        if not isinstance(module.__spec__.loader, _DeferredLoader):
            # Being loaded another way (importlib.reload): not a stand-in any more.
            raise AttributeError(f"module {NAME!r} has no attribute {attribute!r}")
        _load(module)
        return getattr(module, attribute)

    def listing() -> list[str]:
        _load(module)
        return dir(module)

    return look_up, listing


class _DeferredAsyncioFinder:
    """First on sys.meta_path until asyncio is first imported."""

    @staticmethod
    def find_spec(
        fullname: str, path: object = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != NAME:
            return None
        sys.meta_path.remove(_DeferredAsyncioFinder)
        return ModuleSpec(NAME, _DeferredLoader())


if NAME not in sys.modules:
    sys.meta_path.insert(0, _DeferredAsyncioFinder)
