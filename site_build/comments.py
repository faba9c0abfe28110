"""The shipped scripts and stylesheet without their comments.

The scripts explain themselves in comments (much of their text); a visitor's browser needs
none of them, and a first visit pays for every byte before its first answer (the network
budget in docs/performance.md).  Only comments go: code, strings, template literals and
regular expressions are copied as they are, line by line, so a stack trace's line and
column still point into the same code, give or take the lines a comment took alone.

The scanner knows JavaScript's literals well enough to never take a "//" or "/*" inside
one for a comment: quoted strings, template literals (with ``${...}`` nested to any depth)
and regular expression literals (told from a division by what precedes the slash).
"""

from __future__ import annotations

# After these characters, or these words, a "/" starts a regular expression, not a division.
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_WORDS_BEFORE_REGEX = {
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "await",
    "yield",
}


class _Output:
    """The text kept so far; a comment alone on its lines takes its lines with it."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)

    def drop_comment(self, source: str, end: int) -> int:
        """Called where a comment ended at ``end`` (the next character's index): trailing
        blanks before it go, and if it stood alone on its line, its line goes too.
        Returns where to go on reading."""
        kept = self.text()
        line_start = kept.rfind("\n") + 1
        before = kept[line_start:]
        at_line_end = end >= len(source) or source[end] == "\n"
        if at_line_end:
            self.parts = [kept[:line_start] + before.rstrip(" \t")]
            if not before.strip() and end < len(source):
                return end + 1  # the line held only the comment: its newline goes too
        return end


def _skip_string(source: str, start: int) -> int:
    """Index after the quoted string starting at ``start``."""
    quote = source[start]
    index = start + 1
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if char in (quote, "\n"):
            return index + 1
        index += 1
    return index


def _skip_regex(source: str, start: int) -> int:
    """Index after the regular expression literal starting at ``start`` (its flags too)."""
    index = start + 1
    in_class = False
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if char == "\n":
            break
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "/":
            index += 1
            while index < len(source) and (source[index].isalnum() or source[index] == "_"):
                index += 1
            return index
        index += 1
    return index


def _regex_allowed(kept: str) -> bool:
    """Whether a "/" after ``kept`` (the code before it) starts a regular expression."""
    code = kept.rstrip()
    if not code:
        return True
    if code[-1] in _BEFORE_REGEX:
        return True
    word_start = len(code)
    while word_start > 0 and (code[word_start - 1].isalnum() or code[word_start - 1] in "_$"):
        word_start -= 1
    return code[word_start:] in _WORDS_BEFORE_REGEX


def _template_part(source: str, index: int) -> tuple[int, bool]:
    """From inside a template literal at ``index``: the index after its text, and whether
    the text ends by opening a ``${`` (else by its closing backquote, or the source's end)."""
    while index < len(source):
        if source[index] == "\\":
            index += 2
        elif source[index] == "`":
            return index + 1, False
        elif source.startswith("${", index):
            return index + 2, True
        else:
            index += 1
    return len(source), False


def _closes_expression(char: str, braces: list[int]) -> bool:
    """Counts ``char``'s braces inside the innermost open ``${`` (each entry: its depth);
    whether ``char`` closes that ``${``, back into its template literal."""
    if braces and char == "{":
        braces[-1] += 1
    elif braces and char == "}":
        if braces[-1] == 0:
            braces.pop()
            return True
        braces[-1] -= 1
    return False


def _comment_end(source: str, index: int) -> int:
    """Index after the comment starting at ``index`` (a line comment ends before its newline)."""
    if source.startswith("//", index):
        end = source.find("\n", index)
        return len(source) if end < 0 else end
    end = source.find("*/", index + 2)
    return len(source) if end < 0 else end + 2


def js_without_comments(source: str) -> str:
    """``source`` (a JavaScript module) with its comments left out.

    >>> js_without_comments("// why\\nconst a = 'no // comment'; // why\\n")
    "const a = 'no // comment';\\n"
    >>> js_without_comments("const r = /[/*]/g; /* why */ const t = `a ${b /* c */} // d`;\\n")
    'const r = /[/*]/g;  const t = `a ${b } // d`;\\n'
    >>> js_without_comments("x = a / b / c; /** @type {A} */ (y).z = 1;\\n")
    'x = a / b / c;  (y).z = 1;\\n'
    """
    output = _Output()
    braces: list[int] = []  # the open "${" expressions, innermost last
    in_template = False
    index = 0
    while index < len(source):
        if in_template:
            end, opens = _template_part(source, index)
            output.add(source[index:end])
            if opens:
                braces.append(0)
            in_template = False
            index = end
            continue
        char = source[index]
        if source.startswith(("//", "/*"), index):
            index = output.drop_comment(source, _comment_end(source, index))
        elif char in "'\"":
            end = _skip_string(source, index)
            output.add(source[index:end])
            index = end
        elif char == "/" and _regex_allowed(output.text()):
            end = _skip_regex(source, index)
            output.add(source[index:end])
            index = end
        else:
            in_template = char == "`" or _closes_expression(char, braces)
            output.add(char)
            index += 1
    return output.text()


def css_without_comments(source: str) -> str:
    """``source`` (a stylesheet) with its comments left out.

    >>> css_without_comments('/* why */\\na::after { content: "/* kept */"; } /* why */\\n')
    'a::after { content: "/* kept */"; }\\n'
    """
    output = _Output()
    index = 0
    while index < len(source):
        char = source[index]
        if source.startswith("/*", index):
            index = output.drop_comment(source, _comment_end(source, index))
        elif char in "'\"":
            end = _skip_string(source, index)
            output.add(source[index:end])
            index = end
        else:
            output.add(char)
            index += 1
    return output.text()
