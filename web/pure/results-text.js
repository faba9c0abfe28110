// The texts of the main results for one answer of calculator.respond, in the page's language.
//
// results-paint.js paints them after every answer; build.py runs this very module under Node to write
// the results for the default inputs into each page (site_build/prerender.mjs), so both read the
// same. Pure: no DOM, only format.js.

import { fill } from "./format.js";

/** @type {(keyof ResultAnswer)[]} */
const CHUNKING_KEYS = [
  "step",
  "chunks",
  "last_chunk_tokens",
  "tokens_processed",
  "repeated_tokens",
  "padded_tokens",
];
/** @type {(keyof ResultAnswer)[]} */
const VECTOR_KEYS = ["bytes_per_vector", "raw_vector_bytes"];

/** @typedef {import("answer-types").ResultAnswer} ResultAnswer */
/** @typedef {import("./format.js").Formatter} Formatter */
/** @typedef {import("./format.js").PluralEntry} PluralEntry */
/** @typedef {Record<string, string> & Record<`plural.${string}`, PluralEntry>} Strings */

/**
 * @param {string} key
 * @param {string} value
 * @param {Formatter} formatter
 * @param {Strings} strings
 */
function integerText(key, value, formatter, strings) {
  return key.endsWith("_bytes") || key.startsWith("bytes_")
    ? formatter.count(strings["plural.bytes"], value)
    : formatter.integer(value);
}

/**
 * {integers: {key: text}, lengthGroups: ["17 × 512", ...], joiner, explain: {repeated_tokens,
 * padded_tokens}, vectors: null or {iec, si}}; the vector keys are in `integers` only when the
 * result has vector figures.
 * @param {ResultAnswer} result
 * @param {Formatter} formatter
 * @param {Strings} strings
 */
export function resultTexts(result, formatter, strings) {
  const hasVectors = result.raw_vector_bytes !== undefined;
  const keys = hasVectors ? [...CHUNKING_KEYS, ...VECTOR_KEYS] : CHUNKING_KEYS;
  const integers = Object.fromEntries(
    keys.map((key) => [key, integerText(key, String(result[key]), formatter, strings)]),
  );
  const lengthGroups = result.length_groups.map((group) =>
    fill(strings["lengths.group"], {
      count: formatter.integer(group.count),
      length: formatter.integer(group.length),
    }),
  );
  const explain = {
    repeated_tokens: fill(strings["result.repeated_tokens.explain"], {
      share: formatter.percent(result.repeated_share),
    }),
    // A full last chunk pads nothing: that case has a sentence of its own, not "padding (0
    // tokens) that does not exist".
    padded_tokens: fill(
      strings[
        /^0+$/.test(String(result.padding_tokens))
          ? "result.padded_tokens.explain_full"
          : "result.padded_tokens.explain"
      ],
      {
        chunks: formatter.integer(result.chunks),
        chunk_size: formatter.integer(result.chunk_size),
        // Counted with their noun: a last chunk of one token is "1 token", not "1 tokens".
        last: formatter.count(strings["plural.tokens"], result.last_chunk_tokens),
        padding: formatter.count(strings["plural.tokens"], result.padding_tokens),
      },
    ),
  };
  const size = result.raw_vector_size;
  const vectors = size
    ? {
        iec: formatter.size(size.iec, strings["plural.bytes"]),
        si: formatter.size(size.si, strings["plural.bytes"]),
      }
    : null;
  return { integers, lengthGroups, joiner: strings["lengths.joiner"], explain, vectors };
}
