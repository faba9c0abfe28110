// The collection the plan is made of (the main form's first fieldset): one document, a number
// of documents of an average length, or a list of per-document token counts.  A list can be
// long: a link's list is put into its field, and while an edited list is being read the field
// says so, until the answer that read it comes.

import { onAddressChange } from "./address.js";
import { syncShownFields } from "./form.js";
import { onAnswer, onSend } from "./requests.js";

const list = /** @type {HTMLTextAreaElement} */ (document.getElementById("field-document_tokens"));
const reading = /** @type {HTMLElement} */ (document.querySelector("[data-list-parsing]"));
// A link too long for an address brings a summary: counts rounded, every figure an estimate,
// said beside the list and the results until the list is edited.
const rounded = /** @type {HTMLElement} */ (document.querySelector("[data-list-rounded]"));
const estimate = /** @type {HTMLElement} */ (document.querySelector("[data-estimate-note]"));

function sayEstimate(shown) {
  rounded.hidden = !shown;
  estimate.hidden = !shown;
}
// Whether the calculation last sent holds the list as the visitor edited it: its answer then
// ends the "reading the list" note.
let listSent = false;

/** A link's list into its field (form.js fills named controls; the list is named only while
 *  shown). */
function fillLinkedList(linked) {
  syncShownFields();
  if (list.name && linked !== undefined && linked !== null && list.value !== linked) {
    list.value = linked;
  }
}

/** @param {import("answer-types").Answer} answer */
function followAnswer(answer) {
  if (answer.fields) {
    fillLinkedList(answer.fields.document_tokens);
    sayEstimate(answer.list_came === "rounded");
  }
  if (listSent) {
    reading.hidden = true;
    listSent = false;
  }
}

export function startCorpus() {
  fillLinkedList(new URLSearchParams(location.search).get("document_tokens"));
  list.addEventListener("input", () => {
    reading.hidden = false;
    sayEstimate(false);
  });
  onSend(() => {
    listSent = !reading.hidden;
  });
  onAnswer(followAnswer);
  // Back or Forward: a list edit not yet answered belongs to the state the visitor left.
  onAddressChange(() => {
    listSent = false;
    reading.hidden = true;
  });
}
