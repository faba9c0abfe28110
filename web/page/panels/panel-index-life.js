// The index's life: re-indexing, storage beyond the raw vectors, and the model's input limit.
//
// Like the other panels, this module only shows Python's answers: the panels' controls belong to the
// main form (form="calculator-form") inside the planning panels, whose listener recalculates
// and paints their errors; here each figure is painted beside its formula, filled with the
// answer's own numbers. Texts reach the page through textContent only, never as markup.

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").ReindexAnswer} ReindexAnswer */
/** @typedef {import("answer-types").StorageAnswer} StorageAnswer */
/** @typedef {import("answer-types").ModelLimitAnswer} ModelLimitAnswer */
/** @typedef {import("answer-types").SizeAnswer} SizeAnswer */
/** @typedef {{value: string, text: string, formula: string} | null} Row */
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { syncShownFields } from "../form.js";
import { formatter, message, strings } from "../page-context.js";
import { amountText, figuresChanged, isStale, markStale, painted } from "./panel-common.js";

function integer(text) {
  return formatter.integer(text);
}

function bytes(count) {
  return formatter.count(strings["plural.bytes"], count);
}

/**
 * The exact byte count and, from a kilobyte up, its binary and decimal sizes as the calculator
 * decided them, each figure once (format.js): "686,592 bytes = 671 KiB = ≈687 kB".
 * @param {string} count
 * @param {SizeAnswer} size
 */
function bytesText(count, size) {
  return formatter.bytesAndSizes(count, size, strings["plural.bytes"]);
}

/**
 * @param {ReindexAnswer} plan
 * @returns {Record<string, Row>}
 */
function reindexRows(plan) {
  const old = integer(plan.old_chunks);
  const reused = integer(plan.reused_chunks);
  let reuse = message("reindex.formula.reused", { old });
  if (plan.new_model) {
    reuse = message("reindex.formula.reused_model", { old });
  } else if (plan.realigned_after_edit !== undefined) {
    const kept = integer(plan.kept_before_edit);
    const realigned = integer(plan.realigned_after_edit);
    reuse = message("reindex.formula.reused_edit", { kept, realigned, old });
  } else if (plan.kind !== "settings") {
    reuse = message("reindex.formula.reused_documents", { old });
  }
  const chunks = (count) => formatter.count(strings["plural.chunks"], count);
  const cost = plan.cost;
  return {
    reused_chunks: { value: plan.reused_chunks, text: chunks(plan.reused_chunks), formula: reuse },
    chunks_to_embed: {
      value: plan.chunks_to_embed,
      text: chunks(plan.chunks_to_embed),
      formula: message("reindex.formula.to_embed", { new: integer(plan.new_chunks), reused }),
    },
    chunks_to_delete: {
      value: plan.chunks_to_delete,
      text: chunks(plan.chunks_to_delete),
      formula: message("reindex.formula.to_delete", { old, reused }),
    },
    tokens_to_embed: {
      value: plan.tokens_to_embed,
      text: formatter.count(strings["plural.tokens"], plan.tokens_to_embed),
      formula: message("reindex.formula.tokens_to_embed", {
        processed: integer(plan.new_tokens_processed),
        reused: integer(plan.reused_tokens),
      }),
    },
    cost: cost && {
      value: cost.one_time,
      text: amountText(cost.one_time),
      formula: `${integer(cost.tokens_to_embed)} × ${formatter.decimal(cost.price_per_million, 12)} / ${integer("1000000")}`,
    },
    versioned_peak_raw_bytes: plan.versioned_peak_raw_bytes
      ? {
          value: plan.versioned_peak_raw_bytes,
          text: bytesText(plan.versioned_peak_raw_bytes, plan.versioned_peak_raw_size),
          formula: message("reindex.formula.versioned_peak", {
            old: bytes(plan.old_raw_vector_bytes),
            new: bytes(plan.new_raw_vector_bytes),
          }),
        }
      : null,
    in_place_peak_raw_bytes: plan.in_place_peak_raw_bytes
      ? {
          value: plan.in_place_peak_raw_bytes,
          text: bytesText(plan.in_place_peak_raw_bytes, plan.in_place_peak_raw_size),
          formula: message("reindex.formula.in_place_peak", {
            old,
            embed: integer(plan.chunks_to_embed),
            per_vector: integer(plan.bytes_per_vector),
          }),
        }
      : null,
  };
}

/**
 * @param {StorageAnswer} storage
 * @returns {Record<string, Row>}
 */
function storageRows(storage) {
  const vectors = integer(storage.vectors);
  const m = integer(storage.hnsw_m);
  const part = (key, size, formula) => ({
    value: storage[key],
    text: bytesText(storage[key], size),
    formula,
  });
  const perToken = storage.text_bytes_per_token;
  return {
    raw_vector_bytes: part(
      "raw_vector_bytes",
      storage.raw_vector_size,
      message("storage.formula.raw", { vectors, per_vector: integer(storage.bytes_per_vector) }),
    ),
    hnsw_graph_bytes: part(
      "hnsw_graph_bytes",
      storage.hnsw_graph_size,
      message("storage.formula.graph", { vectors, m }),
    ),
    hnsw_upper_layer_bytes: part(
      "hnsw_upper_layer_bytes",
      storage.hnsw_upper_layer_size,
      message("storage.formula.upper", { vectors, m }),
    ),
    text_bytes: part(
      "text_bytes",
      storage.text_size,
      perToken === "0"
        ? message("storage.formula.text_none")
        : message("storage.formula.text", {
            tokens: integer(storage.tokens_processed),
            per_token: formatter.decimal(perToken, 12),
          }),
    ),
    metadata_bytes: part(
      "metadata_bytes",
      storage.metadata_size,
      message("storage.formula.metadata", {
        vectors,
        per_chunk: integer(storage.metadata_bytes_per_chunk),
      }),
    ),
    replica_bytes: part("replica_bytes", storage.replica_size, message("storage.formula.replica")),
    total_bytes: part(
      "total_bytes",
      storage.total_size,
      message("storage.formula.total", { replicas: integer(storage.replicas) }),
    ),
  };
}

