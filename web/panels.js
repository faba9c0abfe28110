// The planning panels: compare configurations, documents vs one stream, prompt budget and
// embedding cost.
//
// Like app.js, this module only shows Python's answers: the panels' controls belong to the
// main form (form="calculator-form"), so app.js sends them with every request, and
// calculator.respond answers with each panel's figures. Texts reach the page through
// textContent and form control values only, never as markup.

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").ComparisonFiguresAnswer} ComparisonFiguresAnswer */
/** @typedef {import("answer-types").DocumentsAnswer} DocumentsAnswer */
/** @typedef {import("answer-types").SizeAnswer} SizeAnswer */
import {
  errorText,
  onAddressChange,
  onAnswer,
  recalculate,
  syncShownFields,
  writeAttribute,
  writeData,
  writeHidden,
  writeText,
} from "./app.js";
import { Formatter, fill } from "./format.js";

const INPUT_DEBOUNCE_MS = 150;
// A pasted list can hold 100,000 counts; Python reads it in the worker, and waiting for a
// pause keeps each keystroke in the list from sending the whole text again.
const LIST_DEBOUNCE_MS = 400;
const WHOLE = /^\d+$/;

const strings = JSON.parse(document.getElementById("page-strings").textContent);
const formatter = new Formatter(strings["meta.locale"]);
// "+6,616" / "−1,234": the documents' differences.
/** @type {Intl.NumberFormatOptions} */
const SIGNED = { signDisplay: "exceptZero", maximumFractionDigits: 0 };
// An amount in the visitor's own currency: cents for large amounts, six significant digits
// for tiny ones (0.00018176), whichever shows more.
/** @type {Intl.NumberFormatOptions} */
const AMOUNT = {
  maximumFractionDigits: 2,
  maximumSignificantDigits: 6,
  roundingPriority: "morePrecision",
};
const EXACT_AMOUNT = { maximumFractionDigits: 12 };

const panels = /** @type {HTMLElement} */ (document.querySelector("[data-panels]"));
const compareTable = {
  section: document.getElementById("compare"),
  body: /** @type {HTMLTableSectionElement} */ (panels.querySelector("[data-compare-rows]")),
  template: /** @type {HTMLTemplateElement} */ (panels.querySelector("[data-compare-template]")),
  addButton: /** @type {HTMLButtonElement} */ (panels.querySelector("[data-compare-add]")),
  // The most rows a comparison takes: the field's declared maximum, written by the build.
  maxRows: Number(
    /** @type {HTMLButtonElement} */ (panels.querySelector("[data-compare-add]")).dataset.maxRows,
  ),
  // Default rows follow the main setting and are not sent; the first edit makes them explicit.
  explicit: false,
};
const documentsMode = /** @type {HTMLSelectElement} */ (
  document.getElementById("field-documents_mode")
);
const documentList = /** @type {HTMLTextAreaElement} */ (
  document.getElementById("field-document_tokens")
);
const listParsing = /** @type {HTMLElement} */ (panels.querySelector("[data-documents-parsing]"));
const priceField = /** @type {HTMLInputElement} */ (
  document.getElementById("field-price_per_million")
);
// Panels that have shown figures at least once (only those can be out of date).
const painted = new Set();
// The figures each panel shows, as JSON: most edits change one panel's figures, and the
// others are then not painted again.
const shownFigures = new Map();
let recalculateTimer = 0;
let listSent = false;

function message(key, params = {}) {
  return fill(strings[key], params);
}

/** Whether `figures` differ from what panel `name` shows; they are then taken as shown. */
function figuresChanged(name, figures) {
  const text = JSON.stringify(figures ?? null);
  if (shownFigures.get(name) === text) {
    return false;
  }
  shownFigures.set(name, text);
  return true;
}

function setData(element, value, text) {
  writeData(element, "value", value ?? "");
  writeText(element, text);
}

/** Whether a field the panel depends on has an error: its last figures stay, out of date. */
function isStale(answer, panel) {
  return answer.panels?.[panel] === "stale";
}

// --- errors and staleness --------------------------------------------------------------------

/** The panels' error elements (app.js paints the main form's), once the comparison rows are
 *  what this answer makes them; each control, named or not, is marked by the error element
 *  that describes it.
 * @param {Answer["errors"]} errors
 */
