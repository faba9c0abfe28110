"""Accessibility: axe-core finds no serious or critical problem in any language, in the full
page or in embed mode; and the calculator can be used with the keyboard alone.

axe-core is a test tool, never shipped: the fixture packs the pinned npm release into the
git-ignored .cache/ once and checks its hash.  It is run with page.evaluate, which goes
through the DevTools protocol, so the page's CSP (script-src 'self') stays as it is.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import build
from browser.conftest import READY_TIMEOUT_MS
from browser.test_page import (
    catalog,
    expect_integer,
    field,
    open_page,
)
from cache_lock import cache_lock

AXE_VERSION = "4.14.1"
AXE_SHA256 = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745"
BLOCKING_IMPACTS = {"serious", "critical"}


@pytest.fixture(scope="session")
def axe_source() -> str:
    tarball = build.CACHE / f"axe-core-{AXE_VERSION}.tgz"
    with cache_lock("axe-core"):
        if not tarball.exists():
            npm = shutil.which("npm")
            if npm is None:
                pytest.skip("npm is needed to fetch axe-core")
            build.CACHE.mkdir(exist_ok=True)
            subprocess.run(
                [npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", str(build.CACHE)],
                check=True,
                capture_output=True,
            )
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if digest != AXE_SHA256:
        tarball.unlink()
        pytest.fail(f"axe-core {AXE_VERSION} does not match its recorded hash: {digest}")
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode("utf-8")


def serious_violations(page: Page, axe_source: str, within: str | None = None) -> list[str]:
    """axe's serious and critical findings in the page, or in the element `within` selects."""
    page.evaluate(axe_source)
    violations: list[dict[str, Any]] = page.evaluate(
        """(within) => axe.run(within ? document.querySelector(within) : document,
                               { resultTypes: ['violations'] }).then((r) => r.violations)""",
        within,
    )
    return [
        f"{violation['impact']} {violation['id']}: {violation['help']} at "
        + ", ".join(str(node["target"]) for node in violation["nodes"][:5])
        for violation in violations
        if violation["impact"] in BLOCKING_IMPACTS
    ]


# axe once per language (its texts and their lengths are what a language changes), the full
# page and embed mode each in both colour schemes among them.
AXE_PAGES = [
    ("pt", "full", "light"),
    ("de", "full", "dark"),
    ("it", "embed", "light"),
    ("pl", "embed", "dark"),
    ("en", "full", "light"),
]


@pytest.mark.parametrize(("lang", "mode", "scheme"), AXE_PAGES)
def test_axe_finds_no_serious_problem(
    new_page: Callable[..., Page],
    site_url: str,
    axe_source: str,
    lang: str,
    mode: str,
    scheme: str,
) -> None:
    page = new_page(color_scheme=scheme)
    # An invalid value too, so the error messages and the out-of-date marking are checked.
    # Opened by a load, never on a shared page: Back to an invalid link keeps the last
    # valid results shown, out of date, which a load of it does not have.
    open_page(page, site_url, lang, "?embed=1&overlap=x" if mode == "embed" else "?overlap=x")
    assert serious_violations(page, axe_source) == []


def test_axe_does_report_a_serious_problem(page: Page, axe_source: str) -> None:
    """The check above can fail: an unlabelled field is reported."""
    page.set_content('<html lang="en"><title>t</title><main><input></main></html>')
    assert any("label" in violation for violation in serious_violations(page, axe_source))


def test_the_calculator_works_with_the_keyboard_alone(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    open_page(page, site_url, "en")
    # Tab from the top of the page to the first field, then through the main fields.
    page.locator("body").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "tokens":
            break
    expect(field(page, "tokens")).to_be_focused()
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type("2500")
    page.keyboard.press("Tab")
    expect(field(page, "chunk_size")).to_be_focused()
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type("800")
    page.keyboard.press("Tab")
    expect(field(page, "overlap")).to_be_focused()
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type("200")
    page.keyboard.press("Enter")
    expect_integer(page, "chunks", 4, "en")
    # Copy the link with the keyboard: focus the button by tabbing, press Enter.
    copy_name = catalog("en")["share.copy_link"]
    tab_to(page, f"button:text-is('{copy_name}')")
    page.keyboard.press("Enter")
    expect(page.locator("[data-share-status]")).to_have_text(catalog("en")["share.copied"])
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "chunk_size=800" in copied and "overlap=200" in copied
    # Switch language with the keyboard: the typed state goes along.
    tab_to(page, '.languages a[hreflang="de"]', backwards=True)
    page.keyboard.press("Enter")
    page.wait_for_url("**/de/?*")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    expect(field(page, "tokens")).to_have_value("2.500")
    expect_integer(page, "chunks", 4, "de")


def tab_to(page: Page, selector: str, *, backwards: bool = False) -> None:
    """Press Tab (or Shift+Tab) until `selector` has the focus, as a keyboard user would."""
    target = page.locator(selector)
    for _ in range(200):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"Tab never reached {selector}")
