// The trade-off's chart: one figure across chunk sizes (a base-2 logarithmic axis, so 128,
// 256, 512... lie evenly apart), one line per overlap share, the current choice ringed and
// named. Drawn with the DOM's SVG API at the width its box has (text at the page's own
// size), again when that width changes. Each series differs in colour, dash and marker
// shape, and is named at its end, so no reader depends on hue; the colours are CSS classes
// that hold in light and dark mode (tradeoff.css). Only geometry is set as attributes.
// The chart repeats the table for the eye and is hidden from screen readers; its markers
// carry the exact figures they draw (data-value) for the tests.

const SVG_NS = "http://www.w3.org/2000/svg";
const HEIGHT = 300;
const TOP = 28;
const BOTTOM = 46;
// About the advance of a digit at the scale's small size (0.8rem): labels are measured by it.
const CHAR_WIDTH = 7.2;
const LABEL_GAP = 10;
const MIN_LABEL_SPACING = 15;
const MIN_WIDTH = 240;
const SERIES_STYLES = 6;
const MARKER_SIZE = 4.5;
// Dashes by series, a second sign besides the colour (and the marker's shape).
const DASHES = ["", "7 3", "2 3", "9 3 2 3", "4 4", "1 3"];

/**
 * @typedef {{size: number, value: number, exact: string, overlap: string, current: boolean}} ChartPoint
 * `label` names a series in the legend, `short` at its line's end (the current one in bold).
 * @typedef {{label: string, short: string, current: boolean, points: ChartPoint[]}} ChartSeries
 * @typedef {{
 *   sizes: number[],
 *   series: ChartSeries[],
 *   ticks: (max: number) => {value: number, label: string}[],
 *   sizeLabel: (size: number) => string,
 *   xTitle: string,
 *   yTitle: string,
 *   currentLabel: string,
 *   limitFrom?: number,
 *   limitLabel?: string,
 * }} Chart
 * `limitFrom`: the smallest chunk size whose chunks the model's limit cuts (Infinity: none);
 * the sizes from it on are shaded and `limitLabel` says why.
 */

/**
 * @param {string} name
 * @param {Record<string, string | number>} [attributes]
 * @param {string} [className]
 */
export function svgElement(name, attributes = {}, className = "") {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    element.setAttribute(key, String(value));
  }
  if (className) {
    element.setAttribute("class", className);
  }
  return element;
}

function svgText(x, y, text, className, anchor = "middle") {
  const element = svgElement("text", { x, y, "text-anchor": anchor }, className);
  element.textContent = text;
  return element;
}

// The markers' shapes by series, as corners (x, y pairs) of a polygon of half-width 1; the
// first is a circle.  A plus: its arm's half-width is a third of its length.
const T = 0.35;
/** @type {[string, number[]][]} */
const SHAPES = [
  ["circle", []],
  ["square", [-1, -1, 1, -1, 1, 1, -1, 1]],
  ["triangle-up", [0, -1.2, 1.1, 0.8, -1.1, 0.8]],
  ["diamond", [0, -1.3, 1.1, 0, 0, 1.3, -1.1, 0]],
  ["triangle-down", [0, 1.2, 1.1, -0.8, -1.1, -0.8]],
  ["plus", [-1, -T, -T, -T, -T, -1, T, -1, T, -T, 1, -T, 1, T, T, T, T, 1, -T, 1, -T, T, -1, T]],
];

/** A marker of series `index`'s shape centred on (x, y), named in its data-shape. */
export function marker(index, x, y, size = MARKER_SIZE) {
  const [name, corners] = SHAPES[index % SERIES_STYLES];
  let made;
  if (corners.length === 0) {
    made = svgElement("circle", { cx: x, cy: y, r: size });
  } else {
    const points = [];
    for (let i = 0; i < corners.length; i += 2) {
      points.push(
        `${(x + size * corners[i]).toFixed(1)},${(y + size * corners[i + 1]).toFixed(1)}`,
      );
    }
    made = svgElement("polygon", { points: points.join(" ") });
  }
  made.dataset.shape = name;
  return made;
}

/** The dash of series `index` (an empty string: a solid line). */
export function dash(index) {
  return DASHES[index % SERIES_STYLES];
}

