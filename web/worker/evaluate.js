// Measuring retrieval on the counter's documents with the visitor's questions
// (calculator.protocol.features' start_evaluation), in the calculator's worker, a bounded
// step a task: between steps the worker answers the calculator's requests, posts progress
// and hears a cancel, so a cancel takes effect within a step (tens of milliseconds).
//
// The evaluation's code (retrieval.zip) and, for WordLlama, its table of the chosen
// dimensions and its tokenizer come from the build's tokens-<hash>/ directory on the first
// evaluation that needs them; nothing of them is fetched before.  The documents and the
// questions never leave the worker.  Imported by count-worker.js on the first request, which
// hands over its own loaders.

/** @typedef {import("./build-manifest.js").Pyodide} Pyodide */
/** @typedef {import("../../engine/worker/serve.js").FeatureWorker} FeatureWorker */
/** @typedef {import("./split-again.js").Loaders} Loaders */

import { appURLs } from "./build-manifest.js";

const tokensURL = appURLs.tokens;
const RETRIEVAL_ZIP = "/lib/retrieval.zip";
// Progress at most this often: a message per step would flood the page.
const PROGRESS_INTERVAL_MS = 250;

/** @type {Promise<Features> | undefined} the features, once the evaluation's zip is attached */
let module;
/** @type {Map<number, Promise<void>>} WordLlama's tables by their dimensions */
const tables = new Map();
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
 * The features with the evaluation's zip, fetched and put on calculator's path once.
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @param {Loaders} loaders
 */
function loadModule(pyodide, fetchPlain, loaders) {
  module ??= loaders.attachZip(pyodide, fetchPlain, "retrieval.zip", RETRIEVAL_ZIP);
  module.catch(() => {
    module = undefined; // tried again next time
  });
  return module;
}

/**
 * WordLlama of `dimensions` loaded in Python (its files fetched, written, read, deleted).
 * @param {Pyodide} pyodide
 * @param {typeof fetch} fetchPlain
 * @param {Features} page
 * @param {number} dimensions
 */
function loadWordllama(pyodide, fetchPlain, page, dimensions) {
  let loaded = tables.get(dimensions);
  if (!loaded || !page.wordllama_loaded(dimensions)) {
    loaded = (async () => {
      const table = `/lib/wordllama-${dimensions}.f16`;
      const tokenizer = "/lib/wordllama-tokenizer.json";
      const [tableBytes, tokenizerBytes] = await Promise.all([
        fetchBytes(fetchPlain, `${tokensURL}wordllama-${dimensions}.f16`),
        fetchBytes(fetchPlain, `${tokensURL}wordllama-tokenizer.json`),
      ]);
      pyodide.FS.writeFile(table, tableBytes);
      pyodide.FS.writeFile(tokenizer, tokenizerBytes);
      try {
        page.use_wordllama(table, tokenizer, dimensions);
      } finally {
        pyodide.FS.unlink(table);
        pyodide.FS.unlink(tokenizer);
      }
    })();
    tables.clear(); // one model a page: another dimension replaces it
    tables.set(dimensions, loaded);
    loaded.catch(() => tables.delete(dimensions));
  }
  return loaded;
}

/**
 * The built-in example (the build's examples/ folder beside the tokenizer): its documents
 * and its evaluation set in `language` (English when there is none).
 * @param {typeof fetch} fetchPlain
 * @param {string} language
 * @returns {Promise<{documents: CountDocument[], set: string}>}
 */
async function exampleOf(fetchPlain, language) {
  const decoder = new TextDecoder();
  const index = JSON.parse(
    decoder.decode(await fetchBytes(fetchPlain, `${tokensURL}examples/index.json`)),
  );
  const questions = index.questions[language] ?? index.questions.en;
  const texts = await Promise.all(
    [questions, ...index.documents].map(async (name) =>
      decoder.decode(await fetchBytes(fetchPlain, `${tokensURL}examples/${name}`)),
    ),
  );
  const [set, ...documents] = texts;
  return {
    set,
    documents: index.documents.map((/** @type {string} */ name, /** @type {number} */ at) => ({
      name,
      text: documents[at],
    })),
  };
}

/** Stop the evaluation of that number, if it is the one under way. */
export function cancelEvaluation(/** @type {number} */ count) {
  if (current?.count === count) {
    current.cancelled = true;
  }
}

/**
 * The evaluation a page asked for: progress posted as "evaluate-progress" (the share done,
 * and what is being done), then one "evaluate-result": the settings' measures, the set's
 * error, a failure, or `cancelled`.
 * @param {EvaluateRequest} request
 * @param {FeatureWorker} worker
 * @param {Loaders} loaders
 */
export async function evaluate(request, worker, loaders) {
  const { pyodide, fetch: fetchPlain, post: reply } = worker;
  if (current) {
    current.cancelled = true; // a newer evaluation replaces it
  }
  const job = { count: request.count, cancelled: false };
  current = job;
  const post = (/** @type {CountReply} */ message) => reply(message);
  const stopped = () => {
    if (job.cancelled) {
      post({ type: "evaluate-result", count: job.count, cancelled: true });
    }
    return job.cancelled;
  };
  const found = await loaders.counterFor(worker, request.encoding, request.tokenizer);
  if ("refused" in found) {
    post({ type: "evaluate-result", count: job.count, error: "tokenizer" });
    return;
  }
  await loaders.loadSplitters(pyodide, fetchPlain);
  const page = await loadModule(pyodide, fetchPlain, loaders);
  if (stopped()) {
    return;
  }
  if (request.retriever !== "bm25") {
    post({ type: "evaluate-progress", count: job.count, done: 0, loading: "wordllama" });
    await loadWordllama(pyodide, fetchPlain, page, request.dimensions);
    if (stopped()) {
      return;
    }
  }
  let { documents, set } = request;
  /** @type {{set: string} | undefined} */
  let example;
  if (request.example) {
    ({ documents, set } = await exampleOf(fetchPlain, request.example));
    example = { set };
    if (stopped()) {
      return;
    }
  }
  /** @type {EvaluationRequest} */
  const asked = {
    set,
    format: request.format,
    retriever: request.retriever,
    top_k: request.top_k,
    encoding: request.encoding,
    splitter: request.splitter,
    chunk_size: request.chunk_size,
    overlap: request.overlap,
    tradeoff: request.tradeoff,
  };
  const run = page.start_evaluation(JSON.stringify(asked));
  /** @type {TokenCounting[]} */
  const countings = [];
  try {
    for (const document of documents) {
      const started = await loaders.startDocument(pyodide, found.page, request.encoding, document);
      if (!("counting" in started)) {
        post({ type: "evaluate-result", count: job.count, error: "read" });
        return;
      }
      countings.push(started.counting);
      run.add(document.name, started.counting);
      if (stopped()) {
        return;
      }
    }
    const read = JSON.parse(run.questions());
    if (read.error) {
      post({ type: "evaluate-result", count: job.count, setError: read.error, example });
      return;
    }
    let reportedAt = performance.now();
    while (!run.step()) {
      const now = performance.now();
      if (now - reportedAt >= PROGRESS_INTERVAL_MS) {
        reportedAt = now;
        post({ type: "evaluate-progress", count: job.count, done: run.done / run.total });
      }
      await loaders.nextTask();
      if (stopped()) {
        return;
      }
    }
    post({
      type: "evaluate-result",
      count: job.count,
      answer: JSON.parse(run.result()),
      example,
    });
  } finally {
    run.destroy();
    for (const counting of countings) {
      counting.destroy();
    }
    if (current === job) {
      current = null;
    }
  }
}
