// "Count your own text": pasted text and chosen or dropped files counted in tokens, exactly as
// the chosen tokenizer counts them (OpenAI's encodings, bert-base-uncased or the visitor's own
// tokenizer.json), by Python in the calculator's worker (web/worker/count-worker.js).
// app.js imports this module when the visitor first turns to the panel, so a first visit
// downloads none of it; the worker loads the tokenizer when the first count is asked for.
// Beside it: chunks.js ("your text in chunks": the calculator's windows or a splitter's cut)
// and sample.js (the counts as a sample, and into the calculator's corpus).
//
// The text and the tokenizer file stay in this page and its worker: they are never in the
// address, in storage or in any request.  Only counts reach the calculator's form (whose
// fields the shared link carries), once the visitor uses them.
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { fill } from "../../pure/format.js";
import { formatter, PAUSE_MS, strings } from "../page-context.js";
import { startChunks } from "./chunks.js";
import {
  $,
  counting,
  integer,
  panel,
  post,
  setCountRunning,
  setShownCount,
} from "./count-shared.js";
import { startCorpusSplit } from "./corpus-split.js";
import { runEvaluation, startEvaluation } from "./evaluate-panel.js";
import { startFitSplit } from "./fit-split.js";
import { startReindexSplit } from "./reindex-split.js";
import { startSample } from "./sample.js";
import { startTradeoffSplit } from "./tradeoff-split.js";

const text = /** @type {HTMLTextAreaElement} */ ($("textarea[name=text]"));
const fileInput = /** @type {HTMLInputElement} */ ($("input[name=files]"));
const encoding = /** @type {HTMLSelectElement} */ ($("select[name=encoding]"));
const tokenizerBlock = $("[data-count-tokenizer]");
const tokenizerInput = /** @type {HTMLInputElement} */ ($("input[name=tokenizer]"));
const tokenizerStatus = $("[data-count-tokenizer-status]");
const status = $("[data-count-status]");
const cancel = $("[data-count-cancel]");
const total = $("[data-result=text_tokens]");
const rows = $("[data-count-documents]");
const perDocument = $("[data-count-per-document]");
const perDocumentSummary = $("[data-count-per-document-summary]");
const pager = $("[data-count-pager]");
const rowsShown = $("[data-count-rows-shown]");
const pageButtons = /** @type {HTMLButtonElement[]} */ ([...pager.querySelectorAll("button")]);
const pastedNote = $("[data-count-pasted]");

// The encoding select's choice of a tokenizer.json of the visitor's own.
const TOKENIZER_FILE = "file";
// A text box's value longer than this (UTF-16 code units) is no text box's: laying it out
// freezes the page for seconds at a time, so a paste this long is counted as the file it
// is, named as pasted text, and never put into the box.
const PASTED_FILE_LENGTH = 2 ** 21;
// A dropped file of this name (the one every downloaded model has in its folder) is the
// tokenizer to count with, not a document to count.
const TOKENIZER_NAME = /tokenizer\.json$/i;

/** @type {File[]} the files chosen last (picked or dropped) */
let files = [];
/** @type {File | null} a pasted text too long for the text box, as a file */
let pastedFile = null;
/** @type {TokenizerFile | null} the tokenizer.json chosen last, under the page's name for it */
let tokenizer = null;
let tokenizerNumber = 0;
/** Whether the worker has loaded a tokenizer (a count then starts as "Counting…"). */
let counterReady = false;
let countNumber = 0;
let typingTimer = 0;
/** @type {CountRequest | null} the count under way or shown: what its documents were */
let countRequest = null;
// The table of counts shows this many documents at a time, the page `shownPage` of `shown`.
const PAGE_ROWS = 50;
/** @type {CountedDocument[]} */
let shown = [];
let shownPage = 0;

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
  setCountRunning(false);
  post({ type: "count-cancel", count: running });
}

/** Nothing counted is shown (no text, or no tokenizer to count it exactly). */
function showNothing(/** @type {string} */ said) {
  showDocuments([]);
  setShownCount(null);
  writeText(status, said);
  writeHidden(cancel, true);
}