/** Labels at `positions` (centres, in order along an axis) kept where they do not touch
 *  the one kept before; `keep` first (the current size's), the others around it. */
function thinned(positions, widths, keep) {
  const kept = new Set(keep === -1 ? [] : [keep]);
  const overlaps = (a, b) =>
    Math.abs(positions[a] - positions[b]) < (widths[a] + widths[b]) / 2 + 6;
  positions.forEach((_, index) => {
    if (![...kept].some((other) => overlaps(index, other))) {
      kept.add(index);
    }
  });
  return kept;
}

/** Series labels at their lines' ends, moved apart to MIN_LABEL_SPACING (in order, then
 *  pulled back inside the plot when the last ones ran past its bottom). */
function spread(wanted, top, bottom) {
  const order = wanted.map((y, index) => ({ y, index })).sort((a, b) => a.y - b.y);
  for (let i = 1; i < order.length; i += 1) {
    order[i].y = Math.max(order[i].y, order[i - 1].y + MIN_LABEL_SPACING);
  }
  const overflow = order.length ? order[order.length - 1].y - bottom : 0;
  if (overflow > 0) {
    for (const item of order) {
      item.y -= overflow;
    }
    for (let i = order.length - 2; i >= 0; i -= 1) {
      order[i].y = Math.min(order[i].y, order[i + 1].y - MIN_LABEL_SPACING);
    }
  }
  const placed = [];
  for (const item of order) {
    placed[item.index] = Math.max(item.y, top);
  }
  return placed;
}

/**
 * Draw `chart` into `box`, as wide as the box is.
 * @param {HTMLElement} box
 * @param {Chart} chart
 */
