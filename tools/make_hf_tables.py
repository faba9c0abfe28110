"""Writes calculator/_tokens/_tables/_hf.py: the character properties Hugging Face's tokenizers
applies, as the pinned PyPI ``tokenizers`` applies them.

tokenizers takes each property from a different Rust table: ``char::is_whitespace``,
``char::is_numeric`` and ``char::to_lowercase`` from Rust's standard library (a recent
Unicode), punctuation, control characters and non-spacing marks from the
``unicode_categories`` crate, the normalization forms and combining marks from
``unicode-normalization-alignments`` (Unicode 9.0), ``\\w`` and ``\\s`` from the ``regex``
crate and ``\\p{L}``, ``\\p{N}`` and ``\\s`` of the byte-level pattern from Oniguruma.  Python's
``unicodedata`` is the interpreter's own version (14.0.0 in Python 3.11, 16.0.0 in Pyodide 314),
so each property is read here from tokenizers itself, one code point at a time, and
committed as a table: the counts then do not depend on the Python that runs them.

The normalization forms are left to ``unicodedata``, which agrees with tokenizers on every
character Unicode 9.0 had (Unicode never changes a decomposition or a combining class
once assigned); a character assigned later that Unicode normalization would change (its
decomposition, its combining class, or a composition it takes part in, as of the newest
``unicodedata2`` when it is installed) is marked BARRIER: tokenizers leaves it as it is.

    .venv/bin/python tools/make_hf_tables.py > calculator/_tokens/_tables/_hf.py

(about a minute; ``pip install unicodedata2`` first for the newest Unicode's barriers).
"""

from __future__ import annotations

import sys
import unicodedata

import tokenizers
from tokenizers import normalizers, pre_tokenizers

try:
    import unicodedata2 as newest  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    newest = unicodedata

TOKENIZERS_VERSION = "0.23.3"

# The flags, one bit each (calculator/_tokens/_tables/_hf.py repeats them).
WHITE = 1  # char::is_whitespace
BERT_DROPPED = 2  # removed by BertNormalizer's clean_text (NUL, U+FFFD, other controls)
PUNCTUATION = 4  # BertPreTokenizer's and Punctuation's is_punc
NONSPACING = 8  # unicode_categories' is_mark_nonspacing (BertNormalizer's strip_accents)
COMBINING = 16  # the normalization crate's is_combining_mark (StripAccents)
NUMERIC = 32  # char::is_numeric (Digits)
WORD = 64  # the regex crate's \w (Whitespace, single_word added tokens)
SPACE = 128  # the regex crate's \s (Whitespace, lstrip/rstrip added tokens)
LETTER = 256  # Oniguruma's \p{L} (ByteLevel's pattern)
NUMBER = 512  # Oniguruma's \p{N}
ONIG_SPACE = 1024  # Oniguruma's \s
BARRIER = 2048  # normalized by unicodedata, left alone by tokenizers
NORMALIZED = 4096  # one that tokenizers' normalization forms do change or combine


def code_points() -> range:
    return range(0x110000)


def is_surrogate(code_point: int) -> bool:
    return 0xD800 <= code_point < 0xE000


def composition_elements(data: object) -> set[int]:
    """The characters that canonical composition combines, in a unicodedata module."""
    elements: set[int] = set()
    for code_point in code_points():
        character = chr(code_point)
        decomposition = data.decomposition(character)  # type: ignore[attr-defined]
        if not decomposition or decomposition.startswith("<"):
            continue
        parts = [int(part, 16) for part in decomposition.split()]
        if len(parts) == 2 and data.normalize("NFC", chr(parts[0]) + chr(parts[1])) == character:  # type: ignore[attr-defined]
            elements.update(parts)
    # Hangul jamo compose algorithmically.
    elements.update(range(0x1100, 0x1113), range(0x1161, 0x1176), range(0x11A8, 0x11C3))
    elements.update(range(0xAC00, 0xD7A4))
    return elements


def changed_by_normalization(data: object, elements: set[int]) -> set[int]:
    changed = set()
    for code_point in code_points():
        if is_surrogate(code_point):
            continue
        character = chr(code_point)
        if (
            data.decomposition(character)  # type: ignore[attr-defined]
            or data.combining(character)  # type: ignore[attr-defined]
            or code_point in elements
        ):
            changed.add(code_point)
    return changed


