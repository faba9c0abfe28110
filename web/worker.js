// The calculator's module worker: boots Pyodide, installs our wheel, answers requests.
//
// runtime.js starts it from a blob: bootstrap (`import "<this file's URL>"`), so the
// worker's own base URL is a blob: URL; every address here is therefore resolved
// against import.meta.url, and all of them point into this site.
//
// Messages in:  {id, request}            request: the plain object calculator.respond takes
// Messages out: {type: "ready"}          Python answers from now on
//               {type: "failed", error}  loading failed; the worker is useless
//               {type: "csp-violation", violation}
//               {id, response} | {id, error}
import { pyodideLockInfo, wheelPath } from "./build-manifest.js";
import { loadPyodide } from "./pyodide/pyodide.mjs";

const pyodideURL = new URL("./pyodide/", import.meta.url).href;

self.addEventListener("securitypolicyviolation", (event) => {
  self.postMessage({
    type: "csp-violation",
    violation: {
      directive: event.effectiveDirective,
      blockedURI: event.blockedURI,
      sourceFile: event.sourceFile,
      context: "worker",
    },
  });
});

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return response.arrayBuffer();
}

function bootPyodide() {
  return loadPyodide({
    indexURL: pyodideURL,
    // Packages would resolve against this, never against Pyodide's default CDN.
    packageBaseUrl: pyodideURL,
    // The lock file's header only: we load no Pyodide packages, so the stock lock
    // file (119 KB) is neither fetched nor shipped.
    lockFileContents: { info: pyodideLockInfo, packages: {} },
  });
}

// Pyodide 314 only logs a failed wasm instantiation ("wasm instantiation failed!") and
// then waits forever; watching it turns a missing, broken or blocked wasm into a load
// failure at once instead of at runtime.js's timeout.
function wasmFailure(signal) {
  return new Promise((_, reject) => {
    const instantiateStreaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = (...args) => {
      const instantiating = instantiateStreaming.apply(WebAssembly, args);
      instantiating.catch(reject);
      return instantiating;
    };
    signal.addEventListener("abort", () => {
      WebAssembly.instantiateStreaming = instantiateStreaming;
    });
  });
}

// A promise rejected and unhandled while booting (Pyodide fetches its files ahead of
// awaiting them) means a runtime file failed; the load has failed with it.
function unhandledRejection(signal) {
  return new Promise((_, reject) => {
    self.addEventListener("unhandledrejection", (event) => {
      event.preventDefault(); // reported to the page as the load's failure instead
      reject(event.reason);
    }, { signal });
  });
}

// The wheel downloads while Pyodide boots; unpacking it into site-packages then takes
// a few milliseconds, with no package manager on the boot path.
async function bootAndInstall() {
  const [pyodide, wheel] = await Promise.all([
    bootPyodide(),
    fetchBytes(new URL(wheelPath, import.meta.url)),
  ]);
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackagesDir(pyodide) });
  return pyodide.pyimport("calculator").respond;
}

// `site` is imported at start-up already; asking sysconfig instead costs ~30 ms.
function sitePackagesDir(pyodide) {
  const directories = pyodide.pyimport("site").getsitepackages();
  try {
    return directories.get(0);
  } finally {
    directories.destroy();
  }
}

async function loadCalculator() {
  const booting = new AbortController();
  try {
    return await Promise.race([
      bootAndInstall(),
      wasmFailure(booting.signal),
      unhandledRejection(booting.signal),
    ]);
  } finally {
    booting.abort();
  }
}

const respondReady = loadCalculator();

respondReady.then(
  () => self.postMessage({ type: "ready" }),
  (error) => self.postMessage({ type: "failed", error: String(error?.message ?? error) }),
);

self.addEventListener("message", async (event) => {
  const { id, request } = event.data;
  try {
    const respond = await respondReady;
    self.postMessage({ id, response: JSON.parse(respond(JSON.stringify(request))) });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
