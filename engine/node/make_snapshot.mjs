// Boots Pyodide under Node from the start-up zip, adds the app's zip as the worker does,
// imports the app (from that zip), has it answer one request and writes a memory snapshot of
// the whole interpreter; the browser's worker starts from it instead of initializing Python
// and importing the app at every visit.
//   node make_snapshot.mjs <pyodide dir> <lock file> <start-up zip> <app zip>
//     <app zip mounted as> <package> <entry> <request> <snapshot out>
// <package> is the app's, <entry> its function that answers JSON with JSON, <request> the
// Python expression of the request it answers (the package imported under its name).  The
// zips must be the ones the site ships: the snapshot keeps zipimport's index of those very
// files, which the worker mounts again when it restores the snapshot.
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { mountAppZip } from "../worker/app-zip.js";

const [
  pyodideDir,
  lockFile,
  startZip,
  appZip,
  appMountedAs,
  appPackage,
  appEntry,
  request,
  snapshotFile,
] = process.argv.slice(2);
// Nor the paths of this checkout: Emscripten gives Python this script's path as sys.argv[0].
process.argv.splice(1, Infinity, "make_snapshot.mjs");
// Nothing from the clock or chance may reach the snapshot, so that every build of a commit
// ships the same bytes: clocks that tick by one millisecond a reading from a fixed start
// (file times, importlib's cached directory times), and no entropy (the random module's
// seed: an app that draws random numbers at its import draws the same ones in every visit).
let readings = 0;
const FIXED_START_MS = Date.UTC(2000, 0, 1);
Date.now = () => FIXED_START_MS + ++readings;
performance.now = () => ++readings;
globalThis.crypto.getRandomValues = (array) => array.fill(0);
nodeCrypto.randomFillSync = (array) => array.fill(0);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  stdLibURL: startZip,
  lockFileContents: { info: JSON.parse(readFileSync(lockFile, "utf-8")).info, packages: {} },
  // No chance in the snapshot: string hashes seeded alike in every build.
  env: { PYTHONHASHSEED: "0" },
  _makeSnapshot: true,
});
mountAppZip(pyodide, readFileSync(appZip), appMountedAs);
// The app imported and run once (whatever the first answer imports or caches is then in the
// snapshot too), with the way to the rest of the stdlib in place (its address is set after
// the restore: engine/python/lazy_stdlib.py); gc so the snapshot holds no garbage.  An import
// the two zips lack fails here (the lazy path raises without an address): they hold what the
// first answer needs.  This text, the request's too, is part of the memory the snapshot holds.
pyodide.runPython(`
import gc, json, _lazy_stdlib, ${appPackage}
_lazy_stdlib.install("")
${appPackage}.${appEntry}(json.dumps(${request}))
gc.collect()
`);
writeFileSync(snapshotFile, pyodide.makeMemorySnapshot());
