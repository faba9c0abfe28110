"""Writes calculator/_tokens/_tables/_onig.py: the characters of Oniguruma's \\p{P}, \\p{S} and
\\p{M} as Hugging Face's tokenizers applies them (its Unicode version, not Python's).

Each class is probed through tokenizers itself: a Replace normalizer with the class as its
regular expression marks every code point it matches.

    .venv/bin/python tools/make_onig_classes.py > calculator/_tokens/_tables/_onig.py
"""

from __future__ import annotations

import sys

import tokenizers
from tokenizers import Regex, normalizers

TOKENIZERS_VERSION = "0.23.3"
CLASSES = {"PUNCTUATION": r"\p{P}", "SYMBOL": r"\p{S}", "MARK": r"\p{M}"}
MARK = "\ufffe"  # a noncharacter: in none of the classes probed
BLOCK = 4096


def members(pattern: str) -> list[int]:
    replace = normalizers.Replace(Regex(pattern), MARK)
    found = []
    for start in range(0, 0x110000, BLOCK):
        points = [p for p in range(start, start + BLOCK) if not 0xD800 <= p < 0xE000]
        text = "".join(map(chr, points))
        out = replace.normalize_str(text)
        assert len(out) == len(text), pattern  # one character for one
        found += [point for point, char in zip(points, out, strict=True) if char == MARK]
    return found


def runs(points: list[int]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for point in points:
        if spans and spans[-1][1] == point - 1:
            spans[-1] = (spans[-1][0], point)
        else:
            spans.append((point, point))
    return spans


def main() -> None:
    if tokenizers.__version__ != TOKENIZERS_VERSION:
        sys.exit(f"needs tokenizers {TOKENIZERS_VERSION}, not {tokenizers.__version__}")
    out = sys.stdout
    out.write('"""Oniguruma\'s \\\\p{P}, \\\\p{S} and \\\\p{M} as tokenizers applies them; ')
    out.write("generated, do\n")
    out.write("not edit.\n\nWritten by tools/make_onig_classes.py from PyPI tokenizers ")
    out.write(f"{TOKENIZERS_VERSION}.  Each class is a\ntuple of (first, last) code point runs.\n")
    out.write('"""\n\n')
    out.write(f'TOKENIZERS_VERSION = "{TOKENIZERS_VERSION}"\n\n# fmt: off\n')
    for name, pattern in CLASSES.items():
        spans = runs(members(pattern))
        out.write(f"{name} = (\n")
        line = "   "
        for first, last in spans:
            item = f" ({first}, {last}),"
            if len(line) + len(item) > 99:
                out.write(line + "\n")
                line = "   "
            line += item
        out.write(line + "\n)\n")
    out.write("# fmt: on\n")


if __name__ == "__main__":
    main()
