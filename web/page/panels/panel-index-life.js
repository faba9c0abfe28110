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
/** @typedef {import("answer-types").DatabaseAnswer} DatabaseAnswer */
/** @typedef {import("answer-types").StoragePartAnswer} StoragePartAnswer */
/** @typedef {{value: string, text: string, formula: string} | null} Row */
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { syncShownFields } from "../form.js";
import { INTEGER, formatter, message, strings } from "../page-context.js";
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
    // With a database named, its total is the storage's; this table keeps the formula's.
    total_bytes: {
      value: storage.generic_total_bytes ?? storage.total_bytes,
      text: bytesText(
        storage.generic_total_bytes ?? storage.total_bytes,
        storage.generic_total_size ?? storage.total_size,
      ),
      formula: message("storage.formula.total", { replicas: integer(storage.replicas) }),
    },
  };
}

/**
 * A database part's formula in the page's words: the catalog's text for its key, filled with
 * its figures in the page's number format (a count of pages with its plural).
 * @param {StoragePartAnswer} part
 */
function partFormula(part) {
  const params = {};
  for (const [name, value] of Object.entries(part.formula_params)) {
    if (name === "pages") {
      params[name] = formatter.count(strings["plural.pages"], value);
    } else {
      params[name] = INTEGER.test(value) ? integer(value) : value;
    }
  }
  return message(`storage.db.formula.${part.formula_key}`, params);
}

/** @param {string} className @param {string} text */
function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * One part's row: its name (an estimate and, in Qdrant, where it is kept, said under it), its
 * size, its formula and its source.
 * @param {StoragePartAnswer} part
 */
function partRow(part) {
  const row = document.createElement("tr");
  row.dataset.databasePart = part.name;
  const label = document.createElement("th");
  label.scope = "row";
  label.append(strings[`storage.db.part.${part.name}`]);
  if (part.estimate) {
    label.append(span("life-estimate", strings["life.estimate"]));
  }
  if (part.where) {
    const where = part.where === "disk" ? "disk" : "ram_and_disk";
    label.append(span("database-where", strings[`storage.db.where.${where}`]));
  }
  const value = document.createElement("td");
  value.className = "life-value";
  value.dataset.lifeValue = "";
  value.dataset.value = part.bytes;
  value.textContent = bytesText(part.bytes, part.size);
  const formula = document.createElement("td");
  formula.className = "life-formula";
  const code = document.createElement("code");
  code.textContent = partFormula(part);
  const source = span(
    "database-note",
    message("storage.db.source", { source: strings[`storage.db.source.${part.source_key}`] }),
  );
  source.dataset.databaseSource = part.source_key;
  formula.append(code, source);
  row.append(label, value, formula);
  return row;
}

/**
 * One of the totals' rows: shown with its figure, or hidden when the database has none.
 * @param {HTMLElement} table
 * @param {string} name
 * @param {string | undefined} count
 * @param {SizeAnswer | undefined} size
 * @param {string} formula
 */
function paintTotal(table, name, count, size, formula) {
  const row = /** @type {HTMLElement} */ (table.querySelector(`[data-database-row="${name}"]`));
  writeHidden(row, count === undefined);
  if (count === undefined) {
    return;
  }
  const value = row.querySelector("[data-life-value]");
  writeData(value, "value", count);
  writeText(value, bytesText(count, size));
  writeText(row.querySelector("[data-life-formula]"), formula);
}

/**
 * The storage as pgvector or Qdrant stores it, part by part, its total the storage's with the
 * generic formula's beside it; hidden with the generic formula alone.
 * @param {HTMLElement} section
 * @param {StorageAnswer} storage
 */
function paintDatabase(section, storage) {
  const table = /** @type {HTMLElement} */ (section.querySelector("[data-database]"));
  const database = storage.database;
  writeHidden(table, !database);
  // pgvector's sizes per value stand in for a database only while none is chosen.
  writeHidden(section.querySelector("[data-pgvector-values]"), Boolean(database));
  if (!database) {
    return;
  }
  const name = database.name === "qdrant" ? "qdrant" : "pgvector";
  writeText(table.querySelector("[data-database-caption]"), strings[`storage.db.caption_${name}`]);
  table.querySelector("[data-database-parts]").replaceChildren(...database.parts.map(partRow));
  const total = /** @type {HTMLElement} */ (table.querySelector('[data-database-row="total"]'));
  writeText(total.querySelector("[data-database-label]"), strings[`storage.db.total_${name}`]);
  paintTotal(
    table,
    "total",
    storage.total_bytes,
    storage.total_size,
    name === "qdrant"
      ? message("storage.db.formula_total_qdrant")
      : message("storage.db.formula_total_pgvector", { replicas: integer(storage.replicas) }),
  );
  writeText(
    total.querySelector("[data-database-generic]"),
    message("storage.db.generic_says", {
      size: bytesText(storage.generic_total_bytes, storage.generic_total_size),
    }),
  );
  paintTotal(
    table,
    "ram",
    database.ram_bytes,
    database.ram_size,
    message("storage.db.formula_ram"),
  );
  paintTotal(
    table,
    "headroom",
    database.headroom_bytes,
    database.headroom_size,
    message("storage.db.formula_headroom"),
  );
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
    paintDatabase(section, answer.storage);
    paintPgvector(section, answer.storage);
  });
  showPanel(answer, "model_limit", answer.model_limit, (section) => {
    paintRows(section, modelLimitRows(answer.model_limit), []);
  });
}

export function startIndexLife() {
  // The change (or the database) chosen shows its own inputs (their declarations' shown_when).
  for (const panel of document.querySelectorAll("[data-life-panel]")) {
    panel.addEventListener("input", () => syncShownFields());
  }
}
