"""runtime.js and worker.js in each engine: Pyodide boots under the site's CSP, answers,
fails fast and visibly, and fetches nothing but the site's own runtime files."""

from __future__ import annotations

import html
import re
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route

import build
from browser.conftest import PageGuard

# Not shipped: a blank page with the site's CSP, served by a route in this build's assets,
# so these tests exercise runtime.js alone, without the calculator page's modules.
RUNTIME_PAGE = "runtime-test.html"
# Shipped inside boot.js's bundle (site_build/bundle.py), so served to the blank page by a
# route of its own: engine/page/runtime.js beside the build's worker.js, which it starts.
RUNTIME_MODULE = "runtime.js"
VIOLATION_WAIT_S = 30
# The engine's scripts, by where they run (page/, worker/).
ENGINE_SCRIPTS = build.ROOT / "engine"

REQUEST_8000_512_64 = {
    "fields": {
        "tokens": "8000",
        "chunk_size": "512",
        "overlap": "64",
        "dimensions": "384",
        "dtype": "float32",
        "bytes_per_dimension": "",
    },
    "number_format": {"group": ",", "decimal": "."},
}

# Starts the calculator and reports how it went: the response, or the failure's reason.
START_AND_CALCULATE = """
async ({ timeoutMs, request }) => {
  const { startCalculator } = await import("./runtime.js");
  const started = performance.now();
  const calculator = startCalculator({ timeoutMs });
  try {
    await calculator.ready;
    return { response: await calculator.calculate(request) };
  } catch (error) {
    return { reason: error.reason, message: error.message, ms: performance.now() - started };
  }
}
"""

RETRY_AFTER_FAILURE = """
async ({ timeoutMs, request }) => {
  const { startCalculator } = await import("./runtime.js");
  const calculator = startCalculator({ timeoutMs });
  const firstReason = await calculator.ready.then(() => "ready", (error) => error.reason);
  await window.__allowWasm();
  await calculator.retry();
  return { firstReason, response: await calculator.calculate(request) };
}
"""


def blank_page_with_csp(csp: str = build.CSP) -> str:
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(csp)}">'
        "<title>runtime test</title></head><body></body></html>"
    )


def open_blank_page(page: Page, site_url: str, layout: build.Layout, csp: str = build.CSP) -> Page:
    """The blank page, beside runtime.js in this build's assets (its scripts import "./")."""
    page.route(
        site_url + layout.assets + RUNTIME_PAGE,
        lambda route: route.fulfill(body=blank_page_with_csp(csp), content_type="text/html"),
    )
    page.route(
        site_url + layout.assets + RUNTIME_MODULE,
        lambda route: route.fulfill(
            body=(ENGINE_SCRIPTS / "page" / RUNTIME_MODULE).read_text(encoding="utf-8"),
            content_type="text/javascript",
        ),
    )
    page.goto(site_url + layout.assets + RUNTIME_PAGE)
    return page


@pytest.fixture
def runtime_page(page: Page, site_url: str, layout: build.Layout) -> Page:
    return open_blank_page(page, site_url, layout)


def start(page: Page, timeout_ms: int = 60_000) -> dict[str, Any]:
    outcome: dict[str, Any] = page.evaluate(
        START_AND_CALCULATE, {"timeoutMs": timeout_ms, "request": REQUEST_8000_512_64}
    )
    return outcome


def test_python_answers_through_runtime_js(runtime_page: Page) -> None:
    result = start(runtime_page)["response"]["result"]
    assert (result["step"], result["chunks"], result["tokens_processed"]) == ("448", "18", "9088")


@pytest.mark.runtime_file_fails
def test_missing_wasm_rejects_ready_fast(runtime_page: Page) -> None:
    runtime_page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    outcome = start(runtime_page, timeout_ms=20_000)
    assert outcome["reason"] == "load"
    assert outcome["ms"] < 20_000


