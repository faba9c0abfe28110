// The calculator's module worker: boots Pyodide, installs our wheel, answers requests.
//
// runtime.js starts it from a blob: bootstrap (`import "<this file's URL>"`), so the
// worker's own base URL is a blob: URL; every address here is therefore resolved
// against import.meta.url, and all of them point into this site.
//
// Messages in:  {type: "wasm", module}   Pyodide's wasm, compiled by runtime.js
//               {id, request}            request: the plain object calculator.respond takes
// Messages out: {type: "ready"}          Python answers from now on
//               {type: "failed", error}  loading failed; the worker is useless
//               {type: "csp-violation", violation}
//               {id, response} | {id, error}
import { pyodideLockInfo, wheelPath } from "./build-manifest.js";
import { loadPyodide } from "./pyodide/pyodide.mjs";

const pyodideURL = new URL("./pyodide/", import.meta.url).href;
const wasmURL = new URL("pyodide.asm.wasm", pyodideURL).href;

let receiveWasm;
const compiledWasm = new Promise((resolve) => {
  receiveWasm = resolve;
});

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

// Pyodide 314 fetches and compiles its wasm itself, with instantiateStreaming(fetch(url)),
// and on failure only logs "wasm instantiation failed!" and waits forever. Chrome's wasm
// code cache serves the page's thread, not a worker's: compiled here, every visit compiles
// anew, and a repeat visit measured 1.7 times as slow to start. So runtime.js compiles
// the wasm on the page's thread and posts the module; while Pyodide boots, its fetch of
// the wasm gets an empty response (no second download), its instantiateStreaming gets
// that module, and a failed instantiation fails the load at once.
function useCompiledWasm(signal) {
  const { fetch: fetchFromNetwork } = self;
  const { instantiateStreaming } = WebAssembly;
  signal.addEventListener("abort", () => {
    self.fetch = fetchFromNetwork;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  });
  return new Promise((_, reject) => {
    self.fetch = (resource, options) =>
      String(resource) === wasmURL
        ? Promise.resolve(new Response())
        : fetchFromNetwork(resource, options);
    WebAssembly.instantiateStreaming = async (_ignoredResponse, imports) => {
      try {
        const module = await compiledWasm;
        return { module, instance: await WebAssembly.instantiate(module, imports) };
      } catch (error) {
        reject(error);
        throw error;
      }
    };
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

// `site` is imported at start-up already; asking sysconfig instead costs ~30 ms.
function sitePackagesDir(pyodide) {
  const directories = pyodide.pyimport("site").getsitepackages();
  try {
    return directories.get(0);
  } finally {
    directories.destroy();
  }
}

// The wheel downloads while Pyodide boots; unpacking it into site-packages then takes
// about 15 ms, with no package manager on the boot path.
async function bootAndInstall() {
  const [pyodide, wheel] = await Promise.all([
    bootPyodide(),
    fetchBytes(new URL(wheelPath, import.meta.url)),
  ]);
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackagesDir(pyodide) });
  return pyodide.pyimport("calculator").respond;
}

async function loadCalculator() {
  const booting = new AbortController();
  try {
    return await Promise.race([
      useCompiledWasm(booting.signal), // first: in place before Pyodide fetches its wasm
      unhandledRejection(booting.signal),
      bootAndInstall(),
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

async function answer({ id, request }) {
  try {
    const respond = await respondReady;
    self.postMessage({ id, response: JSON.parse(respond(JSON.stringify(request))) });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
}

self.addEventListener("message", (event) => {
  if (event.data.type === "wasm") {
    receiveWasm(event.data.module);
  } else {
    answer(event.data);
  }
});
