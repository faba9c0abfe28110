// build-manifest.js is written by build.py next to worker.js (what it loads for one build).
/** Pyodide's own loader (pyodide.mjs of the pinned runtime), typed as far as worker.js uses it. */
export function loadPyodide(options: Record<string, unknown>): Promise<Pyodide>;
export const pyodideURL: string;
export const snapshotURL: string;
export const stdlibURL: string;
export const startStdlibURL: string;
export const downloadSizes: Record<string, number>;
export const pyodideLockInfo: Record<string, unknown>;

/** The few parts of a started Pyodide that worker.js touches. */
export interface Pyodide {
  pyimport(name: "calculator"): { respond(requestJson: string): string };
  pyimport(name: "_lazy_stdlib"): { install(stdlibURL: string): void };
}
