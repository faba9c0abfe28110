// "Count your own text": pasted text and chosen or dropped files counted in tokens, exactly as
// OpenAI's tokenizers count them, by Python in the calculator's worker
// (web/worker/count-worker.js).
// app.js imports this module when the visitor first turns to the panel, so a first visit
// downloads none of it; the worker loads the tokenizer when the first count is asked for.
//
// The text stays in this page and its worker: it is never in the address, in storage or in any
// request.  "Use these counts" writes only the counts into the calculator's form (whose fields
// the shared link carries), then the page recalculates.
import { calculator } from "../boot.js";
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { syncShownFields } from "../form.js";
import { fill } from "../../pure/format.js";
import { form as calculatorForm, formatter, PAUSE_MS, strings } from "../page-context.js";
import { lastAnswer, onAnswer, recalculate } from "../requests.js";

// The worker side of counting (web/worker/count-worker.js), through the engine.
const counting = calculator.feature("count");
const panel = /** @type {HTMLElement} */ (document.querySelector("[data-count]"));
const $ = (/** @type {string} */ selector) =>
  /** @type {HTMLElement} */ (panel.querySelector(selector));
const text = /** @type {HTMLTextAreaElement} */ ($("textarea[name=text]"));
const fileInput = /** @type {HTMLInputElement} */ ($("input[name=files]"));
const encoding = /** @type {HTMLSelectElement} */ ($("select[name=encoding]"));
const status = $("[data-count-status]");
const cancel = $("[data-count-cancel]");
const total = $("[data-result=text_tokens]");
const rows = $("[data-count-documents]");
const use = /** @type {HTMLButtonElement} */ ($("[data-count-use]"));
const chunksView = $("[data-count-chunks]");
const chunksDocument = /** @type {HTMLSelectElement} */ ($("[data-count-chunks-document]"));
const chunksSummary = $("[data-count-chunks-summary]");
const chunksShown = $("[data-count-chunks-shown]");
const chunksText = $("[data-count-chunks-text]");
const pastedNote = $("[data-count-pasted]");

/** A count as the page writes integers ("1,234" in en). */
const integer = (/** @type {number | undefined} */ value) => formatter.integer(String(value));

// Bytes per token are shown with this many decimals (e.g. 4.21).
const BYTES_PER_TOKEN_DECIMALS = 2;
// A text box's value longer than this (UTF-16 code units) is no text box's: laying it out
// freezes the page for seconds at a time, so a paste this long is counted as the file it
// is, named as pasted text, and never put into the box.
const PASTED_FILE_LENGTH = 2 ** 21;

/** @type {File[]} the files chosen last (picked or dropped) */
let files = [];
/** @type {File | null} a pasted text too long for the text box, as a file */
let pastedFile = null;
/** Whether the worker has loaded a tokenizer (a count then starts as "Counting…"). */
let counterReady = false;
let countNumber = 0;
let typingTimer = 0;
/** @type {CountedDocument[]} the last count's documents */
let counted = [];
/** @type {CountRequest | null} the count under way or shown: what its documents were */
let countRequest = null;
/** @type {{request: CountRequest, documents: CountedDocument[]} | null} the count shown */
let shownCount = null;
let chunksNumber = 0;
/** What the chunk view shows or was asked for (the same request is not sent twice). */
let chunksKey = "";

/** The documents to count now: the pasted text (if any), then the files. */
function documents() {
  /** @type {CountDocument[]} */
  const list = [];
  if (text.value.trim()) {
    list.push({ name: strings["count.pasted_name"], text: text.value });
  }
  if (pastedFile) {
    list.push({ name: pastedFile.name, file: pastedFile });
  }
  for (const file of files) {
    list.push({ name: file.name, file });
  }
  return list;
}

/** The count under way, if any, is dropped: its replies are ignored and the worker stops it. */
function stopCount() {
  const running = countNumber;
  countNumber += 1;
  writeHidden(cancel, true);
  calculator.ready
    .then(() => counting.post({ type: "count-cancel", count: running }))
    .catch(() => {}); // no Python, no count to stop
}

function startCount() {
  clearTimeout(typingTimer);
  const list = documents();
  stopCount();
  if (list.length === 0) {
    showDocuments([]);
    shownCount = null;
    chooseChunksDocuments();
    writeText(status, "");
    writeHidden(cancel, true);
    return;
  }
  writeText(status, counterReady ? progressText(0) : strings["count.loading"]);
  writeHidden(cancel, false);
  use.disabled = true;
  /** @type {CountRequest} */
  const request = {
    type: "count",
    count: countNumber,
    encoding: /** @type {CountRequest["encoding"]} */ (encoding.value),
    documents: list,
  };
  countRequest = request;
  // A failed start is shown with the results (requests.js), with its retry button.
  calculator.ready.then(() => counting.post(request)).catch(() => {});
}

/** "Counting… 42 %": `done` a share of 0..1. */
function progressText(/** @type {number} */ done) {
  const percent = formatter.percent(String(Math.floor(done * 100) / 100));
  return fill(strings["count.progress"], { percent });
}

