// The request lifecycle: one calculation at a time is shown (the latest), an edit waits for a
// pause (PAUSE_MS), and a failed start or calculation is said and can be retried.
// All validation and arithmetic happen in Python (calculator.respond); this sends the raw
// texts the visitor typed and hands the answer to the painters.

/** @typedef {import("answer-types").Answer} Answer */
import { addressPending, addressRead } from "./address.js";
import { writeData, writeHidden, writeText } from "./dom-write.js";
import { fillFields, readFields } from "./form.js";
import { numberSeparators } from "../pure/format.js";
import { PAUSE_MS, formatter, message, root } from "./page-context.js";
import { markStale, paintErrors, paintResult, shownResult } from "./results-paint.js";
import { calculator } from "./boot.js";

const answerListeners = [];
const sendListeners = [];
const calcError = document.querySelector("[data-calc-error]");
const resultsEmpty = document.querySelector("[data-results-empty]");
const loadError = /** @type {HTMLElement} */ (document.querySelector("[data-load-error]"));
let latestRequest = 0;
/** @type {Answer | null} the answer shown last, for modules that load after it (count.js) */
let shownAnswer = null;
let pauseTimer = 0;
// The page's separators, sent with every request so Python reads "8.000" as de writes it.
// Made by the first request: the first Intl.NumberFormat of the page's process is slow (ICU's
// number data), which the worker pays off this thread while Python loads (web/worker/worker.js).
let number_format = null;
// What the form's requests carry beside it until an answer to one that carried it is shown: a
// model just chosen names the one before it (model.js), so that Python fills what that one put
// into the fields (its answer says what, and the fields follow).
/** @type {Record<string, string>} */
const carried = {};
// What a panel asks of every calculation from now on beside the form (the trade-off's grid,
// once its panel nears the screen: no first answer waits for it).
const requestParts = {};
// The page's first request asks for the main form only ({first: true}): Python answers it
// without the planning panels' modules, which a first visit then need not download before
// its first result (the worker fetches them right after).  Its answer shows the main result,
// and root's data-state is "answered" (not "ready") until the next request, sent at once,
// has brought the panels; a link's panels, which show the default inputs' figures until
// then, are marked data-panels-later meanwhile.
let firstAsked = false;

function buildRequest() {
  number_format ??= numberSeparators(formatter.tag);
  const request = addressPending()
    ? { query: location.search, fragment: location.hash, number_format }
    : { fields: readFields(), number_format, ...carried };
  return { ...request, ...requestParts };
}

/** Send `key` with the form's requests until an answer to one of them is shown; a key already
 *  carried keeps its first value (nothing has answered it yet).
 * @param {string} key
 * @param {string} value
 */
export function carryUntilAnswered(key, value) {
  carried[key] ??= value;
}

/** From now on every calculation asks for `parts` too (e.g. `{tradeoff: true}`).
 * @param {Record<string, unknown>} parts
 */
export function askFromNowOn(parts) {
  Object.assign(requestParts, parts);
}

/** One calculation outside the lifecycle, with `parts` beside the form as it is now: its
 *  answer goes to the caller only, never painted (an export's text).
 * @param {Record<string, unknown>} parts
 * @returns {Promise<Answer>}
 */
export async function askOnce(parts) {
  await calculator.ready;
  return calculator.calculate({ ...buildRequest(), ...parts });
}

/** An answer to `request` is shown: what it carried is answered, and a link's answer is the
 *  whole state. */
function answered(request) {
  for (const key of Object.keys(carried)) {
    if (request.query !== undefined || request[key] === carried[key]) {
      delete carried[key];
    }
  }
}

/** Modules beside this one (planning panels, sharing) paint their part of every answer here.
 *  They load as module scripts of their own, before Python's first answer.
 * @param {(answer: Answer) => void} listener
 */
export function onAnswer(listener) {
  answerListeners.push(listener);
}

/** The answer shown last (null before the first): what a module loaded later starts from. */
export function lastAnswer() {
  return shownAnswer;
}

/** Called as a calculation starts: what the form holds now is what it sends. */
export function onSend(listener) {
  sendListeners.push(listener);
}

