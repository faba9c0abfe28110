"""The worker's way to the rest of the standard library.

Python starts from a small start-up zip (the modules Pyodide and the calculator import),
booted from it or restored from the memory snapshot made over it.  Anything else imported
later (a module the start-up set lacks) comes from the whole compiled standard library,
downloaded once, when first needed, with a synchronous request: an import cannot wait for
a promise, and a worker may block.  The service worker keeps that zip, so a later import
offline finds it too."""

import sys
import zipimport
from importlib.machinery import ModuleSpec
from types import ModuleType

# Beside the start-up zip, one dotted module name a line: what the whole zip holds.
NAMES_FILE = "_lazy_stdlib_modules.txt"
# Where the downloaded zip is written in Pyodide's file system.
LOCAL_PATH = "/lib/python_stdlib_full.zip"


class WholeStdlibFinder:
    """Last on sys.meta_path: asked only for what no other finder found."""

    def __init__(self, url: str, names: frozenset[str]) -> None:
        self.url = url
        self.names = names
        self.downloaded = False

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None  # an optional import that the whole library cannot satisfy either
        if not self.downloaded:
            self.download()
        parents = fullname.split(".")[:-1]
        where = "/".join([LOCAL_PATH, *parents]) + ("/" if parents else "")
        return zipimport.zipimporter(where).find_spec(fullname)

    def download(self) -> None:
        if not self.url:
            # Not an ImportError, which an optional import would swallow: while the snapshot
            # is made (no address yet) such an import would otherwise fail quietly, and the
            # snapshot then behave unlike a booted start.
            raise RuntimeError("the whole stdlib's address is not set (install() sets it)")
        from js import XMLHttpRequest  # noqa: PLC0415 (Pyodide's module, only in the browser)

        request = XMLHttpRequest.new()
        request.open("GET", self.url, False)
        request.responseType = "arraybuffer"
        request.send()
        if request.status != 200:
            raise ImportError(f"{self.url}: HTTP {request.status}")
        with open(LOCAL_PATH, "wb") as file:
            file.write(request.response.to_bytes())
        self.downloaded = True


def install(url: str) -> None:
    """Let imports missing from the start-up zip come from the whole zip at `url`.

    The memory snapshot is made with the finder installed (its address unknown then: a
    page's build may be served from anywhere), so a restored Python has one already and
    learns the address here.
    """
    for finder in sys.meta_path:
        if isinstance(finder, WholeStdlibFinder):
            finder.url = url
            return
    loader = __loader__
    assert isinstance(loader, zipimport.zipimporter)
    listing = loader.get_data(f"{loader.archive}/{NAMES_FILE}").decode()
    sys.meta_path.append(WholeStdlibFinder(url, frozenset(listing.split())))
