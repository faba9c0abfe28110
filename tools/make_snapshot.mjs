// Boots Pyodide under Node, installs the calculator wheel, imports the calculator and writes
// a memory snapshot of the whole interpreter; the browser's worker starts from it instead of
// initializing Python and importing the calculator at every visit.
//   node make_snapshot.mjs <pyodide dir as shipped> <lock file> <wheel> <snapshot out>
// The pyodide dir must hold the python_stdlib.zip the site ships: the snapshot keeps
// zipimport's index of that very file.
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, lockFile, wheelFile, snapshotFile] = process.argv.slice(2);
// Nor the paths of this checkout: Emscripten gives Python this script's path as sys.argv[0].
process.argv.splice(1, Infinity, "make_snapshot.mjs");
// Nothing from the clock or chance may reach the snapshot, so that every build of a commit
// ships the same bytes: clocks that tick by one millisecond a reading from a fixed start
// (file times, importlib's cached directory times: still increasing, so caches still see
// the wheel's new files), and no entropy (the random module's seed: the calculator draws no
// random numbers).
let readings = 0;
const FIXED_START_MS = Date.UTC(2000, 0, 1);
Date.now = () => FIXED_START_MS + ++readings;
performance.now = () => ++readings;
globalThis.crypto.getRandomValues = (array) => array.fill(0);
nodeCrypto.randomFillSync = (array) => array.fill(0);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  lockFileContents: { info: JSON.parse(readFileSync(lockFile, "utf-8")).info, packages: {} },
  // No chance in the snapshot: string hashes seeded alike in every build.
  env: { PYTHONHASHSEED: "0" },
  _makeSnapshot: true,
});
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
// Node's Buffer is not a typed array Pyodide accepts; a plain Uint8Array is.
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelFile)), "wheel", { extractDir: sitePackages });
// The calculator imported and run once (whatever the first answer imports or caches is then
// in the snapshot too); gc so the snapshot holds no garbage.
pyodide.runPython(`
import gc, json, calculator
calculator.respond(json.dumps({"fields": dict(calculator.DEFAULT_FIELDS),
                               "number_format": {"group": ",", "decimal": "."}}))
gc.collect()
`);
writeFileSync(snapshotFile, pyodide.makeMemorySnapshot());
