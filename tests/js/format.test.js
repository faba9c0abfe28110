// The page's formatting (web/pure/format.js) under Node: separators, placeholders, plurals and the
// sizes the calculator decided, written in each language's digits.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Formatter, fill, numberSeparators } from "../../web/pure/format.js";

const NBSP = "\u00a0";
const BYTES = { zero: "{count}\u00a0bytes", one: "{count}\u00a0byte", other: "{count}\u00a0bytes" };

test("each locale's separators", () => {
  assert.deepEqual(numberSeparators("de-DE"), { group: ".", decimal: "," });
  assert.deepEqual(numberSeparators("en"), { group: ",", decimal: "." });
  assert.deepEqual(numberSeparators("pl-PL"), { group: NBSP, decimal: "," });
});

test("placeholders are filled, unknown ones stay visible", () => {
  assert.equal(fill("{count} × {length}", { count: 17, length: "512" }), "17 × 512");
  assert.equal(fill("{count} {typo}", { count: 1 }), "1 {typo}");
});

test("integers are exact past 2^53 and grouped the locale's way", () => {
  assert.equal(new Formatter("en").integer("12345678901234567890"), "12,345,678,901,234,567,890");
  assert.equal(new Formatter("de-DE").integer("8000"), "8.000");
  assert.equal(new Formatter("pl-PL").integer("8000"), "8000");
});

test("plural forms: zero wording, CLDR categories, pt's millions read as other", () => {
  const pl = new Formatter("pl-PL");
  const entry = { zero: "zero", one: "one", few: "few", many: "many", other: "other" };
  assert.deepEqual(
    ["0", "1", "2", "5", "22", "25"].map((n) => pl.plural(entry, n)),
    ["zero", "one", "few", "many", "few", "many"],
  );
  const pt = new Formatter("pt-BR");
  assert.equal(pt.plural(entry, "1000000"), "other");
  assert.equal(pt.plural("just text", "3"), "just text");
  assert.equal(new Formatter("en").count(BYTES, "1"), `1${NBSP}byte`);
});

test("a decided size: localized digits, its unit, ≈ when rounded, no-break spaces", () => {
  const size = (approximate, significand, unit) => ({ approximate, significand, unit });
  const de = new Formatter("de-DE");
  assert.equal(de.size(size(true, "27.6", "kB"), BYTES), `≈${NBSP}27,6${NBSP}kB`);
  assert.equal(de.size(size(false, "27", "KiB"), BYTES), `27${NBSP}KiB`);
  assert.equal(de.size(size(true, "1016", "KiB"), BYTES), `≈${NBSP}1.016${NBSP}KiB`);
  assert.equal(new Formatter("en").size(size(false, "1023", "bytes"), BYTES), `1,023${NBSP}bytes`);
  assert.equal(
    new Formatter("pl-PL").size(size(true, "1.05", "MB"), BYTES),
    `≈${NBSP}1,05${NBSP}MB`,
  );
});

test("negative numbers take the minus sign U+2212, differences their sign", () => {
  const de = new Formatter("de-DE");
  assert.equal(de.integer("-1088"), "\u22121.088");
  assert.equal(de.signed("-1088"), "\u22121.088");
  assert.equal(de.signed("6616"), "+6.616");
  assert.equal(de.signed("0"), "0");
  assert.equal(new Formatter("en").decimal("-2.5", 2), "\u22122.5");
  assert.doesNotMatch(new Formatter("pl-PL").integer("-12345"), /-/);
});

test("Italian groups four digits as its documents do; Polish does not", () => {
  assert.equal(new Formatter("it-IT").integer("9088"), "9.088");
  assert.equal(new Formatter("it-IT").decimal("1016", 2), "1.016");
  assert.equal(new Formatter("pl-PL").integer("9088"), "9088");
});

test("a byte count beside its sizes says each figure once", () => {
  const size = (approximate, significand, unit) => ({ approximate, significand, unit });
  const de = new Formatter("de-DE");
  const exactly = (n) => size(false, n, "bytes");
  assert.equal(
    de.bytesAndSizes("1008", { iec: exactly("1008"), si: size(true, "1.01", "kB") }, BYTES),
    `1.008${NBSP}bytes = ≈${NBSP}1,01${NBSP}kB`,
  );
  assert.equal(
    de.bytesAndSizes("999", { iec: exactly("999"), si: exactly("999") }, BYTES),
    `999${NBSP}bytes`,
  );
  assert.equal(
    de.bytesAndSizes("6144", { iec: size(false, "6", "KiB"), si: size(true, "6.14", "kB") }, BYTES),
    `6.144${NBSP}bytes = 6${NBSP}KiB = ≈${NBSP}6,14${NBSP}kB`,
  );
});
