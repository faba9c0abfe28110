"""Hostile links at scale: generated links full of markup, script text, huge and unicode
digits, invisible characters, repeated and unknown keys and broken percent-encoding:
40 different ones in every language and both engines (200 per engine), each opened in place
(a real popstate, which makes the page read its address as a load does), and 2 of them also
by full page loads.

For every link the test records anything injected into the document (the page guard
fails a test on a page error or a dialog), and checks that exactly the fields Python finds
invalid show an error, with the localized text.  The counts are written to the terminal so
CI logs report them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

import calculator
from browser.conftest import READY_TIMEOUT_MS, PageGuard, Started
from browser.test_count_slices import seconds_until
from browser.test_page import (
    LANGUAGES,
    NUMBER_FORMATS,
    catalog,
    fill,
    localized,
)
from browser.test_page import field as form_field
from calculator._documents import MAX_DOCUMENTS
from calculator.protocol._list_link import FRAGMENT_KEY, _compressed

SEED = 20261130
# Each language opens this many links of its own in place, as Back and Forward open an
# address: the page reads it exactly as a load does (app.js followAddress), without
# starting Python again, which a load does.  What is checked per link is the page's parsing
# and painting, the same code in both engines, so both open the same links (the same
# generator and seed); the unit tests (test_hostile_parsers.py) read many more.
LINKS_PER_LANGUAGE = 40
# The first of them are also opened by full page loads, at once: the load's own reading of a
# link (before and as Python starts) is the same for every link, so two per language show it.
LOADED_PER_LANGUAGE = 2
# Pages loading at once: Python starts in each, so more than a few only queue on the CPU.
PARALLEL_PAGES = 2
# Long enough to hurt, short enough for servers' request-line limits (Python's: 64 KiB).
MAX_ENCODED_VALUE = 20_000

FIELDS = (*calculator.DEFAULT_FIELDS, "compare")
PAGE_PARAMETERS = ("lang", "embed", "theme")
MARKUP = (
    "<script>window.__pwned=1</script>",
    '"><img src=x onerror="window.__pwned=1">',
    "'><svg onload=alert(1)>",
    '<iframe src="javascript:alert(1)"></iframe>',
    "<object data=x></object><embed src=x>",
    '<a href="javascript:alert(1)" onclick="alert(1)">x</a>',
    "</textarea><script>alert(1)</script>",
    "</option></select><img src=x onerror=alert(1)>",
    "{{7*7}}${alert(1)}{minimum}",
    "javascript:alert(1)",
    "&lt;b&gt;&amp;&#x3C;script&#x3E;",
)
NUMBERS = (
    "1e400",
    "9" * 31,
    "7" * 10_000,
    "-" + "9" * 40,
    "0x1F",
    "1_000",
    "+5",
    "--5",
    "Infinity",
    "NaN",
    "-0",
    "5.",
    ".5",
    "1,5",
    "1.5",
    "1.000.000,5",
    "8000" * 20,
)
UNICODE = (
    "\u0661\u0662\u0663",  # Arabic-Indic digits
    "\u0967\u0968\u0969",  # Devanagari digits
    "\uff18\uff10\uff10\uff10",  # fullwidth 8000
    "\U0001d7d6\U0001d7ce",  # mathematical bold digits
    "\u2467",  # circled eight
    "\u00bd",  # vulgar fraction one half
    "8\u200b000",  # zero-width space inside
    "\u200f512\u200e",  # right-to-left and left-to-right marks
    "\u202e4621\u202c",  # right-to-left override
    "\ufeff64",  # byte order mark
    "O0l1",  # letter look-alikes
    "\u0417\u0431",  # Cyrillic look-alikes of 36
    "8\u00a0000",
    "8\u202f000",
    "8\u3000000",  # ideographic space
    "\ud800".encode("utf-8", "surrogatepass").decode("latin-1"),  # a lone surrogate's bytes
    "\u0000",
    "\u200d" * 50,
)
ENCODED = (  # already percent-encoded: written into the query as they are
    "%",
    "%zz",
    "%00",
    "%E2%80",  # a truncated UTF-8 sequence
    "%C0%AF",  # an overlong encoding
    "%25%32%35",
    "%2B5",
    "+5+",
    "8%2C000",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%26tokens%3D1",
    "%FF%FE",
)
CHOICES = ("float32", "custom", "binary", "list", "average", "512:64", "1:0:1:int8")


@dataclass(frozen=True)
class Link:
    query: str  # with the leading "?"


def hostile_value(rng: random.Random) -> tuple[str, bool]:
    """A value and whether it is already percent-encoded."""
    family = rng.choice(("markup", "number", "unicode", "encoded", "long", "mixed"))
    if family == "markup":
        return rng.choice(MARKUP), False
    if family == "number":
        return rng.choice(NUMBERS), False
    if family == "unicode":
        return rng.choice(UNICODE), False
    if family == "encoded":
        return rng.choice(ENCODED), True
    if family == "long":
        value = rng.choice(MARKUP + UNICODE + CHOICES) * rng.randint(50, 400)
        while len(quote(value, safe="")) > MAX_ENCODED_VALUE:
            value = value[: len(value) // 2]
        return value, False
    return rng.choice(CHOICES) + rng.choice(MARKUP + UNICODE + NUMBERS[:5]), False


def hostile_pair(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.7:
        name = rng.choice(FIELDS)
    elif kind < 0.85:
        name = rng.choice(PAGE_PARAMETERS)
    else:  # unknown keys, look-alike keys and markup as a key
        name = rng.choice(
            (
                "Tokens",
                "tokens ",
                "t\u200bokens",
                "x",
                "__proto__",
                "constructor",
                "<img src=x onerror=alert(1)>",
                "compare[]",
                "",
            )
        )
    value, encoded = hostile_value(rng)
    return f"{quote(name, safe='')}={value if encoded else quote(value, safe='')}"


def hostile_links(count: int, seed: int) -> list[Link]:
    rng = random.Random(seed)
    links = []
    for _ in range(count):
        pairs = [hostile_pair(rng) for _ in range(rng.randint(1, 5))]
        if rng.random() < 0.2:  # a repeated key: the first one counts
            pairs.append(pairs[0].split("=", 1)[0] + "=1")
        if rng.random() < 0.3:  # a plan worth showing next to the junk
            pairs.insert(0, "tokens=2500&chunk_size=800&overlap=200")
        links.append(Link("?" + "&".join(pairs)))
    return links


# --- what the page must show ----------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    errors: dict[str, str]  # each invalid field's localized message
    chunks: str | None  # the chunk count shown, when the link's main fields are valid


def expected_for(search: str, lang: str) -> Expected:
    """What the page must show for the query as the browser holds it, from Python itself."""
    group, decimal, _ = NUMBER_FORMATS[lang]
    answer = json.loads(
        calculator.respond(
            json.dumps({"query": search, "number_format": {"group": group, "decimal": decimal}})
        )
    )
    messages = {}
    for name, error in answer["errors"].items():
        params = {
            key: localized(int(value), lang) if key in error["integer_params"] else value
            for key, value in error["params"].items()
        }
        messages[name] = fill(catalog(lang)[f"errors.{error['key']}"], **params)
    result = answer.get("result")
    # While a field behind the main results is invalid the page keeps older results.
    valid = result is not None and answer["panels"]["main"] != "stale"
    return Expected(messages, result["chunks"] if valid else None)


# A valid link that makes the page draw everything it can (comparison rows, a pasted list,
# the custom representation): its elements, with the served HTML's, are the page's own.
RICH_LINK = (
    "?tokens=2500&dtype=custom&bytes_per_dimension=3&documents_mode=list"
    "&document_tokens=100%0A200&price_per_million=0.02&compare=512:64,256:0:768:int8"
)
TAG_NAMES = "() => [...new Set([...document.querySelectorAll('*')].map((e) => e.localName))]"
# Everything the page could have gained from a link: an element the page never contains,
# an event-handler attribute, a script beyond those it was served with, or the marker.
INJECTION_PROBE = """([served, own]) => {
  const found = [];
  if (typeof window.__pwned !== "undefined") found.push("window.__pwned");
  const ownTags = new Set(own);
  for (const element of document.querySelectorAll("*")) {
    if (!ownTags.has(element.localName)) found.push(element.outerHTML.slice(0, 80));
  }
  const loaders = "a[href^='javascript:' i], [src]:not(script), [srcdoc]";
  for (const element of document.querySelectorAll(loaders)) {
    found.push(element.outerHTML.slice(0, 80));
  }
  for (const element of document.querySelectorAll("*")) {
    for (const attribute of element.getAttributeNames()) {
      if (attribute.startsWith("on")) found.push(`${element.tagName} ${attribute}`);
    }
  }
  const scripts = document.querySelectorAll("script").length;
  if (scripts !== served) found.push(`${scripts} scripts, served with ${served}`);
  return found;
}"""
SHOWN_ERRORS = """() => Object.fromEntries([...document.querySelectorAll("[data-error-for]")]
  .filter((element) => element.textContent !== "")
  .map((element) => [element.dataset.errorFor, element.textContent]))"""


@dataclass
class Tally:
    opened_in_place: Counter[str] = field(default_factory=Counter)
    loaded: Counter[str] = field(default_factory=Counter)
    errors_shown: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        languages = ", ".join(
            f"{lang} {self.opened_in_place[lang]} + {self.loaded[lang]}"
            for lang in self.opened_in_place
        )
        return (
            f"hostile links opened in place + by page loads: "
            f"{self.opened_in_place.total()} + {self.loaded.total()} ({languages}); "
            f"errors shown next to their fields: {self.errors_shown.total()}; "
            f"problems: {len(self.problems)}"
        )


@dataclass(frozen=True)
class ServedPage:
    scripts: int
    tags: list[str]


class TagCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)


def served_page(page: Page, site_url: str, lang: str) -> ServedPage:
    """What the page is made of: its served HTML and what it draws for a rich valid link."""
    html = page.request.get(f"{site_url}{lang}/").text()
    collector = TagCollector()
    collector.feed(html)
    page.goto(f"{site_url}{lang}/{RICH_LINK}")
    page.wait_for_selector("html[data-state=ready]", timeout=READY_TIMEOUT_MS)
    drawn: list[str] = page.evaluate(TAG_NAMES)
    return ServedPage(html.count("<script"), sorted(collector.tags | set(drawn)))


def check_link(page: Page, lang: str, link: Link, served: ServedPage, tally: Tally) -> None:
    page.wait_for_selector("html[data-state=ready]", timeout=READY_TIMEOUT_MS)
    # From the link as opened: by now the address may already show the canonical query.
    expected = expected_for(link.query, lang)
    shown = page.evaluate(SHOWN_ERRORS)
    injected = page.evaluate(INJECTION_PROBE, [served.scripts, served.tags])
    where = f"{lang} {link.query[:200]!r}"
    if shown != expected.errors:
        tally.problems.append(f"{where}: errors shown {shown}, expected {expected.errors}")
    chunks = page.get_attribute('.result-list [data-result="chunks"]', "data-value")
    if expected.chunks is not None and chunks != expected.chunks:
        tally.problems.append(f"{where}: {chunks} chunks shown, {expected.chunks} expected")
    if injected:
        tally.problems.append(f"{where}: injected {injected}")
    tally.errors_shown[lang] += len(shown)


# The link becomes the address as Back makes it so: a real popstate, after which the page
# answers and says "ready" again.
OPEN_IN_PLACE = """(url) => {
  history.pushState(null, "", url);
  history.pushState(null, "", "#next");
  document.documentElement.dataset.state = "opening";
  history.back();
}"""


def open_in_place(page: Page, lang: str, link: Link, served: ServedPage, tally: Tally) -> None:
    page.evaluate(OPEN_IN_PLACE, link.query)
    check_link(page, lang, link, served, tally)
    tally.opened_in_place[lang] += 1


def load_in_parallel(
    pages: list[Page],
    site_url: str,
    lang: str,
    links: list[Link],
    served: ServedPage,
    tally: Tally,
) -> None:
    for start in range(0, len(links), len(pages)):
        batch = list(zip(pages, links[start : start + len(pages)], strict=False))
        # Start every navigation of the batch, then check each: the pages load in parallel.
        for page, link in batch:
            page.goto(f"{site_url}{lang}/{link.query}", wait_until="commit")
        for page, link in batch:
            check_link(page, lang, link, served, tally)
            tally.loaded[lang] += 1


@pytest.fixture(scope="module")
def tally(request: pytest.FixtureRequest, browser_name: str) -> Iterator[Tally]:
    counts = Tally()
    yield counts
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"\n{browser_name}: {counts.summary()}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hostile_links_cannot_break_or_inject(
    new_page: Callable[..., Page], site_url: str, lang: str, tally: Tally
) -> None:
    pages = [new_page() for _ in range(PARALLEL_PAGES)]
    served = served_page(pages[0], site_url, lang)
    count, loaded = LINKS_PER_LANGUAGE, LOADED_PER_LANGUAGE
    every_link = hostile_links(count * len(LANGUAGES), SEED)
    links = every_link[LANGUAGES.index(lang) :: len(LANGUAGES)]
    before = len(tally.problems)
    # In place first: the page reads only an address it does not hold already, and a page
    # just loaded with links[0] holds it.
    for link in links:
        open_in_place(pages[0], lang, link, served, tally)
    load_in_parallel(pages, site_url, lang, links[:loaded], served, tally)
    problems = tally.problems[before:]
    assert tally.opened_in_place[lang] == count
    assert tally.loaded[lang] == loaded
    assert not problems, f"{len(problems)} links misbehaved:\n" + "\n".join(problems[:20])


def test_the_probe_does_see_an_injection(page: Page, site_url: str, page_guard: PageGuard) -> None:
    """The checks above can fail: what a successful attack would leave is reported."""
    page_guard.csp_violations_expected = True  # the CSP refuses the planted handler: good
    served = served_page(page, site_url, "en")
    page.evaluate("""() => {
      document.body.append(document.createElement("marquee"));
      document.querySelector("h1").setAttribute("onclick", "alert(1)");
      window.__pwned = 1;
    }""")
    injected = page.evaluate(INJECTION_PROBE, [served.scripts, served.tags])
    assert len(injected) == 3, injected


# A link of a few kilobytes whose list is millions of lines, packed as the page packs a list
# (calculator/protocol/_list_link.py): 2,500,000 lines in 6.5 KB, 5 MB unpacked.
MILLIONS_OF_LINES = f"?corpus=list#{FRAGMENT_KEY}o" + _compressed(b"1\n" * 2_500_000)
# What the issue asks of such a link on a page that is ready: refused within this, and an edit
# answered after it within what a visitor would notice (tests/browser/test_count_slices.py).
REFUSED_WITHIN_S = 2.0
ANSWERED_WITHIN_S = 1.0
SHOWN_ERROR = "document.querySelector('[data-error-for=\"{name}\"]').textContent === {text}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_link_of_millions_of_lines_is_refused_at_once(started: Started, lang: str) -> None:
    """The list is refused as it unpacks, next to its field in the page's language; it never
    reaches the list box, and the form stays usable."""
    assert 6000 < len(MILLIONS_OF_LINES) < 7000
    page = started(lang)
    too_long = fill(catalog(lang)["errors.list_too_long"], maximum=localized(MAX_DOCUMENTS, lang))
    page.evaluate(OPEN_IN_PLACE, MILLIONS_OF_LINES)
    refused = seconds_until(
        page, SHOWN_ERROR.format(name="document_tokens", text=json.dumps(too_long))
    )
    print(f"{lang}: the 2,500,000-line link refused in {refused:.3f} s")
    assert refused < REFUSED_WITHIN_S
    assert page.evaluate("document.querySelector('#field-document_tokens').value") == ""
    # Another field's edit is answered: its error comes and goes.
    not_a_number = catalog(lang)["errors.not_a_number"]
    form_field(page, "chunk_size").fill("x")
    answered = seconds_until(
        page, SHOWN_ERROR.format(name="chunk_size", text=json.dumps(not_a_number))
    )
    form_field(page, "chunk_size").fill("512")
    cleared = seconds_until(page, SHOWN_ERROR.format(name="chunk_size", text='""'))
    print(f"{lang}: an edit after it answered in {answered:.3f} s, undone in {cleared:.3f} s")
    assert answered < ANSWERED_WITHIN_S and cleared < ANSWERED_WITHIN_S
