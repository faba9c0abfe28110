// The page's only script: reads the form, asks the Python calculator, paints the answer.
//
// All validation and arithmetic happen in Python (calculator.respond); this file only sends the
// raw texts the visitor typed and shows what comes back, localized with format.js. Catalog and
// typed text only ever reach the page through textContent, never as markup.

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").ResultAnswer} ResultAnswer */
import { createChunkMap } from "./chunkmap.js";
import { Formatter, fill, numberSeparators } from "./format.js";
import { resultTexts } from "./results-text.js";
import { calculator } from "./boot.js";

const INPUT_DEBOUNCE_MS = 120;
const INTEGER = /^-?\d+$/;

const strings = JSON.parse(document.getElementById("page-strings").textContent);
const formatter = new Formatter(strings["meta.locale"]);
const root = document.documentElement;
const form = /** @type {HTMLFormElement} */ (document.getElementById("calculator-form"));
const chunkMap = createChunkMap(document.getElementById("chunk-map"), {
  formatter,
  notDrawn: strings["chunkmap.gap"],
  describe: (result) =>
    fill(strings["chunkmap.description"], {
      chunks: formatter.integer(result.chunks),
      chunk_size: formatter.integer(result.chunk_size),
      overlap: formatter.integer(result.overlap),
    }),
});

const answerListeners = [];
const addressListeners = [];
// The query this page last read or wrote: a popstate that keeps it (the skip link's jump to
// #results) is no new address, and must not undo input not yet written into it.
let knownSearch = location.search;
// Until Python has read the link, the address (not the form's text pre-fill) is the state.
let addressPending = true;
let latestRequest = 0;
let hasResult = false;
let debounceTimer = 0;

function message(key, params = {}) {
  return fill(strings[key], params);
}

function $(selector) {
  return document.querySelector(selector);
}

// --- reading the form ---------------------------------------------------------------------

/** Every named control of the form, as typed: panels added later are picked up unchanged. */
function readFields() {
  const fields = {};
  for (const control of /** @type {Iterable<HTMLInputElement>} */ (form.elements)) {
    // Of a radio group or a checkbox only the checked one speaks, as in a submitted form.
    const unchecked = (control.type === "radio" || control.type === "checkbox") && !control.checked;
    if (control.name && !unchecked) {
      fields[control.name] = control.value;
    }
  }
  return fields;
}

// The page's separators, sent with every request so Python reads "8.000" as de writes it.
// Made by the first request: the first Intl.NumberFormat of the page's process costs 20-50 ms
// (ICU's number data), which the worker pays off this thread while Python loads (worker.js).
let number_format = null;

function buildRequest() {
  number_format ??= numberSeparators(formatter.tag);
  return addressPending
    ? { query: location.search, number_format }
    : { fields: readFields(), number_format };
}

// --- filling the form from a link ---------------------------------------------------------

/** Set a control (or radio group) to a text; a select gets an option showing an unknown
 *  value as typed, so the link's bad choice stays visible next to its error. */
function setControl(name, text) {
  const control = /** @type {HTMLInputElement | HTMLSelectElement | RadioNodeList | null} */ (
    form.elements.namedItem(name)
  );
  if (control instanceof HTMLSelectElement) {
    control.querySelector("[data-from-link]")?.remove();
    if (![...control.options].some((option) => option.value === text)) {
      const option = document.createElement("option");
      option.value = text;
      option.textContent = text;
      option.dataset.fromLink = "";
      control.append(option);
    }
  }
  if (
    control instanceof HTMLInputElement &&
    (control.type === "radio" || control.type === "checkbox")
  ) {
    control.checked = control.value === text;
  } else if (control) {
    control.value = text;
  }
}

/** Before Python has started, show the link's raw values at once (text only). */
function prefillFromAddress() {
  const params = new URLSearchParams(location.search);
  for (const name of new Set(
    [.../** @type {Iterable<HTMLInputElement>} */ (form.elements)].map((control) => control.name),
  )) {
    if (name && params.has(name)) {
      setControl(name, params.get(name));
    }
  }
  syncShownFields();
}

/** Python's reading of the link: valid numbers in the page's format, bad values as typed. */
function fillFields(fields, errors) {
  for (const [name, text] of Object.entries(fields)) {
    setControl(name, !errors[name] && INTEGER.test(text) ? formatter.integer(text) : text);
  }
  syncShownFields();
}

