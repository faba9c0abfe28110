// The page's main script: wires the form's controls to the calculator and starts it.
//
// Each concern has its module: page-context.js (strings, formatter, pauses), dom-write.js
// (writers), form.js (reading and filling the form), model.js (the embedding model's preset
// and what its input limit cuts), results-paint.js (the main results),
// requests.js (the request lifecycle), address.js (links, Back and Forward); the engine's
// offline.js registers the service worker. All validation and arithmetic happen in Python (calculator.respond);
// catalog and typed text only ever reach the page through textContent, never as markup.
import { followAddress, syncLanguageLinks } from "./address.js";
import { startCorpus } from "./corpus.js";
import { writeText } from "./dom-write.js";
import { applyPreset, prefillFromAddress, syncShownFields } from "./form.js";
import { keepForOffline } from "../../engine/page/offline.js";
import { startModel } from "./model.js";
import { form, loadPanelStrings, strings } from "./page-context.js";
import { computeNow, computeSoon, retry, whenStarted } from "./requests.js";

function wireControls() {
  form.addEventListener("input", (event) => {
    syncShownFields();
    computeSoon(event.target);
  });
  form.addEventListener("change", (event) => computeSoon(event.target));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    computeNow();
  });
  form.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      computeNow();
    }
  });
  for (const button of document.querySelectorAll("[data-preset]")) {
    button.addEventListener("click", () => {
      applyPreset(button);
      computeNow();
      form.scrollIntoView({ block: "nearest", behavior: "smooth" });
    });
  }
  document.querySelector("[data-retry]").addEventListener("click", retry);
  window.addEventListener("popstate", () => {
    if (followAddress()) {
      computeNow(true);
    }
  });
  // The address may change after load (shared state), so refresh just before a link is used.
  const languages = document.querySelector(".languages");
  for (const type of ["pointerdown", "focusin", "click"]) {
    languages.addEventListener(type, syncLanguageLinks);
  }
}

/** "Count your own text" (count.js) is no part of a first visit's bytes: its module is
 *  imported when the visitor first turns to the panel, and counts what was typed, chosen or
 *  dropped before it arrived. */
function loadCountingOnUse() {
  const panel = document.querySelector("[data-count]");
  if (!panel) {
    return;
  }
  /** @type {Promise<typeof import("./count/count.js")> | undefined} */
  let counting;
  const load = () => {
    if (!counting) {
      // Its strings first: the panel's modules may read them as they start.
      counting = loadPanelStrings().then(() => import("./count/count.js"));
      counting.catch(() => {
        counting = undefined; // tried again on the next use
        writeText(panel.querySelector("[data-count-status]"), strings["count.failed"]);
      });
    }
    return counting;
  };
  for (const type of ["focusin", "pointerdown", "dragenter", "input", "change"]) {
    panel.addEventListener(type, load);
  }
  // The evaluation's buttons act once the module is there, a press before it included.
  panel.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-evaluate-example]")) {
      load()
        .then((module) => module.evaluateExample())
        .catch(() => {});
    } else if (target?.closest("[data-evaluate-run]")) {
      load()
        .then((module) => module.evaluateSet())
        .catch(() => {});
    }
  });
  // A file dropped on the panel is counted, never opened by the browser in the page's place;
  // dropped text goes into the text box as usual.
  const carriesFiles = (/** @type {Event} */ event) =>
    /** @type {DragEvent} */ (event).dataTransfer?.types.includes("Files") ?? false;
  panel.addEventListener("dragover", (event) => {
    if (carriesFiles(event)) {
      event.preventDefault();
    }
  });
  panel.addEventListener("drop", (event) => {
    if (!carriesFiles(event)) {
      return;
    }
    event.preventDefault();
    const dropped = [.../** @type {DragEvent} */ (event).dataTransfer.files];
    if (dropped.length) {
      load()
        .then((module) => module.addFiles(dropped))
        .catch(() => {});
    }
  });
}

function start() {
  prefillFromAddress();
  syncLanguageLinks();
  wireControls();
  startCorpus();
  startModel();
  loadCountingOnUse();
  whenStarted(keepForOffline);
  computeNow(true);
}

start();
