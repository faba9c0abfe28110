// The worked derivation's lines (web/pure/derivation.js): which lines Python names, worded with
// the visitor's numbers in the page's format.
import assert from "node:assert/strict";
import { test } from "node:test";
import { derivationLines } from "../../web/pure/derivation.js";
import { Formatter } from "../../web/pure/format.js";

const STRINGS = {
  "derivation.processed": "{tokens} + {overlap} · {chunks_minus_one} = {processed}",
  "derivation.documents_chunks": "D · n = {documents} · {document_chunks} = {chunks}",
  "derivation.documents_padded": "{documents} · {document_chunks} · {chunk_size} = {padded}",
  "derivation.chunks_sum": "Σ over {documents} documents = {chunks}",
  "derivation.processed_sum": "{tokens} + {overlap} · {chunks_minus_one} = {processed}",
  "derivation.step": "s = {chunk_size} − {overlap} = {step}",
  "derivation.chunks": "n = 1 + ⌈{quotient}⌉ = {chunks}",
  "derivation.last": "{tokens} − {chunks_minus_one} · {step} = {last}",
  "derivation.raw": "{vectors} · {dimensions} · {bytes_per_dimension} = {raw}",
  "plural.vectors": { one: "{count} vector", other: "{count} vectors" },
  "plural.bytes": { one: "{count}\u00a0byte", other: "{count}\u00a0bytes" },
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
  derivation: {
    chunks_minus_one: "17",
    documents_with_tokens: "1",
    chunks_line: "chunks",
    lines: ["last"],
    documents_line: null,
    raw_line: "raw",
  },
};

test("the lines Python names, in order, with the page's numbers", () => {
  const lines = derivationLines(/** @type {any} */ (RESULT), new Formatter("en"), STRINGS);
  assert.deepEqual(lines, [
    ["result.step.label", "s = 512 − 64 = 448"],
    ["result.chunks.label", "n = 1 + ⌈16.71…⌉ = 18"],
    ["result.last_chunk_tokens.label", "8,000 − 17 · 448 = 384"],
    ["result.raw_vector_bytes.label", "18 vectors · 384 · 4 = 27,648\u00a0bytes"],
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

test("documents of one length: one document's lines, then × D", () => {
  const result = {
    ...RESULT,
    tokens: "60000000",
    chunks: "150000",
    tokens_processed: "66400000",
    padded_tokens: "76800000",
    document_count: "50000",
    document: { tokens: "1200", chunks: "3", last_chunk_tokens: "304", tokens_processed: "1328" },
    steps_after_first: { approx: "1.53", exact: false },
    derivation: {
      chunks_minus_one: "2",
      documents_with_tokens: "50000",
      chunks_line: "chunks",
      lines: ["last", "document_processed", "documents_chunks", "documents_padded"],
      documents_line: "equal_documents",
      raw_line: null,
    },
  };
  const lines = derivationLines(/** @type {any} */ (result), new Formatter("en"), STRINGS);
  assert.deepEqual(lines, [
    ["result.step.label", "s = 512 − 64 = 448"],
    ["derivation.label.document_chunks", "n = 1 + ⌈1.53…⌉ = 3"],
    ["result.last_chunk_tokens.label", "1,200 − 2 · 448 = 304"],
    ["derivation.label.document_processed", "1,200 + 64 · 2 = 1,328"],
    ["result.chunks.label", "D · n = 50,000 · 3 = 150,000"],
    ["result.padded_tokens.label", "50,000 · 3 · 512 = 76,800,000"],
  ]);
});

test("documents of several lengths: sums over them", () => {
  const result = {
    ...RESULT,
    tokens: "3300",
    chunks: "5",
    tokens_processed: "3492",
    steps_after_first: undefined,
    last_chunk_tokens: undefined,
    document_count: "2",
    derivation: {
      chunks_minus_one: "3",
      documents_with_tokens: "2",
      chunks_line: "chunks_sum",
      lines: ["processed_sum"],
      documents_line: null,
      raw_line: null,
    },
  };
  const lines = derivationLines(/** @type {any} */ (result), new Formatter("en"), STRINGS);
  assert.deepEqual(lines, [
    ["result.step.label", "s = 512 − 64 = 448"],
    ["result.chunks.label", "Σ over 2 documents = 5"],
    ["result.tokens_processed.label", "3,300 + 64 · 3 = 3,492"],
  ]);
});
