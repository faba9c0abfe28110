// "Measure retrieval on your sample": the visitor's questions and excerpts (typed, pasted or
// a chosen JSONL/CSV file), or the built-in example, measured on the counted documents at the
// plan's chunk size and overlap and at each of the trade-off's, by the worker
// (web/worker/evaluate.js) a bounded step a task: progress shown, a cancel heard within a
// step, the calculator answering meanwhile.  The questions, the excerpts and the documents
// stay in this page and its worker, never in the address, storage or a request.
/** @typedef {import("answer-types").TradeoffPointAnswer} TradeoffPointAnswer */
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { facts, formatter, message, strings } from "../page-context.js";
import { amountText } from "../panels/panel-common.js";
import { askFromNowOn, computeNow, lastAnswer, onAnswer, recalculate } from "../requests.js";
import { countedDocuments, counting, panel, post, shownCount } from "./count-shared.js";

const form = /** @type {HTMLElement} */ (panel.querySelector("[data-count-evaluate]"));
const $ = (/** @type {string} */ selector) =>
  /** @type {HTMLElement} */ (form.querySelector(selector));
const setText = /** @type {HTMLTextAreaElement} */ ($("#count-evaluate-set"));
const setFile = /** @type {HTMLInputElement} */ ($("#count-evaluate-file"));
const setError = $("[data-evaluate-set-error]");
const retriever = /** @type {HTMLSelectElement} */ ($("#count-evaluate-retriever"));
const dimensions = /** @type {HTMLSelectElement} */ ($("#count-evaluate-dimensions"));
const dimensionsLabel = $("[data-evaluate-dimensions-label]");
const topK = /** @type {HTMLInputElement} */ ($("#count-evaluate-top-k"));
const tradeoff = /** @type {HTMLInputElement} */ ($("#count-evaluate-tradeoff"));
const topKError = $("[data-evaluate-top-k-error]");
const cancel = $("[data-evaluate-cancel]");
const status = $("[data-evaluate-status]");
const results = $("[data-evaluate-results]");
const summary = $("[data-evaluate-summary]");
const rows = $("[data-evaluate-rows]");
const splitterSelect = /** @type {HTMLSelectElement} */ (
  panel.querySelector("[data-count-splitter]")
);

// The formats an evaluation set's file is read as, by its name's suffix (as Python's
// evaluation_set_format).
const FORMATS = /** @type {Record<string, string>} */ ({
  jsonl: "jsonl",
  ndjson: "jsonl",
  csv: "csv",
  tsv: "tsv",
  tab: "tsv",
});
const WHOLE = /^\s*\d+\s*$/;
// What each setting costs the planned corpus (the trade-off's point of its window): the
// figure and the column heading's catalog key.
const COST_COLUMNS = [
  ["chunks", "evaluate.col_corpus_chunks"],
  ["storage_bytes", "storage.heading"],
  ["cost", "cost.heading"],
];
/** @type {HTMLElement[]} a row's cost cells, made before its measures and appended after */
const costCells = [];

let evaluationNumber = 0;
/** The evaluation under way (-1: none), and the one asked to stop last. */
let job = -1;
let stopping = -1;
/** The format of the set in the text box: a chosen file's, or guessed from its text. */
let fileFormat = "";

/** The format of the set's text: the chosen file's, else JSONL when it starts with "{". */
function formatOf(/** @type {string} */ text) {
  if (fileFormat) {
    return fileFormat;
  }
  const first = text.trimStart().split("\n", 1)[0];
  if (first.startsWith("{")) {
    return "jsonl";
  }
  return first.includes("\t") && !first.includes(",") ? "tsv" : "csv";
}

/** The plan's setting, measured first: the results' chunk size and overlap, cut by the
 *  chosen splitter; null before an answer. */
function planSetting() {
  const result = lastAnswer()?.result;
  if (!result) {
    return null;
  }
  return {
    splitter: splitterSelect?.value || facts.chunkers[0],
    chunk_size: Number(result.chunk_size),
    overlap: Number(result.overlap),
  };
}

function syncDimensions() {
  const hidden = retriever.value === "bm25";
  writeHidden(dimensions, hidden);
  writeHidden(dimensionsLabel, hidden);
}

/** A field's error in the page's language beside it (empty: none). */
function showError(/** @type {HTMLElement} */ where, /** @type {string} */ text) {
  writeText(where, text);
  const field = where === topKError ? topK : setText;
  if (text) {
    field.setAttribute("aria-invalid", "true");
  } else {
    field.removeAttribute("aria-invalid");
  }
}

/** Stop the evaluation under way; the worker's reply that it stopped is awaited as
 *  `stopping` (the panel's state "cancelling" until then). */
function stop() {
  if (job >= 0) {
    post({ type: "evaluate-cancel", count: job });
    stopping = job;
    job = -1;
  }
  writeHidden(cancel, true);
}

