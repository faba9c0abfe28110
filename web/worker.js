// The calculator's module worker: boots Pyodide, answers requests.
//
// Two ways to start (build.py writes what each needs):
// - a first visit boots Python from the start-up zip (python_stdlib_start.zip: the stdlib
//   modules Pyodide and the calculator import, and the calculator), a fifth of the snapshot's
//   bytes on the wire; a module outside it comes from the whole stdlib zip when first
//   imported (tools/lazy_stdlib.py);
// - once the service worker has kept the build (the memory snapshot with it), a visit
//   restores the snapshot instead: Python initialized and the calculator imported already.
//
// runtime.js starts it from a blob: bootstrap (`import "<this file's URL>"`) unless the
// service worker serves the page, so the worker's own base URL may be a blob: URL; every
// address is therefore resolved against a module's import.meta.url (build-manifest.js names
// this build's Pyodide and snapshot), and all of them point into this site.
//
// Messages in:  {id, request}            request: the plain object calculator.respond takes
// Messages out: {type: "progress", received, expected}  bytes of the runtime's downloads
//               {type: "ready"}          Python answers from now on
//               {type: "failed", error}  loading failed; the worker is useless
//               {type: "csp-violation", violation}
//               {id, response} | {id, error}
// Counting text in tokens (web/count-worker.js, imported on first use): {type: "count" |
// "count-cancel" | "count-chunks", count, ...} in, {type: "count-progress" | "count-result" |
// "chunks-result", count, ...} out.
import {
  downloadSizes,
  loadPyodide,
  pyodideLockInfo,
  pyodideURL,
  snapshotURL,
  startStdlibURL,
  stdlibURL,
} from "./build-manifest.js";

self.addEventListener("securitypolicyviolation", (event) => {
  self.postMessage({
    type: "csp-violation",
    violation: {
      directive: event.effectiveDirective,
      blockedURI: event.blockedURI,
      sourceFile: event.sourceFile,
      context: "worker",
    },
  });
});

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return response.arrayBuffer();
}

// build.py ships the snapshot without its all-zero blocks (more than half of it): a smaller
// download. Its header says where the blocks go (build.py packed_snapshot); the last may be
// short.
function unpackSnapshot(packed) {
  const header = new DataView(packed);
  const [length, block, runs] = [0, 4, 8].map((at) => header.getUint32(at, true));
  const whole = new Uint8Array(length);
  let offset = 12 + 8 * runs;
  for (let run = 0; run < runs; run += 1) {
    const start = header.getUint32(12 + 8 * run, true) * block;
    const size = Math.min(header.getUint32(16 + 8 * run, true) * block, length - start);
    whole.set(new Uint8Array(packed, offset, size), start);
    offset += size;
  }
  return whole;
}

// --- progress: bytes of the runtime's files received, of those this start needs -------------

const received = new Map(); // URL -> bytes received so far
let expected = 0;
// At most one message a frame's time: the page paints no more often, and each is a task there.
const PROGRESS_INTERVAL_MS = 16;
let reportedAt = -Infinity;

function reportProgress() {
  let sum = 0;
  for (const bytes of received.values()) {
    sum += bytes;
  }
  const now = performance.now();
  if (sum < expected && now - reportedAt < PROGRESS_INTERVAL_MS) {
    return;
  }
  reportedAt = now;
  self.postMessage({ type: "progress", received: Math.min(sum, expected), expected });
}

// Pyodide fetches its wasm and the zip itself: every response body of this worker is counted
// as it streams in (decoded bytes, as the build's sizes are).
const plainFetch = self.fetch.bind(self);
self.fetch = async (...args) => {
  const response = await plainFetch(...args);
  if (!response.ok || !response.body) {
    return response;
  }
  const { url } = response;
  let count = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      count += chunk.byteLength;
      received.set(url, count);
      reportProgress();
      controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
};

// pyodide.asm.mjs comes by import(), not fetch(): counted whole once it has arrived.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name.endsWith("/pyodide.asm.mjs")) {
      received.set(entry.name, downloadSizes.asm);
      reportProgress();
    }
  }
}).observe({ type: "resource", buffered: true });

// --- booting ----------------------------------------------------------------------------------

// The service worker keeps a whole build at once (sw.js): its snapshot there means its
// stdlib zip is there too, and both come from the disk.
async function snapshotKept() {
  try {
    return Boolean(await caches.match(snapshotURL));
  } catch {
    return false; // no CacheStorage here (an opaque origin): a first visit's start
  }
}