function paintErrors(errors) {
  const hasError = new Map(); // error element id -> whether it shows an error
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (
    panels.querySelectorAll("[data-error-for]")
  )) {
    const error = errors[element.dataset.errorFor];
    writeText(element, error ? errorText(error) : "");
    hasError.set(element.id, Boolean(error));
  }
  for (const control of panels.querySelectorAll("[aria-describedby]")) {
    const errorIds = control
      .getAttribute("aria-describedby")
      .split(" ")
      .filter((id) => hasError.has(id));
    if (errorIds.length > 0) {
      writeAttribute(
        control,
        "aria-invalid",
        errorIds.some((id) => hasError.get(id)) ? "true" : "false",
      );
    }
  }
}

function markStale(section, stale) {
  const show = stale && painted.has(section.id);
  for (const note of section.querySelectorAll("[data-panel-stale]")) {
    writeHidden(note, !show);
  }
  for (const figures of section.querySelectorAll("[data-panel-figures]")) {
    figures.classList.toggle("is-stale", show);
  }
}

// --- compare configurations ------------------------------------------------------------------

function compareRows() {
  return [...compareTable.body.rows];
}

/** Ids, names, labels and error slots of row `index` (rows are renumbered after a removal). */
function indexRow(row, index) {
  const number = String(index + 1);
  const name = row.querySelector("[data-row-name]");
  row.dataset.compareRow = String(index);
  name.id = `compare-row-${index}`;
  name.textContent = message("compare.row_label", { row: number });
  for (const control of row.querySelectorAll("[data-column]")) {
    const column = control.dataset.column;
    const error = control.parentElement.querySelector("[data-error-for]");
    control.id = `compare-${index}-${column}`;
    error.id = `error-compare-${index}-${column}`;
    error.dataset.errorFor = `compare.${index}.${column}`;
    control.setAttribute("aria-labelledby", `compare-col-${column} ${name.id}`);
    control.setAttribute("aria-describedby", error.id);
    if (compareTable.explicit) {
      control.name = `compare.${index}.${column}`;
    } else {
      control.removeAttribute("name");
    }
  }
  const remove = row.querySelector("[data-compare-remove]");
  remove.setAttribute("aria-label", message("compare.remove_row_label", { row: number }));
}

/** Back or Forward changed the address: the table is again what the address says, its own
 *  rows if it has some (the answer sets them) and otherwise the default rows. */
function followAddress() {
  // A panel edit still waiting to be sent belongs to the state the visitor left.
  clearTimeout(recalculateTimer);
  listSent = false;
  listParsing.hidden = true;
  compareTable.explicit = false;
  indexRows();
}

function indexRows() {
  const rows = compareRows();
  rows.forEach(indexRow);
  for (const button of compareTable.body.querySelectorAll("[data-compare-remove]")) {
    writeHidden(button, rows.length <= 1);
  }
  compareTable.addButton.disabled = rows.length >= compareTable.maxRows;
}

/** From now on the table is the visitor's: its cells are named, so they are sent and shared. */
function makeExplicit() {
  if (compareTable.explicit) {
    return;
  }
  compareTable.explicit = true;
  for (const note of compareTable.body.querySelectorAll("[data-row-note]")) {
    note.textContent = "";
  }
  indexRows();
}

/** A representation outside the list gets an option of its own, so the row shows what it
 *  holds: a byte count, "" (the main form's representation) or a link's bad value. */
function selectValue(select, value) {
  const extra = select.querySelector("[data-extra]");
  if (extra && extra.value !== value) {
    extra.remove();
  }
  if (select.value === value) {
    return;
  }
  if (![...select.options].some((option) => option.value === value)) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = optionText(value);
    option.dataset.extra = "";
    select.append(option);
  }
  select.value = value;
}

function optionText(value) {
  if (value === "") {
    return strings["compare.current"];
  }
  return WHOLE.test(value) ? formatter.count(strings["plural.bytes"], value) : value;
}

function setRowCells(row, cells) {
  for (const control of row.querySelectorAll("[data-column]")) {
    const text = cells[control.dataset.column] ?? "";
    if (control instanceof HTMLSelectElement) {
      selectValue(control, text);
    } else {
      writeValue(control, WHOLE.test(text) ? formatter.integer(text) : text);
    }
  }
}

