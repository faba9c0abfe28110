// The engine's worker side: boots Pyodide, imports the app (build-manifest.js names its module
// and the function that answers: JSON text in, JSON text out) and answers the page's requests;
// the app's features get their own messages.  The app's worker script calls serve() once.
//
// Every start mounts the start-up zip (python_stdlib_start.zip: the stdlib modules Pyodide's
// start imports) and, once Python has started, the app's zip (python_<package>.zip: what the
// app's first answer imports, fetched after the wasm).  The app's later zip (the rest of the
// app, python_<package>_later.zip) is fetched once the first answer is out; a module outside
// those comes from the whole stdlib zip when first imported (engine/python/lazy_stdlib.py).
// Three ways to start (the build writes what each needs):
// - once the service worker has kept the build (the memory snapshot with it), a visit
//   restores the snapshot, made over that zip: Python initialized and the app imported
//   already;
// - a first visit over a link whose bytes arrive fast restores it too, fetched from the
//   network (startChoice() below decides by the start-up zip's download);
// - any other first visit boots Python from the start-up zip, a fraction of the snapshot's
//   bytes on the wire.
//
// runtime.js starts it from a blob: bootstrap (`import "<the worker's URL>"`) unless the
// service worker serves the page, so the worker's own base URL may be a blob: URL; every
// address is therefore resolved against a module's import.meta.url (build-manifest.js names
// this build's Pyodide and snapshot), and all of them point into this site.
//
// Messages in:  {id, request}            request: the plain object the app's function takes
//               {type: "preloaded", url, bytes, ms, fromNetwork}  a file the page's
//                                        <link> fetched has arrived: bytes on the wire in ms
//                                        from its request; fromNetwork false for the cache's
//               {feature, message}       a message for the app's feature of that name
// Messages out: {type: "progress", received, expected}  bytes of the runtime's downloads
//               {type: "ready", start}   Python answers from now on; start: "snapshot" or
//                                        "start-up zip", how it started
//               {type: "failed", error}  loading failed; the worker is useless
//               {type: "csp-violation", violation}
//               {id, response} | {id, error}
//               {feature, message}       a reply of the app's feature of that name
import {
  appEntry,
  appModule,
  appZipPath,
  appZipURL,
  downloadSizes,
  laterZipURL,
  loadPyodide,
  pyodideLockInfo,
  pyodideURL,
  snapshotURL,
  startStdlibURL,
  stdlibURL,
} from "./build-manifest.js";
import { mountAppZip } from "./app-zip.js";
import { snapshotOptions } from "./snapshot-image.js";

/** @typedef {import("./build-manifest.js").Pyodide} Pyodide */

/**
 * What a feature gets with each of its messages: the started Pyodide, the worker's fetch
 * without the start's progress, and a way to reply to the page.
 * @typedef {{ pyodide: Pyodide, fetch: typeof fetch, post(reply: unknown): void }} FeatureWorker
 */

/**
 * A feature of the app: called with each of its messages, in the order the page sent them,
 * once Python has started.
 * @typedef {(message: any, worker: FeatureWorker) => void} Feature
 */

