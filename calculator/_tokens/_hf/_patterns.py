"""The String and Regex patterns of ``tokenizers``' Split and Replace, as Python's ``re``."""

from __future__ import annotations

import json
import re

from .._hf_limits import (
    UnsupportedTokenizerError,
    bounded_pattern,
)

# GPT-2's pattern, the only regular expression applied (written as in tokenizers' files).
GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
# A Regex pattern without a class or an escape that Oniguruma and Python's re read apart.
_PLAIN_REGEX = re.compile(r"(?:[^\\\[\]().|^$]|\\[ -/:-@\[-`{-~])+")


def _pattern(spec: object, where: str) -> re.Pattern[str]:
    """A String or Regex pattern of tokenizers' Split and Replace, as Python's ``re``."""
    if isinstance(spec, dict) and "String" in spec:
        return re.compile(re.escape(str(spec["String"])))
    if isinstance(spec, dict) and "Regex" in spec:
        regex = str(spec["Regex"])
        if _PLAIN_REGEX.fullmatch(regex) and regex:
            return bounded_pattern(regex, where)
        raise UnsupportedTokenizerError(
            f"the {where}'s regular expression {regex!r} is not supported"
            " (only GPT-2's pattern and literal text are)",
            part=regex,
            reason="unsupported_pattern",
        )
    raise UnsupportedTokenizerError(
        f"the {where}'s pattern {spec!r} is not supported", part=json.dumps(spec)[:200]
    )