@pytest.mark.runtime_file_fails
def test_wasm_blocked_by_the_csp_rejects_ready_fast(
    page: Page, page_guard: PageGuard, site_url: str, layout: build.Layout
) -> None:
    page_guard.csp_violations_expected = True
    open_blank_page(page, site_url, layout, build.CSP.replace(" 'wasm-unsafe-eval'", ""))
    outcome = start(page, timeout_ms=20_000)
    assert outcome["reason"] == "load"
    assert outcome["ms"] < 20_000
    assert "script-src" in {
        violation["directive"] for violation in page.evaluate("window.__cspViolations.slice()")
    }


def test_stalled_wasm_rejects_ready_at_the_timeout(runtime_page: Page) -> None:
    stalled: list[Route] = []

    def never_answer(route: Route) -> None:
        stalled.append(route)

    runtime_page.route("**/pyodide.asm.wasm", never_answer)
    outcome = start(runtime_page, timeout_ms=1_500)
    assert outcome["reason"] == "timeout"
    assert stalled


@pytest.mark.runtime_file_fails
def test_retry_after_a_failed_load_starts_python(runtime_page: Page) -> None:
    allowed: list[bool] = []
    # The exposed function only flips the route's answer: a Playwright call made from inside
    # it hangs in Firefox, while the page's evaluate that called it is pending.
    runtime_page.route(
        "**/pyodide.asm.wasm", lambda route: route.continue_() if allowed else route.abort()
    )
    runtime_page.expose_function("__allowWasm", lambda: allowed.append(True))
    outcome = runtime_page.evaluate(
        RETRY_AFTER_FAILURE, {"timeoutMs": 60_000, "request": REQUEST_8000_512_64}
    )
    assert outcome["firstReason"] == "load"
    assert outcome["response"]["result"]["chunks"] == "18"


def test_each_runtime_file_is_fetched_once_from_the_site(
    runtime_page: Page, page_guard: PageGuard, site_url: str, layout: build.Layout
) -> None:
    start(runtime_page)
    fetched = sorted(request.url.removeprefix(site_url) for request in page_guard.requests)
    assert fetched == sorted(
        [
            *(
                f"{layout.assets}{name}"
                # The worker's bundle holds build-manifest.js, snapshot-image.js and
                # app-zip.js.
                for name in (RUNTIME_PAGE, RUNTIME_MODULE, "worker.js")
            ),
            *(f"{layout.runtime}{name}" for name in build.FIRST_VISIT_RUNTIME_FILES),
            layout.start,
            layout.calculator,
            # Asked for once the first answer is out (engine/worker/serve.js).
            layout.calculator_later,
        ]
    )


def first_violation(page: Page, context: str) -> Any:
    """The first policy violation recorded in `context` ("page" or "worker"), waited for.
    Polled with evaluate: the page's policy refuses wait_for_function's evaluated string, and
    the worker's report may come after its load has failed."""
    deadline = time.monotonic() + VIOLATION_WAIT_S
    while not (
        violation := page.evaluate(
            "(context) => window.__cspViolations.find((v) => v.context === context) ?? null",
            context,
        )
    ):
        assert time.monotonic() < deadline, f"no {context} violation recorded"
        page.wait_for_timeout(50)
    return violation


def test_page_csp_violations_are_recorded(runtime_page: Page, page_guard: PageGuard) -> None:
    page_guard.csp_violations_expected = True
    runtime_page.evaluate("""async () => {
      await import("./runtime.js");
      document.body.setAttribute("style", "color: red");  // inline style: blocked
    }""")
    violation = first_violation(runtime_page, "page")
    assert violation["directive"] == "style-src-attr"


@pytest.mark.runtime_file_fails
def test_worker_csp_violations_reach_the_page(runtime_page: Page, page_guard: PageGuard) -> None:
    page_guard.csp_violations_expected = True
    runtime_page.route(
        "**/worker.js",  # its bundle holds the build manifest
        lambda route: route.fulfill(
            content_type="text/javascript",
            body=re.sub(
                r'"\.\./([^"]*/python_stdlib_start\.zip)"',
                r'"https://example.invalid/\1"',
                route.fetch().text(),
            ),
        ),
    )
    assert start(runtime_page)["reason"] == "load"
    worker_violation = first_violation(runtime_page, "worker")
    assert worker_violation["directive"] == "connect-src"


