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
  "document_count",
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

/** @type {("least" | "median" | "p95" | "most")[]} */
const DISTRIBUTION_KEYS = ["least", "median", "p95", "most"];

/**
 * The chunk lengths' distribution in words, or null for a few lengths (listed instead): its
 * four figures ({key, label, value, text}) and its ranges ({range, chunks, value, width: the share
 * of the fullest range, a whole percent, at least 1 for a range with chunks}).
 * @param {ResultAnswer} result
 * @param {Formatter} formatter
 * @param {Strings} strings
 */
function distributionTexts(result, formatter, strings) {
  const lengths = result.length_distribution;
  if (!lengths) {
    return null;
  }
  const fullest = lengths.histogram.reduce(
    (top, bin) => (BigInt(bin.chunks) > top ? BigInt(bin.chunks) : top),
    0n,
  );
  return {
    figures: DISTRIBUTION_KEYS.map((key) => ({
      key,
      label: strings[`lengths.${key}`],
      value: lengths[key],
      text: formatter.count(strings["plural.tokens"], lengths[key]),
    })),
    bins: lengths.histogram.map((bin) => ({
      range:
        bin.first === bin.last
          ? formatter.integer(bin.first)
          : fill(strings["lengths.range"], {
              first: formatter.integer(bin.first),
              last: formatter.integer(bin.last),
            }),
      chunks: formatter.integer(bin.chunks),
      value: bin.chunks,
      width: fullest ? Number((BigInt(bin.chunks) * 100n + fullest - 1n) / fullest) : 0,
    })),
  };
}

/**
 * {integers: {key: text}, lengthGroups: ["17 × 512", ...] (none when `distribution` says
 * the lengths), distribution: null or distributionTexts', joiner, explain: {chunks,
 * tokens_processed, repeated_tokens, padded_tokens}, oneStream: text or "", lastLabel,
 * vectors: null or {iec, si}}; a key is in `integers` only when the result has it (the
 * vector keys with vector figures, the document count for several documents, each
 * document's last chunk when they have one length).
 * @param {ResultAnswer} result
 * @param {Formatter} formatter
 * @param {Strings} strings
 */
export function resultTexts(result, formatter, strings) {
  const hasVectors = result.raw_vector_bytes !== undefined;
  const keys = (hasVectors ? [...CHUNKING_KEYS, ...VECTOR_KEYS] : CHUNKING_KEYS).filter(
    (key) => result[key] !== undefined,
  );
  const integers = Object.fromEntries(
    keys.map((key) => [key, integerText(key, String(result[key]), formatter, strings)]),
  );
  const distribution = distributionTexts(result, formatter, strings);
  const groups = distribution ? [] : result.length_groups;
  const lengthGroups = groups.map((group) =>
    fill(strings["lengths.group"], {
      count: formatter.integer(group.count),
      length: formatter.integer(group.length),
    }),
  );
  // Several documents: the collection's wording, each document split on its own.
  const corpus = result.document_count !== undefined;
  const variant = (/** @type {string} */ key) => (corpus ? `${key}_corpus` : key);
  const explain = {
    chunks: strings[variant("result.chunks.explain")],
    tokens_processed: strings[variant("result.tokens_processed.explain")],
    repeated_tokens: fill(strings[variant("result.repeated_tokens.explain")], {
      share: formatter.percent(result.repeated_share),
    }),
    // A full last chunk pads nothing: that case has a sentence of its own, not "padding (0
    // tokens) that does not exist".
    padded_tokens: fill(
      strings[
        /^0+$/.test(String(result.padding_tokens))
          ? "result.padded_tokens.explain_full"
          : variant("result.padded_tokens.explain")
      ],
      {
        chunks: formatter.integer(result.chunks),
        chunk_size: formatter.integer(result.chunk_size),
        // Counted with their noun: a last chunk of one token is "1 token", not "1 tokens".
        last: formatter.count(strings["plural.tokens"], result.last_chunk_tokens ?? "0"),
        padding: formatter.count(strings["plural.tokens"], result.padding_tokens),
      },
    ),
  };
  const stream = result.one_stream;
  const oneStream = stream
    ? fill(strings["result.one_stream"], {
        chunks: formatter.integer(stream.chunks),
        difference: formatter.signed(String(BigInt(result.chunks) - BigInt(stream.chunks))),
      })
    : "";
  const size = result.raw_vector_size;
  const vectors = size
    ? {
        iec: formatter.size(size.iec, strings["plural.bytes"]),
        si: formatter.size(size.si, strings["plural.bytes"]),
      }
    : null;
  return {
    integers,
    lengthGroups,
    distribution,
    joiner: strings["lengths.joiner"],
    explain,
    oneStream,
    lastLabel:
      strings[corpus ? "result.last_chunk_tokens.label_each" : "result.last_chunk_tokens.label"],
    vectors,
  };
}
