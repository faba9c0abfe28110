"""Embedding: the compact ?embed=1 page with the planning panels ?panels= names, ?theme, the
Embed panel's snippet, and a host page on another origin that uses the snippet: the frame
grows to its content and ignores messages from anyone but the calculator's frame, and the
calculator takes its theme from the host page's message and from no one else's."""

from __future__ import annotations

import html
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple

import pytest
from playwright.sync_api import FrameLocator, Page, Request, expect

import build
from browser.conftest import READY_TIMEOUT_MS, PageGuard, Started, origin_of
from browser.test_page import LANGUAGES, catalog, expect_integer, field, open_page
from calculator.protocol._fields import PAGE_PANELS

# The snippet's frame height before any resize message, and the resize script's clamp.
SNIPPET_HEIGHT = 900
MAX_HEIGHT = 20_000
HEIGHT_MESSAGE = "rag-chunk-planner:height"
THEME_MESSAGE = "rag-chunk-planner:theme"
STATE = "?tokens=2500&chunk_size=800&overlap=200"
DARK_BACKGROUND = "rgb(18, 20, 23)"
LIGHT_BACKGROUND = "rgb(247, 248, 250)"
# The planning panels ?panels= can show, by their ids: the ones the docs tools offer.
PANELS = tuple(panel for panel in PAGE_PANELS if panel != "main")
# Each table of the page: shown whole, or inside a box that scrolls sideways.
CLIPPED_TABLES = """() => [...document.querySelectorAll("table")]
  .filter((table) => table.getClientRects().length)
  .filter((table) => {
    const right = table.getBoundingClientRect().right;
    for (let box = table.parentElement; box; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if (overflow === "auto" || overflow === "scroll") return false;
      if (overflow !== "visible" && right > box.getBoundingClientRect().right + 1) return true;
    }
    return right > document.documentElement.clientWidth + 1;
  })
  .map((table) => table.closest("section")?.id || table.className)"""
# How far the page scrolls sideways (0: not at all).
SIDEWAYS = "root => root.scrollWidth - root.clientWidth"


class HostSite(NamedTuple):
    url: str
    root: Path


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostSite]:
    """A documentation site of someone else's: same machine, another port, so another origin."""
    root = tmp_path_factory.mktemp("host")
    server = build.make_server(root, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield HostSite(f"http://127.0.0.1:{server.server_address[1]}/", root)
    server.shutdown()
    server.server_close()
    thread.join()


@dataclass
class HostGuard(PageGuard):
    """The site's guard, letting the host page (the top frame only) load from its origin."""

    host_origin: str = ""

    def on_request(self, request: Request) -> None:
        if origin_of(request.url) == self.host_origin and request.frame.parent_frame is None:
            self.requests.append(request)
            return
        super().on_request(request)


@pytest.fixture
def page_guard(site_origin: str, host: HostSite) -> PageGuard:
    return HostGuard(origin=site_origin, host_origin=origin_of(host.url))


class SnippetScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict[str, str | None]] = []
        self.scripts: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "iframe":
            self.frames.append(dict(attrs))
        self.in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script:
            self.scripts.append(data)


def embed_snippet(page: Page) -> str:
    """The snippet as the full page's Embed panel offers it, resize script included."""
    snippet = page.locator("[data-embed-snippet]")
    expect(snippet).to_have_value(re.compile("</script>"))
    return snippet.input_value()


def write_host(host: HostSite, snippet: str) -> None:
    (host.root / "docs.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><title>Host docs</title></head>"
        "<body><h1>Our docs</h1>\n"
        f"{snippet}\n"
        "<iframe name='other' srcdoc='<p>another frame</p>' width='300' height='60'></iframe>"
        "</body></html>",
        encoding="utf-8",
    )


def open_host(page: Page, host: HostSite, snippet: str) -> FrameLocator:
    """A host page: a heading, the snippet, then a second frame of the host's own; the
    calculator started in its frame."""
    write_host(host, snippet)
    # In front of the shared page the snippet came from: Firefox did not type into a page behind.
    page.bring_to_front()
    page.goto(f"{host.url}docs.html")
    calculator = page.frame_locator("iframe[title]")
    expect(calculator.locator("html")).to_have_attribute(
        "data-state", "ready", timeout=READY_TIMEOUT_MS
    )
    return calculator


