"""The tool's version, as ``pyproject.toml`` declares it (the one place it is written): from
the installed package's metadata, or from a checkout's ``pyproject.toml``; None where neither
is (the page's Python, whose page passes the version its build wrote into it).

>>> tool_version() is None or tool_version().count(".") >= 1
True
"""

from __future__ import annotations

from pathlib import Path

#: The distribution's name (pyproject.toml's ``project.name``).
DISTRIBUTION = "rag-chunk-planner"


def tool_version() -> str | None:
    """``rag-chunk-planner``'s version, or None where it cannot be known."""
    # Imported here: only an export asks, and the page never has either.
    import tomllib  # noqa: PLC0415
    from importlib import metadata  # noqa: PLC0415

    checkout = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        with checkout.open("rb") as file:
            project = tomllib.load(file).get("project", {})
        if project.get("name") == DISTRIBUTION and isinstance(project.get("version"), str):
            return str(project["version"])
    except (OSError, tomllib.TOMLDecodeError):
        pass
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
