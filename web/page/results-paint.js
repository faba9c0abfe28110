// The main results: figures, vectors, the worked derivation, the chunk map, the main form's
// errors and the out-of-date mark. The elements are found once: this markup is static.

/** @typedef {import("answer-types").ResultAnswer} ResultAnswer */
import { createChunkMap } from "./chunkmap.js";
import { derivationLines } from "../pure/derivation.js";
import { writeAttribute, writeData, writeHidden, writeStyle, writeText } from "./dom-write.js";
import { fill } from "../pure/format.js";
import { form, formatter, message, strings } from "./page-context.js";
import { resultTexts } from "../pure/results-text.js";

const chunkMap = createChunkMap(document.getElementById("chunk-map"), {
  formatter,
  notDrawn: strings["chunkmap.gap"],
  describe: (drawn, result) =>
    fill(strings["chunkmap.description"], {
      chunks: formatter.integer(drawn.chunks),
      chunk_size: formatter.integer(result.chunk_size),
      overlap: formatter.integer(result.overlap),
    }),
});
const resultElements = elementsByData("[data-result]", "result");
const explainElements = elementsByData("[data-explain]", "explain");
const vectorElements = [...document.querySelectorAll("[data-vector-result]")];
const staleScopes = [...document.querySelectorAll("[data-stale-scope]")];
// The planning panels paint their own errors, comparison rows and all (panel-common.js).
const errorElements = [
  .../** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll("[data-error-for]:not([data-panels] *)")
  ),
];
const derivationList = /** @type {HTMLElement} */ (document.querySelector("[data-derivation]"));
const derivationSymbols = document.querySelector("[data-derivation-symbols]");
const corpusRow = document.querySelector("[data-corpus-result]");
const oneStream = document.querySelector("[data-one-stream]");
const lastChunk = document.querySelector("[data-last-chunk]");
const lastChunkLabel = document.querySelector("[data-last-chunk-label]");
const mapDocument = document.querySelector("[data-chunk-map-document]");
const lengthsRow = /** @type {HTMLElement} */ (document.querySelector("[data-lengths]"));
const lengthsDistribution = document.querySelector("[data-length-distribution]");
const lengthsExplain = document.querySelector("[data-lengths-explain]");
const lengthBins = /** @type {HTMLElement} */ (document.querySelector("[data-length-bins]"));
const staleNote = document.querySelector("[data-stale-note]");
const chunkerNote = /** @type {HTMLElement} */ (document.querySelector("[data-chunker-note]"));
const resultBar = /** @type {HTMLElement} */ (document.querySelector("[data-result-bar]"));
const resultBarFigures = document.querySelector("[data-result-bar-figures]");
const noVectors = document.querySelector("[data-no-vectors]");
let hasResult = false;

/** {value of data-<name>: [elements]} for the elements `selector` finds. */
function elementsByData(selector, name) {
  const found = new Map();
  for (const element of document.querySelectorAll(selector)) {
    const key = element.dataset[name];
    found.set(key, [...(found.get(key) ?? []), element]);
  }
  return found;
}

/** Whether results have been shown at least once (only those can be out of date). */
export function shownResult() {
  return hasResult;
}

// Past this many characters a figure takes the smaller size (results.css).
const LONG_FIGURE = 12;

function paintInteger(key, value, text) {
  for (const element of resultElements.get(key) ?? []) {
    writeData(element, "value", value);
    writeText(element, text);
    if (element.classList.contains("result-value")) {
      element.toggleAttribute("data-long", text.length > LONG_FIGURE);
    }
  }
}

function paintText(key, text) {
  for (const element of resultElements.get(key) ?? []) {
    writeText(element, text);
  }
}

/** "3 × 800 + 1 × 700", each group kept on one line (its own span). */
function paintLengthGroups(groups, joiner) {
  const element = resultElements.get("length_groups")[0];
  if (element.textContent === (groups.length > 0 ? groups.join(joiner) : "—")) {
    return;
  }
  const parts = groups.flatMap((text, index) => {
    const span = document.createElement("span");
    span.className = "length-group";
    span.textContent = text;
    return index === 0 ? [span] : [joiner, span];
  });
  element.replaceChildren(...(parts.length > 0 ? parts : ["—"]));
}

/** One range of the histogram: its lengths, then its chunks with a bar (drawn as wide as its
 *  share of the fullest range; the figure beside it is the text). */
function lengthBinRow() {
  const row = document.createElement("tr");
  const range = document.createElement("th");
  const chunks = document.createElement("td");
  const count = document.createElement("span");
  const bar = document.createElement("span");
  range.scope = "row";
  count.className = "length-bin-count";
  bar.className = "length-bar";
  bar.setAttribute("aria-hidden", "true");
  bar.append(document.createElement("span"));
  chunks.append(count, bar);
  row.append(range, chunks);
  return row;
}

/** More than a few lengths: the distribution's figures and its histogram, in place of the
 *  list (results-text.js decides). */
function paintDistribution(distribution) {
  writeHidden(resultElements.get("length_groups")[0], Boolean(distribution));
  writeHidden(lengthsDistribution, !distribution);
  lengthsRow.toggleAttribute("data-distributed", Boolean(distribution));
  writeHidden(lengthsExplain, Boolean(distribution));
  if (!distribution) {
    return;
  }
  for (const { key, value, text } of distribution.figures) {
    const figure = /** @type {HTMLElement} */ (
      lengthsDistribution.querySelector(`[data-length-figure="${key}"]`)
    );
    writeData(figure, "value", value);
    writeText(figure, text);
  }
  while (lengthBins.children.length > distribution.bins.length) {
    lengthBins.lastElementChild?.remove();
  }
  while (lengthBins.children.length < distribution.bins.length) {
    lengthBins.append(lengthBinRow());
  }
  distribution.bins.forEach((bin, index) => {
    const row = /** @type {HTMLTableRowElement} */ (lengthBins.children[index]);
    writeText(row.cells[0], bin.range);
    const count = /** @type {HTMLElement} */ (row.querySelector(".length-bin-count"));
    writeData(count, "value", bin.value);
    writeText(count, bin.chunks);
    const bar = /** @type {HTMLElement} */ (row.querySelector(".length-bar > span"));
    writeStyle(bar, "width", `${bin.width}%`);
  });
}

function paintFigures(result, texts) {
  for (const [key, text] of Object.entries(texts.integers)) {
    paintInteger(key, result[key], text);
  }
  // Several documents: how many, and the same tokens as one stream; each document's last
  // chunk only when they have one length.
  writeHidden(corpusRow, result.document_count === undefined);
  writeText(oneStream, texts.oneStream);
  writeHidden(oneStream, !texts.oneStream);
  writeHidden(lastChunk, result.last_chunk_tokens === undefined);
  writeText(lastChunkLabel, texts.lastLabel);
  paintLengthGroups(texts.lengthGroups, texts.joiner);
  paintDistribution(texts.distribution);
  for (const [key, text] of Object.entries(texts.explain)) {
    for (const element of explainElements.get(key) ?? []) {
      writeText(element, text);
    }
  }
}

function paintVectors(vectors) {
  for (const element of vectorElements) {
    writeHidden(element, !vectors);
  }
  writeHidden(noVectors, Boolean(vectors));
  if (vectors) {
    paintText("raw_vector_iec", vectors.iec);
    paintText("raw_vector_si", vectors.si);
  }
}

/** One line of the derivation, its formula empty: <div><dt>label</dt><dd><code>. */
function derivationRow(labelKey) {
  const row = document.createElement("div");
  const label = document.createElement("dt");
  const value = document.createElement("dd");
  row.dataset.line = labelKey;
  label.textContent = strings[labelKey];
  value.append(document.createElement("code"));
  row.append(label, value);
  return row;
}

/** The lines are made again only when they are other lines; else only formulas change. */
function paintDerivation(result) {
  const lines = derivationLines(result, formatter, strings);
  const rows = /** @type {HTMLCollectionOf<HTMLElement>} */ (derivationList.children);
  const sameLines =
    rows.length === lines.length &&
    lines.every(([labelKey], index) => rows[index].dataset.line === labelKey);
  if (!sameLines) {
    derivationList.replaceChildren(...lines.map(([labelKey]) => derivationRow(labelKey)));
  }
  lines.forEach(([, formula], index) => {
    writeText(rows[index].querySelector("code"), formula);
  });
}

/** Which document the chunk map draws, said when it is one of several. */
function paintMapDocument(result) {
  const drawn = result.chunk_map;
  const several = drawn && drawn.document !== "one";
  writeHidden(mapDocument, !several);
  if (several) {
    const tokens = formatter.count(strings["plural.tokens"], drawn.tokens);
    writeText(
      mapDocument,
      fill(strings[`chunkmap.document_${drawn.document}`], {
        tokens,
        count: formatter.integer(result.document_count ?? "1"),
      }),
    );
  }
}

/** The phone's bar: the chunks, the tokens processed and the raw size (with vectors).
 * @param {ResultAnswer} result
 * @param {ReturnType<typeof resultTexts>} texts */
function paintResultBar(result, texts) {
  const figures = [
    formatter.count(strings["plural.chunks"], String(result.chunks)),
    formatter.count(strings["plural.tokens"], String(result.tokens_processed)),
  ];
  if (texts.vectors) {
    figures.push(texts.vectors.si);
  }
  writeText(resultBarFigures, figures.join(" · "));
  writeData(resultBar, "chunks", String(result.chunks));
  writeHidden(resultBar, false);
}

/**
 * @param {ResultAnswer} result
 */
export function paintResult(result) {
  const measured = result.chunker !== "window";
  writeHidden(chunkerNote, !measured);
  writeData(chunkerNote, "chunker", result.chunker);
  if (measured) {
    const splitter = strings[`count.splitter.${result.chunker}`];
    writeText(chunkerNote, fill(strings["results.chunker_note"], { splitter }));
  }
  const texts = resultTexts(result, formatter, strings);
  paintFigures(result, texts);
  paintVectors(texts.vectors);
  paintResultBar(result, texts);
  writeText(
    derivationSymbols,
    strings[
      result.document_count === undefined ? "derivation.symbols" : "derivation.symbols_corpus"
    ],
  );
  paintDerivation(result);
  paintMapDocument(result);
  if (result.chunk_map) {
    chunkMap.draw(result.chunk_map, result);
  } else {
    chunkMap.clear();
  }
  hasResult = true;
}

// The params that name a choice by its id, worded from the catalog in the grammar each
// sentence needs (calculator/_errors.py WORDED_PARAMS, which the command line words alike):
// "binary" is `dtype_vectors.binary` ("binären Vektoren"), a list of ids ("float32, int8")
// the options' own labels joined with "or".
/** @type {Record<string, Record<string, string>>} */
const WORDED_PARAMS = { dtype_not_stored: { value: "dtype_vectors", supported: "dtype" } };

/** `ids` (one, or several with ", " between them) in the page's words, under `prefix`. */
function worded(prefix, ids) {
  const names = ids.split(", ").map((id) => {
    const text = strings[`${prefix}.${id}`];
    return typeof text === "string" ? text : id;
  });
  return new Intl.ListFormat(formatter.tag, { type: "disjunction" }).format(names);
}

/** A field error in the page's language, its whole-number params (Python names them) in the
 *  page's number format; the panels use it too. */
export function errorText(error) {
  const params = {};
  for (const [name, value] of Object.entries(error.params ?? {})) {
    if (error.integer_params?.includes(name)) {
      params[name] = formatter.integer(value);
    } else {
      const prefix = WORDED_PARAMS[error.key]?.[name];
      params[name] = prefix ? worded(prefix, value) : value;
    }
  }
  return message(`errors.${error.key}`, params);
}

/** Each field's message next to it; fields without an error are cleared and marked valid. */
export function paintErrors(errors) {
  for (const element of errorElements) {
    const name = element.dataset.errorFor;
    const error = errors[name];
    writeText(element, error ? errorText(error) : "");
    const control = form.elements.namedItem(name);
    if (control) {
      writeAttribute(control, "aria-invalid", error ? "true" : "false");
    }
  }
}

/** Old results stay readable but are marked out of date while they don't match the inputs. */
export function markStale(stale) {
  const show = stale && hasResult;
  for (const element of staleScopes) {
    element.classList.toggle("is-stale", show);
  }
  writeHidden(staleNote, !show);
  // Out-of-date figures are not offered as the answer: the bar leaves until a fresh one.
  writeHidden(resultBar, stale || !hasResult);
}