function newRow() {
  shownFigures.delete("compare"); // its cells show no figures yet
  return /** @type {HTMLTableRowElement} */ (
    compareTable.template.content.firstElementChild.cloneNode(true)
  );
}

/** A field's text, written only when it differs (writing moves the visitor's cursor). */
function writeValue(control, text) {
  if (control.value !== text) {
    control.value = text;
  }
}

/** Make the table hold exactly `rows` (texts from Python), reusing the rows it has; their
 *  ids and names depend only on their number, so they are written again only if it changed. */
function setRows(rows) {
  const existing = compareRows();
  const count = existing.length;
  for (let index = existing.length; index < rows.length; index += 1) {
    const row = newRow();
    compareTable.body.append(row);
    existing.push(row);
  }
  for (const row of existing.splice(rows.length)) {
    row.remove();
  }
  existing.forEach((row, index) => {
    setRowCells(row, rows[index]);
  });
  if (rows.length !== count) {
    indexRows();
  }
}

/** Default rows say what they show (Python's notes): the current setting, without overlap,
 *  double overlap. */
function paintRowNotes(notes) {
  compareRows().forEach((row, index) => {
    const note = notes[index] ?? "";
    writeText(row.querySelector("[data-row-note]"), note ? strings[`compare.${note}`] : "");
  });
}

/**
 * @param {string} name
 * @param {string} value
 * @param {{raw_vector_size?: SizeAnswer}} row
 */
function figureText(name, value, row) {
  if (name === "over_tokens_share") {
    return formatter.percent(value);
  }
  if (name === "raw_vector_bytes") {
    return formatter.size(row.raw_vector_size.iec, strings["plural.bytes"]);
  }
  return formatter.integer(value);
}

/** Which end of its column a row's figure is: lowest ("best"), highest ("worst") or neither. */
function markOf(figures, name, index) {
  const has = (side) => (figures[side]?.[name] ?? []).map(String).includes(String(index));
  if (has("best")) {
    return "best";
  }
  return has("worst") ? "worst" : "";
}

/**
 * @param {ComparisonFiguresAnswer} figures
 */
function paintCompareFigures(figures) {
  compareRows().forEach((row, index) => {
    const data = figures.rows[index] ?? {};
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (
      row.querySelectorAll("[data-compare-figure]")
    )) {
      const name = cell.dataset.compareFigure;
      const value = data[name];
      const mark = value === undefined ? "" : markOf(figures, name, index);
      const shown = value === undefined ? "—" : figureText(name, value, data);
      writeData(cell, "value", value ?? "");
      writeData(cell, "mark", mark);
      writeText(cell.querySelector(".compare-value"), shown);
      writeText(cell.querySelector("[data-compare-mark]"), mark ? strings[`compare.${mark}`] : "");
      // Raw size: binary units first, the exact byte count below (unless they read the same).
      const exact = cell.querySelector("[data-compare-bytes]");
      if (exact) {
        const text = value === undefined ? "" : formatter.count(strings["plural.bytes"], value);
        writeText(exact, text === shown ? "" : text);
      }
    }
  });
}

/**
 * @param {Answer} answer
 */
function showCompare(answer) {
  const data = answer.compare;
  if (!data) {
    return;
  }
  if (answer.fields && !data.default) {
    // A shared link's own table.
    makeExplicit();
    setRows(data.rows);
  } else if (!compareTable.explicit && data.default && data.rows.length > 0) {
    setRows(data.rows);
    paintRowNotes(data.notes);
  }
  // An empty dimensions cell means the main form's dimensions: show them as its placeholder.
  const dimensions = answer.result?.dimensions;
  const placeholder = dimensions ? formatter.integer(dimensions) : "";
  for (const input of compareTable.body.querySelectorAll('[data-column="dimensions"]')) {
    writeAttribute(input, "placeholder", placeholder);
  }
  const valid = Boolean(data.figures) && !isStale(answer, "compare");
  if (valid) {
    if (figuresChanged("compare", data.figures)) {
      paintCompareFigures(data.figures);
    }
    painted.add("compare");
  }
  markStale(compareTable.section, !valid);
}