function showLoadError(error) {
  root.dataset.state = "error";
  const key = error?.reason === "timeout" ? "status.load_timeout" : "status.load_failed";
  for (const element of document.querySelectorAll("[data-load-error-message]")) {
    element.textContent = message(key);
  }
  loadError.hidden = false;
}

/** While any field is invalid the last valid results stay, marked out of date, even when
 *  Python could still compute part of the answer (e.g. chunks without a valid dimension).
 * @param {Answer} response
 */
function showResponse(response) {
  const errors = response.errors ?? {};
  if (response.fields) {
    fillFields(response.fields, errors);
    if (!response.later) {
      addressRead(); // a first answer's next request asks with the link again (see below)
    }
  }
  paintErrors(errors);
  writeHidden(calcError, true);
  // The planning panels mark their own figures; Python says when the main ones are out of date.
  const valid = response.panels?.main !== "stale";
  if (valid && response.result) {
    paintResult(response.result);
  }
  markStale(!valid || !response.result);
  if (shownResult()) {
    delete root.dataset.linked; // a link's own results are shown now (query-guard.js)
  }
  // A link opened with invalid values has nothing to show yet: say what to do instead, and
  // when a value is there but wrong, that it needs correcting rather than entering.
  if (!shownResult()) {
    const typed = Object.values(errors).some((error) => error?.key !== "empty");
    writeText(resultsEmpty, message(typed ? "results.invalid" : "results.empty"));
  }
  writeHidden(resultsEmpty, shownResult());
  if (response.later) {
    // The first answer: the panels and the modules listening wait for the next, asked now,
    // with the link again where there is one (the panels' own fields, a comparison's rows
    // say, are painted from the answer, not filled in the form).
    if (response.fields) {
      writeData(root, "panelsLater", "");
    }
    writeData(root, "state", "answered");
    computeNow(true);
    return;
  }
  delete root.dataset.panelsLater;
  shownAnswer = response;
  for (const listener of answerListeners) {
    listener(response);
  }
  writeData(root, "state", "ready");
}

/** Calculate at once with the form as it is now. `keepAddress`: the start, a retry and Back
 *  or Forward ask for the link's state while it is still unread; every other calculation
 *  reads the form. */
export async function computeNow(keepAddress = false) {
  if (!keepAddress) {
    addressRead();
  }
  clearTimeout(pauseTimer);
  const requestNumber = ++latestRequest;
  for (const listener of sendListeners) {
    listener();
  }
  try {
    // Read once Python can answer: the form as it is then, and no Intl object made at start.
    await calculator.ready;
    const request = firstAsked ? buildRequest() : { ...buildRequest(), first: true };
    firstAsked = true;
    const response = await calculator.calculate(request);
    if (requestNumber === latestRequest) {
      answered(request);
      showResponse(response);
    }
  } catch (error) {
    if (requestNumber !== latestRequest) {
      return;
    }
    if (error?.reason === "calculation") {
      // Python raised: keep the inputs and the last results, say so, and stay usable. Python
      // did start, so a link whose first answer failed leaves "Starting Python…" too.
      writeHidden(calcError, false);
      markStale(true);
      writeData(root, "state", "ready");
    } else {
      showLoadError(error);
    }
  }
}

/** For modules that change fields themselves: calculate at once with the form as it is now. */
export function recalculate() {
  computeNow();
}

/** Calculate once the visitor pauses after editing `control`, a field of the form or a panel:
 *  the one rule for every edit (PAUSE_MS), a list waiting longer than a field. */
export function computeSoon(control) {
  clearTimeout(pauseTimer);
  const pause = control instanceof HTMLTextAreaElement ? PAUSE_MS.list : PAUSE_MS.input;
  pauseTimer = setTimeout(computeNow, pause);
}

/** Python's start failed or timed out: start it again and ask for the link's state. */
export function retry() {
  loadError.hidden = true;
  root.dataset.state = "loading";
  calculator.retry().catch(() => {});
  computeNow(true);
}

/** Python has started (then `started` runs) or failed to (then the error is shown). */
export function whenStarted(started) {
  calculator.ready.then(started, showLoadError);
}
