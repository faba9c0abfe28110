"""A hatchling build hook (pyproject.toml's ``[tool.hatch.build.targets.wheel.hooks.custom]``):
the installed package counts text as a checkout does, so its wheel carries the tokenizer's
converted ranks (``python3 build.py ranks`` makes them in ``.cache/token-ranks/``) inside
``calculator/_tokens/ranks/``, where the command line looks first.

The page's wheel is this one with the counting, splitting and evaluation code and the ranks
taken out again (site_build/wheel.py): one source tree, two wheels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# Where `python3 build.py ranks` writes them, and where the wheel puts them.
RANKS_SOURCE = Path(".cache") / "token-ranks"
RANKS_TARGET = "calculator/_tokens/ranks"
# Each counter's converted ranks (calculator/_encodings.py COUNTERS, read without importing).
RANKS = ("o200k_base.ranks", "cl100k_base.ranks", "bert-base-uncased.ranks")


class RanksHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the converted ranks to a wheel; a missing one is a clear error, not a wheel that
    cannot count."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        del version
        source = Path(self.root) / RANKS_SOURCE
        missing = [name for name in RANKS if not (source / name).is_file()]
        if missing:
            raise FileNotFoundError(
                f"the wheel carries the token ranks: {', '.join(missing)} missing from "
                f"{RANKS_SOURCE}; run `python3 build.py ranks` first"
            )
        for name in RANKS:
            build_data["force_include"][str(source / name)] = f"{RANKS_TARGET}/{name}"
