"""How the page's calculator worker started, for the start choice's tests and the benchmark:
an init script that records the `start` of every worker's "ready" message ("snapshot" or
"start-up zip"), and the expression that reads the last one."""

from __future__ import annotations

RECORD_STARTS = """
(() => {
  window.__starts = [];
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data?.type === "ready") {
          window.__starts.push(event.data.start);
        }
      });
    }
  };
})();
"""

LAST_START = "window.__starts?.at(-1) ?? null"
