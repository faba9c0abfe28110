"""Run by Pyodide itself (under Node, from compile_stdlib.mjs): rewrite a zip of .py
modules as sourceless .pyc, so the browser's CPython skips compiling them at every start.

Bytecode is made by the very interpreter that will run it, so its magic number matches.
The legacy layout (module.pyc beside where module.py was) is what zipimport finds.
Unchecked hash-based pycs: no source remains to compare against.  Optimization level 2
drops docstrings and asserts (a third fewer bytes to download).  Entries are stored, not
deflated: the site's brotli copy of the zip then compresses across files, which zlib's
per-entry streams cannot; and in a fixed order with a fixed date, so that the same input
always gives the same bytes.
"""

import importlib.util
import sys
import zipfile
from importlib import _bootstrap_external  # type: ignore[attr-defined]

# The earliest date a zip entry can hold; any fixed date would do.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


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


def rewrite(source_zip: str, target_zip: str, mounted_as: str) -> None:
    """mounted_as: the path the zip will have in the browser, for tracebacks' file names."""
    entries = {}
    with zipfile.ZipFile(source_zip) as source:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".py"):
                entries[info.filename + "c"] = compiled(data, f"{mounted_as}/{info.filename}")
            else:
                entries[info.filename] = data
    write_stored(target_zip, entries)


if __name__ == "__main__":
    rewrite(*sys.argv[1:4])
