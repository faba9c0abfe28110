// What the counting panel's modules share (count.js counts, chunks.js draws and splits,
// sample.js turns the counts into a sample and into the calculator's corpus): the worker's
// channel for counting, the panel, the count shown and who follows it, and the chunk size and
// overlap of the results shown.
import { calculator } from "../boot.js";
import { formatter } from "../page-context.js";
import { lastAnswer, onAnswer } from "../requests.js";

/** The worker side of counting (web/worker/count-worker.js), through the engine. */
export const counting = calculator.feature("count");
export const panel = /** @type {HTMLElement} */ (document.querySelector("[data-count]"));

/** The panel's element for `selector` (the template has it). */
export const $ = (/** @type {string} */ selector) =>
  /** @type {HTMLElement} */ (panel.querySelector(selector));

/** A count as the page writes integers ("1,234" in en). */
export const integer = (/** @type {number | string | undefined} */ value) =>
  formatter.integer(String(value));

/** Send a message to the counting worker once Python is there (a failed start is shown with
 *  the results, requests.js, with its retry button). */
export function post(/** @type {CountMessage} */ message) {
  calculator.ready.then(() => counting.post(message)).catch(() => {});
}

/**
 * The count shown: what was asked (its documents, the encoding and tokenizer file) and what
 * the worker counted of each.
 * @typedef {{request: CountRequest, documents: CountedDocument[]}} ShownCount
 */

/** @type {ShownCount | null} */
let shown = null;
/** @type {((count: ShownCount | null) => void)[]} */
const shownListeners = [];

/** The count shown (null before one, or once the text is gone). */
export function shownCount() {
  return shown;
}

/** Show another count: every module that follows it hears of it. */
export function setShownCount(/** @type {ShownCount | null} */ count) {
  shown = count;
  for (const listener of shownListeners) {
    listener(count);
  }
}

/** Follow the count shown. */
export function onShownCount(/** @type {(count: ShownCount | null) => void} */ listener) {
  shownListeners.push(listener);
}

/** The counted documents of a count (those with figures), each with its place in the count.
 * @param {ShownCount | null} count
 * @returns {{index: number, document: CountDocument, figures: CountedDocument}[]} */
export function countedDocuments(count) {
  if (!count) {
    return [];
  }
  return count.documents.flatMap((figures, index) =>
    figures.error === undefined
      ? [{ index, document: count.request.documents[index], figures }]
      : [],
  );
}

/**
 * The chunk size and overlap of the results shown last, with the corpus's chunks and tokens
 * processed, as the calculator's answer gives them (integer strings); null while the results
 * are invalid or stale.
 * @typedef {{chunk_size: string, overlap: string, chunks: string, tokens_processed: string}} Chunking
 */

/** @param {import("answer-types").Answer | null} answer
 *  @returns {Chunking | null} */
function chunkingOf(answer) {
  const result = answer?.panels?.main === "stale" ? null : answer?.result;
  return result
    ? {
        chunk_size: String(result.chunk_size),
        overlap: String(result.overlap),
        chunks: String(result.chunks),
        tokens_processed: String(result.tokens_processed),
      }
    : null;
}

let chunking = chunkingOf(lastAnswer());
/** @type {((chunking: Chunking) => void)[]} */
const chunkingListeners = [];

/** The results' chunking (null before a valid answer). */
export function currentChunking() {
  return chunking;
}

/** Follow the results: called with each valid answer's chunking. */
export function onChunking(/** @type {(chunking: Chunking) => void} */ listener) {
  chunkingListeners.push(listener);
}

onAnswer((answer) => {
  const next = chunkingOf(answer);
  if (next) {
    chunking = next;
    for (const listener of chunkingListeners) {
      listener(next);
    }
  }
});

/** @type {((running: boolean) => void)[]} */
const runningListeners = [];

/** A count starts (true) or ends (false): what it will replace is not to be used meanwhile. */
export function setCountRunning(/** @type {boolean} */ running) {
  for (const listener of runningListeners) {
    listener(running);
  }
}

/** Follow whether a count runs. */
export function onCountRunning(/** @type {(running: boolean) => void} */ listener) {
  runningListeners.push(listener);
}

/**
 * Each splitter's figures of every counted document (in the order of countedDocuments), for
 * the sample counted and chunked as `key` says (chunks.js's).
 * @typedef {{key: string, figures: Record<string, SplitFigures[]>}} Splits
 */

/** @type {Splits} */
let splits = { key: "", figures: {} };
/** @type {((splits: Splits) => void)[]} */
const splitsListeners = [];

/** The splitters' figures of the sample so far. */
export function currentSplits() {
  return splits;
}

/** Another splitter has cut the whole sample (or a new sample has none yet). */
export function setSplits(
  /** @type {string} */ key,
  /** @type {Record<string, SplitFigures[]>} */ figures,
) {
  splits = { key, figures };
  for (const listener of splitsListeners) {
    listener(splits);
  }
}

/** Follow the splitters' figures. */
export function onSplits(/** @type {(splits: Splits) => void} */ listener) {
  splitsListeners.push(listener);
}

/** What the sample's split figures depend on: the count shown and the results' chunking. */
export function sampleKey() {
  const chunking = currentChunking();
  return JSON.stringify([shown?.request.count, chunking?.chunk_size, chunking?.overlap]);
}
