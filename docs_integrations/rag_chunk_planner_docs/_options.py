"""An embed's options, read and checked: the page's own (language, panels, height, theme,
prompt) and every field of a shareable link under its link name.

The fields are the calculator's ``FIELDS`` as the wheel was built, read and checked by the
calculator's own code exactly as the page reads a link, so a value the page would show with
an error fails the docs' build instead.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from ._bundle import bundle_data, calculator_module

_protocol = calculator_module("protocol")
_fields = calculator_module("protocol._fields")

#: The options that are the embed's own, not a field of the form.
PAGE_OPTIONS = ("lang", "panels", "height", "theme", "prompt")
#: Every field of a shareable link, by its link name (``compare`` carries the comparison's rows).
FIELD_OPTIONS: tuple[str, ...] = tuple(
    name for name, field in _protocol.FIELDS.items() if field.on_page
)
OPTIONS = PAGE_OPTIONS + FIELD_OPTIONS
#: The planning panels an embed can show below the calculator (the main results always show).
PANELS: tuple[str, ...] = tuple(panel for panel in _fields.PAGE_PANELS if panel != "main")
THEMES = ("auto", "light", "dark")
# The frame's height: "auto" follows its content (up to the page's resize clamp,
# web/standalone/embed-host.js); a number of CSS pixels fixes it, a screen or a few: taller
# content (panels on a phone) is better followed with "auto" than scrolled inside the frame.
MIN_HEIGHT = 200
MAX_HEIGHT = 4000
_YES = {"", "yes", "true", "on"}
_NO = {"no", "false", "off"}

if set(PAGE_OPTIONS) & set(FIELD_OPTIONS):  # a field named like an option would be unreachable
    raise RuntimeError(f"fields named like embed options: {set(PAGE_OPTIONS) & set(FIELD_OPTIONS)}")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an embed's options; ``option`` is the option the author wrote."""

    option: str
    message: str

    def __str__(self) -> str:
        return f"{self.option}: {self.message}"


class OptionsError(ValueError):
    """An embed's options are wrong; ``problems`` says each."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))


@dataclass(frozen=True)
class Embed:
    """What an embedded planner shows."""

    lang: str
    #: The link's query for its values (machine form, defaults left out), without ``?``.
    query: str
    panels: tuple[str, ...] = ()
    #: The frame's fixed height in CSS pixels; None follows the content.
    height: int | None = None
    theme: str = "auto"
    #: The label of the button that starts it; None starts it as it nears the viewport.
    prompt: str | None = None


def docs_language(language: str | None) -> str:
    """The site's language closest to a docs site's (``pt_BR``, ``de-DE``), else English.

    >>> docs_language("pt_BR"), docs_language("de-DE"), docs_language("fr"), docs_language(None)
    ('pt', 'de', 'en', 'en')
    """
    primary = (language or "").replace("-", "_").partition("_")[0].lower()
    return primary if primary in bundle_data().languages else "en"


def read_embed(options: Mapping[str, str | None], default_lang: str = "en") -> Embed:
    """Check an embed's options as written (``None`` for an option without a value) and read
    them; every problem at once, in the order of ``options``, in an ``OptionsError``."""
    problems: list[Problem] = []
    texts = {name: (value or "").strip() for name, value in options.items()}
    problems += [_unknown(name) for name in texts if name not in OPTIONS]
    lang = texts.get("lang") or default_lang
    if lang not in bundle_data().languages:
        problems.append(
            Problem("lang", f"{lang!r} is not one of {', '.join(bundle_data().languages)}")
        )
    panels = _panels(texts.get("panels", ""), problems)
    height = _height(texts.get("height", "auto"), problems)
    theme = texts.get("theme") or "auto"
    if theme not in THEMES:
        problems.append(Problem("theme", f"{theme!r} is not one of {', '.join(THEMES)}"))
    prompt = _prompt(options, texts.get("prompt"))
    given = {name: text for name, text in texts.items() if name in FIELD_OPTIONS}
    query = _link_query(given, problems)
    if problems:
        order = list(options)
        problems.sort(
            key=lambda problem: (
                order.index(problem.option) if problem.option in order else len(order)
            )
        )
        raise OptionsError(problems)
    return Embed(lang=lang, query=query, panels=panels, height=height, theme=theme, prompt=prompt)


def _unknown(name: str) -> Problem:
    """An unknown option, with the option it was probably meant to be.

    >>> str(_unknown("chunk_sise"))
    'chunk_sise: unknown option; did you mean chunk_size?'
    >>> str(_unknown("colour"))[:45]
    'colour: unknown option; the options are lang,'
    """
    near = difflib.get_close_matches(name, OPTIONS, n=1)
    if near:
        return Problem(name, f"unknown option; did you mean {near[0]}?")
    return Problem(name, f"unknown option; the options are {', '.join(OPTIONS)}")


def _panels(text: str, problems: list[Problem]) -> tuple[str, ...]:
    names = [name for name in text.replace(",", " ").split() if name]
    if names in (["none"], []):
        return ()
    if names == ["all"]:
        return PANELS
    for name in names:
        if name not in PANELS:
            problems.append(
                Problem("panels", f"{name!r} is not a panel; the panels are {', '.join(PANELS)}")
            )
    return tuple(dict.fromkeys(name for name in names if name in PANELS))


def _height(text: str, problems: list[Problem]) -> int | None:
    if text in ("", "auto"):
        return None
    digits = text.removesuffix("px").strip()
    if digits.isdigit() and MIN_HEIGHT <= int(digits) <= MAX_HEIGHT:
        return int(digits)
    problems.append(
        Problem("height", f"{text!r} is not auto or a height from {MIN_HEIGHT} to {MAX_HEIGHT} px")
    )
    return None


def _prompt(options: Mapping[str, str | None], text: str | None) -> str | None:
    if "prompt" not in options or text is None or text.lower() in _NO:
        return None
    return "" if text.lower() in _YES else text  # "": the language's own label


def _link_query(given: Mapping[str, str], problems: list[Problem]) -> str:
    """The link the page would read for these values, checked as the page checks it."""
    fields = _protocol.fields_from_query(urlencode(given))
    errors = _protocol.evaluate_form(fields).errors
    for name, error in errors.items():
        option = name.partition(".")[0]  # a comparison cell's error is the compare option's
        wording = str(error).partition(": ")[2] or str(error)
        if option in given:
            problems.append(Problem(option, f"{given[option]!r}: {wording}"))
        elif fields.get(name):
            problems.append(
                Problem(option, f"{wording} (not given: its default is {fields[name]})")
            )
        else:
            problems.append(Problem(option, f"{wording} (not given; it has no default)"))
    for name in given:
        # Its shown_when, and that field's own up the chain (lists: IVFFlat, in pgvector).
        for chooser, value in _protocol.FIELDS[name].conditions:
            chosen = fields.get(chooser) or _protocol.FIELDS[chooser].default
            if chosen != value:
                problems.append(Problem(name, f"is used only with {chooser}: {value}"))
                break
    query: str = _protocol.query_from_fields(fields)
    return query


def link_parameters(query: str) -> list[tuple[str, str]]:
    """A query's parameters in order.

    >>> link_parameters("tokens=9000&compare=512%3A64")
    [('tokens', '9000'), ('compare', '512:64')]
    """
    return parse_qsl(query, keep_blank_values=True)
