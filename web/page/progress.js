// The progress bar under "Starting Python…": bytes of the runtime's files received, of those
// this start needs (worker.js counts them against the build's sizes). Painted at most once
// a frame; the text in the page's language and number format.
//
// The bytes a start needs can change on the way: a first visit that takes the snapshot
// learns so once the start-up zip has come, and adds the snapshot's bytes; a snapshot that
// cannot be had takes them away again. The bar then keeps the share of its length it shows
// and fills the rest with the bytes still to come, so it never goes back; the text says the
// bytes as they are.
import { fill } from "../pure/format.js";
import { formatter, strings } from "./page-context.js";
import { calculator } from "./boot.js";

const bar = document.querySelector("[data-load-progress]");
const fillElement = /** @type {HTMLElement} */ (bar.querySelector("[data-load-progress-fill]"));
const text = document.querySelector("[data-load-progress-text]");
let latest = null;

let shown = 0; // the share of the bar's length shown, 0 to 1
let total = 0; // the bytes expected at the last progress
let from = { received: 0, shown: 0 }; // where the bar stood when `total` last changed

function advance({ received, expected }) {
  if (expected <= 0) {
    return; // reported before the worker knows what this start needs
  }
  if (total !== 0 && expected !== total) {
    from = { received, shown };
  }
  total = expected;
  const left = expected - from.received;
  const part = left > 0 ? Math.min(1, Math.max(0, received - from.received) / left) : 1;
  shown = Math.max(shown, from.shown + (1 - from.shown) * part);
}

// The shared formatter makes its Intl objects at first use, here at the first progress, not at
// start: the first Intl.NumberFormat of the page's process is slow.
function megabytes(bytes) {
  return formatter.decimal((bytes / 1e6).toFixed(1), 1);
}

function paint() {
  const { received, expected } = latest;
  latest = null;
  const percent = Math.round(100 * shown);
  const words = fill(strings["status.progress"], {
    received: megabytes(received),
    total: megabytes(expected),
  });
  bar.setAttribute("aria-valuenow", String(percent));
  bar.setAttribute("aria-valuetext", words);
  fillElement.style.transform = `scaleX(${percent / 100})`;
  text.textContent = words;
}

calculator.onProgress((progress) => {
  if (latest === null) {
    requestAnimationFrame(paint);
  }
  latest = progress;
  // Every report counts, painted or not: a change of the total between two frames still
  // moves where the bar's rest begins.
  advance(progress);
});
