// The trade-off panel: the collection across chunk sizes and overlap shares, as Python plans
// it (calculator/_tradeoff.py), one figure at a time: a table (rows: chunk sizes; columns:
// overlap shares; the source for every reader), the same figures as a chart
// (tradeoff-chart.js), the storage's parts at each chunk size, and the plan exported as
// Markdown or CSV, which Python writes (calculator/protocol/_export.py) in this page's words.
//
// Its figures are asked for once the panel nears the screen, after the first answer: they
// plan the collection some fifty times over, which no first visit should wait for.

/** @typedef {import("answer-types").Answer} Answer */
/** @typedef {import("answer-types").TradeoffAnswer} TradeoffAnswer */
/** @typedef {import("answer-types").TradeoffPointAnswer} TradeoffPointAnswer */
/** @typedef {import("answer-types").StorageBreakdownAnswer} StorageBreakdownAnswer */
/** @typedef {import("answer-types").SizeFigureAnswer} SizeFigureAnswer */
import { writeData, writeHidden, writeStyle, writeText } from "../dom-write.js";
import { facts, formatter, message, strings } from "../page-context.js";
import { askFromNowOn, askOnce, computeNow, lastAnswer } from "../requests.js";
import { amountText, figuresChanged, markStale, painted } from "./panel-common.js";
import { dash, drawChart, marker, svgElement } from "./tradeoff-chart.js";
import { valueTicks } from "../../pure/axis.js";

const section = /** @type {HTMLElement} */ (document.getElementById("tradeoff"));
const $ = (/** @type {string} */ selector) =>
  /** @type {HTMLElement} */ (section.querySelector(selector));
const chartBox = $("[data-tradeoff-chart]");
// How far below the screen the panel may be when its figures are asked for.
const NEAR = "600px 0px";
const state = {
  near: false,
  asked: false,
  /** @type {string} */
  figure: "chunks",
  /** @type {TradeoffAnswer | null} */
  data: null,
  chartWidth: 0,
};
// The storage's parts in the order they add up, each with its answer keys and catalog key,
// and the export's words' catalog keys (calculator/protocol/_export.py, in the page's facts).
const PARTS = facts.storage_parts;
const EXPORT_WORD_KEYS = facts.export_word_keys;
const FILES = {
  markdown: { name: "rag-plan.md", type: "text/markdown;charset=utf-8" },
  csv: { name: "rag-plan.csv", type: "text/csv;charset=utf-8" },
};

/** The figure's name as its choice says it. */
function figureLabel(figure) {
  const input = /** @type {HTMLInputElement} */ (section.querySelector(`[value="${figure}"]`));
  return strings[input.dataset.labelKey];
}

/** A point's figure: its own, or (recall) the evaluation's measure at its window (a share,
 *  decimal text; undefined where it was not measured). */
function figureValue(/** @type {TradeoffPointAnswer} */ point, /** @type {string} */ figure) {
  return figure === "recall" ? point.retrieval?.recall : point[figure];
}

/** A point's figure as a cell shows it: a count, a binary size, an amount, a share.
 * @param {string} figure
 * @param {TradeoffPointAnswer} point
 */
function cellText(figure, point) {
  if (figure === "raw_vector_bytes") {
    return formatter.size(point.raw_vector_size.iec, strings["plural.bytes"]);
  }
  if (figure === "storage_bytes") {
    return formatter.size(point.storage_size.iec, strings["plural.bytes"]);
  }
  if (figure === "cost") {
    return amountText(point.cost);
  }
  if (figure === "recall") {
    const recall = figureValue(point, figure);
    return recall === undefined ? "–" : formatter.percent(recall);
  }
  return formatter.integer(point[figure]);
}

/** The overlap share's heading: "12,5 %", and the current one says it is yours. */
function seriesLabel(series) {
  const share = formatter.percent(series.share);
  return series.current ? message("tradeoff.series_current", { share }) : share;
}

/** The figures a choice needs: without them it is disabled, and the choice falls back. */
function available(figure, data) {
  const point = data.points[0];
  return point ? figureValue(point, figure) !== undefined : false;
}

