// The counted documents split again by the plan's splitter at other windows (with
// calculator.protocol.features' start_split), a bounded step a task, progress posted and a cancel heard:
// - at each window of the trade-off's grid, so that every point is the splitter's chunks,
//   measured, not the window model's (splitGrid);
// - at a re-indexing's new chunk size and overlap, comparing each document's old and new
//   chunks' texts: which keep their embedding (splitForReindex);
// - at the plan's own window, each chunk then counted in the model's own tokenizer: what the
//   model's input limit cuts, whatever tokenizer the splitter measured with (measureFit).
// Imported by count-worker.js on the first such request, which hands over its own loaders.

/** @typedef {import("./build-manifest.js").Pyodide} Pyodide */
/** @typedef {import("../../engine/worker/serve.js").FeatureWorker} FeatureWorker */

// Progress at most this often: a message per step would flood the page.
const PROGRESS_INTERVAL_MS = 500;

/**
 * The job under way of each kind ("grid", "resplit", "fit"): a newer one of a kind replaces
 * its own kind's only, so that the re-indexing's split never stops the limit's count.
 * @type {Map<string, {count: number, cancelled: boolean}>}
 */
const current = new Map();

/** A new job of `kind`: the one of that kind under way, if any, is stopped. */
function startJob(/** @type {string} */ kind, /** @type {number} */ count) {
  const under = current.get(kind);
  if (under) {
    under.cancelled = true;
  }
  const job = { count, cancelled: false };
  current.set(kind, job);
  return job;
}

/** Stop the grid split of that number, if it is the one under way. */
export function cancelGrid(/** @type {number} */ count) {
  const job = current.get("grid");
  if (job?.count === count) {
    job.cancelled = true;
  }
}

/**
 * @typedef {{
 *   attachZip: (pyodide: Pyodide, fetchPlain: typeof fetch, name: string, path: string)
 *     => Promise<Features>,
 *   counterFor: (worker: FeatureWorker, encoding: string, tokenizer: TokenizerFile | undefined)
 *     => Promise<{page: Features} | {refused: TokenizerLoaded}>,
 *   loadSplitters: (pyodide: Pyodide, fetchPlain: typeof fetch) => Promise<Features>,
 *   startDocument: (pyodide: Pyodide, page: Features, encoding: string,
 *     document: CountDocument) => Promise<{counting: TokenCounting} | {unread: true}>,
 *   nextTask: () => Promise<unknown>,
 * }} Loaders
 */

/**
 * The counter the request's documents were counted with and the splitters, loaded (and
 * first the counter `also` names, the model's); null, with the reason posted as a `type`
 * reply, when one of them cannot be.
 * @param {{count: number, encoding: string, tokenizer?: TokenizerFile}} request
 * @param {FeatureWorker} worker
 * @param {Loaders} loaders
 * @param {"grid-result" | "resplit-result" | "fit-result"} type
 * @param {string} [also]
 * @returns {Promise<{page: Features, splitting: Features} | null>}
 */
async function loadFor(request, worker, loaders, type, also) {
  const fail = (/** @type {string} */ error) => {
    const reply = /** @type {CountReply} */ ({ type, count: request.count, error });
    worker.post(reply);
    return null;
  };
  try {
    const model = also === undefined ? null : await loaders.counterFor(worker, also, undefined);
    const found = await loaders.counterFor(worker, request.encoding, request.tokenizer);
    if ("refused" in found || (model !== null && "refused" in model)) {
      return fail("tokenizer");
    }
    return {
      page: found.page,
      splitting: await loaders.loadSplitters(worker.pyodide, worker.fetch),
    };
  } catch (error) {
    return fail(String(error?.message ?? error));
  }
}

/**
 * Each window's chunks and tokens processed over every document (null for a window the
 * splitter refuses for one of them).
 * @param {GridRequest} request
 * @param {FeatureWorker} worker
 * @param {Loaders} loaders
 */
