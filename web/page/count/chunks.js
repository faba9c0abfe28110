// "Your text in chunks": one counted document drawn as it is cut, by the calculator's window
// model (its chunk size and overlap, at the tokenizer's real token positions) or by a splitter
// that pipelines run (LangChain's recursive or Markdown splitter, LlamaIndex's sentence
// splitter), cut by the worker a slice at a time (calculator/_splitters/_page.py).  A splitter
// chosen cuts every counted document with each splitter in turn, the chosen one first: the
// sample's figures beside the window model's (sample.js paints them, with the corpus's).
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { fill } from "../../pure/format.js";
import { facts, formatter, strings } from "../page-context.js";
import {
  $,
  countedDocuments,
  counting,
  currentChunking,
  integer,
  onChunking,
  onShownCount,
  post,
  sampleKey,
  setSplits,
  shownCount,
} from "./count-shared.js";

const chunksView = $("[data-count-chunks]");
const chunksDocument = /** @type {HTMLSelectElement} */ ($("[data-count-chunks-document]"));
const splitterChoice = /** @type {HTMLSelectElement} */ ($("[data-count-splitter]"));
const splitterAbout = $("[data-count-splitter-about]");
const splitStatus = $("[data-count-split-status]");
const splitCancel = $("[data-count-split-cancel]");
const chunksSummary = $("[data-count-chunks-summary]");
const chunksShown = $("[data-count-chunks-shown]");
const chunksText = $("[data-count-chunks-text]");

// The window model's choice; the others are calculator/_splitters' names.
const [WINDOW, ...SPLITTERS] = facts.chunkers;
// Ratios come from Python with at most this many decimals (calculator/protocol/_sample.py).
const RATIO_DECIMALS = 3;

let chunksNumber = 0;
/** What the chunk view shows or was asked for (the same request is not sent twice). */
let chunksKey = "";
let splitNumber = 0;
/** The split under way: its number, and whether its figures are the whole sample's. */
let splitJob = { count: -1, sample: true };
/** @type {{key: string, figures: Map<string, SplitFigures[]>}} each splitter's figures of the
 *  sample counted and chunked as `key` says */
let splits = { key: "", figures: new Map() };

/** The select lists the shown count's documents that have a count; the choice is kept by name. */
function chooseDocuments() {
  const chosen = chunksDocument.selectedOptions[0]?.textContent;
  const options = countedDocuments(shownCount()).map(({ index, figures }) => {
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = figures.name;
    option.selected = figures.name === chosen;
    return option;
  });
  chunksDocument.replaceChildren(...options);
  requestView();
}

/** Draw the chosen document as the chosen splitter (or the window model) cuts it, unless the
 *  view shows it already. */
function requestView() {
  const count = shownCount();
  const chunking = currentChunking();
  const index = Number(chunksDocument.value);
  const item = count?.documents[index];
  const splitter = splitterChoice.value;
  writeText(splitterAbout, strings[`count.splitter_about.${splitter}`]);
  if (!count || !chunking || !item || item.error !== undefined) {
    chunksKey = "";
    chunksNumber += 1; // a reply still coming is for a view no longer wanted
    stopSplit();
    writeHidden(chunksView, !count || !item);
    return;
  }
  writeHidden(chunksView, false);
  const key = JSON.stringify([sampleKey(), index, splitter]);
  if (key === chunksKey) {
    return;
  }
  chunksKey = key;
  chunksNumber += 1;
  if (splitter === WINDOW) {
    stopSplit();
    /** @type {CountChunksRequest} */
    const request = {
      type: "count-chunks",
      count: chunksNumber,
      encoding: count.request.encoding,
      document: count.request.documents[index],
      tokens: String(item.tokens),
      chunk_size: chunking.chunk_size,
      overlap: chunking.overlap,
    };
    if (count.request.tokenizer) {
      request.tokenizer = count.request.tokenizer;
    }
    post(request);
    return;
  }
  requestSplit(index, splitter);
}

/** Cut the sample with `splitter` first (drawing document `index`), then with each splitter
 *  whose figures of this sample are missing; with none missing, only the drawing. */
