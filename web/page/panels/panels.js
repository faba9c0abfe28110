// The planning panels, one module each: compare configurations (panel-compare.js), the
// trade-off across chunk sizes and overlaps (panel-tradeoff.js), documents vs one stream
// (panel-documents.js), prompt budget (panel-budget.js) and embedding cost (panel-cost.js),
// and the index's life: re-indexing, storage, the model's input limit
// (panel-index-life.js); what they share is in panel-common.js. This wires them to the answers and
// to the one pause rule of every edit (requests.js).

/** @typedef {import("answer-types").Answer} Answer */
import { showBudget } from "./panel-budget.js";
import { panels, paintErrors } from "./panel-common.js";
import { showCompare, startCompare } from "./panel-compare.js";
import { showCost } from "./panel-cost.js";
import { showDocuments } from "./panel-documents.js";
import { showIndexLife, startIndexLife } from "./panel-index-life.js";
import { showTradeoff, startTradeoff } from "./panel-tradeoff.js";
import { computeNow, computeSoon, onAnswer } from "../requests.js";

/**
 * @param {Answer} answer
 */
function showAnswer(answer) {
  answer.errors ??= {};
  showCompare(answer);
  showTradeoff(answer);
  showDocuments(answer);
  showBudget(answer);
  showCost(answer);
  showIndexLife(answer);
  paintErrors(answer.errors);
}

function start() {
  startCompare();
  startTradeoff();
  startIndexLife();
  // The panels sit outside the form element, so its own listeners never see their events;
  // the panels' own listeners (a row made explicit, the list's note) have run by now.
  panels.addEventListener("input", (event) => computeSoon(event.target));
  panels.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      computeNow();
    }
  });
  onAnswer(showAnswer);
  // From then on a panel far from the viewport is not laid out (first-screen.css): after
  // DOMContentLoaded, when Chromium has scanned the forms, and after a frame, when the browser
  // has remembered each panel's size.  The page's script is async (page.html.j2): it may run
  // before DOMContentLoaded or after it.
  const skipFar = () => {
    requestAnimationFrame(() => {
      setTimeout(() => {
        panels.dataset.skipFar = "";
      });
    });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", skipFar);
  } else {
    skipFar();
  }
}

start();
