// The engine's page side: runs the Python app off the main thread, in the app's worker
// (worker.js beside this script in the built assets, which calls engine/worker/serve.js).
//
//   import { startCalculator } from "<this module>";
//   const calculator = startCalculator({ timeoutMs });
//   try {
//     await calculator.ready;                        // Python started, the app imported
//     const response = await calculator.calculate(request);  // the app's answer, parsed
//   } catch (error) {
//     // error.reason: "timeout" | "load" | "worker" | "calculation"; show a localized
//     // message and a retry button that calls:
//     await calculator.retry();                       // a fresh worker; new `ready`
//   }
//
// - `ready` always settles: it rejects on a loading error, a worker error or after
//   timeoutMs, so the page never shows an endless spinner.
// - onProgress(listener) calls listener({received, expected}) as the runtime's files arrive
//   (decoded bytes; expected from the build's sizes of the files this start needs).
// - calculate() may be called before `ready`; it waits for it.  It rejects with
//   reason "calculation" when Python raised, and with the load error when loading
//   failed.
// - feature(name) is the channel of one of the app's features (its worker side registered
//   with serve()): post(message) sends it one message, onMessage(listener) hears its replies;
//   a message posted before `ready` waits for Python in the worker.
// - CSP violations of the page and of the worker are appended to
//   window.__cspViolations (tests read it).
// - Tests may shorten every timeout by setting window.__calculatorTimeoutMs before
//   this module loads (Playwright: page.add_init_script).
// A worker's Content-Security-Policy is not the page's: it comes with the worker's own script
// (its response headers), or, for a worker started from a blob: URL, from the page that made
// the blob.  Static hosts send no such header, so the module worker starts from a blob:
// bootstrap, which the page's policy (worker-src blob:) covers.  Under this site's service
// worker it starts from worker.js's own URL instead: the service worker sends worker.js with
// the page's policy in its headers (sw.js), and only a worker started from its URL is
// sure to be served by it (Firefox leaves a blob: worker's requests to the network, so
// offline the calculator could not start).

const DEFAULT_TIMEOUT_MS = 30000;
const workerURL = new URL("./worker.js", import.meta.url).href;

globalThis.__cspViolations ??= [];
const cspViolations = globalThis.__cspViolations;

function recordViolation(violation) {
  cspViolations.push(violation);
}

document.addEventListener("securitypolicyviolation", (event) => {
  recordViolation({
    directive: event.effectiveDirective,
    blockedURI: event.blockedURI,
    sourceFile: event.sourceFile,
    context: "page",
  });
});

export class CalculatorError extends Error {
  constructor(reason, message) {
    super(message);
    this.name = "CalculatorError";
    this.reason = reason;
  }
}

function bootstrapURL() {
  // JSON.stringify quotes the URL as a JavaScript string literal.
  const bootstrap = `import ${JSON.stringify(workerURL)};`;
  return URL.createObjectURL(new Blob([bootstrap], { type: "text/javascript" }));
}

function controlledByServiceWorker() {
  try {
    return Boolean(navigator.serviceWorker?.controller);
  } catch {
    return false; // a document with an opaque origin (a sandboxed frame) may not even ask
  }
}

/** The worker's script: its own URL when this site's service worker serves it (with the
 *  page's policy), else a blob: bootstrap, which takes the page's policy with it. */
function workerScriptURL() {
  return controlledByServiceWorker() ? workerURL : bootstrapURL();
}

/** Tells the worker when each file a <link> of the page fetched has arrived, and how fast:
 *  the worker picks the start-up zip's preload from them and chooses how to start by it
 *  (worker.js startChoice).  Only the page sees its preloads' timing. */
function reportPreloads(worker) {
  const observer = new PerformanceObserver((list) => {
    const entries = /** @type {PerformanceResourceTiming[]} */ (list.getEntries());
    for (const entry of entries) {
      if (entry.initiatorType === "link") {
        worker.postMessage({
          type: "preloaded",
          url: entry.name,
          bytes: entry.encodedBodySize,
          ms: entry.responseEnd - entry.requestStart,
          fromNetwork: entry.transferSize > 0, // 0: from the browser's cache
        });
      }
    }
  });
  try {
    observer.observe({ type: "resource", buffered: true });
  } catch {
    // no Resource Timing: the worker boots from the start-up zip
  }
  return observer;
}

