// Counting a visitor's text in tokens, inside the calculator's worker: worker.js imports this
// module when the page first asks for a count, never at start, and hands it each of the
// feature's messages with the engine's started Pyodide (engine/worker/serve.js).
//
// The tokenizer's code (a zip of calculator._tokens) and the chosen encoding's ranks come from
// the build's tokens-<hash>/ directory on first use only; the service worker keeps them once
// fetched (sw.js, BUILD.onUse), so counting then works offline.  Text never leaves the worker:
// files are written into Pyodide's memory file system, read by Python and deleted.
//
// A document is counted a slice a call (calculator/_tokens/_page.py), each bounded in size
// whatever the text (tens of milliseconds): between slices the worker answers the
// calculator's requests, reports progress and hears a cancel.
import { appURLs } from "./build-manifest.js";

/** @typedef {import("./build-manifest.js").Pyodide} Pyodide */
/** @typedef {import("../../engine/worker/serve.js").FeatureWorker} FeatureWorker */

// The build's tokens-<hash>/ directory.
const tokensURL = appURLs.tokens;

// Where the tokenizer's zip is written in Pyodide's memory file system (beside the standard
// library, as _lazy_stdlib writes it); calculator's package path gets its "calculator" folder.
const TOKENIZER_ZIP = "/lib/tokenizer.zip";
// At most one progress message this often: each is a paint of the page's status, and a
// page holding a long text lays it out again for it.
const PROGRESS_INTERVAL_MS = 500;

/** @type {Promise<TokenCounter> | undefined} */
let counter;
/** @type {Map<string, Promise<void>>} */
const loadedEncodings = new Map();
/** @type {Set<string>} the encodings loaded (their counts start with no "loading") */
const readyEncodings = new Set();
/** @type {{count: number, cancelled: boolean} | null} */
let current = null;

/**
 * @param {typeof fetch} fetchPlain
 * @param {string} url
 */
