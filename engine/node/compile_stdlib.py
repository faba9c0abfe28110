"""Run by Pyodide itself (under Node, from compile_stdlib.mjs): rewrite a zip of .py
modules as sourceless .pyc, so the browser's CPython skips compiling them at every start.

Bytecode is made by the very interpreter that will run it, so its magic number matches.
The legacy layout (module.pyc beside where module.py was) is what zipimport finds.
Unchecked hash-based pycs: no source remains to compare against.  Optimization level 2
drops docstrings and asserts (fewer bytes to download).  Entries are stored, not
deflated: the site's brotli copy of the zip then compresses across files, which zlib's
per-entry streams cannot; and in a fixed order with a fixed date, so that the same input
always gives the same bytes.

Eight modules are changed on the way (DEFERRED_IMPORTS), so that a first visit's start need
not load what they import at the top but use rarely: asyncio is loaded at its first use,
not by Pyodide's start (deferred_asyncio.py, the one module added); Pyodide's package loader, which
Pyodide imports at every start, imports zipfile and tempfile (with random) only when it
unpacks a package; subprocess (which asyncio imports) imports locale only to guess a text
encoding; urllib.parse imports ipaddress only for a bracketed host; traceback imports
_colorize, whose color themes cost CPU at every start, only to format a traceback; shutil
imports bz2, lzma and compression.zstd only to learn whether their C modules are built in.
"""

import importlib.util
import sys
import zipfile
from importlib import _bootstrap_external  # type: ignore[attr-defined]

# The earliest date a zip entry can hold; any fixed date would do.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)

# Module -> exact replacements, each of a text found once: imports made when first needed.
DEFERRED_IMPORTS = {
    # asyncio is loaded at its first use (deferred_asyncio.py, added to the stdlib as
    # ADDED_MODULE): its stand-in is in place before Pyodide's core imports asyncio, and
    # Pyodide's event loop is set up when asyncio loads, not at every start.
    "_pyodide/__init__.py": (
        (
            b"\nfrom . import _base, _importhook\n",
            b"\nfrom . import _deferred_asyncio  # noqa: F401 (first)\n"
            b"from . import _base, _importhook\n",
        ),
    ),
    # Pyodide's event loop is set up as webloop is imported (the stand-in imports it once
    # asyncio has loaded), not by pyodide/__init__ at every start.
    "pyodide/webloop.py": (
        (
            b'\n__all__ = ["WebLoop", "WebLoopPolicy", "PyodideFuture", "PyodideTask"]\n',
            b'\n__all__ = ["WebLoop", "WebLoopPolicy", "PyodideFuture", "PyodideTask"]\n\n'
            b"_initialize_event_loop()\n",
        ),
    ),
    "pyodide/__init__.py": (
        (
            b"from .webloop import _initialize_event_loop\n\n"
            b"_initialize_event_loop()\ndel _initialize_event_loop\n",
            # The JavaScript reference webloop took here, and keeps: a memory snapshot
            # expects Python's references to JavaScript in the order of a stock start.
            b"from pyodide_js._api import scheduleCallback as _scheduleCallback\n",
        ),
    ),
    "pyodide/_package_loader.py": (
        (b"from tempfile import NamedTemporaryFile\n", b""),
        (b"from zipfile import ZipFile\n", b""),
        (
            b"from typing import IO, Any, Literal\n",
            b"from typing import IO, Any, Literal\n\n\n"
            b"def NamedTemporaryFile(*args: Any, **kwargs: Any) -> Any:\n"
            b"    from tempfile import NamedTemporaryFile\n"
            b"    return NamedTemporaryFile(*args, **kwargs)\n\n\n"
            b"def ZipFile(*args: Any, **kwargs: Any) -> Any:\n"
            b"    from zipfile import ZipFile\n"
            b"    return ZipFile(*args, **kwargs)\n",
        ),
    ),
    # shutil imports bz2, lzma and compression.zstd (with enums built at import) only to learn
    # whether their C modules are built in; Pyodide's package loader imports shutil at every
    # start.  Asking the import system for the C module tells the same; only an archive made or
    # unpacked with one of them loads its Python module.
    "shutil.py": (
        (
            b"try:\n    import bz2\n    del bz2\n    _BZ2_SUPPORTED = True\n"
            b"except ImportError:\n    _BZ2_SUPPORTED = False\n",
            b"from importlib.util import find_spec as _find_spec\n\n"
            b'_BZ2_SUPPORTED = _find_spec("_bz2") is not None\n',
        ),
        (
            b"try:\n    import lzma\n    del lzma\n    _LZMA_SUPPORTED = True\n"
            b"except ImportError:\n    _LZMA_SUPPORTED = False\n",
            b'_LZMA_SUPPORTED = _find_spec("_lzma") is not None\n',
        ),
        (
            b"try:\n    from compression import zstd\n    del zstd\n    _ZSTD_SUPPORTED = True\n"
            b"except ImportError:\n    _ZSTD_SUPPORTED = False\n",
            b'_ZSTD_SUPPORTED = _find_spec("_zstd") is not None\n',
        ),
    ),
    # Only a subprocess in text mode without an encoding needs locale (none runs in a browser).
    "subprocess.py": (
        (b"\nimport locale\n", b"\n"),
        (
            b"        return locale.getencoding()\n",
            b"        import locale\n        return locale.getencoding()\n",
        ),
    ),
    # traceback imports _colorize, which builds its color themes (five dataclasses, each
    # compiled at import) at every start; only a traceback formatted needs them.
    "traceback.py": (
        (
            b"\nimport _colorize\n",
            b"\n\n\nclass _DeferredColorize:\n"
            b"    def __getattr__(self, name):\n"
            b"        import _colorize\n"
            b"        return getattr(_colorize, name)\n\n\n"
            b"_colorize = _DeferredColorize()\n",
        ),
    ),
    # Only bracketed hosts ("http://[::1]/") need ipaddress; parse_qsl and urlencode do not.
    "urllib/parse.py": (
        (b"\nimport ipaddress\n", b"\n"),
        (
            b"def _check_bracketed_host(hostname):\n",
            b"def _check_bracketed_host(hostname):\n    import ipaddress\n",
        ),
    ),
}


