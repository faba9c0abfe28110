"""The String and Regex patterns of ``tokenizers``' Split and Replace, as Python's ``re``."""

from __future__ import annotations

import json
import re

from .._hf_limits import (
    UnsupportedTokenizerError,
    bounded_pattern,
)

# The regular expressions applied, each as tokenizers' files write it: GPT-2's, Llama 3's (the
# same as OpenAI's cl100k_base, in Oniguruma's words), Qwen2's (Qwen3's too: one digit a
# piece) and DeepSeek-V3's.  Each is applied over class codes (``_pre_tokenizers``), in
# linear time: a fixed expression, never one a file brings.
GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
LLAMA3_PATTERN = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
QWEN2_PATTERN = LLAMA3_PATTERN.replace(r"\p{N}{1,3}", r"\p{N}")
# DeepSeek-V3's three, one Split each in turn: digits in threes, runs of CJK ideographs and
# kana, then words (an ASCII symbol may lead ASCII letters; marks join letters).
ASCII_SYMBOLS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
DEEPSEEK_DIGITS = r"\p{N}{1,3}"
DEEPSEEK_CJK = "[\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff]+"
DEEPSEEK_WORDS = (
    "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+"
    "|[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\r\n]*"
    "|\\s*[\r\n]+|\\s+(?!\\S)|\\s+"
)
#: The patterns that always split at a space between two ASCII letters or digits, the space
#: starting the second piece (where a text may be cut to count it a slice at a time).
SPLIT_AT_SPACE = (GPT2_PATTERN, LLAMA3_PATTERN, QWEN2_PATTERN, DEEPSEEK_WORDS)
#: The patterns applied, by the models whose files use them (a refusal names the models).
KNOWN_PATTERNS = {
    "GPT-2": (GPT2_PATTERN,),
    "Llama 3": (LLAMA3_PATTERN,),
    "Qwen2": (QWEN2_PATTERN,),
    "Qwen3": (QWEN2_PATTERN,),
    "DeepSeek-V3": (DEEPSEEK_DIGITS, DEEPSEEK_CJK, DEEPSEEK_WORDS),
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
            f" (only the patterns of {', '.join(KNOWN_PATTERNS)} and literal text are)",
            part=regex,
            reason="unsupported_pattern",
        )
    raise UnsupportedTokenizerError(
        f"the {where}'s pattern {spec!r} is not supported", part=json.dumps(spec)[:200]
    )