export function drawChart(box, chart) {
  const width = Math.max(MIN_WIDTH, Math.floor(box.clientWidth));
  const max = Math.max(0, ...chart.series.flatMap((series) => series.points.map((p) => p.value)));
  const ticks = chart.ticks(max);
  const top = ticks.length ? ticks[ticks.length - 1].value : 1;
  const left = Math.ceil(Math.max(...ticks.map((tick) => tick.label.length), 2) * CHAR_WIDTH) + 14;
  const right =
    Math.ceil(Math.max(...chart.series.map((series) => series.short.length)) * CHAR_WIDTH) + 22;
  const plotWidth = Math.max(60, width - left - right);
  const plotBottom = HEIGHT - BOTTOM;
  const logs = chart.sizes.map(Math.log2);
  const [low, high] = [Math.min(...logs), Math.max(...logs)];
  const x = (size) =>
    left + (high === low ? plotWidth / 2 : ((Math.log2(size) - low) / (high - low)) * plotWidth);
  const y = (value) => plotBottom - (top > 0 ? (value / top) * (plotBottom - TOP) : 0);

  const svg = svgElement(
    "svg",
    { width, height: HEIGHT, viewBox: `0 0 ${width} ${HEIGHT}` },
    "tradeoff-svg",
  );
  svg.setAttribute("focusable", "false");
  // The value axis: grid lines and their labels.
  for (const tick of ticks) {
    const at = y(tick.value);
    svg.append(
      svgElement("line", { x1: left, x2: left + plotWidth, y1: at, y2: at }, "tradeoff-grid"),
    );
    svg.append(svgText(left - 6, at + 4, tick.label, "tradeoff-tick", "end"));
  }
  // The chunk sizes: a tick each, the labels that fit, the current size's always.
  const positions = chart.sizes.map(x);
  const labels = chart.sizes.map(chart.sizeLabel);
  const current = chart.series.flatMap((series) => series.points).find((point) => point.current);
  const currentIndex = current ? chart.sizes.indexOf(current.size) : -1;
  const shown = thinned(
    positions,
    labels.map((label) => label.length * CHAR_WIDTH),
    currentIndex,
  );
  svg.append(
    svgElement(
      "line",
      { x1: left, x2: left + plotWidth, y1: plotBottom, y2: plotBottom },
      "tradeoff-axis",
    ),
  );
  chart.sizes.forEach((_, index) => {
    const at = positions[index];
    svg.append(
      svgElement("line", { x1: at, x2: at, y1: plotBottom, y2: plotBottom + 4 }, "tradeoff-axis"),
    );
    if (shown.has(index)) {
      const className =
        index === currentIndex ? "tradeoff-tick tradeoff-tick-current" : "tradeoff-tick";
      svg.append(svgText(at, plotBottom + 17, labels[index], className));
    }
  });
  svg.append(svgText(left + plotWidth / 2, HEIGHT - 8, chart.xTitle, "tradeoff-title"));
  svg.append(svgText(4, TOP - 14, chart.yTitle, "tradeoff-title", "start"));
  // The chunk sizes the model's limit cuts: shaded from halfway before the first of them.
  const overAt = chart.sizes.findIndex((size) => size >= (chart.limitFrom ?? Infinity));
  if (overAt >= 0) {
    const from = overAt ? (positions[overAt - 1] + positions[overAt]) / 2 : left;
    const shade = svgElement(
      "rect",
      { x: from, y: TOP, width: left + plotWidth - from, height: plotBottom - TOP },
      "tradeoff-over-limit",
    );
    shade.dataset.from = String(chart.sizes[overAt]);
    svg.append(shade);
    if (chart.limitLabel) {
      // Inside the plot: moved left of the shade when it is narrower than the words.
      const wide = chart.limitLabel.length * CHAR_WIDTH;
      const at = Math.max(left, Math.min(from + 4, left + plotWidth - wide));
      svg.append(svgText(at, TOP + 12, chart.limitLabel, "tradeoff-over-label", "start"));
    }
  }
  // The current chunk size, a faint guide from the axis up.
  if (current) {
    const at = x(current.size);
    svg.append(svgElement("line", { x1: at, x2: at, y1: TOP, y2: plotBottom }, "tradeoff-guide"));
  }
  // The series: a line, a marker at each point, a label at the end.
  const ends = [];
  chart.series.forEach((series, index) => {
    const group = svgElement("g", {}, `tradeoff-series tradeoff-series-${index % SERIES_STYLES}`);
    const path = series.points.map(
      (point, n) => `${n ? "L" : "M"}${x(point.size).toFixed(1)},${y(point.value).toFixed(1)}`,
    );
    const line = svgElement("path", { d: path.join(" ") }, "tradeoff-line");
    if (dash(index)) {
      line.setAttribute("stroke-dasharray", dash(index));
    }
    group.append(line);
    for (const point of series.points) {
      const mark = marker(index, x(point.size), y(point.value));
      mark.setAttribute("class", "tradeoff-marker");
      mark.dataset.chunkSize = String(point.size);
      mark.dataset.overlap = point.overlap;
      mark.dataset.value = point.exact;
      group.append(mark);
    }
    svg.append(group);
    const last = series.points[series.points.length - 1];
    ends.push(last ? y(last.value) : plotBottom);
  });
  const placed = spread(ends, TOP, plotBottom);
  chart.series.forEach((series, index) => {
    const labelX = left + plotWidth + LABEL_GAP;
    const group = svgElement("g", {}, `tradeoff-series tradeoff-series-${index % SERIES_STYLES}`);
    group.append(
      svgElement(
        "line",
        { x1: left + plotWidth + 2, x2: labelX - 2, y1: ends[index], y2: placed[index] },
        "tradeoff-leader",
      ),
    );
    const className = series.current ? "tradeoff-end tradeoff-end-current" : "tradeoff-end";
    group.append(svgText(labelX, placed[index] + 4, series.short, className, "start"));
    svg.append(group);
  });
  // The current choice: a ring around its marker, and its name beside it, inside the plot.
  if (current) {
    const cx = x(current.size);
    const cy = y(current.value);
    svg.append(svgElement("circle", { cx, cy, r: 10 }, "tradeoff-ring"));
    const above = cy - 16 > TOP + 4;
    // Centred over the ring where it fits, else moved inside the drawing.
    const half = (chart.currentLabel.length * CHAR_WIDTH) / 2;
    const labelX = Math.min(Math.max(cx, half + 2), width - half - 2);
    const note = svgText(labelX, above ? cy - 16 : cy + 26, chart.currentLabel, "tradeoff-current");
    note.dataset.chunkSize = String(current.size);
    note.dataset.overlap = current.overlap;
    note.dataset.value = current.exact;
    svg.append(note);
  }
  box.replaceChildren(svg);
  return svg;
}
