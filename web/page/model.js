// The embedding model of the main form, and what its input limit cuts.
//
// Choosing a model is sent like any edit, naming the model chosen before it: Python fills the
// fields that model (or the page) put there and leaves the visitor's own values alone
// (calculator/_models.py chosen_fields); its answer says what it filled, and the fields follow.
// Beside the select: the model's values (model-text.js), those of the visitor's it kept with a
// button that takes the model's instead, its tokenizer (chosen in "Count your own text" when
// that has it), and where each value comes from, as text.  The chunks the model's input limit
// cuts are said at once beside the chunk size and in the results (the model-limit panel below
// has each figure's formula).

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").ModelAnswer} ModelAnswer */
import { writeData, writeHidden, writeText, writeValue } from "./dom-write.js";
import { fill } from "../pure/format.js";
import {
  keptText,
  modelValues,
  sourceRows,
  sourcesHeading,
  tokenizerText,
} from "../pure/model-text.js";
import { INTEGER, form, formatter, strings } from "./page-context.js";
import { carryUntilAnswered, computeNow, lastAnswer, onAnswer } from "./requests.js";

const select = /** @type {HTMLSelectElement} */ (form.elements.namedItem("model"));
const note = /** @type {HTMLElement} */ (document.querySelector("[data-model-note]"));
const $ = (/** @type {string} */ selector) =>
  /** @type {HTMLElement} */ (note.querySelector(selector));
const values = $("[data-model-values]");
const kept = $("[data-model-kept]");
const keptLine = $("[data-model-kept-text]");
const useValues = $("[data-model-use]");
const tokenizer = $("[data-model-tokenizer]");
const sourcesSummary = $("[data-model-sources-summary]");
const sourceList = $("[data-model-source-list]");
// The counter's tokenizer (count.html.j2), which its module reads when it counts.
const counterEncoding = /** @type {HTMLSelectElement | null} */ (
  document.getElementById("count-encoding")
);
const fieldWarning = /** @type {HTMLElement} */ (
  document.querySelector('[data-limit-warning="field"]')
);
const resultsWarning = /** @type {HTMLElement} */ (
  document.querySelector('[data-limit-warning="results"]')
);
// The model whose values the form's fields hold, as the last answer shown says.
let shownModel = select.value;
// The sources list shows this model's (it is made again only for another one).
let listedModel = "";

/** A form control's text, by name (the panels' controls belong to the form too). */
function control(name) {
  return /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
}

// A preset's price as the calculator writes it ("0.02"): a plain decimal.
const DECIMAL = /^\d+\.\d+$/;

/** Machine texts (whole numbers, a price) into the form's fields, in the page's number
 *  format: the price is filled as the dimensions are, and kept by the same rules. */
function writeFields(texts) {
  for (const [name, text] of Object.entries(texts)) {
    const input = control(name);
    if (input) {
      const shown = DECIMAL.test(text) ? formatter.decimal(text, 12) : text;
      writeValue(input, INTEGER.test(text) ? formatter.integer(text) : shown);
    }
  }
}

function counterHas(name) {
  return Boolean(counterEncoding && [...counterEncoding.options].some((o) => o.value === name));
}

/** A model newly chosen (or a link's) counts with its own tokenizer where the counter has it.
 *  The change event does not bubble: the counter hears it if its module is loaded, and the
 *  panel's loader (app.js) does not load it for that. */
function chooseCounterTokenizer(model) {
  if (counterEncoding && model.tokenizer && counterHas(model.tokenizer)) {
    if (counterEncoding.value !== model.tokenizer) {
      counterEncoding.value = model.tokenizer;
      counterEncoding.dispatchEvent(new Event("change"));
    }
  }
}

/** @param {ModelAnswer} model */
function paintSources(model) {
  writeText(sourcesSummary, sourcesHeading(model, formatter, strings));
  if (listedModel === model.name) {
    return;
  }
  listedModel = model.name;
  sourceList.replaceChildren(
    ...sourceRows(model, formatter, strings).map((row) => {
      const item = document.createElement("div");
      item.className = "model-source";
      item.dataset.sourceField = row.field;
      const label = document.createElement("dt");
      label.textContent = row.label;
      const value = document.createElement("dd");
      value.className = "model-source-value";
      value.textContent = row.value;
      const where = document.createElement("dd");
      where.className = "model-source-where";
      where.textContent = `${row.hosts} · ${row.checked}`;
      const addresses = document.createElement("dd");
      addresses.className = "model-source-addresses";
      for (const address of row.addresses) {
        const line = document.createElement("span");
        line.textContent = address;
        addresses.append(line);
      }
      item.append(label, value, where, addresses);
      return item;
    }),
  );
}

/** @param {Answer} answer */
function paintModel(answer) {
  const model = answer.model;
  if (model && Object.keys(model.filled).length > 0) {
    writeFields(model.filled);
  }
  writeHidden(note, !model);
  if (!model) {
    shownModel = "custom";
    return;
  }
  if (model.name !== shownModel) {
    chooseCounterTokenizer(model);
  }
  shownModel = model.name;
  writeText(values, modelValues(model, formatter, strings));
  const typed = Object.fromEntries(model.differs.map((name) => [name, control(name)?.value ?? ""]));
  const keptSentence = keptText(model, typed, formatter, strings);
  writeText(keptLine, keptSentence);
  writeHidden(kept, !keptSentence);
  writeText(tokenizer, tokenizerText(model, counterHas(model.tokenizer ?? ""), strings));
  paintSources(model);
}

/** The chunks the model's input limit cuts: beside the chunk size, what fits; in the results,
 *  how many chunks and tokens.  Nothing while the figures are out of date. */
function paintLimit(answer) {
  const limit = answer.model_limit;
  const fresh = answer.panels?.model_limit === "fresh" && answer.panels?.main === "fresh";
  const over = Boolean(limit && fresh && limit.chunks_over_limit !== "0");
  writeHidden(fieldWarning, !over);
  writeHidden(resultsWarning, !over);
  if (!over || !limit) {
    return;
  }
  const largest = limit.largest_chunk_size_within_limit;
  writeText(
    fieldWarning,
    fill(strings["limit.field"], { largest: formatter.count(strings["plural.tokens"], largest) }),
  );
  const figures = {
    over: [
      limit.chunks_over_limit,
      fill(strings["limit.of"], {
        count: formatter.integer(limit.chunks_over_limit),
        all: formatter.integer(limit.chunks),
      }),
    ],
    truncated: [
      limit.truncated_tokens,
      formatter.count(strings["plural.tokens"], limit.truncated_tokens),
    ],
    largest: [largest, formatter.count(strings["plural.tokens"], largest)],
  };
  for (const [name, [value, text]] of Object.entries(figures)) {
    const element = resultsWarning.querySelector(`[data-limit-figure="${name}"]`);
    writeData(element, "value", value);
    writeText(element, text);
  }
}

export function startModel() {
  select.addEventListener("change", () => {
    // The fields hold the values of the model shown last: Python fills those, not yours.
    carryUntilAnswered("previous_model", shownModel);
  });
  useValues.addEventListener("click", () => {
    const model = lastAnswer()?.model;
    if (model) {
      writeFields(model.values);
      computeNow();
    }
  });
  onAnswer((answer) => {
    paintModel(answer);
    paintLimit(answer);
  });
}
