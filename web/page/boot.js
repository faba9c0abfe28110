// Starts the calculator's worker as early as the page can: loaded as an async module script
// from the page's head, it runs as soon as it has arrived, while the page is still being
// parsed, instead of after it like app.js, so the worker starts sooner.
// The page's other modules (requests.js, progress.js, count.js) import the same instance.
import { startCalculator } from "../../engine/page/runtime.js";

// Long enough for a first visit's download over the slowest link the benchmark measures
// (docs/performance.md); past this the visitor gets an error and a retry button instead of an
// endless spinner.
const LOAD_TIMEOUT_MS = 45000;

export const calculator = startCalculator({ timeoutMs: LOAD_TIMEOUT_MS });
