"""The development server: dist/ as a host should serve it (MIME types Pyodide needs,
revalidated or immutable caching, the build's precompressed copies); also what the tests and
the benchmark serve the site with."""

from __future__ import annotations

import contextlib
import email.utils
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from site_build.project import BuildError
from site_build.versioned import IMMUTABLE_CACHING, is_versioned

DEFAULT_PORT = 8000

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".bin": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


# Content codings the build writes beside files, the server's preferred first.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (those with q=0 refused).

    >>> sorted(accepted_encodings("gzip, deflate, br;q=0, zstd"))
    ['deflate', 'gzip', 'zstd']
    """
    accepted = set()
    for item in header.split(","):
        name, _, parameters = item.partition(";")
        refused = parameters.replace(" ", "").lower() in {"q=0", "q=0.0", "q=0.00", "q=0.000"}
        if name.strip() and not refused:
            accepted.add(name.strip().lower())
    return accepted


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, revalidated caching, and the
    build's precompressed copies when the browser accepts them."""

    protocol_version = "HTTP/1.1"  # keep-alive: the page loads a dozen files at once
    extensions_map = MIME_TYPES
    quiet = False
    # The coding of the response being sent (None: the file as it is).
    encoding: str | None = None
    # The status of the response being sent.
    status: int = HTTPStatus.OK

    def send_head(self) -> Any:
        self.encoding = None
        plain = Path(self.translate_path(self.path))
        if plain.is_dir() and self.path.split("?")[0].endswith("/"):
            plain = plain / "index.html"
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in ENCODINGS:
            variant = plain.with_name(plain.name + suffix)
            if encoding in accepted and plain.is_file() and variant.is_file():
                self.encoding = encoding
                return self.send_variant(plain, variant)
        return super().send_head()

    def send_variant(self, plain: Path, variant: Path) -> Any:
        """Like SimpleHTTPRequestHandler.send_head, for the compressed copy of `plain`."""
        modified = int(plain.stat().st_mtime)
        if self.not_modified_since(modified):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        file = variant.open("rb")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(plain)))
        self.send_header("Content-Encoding", str(self.encoding))
        self.send_header("Content-Length", str(variant.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return file

    def not_modified_since(self, modified: int) -> bool:
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            return modified <= email.utils.parsedate_to_datetime(since).timestamp()
        return False

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        # A versioned file never changes under its name; every other file (pages, sw.js)
        # is rebuilt in place, so caches must revalidate (Last-Modified makes that a 304).
        # An error is never kept: the file may be on its way (a deployment in progress).
        found = self.status in {HTTPStatus.OK, HTTPStatus.NOT_MODIFIED}
        versioned_file = found and is_versioned(self.path.split("?")[0])
        self.send_header("Cache-Control", IMMUTABLE_CACHING if versioned_file else "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        # The same URL answers in different codings, so caches must key on the header.
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a connection (a cancelled or aborted load) is no error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    dist: Path,
    port: int,
    *,
    quiet: bool = False,
    handler: type[SiteRequestHandler] = SiteRequestHandler,
) -> SiteServer:
    """A server for dist/ on 127.0.0.1 (port 0 picks a free one); call serve_forever()."""
    quieted = type("Handler", (handler,), {"quiet": quiet})
    return SiteServer(("127.0.0.1", port), partial(quieted, directory=str(dist)))


@contextlib.contextmanager
def serving_in_background(
    directory: Path, *, handler: type[SiteRequestHandler] = SiteRequestHandler
) -> Iterator[str]:
    """Serve `directory` quietly on a free loopback port from a thread, for the tests and
    the benchmark; yield its URL.  The server stops when the block ends."""
    server = make_server(directory, 0, quiet=True, handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def serve(dist: Path, port: int) -> None:
    try:
        server = make_server(dist, port)
    except OSError as error:
        raise BuildError(f"cannot serve on 127.0.0.1:{port}: {error.strerror}") from error
    with server:
        print(
            f"Serving {dist.name}/ at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)",
            file=sys.stderr,
        )
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
