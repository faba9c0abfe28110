"""NLTK's Punkt sentence tokenizer as LlamaIndex's ``SentenceSplitter`` runs it, lazily.

LlamaIndex builds its tokenizer as ``nltk.tokenize.PunktSentenceTokenizer()``: no training
text and no parameters, so the English ``punkt_tab`` data LlamaIndex bundles is never read.
With empty parameters Punkt knows no abbreviation, collocation or frequent sentence
starter, and has seen no word's orthographic context; what is left decides each candidate
break from the token that holds the ``.``, ``?`` or ``!`` and the token after it:

- a token ending in a period (not in ``..``) and a lone ``?`` or ``!`` end a sentence;
- ``...``-like ellipses never do;
- a number (``3.``) or an initial (``J.``) does not when the next token is lower case or
  punctuation (``;:,.!?``), and an initial does not when the next token is capitalised.

>>> text = "Mr. Smith went to Washington. He met J. Bach on the 3. day! Did he?"
>>> [text[start:end] for start, end in sentence_spans(text)]
['Mr. ', 'Smith went to Washington. ', 'He met J. Bach on the 3. day! ', 'Did he?']

This module is a port of NLTK 3.10.4's ``nltk/tokenize/punkt.py`` (Copyright (C) 2001-2026
NLTK Project; Apache License 2.0, in LICENSE-NLTK.txt beside it), reduced to what
tokenizing with empty parameters runs.  Its patterns are NLTK's, symbol for symbol,
except that ``\\s``, ``\\S``, ``\\d`` and ``[^\\W\\d]`` are spelled out as the ``regex``
module (which NLTK compiles them with) knows them (``_punkt_classes``); the rest (``str``
methods such as ``isupper`` and ``strip``) is NLTK's Python, run by the same interpreter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from ._tables._punkt_classes import DIGITS, LETTERS, WHITESPACE


def _class(runs: tuple[tuple[int, int], ...], *, negated: bool = False) -> str:
    body = "".join(f"\\U{first:08x}-\\U{last:08x}" for first, last in runs)
    return f"[{'^' if negated else ''}{body}]"


_WS = _class(WHITESPACE)  # regex's \s: Python's \s less U+001C-U+001F
_NOT_WS = _class(WHITESPACE, negated=True)
_DIGIT = _class(DIGITS)
_LETTER = _class(LETTERS)

# PunktLanguageVars, English (NLTK's only one).
_SENT_END_CHARS = (".", "?", "!")
_PUNCTUATION = tuple(";:,.!?")
_NON_WORD = r"(?:[)\";}\]\*:@\'\({\[\u2018\u2019\u201c\u201d\xab\xbb?!])"
_MULTI_CHAR = rf"(?:\-{{2,}}|\.{{2,}}|(?:\.{_WS}){{2,}}\.)"
_WORD_START = r"[^\(\"\`{\[:;&\#\*@\)}\]\-,]"
_WORD = re.compile(
    rf"{_MULTI_CHAR}"
    rf"|(?={_WORD_START}){_NOT_WS}+?"
    rf"(?={_WS}|$|{_NON_WORD}|{_MULTI_CHAR}|,(?=$|{_WS}|{_NON_WORD}|{_MULTI_CHAR}))"
    rf"|{_NOT_WS}"
)
_PERIOD_CONTEXT = re.compile(
    rf"[\.\?!](?=(?P<after_tok>{_NON_WORD}|{_WS}+(?P<next_tok>{_NOT_WS}+)))"
)
_BOUNDARY_REALIGNMENT = re.compile(
    rf"[\"\')\]}}\u2018\u2019\u201c\u201d\xab\xbb]+?(?:{_WS}+|(?=--)|$)", re.MULTILINE
)
# PunktToken's patterns.
_ELLIPSIS = re.compile(r"\.\.+$")
_NUMERIC = re.compile(rf"^-?[\.,]?{_DIGIT}[{_DIGIT[1:-1]},\.-]*\.?$")
_INITIAL = re.compile(rf"{_LETTER}\.$")
_ASCII_WHITESPACE = " \t\n\r\x0b\x0c"  # string.whitespace
_NUMBER_TYPE = "##number##"


def sentence_spans(text: str) -> Iterator[tuple[int, int]]:
    """The sentences of ``text`` as LlamaIndex cuts them: each from the start of Punkt's span
    to the start of the next (the last to the end of the text), so together they cover the
    text end to end; none for text that is only whitespace.

    Lazy: Punkt decides each break from a few tokens around it, so the spans come as the
    text is read, a step's work bounded by the text up to the next candidate break (and one
    regular-expression scan, in C, to find it).

    >>> list(sentence_spans("  One. Two three.  "))
    [(0, 7), (7, 19)]
    >>> list(sentence_spans(" \\n "))
    []
    """
    previous: int | None = None
    for start, _end in _span_tokenize(text):
        if previous is not None:
            yield previous, start
        previous = start
    if previous is not None:
        yield previous, len(text)


def _span_tokenize(text: str) -> Iterator[tuple[int, int]]:
    """``PunktSentenceTokenizer().span_tokenize(text)``, realigned."""
    realign = 0
    for first, second in _pair_iter(_slices_from_text(text)):
        start, stop = first[0] + realign, first[1]
        if second is None:
            if start < stop:
                yield start, stop
            continue
        # NLTK matches text[second] (nothing when the slice is empty, as here).
        match = _BOUNDARY_REALIGNMENT.match(text, second[0], second[1])
        if match:
            yield start, second[0] + len(match.group(0).rstrip())
            realign = match.end() - second[0]
        else:
            realign = 0
            if start < stop:
                yield start, stop


def _slices_from_text(text: str) -> Iterator[tuple[int, int]]:
    last_break = 0
    for match, context in _potential_end_contexts(text):
        if _contains_sentbreak(context):
            yield last_break, match.end()
            # The next sentence starts after the whitespace, or at the punctuation that follows.
            next_token = match.group("next_tok")
            last_break = match.start("next_tok") if next_token else match.end()
    # The last sentence leaves out trailing whitespace.
    yield last_break, len(text.rstrip())


def _potential_end_contexts(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each candidate break with its context: the word before it, itself and what follows.

    A candidate whose word reaches back over the previous candidate is dropped, as NLTK
    drops it (its ReDoS fix of issue #2866).
    """
    previous_start, previous_stop = 0, 0
    previous_match: re.Match[str] | None = None
    for match in _PERIOD_CONTEXT.finditer(text):
        index = _last_whitespace_index(text, previous_stop, match.start())
        word_start = index + previous_stop + 1 if index else previous_start
        if previous_match and previous_stop <= word_start:
            yield previous_match, _context(text, previous_start, previous_stop, previous_match)
        previous_match = match
        previous_start, previous_stop = word_start, match.start()
    if previous_match:
        yield previous_match, _context(text, previous_start, previous_stop, previous_match)


