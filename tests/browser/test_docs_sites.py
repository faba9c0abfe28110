"""The docs tools in both engines: the Sphinx and the MkDocs Material site of
tests/docs_sites.py, served from their output folders alone (under one sub-path each), each
page's planner showing the calculator's exact results for its values, with the planning panels
it names, and no request leaving the docs' origin (the guard of every page).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, FrameLocator, Page, Route, expect

import build
from browser.conftest import READY_TIMEOUT_MS, PageGuard, origin_of
from browser.test_embed import CLIPPED_TABLES, SIDEWAYS
from calculator import plan_chunks, vector_size
from calculator.protocol import FIELDS
from docs_sites import EMBEDS, MKDOCS_SITE_URL

FRAME = "iframe[data-rag-chunk-planner-frame]"
DARK_BACKGROUND = "rgb(18, 20, 23)"


@pytest.fixture(scope="session")
def docs_url(
    sphinx_site: Path, mkdocs_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Both sites on one loopback server: <url>sphinx/ and <url>mkdocs/."""
    webroot = tmp_path_factory.mktemp("docs-webroot")
    (webroot / "docs").mkdir()
    (webroot / "docs" / "sphinx").symlink_to(sphinx_site, target_is_directory=True)
    (webroot / "docs" / "mkdocs").symlink_to(mkdocs_site, target_is_directory=True)
    with build.serving_in_background(webroot) as url:
        yield f"{url}docs/"


@pytest.fixture
def page_guard(docs_url: str) -> PageGuard:
    return PageGuard(origin=origin_of(docs_url))


def open_docs(page: Page, docs_url: str, kind: str, path: str) -> None:
    """A page of a site.  Material's instant navigation follows the links its sitemap lists,
    which name the address the site declares: the sitemap is answered for the served one."""

    def sitemap(route: Route) -> None:
        response = route.fetch()
        served = response.text().replace(MKDOCS_SITE_URL, f"{docs_url}mkdocs/")
        route.fulfill(response=response, body=served)

    if kind == "mkdocs":
        page.route("**/sitemap.xml", sitemap)
    page.goto(f"{docs_url}{kind}/{path}")


