// build-manifest.js is written by the build beside the worker's scripts (engine/build/
// manifest.py): what the worker loads for one build.
/** Pyodide's own loader (pyodide.mjs of the pinned runtime), typed as far as the worker uses it. */
export function loadPyodide(options: Record<string, unknown>): Promise<Pyodide>;
export const pyodideURL: string;
export const snapshotURL: string;
export const stdlibURL: string;
export const startStdlibURL: string;
export const appZipURL: string;
/** The app's later zip: the rest of the app, fetched once the first answer is out. */
export const laterZipURL: string;
/** Where the app's zip lies in Pyodide's file system (on sys.path). */
export const appZipPath: string;
/** The app's package, and its function that answers a JSON request with a JSON answer. */
export const appModule: string;
export const appEntry: string;
/** The app's own addresses in this build, by name. */
export const appURLs: Record<string, string>;
export const downloadSizes: Record<string, number>;
export const pyodideLockInfo: Record<string, unknown>;

/** The few parts of a started Pyodide that the worker and the app's features touch. */
export interface Pyodide {
  pyimport(name: "_lazy_stdlib"): {
    install(stdlibURL: string, laterZipURL?: string): void;
    later_needed(): boolean;
    later_arrived(bytes: Uint8Array): void;
    destroy(): void;
  };
  pyimport(name: "sys"): {
    path: { has(item: string): boolean; append(item: string): void; destroy(): void };
  };
  /** The app's modules: what each holds is the app's to say. */
  pyimport(name: string): unknown;
  runPython(code: string): unknown;
  FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void };
}
