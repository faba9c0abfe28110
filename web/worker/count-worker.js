// Counting a visitor's text in tokens, inside the calculator's worker: worker.js imports this
// module when the page first asks for a count, never at start, and hands it each of the
// feature's messages with the engine's started Pyodide (engine/worker/serve.js).
//
// The tokenizer's code (a zip of calculator._tokens) and the chosen encoding's ranks come from
// the build's tokens-<hash>/ directory on first use only; the service worker keeps them once
// fetched (sw.js, BUILD.onUse), so counting then works offline.  Text never leaves the worker:
// files are written into Pyodide's memory file system, read by Python and deleted.
//
// All it calls of Python is calculator.protocol.features (typed in web/types/features.d.ts,
// generated from Python), which puts each fetched zip on the package's path (attach).
// A document is counted a slice a call (start_text, start_file), each bounded in size
// whatever the text (tens of milliseconds): between slices the worker answers the
// calculator's requests, reports progress and hears a cancel.  Splitting a counted document
// as a splitter cuts it goes the same way (start_split): the splitters' zip comes from
// tokens-<hash>/ when the page first asks for a split.
//
// A tokenizer.json the visitor picked is read here from its File, kept in Python's memory
// under the page's name for it (load_tokenizer) until the page says to forget it; it is never
// written anywhere else.
import { appURLs } from "./build-manifest.js";

/** @typedef {import("./build-manifest.js").Pyodide} Pyodide */
/** @typedef {import("../../engine/worker/serve.js").FeatureWorker} FeatureWorker */

// The build's tokens-<hash>/ directory.
const tokensURL = appURLs.tokens;

// The features' module (calculator.protocol's), imported with the first zip, never at start.
const FEATURES = "calculator.protocol.features";
// Where the tokenizer's zip is written in Pyodide's memory file system (beside the standard
// library, as _lazy_stdlib writes it); calculator's package path gets its "calculator" folder.
const TOKENIZER_ZIP = "/lib/tokenizer.zip";
const SPLITTERS_ZIP = "/lib/splitters.zip";
// A tokenizer.json larger than this is refused before it is read: the largest models' files
// are a few tens of megabytes, and Python's copy of the text and its vocabulary take several
// times the file's size.
const TOKENIZER_MAX_BYTES = 64 * 2 ** 20;
// At most one progress message this often: each is a paint of the page's status, and a
// page holding a long text lays it out again for it.
const PROGRESS_INTERVAL_MS = 500;

/** @type {Promise<Features> | undefined} the features, once the tokenizer's zip is attached */
let counter;
/** @type {Map<string, Promise<void>>} */
const loadedEncodings = new Map();
/** @type {Set<string>} the encodings loaded (their counts start with no "loading") */
const readyEncodings = new Set();
/** @type {{count: number, cancelled: boolean} | null} */
let current = null;
/** @type {{count: number, cancelled: boolean} | null} the split under way */
let currentSplit = null;
/** @type {Promise<Features> | undefined} the features, once the splitters' zip is attached */
let splitters;
/** @type {Promise<typeof import("./split-again.js")> | undefined} the trade-off's grid split,
 *  imported on its first request */
let grid;
/** @type {Promise<typeof import("./evaluate.js")> | undefined} the evaluation, imported on its
 *  first request */
let evaluation;
/** @type {Map<string, Promise<TokenizerLoaded>>} the tokenizer.json files by the page's name */
const tokenizers = new Map();

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
 * The zip of `name` fetched, written at `path` and put on calculator's path.
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @param {string} name
 * @param {string} path
 */
async function attachZip(pyodide, fetchPlain, name, path) {
  pyodide.FS.writeFile(path, await fetchBytes(fetchPlain, `${tokensURL}${name}`));
  const features = /** @type {Features} */ (pyodide.pyimport(FEATURES));
  features.attach(path);
  return features;
}

/**
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @param {string} encoding
 */
