// The "documents vs one stream" panel: the collection's figures, each document chunked on its
// own (the plan above), beside one stream of all its tokens.  The collection itself is the
// main form's (corpus.js).

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").DocumentsAnswer} DocumentsAnswer */
/** @typedef {import("answer-types").SizeAnswer} SizeAnswer */
import { writeHidden, writeText } from "../dom-write.js";
import { formatter, strings } from "../page-context.js";
import { figuresChanged, isStale, markStale, painted, setData } from "./panel-common.js";

const section = document.getElementById("documents");
const figures = /** @type {HTMLElement} */ (section.querySelector("[data-panel-figures]"));
const unused = /** @type {HTMLElement} */ (section.querySelector("[data-documents-unused]"));

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
  const invalid = isStale(answer, "documents");
  if (!invalid) {
    // The collection's figures, or none for one document: then the panel says how to compare.
    if (figuresChanged("documents", answer.documents)) {
      paintDocuments(answer.documents);
    }
    writeHidden(figures, !answer.documents);
    writeHidden(unused, Boolean(answer.documents));
    painted.add("documents");
  }
  markStale(section, invalid);
}
