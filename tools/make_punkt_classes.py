"""Writes calculator/_splitters/_tables/_punkt_classes.py: \\s, \\d and [^\\W\\d] as NLTK's
Punkt sees them.

NLTK compiles Punkt's patterns with the third-party ``regex`` module (``nltk.redos``), whose
\\s leaves out U+001C-U+001F and whose \\d and \\w follow its own, newer Unicode tables; Python's
``re`` follows the interpreter's ``unicodedata``.  The sentence splitter's port runs on ``re``
with these three classes spelled out, so it splits as NLTK does on any Python.  Run it with
the ``regex`` that the test group pins (the project's .venv has it):

    .venv/bin/python tools/make_punkt_classes.py > calculator/_splitters/_tables/_punkt_classes.py
"""

import regex

CLASSES = {
    "WHITESPACE": r"\s",
    "DIGITS": r"\d",
    "LETTERS": r"[^\W\d]",
}


def ranges(pattern: str) -> list[tuple[int, int]]:
    """The code points ``pattern`` matches as one character, as (first, last) runs."""
    compiled = regex.compile(pattern)
    runs: list[tuple[int, int]] = []
    for code_point in range(0x110000):
        if compiled.fullmatch(chr(code_point)):
            if runs and runs[-1][1] == code_point - 1:
                runs[-1] = (runs[-1][0], code_point)
            else:
                runs.append((code_point, code_point))
    return runs


def main() -> None:
    print(
        '"""Punkt\'s character classes as the ``regex`` module knows them; generated, do not edit.'
    )
    print()
    print("Written by tools/make_punkt_classes.py.  Each is a tuple of (first, last) code point")
    print(r"runs: WHITESPACE is regex's \\s, DIGITS its \\d, LETTERS its [^\\W\\d].")
    print('"""')
    print()
    print(f'REGEX_VERSION = "{regex.__version__}"')
    print()
    print("# fmt: off")
    for name, pattern in CLASSES.items():
        items = [f"({first:#x}, {last:#x})," for first, last in ranges(pattern)]
        print(f"{name} = (")
        line = "   "
        for item in items:
            if len(line) + 1 + len(item) > 100:
                print(line)
                line = "   "
            line += " " + item
        print(line)
        print(")")
    print("# fmt: on")


if __name__ == "__main__":
    main()
