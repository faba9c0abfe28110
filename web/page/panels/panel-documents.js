// The "documents vs one stream" panel: the figures of a corpus chunked document by document
// (a list of token counts, or a count and an average) beside one stream of all its tokens.

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").DocumentsAnswer} DocumentsAnswer */
/** @typedef {import("answer-types").SizeAnswer} SizeAnswer */
import { onAddressChange } from "../address.js";
import { writeHidden, writeText } from "../dom-write.js";
import { syncShownFields } from "../form.js";
import { formatter, strings } from "../page-context.js";
import { figuresChanged, isStale, markStale, painted, setData } from "./panel-common.js";
import { onSend } from "../requests.js";

const section = document.getElementById("documents");
const documentsMode = /** @type {HTMLSelectElement} */ (
  document.getElementById("field-documents_mode")
);
const documentList = /** @type {HTMLTextAreaElement} */ (
  document.getElementById("field-document_tokens")
);
const listParsing = /** @type {HTMLElement} */ (section.querySelector("[data-documents-parsing]"));
// Whether the calculation last sent holds the list as the visitor edited it: its answer then
// ends the "reading the list" note.
let listSent = false;

/** "+6,616" / "−1,234" in the page's format (the difference is negative for some corpora). */
function signedInteger(value) {
  return formatter.signed(value);
}

/**
 * A difference of sizes: the sign of `value`, then the calculator's figure of its magnitude.
 * @param {string} value
 * @param {SizeAnswer} size
 */
function signedSize(value, size) {
  const negative = value.startsWith("-");
  const sign = /^-?0+$/.test(value)
    ? ""
    : formatter.signed(negative ? "-1" : "1").replace(/\d/g, "");
  return `${sign}${formatter.size(size.iec, strings["plural.bytes"])}`;
}

/**
 * @param {string} side
 * @param {string} figure
 * @param {string} value
 * @param {{raw_vector_size?: SizeAnswer}} figures
 */
function documentsCellText(side, figure, value, figures) {
  if (figure === "raw_vector_bytes") {
    return side === "difference"
      ? signedSize(value, figures.raw_vector_size)
      : formatter.size(figures.raw_vector_size.iec, strings["plural.bytes"]);
  }
  return side === "difference" ? signedInteger(value) : formatter.integer(value);
}

/**
 * @param {DocumentsAnswer | null} data
 */
function paintDocuments(data) {
  const perDocument = data?.per_document;
  writeText(
    section.querySelector("[data-documents-summary]"),
    perDocument
      ? `${formatter.count(strings["plural.documents"], perDocument.documents)} · ${formatter.count(strings["plural.tokens"], perDocument.tokens)}`
      : "",
  );
  for (const cell of /** @type {NodeListOf<HTMLElement>} */ (
    section.querySelectorAll("[data-documents]")
  )) {
    const [side, figure] = cell.dataset.documents.split(".");
    const value = data?.[side]?.[figure];
    setData(
      cell,
      value,
      value === undefined ? "—" : documentsCellText(side, figure, value, data[side]),
    );
  }
  const raw = section.querySelector('[data-documents-figure="raw_vector_bytes"]');
  writeHidden(raw, perDocument?.raw_vector_bytes === undefined);
}

/**
 * @param {Answer} answer
 */
export function showDocuments(answer) {
  if (answer.fields) {
    // A link may choose list mode; its list is then put into the (now named) field.
    syncShownFields();
    const linked = answer.fields.document_tokens;
    if (documentList.name && linked !== undefined && documentList.value !== linked) {
      documentList.value = linked;
    }
  }
  if (listSent) {
    writeHidden(listParsing, true);
    listSent = false;
  }
  const invalid = isStale(answer, "documents");
  if (!invalid) {
    // Valid figures, or none at all when the panel's fields are left empty.
    if (figuresChanged("documents", answer.documents)) {
      paintDocuments(answer.documents);
    }
    painted.add("documents");
  }
  markStale(section, invalid);
}

/** Back or Forward changed the address: a list edit not yet answered belongs to the state
 *  the visitor left. */
function followAddress() {
  listSent = false;
  listParsing.hidden = true;
}

/** A link's list, and the list's edits wired. */
export function startDocuments() {
  // form.js has already shown a link's raw values; a link may have chosen list mode.
  syncShownFields();
  const linked = new URLSearchParams(location.search).get("document_tokens");
  if (documentList.name && linked !== null) {
    documentList.value = linked;
  }
  documentsMode.addEventListener("input", syncShownFields);
  documentList.addEventListener("input", () => {
    listParsing.hidden = false;
  });
  onSend(() => {
    listSent = !listParsing.hidden;
  });
  onAddressChange(followAddress);
}
