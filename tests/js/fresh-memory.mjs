// Writes Pyodide's memory as engine/worker/snapshot-image.js's withFreshMemory hands it over
// (what the worker fills the snapshot's left-out blocks from), so tests/test_build.py checks it
// against what the build reads from the wasm (engine/build/snapshot.py fresh_memory).
//   node fresh-memory.mjs <pyodide dir> <lock file> <start-up zip> <bytes> <out>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { withFreshMemory } from "../../engine/worker/snapshot-image.js";

const [pyodideDir, lockFile, startZip, length, out] = process.argv.slice(2);
const asm = await import(pathToFileURL(join(pyodideDir, "pyodide.asm.mjs")).href);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
await loadPyodide({
  indexURL: `${pyodideDir}/`,
  stdLibURL: startZip,
  lockFileContents: { info: JSON.parse(readFileSync(lockFile, "utf-8")).info, packages: {} },
  createPyodideModule: withFreshMemory(asm.default, (memory) =>
    writeFileSync(out, memory.slice(0, Number(length))),
  ),
});
