// The worked derivation with the visitor's numbers, as [label key, formula] lines. Which
// lines and formulas apply is Python's to say (result.derivation); this only words them.
// Pure (no DOM): tests/js/derivation.test.js runs it under Node.
import { fill } from "./format.js";

/** @typedef {import("answer-types").ResultAnswer} ResultAnswer */
/** @typedef {import("./format.js").Formatter} Formatter */

// Each line after the chunks: the result it derives and its figure's name in the formula.
/** @type {Record<string, [string, string]>} */
const LINES = {
  last: ["last_chunk_tokens", "last"],
  processed: ["tokens_processed", "processed"],
  repeated: ["repeated_tokens", "repeated"],
  padded: ["padded_tokens", "padded"],
};

/**
 * @param {ResultAnswer} result
 * @param {Formatter} formatter
 * @param {Record<string, any>} strings the page's catalog strings
 * @returns {[string, string][]}
 */
export function derivationLines(result, formatter, strings) {
  const message = (/** @type {string} */ key, /** @type {Record<string, string>} */ params) =>
    fill(strings[key], params);
  const n = (/** @type {string} */ key) =>
    formatter.integer(/** @type {Record<string, any>} */ (result)[key]);
  const facts = result.derivation;
  const common = {
    tokens: n("tokens"),
    chunk_size: n("chunk_size"),
    overlap: n("overlap"),
    step: n("step"),
    chunks: n("chunks"),
    chunks_minus_one: formatter.integer(facts.chunks_minus_one),
  };
  const quotient = formatter.decimal(result.steps_after_first.approx, 6);
  const chunks = {
    ...common,
    quotient: result.steps_after_first.exact ? quotient : `${quotient}…`,
  };
  /** @type {[string, string][]} */
  const lines = [
    ["result.step.label", message("derivation.step", common)],
    ["result.chunks.label", message(`derivation.${facts.chunks_line}`, chunks)],
  ];
  for (const line of facts.lines) {
    const [key, name] = LINES[line];
    lines.push([
      `result.${key}.label`,
      message(`derivation.${line}`, { ...common, [name]: n(key) }),
    ]);
  }
  if (facts.raw_line) {
    const vectors = {
      vectors: n("chunks"),
      dimensions: n("dimensions"),
      raw: n("raw_vector_bytes"),
    };
    /** @type {Record<string, string>} */
    const perDimension =
      facts.raw_line === "raw"
        ? {
            bytes_per_dimension: formatter.decimal(
              /** @type {string} */ (result.bytes_per_dimension),
              6,
            ),
          }
        : {};
    lines.push([
      "result.raw_vector_bytes.label",
      message(`derivation.${facts.raw_line}`, { ...vectors, ...perDimension }),
    ]);
  }
  return lines;
}
