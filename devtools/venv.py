"""The project's own virtual environment .venv/ with the pinned [dependency-groups] of
pyproject.toml (PEP 735, read here so that pip's version does not matter)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from site_build.project import ROOT, BuildError, load_pyproject

VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
VENV_STAMP = VENV / "installed-requirements.txt"


def in_project_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def group_requirements(groups: Mapping[str, Sequence[object]], name: str) -> list[str]:
    """The requirement strings of a PEP 735 dependency group, includes resolved.

    >>> group_requirements({"a": ["x==1"], "b": [{"include-group": "a"}, "y==2"]}, "b")
    ['x==1', 'y==2']
    """
    requirements: list[str] = []
    for entry in groups[name]:
        if isinstance(entry, str):
            requirements.append(entry)
        elif isinstance(entry, dict) and isinstance(entry.get("include-group"), str):
            requirements.extend(group_requirements(groups, entry["include-group"]))
        else:
            raise BuildError(f"unsupported entry in dependency group {name!r}: {entry!r}")
    return list(dict.fromkeys(requirements))


def installed_requirements() -> set[str]:
    if not VENV_STAMP.exists():
        return set()
    return set(VENV_STAMP.read_text(encoding="utf-8").split())


def ensure_venv(group: str) -> None:
    """Create .venv/ and install the group's pinned requirements unless already done."""
    wanted = group_requirements(load_pyproject()["dependency-groups"], group)
    if not VENV_PYTHON.exists():
        print(f"build.py: creating {VENV.name}/", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    done = installed_requirements()
    if set(wanted) <= done:
        return
    print(f"build.py: installing the {group!r} group into {VENV.name}/", file=sys.stderr)
    pip = [str(VENV_PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, *wanted], check=True)
    VENV_STAMP.write_text("\n".join(sorted(done | set(wanted))) + "\n", encoding="utf-8")


def reexec_in_venv(script: Path, argv: Sequence[str]) -> None:
    """Run `script` again with these arguments under the venv's interpreter."""
    os.execv(VENV_PYTHON, [str(VENV_PYTHON), str(script.resolve()), *argv])