function addRow() {
  const rows = compareRows();
  if (rows.length >= compareTable.maxRows) {
    return;
  }
  makeExplicit();
  const row = newRow();
  // A new row starts as a copy of the last one, ready to be changed.
  const last = rows.at(-1);
  compareTable.body.append(row);
  if (last) {
    for (const control of /** @type {NodeListOf<HTMLInputElement>} */ (
      row.querySelectorAll("[data-column]")
    )) {
      const source = /** @type {HTMLInputElement} */ (
        last.querySelector(`[data-column="${control.dataset.column}"]`)
      );
      if (control instanceof HTMLSelectElement) {
        selectValue(control, source.value);
      } else {
        control.value = source.value;
      }
    }
  }
  indexRows();
  /** @type {HTMLElement} */ (row.querySelector("[data-column]")).focus();
  recalculateNow();
}

function removeRow(row) {
  if (compareRows().length <= 1) {
    return;
  }
  makeExplicit();
  const next = row.nextElementSibling ?? row.previousElementSibling;
  row.remove();
  indexRows();
  next.querySelector("[data-compare-remove]")?.focus();
  recalculateNow();
}

// --- documents vs one stream -----------------------------------------------------------------

/** "+6,616" / "−1,234" in the page's format (the difference is negative for some corpora). */
function signedInteger(value) {
  return formatter.numberFormat("signed", SIGNED).format(value);
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
    : formatter.numberFormat("signed", SIGNED).formatToParts(negative ? -1 : 1)[0].value;
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
  const section = document.getElementById("documents");
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
function showDocuments(answer) {
  const section = document.getElementById("documents");
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

// --- prompt budget ---------------------------------------------------------------------------

/** A bar's geometry, set only when it changed (a new width lays the bar out again). */
function writeStyle(element, property, value) {
  if (element.style[property] !== value) {
    element.style[property] = value;
  }
}

function paintBudgetBar(section, data) {
  const parts = ["source_tokens", "reserved_tokens", "answer_tokens"];
  // Proportions only: Number's rounding is invisible at this size.
  const scale = Math.max(Number(data.context_window), Number(data.total_tokens)) || 1;
  for (const name of parts) {
    const part = section.querySelector(`[data-budget-part="${name}"]`);
    writeStyle(part, "width", `${(100 * Number(data[name])) / scale}%`);
  }
  const limit = section.querySelector("[data-budget-limit]");
  writeStyle(limit, "insetInlineStart", `${(100 * Number(data.context_window)) / scale}%`);
  writeHidden(limit, data.fits);
}

function paintBudget(data) {
  const section = document.getElementById("budget");
  const $ = (name) => section.querySelector(`[data-budget="${name}"]`);
  const n = (name) => formatter.integer(data[name]);
  // Counted with the noun, so that one token is not "1 tokens".
  const tokens = (name) => formatter.count(strings["plural.tokens"], data[name]);
  setData(
    $("source_tokens"),
    data.source_tokens,
    message("budget.source_tokens", {
      top_k: n("top_k"),
      chunk_size: n("chunk_size"),
      source: tokens("source_tokens"),
    }),
  );
  setData(
    $("total_tokens"),
    data.total_tokens,
    formatter.count(strings["plural.tokens"], data.total_tokens),
  );
  const verdict = $("verdict");
  writeData(verdict, "fits", data.fits);
  writeData(verdict, "value", data.spare_tokens);
  writeText(
    verdict,
    data.fits
      ? message("budget.fits", { spare: tokens("spare_tokens") })
      : message("budget.over_by", {
          over: formatter.count(strings["plural.tokens"], data.spare_tokens.replace(/^-/, "")),
        }),
  );
  setData(
    $("chunks_that_fit"),
    data.chunks_that_fit,
    formatter.count(strings["budget.chunks_that_fit"], data.chunks_that_fit),
  );
  paintBudgetBar(section, data);
}

/**
 * @param {Answer} answer
 */
function showBudget(answer) {
  const section = document.getElementById("budget");
  const invalid = isStale(answer, "budget");
  if (!invalid && answer.budget) {
    if (figuresChanged("budget", answer.budget)) {
      paintBudget(answer.budget);
    }
    painted.add("budget");
  } else if (!invalid) {
    painted.delete("budget"); // all four fields left empty: the panel is not in use
  }
  writeHidden(section.querySelector("[data-panel-figures]"), !painted.has("budget"));
  markStale(section, invalid);
}

// --- embedding cost --------------------------------------------------------------------------

/** The amount with "≈" when the shown digits are not the exact amount. */
function amountText(decimal) {
  const shown = formatter.numberFormat("amount", AMOUNT).format(decimal);
  return shown === formatter.numberFormat("exact-amount", EXACT_AMOUNT).format(decimal)
    ? shown
    : `≈\u00a0${shown}`;
}

function costFormula(tokens, price) {
  return `${formatter.integer(tokens)} × ${formatter.decimal(price, 12)} / ${formatter.integer("1000000")}`;
}

function paintCost(section, cost, documents) {
  const oneTime = section.querySelector('[data-cost="one_time"]');
  writeData(oneTime, "amount", cost.one_time);
  writeText(oneTime, message("cost.one_time", { amount: amountText(cost.one_time) }));
  writeText(
    section.querySelector('[data-cost-formula="one_time"]'),
    costFormula(cost.tokens_processed, cost.price_per_million),
  );
  const perSet = section.querySelector('[data-cost="per_document_set"]');
  const perSetFormula = section.querySelector('[data-cost-formula-line="per_document_set"]');
  const hasSet = cost.per_document_set !== undefined && Boolean(documents);
  writeHidden(perSet, !hasSet);
  writeHidden(perSetFormula, !hasSet);
  if (hasSet) {
    writeData(perSet, "amount", cost.per_document_set);
    writeText(
      perSet,
      message("cost.per_document_set", { amount: amountText(cost.per_document_set) }),
    );
    writeText(
      perSetFormula.querySelector("code"),
      costFormula(documents.per_document.tokens_processed, cost.price_per_million),
    );
  }
}

/**
 * @param {Answer} answer
 */
function showCost(answer) {
  const section = document.getElementById("cost");
  const results = section.querySelector("[data-cost-results]");
  if (!priceField.value.trim()) {
    // No price, no cost: nothing is shown, and a later price starts afresh.
    writeHidden(results, true);
    painted.delete("cost");
    return;
  }
  const invalid = isStale(answer, "cost");
  if (!invalid && answer.cost) {
    if (figuresChanged("cost", [answer.cost, answer.documents])) {
      paintCost(section, answer.cost, answer.documents);
    }
    painted.add("cost");
  }
  writeHidden(results, !painted.has("cost"));
  markStale(section, invalid || !answer.cost);
}

// --- wiring ----------------------------------------------------------------------------------

function recalculateNow() {
  clearTimeout(recalculateTimer);
  recalculate();
}

function recalculateSoon(delay) {
  clearTimeout(recalculateTimer);
  recalculateTimer = setTimeout(() => {
    listSent = !listParsing.hidden;
    recalculate();
  }, delay);
}

/**
 * @param {Answer} answer
 */
function showAnswer(answer) {
  answer.errors ??= {};
  showCompare(answer);
  showDocuments(answer);
  showBudget(answer);
  showCost(answer);
  paintErrors(answer.errors);
}

function wirePanels() {
  // The panels sit outside the form element, so its own listeners never see their events.
  panels.addEventListener("input", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest("[data-compare-rows]")) {
      makeExplicit();
    }
    if (target === documentsMode) {
      syncShownFields();
    }
    if (target === documentList) {
      listParsing.hidden = false;
      recalculateSoon(LIST_DEBOUNCE_MS);
    } else {
      recalculateSoon(INPUT_DEBOUNCE_MS);
    }
  });
  panels.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      recalculateNow();
    }
  });
  panels.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const remove = target.closest("[data-compare-remove]");
    if (remove) {
      removeRow(remove.closest("tr"));
    } else if (target.closest("[data-compare-add]")) {
      addRow();
    }
  });
}

function start() {
  // app.js has already shown a link's raw values; a link may have chosen list mode.
  syncShownFields();
  const linked = new URLSearchParams(location.search).get("document_tokens");
  if (documentList.name && linked !== null) {
    documentList.value = linked;
  }
  indexRows();
  wirePanels();
  onAnswer(showAnswer);
  onAddressChange(followAddress);
}

start();