async function loadEncoding(pyodide, fetchPlain, encoding) {
  const page = await loadCounterOnce(pyodide, fetchPlain);
  let loaded = loadedEncodings.get(encoding);
  if (!loaded) {
    loaded = (async () => {
      const path = `/lib/${encoding}.ranks`;
      pyodide.FS.writeFile(path, await fetchBytes(fetchPlain, `${tokensURL}${encoding}.ranks`));
      try {
        page.load_encoding(encoding, path);
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

/**
 * The tokenizer of a picked tokenizer.json, loaded once under the page's name for it: its
 * name, or why it cannot count (the file's size, its encoding, or Python's reason).
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @param {TokenizerFile} tokenizer
 * @returns {Promise<TokenizerLoaded>}
 */
function loadTokenizer(pyodide, fetchPlain, tokenizer) {
  let loaded = tokenizers.get(tokenizer.name);
  if (!loaded) {
    loaded = (async () => {
      if (tokenizer.file.size > TOKENIZER_MAX_BYTES) {
        return { error: "too_large", message: `${tokenizer.file.size} bytes` };
      }
      const page = await loadCounterOnce(pyodide, fetchPlain);
      let bytes;
      try {
        bytes = await tokenizer.file.arrayBuffer();
      } catch (error) {
        return { error: "read", message: String(/** @type {Error} */ (error)?.message ?? error) };
      }
      let text;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        return { error: "invalid", reason: "not_utf8", message: "not UTF-8 text" };
      }
      return JSON.parse(page.load_tokenizer(tokenizer.name, text));
    })();
    tokenizers.set(tokenizer.name, loaded);
    loaded.catch(() => tokenizers.delete(tokenizer.name)); // tried again next time
  }
  return loaded;
}

/**
 * The counter module, its code fetched on first use.
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 */
function loadCounterOnce(pyodide, fetchPlain) {
  if (!counter) {
    counter = attachZip(pyodide, fetchPlain, "tokenizer.zip", TOKENIZER_ZIP);
    counter.catch(() => {
      counter = undefined; // tried again next time
    });
  }
  return counter;
}

/**
 * The features with the splitters' zip (fetched on first use), once the counter's is loaded.
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @returns {Promise<Features>}
 */
function loadSplitters(pyodide, fetchPlain) {
  if (!splitters) {
    splitters = (async () => {
      await loadCounterOnce(pyodide, fetchPlain);
      return attachZip(pyodide, fetchPlain, "splitters.zip", SPLITTERS_ZIP);
    })();
    splitters.catch(() => {
      splitters = undefined; // tried again next time
    });
  }
  return splitters;
}

/**
 * The counter of a request: a built-in encoding's, or the picked tokenizer.json's (null
 * and its reason when that one cannot count).
 * @param {FeatureWorker} worker
 * @param {string} encoding
 * @param {TokenizerFile | undefined} tokenizer
 * @returns {Promise<{page: Features} | {refused: TokenizerLoaded}>}
 */
async function counterFor({ pyodide, fetch: fetchPlain }, encoding, tokenizer) {
  if (!tokenizer) {
    return { page: await loadEncoding(pyodide, fetchPlain, encoding) };
  }
  const loaded = await loadTokenizer(pyodide, fetchPlain, tokenizer);
  if (loaded.error !== undefined) {
    return { refused: loaded };
  }
  readyEncodings.add(encoding);
  return { page: await loadCounterOnce(pyodide, fetchPlain) };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * @param {Pyodide} pyodide
 * @param {Features} page
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
async function count(request, worker) {
  const { pyodide, post: reply } = worker;
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
    const found = await counterFor(worker, request.encoding, request.tokenizer);
    if ("refused" in found) {
      post({ type: "count-result", count: job.count, tokenizer: found.refused });
      return;
    }
    page = found.page;
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
      if (counting.refused !== undefined) {
        // The tokenizer.json refused this text as it counted it (a normalizer that would
        // make it too long): said next to the file's field, as a refusal on loading is.
        post({ type: "count-result", count: job.count, tokenizer: JSON.parse(counting.refused) });
        return;
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
async function chunks(request, worker) {
  const { pyodide, post: reply } = worker;
  const post = (/** @type {CountReply} */ message) => reply(message);
  let page;
  try {
    const found = await counterFor(worker, request.encoding, request.tokenizer);
    if ("refused" in found) {
      post({ type: "chunks-result", count: request.count, error: "tokenizer" });
      return;
    }
    page = found.page;
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
 * One split request: the sample's documents cut by each splitter in turn (the chosen one first,
 * the drawn document first), a bounded step a task, until done or cancelled.  The drawn
 * document's first chunks are posted as soon as the chosen splitter has cut it, each
 * splitter's figures of every document once it has cut them all.
 * @param {SplitRequest} request
 * @param {FeatureWorker} worker
 */
async function split(request, worker) {
  const { pyodide, fetch: fetchPlain, post: reply } = worker;
  const job = { count: request.count, cancelled: false };
  if (currentSplit) {
    currentSplit.cancelled = true; // a newer split replaces it
  }
  currentSplit = job;
  const post = (/** @type {CountReply} */ message) => reply(message);
  const cancelled = () => {
    if (job.cancelled) {
      post({ type: "split-result", count: job.count, cancelled: true });
    }
    return job.cancelled;
  };
  /** @type {Features} the features, with the splitters' zip attached */
  let page;
  try {
    const found = await counterFor(worker, request.encoding, request.tokenizer);
    if ("refused" in found) {
      post({ type: "split-result", count: job.count, error: "tokenizer" });
      return;
    }
    page = await loadSplitters(pyodide, fetchPlain);
  } catch (error) {
    post({ type: "split-result", count: job.count, error: String(error?.message ?? error) });
    return;
  }
  const order = [
    request.drawn,
    ...[...request.documents.keys()].filter((index) => index !== request.drawn),
  ];
  const parts = request.splitters.length * order.length;
  let reportedAt = performance.now();
  for (const [splitterIndex, splitter] of request.splitters.entries()) {
    /** @type {SplitFigures[]} */
    const figures = [];
    for (const [position, index] of order.entries()) {
      if (cancelled()) {
        return;
      }
      const started = await startDocument(
        pyodide,
        page,
        request.encoding,
        request.documents[index],
      );
      if (!("counting" in started)) {
        figures[index] = { error: { key: "read", params: {}, integer_params: [] } };
        continue;
      }
      const { counting } = started;
      const cut = page.start_split(
        splitter,
        request.encoding,
        counting,
        request.chunk_size,
        request.overlap,
      );
      try {
        while (!cut.step()) {
          const now = performance.now();
          if (now - reportedAt >= PROGRESS_INTERVAL_MS) {
            reportedAt = now;
            const share = cut.total ? cut.done / cut.total : 1;
            const done = (splitterIndex * order.length + position + share) / parts;
            post({ type: "split-progress", count: job.count, done });
          }
          await nextTask();
          if (cancelled()) {
            return;
          }
        }
        figures[index] = JSON.parse(cut.result());
        if (splitterIndex === 0 && index === request.drawn) {
          post({
            type: "split-view",
            count: job.count,
            view: JSON.parse(cut.view(request.tokens)),
          });
        }
      } finally {
        cut.destroy();
        counting.destroy();
      }
    }
    post({ type: "split-figures", count: job.count, splitter, documents: figures });
  }
  post({ type: "split-result", count: job.count });
}

/**
 * The sample's figures (describe_sample), for a page that has counted text: the request
 * and the answer are JSON text.
 * @param {SampleRequest} request
 * @param {FeatureWorker} worker
 */
function sample(request, { pyodide, post }) {
  const features = /** @type {Features} */ (pyodide.pyimport(FEATURES));
  try {
    const figures = JSON.parse(features.describe_sample(request.request));
    post({ type: "sample-result", count: request.count, figures });
  } catch (error) {
    post({ type: "sample-result", count: request.count, error: String(error?.message ?? error) });
  }
}

/**
 * Drop a tokenizer.json the page no longer uses.
 * @param {TokenizerForget} message
 * @param {FeatureWorker} worker
 */
async function forget(message, { pyodide, fetch: fetchPlain }) {
  const loaded = tokenizers.get(message.name);
  tokenizers.delete(message.name);
  readyEncodings.delete(message.name);
  if (loaded) {
    await loaded.catch(() => undefined);
    (await loadCounterOnce(pyodide, fetchPlain)).forget_tokenizer(message.name);
  }
}

/**
 * A job of split-again.js (imported on the first), given this module's loaders; a failure
 * is posted as its `type` reply.
 * @param {number} count
 * @param {FeatureWorker} worker
 * @param {"grid-result" | "resplit-result" | "fit-result"} type
 * @param {(module: typeof import("./split-again.js"), loaders: import("./split-again.js").Loaders) => Promise<void>} run
 */
function splitAgain(count, worker, type, run) {
  grid ??= import("./split-again.js");
  const loaders = { attachZip, counterFor, loadSplitters, startDocument, nextTask };
  grid
    .then((module) => run(module, loaders))
    .catch((error) => worker.post({ count, type, error: String(error?.message ?? error) }));
}

/**
 * A count, a cancel, a chunk view, a split, a sample or a tokenizer to forget from the page
 * (worker.js hands them over once Python is ready).
 * @param {CountMessage} message
 * @param {FeatureWorker} worker
 */
export function handleCount(message, worker) {
  if (message.type === "count-cancel") {
    if (current?.count === message.count) {
      current.cancelled = true;
    }
    return;
  }
  if (message.type === "split-cancel") {
    if (currentSplit?.count === message.count) {
      currentSplit.cancelled = true;
    }
    return;
  }
  if (message.type === "count-forget") {
    forget(message, worker).catch(() => {}); // nothing kept, nothing to drop
    return;
  }
  if (message.type === "count-sample") {
    sample(message, worker);
    return;
  }
  if (message.type === "count-split") {
    split(message, worker).catch((error) =>
      worker.post({
        count: message.count,
        type: "split-result",
        error: String(error?.message ?? error),
      }),
    );
    return;
  }
  if (message.type === "grid-cancel") {
    grid?.then((module) => module.cancelGrid(message.count));
    return;
  }
  if (message.type === "count-fit") {
    splitAgain(message.count, worker, "fit-result", (module, loaders) =>
      module.measureFit(message, worker, loaders),
    );
    return;
  }
  if (message.type === "count-resplit") {
    splitAgain(message.count, worker, "resplit-result", (module, loaders) =>
      module.splitForReindex(message, worker, loaders),
    );
    return;
  }
  if (message.type === "count-grid") {
    splitAgain(message.count, worker, "grid-result", (module, loaders) =>
      module.splitGrid(message, worker, loaders),
    );
    return;
  }
  if (message.type === "count-evaluate") {
    evaluation ??= import("./evaluate.js");
    const loaders = { attachZip, counterFor, loadSplitters, startDocument, nextTask };
    const { count } = message;
    evaluation
      .then((module) => module.evaluate(message, worker, loaders))
      .catch((error) => worker.post({ count, type: "evaluate-result", error: String(error) }));
    return;
  }
  if (message.type === "evaluate-cancel") {
    evaluation?.then((module) => module.cancelEvaluation(message.count));
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
