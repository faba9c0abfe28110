"""Run by Pyodide itself (under Node, from compile_stdlib.mjs): rewrite a zip of .py
modules as sourceless .pyc, so the browser's CPython skips compiling them at every start.

Bytecode is made by the very interpreter that will run it, so its magic number matches.
The legacy layout (module.pyc beside where module.py was) is what zipimport finds.
Unchecked hash-based pycs: no source remains to compare against.
"""

import importlib.util
import sys
import zipfile
from importlib import _bootstrap_external  # type: ignore[attr-defined]


def compiled(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    source_hash = importlib.util.source_hash(source)
    pyc: bytes = _bootstrap_external._code_to_hash_pyc(code, source_hash, checked=False)
    return pyc


def rewrite(source_zip: str, target_zip: str, mounted_as: str) -> None:
    """mounted_as: the path the zip will have in the browser, for tracebacks' file names."""
    with zipfile.ZipFile(source_zip) as source, \
            zipfile.ZipFile(target_zip, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".py"):
                pyc = compiled(data, f"{mounted_as}/{info.filename}")
                target.writestr(info.filename + "c", pyc)
            else:
                target.writestr(info, data)


if __name__ == "__main__":
    rewrite(*sys.argv[1:4])