def deferred_imports(name: str, source: bytes) -> bytes:
    """`source` with the replacements DEFERRED_IMPORTS names for it; each text replaced must
    be there exactly once (another Pyodide version: look again)."""
    for old, new in DEFERRED_IMPORTS.get(name, ()):
        if source.count(old) != 1:
            raise ValueError(f"{name}: {old!r} is there {source.count(old)} times, not once")
        source = source.replace(old, new)
    return source


def compiled(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=2)
    source_hash = importlib.util.source_hash(source)
    pyc: bytes = _bootstrap_external._code_to_hash_pyc(code, source_hash, checked=False)
    return pyc


def stored_entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, FIXED_DATE)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    return info


def write_stored(target_zip: str, entries: dict[str, bytes]) -> None:
    with zipfile.ZipFile(target_zip, "w", zipfile.ZIP_STORED) as target:
        for name in sorted(entries):
            target.writestr(stored_entry(name), entries[name])


# The stdlib's one module of ours: where deferred_asyncio.py goes.
ADDED_MODULE = "_pyodide/_deferred_asyncio.py"


def rewrite(source_zip: str, target_zip: str, mounted_as: str, added_module: str) -> None:
    """mounted_as: the path the zip will have in the browser, for tracebacks' file names;
    added_module: deferred_asyncio.py's path."""
    with open(added_module, "rb") as added:
        entries = {ADDED_MODULE + "c": compiled(added.read(), f"{mounted_as}/{ADDED_MODULE}")}
    with zipfile.ZipFile(source_zip) as source:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".py"):
                data = deferred_imports(info.filename, data)
                entries[info.filename + "c"] = compiled(data, f"{mounted_as}/{info.filename}")
            else:
                entries[info.filename] = data
    write_stored(target_zip, entries)


if __name__ == "__main__":
    rewrite(*sys.argv[1:5])