def open_host_listening(page: Page, host: HostSite, src: str) -> FrameLocator:
    """A host page like open_host's, whose frame of `src` (no resize script) listens to its
    host: the page's scripts run, whether or not Python has started."""
    write_host(host, f'<iframe title="planner" src="{html.escape(src)}" width="600"></iframe>')
    page.goto(f"{host.url}docs.html")
    calculator = page.frame_locator("iframe[title]")
    # share.js writes the open-full link once it has started listening.
    expect(calculator.locator("[data-open-full]")).to_have_attribute("href", re.compile("^http"))
    return calculator


def post_to_calculator(page: Page, message: dict[str, object]) -> None:
    """`message` from the host page to the calculator's frame."""
    page.locator("iframe[title]").evaluate(
        "(frame, message) => frame.contentWindow.postMessage(message, '*')", message
    )


def frame_search(calculator: FrameLocator) -> str:
    search: str = calculator.locator("html").evaluate("() => location.search")
    return search


def frame_height(page: Page) -> float:
    height: float = page.locator("iframe[title]").evaluate(
        "frame => frame.getBoundingClientRect().height"
    )
    return height


def content_height(page: Page) -> float:
    frame = page.frame_locator("iframe[title]").locator("body")
    height: float = frame.evaluate("body => Math.ceil(body.getBoundingClientRect().height)")
    return height


def wait_for_frame_height(page: Page, expected: float) -> None:
    page.wait_for_function(
        "expected => Math.abs(document.querySelector('iframe[title]')"
        ".getBoundingClientRect().height - expected) < 1",
        arg=expected,
    )


# --- embed mode on its own ----------------------------------------------------------------


def test_embed_mode_shows_only_the_calculator(page: Page, site_url: str) -> None:
    open_page(page, site_url, "de", f"{STATE}&embed=1")
    for hidden in (
        ".page-header",
        ".explain",
        ".faq",
        ".page-footer",
        ".share-embed",
        ".derivation-section",
        ".presets",
    ):
        expect(page.locator(hidden)).to_be_hidden()
    for shown in ("#calculator-form", "#results", "#chunk-map svg"):
        expect(page.locator(shown)).to_be_visible()
    expect_integer(page, "chunks", 4, "de")


def test_the_open_full_link_carries_the_current_state(page: Page, site_url: str) -> None:
    open_page(page, site_url, "pt", f"{STATE}&embed=1&theme=dark")
    link = page.get_by_role("link", name=catalog("pt")["embed.open_full"])
    expect(link).to_be_visible()
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener")
    expect(link).to_have_attribute("href", f"{site_url}pt/{STATE}")
    field(page, "overlap").fill("100")
    expect(link).to_have_attribute("href", f"{site_url}pt/?tokens=2500&chunk_size=800&overlap=100")


def test_the_full_page_has_no_open_full_link(started: Started) -> None:
    page = started("en")
    expect(page.locator("[data-open-full]")).to_be_hidden()
    expect(page.locator(".share-embed")).to_be_visible()


@pytest.mark.parametrize(
    ("theme", "background"), [("dark", "rgb(18, 20, 23)"), ("light", "rgb(247, 248, 250)")]
)
def test_theme_parameter_forces_the_theme(
    new_page: Callable[..., Page], site_url: str, theme: str, background: str
) -> None:
    # The visitor prefers the other scheme; the parameter wins.
    page = new_page(color_scheme="light" if theme == "dark" else "dark")
    open_page(page, site_url, "it", f"?embed=1&theme={theme}")
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    expect(page.locator("body")).to_have_css("background-color", background)


def test_without_theme_the_visitors_preference_wins(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(color_scheme="dark")
    open_page(page, site_url, "it", "?embed=1&theme=%3Cb%3E")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "<b>")
    assert page.locator("html").get_attribute("data-theme") is None
    expect(page.locator("body")).to_have_css("background-color", "rgb(18, 20, 23)")


# --- planning panels in embed mode ---------------------------------------------------------


def test_embed_mode_shows_the_panels_its_address_names(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}pt/?embed=1&panels=cost%2C%20nonsense,compare")
    compare, cost = page.locator("#compare"), page.locator("#cost")
    expect(compare).to_be_visible()
    expect(cost).to_be_visible()
    expect(cost.locator('[name="price_per_million"]')).to_be_visible()
    others = [f"#{panel}" for panel in PANELS if panel not in ("compare", "cost")]
    for hidden in (*others, "#count", ".share-embed", ".explain"):
        expect(page.locator(hidden)).to_be_hidden()
    # In the page's order, between the chunk map and the link to the full page.
    tops = [
        page.locator(selector).evaluate("element => element.getBoundingClientRect().top")
        for selector in ("#chunk-map", "#compare", "#cost", "[data-open-full]")
    ]
    assert tops == sorted(tops)