function element(name, className = "", text = "") {
  const made = document.createElement(name);
  if (className) {
    made.className = className;
  }
  if (text) {
    made.textContent = text;
  }
  return made;
}

/** The figure's table: a row per chunk size, a column per overlap share. */
function paintTable(data, figure) {
  writeText(
    $("[data-tradeoff-caption]"),
    message("tradeoff.table_caption", { figure: figureLabel(figure) }),
  );
  const head = element("tr");
  const corner = element("th", "", strings["field.chunk_size.label"]);
  corner.scope = "col";
  head.append(corner);
  const columns = data.series.map(seriesLabel);
  for (const label of columns) {
    const cell = element("th", "", label);
    cell.scope = "col";
    head.append(cell);
  }
  $("[data-tradeoff-head]").replaceChildren(head);
  const rows = data.chunk_sizes.map((size) => {
    const row = element("tr");
    const name = element("th", "", formatter.integer(size));
    name.scope = "row";
    row.append(name);
    return row;
  });
  for (const point of data.points) {
    const cell = element("td", point.current ? "tradeoff-cell-current" : "");
    cell.dataset.label = columns[Number(point.series)];
    cell.dataset.chunkSize = point.chunk_size;
    cell.dataset.overlap = point.overlap;
    cell.dataset.value = figureValue(point, figure) ?? "";
    cell.append(element("span", "tradeoff-value", cellText(figure, point)));
    if (point.current) {
      cell.append(element("span", "tradeoff-current-mark", strings["compare.current"]));
    }
    const row = rows[data.chunk_sizes.indexOf(point.chunk_size)];
    if (point.over_limit) {
      cell.classList.add("tradeoff-cell-over");
      // Said once, under the row's chunk size (the limit cuts by size); shaded in each cell.
      if (!row.querySelector(".tradeoff-over-mark")) {
        const mark = element("span", "tradeoff-over-mark", strings["tradeoff.over_limit"]);
        row.firstElementChild?.append(mark);
      }
    }
    row.append(cell);
  }
  $("[data-tradeoff-body]").replaceChildren(...rows);
}

/** The value axis's ticks for `figure`, in the page's number format (../../pure/axis.js). */
function ticksFor(figure) {
  return (/** @type {number} */ max) =>
    valueTicks(figure, max, formatter, strings["plural.bytes"], facts.iec_units);
}

function paintChart(data, figure) {
  const series = data.series.map((entry, index) => ({
    label: seriesLabel(entry),
    short: formatter.percent(entry.share),
    current: entry.current,
    points: data.points
      .filter((point) => Number(point.series) === index)
      .map((point) => ({
        size: Number(point.chunk_size),
        // Positions only: Number's rounding is far below a pixel.
        value: Number(figureValue(point, figure)),
        exact: figureValue(point, figure),
        overlap: point.overlap,
        current: point.current,
      })),
  }));
  drawChart(chartBox, {
    sizes: data.chunk_sizes.map(Number),
    series,
    ticks: ticksFor(figure),
    sizeLabel: (size) => formatter.integer(String(size)),
    xTitle: strings["field.chunk_size.label"],
    yTitle: figureLabel(figure),
    currentLabel: strings["compare.current"],
    // The chunk sizes whose chunks the model's limit cuts: from the first of them on.
    limitFrom: Math.min(
      ...data.points.filter((point) => point.over_limit).map((point) => Number(point.chunk_size)),
    ),
    limitLabel: strings["tradeoff.over_limit"],
  });
  state.chartWidth = chartBox.clientWidth;
  const legend = $("[data-tradeoff-legend]");
  legend.replaceChildren(
    ...series.map((entry, index) => {
      const item = element("li", `tradeoff-series tradeoff-series-${index % 6}`);
      const swatch = svgElement(
        "svg",
        { width: 30, height: 12, viewBox: "0 0 30 12" },
        "tradeoff-swatch",
      );
      const line = svgElement("line", { x1: 1, x2: 29, y1: 6, y2: 6 }, "tradeoff-line");
      if (dash(index)) {
        line.setAttribute("stroke-dasharray", dash(index));
      }
      const mark = marker(index, 15, 6, 4);
      mark.setAttribute("class", "tradeoff-marker");
      swatch.append(line, mark);
      item.append(swatch, entry.label);
      return item;
    }),
  );
}

