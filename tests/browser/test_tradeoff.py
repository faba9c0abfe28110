"""The trade-off panel, and every table and chart of the page at a phone's and a desktop's
width in all five languages.

The rule the layout test holds the page to, at 390 and 1280 px, with a collection of 50,000
documents, a comparison of three configurations, the counter's table and the trade-off shown:
the page never scrolls sideways (its scroll width is the window's), and no table or chart
does either: the box around each table and each chart is as wide as its content, no part of
them lies outside that box, and no cell's content is wider than the cell.  There is no
exception for a box that could scroll (``overflow-x: auto``): a table that scrolls hides its
columns from a phone's reader without a sign, so where the columns do not fit each row
becomes a card of labelled figures instead.  Panels below the first screen are laid out as
they are once scrolled to (``content-visibility`` set to visible while measuring).

The trade-off's figures, in its table and on its chart, are Python's for every point;
its export is Python's text in the page's words.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

import calculator
from browser import test_a11y
from browser.conftest import Started
from browser.test_a11y import serious_violations
from browser.test_page import NBSP, catalog, localized
from calculator._decimals import decimal_text
from calculator._documents import plan_equal_documents
from calculator._tradeoff import Tradeoff, tradeoff
from calculator.protocol._export import export_csv
from site_build.project import load_pyproject

LANGUAGES = ("en", "pt", "de", "it", "pl")
COLLECTION = (
    "?corpus=documents&documents=50000&average_tokens=1200"
    "&compare=512:64,1024:128:768:int8,256:0"
    "&metadata_bytes=200&replicas=2&text_bytes_per_token=4.29&price_per_million=0.02"
)
WIDTHS = (390, 1280)
# Playwright's default window, as the shared pages have it.
DEFAULT_VIEWPORT: ViewportSize = {"width": 1280, "height": 720}
SAMPLE = "Chunking splits every document into windows of tokens. " * 20

# The rule above, as problems found: none is a pass.
SIDEWAYS = """() => {
  const problems = [];
  const classes = (el) =>
    typeof el.className === "string" && el.className.trim()
      ? `.${el.className.trim().split(/\\s+/).join(".")}`
      : "";
  const name = (el) =>
    `${el.closest("section")?.id ?? "page"}: ${el.tagName.toLowerCase()}${classes(el)}`;
  for (const el of document.querySelectorAll("*")) {
    if (getComputedStyle(el).contentVisibility === "auto") {
      el.style.contentVisibility = "visible";
    }
  }
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth) {
    problems.push(`the page scrolls: ${root.scrollWidth} > ${innerWidth}`);
  }
  // Shown and not clipped on purpose (a table's visually hidden headings).
  const shown = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (at.hidden || style.display === "none" || style.clipPath !== "none") {
        return false;
      }
    }
    return true;
  };
  const boxes = new Set();
  for (const table of document.querySelectorAll("table")) {
    boxes.add(table.parentElement);
  }
  const charts = ".chunk-map, .tradeoff-plot, .tradeoff-bars, .budget-bar";
  for (const chart of document.querySelectorAll(charts)) {
    boxes.add(chart);
  }
  const checked = [];
  for (const box of boxes) {
    if (!shown(box)) {
      continue;
    }
    checked.push(name(box));
    if (box.scrollWidth > box.clientWidth + 1) {
      problems.push(`${name(box)} scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
    }
    const edge = box.getBoundingClientRect();
    for (const el of box.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || !shown(el)) {
        continue;
      }
      if (rect.right > edge.right + 1 || rect.left < edge.left - 1) {
        const where = `${rect.left}-${rect.right} of ${edge.left}-${edge.right}`;
        problems.push(`${name(el)} sticks out of ${name(box)}: ${where}`);
      }
      if ((el.tagName === "TD" || el.tagName === "TH") && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${name(el)} is wider than its cell: ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
  }
  return { problems, checked };
}"""


def show_tradeoff(page: Page) -> None:
    """Scroll to the trade-off and wait for its figures (asked for once it is near)."""
    page.locator("#tradeoff").scroll_into_view_if_needed()
    expect(page.locator("#tradeoff")).to_have_attribute("data-state", "ready")


def count_sample(page: Page) -> None:
    """The counter's table with one counted document."""
    page.locator("#count-text").fill(SAMPLE)
    expect(page.locator("[data-count-documents] tr")).to_have_count(1, timeout=60_000)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_table_or_chart_scrolls_sideways(started: Started, lang: str) -> None:
    page = started(lang, COLLECTION)
    count_sample(page)
    show_tradeoff(page)
    try:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            # The chart is drawn again at its box's new width.
            page.wait_for_function(
                """() => {
                  const box = document.querySelector("[data-tradeoff-chart]");
                  return box.firstElementChild?.getAttribute("width") ==
                    String(Math.max(240, Math.floor(box.clientWidth)));
                }"""
            )
            found = page.evaluate(SIDEWAYS)
            assert found["problems"] == [], (lang, width, found["problems"])
            # What was measured: the comparison, the documents, the trade-off's two tables and
            # its chart, the counter's table, among others.
            for box in ("compare: div", "documents: div", "tradeoff: div.tradeoff-plot",
                        "count: div", "storage: div"):  # fmt: skip
                assert any(name.startswith(box) for name in found["checked"]), (box, found)
    finally:
        page.set_viewport_size(DEFAULT_VIEWPORT)


def expected_grid() -> Tradeoff:
    """The collection's trade-off as the calculator plans it."""
    vectors = calculator.vector_size(1, 384)
    storage = calculator.storage_size(
        vectors, 0, metadata_bytes=200, replicas=2, text_bytes_per_token=Fraction("4.29")
    )
    return tradeoff(
        plan_equal_documents(50_000, 1200, 512, 64),
        vectors=vectors,
        storage=storage,
        price_per_million=Fraction("0.02"),
    )


PAINTED = """(figure) => ({
  cells: [...document.querySelectorAll("[data-tradeoff-body] td")].map((cell) => [
    cell.dataset.chunkSize, cell.dataset.overlap, cell.dataset.value,
    cell.querySelector(".tradeoff-value").textContent,
    cell.classList.contains("tradeoff-cell-current"),
  ]),
  markers: [...document.querySelectorAll("[data-tradeoff-chart] .tradeoff-marker")].map((mark) => [
    mark.dataset.chunkSize, mark.dataset.overlap, mark.dataset.value,
  ]),
  current: document.querySelector("[data-tradeoff-chart] .tradeoff-current")?.dataset.value,
})"""
FIGURES: dict[str, Callable[[Any], object]] = {
    "chunks": lambda point: point.chunks,
    "tokens_processed": lambda point: point.tokens_processed,
    "raw_vector_bytes": lambda point: point.vectors.raw_bytes,
    "storage_bytes": lambda point: point.storage.total_bytes,
    "cost": lambda point: point.cost,
}


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_the_tables_and_charts_figures_are_the_calculators(started: Started, lang: str) -> None:
    page = started(lang, COLLECTION)
    show_tradeoff(page)
    grid = expected_grid()
    for figure, of in FIGURES.items():
        page.locator(f'#tradeoff [name="tradeoff-figure"][value="{figure}"]').check()
        painted = page.evaluate(PAINTED, figure)
        expected = []
        for point in grid.points:
            value = of(point)
            text = decimal_text(value, places=12) if isinstance(value, Fraction) else str(value)
            expected.append([str(point.chunk_size), str(point.overlap), text])
        # Every point, in the table (by rows of chunk sizes) and on the chart (by series).
        assert sorted(cell[:3] for cell in painted["cells"]) == sorted(expected), figure
        assert painted["markers"] == expected, figure
        [current] = [cell for cell in painted["cells"] if cell[4]]
        assert current[:2] == ["512", "64"]
        assert painted["current"] == current[2]
        if figure in ("chunks", "tokens_processed"):
            for size, overlap, value, text, _ in painted["cells"]:
                assert text == localized(int(value), lang), (size, overlap)


def test_the_grid_is_asked_for_only_once_the_panel_is_near(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page()
    page.goto(f"{site_url}en/{COLLECTION}")
    expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=90_000)
    top = page.evaluate("document.getElementById('tradeoff').getBoundingClientRect().top")
    # More than the panel's 600 px of notice below the window: no first answer carries it.
    assert top > DEFAULT_VIEWPORT["height"] + 600, top
    expect(page.locator("#tradeoff")).not_to_have_attribute("data-state", "ready")
    expect(page.locator("[data-tradeoff-loading]")).to_be_visible()
    show_tradeoff(page)
    expect(page.locator("[data-tradeoff-loading]")).to_be_hidden()


def export_words(lang: str) -> list[str]:
    """The CSV's headings as the page's catalog words them (in calculator/protocol/_export.py's
    order)."""
    words = catalog(lang)
    bytes_ = "B"
    parts = ["storage.raw", "storage.graph", "storage.text", "storage.metadata",
             "export.quantized_copy", "tradeoff.part.replicas", "storage.total"]  # fmt: skip
    return [
        words["field.documents.label"], words["count.col_tokens"],
        words["field.chunk_size.label"], words["field.overlap.label"],
        words["export.overlap_share"], words["compare.col_chunks"],
        words["compare.col_tokens_processed"], words["compare.col_repeated"],
        words["compare.col_padded"], *(f"{words[part]} ({bytes_})" for part in parts),
        words["cost.heading"], words["compare.current"],
    ]  # fmt: skip


# What a download button hands the browser: the Blob and the file's name, recorded instead of
# saved (Playwright's Firefox driver reports no download event); put back afterwards.
RECORD_DOWNLOADS = """() => {
  const saved = { create: URL.createObjectURL, click: HTMLAnchorElement.prototype.click };
  window.__downloads = [];
  window.__restoreDownloads = () => {
    URL.createObjectURL = saved.create;
    HTMLAnchorElement.prototype.click = saved.click;
  };
  URL.createObjectURL = (blob) => {
    const url = saved.create.call(URL, blob);
    window.__downloads.push({ url, blob });
    return url;
  };
  HTMLAnchorElement.prototype.click = function () {
    const made = window.__downloads.find((entry) => entry.url === this.href);
    if (this.download && made) {
      made.name = this.download;
      return;
    }
    saved.click.call(this);
  };
}"""
LAST_DOWNLOAD = """async () => {
  const last = window.__downloads.at(-1);
  return { name: last.name, type: last.blob.type, text: await last.blob.text() };
}"""


def test_the_plan_downloads_and_copies_in_the_pages_words(started: Started) -> None:
    lang = "pl"
    page = started(lang, COLLECTION)
    show_tradeoff(page)
    page.evaluate(RECORD_DOWNLOADS)
    try:
        page.locator('[data-tradeoff-export="download"][data-format="csv"]').click()
        page.wait_for_function("() => window.__downloads.some((entry) => entry.name)")
        download = page.evaluate(LAST_DOWNLOAD)
    finally:
        page.evaluate("() => window.__restoreDownloads()")
    assert (download["name"], download["type"]) == ("rag-plan.csv", "text/csv;charset=utf-8")
    rows = list(csv.reader(io.StringIO(download["text"])))
    assert rows[0] == export_words(lang)
    python = list(csv.reader(io.StringIO(export_csv(expected_grid()))))
    assert rows[1:] == python[1:]
    # Markdown: copied, or shown to copy where the clipboard refuses; the figures in Polish.
    page.locator('[data-tradeoff-export="copy"][data-format="markdown"]').click()
    words = catalog(lang)
    either = f"^({re.escape(words['tradeoff.copied'])}|{re.escape(words['tradeoff.copy_failed'])})$"
    expect(page.locator("[data-tradeoff-export-status]")).to_have_text(re.compile(either))
    text = page.locator("[data-tradeoff-export-text]").input_value()
    figures = f"150{NBSP}000 | 66{NBSP}400{NBSP}000"
    current = f"| 512 ({words['compare.current']}) | 64 | 12,5% | {figures} |"
    assert current in text, text[:600]
    assert f"| {words['compare.col_chunks']} |" in text
    assert f"## {words['tradeoff.heading']}" in text
    assert "| 2048 |" in text  # Polish groups from five digits, as the page does
    # Byte counts in the page's words and spacing ("6144 bajty (6 KiB)"), not a bare "B".
    assert re.search(rf"\d{NBSP}(bajty|bajtów) \(≈?{NBSP}?\d", text), text[:600]
    assert not re.search(r"\d B\b", text), text[:600]


@pytest.mark.parametrize("lang", ["it"])
def test_the_markdown_names_what_made_the_plan_with_its_warnings(
    started: Started, lang: str
) -> None:
    """The export's first section: the model, the database, the vectors and the tool's version
    in the page's words, then the warnings the page shows and the model's sources."""
    page = started(lang, COLLECTION + "&model=all-MiniLM-L6-v2&database=pgvector")
    warning = page.locator('[data-limit-warning="field"]')
    expect(warning).to_be_visible()  # 512 tokens: longer than MiniLM's limit of 256
    show_tradeoff(page)
    page.locator('[data-tradeoff-export="copy"][data-format="markdown"]').click()
    words = catalog(lang)
    text = page.locator("[data-tradeoff-export-text]")
    expect(text).not_to_have_value("")
    exported = text.input_value()
    settings = exported.split(f"## {words['export.plan']}")[0]
    assert settings.startswith(f"## {words['export.settings']}\n"), settings
    model = (page.locator("select[name=model] option:checked").text_content() or "").strip()
    database = (page.locator("select[name=database] option:checked").text_content() or "").strip()
    assert f"| {words['field.model.label']} | {model} |" in settings
    assert f"| {words['field.database.label']} | {database} |" in settings
    version = load_pyproject()["project"]["version"]
    assert f"| {words['export.tool']} | rag-chunk-planner {version} |" in settings
    assert f"| {words['count.encoding_label']} |" not in settings  # nothing was counted
    assert f"- {' '.join(warning.inner_text().split())}" in settings
    # The model's sources, as text: field, value, hosts and day, then the addresses.
    assert re.search(r"\n- [^\n]+: 384 \([^;\n]+; [a-z0-9.-]+\.[a-z]+/[^\n]+\)\n", settings), (
        settings
    )


@pytest.mark.parametrize("lang", ["de"])
def test_the_limit_is_shaded_and_the_storage_is_the_databases(started: Started, lang: str) -> None:
    """MiniLM takes 256 tokens with its own 2: every chunk size from 256 on cuts the corpus's
    chunks, shaded on the chart and marked in the table; the storage at every point is
    pgvector's, as the storage panel's total at the current one."""
    page = started(lang, COLLECTION + "&model=all-MiniLM-L6-v2&database=pgvector")
    show_tradeoff(page)
    words = catalog(lang)
    shade = page.locator("[data-tradeoff-chart] .tradeoff-over-limit")
    expect(shade).to_have_count(1)
    expect(shade).to_have_attribute("data-from", "256")
    expect(page.locator("[data-tradeoff-chart] .tradeoff-over-label")).to_have_text(
        words["tradeoff.over_limit"]
    )
    marked = page.locator("[data-tradeoff-body] td.tradeoff-cell-over")
    sizes = {cell.get_attribute("data-chunk-size") for cell in marked.all()}
    assert sizes == {"256", "384", "512", "768", "1024", "1536", "2048"}
    generic = page.locator("[data-tradeoff-breakdown-generic]")
    expect(generic).to_have_text(
        words["tradeoff.breakdown_generic"].replace("{database}", words["database.pgvector"])
    )
    # Said once a row, under its chunk size.
    marks = page.locator("[data-tradeoff-body] th .tradeoff-over-mark")
    expect(marks).to_have_count(7)
    expect(marks.first).to_have_text(words["tradeoff.over_limit"])
    page.locator('#tradeoff [name="tradeoff-figure"][value="storage_bytes"]').check()
    current = page.locator("[data-tradeoff-body] td.tradeoff-cell-current")
    total = page.locator('#storage [data-database-row="total"] [data-life-value]')
    expect(total).not_to_have_attribute("data-value", "")
    expect(current).to_have_attribute("data-value", total.get_attribute("data-value") or "-")


def test_the_chart_follows_the_theme(new_page: Callable[..., Page], site_url: str) -> None:
    """Light and dark: each series keeps 3:1 against the panel, and differs from the others
    in dash and marker shape besides its colour."""
    colours: dict[str, list[str]] = {}
    for scheme in ("light", "dark"):
        page = new_page(color_scheme=scheme)
        page.goto(f"{site_url}en/{COLLECTION}")
        expect(page.locator("html")).to_have_attribute("data-state", "ready", timeout=90_000)
        show_tradeoff(page)
        found = page.evaluate(
            """() => {
              const surface = getComputedStyle(document.getElementById("tradeoff")).backgroundColor;
              const chart = document.querySelector("[data-tradeoff-chart]");
              const series = [...chart.querySelectorAll("g.tradeoff-series .tradeoff-line")];
              return {
                surface,
                strokes: series.map((line) => getComputedStyle(line).stroke),
                dashes: series.map((line) => line.getAttribute("stroke-dasharray") ?? ""),
                shapes: [...document.querySelectorAll("[data-tradeoff-chart] g.tradeoff-series")]
                  .filter((group) => group.querySelector(".tradeoff-marker"))
                  .map((group) => group.querySelector(".tradeoff-marker").dataset.shape),
              };
            }"""
        )
        assert len(set(found["dashes"])) == len(found["dashes"]), found
        assert len(set(found["shapes"])) == len(found["shapes"]), found
        for stroke in found["strokes"]:
            assert contrast(stroke, found["surface"]) >= 3, (scheme, stroke, found["surface"])
        colours[scheme] = found["strokes"]
    assert colours["light"] != colours["dark"]


def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two rgb() colours."""

    def luminance(colour: str) -> float:
        channels = [int(part) / 255 for part in colour[colour.index("(") + 1 : -1].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_expected_grid_is_the_answers() -> None:
    """The expectation above is the page's own request answered in Python."""
    fields = dict(calculator.DEFAULT_FIELDS) | {
        "corpus": "documents", "documents": "50000", "average_tokens": "1200",
        "metadata_bytes": "200", "replicas": "2", "text_bytes_per_token": "4.29",
        "price_per_million": "0.02",
    }  # fmt: skip
    answer = json.loads(calculator.respond(json.dumps({"fields": fields, "tradeoff": True})))
    points = answer["tradeoff"]["points"]
    assert [point["chunks"] for point in points] == [
        str(point.chunks) for point in expected_grid().points
    ]


# axe-core, as the accessibility tests fetch and check it.
axe_source = test_a11y.axe_source


@pytest.mark.parametrize("figure", ["storage_bytes", "cost"])
def test_axe_finds_no_serious_problem_in_the_painted_panel(
    started: Started, axe_source: str, figure: str
) -> None:
    page = started("it", COLLECTION)
    show_tradeoff(page)
    page.locator(f'#tradeoff [name="tradeoff-figure"][value="{figure}"]').check()
    assert serious_violations(page, axe_source, "#tradeoff") == []


def test_an_invalid_field_leaves_the_figures_out_of_date(started: Started) -> None:
    page = started("de", COLLECTION)
    show_tradeoff(page)
    stale = page.locator("#tradeoff [data-panel-stale]")
    page.locator('[name="replicas"]').first.fill("x")
    expect(page.locator("#tradeoff")).to_have_attribute("data-state", "stale")
    expect(stale).to_be_visible()
    # The last figures stay, faded, until the field is right again.
    expect(page.locator("[data-tradeoff-body] .tradeoff-cell-current")).to_have_attribute(
        "data-value", "150000"
    )
    page.locator('[name="replicas"]').first.fill("3")
    expect(page.locator("#tradeoff")).to_have_attribute("data-state", "ready")
    expect(stale).to_be_hidden()
    page.locator('#tradeoff [name="tradeoff-figure"][value="storage_bytes"]').check()
    three = next(p for p in expected_grid().points if p.current).storage
    assert three is not None
    # Three copies of one copy's parts: 3 × (raw + graph + text + metadata).
    expect(page.locator("[data-tradeoff-body] .tradeoff-cell-current")).to_have_attribute(
        "data-value", str(3 * three.replica_bytes)
    )
