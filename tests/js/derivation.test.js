// The worked derivation's lines (web/pure/derivation.js): which lines Python names, worded with
// the visitor's numbers in the page's format.
import assert from "node:assert/strict";
import { test } from "node:test";
import { derivationLines } from "../../web/pure/derivation.js";
import { Formatter } from "../../web/pure/format.js";

const STRINGS = {
  "derivation.step": "s = {chunk_size} − {overlap} = {step}",
  "derivation.chunks": "n = 1 + ⌈{quotient}⌉ = {chunks}",
  "derivation.last": "{tokens} − {chunks_minus_one} · {step} = {last}",
  "derivation.raw": "{vectors} · {dimensions} · {bytes_per_dimension} = {raw}",
};

const RESULT = {
  tokens: "8000",
  chunk_size: "512",
  overlap: "64",
  step: "448",
  chunks: "18",
  last_chunk_tokens: "384",
  dimensions: "384",
  raw_vector_bytes: "27648",
  bytes_per_dimension: "4",
  steps_after_first: { approx: "16.71", exact: false },
  derivation: { chunks_minus_one: "17", chunks_line: "chunks", lines: ["last"], raw_line: "raw" },
};

test("the lines Python names, in order, with the page's numbers", () => {
  const lines = derivationLines(/** @type {any} */ (RESULT), new Formatter("en"), STRINGS);
  assert.deepEqual(lines, [
    ["result.step.label", "s = 512 − 64 = 448"],
    ["result.chunks.label", "n = 1 + ⌈16.71…⌉ = 18"],
    ["result.last_chunk_tokens.label", "8,000 − 17 · 448 = 384"],
    ["result.raw_vector_bytes.label", "18 · 384 · 4 = 27,648"],
  ]);
});

test("an exact quotient has no ellipsis, and no vectors no raw line", () => {
  const result = {
    ...RESULT,
    steps_after_first: { approx: "16", exact: true },
    derivation: { ...RESULT.derivation, lines: [], raw_line: null },
  };
  const lines = derivationLines(/** @type {any} */ (result), new Formatter("de-DE"), STRINGS);
  assert.deepEqual(lines, [
    ["result.step.label", "s = 512 − 64 = 448"],
    ["result.chunks.label", "n = 1 + ⌈16⌉ = 18"],
  ]);
});