/** Ask the worker to measure; `useExample`: the built-in example instead of the visitor's. */
export function runEvaluation(/** @type {boolean} */ useExample) {
  showError(setError, "");
  showError(topKError, "");
  if (!WHOLE.test(topK.value) || Number(topK.value) < 1) {
    showError(
      topKError,
      message(WHOLE.test(topK.value) ? "errors.too_small" : "errors.not_whole", { minimum: "1" }),
    );
    return;
  }
  const count = shownCount();
  const counted = countedDocuments(count);
  if (!useExample && !setText.value.trim()) {
    showError(setError, strings["evaluate.need_set"]);
    return;
  }
  if (!useExample && (!count || counted.length === 0)) {
    showError(setError, strings["evaluate.need_documents"]);
    return;
  }
  const chosen = planSetting();
  if (!chosen) {
    showError(setError, strings["evaluate.failed"]);
    return;
  }
  // The example is counted with the counter's encoding if it is OpenAI's, else o200k_base.
  const own = count?.request.encoding ?? "";
  const encoding =
    useExample && !facts.window_encodings.includes(own)
      ? facts.window_encodings[0]
      : /** @type {string} */ (own || facts.window_encodings[0]);
  if (chosen.splitter === "window" && !facts.window_encodings.includes(encoding)) {
    showError(setError, strings["evaluate.need_window_encoding"]);
    return;
  }
  stop();
  evaluationNumber += 1;
  job = evaluationNumber;
  writeHidden(cancel, false);
  writeData(form, "evaluateState", "running");
  writeText(status, strings["evaluate.loading"]);
  /** @type {EvaluateRequest} */
  const request = {
    type: "count-evaluate",
    count: job,
    encoding,
    documents: useExample ? [] : counted.map((item) => item.document),
    set: useExample ? "" : setText.value,
    format: useExample ? "jsonl" : formatOf(setText.value),
    retriever: retriever.value,
    top_k: Number(topK.value),
    dimensions: Number(dimensions.value),
    ...chosen,
    tradeoff: tradeoff.checked,
  };
  if (useExample) {
    request.example = strings["meta.locale"].slice(0, 2);
  } else if (count?.request.tokenizer) {
    request.tokenizer = count.request.tokenizer;
  }
  post(request);
  if (request.tradeoff && !lastAnswer()?.tradeoff) {
    // Each setting's cost to the corpus is the trade-off's point: asked from now on.
    askFromNowOn({ tradeoff: true });
    computeNow(true);
  }
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.type !== "evaluate-progress" && reply.type !== "evaluate-result") {
    return;
  }
  if (reply.type === "evaluate-result" && reply.count === stopping) {
    stopping = -1;
    if (job < 0) {
      writeData(form, "evaluateState", "cancelled");
      writeText(status, strings["evaluate.cancelled"]);
    }
    return;
  }
  if (reply.count !== job) {
    return; // an evaluation the visitor has replaced or cancelled
  }
  if (reply.type === "evaluate-progress") {
    writeText(
      status,
      reply.loading
        ? strings["evaluate.loading_model"]
        : message("evaluate.progress", { percent: formatter.percent(String(reply.done)) }),
    );
    return;
  }
  job = -1;
  writeHidden(cancel, true);
  writeData(form, "evaluateState", "done");
  if (reply.example) {
    setText.value = reply.example.set;
    fileFormat = "jsonl";
  }
  if (reply.setError) {
    writeText(status, "");
    const { key, params, integer_params: numbers } = reply.setError;
    const shown = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        numbers.includes(name) ? formatter.integer(value) : value,
      ]),
    );
    showError(setError, message(`evaluation_set.${key}`, shown));
    return;
  }
  if (reply.error || !reply.answer) {
    const key =
      reply.error === "tokenizer"
        ? "evaluate.tokenizer_refused"
        : reply.error === "read"
          ? "evaluate.read_failed"
          : "evaluate.failed";
    writeText(status, strings[key]);
    return;
  }
  writeText(status, "");
  paint(reply.answer, reply.example !== undefined);
  carry(reply.answer.settings);
}

/** Every calculation from now on carries the measures, so that the trade-off shows recall
 *  at each window and its export holds them (calculator/protocol/_carried.py); Python drops
 *  them when the plan's chunks are cut by another splitter than the evaluation's. */
function carry(/** @type {EvaluatedSetting[]} */ settings) {
  const measured = settings.filter((setting) => !setting.refused);
  const first = measured[0];
  if (!first) {
    return;
  }
  askFromNowOn({
    retrieval: {
      chunker: first.splitter,
      windows: measured.map((setting) => [
        setting.chunk_size,
        setting.overlap,
        Object.fromEntries(
          facts.measures.map((name) => [
            name,
            /** @type {{exact: string}} */ (setting[name]).exact,
          ]),
        ),
      ]),
    },
  });
  recalculate();
}

