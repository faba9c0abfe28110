// The form: read as typed, filled from a link or from Python's reading of it, and the fields
// shown only while another field has a value. The panels' controls belong to the form too
// (form="calculator-form"), so they are read and filled with it.
import { writeHidden } from "./dom-write.js";
import { INTEGER, form, formatter } from "./page-context.js";

/** Every named control of the form, as typed: panels added later are picked up unchanged. */
export function readFields() {
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
export function prefillFromAddress() {
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
export function fillFields(fields, errors) {
  for (const [name, text] of Object.entries(fields)) {
    setControl(name, !errors[name] && INTEGER.test(text) ? formatter.integer(text) : text);
  }
  syncShownFields();
}

/** Whether a field's block is shown: its chooser has the value it names, and the chooser's
 *  own block (when it too is shown only under a choice) is shown. */
function isShown(/** @type {HTMLElement} */ block) {
  const name = block.dataset.shownWhen;
  if (!name) {
    return true;
  }
  const chooser = /** @type {RadioNodeList | HTMLInputElement | null} */ (
    form.elements.namedItem(name)
  );
  const chooserBlock = /** @type {HTMLElement | null} */ (
    document.querySelector(`[data-field="${name}"][data-shown-when]`)
  );
  return chooser?.value === block.dataset.shownValue && (!chooserBlock || isShown(chooserBlock));
}

/** Fields shown only while another field has a value (their declaration's shown_when, written
 *  by the build as data-shown-when/-value, up the chain when that field is itself shown only
 *  under a choice); a list among them is named, so sent, only then. */
export function syncShownFields() {
  for (const block of /** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll("[data-shown-when]")
  )) {
    const shown = isShown(block);
    writeHidden(block, !shown);
    const list = block.querySelector("textarea");
    if (list && shown) {
      list.name = block.dataset.field ?? "";
    } else if (list) {
      list.removeAttribute("name");
    }
  }
}

/** One-click examples: fill the fields in the page's own number format. */
export function applyPreset(button) {
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
}