def _context(text: str, start: int, stop: int, match: re.Match[str]) -> str:
    return text[start:stop] + match.group() + match.group("after_tok")


def _last_whitespace_index(text: str, start: int, stop: int) -> int:
    """Where in ``text[start:stop]`` its last ASCII whitespace is, 0 if it has none (as
    NLTK's ``_get_last_whitespace_index``, which walks back a character at a time)."""
    last = max(text.rfind(space, start, stop) for space in _ASCII_WHITESPACE)
    return last - start if last >= 0 else 0


class _Token:
    """A word token and the annotations tokenizing with empty parameters reads."""

    __slots__ = ("ellipsis", "period_final", "sentbreak", "tok", "type")

    def __init__(self, tok: str) -> None:
        self.tok = tok
        self.type = _NUMBER_TYPE if _NUMERIC.match(lower := tok.lower()) else lower
        self.period_final = tok.endswith(".")
        self.sentbreak = False
        self.ellipsis = False


def _words(text: str) -> list[_Token]:
    """``_tokenize_words``: the word tokens of each line that is not blank."""
    return [
        _Token(word) for line in text.split("\n") if line.strip() for word in _WORD.findall(line)
    ]


def _contains_sentbreak(context: str) -> bool:
    """``text_contains_sentbreak``: whether a token before the last ends a sentence."""
    tokens = _words(context)
    for token in tokens:
        _first_pass(token)
    for token, following in pairwise(tokens):
        _second_pass(token, following)
    return any(token.sentbreak for token in tokens[:-1])


def _first_pass(token: _Token) -> None:
    tok = token.tok
    if tok in _SENT_END_CHARS:
        token.sentbreak = True
    elif _ELLIPSIS.match(tok):
        token.ellipsis = True
    elif token.period_final and not tok.endswith(".."):
        token.sentbreak = True  # no known abbreviation


def _second_pass(token: _Token, following: _Token) -> None:
    """The token-based reclassification; with no collocations, abbreviations or sentence
    starters known, only initials and numbers before a period change."""
    if not token.period_final:
        return
    # Types keep a lone ".", as NLTK's type_no_period does.
    typ = token.type[:-1] if len(token.type) > 1 and token.type[-1] == "." else token.type
    initial = _INITIAL.match(token.tok) is not None
    # An abbreviation or ellipsis becomes a break only on orthographic evidence or a known
    # sentence starter, and neither exists without parameters.
    if initial or typ == _NUMBER_TYPE:
        starter = _ortho_heuristic(following)
        # Not a break when the next token is not a sentence's start, or is "unknown" after an
        # initial and capitalised (no context says it is ever lower case).
        if starter is False or (initial and following.tok[0].isupper()):
            token.sentbreak = False


def _ortho_heuristic(token: _Token) -> bool | None:
    """Whether ``token`` starts a sentence: False or unknown (None), never True without an
    orthographic context."""
    if token.tok in _PUNCTUATION:
        return False
    if token.tok[0].islower():  # and it was never seen sentence-initially in lower case
        return False
    return None


def _pair_iter(
    items: Iterator[tuple[int, int]],
) -> Iterator[tuple[tuple[int, int], tuple[int, int] | None]]:
    previous = next(items, None)
    if previous is None:
        return
    for item in items:
        yield previous, item
        previous = item
    yield previous, None
