"""The worker's way to the app's later zip and to the rest of the standard library.

Python starts from a small start-up zip (the modules Pyodide imports) and the app's zip (what
the app's first answer imports), booted from them or restored from the memory snapshot made
over them.  Two zips come later, each downloaded once:

- the app's later zip: the rest of the app a page runs (its other modules, its data files, the
  stdlib modules only they import, and what formatting a traceback imports).  The worker
  fetches it once the first answer is out (``later_arrived``); an import that needs it before
  then downloads it on the spot.
- the whole compiled standard library, for any other module, when first imported.

An import cannot wait for a promise, and a worker may block: a download on the spot is a
synchronous request.  The service worker keeps both zips, so a later import offline finds
them too."""

import sys
import zipimport
from importlib.machinery import ModuleSpec
from types import ModuleType

# One dotted module name a line: what the app's later zip holds (in the app's zip), and what
# the whole stdlib zip holds (in the later zip: read only when a module is missing from both).
LATER_NAMES_FILE = "_later_modules.txt"
NAMES_FILE = "_lazy_stdlib_modules.txt"
# Where each downloaded zip is written in Pyodide's file system.
LOCAL_PATH = "/lib/python_stdlib_full.zip"
LATER_PATH = "/lib/python_app_later.zip"


class ZipOnDemandFinder:
    """On sys.meta_path, after the path finder: asked only for what no zip mounted found, it
    finds the modules `names` lists in the zip at `url`, downloaded on the first need; or,
    with `names_in`, the modules the list NAMES_FILE in that finder's zip names."""

    def __init__(
        self,
        url: str,
        names: frozenset[str] | None,
        local_path: str,
        names_in: "ZipOnDemandFinder | None" = None,
    ) -> None:
        self.url = url
        self._names = names
        self.local_path = local_path
        self.names_in = names_in
        self.downloaded = False

    @property
    def names(self) -> frozenset[str]:
        if self._names is None:
            holder = self.names_in
            assert holder is not None
            if not holder.downloaded:
                holder.download()
            listing = zipimport.zipimporter(holder.local_path).get_data(
                f"{holder.local_path}/{NAMES_FILE}"
            )
            self._names = frozenset(listing.decode().split())
        return self._names

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None  # an optional import that this zip cannot satisfy either
        if not self.downloaded:
            self.download()
        parents = fullname.split(".")[:-1]
        where = "/".join([self.local_path, *parents]) + ("/" if parents else "")
        return zipimport.zipimporter(where).find_spec(fullname)

    def download(self) -> None:
        if not self.url:
            # Not an ImportError, which an optional import would swallow: while the snapshot
            # is made (no address yet) such an import would otherwise fail quietly, and the
            # snapshot then behave unlike a booted start.
            raise RuntimeError(f"{self.local_path}'s address is not set (install() sets it)")
        from js import XMLHttpRequest  # noqa: PLC0415 (Pyodide's module, only in the browser)

        request = XMLHttpRequest.new()
        request.open("GET", self.url, False)
        request.responseType = "arraybuffer"
        request.send()
        if request.status != 200:
            raise ImportError(f"{self.url}: HTTP {request.status}")
        self.arrived(request.response.to_bytes())

    def arrived(self, data: bytes) -> None:
        """The zip's bytes, downloaded here or by the worker: written once."""
        if self.downloaded:
            return
        with open(self.local_path, "wb") as file:
            file.write(data)
        self.downloaded = True


def install(url: str, later_url: str = "") -> None:
    """Let imports missing from the zips mounted come from the app's later zip at
    `later_url`, then from the whole stdlib zip at `url`.

    The memory snapshot is made with the finders installed (their addresses unknown then: a
    page's build may be served from anywhere), so a restored Python has them already and
    learns the addresses here.
    """
    finders = [finder for finder in sys.meta_path if isinstance(finder, ZipOnDemandFinder)]
    if finders:
        for finder in finders:
            finder.url = later_url if finder.local_path == LATER_PATH else url
        return
    loader = __loader__
    assert isinstance(loader, zipimport.zipimporter)

    listing = loader.get_data(f"{loader.archive}/{LATER_NAMES_FILE}")
    later = ZipOnDemandFinder(later_url, frozenset(listing.decode().split()), LATER_PATH)
    # The later zip first: a stdlib module it holds is a smaller download from there.
    sys.meta_path.append(later)
    sys.meta_path.append(ZipOnDemandFinder(url, None, LOCAL_PATH, names_in=later))


def _later_finder() -> ZipOnDemandFinder | None:
    for finder in sys.meta_path:
        if isinstance(finder, ZipOnDemandFinder) and finder.local_path == LATER_PATH:
            return finder
    return None


def later_needed() -> bool:
    """Whether the app's later zip is yet to come (no import has downloaded it)."""
    finder = _later_finder()
    return finder is not None and bool(finder.names) and not finder.downloaded


def later_arrived(data: object) -> None:
    """The worker has fetched the app's later zip (a JavaScript buffer, or bytes): its
    modules are found there from now on, unless an import downloaded it already."""
    finder = _later_finder()
    if finder is not None:
        finder.arrived(data if isinstance(data, bytes) else data.to_bytes())  # type: ignore[attr-defined]
