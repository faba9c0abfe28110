// Boots Pyodide under Node from the whole compiled standard library, imports the app and writes
// the start-up zip and the app's zip (start_stdlib.py make); then boots a fresh Pyodide from
// the start-up zip alone, adds the app's zip as the worker does (engine/worker/app-zip.js), and
// checks that the app imports and answers with them (start_stdlib.py check).  Both read the app
// from the wheel unpacked on the host: unpacking it here would import zipfile, which the zips
// then had to hold.
//   node start_stdlib.mjs <pyodide dir> <lock file> <whole zip> <unpacked wheel> <package>
//     <app> <work dir> <start zip name> <app zip name> <later zip name>
//     <start zip mounted as> <app zip mounted as>
// <package> is the app's package in the wheel, <app> the JSON start_stdlib.py describes.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mountAppZip } from "../worker/app-zip.js";

const [
  pyodideDir,
  lockFile,
  wholeZip,
  wheelDir,
  appPackage,
  app,
  workDir,
  startName,
  appZipName,
  laterZipName,
  mountedAs,
  appMountedAs,
] = process.argv.slice(2);
const tools = dirname(fileURLToPath(import.meta.url));
// The modules the build adds to Pyodide's standard library (engine/python/): lazy_stdlib.py.
const python = join(tools, "..", "python");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const lockFileContents = { info: JSON.parse(readFileSync(lockFile, "utf-8")).info, packages: {} };
const script = readFileSync(join(tools, "start_stdlib.py"), "utf-8");

async function run(stdLibURL, args, appZip) {
  const pyodide = await loadPyodide({
    indexURL: pyodideDir + "/", stdLibURL, lockFileContents, env: { PYTHONNODEBUGRANGES: "1", PYTHONHASHSEED: "0" },
  });
  if (appZip) {
    mountAppZip(pyodide, readFileSync(appZip), appMountedAs);
  }
  for (const [at, hostDir] of [["/tools", tools], ["/python", python], ["/staging", workDir], ["/wheel", wheelDir]]) {
    pyodide.FS.mkdir(at);
    pyodide.mountNodeFS(at, hostDir);
  }
  const sys = pyodide.pyimport("sys");
  sys.path.append("/tools");
  sys.argv = pyodide.toPy(["start_stdlib", ...args]);
  pyodide.runPython(script, { filename: "start_stdlib.py" });
}

// The app as the wheel has it; the zips are made from what it imports.
await run(wholeZip, ["make", "/lib/python314.zip", `/wheel/${appPackage}`, app, "/python/lazy_stdlib.py",
  `/staging/${startName}`, `/staging/${appZipName}`, `/staging/${laterZipName}`, mountedAs, appMountedAs]);
// The sources off sys.path: the app must come from its zip.
await run(
  join(workDir, startName),
  ["check", `/wheel/${appPackage}`, app, appMountedAs, `/staging/${laterZipName}`],
  join(workDir, appZipName),
);
