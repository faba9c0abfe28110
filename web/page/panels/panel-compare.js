// The "compare configurations" panel: a table of rows, each a chunking setting, and
// their figures side by side with the lowest and highest of each column marked. Its default
// rows follow the main setting (Python's notes say how); the first edit makes them the
// visitor's own, named so that they are sent and shared.

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").ComparisonFiguresAnswer} ComparisonFiguresAnswer */
/** @typedef {import("answer-types").SizeAnswer} SizeAnswer */
import { onAddressChange } from "../address.js";
import { writeAttribute, writeData, writeHidden, writeText, writeValue } from "../dom-write.js";
import { formatter, message, strings } from "../page-context.js";
import {
  figuresChanged,
  forgetFigures,
  isStale,
  markStale,
  painted,
  panels,
} from "./panel-common.js";
import { computeNow } from "../requests.js";

const WHOLE = /^\d+$/;
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
    return strings["compare.dtype_as_above"];
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
  forgetFigures("compare"); // its cells show no figures yet
  return /** @type {HTMLTableRowElement} */ (
    compareTable.template.content.firstElementChild.cloneNode(true)
  );
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
    paintRowLimit(row, data);
  });
}

/** Beside the row's chunk size, its chunks over the model's input limit and the tokens they
 *  lose (the figures the model-limit panel gives the main setting).
 * @param {HTMLElement} row
 * @param {Partial<import("answer-types").CompareRowFigures>} data
 */
function paintRowLimit(row, data) {
  const warning = row.querySelector("[data-compare-limit]");
  const over = data.chunks_over_limit;
  writeHidden(warning, !over || over === "0");
  writeData(warning, "value", over ?? "");
  if (over && over !== "0") {
    const cut = formatter.integer(data.truncated_tokens ?? "0");
    writeText(
      warning,
      `${strings["model_limit.over"]}: ${formatter.integer(over)} · ${strings["model_limit.truncated"]}: ${cut}`,
    );
  }
}

/**
 * @param {Answer} answer
 */
export function showCompare(answer) {
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
  computeNow();
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
  computeNow();
}

/** Back or Forward changed the address: the table is again what the address says, its own
 *  rows if it has some (the answer sets them) and otherwise the default rows. */
function followAddress() {
  compareTable.explicit = false;
  indexRows();
}

/** The table's rows numbered, its edits and buttons wired. */
export function startCompare() {
  indexRows();
  compareTable.body.addEventListener("input", makeExplicit);
  compareTable.section.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const remove = target.closest("[data-compare-remove]");
    if (remove) {
      removeRow(remove.closest("tr"));
    } else if (target.closest("[data-compare-add]")) {
      addRow();
    }
  });
  onAddressChange(followAddress);
}