def test_each_panel_shows_alone_when_named(page: Page, site_url: str) -> None:
    """Each panel the docs tools offer, by its name as query-guard.js writes it."""
    page.goto(f"{site_url}en/?embed=1")
    expect(page.locator("[data-panels]")).to_be_hidden()
    for name in PANELS:
        page.evaluate("name => { document.documentElement.dataset.embedPanels = name; }", name)
        for panel in PANELS:
            if panel == name:
                expect(page.locator(f"#{panel}")).to_be_visible()
            else:
                expect(page.locator(f"#{panel}")).to_be_hidden()


def test_the_address_keeps_the_panels(page: Page, site_url: str) -> None:
    open_page(page, site_url, "it", "?embed=1&panels=compare%2Ccost")
    field(page, "overlap").fill("100")
    expect(page).to_have_url(re.compile(r"\?overlap=100&embed=1&panels=compare%2Ccost$"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_table_of_the_panels_is_clipped(page: Page, site_url: str, lang: str) -> None:
    """Every panel, at a phone's docs column and at a wide frame."""
    open_page(page, site_url, lang, f"?embed=1&panels={','.join(PANELS)}")
    for width in (350, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate(CLIPPED_TABLES) == [], width
        assert page.locator("html").evaluate(SIDEWAYS) <= 0, width


# --- the Embed panel's snippet ------------------------------------------------------------


def test_the_snippet_embeds_the_current_state(
    started: Started, site_url: str, dist: Path, layout: build.Layout
) -> None:
    snippet = embed_snippet(started("pl", STATE))
    scan = SnippetScan()
    scan.feed(snippet)
    assert scan.frames == [
        {
            "src": f"{site_url}pl/{STATE}&embed=1",
            "title": catalog("pl")["embed.iframe_title"],
            "width": "100%",
            "height": str(SNIPPET_HEIGHT),
            "loading": "lazy",
            "allow": "clipboard-write",
            "style": "border: 0",
        }
    ]
    assert [script.strip() for script in scan.scripts] == [
        (dist / layout.assets / "embed-host.js").read_text(encoding="utf-8").strip()
    ]
    assert f"{STATE.replace('&', '&amp;')}&amp;embed=1" in snippet  # escaped as HTML


def test_the_snippet_follows_the_form(started: Started) -> None:
    page = started("en", STATE)
    embed_snippet(page)
    field(page, "chunk_size").fill("1000")
    expect(page.locator("[data-embed-snippet]")).to_have_value(
        re.compile(re.escape("?tokens=2500&amp;chunk_size=1000&amp;overlap=200&amp;embed=1"))
    )


def test_copy_snippet(new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    open_page(page, site_url, "it", STATE)
    snippet = embed_snippet(page)
    page.get_by_role("button", name=catalog("it")["embed.copy_snippet"]).click()
    expect(page.locator("[data-embed-status]")).to_have_text(catalog("it")["embed.copied"])
    assert page.evaluate("navigator.clipboard.readText()") == snippet


def test_copy_snippet_without_clipboard_says_so_in_the_pages_language(
    page: Page, site_url: str
) -> None:
    page.add_init_script(
        "if (navigator.clipboard) navigator.clipboard.writeText = "
        "() => Promise.reject(new DOMException('denied'));"
    )
    open_page(page, site_url, "pt", STATE)
    embed_snippet(page)
    page.get_by_role("button", name=catalog("pt")["embed.copy_snippet"]).click()
    expect(page.locator("[data-embed-status]")).to_have_text(catalog("pt")["embed.copy_failed"])


# --- a host page on another origin --------------------------------------------------------


def test_a_host_on_another_origin_embeds_the_calculator(
    page: Page, started: Started, site_url: str, host: HostSite
) -> None:
    snippet = embed_snippet(started("pt", STATE))
    page.set_viewport_size({"width": 700, "height": 800})
    calculator = open_host(page, host, snippet)
    assert origin_of(host.url) != origin_of(site_url)
    expect(calculator.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", "4"
    )
    expect(calculator.locator(".page-header")).to_be_hidden()


def test_the_frame_grows_to_its_content(page: Page, started: Started, host: HostSite) -> None:
    snippet = embed_snippet(started("en", STATE))
    page.set_viewport_size({"width": 700, "height": 800})
    calculator = open_host(page, host, snippet)
    expect(calculator.locator("#chunk-map svg")).to_be_visible()
    wait_for_frame_height(page, content_height(page))
    assert frame_height(page) > SNIPPET_HEIGHT
    # A longer content (errors next to fields) grows it again.
    calculator.locator('[name="overlap"]').fill("900")
    expect(calculator.locator('[data-error-for="overlap"]')).not_to_be_empty()
    wait_for_frame_height(page, content_height(page))


def test_messages_from_other_sources_are_ignored(
    page: Page, started: Started, host: HostSite
) -> None:
    snippet = embed_snippet(started("en", STATE))
    page.set_viewport_size({"width": 700, "height": 800})
    calculator = open_host(page, host, snippet)
    expect(calculator.locator("#chunk-map svg")).to_be_visible()
    wait_for_frame_height(page, content_height(page))
    settled = frame_height(page)
    message = {"type": HEIGHT_MESSAGE, "height": 250}
    page.evaluate("message => window.postMessage(message, '*')", message)
    # Found through its element: Firefox's driver may not know a srcdoc frame's name yet.
    other = page.locator("iframe[name='other']").element_handle().content_frame()
    assert other is not None
    other.evaluate("message => parent.postMessage(message, '*')", message)
    time.sleep(0.5)
    assert frame_height(page) == settled
    # The calculator's own frame is heard, within the clamp.
    calculator.locator("body").evaluate(
        "(body, message) => parent.postMessage(message, '*')",
        {"type": HEIGHT_MESSAGE, "height": 99_999},
    )
    wait_for_frame_height(page, MAX_HEIGHT)


def test_the_frame_works_without_the_resize_script(
    page: Page, started: Started, host: HostSite
) -> None:
    snippet = embed_snippet(started("de", STATE))
    frame_only = snippet.split("<script>")[0]
    calculator = open_host(page, host, frame_only)
    expect(calculator.locator('.result-list [data-result="chunks"]')).to_have_attribute(
        "data-value", "4"
    )
    assert frame_height(page) == SNIPPET_HEIGHT


def test_the_hosts_theme_message_sets_the_theme_and_the_address(
    page: Page, site_url: str, host: HostSite
) -> None:
    calculator = open_host_listening(page, host, f"{site_url}it/?embed=1")
    post_to_calculator(page, {"type": THEME_MESSAGE, "theme": "dark"})
    expect(calculator.locator("html")).to_have_attribute("data-theme", "dark")
    expect(calculator.locator("body")).to_have_css("background-color", DARK_BACKGROUND)
    assert frame_search(calculator) == "?embed=1&theme=dark"
    # null: the visitor's preference (light, here), as without ?theme=.
    post_to_calculator(page, {"type": THEME_MESSAGE, "theme": None})
    expect(calculator.locator("body")).to_have_css("background-color", LIGHT_BACKGROUND)
    assert frame_search(calculator) == "?embed=1"


def test_back_or_forward_keeps_the_hosts_theme(page: Page, site_url: str, host: HostSite) -> None:
    calculator = open_host_listening(page, host, f"{site_url}pl/?embed=1&theme=light")
    post_to_calculator(page, {"type": THEME_MESSAGE, "theme": "dark"})
    expect(calculator.locator("html")).to_have_attribute("data-theme", "dark")
    # Back to an entry the frame had before the message, its address in place.
    calculator.locator("html").evaluate(
        """() => {
          history.pushState(null, "", location.pathname + "?embed=1&theme=light&tokens=900");
          dispatchEvent(new PopStateEvent("popstate"));
        }"""
    )
    expect(calculator.locator("html")).to_have_attribute("data-theme", "dark")
    assert frame_search(calculator) == "?tokens=900&embed=1&theme=dark"


def test_theme_messages_from_anyone_but_the_host_are_ignored(
    page: Page, site_url: str, host: HostSite
) -> None:
    calculator = open_host_listening(page, host, f"{site_url}en/?embed=1&theme=light")
    dark = {"type": THEME_MESSAGE, "theme": "dark"}
    calculator.locator("html").evaluate("(html, message) => window.postMessage(message, '*')", dark)
    # Found through its element: Firefox's driver may not know a srcdoc frame's name yet.
    other = page.locator("iframe[name='other']").element_handle().content_frame()
    assert other is not None
    other.evaluate("message => parent.frames[0].postMessage(message, '*')", dark)
    post_to_calculator(page, {"type": THEME_MESSAGE, "theme": "<b>"})
    time.sleep(0.5)
    expect(calculator.locator("html")).to_have_attribute("data-theme", "light")
    assert frame_search(calculator) == "?embed=1&theme=light"