/** The storage's parts at each chunk size of the current share: bars and their table. */
function paintBreakdown(data) {
  const rows = data.breakdown;
  writeHidden($("[data-tradeoff-breakdown]"), rows.length === 0);
  // A database chosen: the points' storage is its, these parts the generic formula's.
  const generic = $("[data-tradeoff-breakdown-generic]");
  writeHidden(generic, data.database === undefined);
  if (data.database !== undefined) {
    const database = strings[`database.${data.database}`] ?? data.database;
    writeText(generic, message("tradeoff.breakdown_generic", { database }));
  }
  if (rows.length === 0) {
    return;
  }
  const parts = PARTS.filter(([bytes]) => rows.some((row) => row[bytes] !== "0"));
  const size = (figure) => formatter.size(figure.iec, strings["plural.bytes"]);
  // The table: chunk size, overlap, each part, the total.
  const head = element("tr");
  for (const key of [
    "field.chunk_size.label",
    "field.overlap.label",
    ...parts.map((part) => part[2]),
    "storage.total",
  ]) {
    const cell = element("th", "", strings[key]);
    cell.scope = "col";
    head.append(cell);
  }
  $("[data-tradeoff-parts-head]").replaceChildren(head);
  $("[data-tradeoff-parts-body]").replaceChildren(
    ...rows.map((row) => {
      const line = element("tr", row.current ? "tradeoff-row-current" : "");
      const name = element("th", "", formatter.integer(row.chunk_size));
      name.scope = "row";
      if (row.current) {
        name.append(element("span", "tradeoff-current-mark", strings["compare.current"]));
      }
      const overlap = element("td", "", formatter.integer(row.overlap));
      overlap.dataset.label = strings["field.overlap.label"];
      line.append(name, overlap);
      for (const [bytes, sized, key] of [
        ...parts,
        ["total_bytes", "total_size", "storage.total"],
      ]) {
        const cell = element("td", "", size(row[sized]));
        cell.dataset.label = strings[key];
        cell.dataset.value = row[bytes];
        cell.dataset.part = bytes;
        line.append(cell);
      }
      return line;
    }),
  );
  // The bars, each part's share of the largest total.
  const largest = Math.max(...rows.map((row) => Number(row.total_bytes))) || 1;
  $("[data-tradeoff-bars]").replaceChildren(
    ...rows.map((row) => {
      const line = element(
        "div",
        row.current ? "tradeoff-bar-row tradeoff-row-current" : "tradeoff-bar-row",
      );
      line.append(element("span", "tradeoff-bar-name", formatter.integer(row.chunk_size)));
      const bar = element("span", "tradeoff-bar");
      for (const [bytes] of parts) {
        const part = element(
          "span",
          `tradeoff-part tradeoff-part-${bytes.replace("_bytes", "").replaceAll("_", "-")}`,
        );
        writeStyle(part, "width", `${(100 * Number(row[bytes])) / largest}%`);
        bar.append(part);
      }
      line.append(bar, element("span", "tradeoff-bar-total", size(row.total_size)));
      return line;
    }),
  );
  $("[data-tradeoff-parts-legend]").replaceChildren(
    ...parts.map(([bytes, , key]) => {
      const item = element("li");
      item.append(
        element(
          "span",
          `swatch tradeoff-part tradeoff-part-${bytes.replace("_bytes", "").replaceAll("_", "-")}`,
        ),
        strings[key],
      );
      return item;
    }),
  );
}

/** Which figures can be shown (raw size and storage need dimensions, cost a price), and the
 *  chosen one, or chunks when it cannot. */
function paintChoice(data) {
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (
    section.querySelectorAll("[name=tradeoff-figure]")
  )) {
    input.disabled = !available(input.value, data);
  }
  writeHidden($('[data-tradeoff-needs="dimensions"]'), available("raw_vector_bytes", data));
  writeHidden($('[data-tradeoff-needs="price"]'), available("cost", data));
  writeHidden($('[data-tradeoff-needs="retrieval"]'), available("recall", data));
  if (!available(state.figure, data)) {
    state.figure = "chunks";
    /** @type {HTMLInputElement} */ (section.querySelector('[value="chunks"]')).checked = true;
  }
}

