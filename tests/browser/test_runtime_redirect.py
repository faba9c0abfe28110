"""dist/index.html sends visitors to their best language, keeping a prefilled link's
query string and fragment."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

import build


@pytest.mark.parametrize(
    ("locale", "lang"),
    [("de-DE", "de"), ("pt-BR", "pt"), ("pt-PT", "pt"), ("it-CH", "it"), ("pl", "pl"),
     ("en-GB", "en"), ("fr-FR", "en")],
)
def test_the_chooser_opens_the_best_language(
    new_page: Callable[..., Page], site_url: str, locale: str, lang: str
) -> None:
    page = new_page(locale=locale)
    page.goto(f"{site_url}?tokens=1000#results")
    page.wait_for_url(f"{site_url}{lang}/?tokens=1000#results")


def test_the_chooser_links_every_language_without_script(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(java_script_enabled=False)
    page.goto(site_url)
    links = page.locator("a[hreflang]")
    assert [links.nth(n).get_attribute("href") for n in range(links.count())] == [
        f"{lang}/" for lang in build.LANGUAGES]
