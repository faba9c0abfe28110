// The trade-off chart's value axis (web/pure/axis.js) under Node: every label in the page's own
// number format, as the chunk sizes beside it and every other figure of the page are written.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { niceTicks, valueTicks } from "../../web/pure/axis.js";

// calculator/_units.py's IEC_UNITS, as the page's facts carry them.
const IEC_UNITS = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"];
import { Formatter } from "../../web/pure/format.js";

const LANGUAGES = ["en", "pt", "de", "it", "pl"];
const catalog = (lang) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), "utf-8"));
const NBSP = "\u00a0";

test("count ticks are grouped as the page groups, never compact", () => {
  for (const lang of LANGUAGES) {
    const words = catalog(lang);
    const formatter = new Formatter(words["meta.locale"]);
    for (const max of [3, 180, 2048, 9216, 45_000, 3_200_000]) {
      for (const tick of valueTicks(
        "tokens_processed",
        max,
        formatter,
        words["plural.bytes"],
        IEC_UNITS,
      )) {
        assert.equal(tick.label, formatter.decimal(String(tick.value), 2), `${lang} ${max}`);
        assert.doesNotMatch(tick.label, /[KkMm]|mil|Tsd|Mio|tys/u, `${lang} ${tick.label}`);
      }
    }
  }
});

test("the counts' labels read as the chunk sizes beside them", () => {
  const de = new Formatter("de-DE");
  const labels = valueTicks("chunks", 9000, de, catalog("de")["plural.bytes"], IEC_UNITS).map(
    (t) => t.label,
  );
  assert.deepEqual(labels, ["0", "2.500", "5.000", "7.500", "10.000"]);
  assert.equal(de.integer("2048"), "2.048");
  const it = new Formatter("it-IT");
  assert.deepEqual(
    valueTicks("tokens_processed", 4000, it, catalog("it")["plural.bytes"], IEC_UNITS).map(
      (t) => t.label,
    ),
    ["0", "1.000", "2.000", "3.000", "4.000"],
  );
  // Polish groups from five digits, as its integers: "2000", "20 000".
  const pl = new Formatter("pl-PL");
  const polish = valueTicks(
    "tokens_processed",
    20_000,
    pl,
    catalog("pl")["plural.bytes"],
    IEC_UNITS,
  );
  assert.deepEqual(
    polish.map((t) => t.label),
    ["0", "5000", "10\u00a0000", "15\u00a0000", "20\u00a0000"],
  );
});

test("sizes carry their unit: binary units from a KiB, the catalog's bytes below", () => {
  for (const lang of LANGUAGES) {
    const words = catalog(lang);
    const formatter = new Formatter(words["meta.locale"]);
    for (const tick of valueTicks(
      "raw_vector_bytes",
      3 * 1024 ** 2,
      formatter,
      words["plural.bytes"],
      IEC_UNITS,
    )) {
      assert.match(tick.label, new RegExp(`^0$|${NBSP}MiB$|^0${NBSP}`), `${lang} ${tick.label}`);
    }
    for (const tick of valueTicks(
      "storage_bytes",
      700,
      formatter,
      words["plural.bytes"],
      IEC_UNITS,
    )) {
      assert.equal(tick.label, formatter.count(words["plural.bytes"], String(tick.value)));
      assert.ok(Number.isInteger(tick.value), `${lang} ${tick.value}`);
    }
  }
  const de = new Formatter("de-DE");
  const mib = valueTicks(
    "raw_vector_bytes",
    3 * 1024 ** 2,
    de,
    catalog("de")["plural.bytes"],
    IEC_UNITS,
  );
  assert.deepEqual(
    mib.map((t) => t.label),
    ["0\u00a0MiB", "1\u00a0MiB", "2\u00a0MiB", "3\u00a0MiB"],
  );
});

test("nice steps: 1, 2, 2.5 or 5 times a power of ten, up to at least the maximum", () => {
  assert.deepEqual(niceTicks(9000), [0, 2500, 5000, 7500, 10000]);
  assert.deepEqual(niceTicks(0), [0, 1]);
  assert.deepEqual(niceTicks(3 * 1024, 1024), [0, 1024, 2048, 3072]);
});