function paint() {
  const data = state.data;
  if (!data) {
    return;
  }
  paintChoice(data);
  paintTable(data, state.figure);
  paintChart(data, state.figure);
  paintBreakdown(data);
}

/** Ask for the grid from now on, once the panel is near and a first answer was shown. */
function askWhenNear() {
  if (state.near && !state.asked && lastAnswer()) {
    state.asked = true;
    askFromNowOn({ tradeoff: true });
    computeNow(true);
  }
}

/**
 * @param {Answer} answer
 */
export function showTradeoff(answer) {
  if (!state.asked) {
    askWhenNear();
    return;
  }
  const stale = answer.panels?.tradeoff === "stale";
  if (!stale && answer.tradeoff) {
    if (figuresChanged("tradeoff", answer.tradeoff)) {
      state.data = answer.tradeoff;
      writeHidden($("[data-panel-figures]"), false);
      writeHidden($("[data-tradeoff-loading]"), true);
      paint();
    }
    painted.add("tradeoff");
  }
  writeData(section, "state", stale ? "stale" : state.data ? "ready" : "loading");
  // Asked while a field is invalid, nothing is being calculated: the field's error says why.
  writeHidden($("[data-tradeoff-loading]"), stale || state.data !== null);
  markStale(section, stale);
}

// --- export ---------------------------------------------------------------------------------

/** "{value} %" where the language puts a space before the sign, as Intl writes it. */
function percentPattern() {
  const parts = formatter.numberFormat("percent-pattern", { style: "percent" }).formatToParts(0.5);
  return parts.map((part) => (part.type === "integer" ? "{value}" : part.value)).join("");
}

/** The catalog's word for `category`'s count of bytes, without the count ("Bytes", "bajtów"). */
function bytesWord(category) {
  const entry = strings["plural.bytes"];
  return (entry[category] ?? entry.other).replace("{count}", "").trim();
}

function exportWords() {
  // The byte counts worded as the page words them; a CSV column's heading has the symbol.
  /** @type {Record<string, string>} */
  const words = {
    byte: bytesWord("one"),
    bytes: bytesWord("other"),
    bytes_few: bytesWord("few"),
    bytes_many: bytesWord("many"),
    bytes_unit: "B",
    percent: percentPattern(),
  };
  for (const [word, key] of Object.entries(EXPORT_WORD_KEYS)) {
    words[word] = strings[key];
  }
  return words;
}

