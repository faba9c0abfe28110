// The "embedding cost" panel: what embedding the chunks costs at a price per million tokens,
// with the formula it comes from.  A chosen model whose preset has a price fills the field
// (model.js, as it fills the dimensions); under it, that the price is the preset's, with its
// source and date, or that the visitor's own is used in its place.

/** @typedef {import("answer-types").Answer} Answer */
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { fill } from "../../pure/format.js";
import { dayText } from "../../pure/model-text.js";
import { formatter, message, strings } from "../page-context.js";
import { amountText, figuresChanged, isStale, markStale, painted } from "./panel-common.js";

const priceField = /** @type {HTMLInputElement} */ (
  document.getElementById("field-price_per_million")
);

const presetNote = /** @type {HTMLElement} */ (document.querySelector("[data-cost-preset]"));
const presetText = /** @type {HTMLElement} */ (presetNote.querySelector("[data-cost-preset-text]"));
const presetAddresses = /** @type {HTMLElement} */ (
  presetNote.querySelector("[data-cost-preset-addresses]")
);

/** The preset's price under the field while a model with a price is chosen and the field holds
 *  a price: "preset" when it is the preset's, "own" when the visitor's is used instead.
 * @param {Answer} answer
 */
function paintPreset(answer) {
  const model = answer.model;
  const source = model?.sources.find((row) => row.field === "price");
  if (!model || model.price_per_million === null || !source || !priceField.value.trim()) {
    writeHidden(presetNote, true);
    return;
  }
  const own = model.differs.includes("price_per_million");
  const currency = model.currency ?? "";
  const params = {
    model: model.name,
    price: fill(strings["model.price"], {
      amount: formatter.decimal(model.price_per_million, 12),
      currency,
    }),
    currency,
    hosts: source.hosts.join(", "),
    date: dayText(source.checked, formatter),
  };
  writeData(presetNote, "from", own ? "own" : "preset");
  writeText(presetText, message(own ? "cost.preset_kept" : "cost.preset", params));
  const listed = source.addresses.join(" ");
  if (presetAddresses.dataset.listed !== listed) {
    presetAddresses.dataset.listed = listed;
    presetAddresses.replaceChildren(
      ...source.addresses.map((address) => {
        const line = document.createElement("span");
        line.textContent = address;
        return line;
      }),
    );
  }
  writeHidden(presetNote, false);
}

function costFormula(tokens, price) {
  return `${formatter.integer(tokens)} × ${formatter.decimal(price, 12)} / ${formatter.integer("1000000")}`;
}

function paintCost(section, cost) {
  const oneTime = section.querySelector('[data-cost="one_time"]');
  writeData(oneTime, "amount", cost.one_time);
  writeText(oneTime, message("cost.one_time", { amount: amountText(cost.one_time) }));
  writeText(
    section.querySelector('[data-cost-formula="one_time"]'),
    costFormula(cost.tokens_processed, cost.price_per_million),
  );
}

/**
 * @param {Answer} answer
 */
export function showCost(answer) {
  const section = document.getElementById("cost");
  const results = section.querySelector("[data-cost-results]");
  paintPreset(answer);
  if (!priceField.value.trim()) {
    // No price, no cost: nothing is shown, and a later price starts afresh.
    writeHidden(results, true);
    painted.delete("cost");
    return;
  }
  const invalid = isStale(answer, "cost");
  if (!invalid && answer.cost) {
    if (figuresChanged("cost", answer.cost)) {
      paintCost(section, answer.cost);
    }
    painted.add("cost");
  }
  writeHidden(results, !painted.has("cost"));
  markStale(section, invalid || !answer.cost);
}