def main() -> None:  # noqa: PLR0912, PLR0915 (one probe a property)
    if tokenizers.__version__ != TOKENIZERS_VERSION:
        sys.exit(f"needs tokenizers {TOKENIZERS_VERSION}, not {tokenizers.__version__}")
    clean = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=False, strip_accents=False, lowercase=False
    )
    strip = normalizers.BertNormalizer(
        clean_text=False, handle_chinese_chars=False, strip_accents=True, lowercase=False
    )
    nfd, nfkd = normalizers.NFD(), normalizers.NFKD()
    accents = normalizers.StripAccents()
    lowercase = normalizers.Lowercase()
    whitespace_split = pre_tokenizers.WhitespaceSplit()
    bert = pre_tokenizers.BertPreTokenizer()
    digits = pre_tokenizers.Digits(individual_digits=False)
    words = pre_tokenizers.Whitespace()
    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)

    # What tokenizers' normalization forms change or combine (Unicode 9.0's): composition
    # elements are found by composing the pairs the newer unicodedata knows.
    crate_elements: set[int] = set()
    nfc = normalizers.NFC()
    for code_point in code_points():
        character = chr(code_point)
        decomposition = unicodedata.decomposition(character)
        if not decomposition or decomposition.startswith("<"):
            continue
        parts = [int(part, 16) for part in decomposition.split()]
        if len(parts) == 2 and nfc.normalize_str(chr(parts[0]) + chr(parts[1])) == character:
            crate_elements.update(parts)
    crate_elements.update(range(0x1100, 0x1113), range(0x1161, 0x1176), range(0x11A8, 0x11C3))
    crate_elements.update(range(0xAC00, 0xD7A4))

    newest_changed = changed_by_normalization(newest, composition_elements(newest))
    flags: list[int] = []
    lower: dict[int, str] = {}
    for code_point in code_points():
        if is_surrogate(code_point):
            flags.append(0)
            continue
        c = chr(code_point)
        flag = 0
        if len(whitespace_split.pre_tokenize_str("a" + c + "a")) == 2:
            flag |= WHITE
        if clean.normalize_str(c) == "":
            flag |= BERT_DROPPED
        if len(bert.pre_tokenize_str("a" + c + "a")) == 3:
            flag |= PUNCTUATION
        if nfd.normalize_str(c) == c and strip.normalize_str(c) == "":
            flag |= NONSPACING
        if accents.normalize_str(c) == "":
            flag |= COMBINING
        if len(digits.pre_tokenize_str("a" + c + "a")) == 3:
            flag |= NUMERIC
        pieces = [piece for piece, _ in words.pre_tokenize_str("a" + c)]
        if pieces == ["a" + c]:
            flag |= WORD
        elif pieces == ["a"]:
            flag |= SPACE
        if len(byte_level.pre_tokenize_str("a" + c)) == 1:
            flag |= LETTER
        elif len(byte_level.pre_tokenize_str("1" + c)) == 1:
            flag |= NUMBER
        elif len(byte_level.pre_tokenize_str("!" + c)) != 1:
            flag |= ONIG_SPACE
        crate_changes = (
            nfkd.normalize_str(c) != c
            or code_point in crate_elements
            or _crate_combining_class(nfd, c)
        )
        if crate_changes:
            flag |= NORMALIZED
        elif code_point in newest_changed:
            flag |= BARRIER
        low = lowercase.normalize_str(c)
        if low != c:
            lower[code_point] = low
        flags.append(flag)
    write(flags, lower)


def _crate_combining_class(nfd: normalizers.Normalizer, c: str) -> bool:
    """Whether tokenizers gives ``c`` a combining class other than 0: canonical ordering
    then moves it past a mark of class 1 (U+0334) or a mark of class 1 past it."""
    if c in ("\u0334", "\u0301"):
        return True
    return (
        nfd.normalize_str("a" + c + "\u0334") != "a" + c + "\u0334"
        or nfd.normalize_str("a\u0301" + c) != "a\u0301" + c
    )


def write(flags: list[int], lower: dict[int, str]) -> None:
    starts: list[int] = []
    runs: list[int] = []
    for code_point, flag in enumerate(flags):
        if not runs or runs[-1] != flag:
            starts.append(code_point)
            runs.append(flag)
    out = sys.stdout
    out.write('"""Character properties as tokenizers applies them; generated, do not edit.\n\n')
    out.write("Written by tools/make_hf_tables.py from PyPI tokenizers ")
    out.write(f"{TOKENIZERS_VERSION}, whose docstring says\nwhere each property comes from.  ")
    out.write("``STARTS[i]`` is the first code point of a run of\n``FLAGS[i]`` (the bits ")
    out.write("below); ``LOWER`` maps each code point that ``char::to_lowercase``\nchanges to ")
    out.write('its lower case.\n"""\n\n')
    out.write(f'TOKENIZERS_VERSION = "{TOKENIZERS_VERSION}"\n')
    out.write(f'NEWEST_UNICODE = "{newest.unidata_version}"\n\n')
    names = "WHITE BERT_DROPPED PUNCTUATION NONSPACING COMBINING NUMERIC WORD SPACE LETTER"
    for name in [*names.split(), "NUMBER", "ONIG_SPACE", "BARRIER", "NORMALIZED"]:
        out.write(f"{name} = {globals()[name]}\n")
    out.write("\n# fmt: off\n")
    _numbers(out, "STARTS", starts)
    _numbers(out, "FLAGS", runs)
    out.write("LOWER = {\n")
    for code_point, low in lower.items():
        out.write(f"    {code_point}: {low!a},\n")
    out.write("}\n# fmt: on\n")


def _numbers(out: object, name: str, numbers: list[int]) -> None:
    write = out.write  # type: ignore[attr-defined]
    write(f"{name} = (\n")
    line = "   "
    for number in numbers:
        item = f" {number},"
        if len(line) + len(item) > 99:
            write(line + "\n")
            line = "   "
        line += item
    write(line + "\n)\n")


if __name__ == "__main__":
    main()