function download(text, file) {
  const url = URL.createObjectURL(new Blob([text], { type: file.type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  section.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The text of the option chosen in `select` (a selector), or "". */
function chosen(/** @type {string} */ selector) {
  const select = /** @type {HTMLSelectElement | null} */ (document.querySelector(selector));
  return select?.selectedOptions[0]?.textContent?.trim() ?? "";
}

/** What made the plan, as (label, value) rows in the page's words, for the export's first
 *  section: the model, the counter's tokenizer and splitter when text was counted, the
 *  database, the vectors, and the tool's version the build wrote into the page. */
function exportSettings() {
  const counted = /** @type {HTMLElement | null} */ (
    document.querySelector("[data-count] [data-result=text_tokens]")
  );
  const dimensions = /** @type {HTMLInputElement | null} */ (
    document.getElementById("field-dimensions")
  );
  const version = document.querySelector('meta[name="generator"]')?.getAttribute("content");
  const rows = [
    [strings["field.model.label"], chosen("select[name=model]")],
    ...(counted?.dataset.value
      ? [
          [strings["count.encoding_label"], chosen("#count-encoding")],
          [strings["count.splitter_label"], chosen("#count-splitter")],
        ]
      : []),
    [strings["field.database.label"], chosen("select[name=database]")],
    [strings["field.dimensions.label"], dimensions?.value.trim() ?? ""],
    [strings["field.dtype.label"], chosen("select[name=dtype]")],
    [strings["export.tool"], version ?? ""],
  ];
  return rows.filter(([, value]) => value);
}

/** The warnings the page shows now (the model's input limit) and where the model's values
 *  come from, each a line of the export's first section. */
function exportNotes() {
  const notes = [];
  // Whose chunks the figures are (a splitter's, measured), and at which of the grid's points.
  const splitNotes = document.querySelectorAll(
    '[data-chunker-note], [data-tradeoff-split]:not([data-state="progress"])',
  );
  for (const note of splitNotes) {
    const text = note.querySelector("[data-tradeoff-split-text]") ?? note;
    if (!note.closest("[hidden]") && text.textContent?.trim()) {
      notes.push(text.textContent.trim());
    }
  }
  for (const warning of document.querySelectorAll("[data-limit-warning]")) {
    const text = warning.textContent?.trim();
    if (text && !warning.closest("[hidden]")) {
      notes.push(text);
    }
  }
  // Each source: its field, its value, the day it was checked, and its addresses.
  for (const source of document.querySelectorAll("[data-model-source-list] .model-source")) {
    if (!source.closest("[hidden]")) {
      const text = (/** @type {string} */ selector) =>
        [...source.querySelectorAll(selector)].map((part) => part.textContent?.trim() ?? "");
      const [label, value, where] = text("dt, .model-source-value, .model-source-where");
      const addresses = text(".model-source-addresses span").join(", ");
      notes.push(`${label}: ${value} (${where}; ${addresses})`);
    }
  }
  return notes;
}

async function exportPlan(action, fileFormat) {
  const status = $("[data-tradeoff-export-status]");
  const box = $("[data-tradeoff-export-box]");
  const field = /** @type {HTMLTextAreaElement} */ ($("[data-tradeoff-export-text]"));
  writeText(status, "");
  let exported;
  try {
    const request = {
      format: fileFormat,
      words: exportWords(),
      // Polish writes 2048 ungrouped (CLDR's minimum grouping digits), as this page does.
      group_four_digits: formatter.integer("1000") !== "1000",
      settings: exportSettings(),
      notes: exportNotes(),
    };
    exported = (await askOnce({ export: request })).export;
  } catch {
    exported = undefined;
  }
  if (!exported) {
    writeText(status, strings["tradeoff.export_failed"]);
    return;
  }
  field.value = exported.text;
  section.dataset.exported = exported.format;
  if (action === "download") {
    download(exported.text, FILES[fileFormat]);
    writeText(status, message("tradeoff.downloaded", { file: FILES[fileFormat].name }));
    return;
  }
  try {
    await navigator.clipboard.writeText(exported.text);
    writeHidden(box, true);
    writeText(status, strings["tradeoff.copied"]);
  } catch {
    // No clipboard (an insecure origin, a refused permission): the text, selected, to copy.
    writeHidden(box, false);
    field.focus();
    field.select();
    writeText(status, strings["tradeoff.copy_failed"]);
  }
}

// --- start ----------------------------------------------------------------------------------

export function startTradeoff() {
  // The figure choice is the panel's own: it is never sent, so no calculation follows it.
  section.addEventListener("input", (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    event.stopPropagation();
    if (target.name === "tradeoff-figure") {
      state.figure = target.value;
      paint();
    }
  });
  const choice = /** @type {HTMLFormElement} */ ($("[data-tradeoff-choice]"));
  choice.addEventListener("submit", (event) => event.preventDefault());
  // A reset (the tests' return to a link) checks the first figure again: show it.
  choice.addEventListener("reset", () => {
    setTimeout(() => {
      const checked = /** @type {HTMLInputElement | null} */ (choice.querySelector(":checked"));
      state.figure = checked?.value ?? "chunks";
      paint();
    });
  });
  section.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("[data-tradeoff-export]");
    if (button instanceof HTMLElement) {
      exportPlan(button.dataset.tradeoffExport, button.dataset.format);
    }
  });
  new IntersectionObserver(
    (entries, observer) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        state.near = true;
        observer.disconnect();
        askWhenNear();
      }
    },
    { rootMargin: NEAR },
  ).observe(section);
  // The chart is drawn at its box's width: again when that changes (a turned phone).
  new ResizeObserver(() => {
    if (state.data && chartBox.clientWidth !== state.chartWidth) {
      paintChart(state.data, state.figure);
    }
  }).observe(chartBox);
}