# In a worker, as worker.js starts Python: from the start-up zip, or restored from the
# snapshot made over it (`restore`); then one of PROBES, whose result the worker posts.
START_IN_A_WORKER = """
async ({ restore, probe, firstUse, snapshotImage, appZip, archiveRoundTrip }) => {
  const manifest = new URL("./build-manifest.js", location.href).href;
  const source = `
    import { appZipPath, appZipURL, laterZipURL, loadPyodide, pyodideLockInfo, pyodideURL,
      snapshotURL, startStdlibURL, stdlibURL } from ${JSON.stringify(manifest)};
    ${snapshotImage}
    ${appZip}
    const ARCHIVE_ROUND_TRIP = ${JSON.stringify(archiveRoundTrip)};
    const restored = ${JSON.stringify(restore)}
      ? snapshotOptions(
          await (await fetch(snapshotURL)).arrayBuffer(),
          (await import(pyodideURL + "pyodide.asm.mjs")).default,
        )
      : {};
    const pyodide = await loadPyodide({
      indexURL: pyodideURL, packageBaseUrl: pyodideURL, stdLibURL: startStdlibURL,
      lockFileContents: { info: pyodideLockInfo, packages: {} }, ...restored,
    });
    const sys = pyodide.pyimport("sys");
    const calculatorImported = sys.modules.has("calculator");
    const appZipBytes = await (await fetch(appZipURL)).arrayBuffer();
    mountAppZip(pyodide, appZipBytes, appZipPath);
    pyodide.pyimport("_lazy_stdlib").install(stdlibURL, laterZipURL);
    const awaitInPython = () =>
      pyodide.runPythonAsync("from js import Promise\\\\nawait Promise.resolve(42)");
    const firstUses = {
      await: awaitInPython, // Pyodide's core: the promise's future
      webloop: async () => pyodide.pyimport("pyodide.webloop").WebLoop, // imports asyncio's
      sleep: async () => pyodide.pyimport("asyncio").sleep(0.001), // an attribute, from JS
    };
    const probes = {
      // Modules outside the start-up zip: a top-level one, and a submodule of a package
      // the start-up zip holds.
      outside: async () => ({
        calculatorImported,
        leap: pyodide.pyimport("calendar").isleap(2024),
        tool: pyodide.pyimport("json.tool").__name__,
      }),
      // shutil, which Pyodide's package loader imports at every start, without the Python
      // modules of the compressors it asks about: then each archive format it knows.
      archives: async () => ({
        loadedAtStart: ["bz2", "lzma", "compression.zstd"].filter((name) => sys.modules.has(name)),
        unpacked: pyodide.runPython(ARCHIVE_ROUND_TRIP).toJs(),
      }),
      // asyncio, deferred until its first use (one of firstUses): what it had loaded before,
      // and then that Pyodide's event loop runs a coroutine and answers a promise awaited in
      // Python.
      asyncio: async () => {
        const loadedAtStart = sys.modules.has("asyncio.events");
        await firstUses[${JSON.stringify(firstUse)}]();
        const asyncio = pyodide.pyimport("asyncio");
        const slept = await asyncio.sleep(0.001, "slept");
        const loop = asyncio.get_event_loop().type;
        const awaited = await awaitInPython();
        const run = asyncio.run.__code__.co_filename.split("/").slice(-2).join("/");
        return { loadedAtStart, slept, loop, awaited, run };
      },
    };
    postMessage(await probes[${JSON.stringify(probe)}]());`;
  const blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const worker = new Worker(blob, { type: "module" });
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
  });
}
"""


# A file through each compressed archive format shutil offers, there and back.
ARCHIVE_ROUND_TRIP = """
import os, shutil, tempfile
root = tempfile.mkdtemp()
os.makedirs(f"{root}/in")
with open(f"{root}/in/a.txt", "w") as file:
    file.write("chunk")
unpacked = {}
for name in ("gztar", "bztar", "xztar", "zstdtar", "zip"):
    archive = shutil.make_archive(f"{root}/{name}", name, f"{root}/in")
    shutil.unpack_archive(archive, f"{root}/{name}-out")
    with open(f"{root}/{name}-out/a.txt") as file:
        unpacked[name] = file.read()
unpacked
"""


