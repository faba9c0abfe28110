"""The browsers the tests and the benchmark drive: Debian's Chromium and Firefox ESR."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

from site_build.project import BuildError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

# The browser engines the tests and the benchmark drive, and the Debian package of each
# (its command has the package's name).
BROWSER_PACKAGES = {"chromium": "chromium", "firefox": "firefox-esr"}
BROWSER_ENGINES = tuple(BROWSER_PACKAGES)

# How the tests and the benchmark start Debian's Chromium: as root it needs --no-sandbox, and
# the rest keeps the browser from making requests of its own.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)
# Debian's Firefox ESR is driven over WebDriver BiDi (Playwright's "moz-firefox" channel);
# Playwright's own profile already turns off updates, telemetry and the like.
FIREFOX_CHANNEL = "moz-firefox"
# An about:config preference's value.
FirefoxPref = str | float | bool


def browser_executable(engine: str) -> str | None:
    return shutil.which(BROWSER_PACKAGES[engine])


def launch_browser(
    playwright: Playwright, engine: str, firefox_prefs: Mapping[str, FirefoxPref] | None = None
) -> Browser:
    """Start Debian's build of `engine` (installed: see ensure_browsers) headless; Firefox
    with `firefox_prefs` (about:config preferences) set."""
    executable = browser_executable(engine)
    if executable is None:
        raise BuildError(f"Debian's {BROWSER_PACKAGES[engine]} is not installed")
    if engine == "firefox":
        return playwright.firefox.launch(
            channel=FIREFOX_CHANNEL,
            executable_path=executable,
            firefox_user_prefs=dict(firefox_prefs or {}),
        )
    return playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_ARGS))


def ensure_browsers() -> None:
    """The browser tests drive Debian's chromium and firefox-esr; install them when we may."""
    missing = [
        package
        for engine, package in BROWSER_PACKAGES.items()
        if browser_executable(engine) is None
    ]
    if not missing:
        return
    if os.geteuid() != 0:
        print(
            "build.py: the browser tests need Chromium and Firefox; install them with\n"
            f"    sudo apt-get install {' '.join(missing)}",
            file=sys.stderr,
        )
        raise SystemExit(2)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", *missing], check=True, env=env)
