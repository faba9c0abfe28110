"""No catalog text and no built page leaves an English word in another language, and each
page names its language as its readers' browsers expect (tests/test_locale_reading.py reads
the catalogs' plurals and numbers)."""

# The hand-written tables keep one message per line, so that each reads as a row.

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import build

if TYPE_CHECKING:
    pass

from test_locale_reading import (
    CITATION_CLASSES,
    CITATION_KEYS,
    ENGLISH_WORDS,
    LANGUAGES,
    LOANWORDS,
    breaking_space_problems,
    english_words_in,
    load_catalog,
    texts_of,
)


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, object]]:
    return {language: load_catalog(language) for language in LANGUAGES}


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_catalog_text_leaves_an_english_word(
    catalogs: dict[str, dict[str, object]], language: str
) -> None:
    problems = [
        (key, word)
        for key, value in catalogs[language].items()
        if key not in CITATION_KEYS
        for text in texts_of(value)
        for word in english_words_in(text)
    ]
    assert problems == []


def test_the_deny_list_spares_the_agreed_loanwords_and_notices_english() -> None:
    assert not ENGLISH_WORDS & LOANWORDS
    assert english_words_in("Tamanho do chunk: binary (1 bit per dimension)") == ["binary"]
    assert english_words_in("Sobreposição entre chunks, tokens e embedding") == []
    assert english_words_in("{chunk_size} − {overlap} = {step}") == []


class VisibleText(HTMLParser):
    """The text a visitor can read or hear, with the language it is marked up in: text
    nodes (not scripts or styles) and the attributes browsers show or read aloud."""

    SHOWN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "aria-description")
    VOID = frozenset(
        {
            "area",
            "base",
            "br",
            "col",
            "embed",
            "hr",
            "img",
            "input",
            "link",
            "meta",
            "source",
            "track",
            "wbr",
        }
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, bool]] = []  # tag, language, skipped
        self.texts: list[tuple[str, str]] = []  # language, text

    @property
    def language(self) -> str:
        return self.stack[-1][1] if self.stack else ""

    @property
    def skipped(self) -> bool:
        return bool(self.stack) and self.stack[-1][2]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        language = attributes.get("lang", self.language)
        classes = set(attributes.get("class", "").split())
        skipped = (
            self.skipped
            or tag in {"script", "style", "template"}
            or bool(classes & CITATION_CLASSES)
        )
        if not skipped:
            for name in self.SHOWN_ATTRIBUTES:
                if attributes.get(name):
                    self.texts.append((language, attributes[name]))
            if tag == "meta" and attributes.get("name") == "description":
                self.texts.append((language, attributes.get("content", "")))
        if tag not in self.VOID:
            self.stack.append((tag, language, skipped))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.skipped and data.strip():
            self.texts.append((self.language, data))


def visible_texts(page: Path) -> list[tuple[str, str]]:
    parser = VisibleText()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.texts


def built_pages(dist: Path) -> list[Path]:
    return [dist / "index.html", *(dist / lang / "index.html" for lang in build.LANGUAGES)]


def test_no_built_page_shows_english_outside_english_text(dist: Path) -> None:
    problems = [
        (str(page.relative_to(dist)), language, word)
        for page in built_pages(dist)
        for language, text in visible_texts(page)
        if not language.startswith("en")
        for word in english_words_in(text)
    ]
    assert problems == []


def test_no_built_page_breaks_a_number_from_its_unit(dist: Path) -> None:
    # The prerendered results, the option texts and every catalog text the build writes.
    problems = [
        (str(page.relative_to(dist)), found)
        for page in built_pages(dist)
        for _, text in visible_texts(page)
        for found in breaking_space_problems(text)
    ]
    assert problems == []


def test_the_visible_text_reader_sees_languages_and_skips_citations(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<html lang="pt-BR"><body><p>Texto <b>binary</b></p>'
        '<p lang="en">English</p><p class="references">Sources and titles</p>'
        '<script>const the = 1;</script><input aria-label="Tamanho"></body></html>',
        encoding="utf-8",
    )
    assert visible_texts(page) == [
        ("pt-BR", "Texto "),
        ("pt-BR", "binary"),
        ("en", "English"),
        ("pt-BR", "Tamanho"),
    ]


# ---------------------------------------------------------------------------------------------
# Language tags.


def test_every_page_names_the_language_chooser_as_x_default(dist: Path) -> None:
    # No origin is configured (nothing shipped names one), so the addresses stay relative.
    for page in built_pages(dist):
        html = page.read_text(encoding="utf-8")
        alternates = re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html)
        assert len(alternates) == len(LANGUAGES) + 1, page
        defaults = [href for lang, href in alternates if lang == "x-default"]
        root = "./" if page.parent == dist else "../"
        assert defaults == [root], page


def test_portuguese_pages_declare_brazilian_portuguese(dist: Path) -> None:
    for page in built_pages(dist):
        html = page.read_text(encoding="utf-8")
        assert 'hreflang="pt"' not in html, page
        assert 'hreflang="pt-BR"' in html, page
    assert '<html lang="pt-BR"' in (dist / "pt" / "index.html").read_text(encoding="utf-8")
