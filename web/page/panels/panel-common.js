// What the planning panels share: which panel has figures to show, whether they
// changed, their errors, their out-of-date marks and how they write an amount of money.
//
// Like the main results, the panels only show Python's answers: their controls belong to the
// main form (form="calculator-form"), so they are sent with every request, and
// calculator.respond answers with each panel's figures. Texts reach the page through
// textContent and form control values only, never as markup.

/** @typedef {import("answer-types").Answer} Answer */
import { writeAttribute, writeData, writeHidden, writeText } from "../dom-write.js";
import { formatter } from "../page-context.js";
import { errorText } from "../results-paint.js";

// An amount in the visitor's own currency: cents for large amounts, six significant digits
// for tiny ones (0.00018176), whichever shows more.
/** @type {Intl.NumberFormatOptions} */
const AMOUNT = {
  maximumFractionDigits: 2,
  maximumSignificantDigits: 6,
  roundingPriority: "morePrecision",
};
const EXACT_AMOUNT = { maximumFractionDigits: 12 };

export const panels = /** @type {HTMLElement} */ (document.querySelector("[data-panels]"));
// Panels that have shown figures at least once (only those can be out of date).
export const painted = new Set();
// The figures each panel shows, as JSON: most edits change one panel's figures, and the
// others are then not painted again.
const shownFigures = new Map();

/** Whether `figures` differ from what panel `name` shows; they are then taken as shown. */
export function figuresChanged(name, figures) {
  const text = JSON.stringify(figures ?? null);
  if (shownFigures.get(name) === text) {
    return false;
  }
  shownFigures.set(name, text);
  return true;
}

/** Panel `name` shows no figures (its cells were made again): the next ones are painted. */
export function forgetFigures(name) {
  shownFigures.delete(name);
}

export function setData(element, value, text) {
  writeData(element, "value", value ?? "");
  writeText(element, text);
}

/** Whether a field the panel depends on has an error: its last figures stay, out of date. */
export function isStale(answer, panel) {
  return answer.panels?.[panel] === "stale";
}

/** The panels' error elements (results-paint.js paints the main form's), once the comparison
 *  rows are what this answer makes them; each control, named or not, is marked by the error
 *  element that describes it.
 * @param {Answer["errors"]} errors
 */
export function paintErrors(errors) {
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

export function markStale(section, stale) {
  const show = stale && painted.has(section.id);
  for (const note of section.querySelectorAll("[data-panel-stale]")) {
    writeHidden(note, !show);
  }
  for (const figures of section.querySelectorAll("[data-panel-figures]")) {
    figures.classList.toggle("is-stale", show);
  }
}

/** The amount with "≈" when the shown digits are not the exact amount. */
export function amountText(decimal) {
  const shown = formatter.numberFormat("amount", AMOUNT).format(decimal);
  return shown === formatter.numberFormat("exact-amount", EXACT_AMOUNT).format(decimal)
    ? shown
    : `≈\u00a0${shown}`;
}