/** The text box's text (or what a paste would make it) as a file, the box left empty. */
function countAsFile(/** @type {string} */ value) {
  pastedFile = new File([value], strings["count.pasted_name"], { type: "text/plain" });
  text.value = "";
  writeHidden(pastedNote, false);
  startCount();
}

/** A paste that would make the text box's value too long goes to a file instead. */
function onPaste(/** @type {ClipboardEvent} */ event) {
  const pasted = event.clipboardData?.getData("text/plain") ?? "";
  const kept = text.value.length - (text.selectionEnd - text.selectionStart);
  if (pasted.length + kept <= PASTED_FILE_LENGTH) {
    return;
  }
  event.preventDefault();
  const value = text.value;
  countAsFile(value.slice(0, text.selectionStart) + pasted + value.slice(text.selectionEnd));
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.type === "chunks-result") {
    showChunks(reply);
    return;
  }
  if (reply.count !== countNumber) {
    return; // a count the visitor has replaced
  }
  if (reply.type === "count-progress") {
    counterReady ||= !reply.loading;
    writeText(status, reply.loading ? strings["count.loading"] : progressText(reply.done));
    return;
  }
  writeHidden(cancel, true);
  if (reply.cancelled) {
    writeText(status, strings["count.cancelled"]);
  } else if (reply.error !== undefined) {
    writeText(status, strings["count.failed"]);
  } else {
    writeText(status, "");
    showDocuments(reply.documents ?? []);
    shownCount = countRequest && { request: countRequest, documents: reply.documents ?? [] };
    chooseChunksDocuments();
  }
}

// --- The chunk view: one counted document split into the calculator's chunks.

/** The chunk size and overlap of the results shown last, as the calculator's answer gives
 *  them (integer strings), or null before a valid answer. */
let chunking = chunkingOf(lastAnswer());

/** @param {import("answer-types").Answer | null} answer */
function chunkingOf(answer) {
  const result = answer?.panels?.main === "stale" ? null : answer?.result;
  return result ? { chunk_size: result.chunk_size, overlap: result.overlap } : null;
}

/** The select lists the last count's documents that have a count; the choice is kept by name. */
function chooseChunksDocuments() {
  const chosen = chunksDocument.selectedOptions[0]?.textContent;
  const options = (shownCount?.documents ?? []).flatMap((item, index) => {
    if (item.error !== undefined) {
      return [];
    }
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = item.name;
    option.selected = item.name === chosen;
    return [option];
  });
  chunksDocument.replaceChildren(...options);
  requestChunks();
}

/** Ask the worker for the chosen document's chunks, unless the view shows them already. */
function requestChunks() {
  const index = Number(chunksDocument.value);
  const item = shownCount?.documents[index];
  if (!shownCount || !chunking || !item || item.error !== undefined) {
    chunksKey = "";
    chunksNumber += 1; // a reply still coming is for a view no longer wanted
    writeHidden(chunksView, !shownCount || !item);
    return;
  }
  const key = JSON.stringify([shownCount.request.count, index, chunking]);
  if (key === chunksKey) {
    return;
  }
  chunksKey = key;
  chunksNumber += 1;
  writeHidden(chunksView, false);
  /** @type {CountChunksRequest} */
  const request = {
    type: "count-chunks",
    count: chunksNumber,
    encoding: shownCount.request.encoding,
    document: shownCount.request.documents[index],
    tokens: String(item.tokens),
    ...chunking,
  };
  calculator.ready.then(() => counting.post(request)).catch(() => {});
}

/** @param {Extract<CountReply, {type: "chunks-result"}>} reply */
function showChunks(reply) {
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
  writeText(
    chunksShown,
    fill(strings["count.chunks_shown"], {
      shown: integer(view.shown),
      chunks: integer(view.chunks),
    }),
  );
  writeHidden(chunksShown, view.shown === view.chunks);
  chunksText.replaceChildren(...chunkNodes(view));
}

/** A chunk's number where it starts: read as "Chunk 3", seen as a small "3". */
function chunkMarker(/** @type {number} */ index) {
  const marker = document.createElement("span");
  marker.className = "count-chunk-number";
  marker.dataset.chunkNumber = String(index + 1);
  const label = document.createElement("span");
  label.className = "visually-hidden";
  const number = integer(index + 1);
  label.textContent = fill(strings["count.chunks_marker"], { number });
  const seen = document.createElement("span");
  seen.setAttribute("aria-hidden", "true");
  seen.textContent = number;
  marker.append(label, seen);
  return marker;
}

/** The drawn text: each piece in its chunk's shade (alternating), a piece two chunks or more
 *  hold marked as their overlap (underlined and labelled, not by colour alone), and each
 *  chunk's number where it starts.
 * @param {ChunkView} view */
