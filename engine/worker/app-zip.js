// The app's zip (engine/node/start_stdlib.py: the app's package, the stdlib modules only it
// imports, and the lazy path to the rest of the stdlib), which Python's start never reads:
// every start adds it once Pyodide has started, so a first visit fetches it while Python
// starts rather than beside the wasm.  Its own module: the worker adds it, and so do the
// build's tools under Node (the zips' check, the snapshot) and a test that starts Python as
// the worker does.

/**
 * Writes the zip's bytes at `path` in Pyodide's file system and puts `path` on sys.path
 * (last, after the stdlib), unless it is there already: in a restored snapshot, made with it
 * there, Python holds it and its index, and needs only the file.
 * @param {{ FS: { writeFile(path: string, data: Uint8Array): void },
 *           pyimport(name: "sys"): { path: { has(item: string): boolean,
 *                                            append(item: string): void,
 *                                            destroy(): void } } }} pyodide
 * @param {ArrayBuffer | Uint8Array} bytes
 * @param {string} path
 */
export function mountAppZip(pyodide, bytes, path) {
  pyodide.FS.writeFile(path, new Uint8Array(bytes));
  const sysPath = pyodide.pyimport("sys").path;
  try {
    if (!sysPath.has(path)) {
      sysPath.append(path);
    }
  } finally {
    sysPath.destroy();
  }
}