function startCount() {
  clearTimeout(typingTimer);
  const list = documents();
  stopCount();
  const choice = encoding.value;
  if (list.length === 0) {
    showNothing("");
    return;
  }
  if (choice === TOKENIZER_FILE && !tokenizer) {
    showNothing(strings["count.tokenizer_choose"]);
    return;
  }
  writeText(status, counterReady ? progressText(0) : strings["count.loading"]);
  writeHidden(cancel, false);
  setCountRunning(true);
  /** @type {CountRequest} */
  const request = {
    type: "count",
    count: countNumber,
    encoding: choice === TOKENIZER_FILE && tokenizer ? tokenizer.name : choice,
    documents: list,
  };
  if (choice === TOKENIZER_FILE && tokenizer) {
    request.tokenizer = tokenizer;
  }
  countRequest = request;
  post(request);
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

/** The tokenizer file's message: loaded, or why it cannot count, in the page's language
 *  (Python's reason and its values: a part of the file as written, a number). */
function showTokenizer(/** @type {TokenizerLoaded | null} */ loaded) {
  const file = tokenizer?.file.name ?? "";
  if (!loaded) {
    writeText(tokenizerStatus, "");
    delete tokenizerStatus.dataset.tokenizerError;
    delete tokenizerStatus.dataset.tokenizerReason;
    return;
  }
  if (loaded.error === undefined) {
    writeText(tokenizerStatus, fill(strings["count.tokenizer_loaded"], { file }));
    delete tokenizerStatus.dataset.tokenizerError;
    delete tokenizerStatus.dataset.tokenizerReason;
    return;
  }
  writeData(tokenizerStatus, "tokenizerError", loaded.error);
  writeData(tokenizerStatus, "tokenizerReason", loaded.reason ?? loaded.error);
  const key = loaded.reason
    ? `count.tokenizer_reason.${loaded.reason}`
    : `count.tokenizer_${loaded.error}`;
  writeText(tokenizerStatus, fill(strings[key], { file, ...loaded.params }));
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.type !== "count-progress" && reply.type !== "count-result") {
    return; // the chunk view's, the splitters' and the sample's (chunks.js, sample.js)
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
  setCountRunning(false);
  if (reply.tokenizer) {
    showTokenizer(reply.tokenizer);
    showNothing(strings["count.tokenizer_refused"]);
  } else if (reply.cancelled) {
    writeText(status, strings["count.cancelled"]);
  } else if (reply.error !== undefined) {
    writeText(status, strings["count.failed"]);
  } else {
    if (countRequest?.tokenizer) {
      showTokenizer({ name: countRequest.tokenizer.name });
    }
    writeText(status, "");
    showDocuments(reply.documents ?? []);
    setShownCount(countRequest && { request: countRequest, documents: reply.documents ?? [] });
  }
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
  const good = list.filter((document) => document.error === undefined);
  const sum = good.reduce((tokens, document) => tokens + (document.tokens ?? 0), 0);
  writeData(total, "value", good.length ? String(sum) : "");
  writeText(total, good.length ? integer(sum) : "—");
  shown = list;
  shownPage = 0;
  writeHidden(perDocument, !list.length);
  if (good.length < list.length) {
    // A file that could not be counted says why in its row: never closed away unseen.
    /** @type {HTMLDetailsElement} */ (perDocument).open = true;
  }
  writeText(
    perDocumentSummary,
    fill(strings["count.per_document"], {
      documents: formatter.count(strings["plural.documents"], String(list.length)),
    }),
  );
  showPage();
}

/** The rows of the page `shownPage` of the counted documents, and where they are. */
function showPage() {
  const first = shownPage * PAGE_ROWS;
  const list = shown.slice(first, first + PAGE_ROWS);
  writeHidden(pager, shown.length <= PAGE_ROWS);
  writeText(
    rowsShown,
    fill(strings["count.rows_shown"], {
      first: integer(first + 1),
      last: integer(first + list.length),
      total: integer(shown.length),
    }),
  );
  pageButtons[0].disabled = first === 0;
  pageButtons[1].disabled = first + PAGE_ROWS >= shown.length;
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
}

/** A tokenizer.json chosen (or none): the one before is forgotten by the worker, and the text
 *  is counted again with the new one. */
function chooseTokenizer(/** @type {File | null} */ file) {
  if (tokenizer) {
    post({ type: "count-forget", count: countNumber, name: tokenizer.name });
  }
  tokenizerNumber += 1;
  tokenizer = file && { name: `tokenizer-${tokenizerNumber}`, file };
  showTokenizer(null);
  if (file) {
    encoding.value = TOKENIZER_FILE;
  }
  syncTokenizerBlock();
  startCount();
}

function syncTokenizerBlock() {
  writeHidden(tokenizerBlock, encoding.value !== TOKENIZER_FILE);
}

/** Files dropped on the panel (app.js hands over a drop that came before this module): a
 *  tokenizer.json among them is the tokenizer to count with, the others are counted. */
export function addFiles(/** @type {File[]} */ dropped) {
  const tokenizerFile = dropped.find((file) => TOKENIZER_NAME.test(file.name));
  const counted = dropped.filter((file) => file !== tokenizerFile);
  if (tokenizerFile) {
    // The picker shows the dropped file's name, as if it had been picked.
    const picked = new DataTransfer();
    picked.items.add(tokenizerFile);
    tokenizerInput.files = picked.files;
    if (counted.length) {
      files = counted;
    }
    chooseTokenizer(tokenizerFile);
    return;
  }
  files = counted;
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
  encoding.addEventListener("change", () => {
    syncTokenizerBlock();
    startCount();
  });
  tokenizerInput.addEventListener("change", () => {
    chooseTokenizer(tokenizerInput.files?.[0] ?? null);
  });
  cancel.addEventListener("click", () => {
    // Cancelled here at once (a count still waiting for Python's start never reaches the
    // worker's cancel), and in the worker for the count it may be running.
    stopCount();
    writeText(status, strings["count.cancelled"]);
  });
  panel.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
  for (const button of pageButtons) {
    button.addEventListener("click", () => {
      shownPage += Number(button.dataset.countPage);
      showPage();
    });
  }
}

wire();
startChunks();
startSample();
startCorpusSplit();
startTradeoffSplit();
startEvaluation();
startReindexSplit();
startFitSplit();
// What was typed or chosen before this module arrived is counted now (a paste too long for
// the text box that came before it, as the file it is).
files = [...(fileInput.files ?? [])];
syncTokenizerBlock();
if (tokenizerInput.files?.[0]) {
  chooseTokenizer(tokenizerInput.files[0]);
} else if (text.value.length > PASTED_FILE_LENGTH) {
  countAsFile(text.value);
} else if (documents().length) {
  startCount();
}

/** The evaluation's "Measure" button, which app.js hands over (it may be pressed before this
 *  module has arrived). */
export function evaluateSet() {
  runEvaluation(false);
}

/** The evaluation's example button, the same way. */
export function evaluateExample() {
  runEvaluation(true);
}