// One worker and its load; retry() replaces it with a new one.
class Session {
  constructor(timeoutMs, progressListeners, featureListeners) {
    this.progressListeners = progressListeners;
    this.featureListeners = featureListeners;
    this.pending = new Map();
    this.nextId = 1;
    this.failure = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // Consumers learn of a failure through `ready` and calculate(); this keeps an
    // ignored `ready` from being reported as an unhandled rejection.
    this.ready.catch(() => {});
    this.timer = setTimeout(
      () =>
        this.fail(new CalculatorError("timeout", `Python did not start within ${timeoutMs} ms`)),
      timeoutMs,
    );
    this.scriptURL = workerScriptURL(); // revoked once used (revokeObjectURL ignores an http: URL)
    this.worker = new Worker(this.scriptURL, { type: "module" });
    this.worker.addEventListener("message", (event) => this.onMessage(event.data));
    this.preloads = reportPreloads(this.worker);
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.fail(
        new CalculatorError("worker", event.message || "the calculator's worker failed to start"),
      );
    });
    this.worker.addEventListener("messageerror", () => {
      this.fail(
        new CalculatorError("worker", "the calculator's worker sent an unreadable message"),
      );
    });
  }

  onMessage(data) {
    if (data.type === "ready") {
      clearTimeout(this.timer);
      this.preloads.disconnect();
      URL.revokeObjectURL(this.scriptURL);
      this.resolveReady();
    } else if (data.type === "failed") {
      // The worker is idle now and may still report the CSP violation behind its
      // failure; retry() ends it.
      this.fail(new CalculatorError("load", data.error), { keepWorker: true });
    } else if (data.type === "progress") {
      for (const listener of this.progressListeners) {
        listener({ received: data.received, expected: data.expected });
      }
    } else if (data.type === "csp-violation") {
      recordViolation(data.violation);
    } else if (typeof data.feature === "string") {
      for (const listener of this.featureListeners.get(data.feature) ?? []) {
        listener(data.message);
      }
    } else if (this.pending.has(data.id)) {
      const { resolve, reject } = this.pending.get(data.id);
      this.pending.delete(data.id);
      if ("error" in data) {
        reject(new CalculatorError("calculation", data.error));
      } else {
        resolve(data.response);
      }
    }
  }

  fail(error, { keepWorker = false } = {}) {
    if (this.failure) {
      return;
    }
    this.failure = error;
    clearTimeout(this.timer);
    this.preloads.disconnect();
    URL.revokeObjectURL(this.scriptURL);
    if (!keepWorker) {
      this.worker.terminate();
    }
    this.rejectReady(error);
    for (const { reject } of this.pending.values()) {
      reject(error);
    }
    this.pending.clear();
  }

  async calculate(request) {
    await this.ready;
    if (this.failure) {
      throw this.failure; // the worker died after it was ready
    }
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
    });
  }

  stop() {
    this.fail(new CalculatorError("worker", "the calculator was restarted"));
    this.worker.terminate(); // also the one a failed load kept
  }
}

export function startCalculator({ timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  timeoutMs = globalThis.__calculatorTimeoutMs ?? timeoutMs;
  const progressListeners = [];
  const featureListeners = new Map(); // a feature's name -> its listeners
  const newSession = () => new Session(timeoutMs, progressListeners, featureListeners);
  let session = newSession();
  return {
    get ready() {
      return session.ready;
    },
    calculate(request) {
      return session.calculate(request);
    },
    onProgress(listener) {
      progressListeners.push(listener);
    },
    retry() {
      session.stop();
      session = newSession();
      return session.ready;
    },
    /** The channel of the app's feature `name`, to its worker side and back. */
    feature(name) {
      if (!featureListeners.has(name)) {
        featureListeners.set(name, []);
      }
      return {
        post(message) {
          session.worker.postMessage({ feature: name, message });
        },
        onMessage(listener) {
          featureListeners.get(name).push(listener);
        },
      };
    },
  };
}
