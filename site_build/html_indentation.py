"""The pages without the templates' indentation: about 10 KB of each page's 150 KB is the
spaces that start its lines, which no browser shows (a newline stays, and a newline is the
same space between inline elements as a newline and spaces).  Where whitespace is the
content (``pre``, ``textarea``) or code (``script``, ``style``), the text is kept as it is.
"""

from __future__ import annotations

import re

_KEPT = re.compile(r"(<(pre|textarea|script|style)\b.*?</\2>)", re.S | re.I)
_INDENTATION = re.compile(r"\n[ \t]+")


def without_indentation(html: str) -> str:
    """``html`` with the spaces and tabs that start its lines taken out, but in the elements
    whose whitespace counts.

    >>> without_indentation("<ul>\\n  <li>a</li>\\n  <pre>x\\n  y</pre>\\n</ul>")
    '<ul>\\n<li>a</li>\\n<pre>x\\n  y</pre>\\n</ul>'
    """
    parts = _KEPT.split(html)
    # split() gives text, then for each kept element its text and its tag's name.
    kept = parts[1::3]
    texts = [_INDENTATION.sub("\n", text) for text in parts[0::3]]
    return "".join(text + element for text, element in zip(texts, [*kept, ""], strict=True))
