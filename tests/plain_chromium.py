"""Headless Chromium driven over its DevTools pipe with the Page and Runtime domains only,
for the benchmark: pages run as in a visitor's browser.

Playwright also turns on the Network domain (and more) for every page, so the renderer hands
every response to the inspector; the 10.8 MB of Pyodide's preloaded wasm then cost the page's
main thread a task of 50-90 ms at its end, which no visitor's browser runs.  Long tasks and
first paints are therefore also timed here, where nothing watches the network.

The protocol: JSON messages, each ending in a NUL byte; Chromium reads them on its file
descriptor 3 and writes its answers on 4 (--remote-debugging-pipe).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import tempfile
import time
from types import TracebackType
from typing import Any

import build

# What a call may take before the browser counts as stuck, in seconds.
CALL_TIMEOUT_S = 60.0
POLL_S = 0.02


class PlainChromium:
    """One headless Chromium with a fresh profile and one tab (a cold visit's browser; the
    next visit in the same tab is a warm one)."""

    def __init__(self) -> None:
        executable = build.browser_executable("chromium")
        if executable is None:
            raise build.BuildError("Debian's chromium is not installed")
        self._profile = tempfile.TemporaryDirectory(
            prefix="bench-profile-", ignore_cleanup_errors=True
        )
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()
        # The shell puts the two pipe ends on the descriptors Chromium expects.
        self._process = subprocess.Popen(
            [
                "sh",
                "-c",
                f'exec "$0" "$@" 3<&{commands_read} 4>&{answers_write}',
                executable,
                "--headless=new",
                "--remote-debugging-pipe",
                f"--user-data-dir={self._profile.name}",
                *build.CHROMIUM_ARGS,
                "about:blank",
            ],
            pass_fds=(commands_read, answers_write),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(commands_read)
        os.close(answers_write)
        self._next_id = 0
        self._buffer = b""
        target = self._call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self._call("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        self.call("Page.enable", {})  # else scripts added for new documents do not run

    def __enter__(self) -> PlainChromium:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        # Closed as a visitor closes it, so that its helper processes are gone with it before
        # the profile is removed.
        with contextlib.suppress(build.BuildError, OSError):
            self._call("Browser.close", {})
        try:
            self._process.wait(timeout=CALL_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._commands)
        os.close(self._answers)
        self._profile.cleanup()

    def _call(self, method: str, params: dict[str, Any], session: str | None = None) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + CALL_TIMEOUT_S
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._next_id:  # events and older answers are skipped
                    if "error" in answer:
                        raise build.BuildError(f"{method}: {answer['error']}")
                    return answer["result"]
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._answers], [], [], left)[0]:
                raise build.BuildError(f"Chromium did not answer {method}")
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise build.BuildError("Chromium closed its DevTools pipe")
            self._buffer += chunk

    def call(self, method: str, params: dict[str, Any]) -> Any:
        """A command to the tab."""
        return self._call(method, params, self._session)

    def add_init_script(self, source: str) -> None:
        """Run `source` in every document the tab opens, before its own scripts."""
        self.call("Page.addScriptToEvaluateOnNewDocument", {"source": source})

    def evaluate(self, expression: str) -> Any:
        """The value of `expression` in the tab's page, promises awaited."""
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in result:
            raise build.BuildError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str, until: str, timeout_s: float = 120.0) -> Any:
        """Navigate to `url`, then poll `until` (an expression) until it is neither null nor
        undefined and return its value; polling, not a wait in the page, so nothing of ours
        runs in the page meanwhile but a short read every POLL_S."""
        self.call("Page.navigate", {"url": url})
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(until)
            except build.BuildError:
                value = None  # between two documents: no context to evaluate in yet
            if value is not None:
                return value
            time.sleep(POLL_S)
        raise build.BuildError(f"{url}: no value for {until} in {timeout_s:.0f} s")
