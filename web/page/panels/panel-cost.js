// The "embedding cost" panel: what embedding the chunks costs at a price per million tokens,
// with the formula it comes from.

/** @typedef {import("answer-types").Answer} Answer */
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { formatter, message } from "../page-context.js";
import { amountText, figuresChanged, isStale, markStale, painted } from "./panel-common.js";

const priceField = /** @type {HTMLInputElement} */ (
  document.getElementById("field-price_per_million")
);

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
