// The worked derivation with the visitor's numbers, as [label key, formula] lines. Which
// lines and formulas apply is Python's to say (result.derivation); this only words them.
// Pure (no DOM): tests/js/derivation.test.js runs it under Node.
import { fill } from "./format.js";

/** @typedef {import("answer-types").ResultAnswer} ResultAnswer */
/** @typedef {import("./format.js").Formatter} Formatter */

// Each line after the chunks: its label's and its formula's catalog keys, and the figure it
// ends in with that figure's name in the formula.  "document_processed" is one of D equal
// documents' (the one document's formula with that document's figures).
/** @type {Record<string, [string, string, string, string]>} */
const LINES = {
  last: ["result.last_chunk_tokens.label", "derivation.last", "last_chunk_tokens", "last"],
  processed: [
    "result.tokens_processed.label",
    "derivation.processed",
    "tokens_processed",
    "processed",
  ],
  repeated: ["result.repeated_tokens.label", "derivation.repeated", "repeated_tokens", "repeated"],
  padded: ["result.padded_tokens.label", "derivation.padded", "padded_tokens", "padded"],
  document_processed: [
    "derivation.label.document_processed",
    "derivation.processed",
    "tokens_processed",
    "processed",
  ],
  documents_chunks: ["result.chunks.label", "derivation.documents_chunks", "chunks", "chunks"],
  documents_processed: [
    "result.tokens_processed.label",
    "derivation.documents_processed",
    "tokens_processed",
    "processed",
  ],
  documents_repeated: [
    "result.repeated_tokens.label",
    "derivation.documents_repeated",
    "repeated_tokens",
    "repeated",
  ],
  documents_padded: [
    "result.padded_tokens.label",
    "derivation.documents_padded",
    "padded_tokens",
    "padded",
  ],
  processed_sum: [
    "result.tokens_processed.label",
    "derivation.processed_sum",
    "tokens_processed",
    "processed",
  ],
  repeated_documents: [
    "result.repeated_tokens.label",
    "derivation.repeated_documents",
    "repeated_tokens",
    "repeated",
  ],
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
  // D equal documents: the lines before the "× D" ones are one document's.
  const one = facts.documents_line === "equal_documents" ? result.document : undefined;
  const common = {
    tokens: formatter.integer(one ? one.tokens : result.tokens),
    chunk_size: n("chunk_size"),
    overlap: n("overlap"),
    step: n("step"),
    chunks: formatter.integer(one ? one.chunks : result.chunks),
    chunks_minus_one: formatter.integer(facts.chunks_minus_one),
    documents: formatter.integer(facts.documents_with_tokens),
  };
  const quotient = result.steps_after_first
    ? formatter.decimal(result.steps_after_first.approx, 6)
    : "";
  const chunks = {
    ...common,
    quotient: result.steps_after_first?.exact ? quotient : `${quotient}…`,
    chunks: common.chunks,
  };
  /** @type {[string, string][]} */
  const lines = [
    ["result.step.label", message("derivation.step", common)],
    [
      one ? "derivation.label.document_chunks" : "result.chunks.label",
      message(`derivation.${facts.chunks_line}`, chunks),
    ],
  ];
  for (const line of facts.lines) {
    const [labelKey, formulaKey, key, name] = LINES[line];
    const perDocument = one && (line === "last" || line === "document_processed");
    const value = perDocument
      ? formatter.integer(/** @type {Record<string, any>} */ (one)[key])
      : n(key);
    /** @type {Record<string, string>} */
    const params = { ...common, [name]: value };
    if (one) {
      params.document_chunks = formatter.integer(one.chunks);
      params.document_processed = formatter.integer(one.tokens_processed);
      if (!perDocument) {
        params.chunks = n("chunks");
      }
    }
    lines.push([labelKey, message(formulaKey, params)]);
  }
  if (facts.raw_line) {
    // The counts with their nouns and the size in bytes: the catalogs put a unit after the
    // dimensions and the bytes per dimension themselves.
    const vectors = {
      vectors: formatter.count(strings["plural.vectors"], result.chunks),
      dimensions: n("dimensions"),
      raw: formatter.count(
        strings["plural.bytes"],
        /** @type {string} */ (result.raw_vector_bytes),
      ),
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
