// The main results' texts (web/pure/results-text.js) from one answer, as the page and the build's
// prerendering write them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Formatter } from "../../web/pure/format.js";
import { resultTexts } from "../../web/pure/results-text.js";

const NBSP = "\u00a0";
const STRINGS = {
  "plural.bytes": { one: "{count}\u00a0byte", other: "{count}\u00a0bytes" },
  "plural.tokens": { one: "{count} token", other: "{count} tokens" },
  "lengths.group": "{count} × {length}",
  "lengths.joiner": " + ",
  "lengths.range": "{first}–{last}",
  "lengths.least": "Shortest",
  "lengths.median": "Median",
  "lengths.p95": "95th percentile",
  "lengths.most": "Longest",
  "result.repeated_tokens.explain": "{share} of the document",
  "result.padded_tokens.explain": "{chunks} × {chunk_size}; {last}, {padding} short",
};

const RESULT = {
  tokens: "8000",
  chunk_size: "512",
  overlap: "64",
  step: "448",
  chunks: "18",
  last_chunk_tokens: "384",
  length_groups: [
    { count: "17", length: "512" },
    { count: "1", length: "384" },
  ],
  tokens_processed: "9088",
  repeated_tokens: "1088",
  repeated_share: "0.136",
  padded_tokens: "9216",
  padding_tokens: "128",
  steps_after_first: { approx: "16.71", exact: false },
};

test("without vectors: chunking figures only", () => {
  const texts = resultTexts(RESULT, new Formatter("en"), STRINGS);
  assert.equal(texts.integers.tokens_processed, "9,088");
  assert.equal(texts.integers.raw_vector_bytes, undefined);
  assert.deepEqual(texts.lengthGroups, ["17 × 512", "1 × 384"]);
  assert.equal(texts.explain.repeated_tokens, "13.6% of the document");
  assert.equal(texts.explain.padded_tokens, "18 × 512; 384 tokens, 128 tokens short");
  assert.equal(texts.vectors, null);
});

test("with vectors: the exact bytes counted, the sizes as the calculator decided them", () => {
  const result = {
    ...RESULT,
    dimensions: "384",
    dtype: "float32",
    bits_per_dimension: "32",
    bytes_per_dimension: "4",
    bytes_per_vector: "1536",
    raw_vector_bytes: "27648",
    raw_vector_size: {
      iec: { approximate: false, significand: "27", unit: "KiB" },
      si: { approximate: true, significand: "27.6", unit: "kB" },
    },
  };
  const texts = resultTexts(result, new Formatter("de-DE"), STRINGS);
  assert.equal(texts.integers.raw_vector_bytes, `27.648${NBSP}bytes`);
  assert.deepEqual(texts.vectors, { iec: `27${NBSP}KiB`, si: `≈${NBSP}27,6${NBSP}kB` });
});

test("many lengths: the distribution's figures and ranges instead of the list", () => {
  const result = {
    ...RESULT,
    length_groups: [1, 2, 3, 4, 5].map((length) => ({ count: "1", length: String(length) })),
    length_distribution: {
      chunks: "2001",
      least: "1",
      median: "512",
      p95: "512",
      most: "1024",
      histogram: [
        { first: "1", last: "512", chunks: "2000" },
        { first: "513", last: "1023", chunks: "0" },
        { first: "1024", last: "1024", chunks: "1" },
      ],
    },
  };
  const texts = resultTexts(result, new Formatter("en"), STRINGS);
  assert.deepEqual(texts.lengthGroups, []);
  assert.deepEqual(
    texts.distribution?.figures.map((figure) => [figure.label, figure.text]),
    [
      ["Shortest", "1 token"],
      ["Median", "512 tokens"],
      ["95th percentile", "512 tokens"],
      ["Longest", "1,024 tokens"],
    ],
  );
  assert.deepEqual(
    texts.distribution?.bins.map((bin) => [bin.range, bin.chunks, bin.width]),
    [
      ["1–512", "2,000", 100],
      ["513–1,023", "0", 0],
      ["1,024", "1", 1],
    ],
  );
  assert.equal(resultTexts(RESULT, new Formatter("en"), STRINGS).distribution, null);
});