/**
 * @param {ModelLimitAnswer} limit
 * @returns {Record<string, Row>}
 */
function modelLimitRows(limit) {
  const chunks = (count) => formatter.count(strings["plural.chunks"], count);
  const tokens = (count) => formatter.count(strings["plural.tokens"], count);
  const at = limit.at_limit;
  return {
    chunks_over_limit: {
      value: limit.chunks_over_limit,
      text: chunks(limit.chunks_over_limit),
      formula: message("model_limit.formula.over", { all: integer(limit.chunks) }),
    },
    truncated_tokens: {
      value: limit.truncated_tokens,
      text: tokens(limit.truncated_tokens),
      formula: message("model_limit.formula.truncated"),
    },
    largest_chunk_size_within_limit: {
      value: limit.largest_chunk_size_within_limit,
      text: tokens(limit.largest_chunk_size_within_limit),
      formula: message("model_limit.formula.largest", {
        limit: integer(limit.max_input_tokens),
        added: integer(limit.added_tokens),
      }),
    },
    at_limit: at
      ? {
          value: at.chunks,
          text: chunks(at.chunks),
          formula: message("model_limit.formula.at_limit", {
            chunk_size: integer(at.chunk_size),
            overlap: integer(at.overlap),
            tokens: integer(at.tokens_processed),
          }),
        }
      : { value: "", text: "—", formula: message("model_limit.no_plan") },
    // What the model embeds: its own tokens in every chunk too, less what the limit cuts.
    tokens_embedded: {
      value: limit.tokens_embedded,
      text: tokens(limit.tokens_embedded),
      formula: message("model_limit.formula.embedded", {
        processed: integer(limit.tokens_processed),
        chunks: integer(limit.chunks),
        added: integer(limit.added_tokens),
        cut: integer(limit.truncated_tokens),
      }),
    },
  };
}

/**
 * Each row of `section` shows its figure, or is hidden when the answer has none.
 * @param {HTMLElement} section
 * @param {Record<string, Row>} rows
 * @param {string[]} estimates the figures the calculator calls estimates
 */
function paintRows(section, rows, estimates) {
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (
    section.querySelectorAll("[data-life-row]")
  )) {
    const figure = rows[row.dataset.lifeRow];
    writeHidden(row, !figure);
    if (!figure) {
      continue;
    }
    const value = row.querySelector("[data-life-value]");
    writeData(value, "value", figure.value);
    writeText(value, figure.text);
    writeText(row.querySelector("[data-life-formula]"), figure.formula);
    writeHidden(
      row.querySelector("[data-life-estimate]"),
      !estimates.includes(row.dataset.lifeRow),
    );
  }
}

/**
 * @param {HTMLElement} section
 * @param {StorageAnswer} storage
 */
function paintPgvector(section, storage) {
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (
    section.querySelectorAll("[data-pgvector]")
  )) {
    const column = storage.pgvector[row.dataset.pgvector];
    const perValue = row.querySelector('[data-pgvector-value="bytes_per_value"]');
    const all = row.querySelector('[data-pgvector-value="bytes"]');
    writeData(perValue, "value", column.bytes_per_value);
    writeText(perValue, bytes(column.bytes_per_value));
    writeData(all, "value", column.bytes);
    writeText(all, bytesText(column.bytes, column.size));
  }
}

/**
 * A panel's figures for this answer; an invalid field it depends on leaves the last ones,
 * marked out of date, and a panel with nothing to show hides its figures.
 * @param {Answer} answer
 * @param {"reindex" | "storage" | "model_limit"} name
 * @param {object | null} figures
 * @param {(section: HTMLElement) => void} paint
 */
function showPanel(answer, name, figures, paint) {
  const section = document.getElementById(name);
  const stale = isStale(answer, name);
  if (!stale) {
    if (figuresChanged(name, figures) && figures) {
      paint(section);
    }
    if (figures) {
      painted.add(name);
    } else {
      painted.delete(name);
    }
  }
  for (const block of section.querySelectorAll("[data-panel-figures]")) {
    writeHidden(block, !painted.has(name));
  }
  markStale(section, stale);
}

/**
 * @param {Answer} answer
 */
export function showIndexLife(answer) {
  showPanel(answer, "reindex", answer.reindex, (section) => {
    paintRows(section, reindexRows(answer.reindex), []);
  });
  showPanel(answer, "storage", answer.storage, (section) => {
    paintRows(section, storageRows(answer.storage), answer.storage.estimates);
    paintPgvector(section, answer.storage);
  });
  showPanel(answer, "model_limit", answer.model_limit, (section) => {
    paintRows(section, modelLimitRows(answer.model_limit), []);
  });
}

export function startIndexLife() {
  const reindex = document.getElementById("reindex");
  // The change chosen shows its own inputs (their declarations' shown_when).
  reindex.addEventListener("input", () => syncShownFields());
}
