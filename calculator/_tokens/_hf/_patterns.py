"""The String and Regex patterns of ``tokenizers``' Split and Replace, as Python's ``re``."""

from __future__ import annotations

import json
import re

from .._hf_limits import (
    UnsupportedTokenizerError,
    bounded_pattern,
)

# The regular expressions applied, each as tokenizers' files write it: GPT-2's, Llama 3's (the
# same as OpenAI's cl100k_base, in Oniguruma's words), and Qwen2's (Qwen2.5 and Qwen3: one
# digit a piece).  Each is applied over class codes (``_pre_tokenizers``), in linear time.
GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
LLAMA3_PATTERN = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
QWEN2_PATTERN = LLAMA3_PATTERN.replace(r"\p{N}{1,3}", r"\p{N}")
#: The patterns by name, as a refusal lists them.
KNOWN_PATTERNS = {
    "GPT-2": GPT2_PATTERN,
    "Llama 3": LLAMA3_PATTERN,
    "Qwen2 and Qwen3": QWEN2_PATTERN,
}
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
            f" (only the patterns of {', '.join(KNOWN_PATTERNS)}, and literal text, are)",
            part=regex,
            reason="unsupported_pattern",
        )
    raise UnsupportedTokenizerError(
        f"the {where}'s pattern {spec!r} is not supported", part=json.dumps(spec)[:200]
    )
