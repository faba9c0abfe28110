"""The site's root page (dist/index.html): a visitor lands on the first of their languages the
site has, keeping a prefilled link's query string and fragment, and without script it offers
the five languages, each in its own words."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

import build
from browser.test_page import catalog


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("de-DE", "de"),
        ("pt-BR", "pt"),
        ("pt-PT", "pt"),
        ("it-CH", "it"),
        ("pl", "pl"),
        ("pl-PL", "pl"),
        ("en-GB", "en"),
        ("fr-FR", "en"),
    ],
)
def test_a_browser_lands_on_its_language_keeping_the_link(
    new_page: Callable[..., Page], site_url: str, locale: str, lang: str
) -> None:
    # The locale sets both navigator.languages and the Accept-Language header; a prefilled
    # link's query string and fragment come along.
    page = new_page(locale=locale)
    page.goto(f"{site_url}?tokens=1000#results")
    page.wait_for_url(f"{site_url}{lang}/?tokens=1000#results")
    expect(page.locator("html")).to_have_attribute("lang", build.LANGUAGE_TAGS[lang])


@pytest.mark.parametrize(
    ("languages", "lang"),
    [
        (["pl", "en-US"], "pl"),
        (["pt-BR", "en"], "pt"),
        (["en-US", "pl"], "en"),
        (["fr-FR", "pl", "de"], "pl"),
        (["pt-PT", "de"], "pt"),
    ],
)
def test_the_first_of_the_visitors_languages_the_site_has_wins(
    new_page: Callable[..., Page], site_url: str, languages: list[str], lang: str
) -> None:
    page = new_page(locale=languages[0])
    page.add_init_script(
        f"Object.defineProperty(navigator, 'languages', {{ get: () => {languages!r} }});"
    )
    page.goto(f"{site_url}?tokens=1000#results")
    page.wait_for_url(f"{site_url}{lang}/?tokens=1000#results")


def test_without_script_the_five_languages_are_offered_in_their_own_words(
    new_page: Callable[..., Page], site_url: str, browser_name: str
) -> None:
    if browser_name == "firefox":
        # Playwright 1.64.1 cannot turn JavaScript off in Firefox; a Firefox started with
        # scripts off by its preference (conftest.FIREFOX_PREFS) serves the other test without
        # script, but this one hangs there (cause not found yet).
        pytest.skip("hangs in a Firefox started with javascript.enabled=false")
    page = new_page(java_script_enabled=False, locale="pl-PL")
    page.goto(site_url)
    choices = page.locator("main li")
    expect(choices).to_have_count(len(build.LANGUAGES))
    for n, lang in enumerate(build.LANGUAGES):
        tag = build.LANGUAGE_TAGS[lang]
        words = catalog(lang)
        choice = choices.nth(n)
        expect(choice).to_have_attribute("lang", tag)
        link = choice.get_by_role("link")
        expect(link).to_have_attribute("href", f"{lang}/")
        expect(link).to_have_attribute("hreflang", tag)
        expect(link).to_contain_text(words["meta.language_name"])
        expect(link).to_contain_text(words["index.heading"])
        expect(page.locator(f'h1 [lang="{tag}"]')).to_have_text(words["index.choose"])
    assert page.url == site_url