@dataclass
class WorkerStart:
    """A worker started as worker.js starts Python (START_IN_A_WORKER), and what the site
    sent meanwhile."""

    page: Page
    guard: PageGuard
    site_url: str
    runtime: str
    start_up_zips: set[str]  # the names the start-up zip and the calculator's zip hold

    def run(self, restore: bool, probe: str, first_use: str | None = None) -> Any:
        arguments = {
            "restore": restore,
            "probe": probe,
            "firstUse": first_use,
            # snapshotOptions's module, shipped inside worker.js's bundle: its text, inlined.
            "snapshotImage": (ENGINE_SCRIPTS / "worker" / "snapshot-image.js").read_text(
                encoding="utf-8"
            ),
            # mountAppZip's module, the same way.
            "appZip": (ENGINE_SCRIPTS / "worker" / "app-zip.js").read_text(encoding="utf-8"),
            "archiveRoundTrip": ARCHIVE_ROUND_TRIP,
        }
        return self.page.evaluate(START_IN_A_WORKER, arguments)

    def whole_stdlib_downloads(self) -> int:
        fetched = [request.url.removeprefix(self.site_url) for request in self.guard.requests]
        return fetched.count(f"{self.runtime}python_stdlib.zip")


@pytest.fixture
def worker_start(
    runtime_page: Page, page_guard: PageGuard, site_url: str, dist: Path, layout: build.Layout
) -> WorkerStart:
    held = set()
    for path in (layout.start, layout.calculator):
        with zipfile.ZipFile(dist / path) as start_up:
            held |= set(start_up.namelist())
    return WorkerStart(runtime_page, page_guard, site_url, layout.runtime, held)


@pytest.mark.parametrize("restore", [False, True], ids=["booted", "restored"])
def test_modules_outside_the_start_up_zip_come_from_the_whole_stdlib(
    worker_start: WorkerStart, restore: bool
) -> None:
    assert {"calendar.pyc", "json/tool.pyc"}.isdisjoint(worker_start.start_up_zips)
    assert "json/__init__.pyc" in worker_start.start_up_zips
    outcome = worker_start.run(restore, "outside")
    # The restored Python is the snapshot's: the calculator imported already.
    assert outcome == {"calculatorImported": restore, "leap": True, "tool": "json.tool"}
    assert worker_start.whole_stdlib_downloads() == 1


@pytest.mark.parametrize("restore", [False, True], ids=["booted", "restored"])
def test_shutil_knows_each_compressor_without_loading_it_at_start(
    worker_start: WorkerStart, restore: bool
) -> None:
    # shutil asks the import system whether each compressor's C module is built in
    # (engine/node/compile_stdlib.py DEFERRED_IMPORTS) instead of importing its Python module.
    assert {"bz2.pyc", "lzma.pyc", "compression/zstd/__init__.pyc"}.isdisjoint(
        worker_start.start_up_zips
    )
    outcome = worker_start.run(restore, "archives")
    assert outcome["loadedAtStart"] == []
    assert outcome["unpacked"] == dict.fromkeys(
        ["gztar", "bztar", "xztar", "zstdtar", "zip"], "chunk"
    )


@pytest.mark.parametrize("first_use", ["await", "webloop", "sleep"])
@pytest.mark.parametrize("restore", [False, True], ids=["booted", "restored"])
def test_asyncio_loads_at_its_first_use_with_pyodides_event_loop(
    worker_start: WorkerStart, restore: bool, first_use: str
) -> None:
    assert {"asyncio/__init__.pyc", "asyncio/events.pyc", "ssl.pyc"}.isdisjoint(
        worker_start.start_up_zips
    )
    outcome = worker_start.run(restore, "asyncio", first_use)
    assert outcome == {
        "loadedAtStart": False,
        "slept": "slept",
        "loop": "WebLoop",
        "awaited": 42,
        "run": "pyodide/webloop.py",  # Pyodide's asyncio.run
    }
    assert worker_start.whole_stdlib_downloads() == 1