async function fetchBytes(fetchPlain, url) {
  const response = await fetchPlain(url);
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @returns {Promise<TokenCounter>}
 */
async function loadCounter(pyodide, fetchPlain) {
  pyodide.FS.writeFile(TOKENIZER_ZIP, await fetchBytes(fetchPlain, `${tokensURL}tokenizer.zip`));
  pyodide.runPython(
    `import calculator\ncalculator.__path__.append(${JSON.stringify(`${TOKENIZER_ZIP}/calculator`)})`,
  );
  return /** @type {TokenCounter} */ (pyodide.pyimport("calculator._tokens._page"));
}

/**
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @param {string} encoding
 */
async function loadEncoding(pyodide, fetchPlain, encoding) {
  if (!counter) {
    counter = loadCounter(pyodide, fetchPlain);
    counter.catch(() => {
      counter = undefined; // tried again next time
    });
  }
  const page = await counter;
  let loaded = loadedEncodings.get(encoding);
  if (!loaded) {
    loaded = (async () => {
      const path = `/lib/${encoding}.ranks`;
      pyodide.FS.writeFile(path, await fetchBytes(fetchPlain, `${tokensURL}${encoding}.ranks`));
      try {
        page.load(encoding, path);
      } finally {
        pyodide.FS.unlink(path);
      }
    })();
    loadedEncodings.set(encoding, loaded);
    loaded.catch(() => loadedEncodings.delete(encoding)); // tried again next time
  }
  await loaded;
  readyEncodings.add(encoding);
  return page;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * @param {Pyodide} pyodide
 * @param {TokenCounter} page
 * @param {string} encoding
 * @param {CountDocument} document
 * @returns {Promise<{counting: TokenCounting} | {unread: true}>}
 */
async function startDocument(pyodide, page, encoding, document) {
  if (document.file === undefined) {
    return { counting: page.start_text(encoding, document.text ?? "") };
  }
  let bytes;
  try {
    bytes = new Uint8Array(await document.file.arrayBuffer());
  } catch {
    return { unread: true };
  }
  const path = "/lib/counted-file";
  pyodide.FS.writeFile(path, bytes);
  try {
    const dot = document.name.lastIndexOf(".");
    return { counting: page.start_file(encoding, path, dot > 0 ? document.name.slice(dot) : "") };
  } finally {
    pyodide.FS.unlink(path);
  }
}

/**
 * One count request: every document in order, a slice a task, until done or cancelled.
 * @param {CountRequest} request
 * @param {FeatureWorker} worker
 */
async function count(request, { pyodide, fetch: fetchPlain, post: reply }) {
  const job = { count: request.count, cancelled: false };
  if (current) {
    current.cancelled = true; // a newer count replaces it
  }
  current = job;
  const post = (/** @type {CountReply} */ message) => reply(message);
  const loading = !readyEncodings.has(request.encoding);
  post({ type: "count-progress", count: job.count, loading, done: 0 });
  const cancelled = () => {
    if (job.cancelled) {
      post({ type: "count-result", count: job.count, cancelled: true });
    }
    return job.cancelled;
  };
  let page;
  try {
    page = await loadEncoding(pyodide, fetchPlain, request.encoding);
  } catch (error) {
    post({ type: "count-result", count: job.count, error: String(error?.message ?? error) });
    return;
  }
  if (cancelled()) {
    return;
  }
  if (loading) {
    post({ type: "count-progress", count: job.count, done: 0 }); // counting, no longer loading
  }
  /** @type {CountedDocument[]} */
  const documents = [];
  let reportedAt = performance.now();
  for (const [index, document] of request.documents.entries()) {
    // (A Python object answers `in` for each of its attributes: the reply is wrapped.)
    const started = await startDocument(pyodide, page, request.encoding, document);
    if (!("counting" in started)) {
      documents.push({ name: document.name, error: "read" });
      continue;
    }
    const { counting } = started;
    try {
      while (!counting.step()) {
        const now = performance.now();
        if (now - reportedAt >= PROGRESS_INTERVAL_MS) {
          reportedAt = now;
          const share = counting.total ? counting.done / counting.total : 1;
          post({
            type: "count-progress",
            count: job.count,
            done: (index + share) / request.documents.length,
          });
        }
        await nextTask();
        if (cancelled()) {
          return;
        }
      }
      documents.push({ name: document.name, ...JSON.parse(counting.result()) });
    } finally {
      counting.destroy();
    }
    // Between documents too: reading a file lets a cancel in, and short ones take no slice.
    if (cancelled()) {
      return;
    }
  }
  post({ type: "count-result", count: job.count, documents });
}

/**
 * One counted document split into the calculator's chunks, for the page to draw.  The document
 * comes again from the page (its text or its File), read as it was counted; only the text of
 * the first chunks is encoded (Counting.chunks), so this takes one call, not slices.
 * @param {CountChunksRequest} request
 * @param {FeatureWorker} worker
 */
async function chunks(request, { pyodide, fetch: fetchPlain, post: reply }) {
  const post = (/** @type {CountReply} */ message) => reply(message);
  let page;
  try {
    page = await loadEncoding(pyodide, fetchPlain, request.encoding);
  } catch (error) {
    post({ type: "chunks-result", count: request.count, error: String(error?.message ?? error) });
    return;
  }
  const started = await startDocument(pyodide, page, request.encoding, request.document);
  if (!("counting" in started)) {
    post({ type: "chunks-result", count: request.count, error: "read" });
    return;
  }
  const { counting } = started;
  try {
    const view = JSON.parse(counting.chunks(request.tokens, request.chunk_size, request.overlap));
    post({ type: "chunks-result", count: request.count, view });
  } finally {
    counting.destroy();
  }
}

/**
 * A count, a cancel or a chunk view from the page (worker.js hands them over once Python is
 * ready).
 * @param {CountRequest | CountCancel | CountChunksRequest} message
 * @param {FeatureWorker} worker
 */
export function handleCount(message, worker) {
  if (message.type === "count-cancel") {
    if (current?.count === message.count) {
      current.cancelled = true;
    }
    return;
  }
  if (message.type === "count-chunks") {
    chunks(message, worker).catch((error) =>
      worker.post({
        count: message.count,
        type: "chunks-result",
        error: String(error?.message ?? error),
      }),
    );
    return;
  }
  count(message, worker).catch((error) =>
    worker.post({
      count: message.count,
      type: "count-result",
      error: String(error?.message ?? error),
    }),
  );
}
