// build-manifest.js is written by build.py next to worker.js (what it loads for one build).
/** Pyodide's own loader (pyodide.mjs of the pinned runtime), typed as far as worker.js uses it. */
export function loadPyodide(options: Record<string, unknown>): Promise<Pyodide>;
export const pyodideURL: string;
export const snapshotURL: string;
export const stdlibURL: string;
export const startStdlibURL: string;
export const calculatorZipURL: string;
/** Where the calculator's zip lies in Pyodide's file system (on sys.path). */
export const calculatorZipPath: string;
export const tokensURL: string;
export const downloadSizes: Record<string, number>;
export const pyodideLockInfo: Record<string, unknown>;

/** The few parts of a started Pyodide that worker.js touches. */
export interface Pyodide {
  pyimport(name: "calculator"): { respond(requestJson: string): string };
  pyimport(name: "_lazy_stdlib"): { install(stdlibURL: string): void };
  pyimport(name: "sys"): {
    path: { has(item: string): boolean; append(item: string): void; destroy(): void };
  };
  pyimport(name: "calculator._tokens._page"): TokenCounter;
  runPython(code: string): unknown;
  FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void };
}

/** calculator/_tokens/_page.py as the worker calls it. */
export interface TokenCounter {
  load(encoding: string, ranksPath: string): void;
  start_text(encoding: string, text: string): TokenCounting;
  start_file(encoding: string, path: string, suffix: string): TokenCounting;
}

/** One document being counted (a Python object: destroy() it when done). */
export interface TokenCounting {
  step(): boolean;
  result(): string;
  chunks(tokens: string, chunkSize: string, overlap: string): string;
  readonly done: number;
  readonly total: number;
  destroy(): void;
}
