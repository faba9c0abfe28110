"""Documentation sites that already run Pyodide install the calculator wheel that dist/ serves
with micropip, and call it.

A test page (routed, never shipped) boots the site's own Pyodide on the main thread, loads
micropip 0.11.1 (the PyPI wheel, given a lock entry of its own so Pyodide checks its sha256),
installs dist/wheels/<our wheel> with micropip.install(URL) and plans 8000/512/64. Every
request stays on the test server's origin (the page guard fails the test otherwise).
"""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

import build
from cache_lock import cache_lock

MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# sha256 of the PyPI wheel; change it only together with MICROPIP_VERSION.
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
# Not shipped: served by routes at the site's root for this test only.
TEST_PAGE = "micropip-test.html"
TEST_WHEELS = "micropip-test/"

# A host page's part: its Pyodide, micropip from its lock file, our wheel by URL.
INSTALL_AND_PLAN = """
async ({ manifestURL, micropipLockEntry, wheelURL }) => {
  // The site's Pyodide, wherever this build put it.
  const { loadPyodide, pyodideLockInfo, pyodideURL } = await import(manifestURL);
  const pyodide = await loadPyodide({
    indexURL: pyodideURL,
    packageBaseUrl: pyodideURL,
    lockFileContents: { info: pyodideLockInfo, packages: { micropip: micropipLockEntry } },
  });
  await pyodide.loadPackage("micropip");
  await pyodide.pyimport("micropip").install(wheelURL);
  const plan = pyodide.pyimport("calculator").plan_chunks(8000, 512, 64);
  return { chunks: plan.chunks, step: plan.step, tokens_processed: plan.tokens_processed };
}
"""


def micropip_wheel() -> Path:
    """The pure micropip wheel from PyPI, downloaded once into the git-ignored cache."""
    target = build.CACHE / "micropip" / MICROPIP_WHEEL
    with cache_lock("micropip"):
        _download_micropip(target)
    build.verify_sha256(target, MICROPIP_SHA256)
    return target


def _download_micropip(target: Path) -> None:
    if not target.exists():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--disable-pip-version-check",
                "-q",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                "--dest",
                str(target.parent),
                f"micropip=={MICROPIP_VERSION}",
            ],
            check=True,
        )


def lock_entry(wheel_url: str) -> dict[str, Any]:
    """micropip as a Pyodide distribution lists it, its file on the test server."""
    return {
        "name": "micropip",
        "version": MICROPIP_VERSION,
        "file_name": wheel_url,
        "install_dir": "site",
        "sha256": MICROPIP_SHA256,
        "package_type": "package",
        "imports": ["micropip"],
        "depends": [],
    }


def test_micropip_installs_the_served_wheel(
    page: Page, site_url: str, dist: Path, layout: build.Layout
) -> None:
    micropip = micropip_wheel()
    # Booting Pyodide on the main thread and installing two wheels takes a while on CI.
    page.set_default_timeout(120_000)
    blank = (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(build.CSP)}">'
        "<title>micropip test</title></head><body></body></html>"
    )
    page.route(
        site_url + TEST_PAGE, lambda route: route.fulfill(body=blank, content_type="text/html")
    )
    page.route(
        site_url + TEST_WHEELS + MICROPIP_WHEEL,
        lambda route: route.fulfill(body=micropip.read_bytes(), content_type="application/zip"),
    )
    page.goto(site_url + TEST_PAGE)
    wheel = next((dist / "wheels").glob("*.whl")).name
    plan = page.evaluate(
        INSTALL_AND_PLAN,
        {
            "manifestURL": f"{site_url}{layout.assets}build-manifest.js",
            "micropipLockEntry": lock_entry(site_url + TEST_WHEELS + MICROPIP_WHEEL),
            "wheelURL": f"{site_url}wheels/{wheel}",
        },
    )
    assert plan == {"chunks": 18, "step": 448, "tokens_processed": 9088}


def test_the_site_never_loads_micropip(dist: Path, layout: build.Layout) -> None:
    """micropip is for host pages only: nothing of ours names it, so no page loads it."""
    ours = [
        path
        for path in dist.rglob("*")
        if path.is_file()
        and dist / layout.runtime not in path.parents
        and path.suffix in {".html", ".js", ".css"}
    ]
    assert ours
    assert [path.name for path in ours if "micropip" in path.read_text(encoding="utf-8")] == []
