// The "embedding cost" panel: what embedding the chunks costs at a price per million tokens,
// once and per document set, with the formula it comes from.

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

function paintCost(section, cost, documents) {
  const oneTime = section.querySelector('[data-cost="one_time"]');
  writeData(oneTime, "amount", cost.one_time);
  writeText(oneTime, message("cost.one_time", { amount: amountText(cost.one_time) }));
  writeText(
    section.querySelector('[data-cost-formula="one_time"]'),
    costFormula(cost.tokens_processed, cost.price_per_million),
  );
  const perSet = section.querySelector('[data-cost="per_document_set"]');
  const perSetFormula = section.querySelector('[data-cost-formula-line="per_document_set"]');
  const hasSet = cost.per_document_set !== undefined && Boolean(documents);
  writeHidden(perSet, !hasSet);
  writeHidden(perSetFormula, !hasSet);
  if (hasSet) {
    writeData(perSet, "amount", cost.per_document_set);
    writeText(
      perSet,
      message("cost.per_document_set", { amount: amountText(cost.per_document_set) }),
    );
    writeText(
      perSetFormula.querySelector("code"),
      costFormula(documents.per_document.tokens_processed, cost.price_per_million),
    );
  }
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
    if (figuresChanged("cost", [answer.cost, answer.documents])) {
      paintCost(section, answer.cost, answer.documents);
    }
    painted.add("cost");
  }
  writeHidden(results, !painted.has("cost"));
  markStale(section, invalid || !answer.cost);
}
