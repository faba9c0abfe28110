"""What the engine needs to know of the Python app it starts: the app names itself to the
build through App (the site's is site_build/app.py), never by the engine's importing it."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class App:
    """A package of the wheel whose function `entry` answers one JSON request (a str) with
    one JSON answer.

    `first_requests` and `requests` are Python expressions of requests the app answers at
    build time (the package imported under its name): those a page's first answer makes, and
    the others.  Its zip holds what answering the first ones imports, and the snapshot is made
    once it has answered the very first; its later zip, which the worker fetches once the
    first answer is out, holds the rest of what answering all of them imports.  `not_on_page`
    names the package's files no page imports, which both zips leave out (a module a loaded
    one imports would fail the zips' check).  `data` names the package's data files a page
    reads (with its modules' loader, e.g. pkgutil.get_data), which its later zip holds beside
    the modules.
    """

    package: str
    entry: str
    first_requests: tuple[str, ...]
    requests: tuple[str, ...]
    not_on_page: tuple[str, ...] = ()
    data: tuple[str, ...] = ()

    @property
    def zip_name(self) -> str:
        """The app's zip, shipped beside the start-up zip.

        >>> App("planner", "answer", ("{}",), ()).zip_name
        'python_planner.zip'
        """
        return f"python_{self.package}.zip"

    @property
    def later_zip_name(self) -> str:
        """The app's later zip, beside its zip.

        >>> App("planner", "answer", ("{}",), ()).later_zip_name
        'python_planner_later.zip'
        """
        return f"python_{self.package}_later.zip"

    @property
    def zip_path(self) -> str:
        """Where every start writes the app's zip in Pyodide's file system, on sys.path."""
        return f"/lib/{self.zip_name}"

    def described(self) -> str:
        """The app as engine/node/start_stdlib.py reads it, a JSON object."""
        return json.dumps(
            {
                "entry": self.entry,
                "first_requests": self.first_requests,
                "requests": self.requests,
                "not_on_page": self.not_on_page,
                "data": self.data,
            }
        )