function requestSplit(/** @type {number} */ index, /** @type {string} */ splitter) {
  const count = shownCount();
  const chunking = currentChunking();
  if (!count || !chunking) {
    return;
  }
  const key = sampleKey();
  if (splits.key !== key) {
    splits = { key, figures: new Map() };
    setSplits(key, {});
  }
  const missing = SPLITTERS.filter((name) => name !== splitter && !splits.figures.has(name));
  const whole = !splits.figures.has(splitter) || missing.length > 0;
  const counted = countedDocuments(count);
  const documents = whole ? counted : counted.filter((item) => item.index === index);
  stopSplit();
  splitNumber += 1;
  splitJob = { count: splitNumber, sample: whole };
  writeText(splitStatus, strings["count.split_loading"]);
  writeHidden(splitCancel, false);
  /** @type {SplitRequest} */
  const request = {
    type: "count-split",
    count: splitNumber,
    encoding: count.request.encoding,
    documents: documents.map((item) => item.document),
    drawn: documents.findIndex((item) => item.index === index),
    tokens: String(count.documents[index].tokens),
    splitters: [splitter, ...(whole ? missing : [])],
    chunk_size: chunking.chunk_size,
    overlap: chunking.overlap,
  };
  if (count.request.tokenizer) {
    request.tokenizer = count.request.tokenizer;
  }
  post(request);
}

/** The split under way, if any, is dropped. */
function stopSplit() {
  if (splitJob.count < 0) {
    return;
  }
  post({ type: "split-cancel", count: splitJob.count });
  splitJob = { count: -1, sample: true };
  writeHidden(splitCancel, true);
  writeText(splitStatus, "");
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.type === "chunks-result") {
    showWindows(reply);
    return;
  }
  if (!reply.type.startsWith("split-") || reply.count !== splitJob.count) {
    return; // the count's, or a split the visitor has moved on from
  }
  if (reply.type === "split-progress") {
    const percent = formatter.percent(String(Math.floor(reply.done * 100) / 100));
    writeText(splitStatus, fill(strings["count.split_progress"], { percent }));
  } else if (reply.type === "split-view") {
    showSplit(reply.view);
  } else if (reply.type === "split-figures") {
    if (splitJob.sample) {
      splits.figures.set(reply.splitter, reply.documents);
      setSplits(splits.key, Object.fromEntries(splits.figures));
    }
  } else if (reply.type === "split-result") {
    writeHidden(splitCancel, true);
    splitJob = { count: -1, sample: true };
    if (reply.cancelled) {
      writeText(splitStatus, strings["count.split_cancelled"]);
    } else if (reply.error !== undefined) {
      chunksKey = ""; // asked again on the next change
      writeText(splitStatus, strings["count.split_failed"]);
    } else {
      writeText(splitStatus, "");
    }
  }
}

/** The window model's view of the chosen document.
 * @param {Extract<CountReply, {type: "chunks-result"}>} reply */
function showWindows(reply) {
  if (reply.count !== chunksNumber) {
    return; // a view the visitor has moved on from
  }
  const view = reply.view;
  if (!view) {
    chunksKey = ""; // asked again on the next change
    writeText(chunksSummary, strings["count.chunks_failed"]);
    writeHidden(chunksShown, true);
    chunksText.replaceChildren();
    return;
  }
  writeText(
    chunksSummary,
    // Counted with their nouns (plural.*): "1 token → 1 chunk of 16 tokens", "2 fragmenty".
    fill(strings["count.chunks_summary"], {
      tokens: formatter.count(strings["plural.tokens"], String(view.tokens)),
      chunks: formatter.count(strings["plural.chunks"], String(view.chunks)),
      chunk_size: formatter.count(strings["plural.tokens"], String(view.chunk_size)),
      overlap: integer(view.overlap),
    }),
  );
  writeData(chunksSummary, "chunks", String(view.chunks));
  writeData(chunksSummary, "splitter", WINDOW);
  writeData(chunksSummary, "ratio", "");
  showShown(view.shown, view.chunks);
  const starts = view.windows.map((window) => window[2]);
  chunksText.replaceChildren(...chunkNodes(view.segments, starts, windowMarker));
}

/** A splitter's view of the chosen document.
 * @param {SplitView} view */
function showSplit(view) {
  const item = shownCount()?.documents[Number(chunksDocument.value)];
  const tokens = String(item?.tokens ?? 0);
  if (view.error) {
    const minimum = integer(view.error.params.minimum ?? "");
    writeText(chunksSummary, fill(strings["count.split_refused"], { minimum }));
  } else {
    const ratio = view.chunks_ratio;
    writeText(
      chunksSummary,
      fill(strings["count.split_summary"], {
        tokens: formatter.count(strings["plural.tokens"], tokens),
        chunks: formatter.count(strings["plural.chunks"], String(view.chunks)),
        window_chunks: formatter.count(strings["plural.chunks"], String(view.window.chunks)),
        ratio: ratio === null ? "—" : formatter.decimal(ratio, RATIO_DECIMALS),
      }),
    );
  }
  writeData(chunksSummary, "chunks", view.error ? "" : String(view.chunks));
  writeData(chunksSummary, "splitter", view.splitter);
  writeData(chunksSummary, "ratio", view.chunks_ratio ?? "");
  showShown(view.shown, view.chunks);
  const starts = view.windows.map((window) => window[0]);
  const marker = (/** @type {number} */ index) => splitMarker(index, view.windows[index][2]);
  chunksText.replaceChildren(...chunkNodes(view.segments, starts, marker));
}