function reportViolations() {
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
// as it streams in (decoded bytes, as the build's sizes are); countFetches() puts the counting
// fetch in the place of this one.
const plainFetch = self.fetch.bind(self);

// More than the largest runtime file.
const UNREAD_BYTES_KEPT = 64 * 1024 * 1024;

async function countedFetch(resource, options) {
  const response = await plainFetch(resource, options);
  if (!response.ok || !response.body) {
    return response;
  }
  const { url } = response;
  let count = 0;
  const counter = new TransformStream(
    {
      transform(chunk, controller) {
        count += chunk.byteLength;
        received.set(url, count);
        reportProgress();
        controller.enqueue(chunk);
      },
    },
    undefined,
    // Bytes flow in (and are counted) before anything reads them: the wasm's before its
    // compile starts.
    new ByteLengthQueuingStrategy({ highWaterMark: UNREAD_BYTES_KEPT }),
  );
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
}

// Responses this worker asked for before Pyodide did (see bootPyodide): Pyodide's own fetch of
// the same URL is given the one under way, once.
const early = new Map(); // URL -> Promise<Response>

function countFetches() {
  self.fetch = (resource, options) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    const started = early.get(url);
    if (started) {
      early.delete(url);
      return started;
    }
    return countedFetch(resource, options);
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
}

// --- booting ----------------------------------------------------------------------------------

// The service worker keeps a whole build at once (sw.js): its snapshot there means its
// start-up zip is there too, and both come from the disk.
async function snapshotKept() {
  try {
    return Boolean(await caches.match(snapshotURL));
  } catch {
    return false; // no CacheStorage here (an opaque origin): a first visit's start
  }
}

// How fast the start-up zip's preload came (runtime.js reports the page's preloads as they
// arrive): {bytes, ms, fromNetwork}.
let noteStartZipTiming;
const startZipTiming = new Promise((resolve) => {
  noteStartZipTiming = resolve;
});

function notePreload(preload) {
  if (preload.url === startStdlibURL) {
    noteStartZipTiming(preload);
  }
}

// Restoring the snapshot instead of booting from the start-up zip saves Python's start and
// the app's imports, CPU time, and costs more on the wire: the snapshot's bytes (the
// start-up zip is needed either way).  A first visit takes it only where the start-up zip
// came over the network (a copy from the browser's cache says nothing of the link) at this
// rate or faster, from its request to its last byte (bytes on the wire a millisecond: 2 MB/s,
// 16 Mbit/s).  The zip shares the link with the wasm's preload, so the link is about twice as
// fast as the rate measured.  The rate is set below where the snapshot's bytes start to pay
// because the measure understates fast links: on the loopback of a busy machine the page's
// thread, which reads the preload, and the wasm's download compete for the CPU, and a higher
// rate would leave most such visits to the zip.  docs/performance.md has the measurements.
const SNAPSHOT_LINK_BYTES_PER_MS = 2000;
// The page reports the start-up zip's preload once it has arrived, as this worker's own fetch
// of it completes; without a report in this time (no preload, no Resource Timing, a page
// too busy to report) this worker boots from the zip it has.  On a busy machine a report sent
// at once may reach a new worker well after the zip; the grace is long enough for such a
// report.  The wait costs nothing where the report comes; where none comes, the wasm is still
// downloading.
const PRELOAD_REPORT_GRACE_MS = 250;

function snapshotPays({ bytes, ms, fromNetwork }) {
  return fromNetwork && bytes > 0 && ms >= 0 && bytes >= SNAPSHOT_LINK_BYTES_PER_MS * ms;
}

async function okBytes(response) {
  const answer = await response;
  if (!answer.ok) {
    throw new Error(`${answer.url}: HTTP ${answer.status}`);
  }
  return answer.arrayBuffer();
}

/** "snapshot" or "start-up zip": how a first visit starts.  The start-up zip is fetched
 *  whole either way (the page preloads it), so a slow link loses nothing by the wait: its
 *  bytes, the wasm's and Pyodide's JavaScript share the link meanwhile. */
async function startChoice() {
  const startZip = okBytes(countedFetch(startStdlibURL));
  // Pyodide's fetch of the zip (booting or restoring: both mount it) takes these bytes.  A
  // failed download fails the load at the await below; this copy of the failure is then
  // nobody's.
  const forPyodide = startZip.then((bytes) => new Response(bytes));
  forPyodide.catch(() => {});
  early.set(startStdlibURL, forPyodide);
  await startZip;
  const grace = new Promise((resolve) => setTimeout(resolve, PRELOAD_REPORT_GRACE_MS, null));
  const timing = await Promise.race([startZipTiming, grace]);
  return timing && snapshotPays(timing) ? "snapshot" : "start-up zip";
}

const pyodideOptions = {
  indexURL: pyodideURL,
  // Packages would resolve against this, never against Pyodide's default CDN.
  packageBaseUrl: pyodideURL,
  // The lock file's header only: we load no Pyodide packages, so the stock lock
  // file, which lists them all, is neither fetched nor shipped.
  lockFileContents: { info: pyodideLockInfo, packages: {} },
};

/** How this visit started: "snapshot" or "start-up zip". */
let start;

/** The snapshot, downloaded before Python starts; null if it cannot be had (a failed
 *  download, a refused address): the start-up zip is left. */
async function snapshotImage() {
  try {
    return await okBytes(countedFetch(snapshotURL));
  } catch {
    received.delete(snapshotURL); // no part of this start's progress
    return null;
  }
}

async function bootPyodide() {
  // Every start needs Pyodide's JavaScript (and its wasm: instantiateEarlyWasm): asked for
  // now, before the choice.
  const pyodideModule = import(`${pyodideURL}pyodide.asm.mjs`);
  pyodideModule.catch(() => {}); // loadPyodide's import reports a failure
  const kept = await snapshotKept();
  if (kept) {
    // The start-up zip is mounted either way: from the kept build, beside the snapshot.
    early.set(startStdlibURL, countedFetch(startStdlibURL));
  }
  expected = downloadSizes.asm + downloadSizes.wasm + downloadSizes.start + downloadSizes.app;
  // The wasm's compile takes both cores for a while: begun only after the start-up zip has
  // come, it does not slow the download that measures the link.
  start = kept ? "snapshot" : await startChoice();
  compileWasm();
  // Python's start never reads the app's zip: over the network it is asked for once the wasm
  // has come (compiled as it streamed in), so that it takes no bandwidth from the wasm and
  // arrives while Python starts; the kept build's copy comes from the disk at once.
  const appZip = (kept ? Promise.resolve() : compiledWasm).then(() =>
    okBytes(countedFetch(appZipURL)),
  );
  appZip.catch(() => {}); // a failure fails the load at the await below
  let booted;
  if (start === "snapshot") {
    expected += downloadSizes.snapshot;
    const image = await snapshotImage();
    if (image) {
      // The build's snapshot of Pyodide's memory after the app's import (made by this very
      // Pyodide under Node, started from the same start-up zip, which is mounted again
      // here): restoring it skips Python's initialization and the app's imports.
      booted = await loadPyodide({
        ...pyodideOptions,
        stdLibURL: startStdlibURL,
        ...snapshotOptions(image, (await pyodideModule).default),
      });
    } else {
      start = "start-up zip";
      expected -= downloadSizes.snapshot;
      reportProgress(); // what has come may be all there is to come now
    }
  }
  booted ??= await loadPyodide({ ...pyodideOptions, stdLibURL: startStdlibURL });
  mountAppZip(booted, await appZip, appZipPath);
  booted.pyimport("_lazy_stdlib").install(stdlibURL, laterZipURL);
  return booted;
}

// Pyodide 314 fetches its wasm as loadPyodide begins and compiles it with
// instantiateStreaming only once its JavaScript has loaded and the snapshot (if any) has
// arrived, and on failure only logs "wasm instantiation failed!" and waits forever.  Here the wasm is downloaded from
// the moment the worker starts, and compiled from the moment bootPyodide knows how Python
// starts (compileWasm), as its bytes stream in, beside the snapshot's download; Pyodide's
// instantiateStreaming instantiates that module, and a failed compile or instantiation
// fails the load at once.  (Compiled here, off the page's thread: with the snapshot,
// compiling it on the page's thread for Chrome's code cache no longer made repeat visits
// faster, and its compile put long tasks on the page's thread.)
const wasmURL = `${pyodideURL}pyodide.asm.wasm`;
let wasmResponse; // from the worker's start
let startCompile;
/** @type {Promise<WebAssembly.Module>} */
const compiledWasm = new Promise((resolve) => {
  startCompile = resolve;
});

let compiling = false;

function compileWasm() {
  compiling = true;
  startCompile(WebAssembly.compileStreaming(wasmResponse));
}

function instantiateEarlyWasm(signal) {
  wasmResponse = countedFetch(wasmURL);
  // Pyodide's own fetch of the wasm gets an empty response, which it hands to
  // instantiateStreaming: that instantiates the module compiled here instead.
  early.set(wasmURL, Promise.resolve(new Response()));
  const { instantiateStreaming } = WebAssembly;
  signal.addEventListener("abort", () => {
    WebAssembly.instantiateStreaming = instantiateStreaming;
    if (!compiling) {
      // The load failed before the choice: the wasm's bytes would wait, unread, for ever.
      wasmResponse.then((response) => response.body?.cancel()).catch(() => {});
    }
  });
  return new Promise((_, reject) => {
    compiledWasm.catch(reject);
    WebAssembly.instantiateStreaming = (_source, imports) =>
      compiledWasm
        .then(async (module) => ({
          instance: await WebAssembly.instantiate(module, imports),
          module,
        }))
        .catch((error) => {
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

/** The started Pyodide, which the features use too. */
let pyodide;

async function bootApp() {
  pyodide = await bootPyodide();
  return pyodide.pyimport(appModule)[appEntry];
}

async function loadApp() {
  const booting = new AbortController();
  try {
    return await Promise.race([
      instantiateEarlyWasm(booting.signal), // first: in place before Pyodide fetches its wasm
      unhandledRejection(booting.signal),
      bootApp(),
    ]);
  } finally {
    booting.abort();
  }
}

/** The app's function that answers, once Python has started. */
let respondReady;

async function answer({ id, request }) {
  try {
    const respond = await respondReady;
    await laterZip; // once asked for, no answer downloads it a second time
    self.postMessage({ id, response: JSON.parse(respond(JSON.stringify(request))) });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
  fetchLaterZip();
}

/** The app's later zip, asked for once the first answer is out (no first answer waits for
 *  its bytes) and handed to Python, which the answers and features' messages after it wait
 *  for; an import that needs it sooner downloads it itself, and so does one after a failed
 *  fetch here (lazy_stdlib.py). */
let laterZip;

function fetchLaterZip() {
  laterZip ??= withLazyStdlib((lazy) => lazy.later_needed())
    .then((needed) => (needed ? okBytes(plainFetch(laterZipURL)) : null))
    .then((bytes) => bytes && withLazyStdlib((lazy) => lazy.later_arrived(new Uint8Array(bytes))))
    .catch(() => {});
}

async function withLazyStdlib(use) {
  const lazy = pyodide.pyimport("_lazy_stdlib");
  try {
    return use(lazy);
  } finally {
    lazy.destroy();
  }
}

/** @type {Record<string, Feature>} */
let features = {};

/** A message for a feature, handed over once Python has started: every message waits on the
 *  same promise, so each feature gets its messages in the order the page sent them. */
async function toFeature({ feature, message }) {
  try {
    await respondReady;
    await laterZip;
  } catch {
    return; // the page has the load's failure already
  }
  features[feature]?.(message, {
    pyodide,
    fetch: plainFetch, // a feature's downloads are no part of the start's progress
    post: (reply) => self.postMessage({ feature, message: reply }),
  });
}

/**
 * Starts Python and the app, and answers the page: called once, by the app's worker script,
 * with the app's features by name.
 * @param {Record<string, Feature>} appFeatures
 */
export function serve(appFeatures = {}) {
  features = appFeatures;
  reportViolations();
  countFetches();
  respondReady = loadApp();
  respondReady.then(
    () => self.postMessage({ type: "ready", start }),
    (error) => self.postMessage({ type: "failed", error: String(error?.message ?? error) }),
  );
  self.addEventListener("message", (event) => {
    if (event.data?.type === "preloaded") {
      notePreload(event.data);
    } else if (typeof event.data?.feature === "string") {
      toFeature(event.data);
    } else {
      answer(event.data);
    }
  });
}
