"""Writes calculator/_tokens/_tables/_classes.py: the Unicode classes tiktoken's patterns tell
apart.

tiktoken's patterns split text with \\p{L}, \\p{Lu}, \\p{N}, \\p{M} and \\s as its regex
engine knows them (Unicode 16.0.0); Python's own ``unicodedata`` follows the interpreter's
version (14.0.0 in Python 3.11), so the counts would differ on newer characters.  The table
is therefore generated once, by a Python whose ``unicodedata`` is 16.0.0 (Python 3.14, as in
Pyodide 314), and committed:

    python3.14 tools/make_token_classes.py > calculator/_tokens/_tables/_classes.py
"""

import sys
import unicodedata

UNICODE_VERSION = "16.0.0"

# \\s in tiktoken's regex engine is the White_Space property.
WHITE_SPACE = frozenset(
    [
        *range(0x09, 0x0E),
        0x20,
        0x85,
        0xA0,
        0x1680,
        *range(0x2000, 0x200B),
        0x2028,
        0x2029,
        0x202F,
        0x205F,
        0x3000,
    ]
)
CATEGORY_CLASS = {"Lu": "U", "Lt": "U", "Ll": "L", "Lm": "O", "Lo": "O"}


def class_of(code_point: int) -> str:
    if code_point in WHITE_SPACE:
        return "W"
    category = unicodedata.category(chr(code_point))
    if category[0] == "N":
        return "N"
    if category[0] == "M":
        return "M"
    return CATEGORY_CLASS.get(category, "P")


def main() -> None:
    if unicodedata.unidata_version != UNICODE_VERSION:
        sys.exit(f"needs unicodedata {UNICODE_VERSION}, not {unicodedata.unidata_version}")
    starts: list[int] = []
    classes: list[str] = []
    for code_point in range(0x110000):
        kind = class_of(code_point)
        if not classes or classes[-1] != kind:
            starts.append(code_point)
            classes.append(kind)
    print('"""Unicode classes of tiktoken\'s pre-tokenizing patterns; generated, do not edit.')
    print()
    print("Written by tools/make_token_classes.py.  ``STARTS[i]`` is the first code point of a run")
    print("of ``CLASSES[i]``: U = Lu or Lt, L = Ll, O = Lm or Lo, M = marks, N = numbers,")
    print('W = White_Space, P = anything else.\n"""')
    print()
    print(f'UNICODE_VERSION = "{UNICODE_VERSION}"')
    print()
    print("# fmt: off")
    print("STARTS = (")
    line = "   "
    for start in starts:
        item = f" {start},"
        if len(line) + len(item) > 99:
            print(line)
            line = "   "
        line += item
    print(line)
    print(")")
    print("CLASSES = (")
    text = "".join(classes)
    for index in range(0, len(text), 90):
        print(f'    "{text[index : index + 90]}"')
    print(")")
    print("# fmt: on")


if __name__ == "__main__":
    main()