/** "Only the first 30 of 120 chunks are drawn", when some are not. */
function showShown(/** @type {number} */ shown, /** @type {number} */ chunks) {
  writeText(
    chunksShown,
    fill(strings["count.chunks_shown"], { shown: integer(shown), chunks: integer(chunks) }),
  );
  writeHidden(chunksShown, shown === chunks);
}

/** A chunk's number where it starts: read as `label`, seen as `seen`. */
function marker(
  /** @type {number} */ index,
  /** @type {string} */ label,
  /** @type {string} */ seen,
) {
  const element = document.createElement("span");
  element.className = "count-chunk-number";
  element.dataset.chunkNumber = String(index + 1);
  const hidden = document.createElement("span");
  hidden.className = "visually-hidden";
  hidden.textContent = label;
  const shown = document.createElement("span");
  shown.setAttribute("aria-hidden", "true");
  shown.textContent = seen;
  element.append(hidden, shown);
  return element;
}

/** The window model's chunk: read as "Chunk 3", seen as a small "3". */
function windowMarker(/** @type {number} */ index) {
  const number = integer(index + 1);
  return marker(index, fill(strings["count.chunks_marker"], { number }), number);
}

/** A splitter's chunk, whose length varies: read as "Chunk 3, 45 tokens", seen as "3 · 45". */
function splitMarker(/** @type {number} */ index, /** @type {number} */ tokens) {
  const number = integer(index + 1);
  const label = fill(strings["count.split_marker"], {
    number,
    tokens: formatter.count(strings["plural.tokens"], String(tokens)),
  });
  const element = marker(index, label, `${number} · ${integer(tokens)}`);
  element.dataset.chunkTokens = String(tokens);
  element.title = label;
  return element;
}

/** The drawn text: each piece in its chunk's shade (alternating), a piece two chunks or more
 *  hold marked as their overlap (underlined and labelled, not by colour alone), text in no
 *  chunk (white space a splitter strips) plain, and each chunk's marker where it starts.
 * @param {[number, string, number, number][]} segments
 * @param {number[]} starts each drawn chunk's first character
 * @param {(index: number) => HTMLElement} markerOf */
function chunkNodes(segments, starts, markerOf) {
  /** @type {HTMLElement[]} */
  const nodes = [];
  let marked = 0; // chunks whose marker is placed
  const markUpTo = (/** @type {number} */ start) => {
    while (marked < starts.length && starts[marked] <= start) {
      nodes.push(markerOf(marked));
      marked += 1;
    }
  };
  for (const [start, piece, first, last] of segments) {
    markUpTo(start);
    const span = document.createElement("span");
    if (first < 0) {
      span.className = "count-unchunked";
      span.textContent = piece;
    } else if (first === last) {
      span.className = `count-chunk count-chunk-${first % 2 ? "odd" : "even"}`;
      span.textContent = piece;
    } else {
      const label = fill(strings["count.chunks_overlap"], {
        first: integer(first + 1),
        last: integer(last + 1),
      });
      span.className = "count-overlap";
      span.dataset.overlap = `${first + 1}-${last + 1}`;
      span.title = label;
      const hidden = document.createElement("span");
      hidden.className = "visually-hidden";
      hidden.textContent = `${label} `;
      span.append(hidden, piece);
    }
    nodes.push(span);
  }
  markUpTo(Number.POSITIVE_INFINITY); // chunks of no whole character, at the end
  return nodes;
}

/** Wire the view: it follows the count shown, the results' chunking and its two choices. */
export function startChunks() {
  counting.onMessage(onReply);
  chunksDocument.addEventListener("change", requestView);
  splitterChoice.addEventListener("change", requestView);
  splitCancel.addEventListener("click", () => {
    // The view's key stays: an answer of the results (same chunking) does not cut the text
    // again; another document, splitter, sample or chunking does.
    stopSplit();
    writeText(splitStatus, strings["count.split_cancelled"]);
  });
  onShownCount(() => {
    stopSplit();
    chooseDocuments();
  });
  // Another chunk size or overlap cuts the text again.
  onChunking(requestView);
}