function chunkNodes(view) {
  /** @type {HTMLElement[]} */
  const nodes = [];
  let marked = 0; // chunks whose number is placed
  const markUpTo = (/** @type {number} */ start) => {
    while (marked < view.windows.length && view.windows[marked][2] <= start) {
      nodes.push(chunkMarker(marked));
      marked += 1;
    }
  };
  for (const [start, piece, first, last] of view.segments) {
    markUpTo(start);
    const span = document.createElement("span");
    if (first === last) {
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

/** @param {CountedDocument} document */
function errorText(document) {
  return strings[`count.error_${document.error}`];
}

/** @param {string} content */
function cell(content, tag = "td") {
  const element = document.createElement(tag);
  element.textContent = content;
  return element;
}

/** @param {CountedDocument[]} list */
function showDocuments(list) {
  counted = list;
  const good = list.filter((document) => document.error === undefined);
  const sum = good.reduce((tokens, document) => tokens + (document.tokens ?? 0), 0);
  writeData(total, "value", good.length ? String(sum) : "");
  writeText(total, good.length ? integer(sum) : "—");
  rows.replaceChildren(
    ...list.map((document) => {
      const row = document.error === undefined ? "" : " count-error";
      const tr = /** @type {HTMLTableRowElement} */ (cell("", "tr"));
      tr.className = `count-row${row}`;
      tr.dataset.document = document.name;
      const name = cell(document.name, "th");
      name.setAttribute("scope", "row");
      tr.append(name);
      if (document.error !== undefined) {
        const reason = /** @type {HTMLTableCellElement} */ (cell(errorText(document)));
        reason.colSpan = 3;
        reason.dataset.countError = document.error;
        tr.append(reason);
      } else {
        const tokens = cell(integer(document.tokens));
        tokens.dataset.value = String(document.tokens);
        tokens.dataset.countTokens = "";
        tr.append(tokens, cell(integer(document.characters)), cell(integer(document.bytes)));
      }
      return tr;
    }),
  );
  use.disabled = good.length === 0;
}

/** Set one of the calculator form's controls (a select or radio group too) to `value`. */
function setField(/** @type {string} */ name, /** @type {string} */ value) {
  const control = /** @type {HTMLInputElement | RadioNodeList | null} */ (
    calculatorForm.elements.namedItem(name)
  );
  if (control) {
    control.value = value;
  }
}

/** The counts into the calculator: the total as the tokens, each document into the list. */
function useCounts() {
  const good = counted.filter((document) => document.error === undefined);
  if (good.length === 0) {
    return;
  }
  const sum = good.reduce((tokens, document) => tokens + (document.tokens ?? 0), 0);
  setField("tokens", integer(sum));
  setField("corpus", "list");
  syncShownFields(); // names the list, so that it is sent
  const list = /** @type {HTMLTextAreaElement | null} */ (
    document.querySelector("textarea[name=document_tokens]")
  );
  if (list) {
    list.value = good.map((document) => String(document.tokens)).join("\n");
  }
  // The storage panel's field, where the page has it: the text's bytes a token, measured.
  const bytesPerToken = /** @type {HTMLInputElement | null} */ (
    document.querySelector("[name=text_bytes_per_token]")
  );
  const bytes = good.reduce((sum, document) => sum + (document.bytes ?? 0), 0);
  if (bytesPerToken && sum > 0) {
    bytesPerToken.value = formatter.decimal(
      (bytes / sum).toFixed(BYTES_PER_TOKEN_DECIMALS),
      BYTES_PER_TOKEN_DECIMALS,
    );
  }
  recalculate();
}

/** Files dropped on the panel (app.js hands over a drop that came before this module). */
export function addFiles(/** @type {File[]} */ dropped) {
  files = dropped;
  startCount();
}

function wire() {
  counting.onMessage(onReply);
  text.addEventListener("paste", onPaste);
  text.addEventListener("input", () => {
    clearTimeout(typingTimer);
    if (text.value.length > PASTED_FILE_LENGTH) {
      countAsFile(text.value); // dropped or typed in by other means than a paste
      return;
    }
    if (pastedFile) {
      pastedFile = null; // typing in the box replaces the pasted text
      writeHidden(pastedNote, true);
    }
    typingTimer = setTimeout(startCount, PAUSE_MS.count);
  });
  fileInput.addEventListener("change", () => {
    files = [...(fileInput.files ?? [])];
    startCount();
  });
  encoding.addEventListener("change", startCount);
  cancel.addEventListener("click", () => {
    // Cancelled here at once (a count still waiting for Python's start never reaches the
    // worker's cancel), and in the worker for the count it may be running.
    stopCount();
    writeText(status, strings["count.cancelled"]);
  });
  use.addEventListener("click", useCounts);
  chunksDocument.addEventListener("change", requestChunks);
  // The view follows the calculator: another chunk size or overlap splits the text again.
  onAnswer((answer) => {
    const next = chunkingOf(answer);
    if (next) {
      chunking = next;
      requestChunks();
    }
  });
  panel.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
}

wire();
// What was typed or chosen before this module arrived is counted now (a paste too long for
// the text box that came before it, as the file it is).
files = [...(fileInput.files ?? [])];
if (text.value.length > PASTED_FILE_LENGTH) {
  countAsFile(text.value);
} else if (documents().length) {
  startCount();
}
