// Boots Pyodide under Node and runs compile_stdlib.py in it.
// node compile_stdlib.mjs <pyodide dir> <host dir holding in.zip> <in zip name> <out zip name> <path in browser>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir, sourceName, targetName, mountedAs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// Line numbers without column ranges (PYTHONNODEBUGRANGES): a quarter smaller bytecode files,
// tracebacks without the carets under the failing expression.
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/", env: { PYTHONNODEBUGRANGES: "1", PYTHONHASHSEED: "0" },
});
pyodide.FS.mkdir("/staging");
pyodide.mountNodeFS("/staging", workDir);
const script = readFileSync(new URL("./compile_stdlib.py", import.meta.url), "utf-8");
pyodide.FS.writeFile("/deferred_asyncio.py", readFileSync(new URL("../python/deferred_asyncio.py", import.meta.url)));
pyodide.pyimport("sys").argv = pyodide.toPy(["compile_stdlib", `/staging/${sourceName}`, `/staging/${targetName}`, mountedAs, "/deferred_asyncio.py"]);
pyodide.runPython(script, { filename: "compile_stdlib.py" });
