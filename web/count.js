// "Count your own text": pasted text and chosen or dropped files counted in tokens, exactly as
// OpenAI's tokenizers count them, by Python in the calculator's worker (web/count-worker.js).
// app.js imports this module when the visitor first turns to the panel, so a first visit
// downloads none of it; the worker loads the tokenizer when the first count is asked for.
//
// The text stays in this page and its worker: it is never in the address, in storage or in any
// request.  "Use these counts" writes only the counts into the calculator's form (whose fields
// the shared link carries), then the page recalculates.
import { recalculate, syncShownFields, writeData, writeHidden, writeText } from "./app.js";
import { calculator } from "./boot.js";
import { fill } from "./format.js";
import { form as calculatorForm, formatter, PAUSE_MS, strings } from "./page-context.js";

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

// Bytes per token are shown with this many decimals (e.g. 4.21).
const BYTES_PER_TOKEN_DECIMALS = 2;

/** @type {File[]} the files chosen last (picked or dropped) */
let files = [];
let countNumber = 0;
let typingTimer = 0;
/** @type {CountedDocument[]} the last count's documents */
let counted = [];

/** The documents to count now: the pasted text (if any), then the files. */
function documents() {
  /** @type {CountDocument[]} */
  const list = [];
  if (text.value.trim()) {
    list.push({ name: strings["count.pasted_name"], text: text.value });
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
    .then(() => calculator.postCount({ type: "count-cancel", count: running }))
    .catch(() => {}); // no Python, no count to stop
}

function startCount() {
  clearTimeout(typingTimer);
  const list = documents();
  stopCount();
  if (list.length === 0) {
    showDocuments([]);
    writeText(status, "");
    writeHidden(cancel, true);
    return;
  }
  writeText(status, strings["count.loading"]);
  writeHidden(cancel, false);
  use.disabled = true;
  /** @type {CountRequest} */
  const request = {
    type: "count",
    count: countNumber,
    encoding: /** @type {CountRequest["encoding"]} */ (encoding.value),
    documents: list,
  };
  // A failed start is shown with the results (requests.js), with its retry button.
  calculator.ready.then(() => calculator.postCount(request)).catch(() => {});
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.count !== countNumber) {
    return; // a count the visitor has replaced
  }
  if (reply.type === "count-progress") {
    const percent = formatter.percent(String(Math.floor(reply.done * 100) / 100));
    writeText(
      status,
      reply.loading ? strings["count.loading"] : fill(strings["count.progress"], { percent }),
    );
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
  counted = list;
  const good = list.filter((document) => document.error === undefined);
  const sum = good.reduce((tokens, document) => tokens + (document.tokens ?? 0), 0);
  writeData(total, "value", good.length ? String(sum) : "");
  writeText(total, good.length ? formatter.integer(String(sum)) : "—");
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
        const tokens = cell(formatter.integer(String(document.tokens)));
        tokens.dataset.value = String(document.tokens);
        tokens.dataset.countTokens = "";
        tr.append(
          tokens,
          cell(formatter.integer(String(document.characters))),
          cell(formatter.integer(String(document.bytes))),
        );
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
  setField("tokens", formatter.integer(String(sum)));
  setField("documents_mode", "list");
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
  calculator.onCountReply(onReply);
  text.addEventListener("input", () => {
    clearTimeout(typingTimer);
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
  panel.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
}

wire();
// What was typed or chosen before this module arrived is counted now.
files = [...(fileInput.files ?? [])];
if (documents().length) {
  startCount();
}