/** The measures of each setting, the plan's first and marked. */
function paint(
  /** @type {{questions: number, settings: EvaluatedSetting[]}} */ answer,
  /** @type {boolean} */ isExample,
) {
  const first = answer.settings[0];
  const splitter = strings[`count.splitter.${first?.splitter}`] ?? first?.splitter ?? "";
  const retrieverName = retriever.selectedOptions[0]?.textContent ?? retriever.value;
  const said = message("evaluate.summary", {
    questions: formatter.integer(String(answer.questions)),
    retriever: retrieverName,
    k: formatter.integer(topK.value.trim()),
    splitter,
  });
  const exampleSaid = isExample
    ? `${message("evaluate.example_summary", { questions: formatter.integer(String(answer.questions)) })} `
    : "";
  writeText(summary, exampleSaid + said);
  rows.replaceChildren(
    ...answer.settings.map((setting, index) => {
      const row = document.createElement("tr");
      const name = `${formatter.integer(String(setting.chunk_size))} / ${formatter.integer(String(setting.overlap))}`;
      const heading = document.createElement("th");
      heading.scope = "row";
      heading.textContent = index === 0 ? message("evaluate.current", { setting: name }) : name;
      row.append(heading);
      if (index === 0) {
        row.dataset.current = "";
      }
      row.dataset.chunkSize = String(setting.chunk_size);
      row.dataset.overlap = String(setting.overlap);
      const chunks = document.createElement("td");
      chunks.dataset.label = strings["evaluate.col_chunks"];
      chunks.textContent = setting.refused ? "–" : formatter.integer(String(setting.chunks));
      row.append(chunks);
      if (setting.refused) {
        const refused = document.createElement("td");
        refused.colSpan = facts.measures.length;
        refused.textContent = strings["evaluate.refused"];
        row.append(refused);
        return row;
      }
      for (const [figure, key] of COST_COLUMNS) {
        const cell = document.createElement("td");
        cell.dataset.label = strings[key];
        cell.dataset.evaluateCost = figure;
        costCells.push(cell);
      }
      for (const measure of facts.measures) {
        const value = /** @type {{exact: string, value: number}} */ (setting[measure]);
        const cell = document.createElement("td");
        cell.dataset.label = strings[`evaluate.measure.${measure}`];
        cell.dataset.measure = measure;
        cell.dataset.exact = value.exact;
        cell.textContent =
          measure === "context_tokens"
            ? formatter.integer(String(Math.round(value.value)))
            : formatter.percent(String(value.value));
        row.append(cell);
      }
      row.append(...costCells.splice(0));
      return row;
    }),
  );
  paintCosts();
  writeData(results, "questions", String(answer.questions));
  writeHidden(results, false);
}

/** Each row's cost to the planned corpus, from the last answer's trade-off (a dash where it
 *  has no figure: no dimensions, no price, or the grid not asked yet). */
function paintCosts() {
  /** @type {Map<string, TradeoffPointAnswer>} */
  const points = new Map();
  for (const point of lastAnswer()?.tradeoff?.points ?? []) {
    points.set(`${point.chunk_size}/${point.overlap}`, point);
  }
  for (const row of rows.querySelectorAll("tr")) {
    const point = points.get(`${row.dataset.chunkSize}/${row.dataset.overlap}`);
    for (const cell of row.querySelectorAll("[data-evaluate-cost]")) {
      const figure = /** @type {HTMLElement} */ (cell).dataset.evaluateCost;
      let text = "–";
      if (point && figure === "chunks") {
        text = formatter.integer(String(point.chunks));
      } else if (point?.storage_size && figure === "storage_bytes") {
        text = formatter.size(point.storage_size.iec, strings["plural.bytes"]);
      } else if (point?.cost !== undefined && figure === "cost") {
        text = amountText(point.cost);
      }
      writeText(/** @type {HTMLElement} */ (cell), text);
    }
  }
}

/** Read a chosen file into the text box (its format by its name), or say why not. */
async function readFile() {
  const file = setFile.files?.[0];
  if (!file) {
    return;
  }
  const format = FORMATS[file.name.split(".").pop()?.toLowerCase() ?? ""];
  if (!format) {
    showError(setError, message("evaluate.not_set_file", { file: file.name }));
    return;
  }
  try {
    setText.value = await file.text();
  } catch {
    showError(setError, message("count.tokenizer_read", { file: file.name }));
    return;
  }
  fileFormat = format;
  showError(setError, "");
}

/** Wire the form (count.js calls it once its panel is in use). */
export function startEvaluation() {
  counting.onMessage(onReply);
  onAnswer(paintCosts);
  syncDimensions();
  retriever.addEventListener("change", syncDimensions);
  setText.addEventListener("input", () => {
    fileFormat = "";
    showError(setError, "");
  });
  setFile.addEventListener("change", () => {
    readFile();
  });
  cancel.addEventListener("click", () => {
    stop();
    writeData(form, "evaluateState", "cancelling");
  });
}
