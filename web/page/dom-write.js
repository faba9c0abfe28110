// The page's writers: each writes only what differs. An equal text or attribute written
// again still makes the browser replace a node or recompute styles, in every answer (and the
// results are a live region, read out when they change); a field's value written again moves
// the visitor's cursor. An element is any: a form control found by name can be a radio group.

/**
 * @param {any} element
 * @param {string} text
 */
export function writeText(element, text) {
  if (element.textContent !== text) {
    element.textContent = text;
  }
}

/**
 * @param {any} element
 * @param {boolean} hidden
 */
export function writeHidden(element, hidden) {
  if (element.hidden !== hidden) {
    element.hidden = hidden;
  }
}

/**
 * @param {any} element
 * @param {string} name
 * @param {string} value
 */
export function writeAttribute(element, name, value) {
  if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

/**
 * @param {any} element
 * @param {string} name
 * @param {unknown} value
 */
export function writeData(element, name, value) {
  const text = String(value);
  if (element.dataset[name] !== text) {
    element.dataset[name] = text;
  }
}

/**
 * A field's text.
 * @param {any} control
 * @param {string} text
 */
export function writeValue(control, text) {
  if (control.value !== text) {
    control.value = text;
  }
}

/**
 * A style property (a new width lays a bar out again).
 * @param {any} element
 * @param {string} property
 * @param {string} value
 */
export function writeStyle(element, property, value) {
  if (element.style[property] !== value) {
    element.style[property] = value;
  }
}
