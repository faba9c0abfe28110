"""asyncio, loaded when first used rather than at every start.

Pyodide's C core imports asyncio while it starts (only to keep the module: it looks up
`get_event_loop` and `ensure_future` when a promise is awaited), and `pyodide/__init__`
sets up its event loop there.  That is asyncio's 30 modules with socket, ssl, subprocess,
logging and concurrent.futures: a third of the start-up zip and a tenth of Python's start,
for a page that never awaits.  The compiled stdlib imports this module first thing in
`_pyodide/__init__` (compile_stdlib.py): `import asyncio` then gives a module that loads
the real asyncio package into itself, and sets up Pyodide's event loop, at its first
attribute lookup (`asyncio.run`, `from asyncio import Future`, `import asyncio.tasks`, or
Pyodide's core awaiting a promise).  The same module object throughout: the core keeps it.
"""

import sys
from collections.abc import Callable
from importlib.machinery import ModuleSpec
from types import ModuleType

NAME = "asyncio"


class _DeferredLoader:
    """Makes the stand-in; `exec_module` gives it the loading `__getattr__` only."""

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        module.__getattr__ = _loading_lookup(module)  # type: ignore[method-assign]


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


def _loading_lookup(module: ModuleType) -> Callable[[str], object]:
    """The stand-in's module `__getattr__` (PEP 562): loads the real package into it."""

    def load_then_look_up(attribute: str) -> object:
        # Gone before the package runs: its own lookups (the package's __path__, its
        # submodules) must find what it has set, not start it again.
        del module.__getattr__
        try:
            spec = _real_spec()
            module.__spec__ = spec
            module.__loader__ = spec.loader
            module.__file__ = spec.origin
            module.__package__ = NAME
            module.__path__ = spec.submodule_search_locations  # type: ignore[assignment]
            spec.loader.exec_module(module)  # type: ignore[union-attr]
            from pyodide.webloop import _initialize_event_loop  # noqa: PLC0415

            _initialize_event_loop()
        except BaseException:
            module.__getattr__ = load_then_look_up  # type: ignore[method-assign]  # tried again
            raise
        return getattr(module, attribute)

    return load_then_look_up


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
