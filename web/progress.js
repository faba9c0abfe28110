// The progress bar under "Starting Python…": bytes of the runtime's files received, of those
// this start needs (worker.js counts them against the build's sizes). Painted at most once
// a frame; the text in the page's language and number format.
import { fill } from "./format.js";
import { formatter, strings } from "./page-context.js";
import { calculator } from "./boot.js";

const bar = document.querySelector("[data-load-progress]");
const fillElement = /** @type {HTMLElement} */ (bar.querySelector("[data-load-progress-fill]"));
const text = document.querySelector("[data-load-progress-text]");
let latest = null;

// The shared formatter makes its Intl objects at first use, here at the first progress, not at
// start: the first Intl.NumberFormat costs 20-50 ms.
function megabytes(bytes) {
  return formatter.decimal((bytes / 1e6).toFixed(1), 1);
}

function paint() {
  const { received, expected } = latest;
  latest = null;
  const percent = expected > 0 ? Math.round((100 * received) / expected) : 0;
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
});
