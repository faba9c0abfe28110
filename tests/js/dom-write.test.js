// The page's writers (web/page/dom-write.js) leave an equal value alone: no write reaches the
// element unless the value differs.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  writeAttribute,
  writeData,
  writeHidden,
  writeStyle,
  writeText,
  writeValue,
} from "../../web/page/dom-write.js";

/** An object that counts the writes to `property`. */
function counting(property, initial) {
  let value = initial;
  const element = { writes: 0 };
  Object.defineProperty(element, property, {
    get: () => value,
    set: (next) => {
      element.writes += 1;
      value = next;
    },
  });
  return element;
}

test("text, hidden and a field's value: written only when they differ", () => {
  for (const [write, property, initial, next] of [
    [writeText, "textContent", "a", "b"],
    [writeHidden, "hidden", false, true],
    [writeValue, "value", "1", "2"],
  ]) {
    const element = counting(property, initial);
    write(element, initial);
    assert.equal(element.writes, 0);
    write(element, next);
    write(element, next);
    assert.equal(element.writes, 1);
    assert.equal(element[property], next);
  }
});

test("attributes, data and styles: written only when they differ", () => {
  const attributes = new Map([["aria-invalid", "false"]]);
  let sets = 0;
  const element = {
    getAttribute: (name) => attributes.get(name) ?? null,
    setAttribute: (name, value) => {
      sets += 1;
      attributes.set(name, value);
    },
    dataset: { value: "12" },
    style: { width: "10%" },
  };
  writeAttribute(element, "aria-invalid", "false");
  writeAttribute(element, "aria-invalid", "true");
  assert.equal(sets, 1);
  writeData(element, "value", 12);
  assert.equal(element.dataset.value, "12");
  writeData(element, "fits", true);
  assert.equal(element.dataset.fits, "true");
  writeStyle(element, "width", "20%");
  assert.equal(element.style.width, "20%");
});