export async function splitGrid(request, worker, loaders) {
  const { pyodide, post: reply } = worker;
  const job = startJob("grid", request.count);
  const post = (/** @type {CountReply} */ message) => reply(message);
  const stopped = () => {
    if (job.cancelled) {
      post({ type: "grid-result", count: job.count, cancelled: true });
    }
    return job.cancelled;
  };
  const loaded = await loadFor(request, worker, loaders, "grid-result");
  if (!loaded) {
    return;
  }
  const { page, splitting } = loaded;
  const sums = request.windows.map(() => ({ chunks: 0, tokens: 0, refused: false }));
  const parts = request.documents.length * request.windows.length;
  let reportedAt = performance.now();
  for (const [index, document] of request.documents.entries()) {
    const started = await loaders.startDocument(pyodide, page, request.encoding, document);
    if (!("counting" in started)) {
      post({ type: "grid-result", count: job.count, error: "read" });
      return;
    }
    const { counting } = started;
    try {
      for (const [position, [size, overlap]] of request.windows.entries()) {
        const cut = splitting.start_split(
          request.splitter,
          request.encoding,
          counting,
          String(size),
          String(overlap),
        );
        try {
          while (!cut.step()) {
            const now = performance.now();
            if (now - reportedAt >= PROGRESS_INTERVAL_MS) {
              reportedAt = now;
              const share = cut.total ? cut.done / cut.total : 1;
              const done = (index * request.windows.length + position + share) / parts;
              post({ type: "grid-progress", count: job.count, done });
            }
            await loaders.nextTask();
            if (stopped()) {
              return;
            }
          }
          const figures = JSON.parse(cut.result());
          const sum = sums[position];
          if (figures.error !== undefined) {
            sum.refused = true;
          } else {
            sum.chunks += figures.chunks ?? 0;
            sum.tokens += figures.tokens_processed ?? 0;
          }
        } finally {
          cut.destroy();
        }
      }
    } finally {
      counting.destroy();
    }
    if (stopped()) {
      return;
    }
  }
  post({
    type: "grid-result",
    count: job.count,
    windows: request.windows.map(([size, overlap], position) =>
      sums[position].refused ? null : [size, overlap, sums[position].chunks, sums[position].tokens],
    ),
  });
}

/**
 * Each document split at the plan's window and at the new one, its chunks' texts kept: what
 * the re-indexing changes, summed (a ReindexPlan's fields), or null where the splitter
 * refuses a window.
 * @param {ResplitRequest} request
 * @param {FeatureWorker} worker
 * @param {Loaders} loaders
 */
export async function splitForReindex(request, worker, loaders) {
  const { pyodide, post: reply } = worker;
  const post = (/** @type {CountReply} */ message) => reply(message);
  const job = startJob("resplit", request.count);
  const loaded = await loadFor(request, worker, loaders, "resplit-result");
  if (!loaded) {
    return;
  }
  const { page, splitting } = loaded;
  const sums = [0, 0, 0, 0, 0, 0];
  for (const document of request.documents) {
    const started = await loaders.startDocument(pyodide, page, request.encoding, document);
    if (!("counting" in started)) {
      post({ type: "resplit-result", count: job.count, error: "read" });
      return;
    }
    const { counting } = started;
    /** @type {TokenSplitting[]} */
    const cuts = [];
    try {
      for (const [size, overlap] of [request.window, request.again]) {
        const cut = splitting.start_split(
          request.splitter,
          request.encoding,
          counting,
          String(size),
          String(overlap),
          true,
        );
        cuts.push(cut);
        while (!cut.step()) {
          await loaders.nextTask();
          if (job.cancelled) {
            post({ type: "resplit-result", count: job.count, cancelled: true });
            return;
          }
        }
      }
      const change = JSON.parse(splitting.split_change(cuts[0], cuts[1]));
      if (change === null) {
        post({ type: "resplit-result", count: job.count, error: "refused" });
        return;
      }
      change.forEach((value, index) => {
        sums[index] += value;
      });
    } finally {
      for (const cut of cuts) {
        cut.destroy();
      }
      counting.destroy();
    }
  }
  post({ type: "resplit-result", count: job.count, change: sums });
}

/**
 * Each document split at the plan's window with its chunks' texts kept, each chunk then
 * counted by the model's own tokenizer (one of the page's built-in counters).
 * @param {FitRequest} request
 * @param {FeatureWorker} worker
 * @param {Loaders} loaders
 */
export async function measureFit(request, worker, loaders) {
  const { pyodide, post: reply } = worker;
  const post = (/** @type {CountReply} */ message) => reply(message);
  const job = startJob("fit", request.count);
  const loaded = await loadFor(request, worker, loaders, "fit-result", request.model_tokenizer);
  if (!loaded) {
    return;
  }
  const { page, splitting } = loaded;
  /** @type {number[][]} */
  const documents = [];
  for (const document of request.documents) {
    const started = await loaders.startDocument(pyodide, page, request.encoding, document);
    if (!("counting" in started)) {
      post({ type: "fit-result", count: job.count, error: "read" });
      return;
    }
    const { counting } = started;
    const [size, overlap] = request.window;
    const cut = splitting.start_split(
      request.splitter,
      request.encoding,
      counting,
      String(size),
      String(overlap),
      true,
    );
    try {
      while (!cut.step()) {
        await loaders.nextTask();
        if (job.cancelled) {
          post({ type: "fit-result", count: job.count, cancelled: true });
          return;
        }
      }
      const lengths = JSON.parse(splitting.fit_lengths(cut, request.model_tokenizer));
      if (lengths === null) {
        post({ type: "fit-result", count: job.count, error: "refused" });
        return;
      }
      documents.push(lengths);
    } finally {
      cut.destroy();
      counting.destroy();
    }
  }
  post({ type: "fit-result", count: job.count, documents });
}