// --- painting -----------------------------------------------------------------------------
// Only what differs is written: an equal text or attribute written again still makes the
// browser replace a node or recompute styles, in every answer (and the results are a live
// region, read out when they change). The elements are found once: this markup is static.

const resultElements = elementsByData("[data-result]", "result");
const explainElements = elementsByData("[data-explain]", "explain");
const vectorElements = [...document.querySelectorAll("[data-vector-result]")];
const staleScopes = [...document.querySelectorAll("[data-stale-scope]")];
// The planning panels paint their own errors, comparison rows and all (panels.js).
const errorElements = [
  .../** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll("[data-error-for]:not([data-panels] *)")
  ),
];
const derivationList = $("[data-derivation]");
const staleNote = $("[data-stale-note]");
const calcError = $("[data-calc-error]");
const resultsEmpty = $("[data-results-empty]");
const noVectors = $("[data-no-vectors]");

/** {value of data-<name>: [elements]} for the elements `selector` finds. */
function elementsByData(selector, name) {
  const found = new Map();
  for (const element of document.querySelectorAll(selector)) {
    const key = element.dataset[name];
    found.set(key, [...(found.get(key) ?? []), element]);
  }
  return found;
}

// The writers that leave an equal value alone (panels.js and share.js paint with them too).

export function writeText(element, text) {
  if (element.textContent !== text) {
    element.textContent = text;
  }
}

export function writeHidden(element, hidden) {
  if (element.hidden !== hidden) {
    element.hidden = hidden;
  }
}

export function writeAttribute(element, name, value) {
  if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

export function writeData(element, name, value) {
  const text = String(value);
  if (element.dataset[name] !== text) {
    element.dataset[name] = text;
  }
}

function setText(selector, text) {
  for (const element of document.querySelectorAll(selector)) {
    element.textContent = text;
  }
}

function paintInteger(key, value, text) {
  for (const element of resultElements.get(key) ?? []) {
    writeData(element, "value", value);
    writeText(element, text);
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

function paintFigures(result, texts) {
  for (const [key, text] of Object.entries(texts.integers)) {
    paintInteger(key, result[key], text);
  }
  paintLengthGroups(texts.lengthGroups, texts.joiner);
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

// Each line of the derivation after the chunks: the result it derives and its figure's name.
const DERIVATION_LINES = {
  last: ["last_chunk_tokens", "last"],
  processed: ["tokens_processed", "processed"],
  repeated: ["repeated_tokens", "repeated"],
  padded: ["padded_tokens", "padded"],
};

/**
 * The worked derivation with the visitor's numbers: [label key, formula] per line. Which
 * lines and formulas apply is Python's to say (result.derivation); this only words them.
 * @param {ResultAnswer} result
 */
function derivationLines(result) {
  const n = (key) => formatter.integer(result[key]);
  const facts = result.derivation;
  const common = {
    tokens: n("tokens"),
    chunk_size: n("chunk_size"),
    overlap: n("overlap"),
    step: n("step"),
    chunks: n("chunks"),
    chunks_minus_one: formatter.integer(facts.chunks_minus_one),
  };
  const quotient = formatter.decimal(result.steps_after_first.approx, 6);
  const chunks = {
    ...common,
    quotient: result.steps_after_first.exact ? quotient : `${quotient}…`,
  };
  const lines = [
    ["result.step.label", message("derivation.step", common)],
    ["result.chunks.label", message(`derivation.${facts.chunks_line}`, chunks)],
  ];
  for (const line of facts.lines) {
    const [key, name] = DERIVATION_LINES[line];
    lines.push([
      `result.${key}.label`,
      message(`derivation.${line}`, { ...common, [name]: n(key) }),
    ]);
  }
  if (facts.raw_line) {
    const vectors = {
      vectors: n("chunks"),
      dimensions: n("dimensions"),
      raw: n("raw_vector_bytes"),
    };
    const perDimension =
      facts.raw_line === "raw"
        ? { bytes_per_dimension: formatter.decimal(result.bytes_per_dimension, 6) }
        : {};
    lines.push([
      "result.raw_vector_bytes.label",
      message(`derivation.${facts.raw_line}`, { ...vectors, ...perDimension }),
    ]);
  }
  return lines;
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
  const lines = derivationLines(result);
  const rows = derivationList.children;
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

/**
 * @param {ResultAnswer} result
 */
function paintResult(result) {
  const texts = resultTexts(result, formatter, strings);
  paintFigures(result, texts);
  paintVectors(texts.vectors);
  paintDerivation(result);
  chunkMap.draw(result);
  hasResult = true;
}

/** A field error in the page's language, its whole-number params (Python names them) in the
 *  page's number format; panels.js uses it too. */
export function errorText(error) {
  const params = {};
  for (const [name, value] of Object.entries(error.params ?? {})) {
    params[name] = error.integer_params?.includes(name) ? formatter.integer(value) : value;
  }
  return message(`errors.${error.key}`, params);
}

/** Each field's message next to it; fields without an error are cleared and marked valid. */
function paintErrors(errors) {
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
function markStale(stale) {
  const show = stale && hasResult;
  for (const element of staleScopes) {
    element.classList.toggle("is-stale", show);
  }
  writeHidden(staleNote, !show);
}

// --- talking to Python --------------------------------------------------------------------

function showLoadError(error) {
  root.dataset.state = "error";
  const key = error?.reason === "timeout" ? "status.load_timeout" : "status.load_failed";
  setText("[data-load-error-message]", message(key));
  $("[data-load-error]").hidden = false;
}

/** While any field is invalid the last valid results stay, marked out of date, even when
 *  Python could still compute part of the answer (e.g. chunks without a valid dimension).
 * @param {Answer} response
 */
function showResponse(response) {
  const errors = response.errors ?? {};
  if (response.fields) {
    fillFields(response.fields, errors);
    addressPending = false;
  }
  paintErrors(errors);
  writeHidden(calcError, true);
  // The planning panels mark their own figures; Python says when the main ones are out of date.
  const valid = response.panels?.main !== "stale";
  if (valid && response.result) {
    paintResult(response.result);
  }
  markStale(!valid || !response.result);
  if (hasResult) {
    delete root.dataset.linked; // a link's own results are shown now (query-guard.js)
  }
  // A link opened with invalid values has nothing to show yet: say what to do instead.
  writeHidden(resultsEmpty, hasResult);
  for (const listener of answerListeners) {
    listener(response);
  }
  writeData(root, "state", "ready");
}

/** Modules beside this one (planning panels, sharing) paint their part of every answer here.
 *  They load as module scripts of their own, after this one, before Python's first answer.
 * @param {(answer: Answer) => void} listener
 */
export function onAnswer(listener) {
  answerListeners.push(listener);
}

/** Modules that read the address themselves (page parameters) read it again here when
 *  Back or Forward changes it without a new load. */
export function onAddressChange(listener) {
  addressListeners.push(listener);
}

/** share.js wrote the current state into the address. */
export function addressWritten() {
  knownSearch = location.search;
}

/** For modules that change fields themselves: calculate at once with the form as it is now. */
export function recalculate() {
  computeNow();
}

/** `keepAddress`: the start and a retry ask for the link's state while it is still unread;
 *  every other calculation reads the form. */
async function computeNow(keepAddress = false) {
  addressPending &&= keepAddress;
  clearTimeout(debounceTimer);
  const requestNumber = ++latestRequest;
  try {
    // Read once Python can answer: the form as it is then, and no Intl object made at start.
    await calculator.ready;
    const response = await calculator.calculate(buildRequest());
    if (requestNumber === latestRequest) {
      showResponse(response);
    }
  } catch (error) {
    if (requestNumber !== latestRequest) {
      return;
    }
    if (error?.reason === "calculation") {
      // Python raised: keep the inputs and the last results, say so, and stay usable.
      writeHidden(calcError, false);
      markStale(true);
    } else {
      showLoadError(error);
    }
  }
}

function computeSoon() {
  clearTimeout(debounceTimer);
  debounceTimer = setTimeout(computeNow, INPUT_DEBOUNCE_MS);
}

function retry() {
  $("[data-load-error]").hidden = true;
  root.dataset.state = "loading";
  calculator.retry().catch(() => {});
  computeNow(true);
}

/** Back or Forward to another entry of this page (the skip link adds one, and the address
 *  follows the form on the entry it is on) changes the address without a new load: read it
 *  as a load does, so the form, the results and the address agree again. */
function followAddress() {
  if (location.search === knownSearch) {
    return;
  }
  knownSearch = location.search;
  addressPending = true;
  prefillFromAddress();
  syncLanguageLinks();
  for (const listener of addressListeners) {
    listener();
  }
  computeNow(true);
}

// --- controls -----------------------------------------------------------------------------

/** Fields shown only while another field has a value (their declaration's shown_when, written
 *  by the build as data-shown-when/-value); a list among them is named, so sent, only then.
 *  panels.js calls it too. */
export function syncShownFields() {
  for (const block of /** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll("[data-shown-when]")
  )) {
    const chooser = /** @type {RadioNodeList | HTMLInputElement | null} */ (
      form.elements.namedItem(block.dataset.shownWhen ?? "")
    );
    const shown = chooser?.value === block.dataset.shownValue;
    writeHidden(block, !shown);
    const list = block.querySelector("textarea");
    if (list && shown) {
      list.name = block.dataset.field ?? "";
    } else if (list) {
      list.removeAttribute("name");
    }
  }
}

/** One-click examples: fill the fields in the page's own number format, then calculate. */
function applyPreset(button) {
  for (const attribute of button.attributes) {
    const name =
      attribute.name.startsWith("data-preset-") && attribute.name.slice("data-preset-".length);
    const control = name && /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
    if (control) {
      control.value = INTEGER.test(attribute.value)
        ? formatter.integer(attribute.value)
        : attribute.value;
    }
  }
  syncShownFields();
  computeNow();
  form.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

/** Language links keep the current query string (the shared state) and fragment. */
export function syncLanguageLinks() {
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (
    document.querySelectorAll("[data-language-link]")
  )) {
    link.href = `../${link.dataset.languageLink}/${location.search}${location.hash}`;
  }
}

function wireControls() {
  form.addEventListener("input", () => {
    syncShownFields();
    computeSoon();
  });
  form.addEventListener("change", computeSoon);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    computeNow();
  });
  form.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      computeNow();
    }
  });
  for (const button of document.querySelectorAll("[data-preset]")) {
    button.addEventListener("click", () => applyPreset(button));
  }
  $("[data-retry]").addEventListener("click", retry);
  window.addEventListener("popstate", followAddress);
  // The address may change after load (shared state), so refresh just before a link is used.
  const languages = $(".languages");
  for (const type of ["pointerdown", "focusin", "click"]) {
    languages.addEventListener(type, syncLanguageLinks);
  }
}

/** Keep this build for offline use (sw.js at the site's root, one directory above this file's
 *  versioned one: build.py), once Python has started so that it never competes with the
 *  start. Not in a frame: an embedding site's visitors would download the whole build for a
 *  copy they don't open. Without service workers (an insecure origin, a browser that blocks
 *  them) the page works as before, online. */
async function keepForOffline() {
  try {
    if (window.self !== window.top || !("serviceWorker" in navigator)) {
      return;
    }
    const registration = await navigator.serviceWorker.register(
      new URL("../sw.js", import.meta.url),
    );
    activateNewBuilds(registration);
  } catch {
    // Offline use is a bonus; the calculator works without it.
  }
}

/** A newer build, once kept, waits (sw.js) so that no page still starting gets a file of it;
 *  this page has started, so it lets the new build take over for the next visit. */
function activateNewBuilds(registration) {
  registration.waiting?.postMessage("activate");
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && registration.active) {
        worker.postMessage("activate");
      }
    });
  });
}

/** "Count your own text" (count.js) is no part of a first visit's bytes: its module is
 *  imported when the visitor first turns to the panel, and counts what was typed, chosen or
 *  dropped before it arrived. */
function loadCountingOnUse() {
  const panel = document.querySelector("[data-count]");
  if (!panel) {
    return;
  }
  /** @type {Promise<typeof import("./count.js")> | undefined} */
  let counting;
  const load = () => {
    counting ??= import("./count.js");
    return counting;
  };
  for (const type of ["focusin", "pointerdown", "dragenter", "input", "change"]) {
    panel.addEventListener(type, load, { once: true });
  }
  // A file dropped on the panel is counted, never opened by the browser in the page's place.
  panel.addEventListener("dragover", (event) => event.preventDefault());
  panel.addEventListener("drop", (event) => {
    event.preventDefault();
    const { dataTransfer } = /** @type {DragEvent} */ (event);
    const dropped = [...(dataTransfer?.files ?? [])];
    if (dropped.length) {
      load().then((module) => module.addFiles(dropped));
    }
  });
}

function start() {
  prefillFromAddress();
  syncLanguageLinks();
  wireControls();
  loadCountingOnUse();
  calculator.ready.then(keepForOffline, showLoadError);
  computeNow(true);
}

start();