def started(page: Page) -> FrameLocator:
    frame = page.frame_locator(FRAME)
    expect(frame.locator("html")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    return frame


def expect_results(frame: FrameLocator, kind: str, page_file: str) -> None:
    """The frame shows the calculator's figures for the page's values, in its language."""
    embed = EMBEDS[kind, page_file]
    values = {name: embed.fields.get(name, FIELDS[name].default) for name in FIELDS}
    plan = plan_chunks(int(values["tokens"]), int(values["chunk_size"]), int(values["overlap"]))
    raw = vector_size(plan.chunks, int(values["dimensions"]), values["dtype"]).raw_bytes
    expect(frame.locator("html")).to_have_attribute("lang", build.LANGUAGE_TAGS[embed.lang])
    for key, value in [
        ("chunks", plan.chunks),
        ("tokens_processed", plan.tokens_processed),
        ("raw_vector_bytes", raw),
    ]:
        expect(frame.locator(f'.result-list [data-result="{key}"]')).to_have_attribute(
            "data-value", str(value)
        )


@pytest.mark.parametrize(
    ("kind", "path", "page_file"),
    [
        ("sphinx", "index.html", "index.html"),
        ("sphinx", "myst.html", "myst.html"),
        ("mkdocs", "", "index.html"),
        ("mkdocs", "guide/sizing/", "guide/sizing/index.html"),
    ],
)
def test_each_page_shows_the_exact_results_of_its_values(
    page: Page, docs_url: str, kind: str, path: str, page_file: str
) -> None:
    open_docs(page, docs_url, kind, path)
    expect_results(started(page), kind, page_file)


def test_a_planner_far_below_starts_only_near_the_viewport(
    page: Page, docs_url: str, page_guard: PageGuard
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_docs(page, docs_url, "sphinx", "far.html")
    frame = page.locator(FRAME)
    expect(frame).to_have_count(1)
    page.wait_for_timeout(1500)
    assert frame.get_attribute("src") is None
    assert not [request for request in page_guard.requests if "pyodide" in request.url]
    frame.scroll_into_view_if_needed()
    expect_results(started(page), "sphinx", "far.html")


@pytest.mark.parametrize(
    ("kind", "path", "page_file"),
    [
        ("sphinx", "guide/prompt.html", "guide/prompt.html"),
        ("mkdocs", "prompt/", "prompt/index.html"),
    ],
)
def test_a_prompted_planner_starts_on_a_click(
    page: Page, docs_url: str, kind: str, path: str, page_file: str
) -> None:
    open_docs(page, docs_url, kind, path)
    start = page.get_by_role("button", name="Avvia il calcolatore")
    expect(start).to_be_visible()
    expect(page.locator(FRAME)).to_have_count(0)
    start.click()
    expect_results(started(page), kind, page_file)


def test_the_frame_grows_to_its_content(page: Page, docs_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_docs(page, docs_url, "sphinx", "myst.html")
    frame = started(page)
    expect(frame.locator("#chunk-map svg")).to_be_visible()
    content = frame.locator("body").evaluate(
        "body => Math.ceil(body.getBoundingClientRect().height)"
    )
    page.wait_for_function(
        "([selector, content]) => Math.abs("
        "document.querySelector(selector).getBoundingClientRect().height - content) < 2",
        arg=[FRAME, content],
    )


def test_material_instant_navigation_starts_the_next_pages_planner(
    page: Page, docs_url: str
) -> None:
    open_docs(page, docs_url, "mkdocs", "")
    started(page)
    page.evaluate("window.__samePage = true")
    page.get_by_role("link", name="Sizing").first.click()
    page.wait_for_url("**/guide/sizing/")
    assert page.evaluate("window.__samePage") is True  # swapped in place, not loaded
    expect_results(started(page), "mkdocs", "guide/sizing/index.html")


def test_materials_toggle_switches_the_frames_theme(page: Page, docs_url: str) -> None:
    open_docs(page, docs_url, "mkdocs", "")
    frame = started(page)
    expect(frame.locator("html")).to_have_attribute("data-theme", "light")
    page.locator("label[for='__palette_1']").click()
    expect(frame.locator("html")).to_have_attribute("data-theme", "dark")
    expect(frame.locator("body")).to_have_css("background-color", DARK_BACKGROUND)


@pytest.mark.parametrize("element", ["body", "documentElement"])
def test_a_sphinx_themes_switch_is_followed(page: Page, docs_url: str, element: str) -> None:
    """Furo switches body[data-theme], PyData html[data-theme]."""
    open_docs(page, docs_url, "sphinx", "index.html")
    frame = started(page)
    page.evaluate(f"document.{element}.dataset.theme = 'dark'")
    expect(frame.locator("html")).to_have_attribute("data-theme", "dark")


def test_without_a_docs_theme_the_frame_follows_the_readers_preference(
    new_page: Callable[..., Page], docs_url: str
) -> None:
    page = new_page(color_scheme="dark")
    open_docs(page, docs_url, "sphinx", "index.html")  # Alabaster: no dark theme of its own
    frame = started(page)
    assert "theme=" not in (page.locator(FRAME).get_attribute("src") or "")
    expect(frame.locator("body")).to_have_css("background-color", DARK_BACKGROUND)


def test_docs_opened_as_files_say_why_there_is_no_calculator(
    browser: Browser, sphinx_site: Path
) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        messages: list[ConsoleMessage] = []

        def keep(message: ConsoleMessage) -> None:  # Playwright cannot mark a builtin handler
            messages.append(message)

        page.on("console", keep)
        page.goto((sphinx_site / "index.html").as_uri())
        note = page.get_by_role("note")
        expect(note).to_be_visible()
        expect(note).to_contain_text("python3 -m http.server")
        expect(page.locator(FRAME)).to_have_count(0)
        assert any("file://" in message.text for message in messages if message.type == "warning")
    finally:
        context.close()


def test_the_chosen_panels_show_below_the_results(page: Page, docs_url: str) -> None:
    open_docs(page, docs_url, "mkdocs", "guide/sizing/")  # panels: compare, cost
    frame = started(page)
    expect(frame.locator("#compare")).to_be_visible()
    expect(frame.locator("#cost")).to_be_visible()
    expect(frame.locator("#documents")).to_be_hidden()


@pytest.mark.parametrize("width", [390, 1280])
def test_no_table_is_clipped(page: Page, docs_url: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    open_docs(page, docs_url, "sphinx", "index.html")  # panels: compare
    frame = started(page)
    expect(frame.locator("#compare table")).to_be_visible()
    assert frame.locator("html").evaluate(CLIPPED_TABLES) == []
    assert frame.locator("html").evaluate(SIDEWAYS) <= 0
