// The calculator's worker: the start-up engine's worker (engine/worker/serve.js) starts Python
// with the calculator and answers the page's requests; counting text in tokens is a feature of
// its own (count-worker.js), imported on the page's first count.
//
// Counting's messages (web/types/count.d.ts, CountMessage and CountReply): {type: "count" |
// "count-cancel" | "count-chunks" | "count-split" | ..., count, ...} in, {type:
// "count-progress" | "count-result" | "chunks-result" | ..., count, ...} out, through the
// engine's channel for the feature "count".
import { serve } from "../../engine/worker/serve.js";

/** @typedef {import("../../engine/worker/serve.js").FeatureWorker} FeatureWorker */

// Imported once, on the first count: every message then waits on the same promise, so they
// reach count-worker.js in the order the page sent them (a count and the cancel of the one
// before it, say).  An import() per message could settle in any order.
/** @type {Promise<typeof import("./count-worker.js")> | undefined} */
let counting;

serve({
  count(/** @type {CountMessage} */ message, worker) {
    counting ??= import("./count-worker.js");
    counting.then(
      (module) => module.handleCount(message, worker),
      (error) => {
        // A count that cannot start is answered all the same: the page shows it failed.
        if (message.type === "count") {
          worker.post({
            type: "count-result",
            count: message.count,
            error: String(error?.message ?? error),
          });
        }
      },
    );
  },
});

// The first Intl.NumberFormat of the page's process is slow (ICU's number data, which all its
// threads then share): made here while Pyodide downloads, rather than as a long task on the
// page's thread when it formats its first number.
setTimeout(() => new Intl.NumberFormat().format(0));
