// What every script of the page shares, read once: the catalog's strings (the page's JSON
// island, written by the build), the one Formatter of the page's language, the form, and
// how long an edit waits before it is calculated.
import { Formatter, fill } from "../pure/format.js";

/** @type {Record<string, any>} */
export const strings = JSON.parse(document.getElementById("page-strings").textContent);
/** The names shared with Python, each declared once in calculator/ (site_build/render.py).
 * @type {{chunkers: string[], splitters: string[], encodings: string[], iec_units: string[],
 *   storage_parts: [string, string, string][], export_word_keys: Record<string, string>,
 *   window_encodings: string[], retrievers: string[], wordllama_dimensions: number[],
 *   measures: string[], top_k: string}} */
export const facts = JSON.parse(document.getElementById("page-facts").textContent);

/** @type {Promise<void> | undefined} */
let panelStrings;
/** The counting panel's strings, kept out of the island (site_build/lazy_strings.py): fetched
 *  once, before count.js is imported, into `strings`; a failed fetch is tried again next time.
 *  @returns {Promise<void>} */
export function loadPanelStrings() {
  const address = document.querySelector("[data-count]")?.getAttribute("data-count-strings");
  panelStrings ??= fetch(address ?? "")
    .then((response) => {
      if (!response.ok) {
        throw new Error(`${address}: ${response.status}`);
      }
      return response.json();
    })
    .then((more) => {
      Object.assign(strings, more);
    });
  panelStrings.catch(() => {
    panelStrings = undefined;
  });
  return panelStrings;
}
// Its Intl objects are made on first use (format.js), so sharing it costs nothing at start.
export const formatter = new Formatter(strings["meta.locale"]);
export const root = document.documentElement;
export const form = /** @type {HTMLFormElement} */ (document.getElementById("calculator-form"));
// A whole number as the calculator writes it, shown in the page's own format.
export const INTEGER = /^-?\d+$/;

// The pauses, in ms, between the last edit and what follows it; one rule for the form and
// the panels (requests.js).
export const PAUSE_MS = {
  // Any field: a calculation per typing pause, not per keystroke.
  input: 120,
  // A list (a textarea) can hold 100,000 pasted counts that Python reads in the worker;
  // waiting longer keeps each keystroke in it from sending the whole text again.
  list: 400,
  // The address follows the answers (share.js): writing it is a history entry's update, not
  // a calculation, and waits until the visitor has stopped for a moment.
  address: 300,
  // Pasted text is counted once typing stops (count.js): a count of a long text is work for
  // the worker, and its tokenizer's answer changes with every keystroke.
  count: 300,
};

/** A catalog text with its {placeholders} filled. */
export function message(key, params = {}) {
  return fill(strings[key], params);
}
