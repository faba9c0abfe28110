// Writes Pyodide's memory as its first preRun hook sees it (the hook web/snapshot-image.js
// fills the snapshot from), so tests/test_build.py checks it against what the build reads
// from the wasm (site_build/snapshot.py fresh_memory).
//   node fresh-memory.mjs <pyodide dir> <lock file> <start-up zip> <bytes> <out>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, lockFile, startZip, length, out] = process.argv.slice(2);
const asm = await import(pathToFileURL(join(pyodideDir, "pyodide.asm.mjs")).href);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
await loadPyodide({
  indexURL: `${pyodideDir}/`,
  stdLibURL: startZip,
  lockFileContents: { info: JSON.parse(readFileSync(lockFile, "utf-8")).info, packages: {} },
  createPyodideModule: (settings) => {
    const seen = (module) => writeFileSync(out, module.HEAPU8.slice(0, Number(length)));
    settings.preRun = [seen, ...(settings.preRun ?? [])];
    return asm.default(settings);
  },
});
