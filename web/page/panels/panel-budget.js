// The "prompt budget" panel: whether the top-k chunks, the reserved tokens and the answer
// fit a context window, as figures and as one bar.

/** @typedef {import("answer-types").Answer} Answer */
import { writeData, writeHidden, writeStyle, writeText } from "../dom-write.js";
import { formatter, message, strings } from "../page-context.js";
import { figuresChanged, isStale, markStale, painted, setData } from "./panel-common.js";

function paintBudgetBar(section, data) {
  const parts = ["source_tokens", "reserved_tokens", "answer_tokens"];
  // Proportions only: Number's rounding is invisible at this size.
  const scale = Math.max(Number(data.context_window), Number(data.total_tokens)) || 1;
  for (const name of parts) {
    const part = section.querySelector(`[data-budget-part="${name}"]`);
    writeStyle(part, "width", `${(100 * Number(data[name])) / scale}%`);
  }
  const limit = section.querySelector("[data-budget-limit]");
  writeStyle(limit, "insetInlineStart", `${(100 * Number(data.context_window)) / scale}%`);
  writeHidden(limit, data.fits);
}

function paintBudget(data) {
  const section = document.getElementById("budget");
  const $ = (name) => section.querySelector(`[data-budget="${name}"]`);
  const n = (name) => formatter.integer(data[name]);
  // Counted with the noun, so that one token is not "1 tokens".
  const tokens = (name) => formatter.count(strings["plural.tokens"], data[name]);
  setData(
    $("source_tokens"),
    data.source_tokens,
    message("budget.source_tokens", {
      top_k: n("top_k"),
      chunk_size: n("chunk_size"),
      source: tokens("source_tokens"),
    }),
  );
  setData(
    $("total_tokens"),
    data.total_tokens,
    formatter.count(strings["plural.tokens"], data.total_tokens),
  );
  const verdict = $("verdict");
  writeData(verdict, "fits", data.fits);
  writeData(verdict, "value", data.spare_tokens);
  writeText(
    verdict,
    data.fits
      ? message("budget.fits", { spare: tokens("spare_tokens") })
      : message("budget.over_by", {
          over: formatter.count(strings["plural.tokens"], data.spare_tokens.replace(/^-/, "")),
        }),
  );
  setData(
    $("chunks_that_fit"),
    data.chunks_that_fit,
    formatter.count(strings["budget.chunks_that_fit"], data.chunks_that_fit),
  );
  paintBudgetBar(section, data);
}

/**
 * @param {Answer} answer
 */
export function showBudget(answer) {
  const section = document.getElementById("budget");
  const invalid = isStale(answer, "budget");
  if (!invalid && answer.budget) {
    if (figuresChanged("budget", answer.budget)) {
      paintBudget(answer.budget);
    }
    painted.add("budget");
  } else if (!invalid) {
    painted.delete("budget"); // all four fields left empty: the panel is not in use
  }
  writeHidden(section.querySelector("[data-panel-figures]"), !painted.has("budget"));
  markStale(section, invalid);
}
