"""`python3 build.py screenshots`: pictures of the built site to look at, not a test (what a
page must show is asserted by the browser tests).  Chromium, as Playwright can make it prefer
a dark color scheme."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from devtools.browsers import launch_browser
from devtools.serve import serving_in_background

# A page becomes "ready" once Python answered in the browser; a cold start may take long on a
# busy machine.
READY_TIMEOUT_MS = 90_000
# The embed examples' prefilled link (the seeds' small worked example).
SMALL_EXAMPLE = "?tokens=2500&chunk_size=800&overlap=200"


class Shot(NamedTuple):
    name: str  # the PNG's file name, without .png
    address: str  # relative to the site's root
    width: int
    height: int
    scheme: str  # the color scheme the visitor prefers: "light" or "dark"
    shown: str  # a selector that must be visible before the picture is taken
    element: str | None = None  # only this element (None: the whole page)
    full_page: bool = True  # False: only what the window shows (the README's picture)


SHOTS = (
    Shot("pt-light", "pt/", 1280, 1000, "light", "#chunk-map svg"),
    Shot("en-light", "en/", 1280, 1000, "light", "#chunk-map svg"),
    Shot("de-dark", "de/", 1280, 1000, "dark", "#chunk-map svg"),
    Shot("embed-light", f"en/{SMALL_EXAMPLE}&embed=1&theme=light", 900, 800, "light",
         "#chunk-map svg"),
    Shot("embed-dark", f"en/{SMALL_EXAMPLE}&embed=1&theme=dark", 900, 800, "light",
         "#chunk-map svg"),
    Shot("share-embed", f"en/{SMALL_EXAMPLE}", 1280, 900, "light", "[data-embed-snippet]",
         element=".share-embed"),
    # docs/screenshot.png, the README's: copy it there when the page's first screen changes.
    Shot("readme", "en/", 1200, 1310, "light", "#chunk-map svg", full_page=False),
)  # fmt: skip


def take_screenshots(dist: Path, target: Path) -> list[Path]:
    """Serve `dist` on the loopback and write each shot's PNG into `target`; their paths."""
    from playwright.sync_api import expect, sync_playwright  # noqa: PLC0415 (a test dependency)

    target.mkdir(parents=True, exist_ok=True)
    written = []
    with serving_in_background(dist) as url, sync_playwright() as playwright:
        browser = launch_browser(playwright, "chromium")
        try:
            for shot in SHOTS:
                context = browser.new_context(
                    viewport={"width": shot.width, "height": shot.height},
                    color_scheme="dark" if shot.scheme == "dark" else "light",
                )
                page = context.new_page()
                page.goto(url + shot.address)
                expect(page.locator("html")).to_have_attribute(
                    "data-state", "ready", timeout=READY_TIMEOUT_MS
                )
                expect(page.locator(shot.shown).first).to_be_visible()
                path = target / f"{shot.name}.png"
                if shot.element is None:
                    page.screenshot(path=path, full_page=shot.full_page)
                else:
                    page.locator(shot.element).screenshot(path=path)
                written.append(path)
                context.close()
        finally:
            browser.close()
    return written