const pyodideOptions = {
  indexURL: pyodideURL,
  // Packages would resolve against this, never against Pyodide's default CDN.
  packageBaseUrl: pyodideURL,
  // The lock file's header only: we load no Pyodide packages, so the stock lock
  // file (119 KB) is neither fetched nor shipped.
  lockFileContents: { info: pyodideLockInfo, packages: {} },
};

async function bootPyodide() {
  if (await snapshotKept()) {
    expected =
      downloadSizes.asm + downloadSizes.wasm + downloadSizes.stdlib + downloadSizes.snapshot;
    // build.py's snapshot of Pyodide's memory after `import calculator` (made by this very
    // Pyodide under Node, with the whole stdlib zip mounted): restoring it skips Python's
    // initialization and our imports, about 1 s of a start.
    return loadPyodide({
      ...pyodideOptions,
      stdLibURL: stdlibURL,
      _loadSnapshot: fetchBytes(snapshotURL).then(unpackSnapshot),
    });
  }
  expected = downloadSizes.asm + downloadSizes.wasm + downloadSizes.start;
  const pyodide = await loadPyodide({ ...pyodideOptions, stdLibURL: startStdlibURL });
  pyodide.pyimport("_lazy_stdlib").install(stdlibURL);
  return pyodide;
}

// Pyodide 314 fetches and compiles its wasm itself, with instantiateStreaming(fetch(url)),
// and on failure only logs "wasm instantiation failed!" and waits forever: a failed
// instantiation fails the load at once instead. (Compiled here, off the page's thread: with
// the snapshot, compiling it on the page's thread for Chrome's code cache no longer made
// repeat visits faster, and its compile put 50-500 ms tasks on the page's thread.)
function failOnWasmError(signal) {
  const { instantiateStreaming } = WebAssembly;
  signal.addEventListener("abort", () => {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  });
  return new Promise((_, reject) => {
    WebAssembly.instantiateStreaming = (...args) =>
      instantiateStreaming(...args).catch((error) => {
        reject(error);
        throw error;
      });
  });
}

// A promise rejected and unhandled while booting (Pyodide fetches its files ahead of
// awaiting them) means a runtime file failed; the load has failed with it.
function unhandledRejection(signal) {
  return new Promise((_, reject) => {
    self.addEventListener(
      "unhandledrejection",
      (event) => {
        event.preventDefault(); // reported to the page as the load's failure instead
        reject(event.reason);
      },
      { signal },
    );
  });
}

/** The started Pyodide, which counting uses too. */
let pyodide;

async function bootCalculator() {
  pyodide = await bootPyodide();
  return pyodide.pyimport("calculator").respond;
}

async function loadCalculator() {
  const booting = new AbortController();
  try {
    return await Promise.race([
      failOnWasmError(booting.signal), // first: in place before Pyodide fetches its wasm
      unhandledRejection(booting.signal),
      bootCalculator(),
    ]);
  } finally {
    booting.abort();
  }
}

const respondReady = loadCalculator();

// The first Intl.NumberFormat of the page's process costs 20-50 ms (ICU's number data, which
// all its threads then share): made here while Pyodide downloads, rather than as a long task
// on the page's thread when it formats its first number.
setTimeout(() => new Intl.NumberFormat().format(0));

respondReady.then(
  () => self.postMessage({ type: "ready" }),
  (error) => self.postMessage({ type: "failed", error: String(error?.message ?? error) }),
);

async function answer({ id, request }) {
  try {
    const respond = await respondReady;
    self.postMessage({ id, response: JSON.parse(respond(JSON.stringify(request))) });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
}

async function countText(message) {
  try {
    await respondReady;
  } catch {
    return; // the page has the load's failure already
  }
  let counting;
  try {
    counting = await import("./count-worker.js");
  } catch (error) {
    // A count that cannot start is answered all the same: the page shows it failed.
    if (message.type === "count") {
      self.postMessage({
        type: "count-result",
        count: message.count,
        error: String(error?.message ?? error),
      });
    }
    return;
  }
  // Its downloads are no part of the start's progress: the plain fetch.
  counting.handleCount(message, pyodide, plainFetch);
}

self.addEventListener("message", (event) => {
  if (typeof event.data?.count === "number") {
    countText(event.data);
  } else {
    answer(event.data);
  }
});
