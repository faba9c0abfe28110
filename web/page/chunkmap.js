// The chunk map: an SVG that draws the windows along the token axis, to scale.
//
// Consecutive windows alternate between two lanes so their shared tokens (the overlap) show as
// a distinct band across both lanes. The shorter last chunk is drawn at its real length, with a
// dashed outline for the padding that "chunks × chunk size" would count but that does not exist.
// Python says which windows are drawn (calculator/protocol/_chunk_map.py): with many chunks the first
// few and the last one, around a marked gap; both sides of the gap keep the same
// tokens-per-pixel scale. Colors come from CSS classes (light and
// dark mode); only geometry is set as SVG attributes.

const SVG_NS = "http://www.w3.org/2000/svg";
const SIDE_PADDING = 10;
const GAP_WIDTH = 44;
const LANE_HEIGHT = 26;
const LANE_SPACING = 6;
const MAX_LANES = 4;
const TOP = 8;
const LABEL_MIN_WIDTH = 22;
// About the advance of one 12px digit: labels that would not fit their window are left out.
const LABEL_CHAR_WIDTH = 7;
const FALLBACK_WIDTH = 720;

function svgElement(name, attributes = {}, className = "") {
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

/** @typedef {import("answer-types").ChunkMapAnswer} ChunkMapAnswer */
/** @typedef {import("answer-types").ResultAnswer} ResultAnswer */

/**
 * The windows Python chose to draw (calculator/protocol/_chunk_map.py), in tokens as BigInt: those
 * before the gap, the last one after it (its predecessor not drawn), and how many are left out.
 * @param {ChunkMapAnswer} drawn
 */
export function chunkWindows(drawn) {
  const window = (/** @type {{index: string, start: string, end: string}} */ win) => ({
    index: BigInt(win.index),
    start: BigInt(win.start),
    end: BigInt(win.end),
  });
  return {
    before: drawn.before.map(window),
    after: drawn.after.map((win) => ({ ...window(win), afterGap: true })),
    hidden: BigInt(drawn.hidden),
  };
}

/**
 * Maps token positions (BigInt) to x pixels. Without a gap it is one linear scale; with a gap
 * the axis is broken: [0, end of the first windows] then GAP_WIDTH pixels then [start of the
 * last, its nominal end], with one shared scale so every drawn window keeps its true
 * proportions. Offsets are taken with BigInt before converting, so a last window that starts
 * beyond 2^53 tokens is still drawn at its true width.
 */
function makeScale(windows, size, width) {
  const usable = width - 2 * SIDE_PADDING;
  if (windows.after.length === 0) {
    const last = windows.before.at(-1);
    const extent = last ? Number(last.start + size) : 1;
    const perToken = usable / extent;
    return { x: (token) => SIDE_PADDING + Number(token) * perToken, gapX: null };
  }
  const firstEnd = windows.before.at(-1).start + size;
  const lastStart = windows.after[0].start;
  const perToken = (usable - GAP_WIDTH) / (Number(firstEnd) + Number(size));
  const gapStart = SIDE_PADDING + Number(firstEnd) * perToken;
  const x = (token) => {
    if (token <= firstEnd) {
      return SIDE_PADDING + Number(token) * perToken;
    }
    return gapStart + GAP_WIDTH + Number(token - lastStart) * perToken;
  };
  return { x, gapX: gapStart + GAP_WIDTH / 2 };
}

/** Enough lanes that windows sharing a token never share a lane (capped for heavy overlap). */
export function laneCount(size, step) {
  const needed = (size + step - 1n) / step;
  return Number(needed < BigInt(MAX_LANES) ? needed : BigInt(MAX_LANES));
}

function laneY(index, lanes) {
  return TOP + Number(index % BigInt(lanes)) * (LANE_HEIGHT + LANE_SPACING);
}

function bandHeight(lanes) {
  return lanes * LANE_HEIGHT + (lanes - 1) * LANE_SPACING;
}

/**
 * Where a window's overlap with its predecessor is marked: across both windows' lanes when
 * they are neighbours (one band joining them), else in each lane; only in its own lane when
 * the predecessor is not drawn.
 */
function overlapBands(win, lanes) {
  const own = laneY(win.index, lanes);
  if (win.afterGap) {
    return [{ y: own, height: LANE_HEIGHT }];
  }
  const previous = laneY(win.index - 1n, lanes);
  if (Math.abs(previous - own) === LANE_HEIGHT + LANE_SPACING) {
    return [{ y: Math.min(previous, own), height: 2 * LANE_HEIGHT + LANE_SPACING }];
  }
  return [
    { y: own, height: LANE_HEIGHT },
    { y: previous, height: LANE_HEIGHT },
  ];
}

/** Appends one window's shapes to the three layers (chunks, overlaps above them, labels on top). */
function drawWindow(layers, win, context) {
  const { scale, size, overlap, lanes, lastIndex, formatter } = context;
  const x0 = scale.x(win.start);
  const x1 = scale.x(win.end);
  const y = laneY(win.index, lanes);
  const isShortLast = win.index === lastIndex && win.end - win.start < size;
  if (isShortLast) {
    const ghostEnd = scale.x(win.start + size);
    layers.chunks.append(
      svgElement(
        "rect",
        { x: x1, y, width: Math.max(0, ghostEnd - x1), height: LANE_HEIGHT, rx: 3 },
        "cm-padding",
      ),
    );
  }
  const className = isShortLast ? "cm-chunk cm-chunk-last" : "cm-chunk";
  layers.chunks.append(
    svgElement(
      "rect",
      { x: x0, y, width: Math.max(1, x1 - x0), height: LANE_HEIGHT, rx: 3 },
      className,
    ),
  );
  if (win.index > 0n && overlap > 0n) {
    // biome-ignore lint/complexity/useMathMinMax: BigInt token positions (Math.min takes Numbers)
    const overlapEnd = scale.x(win.start + overlap < win.end ? win.start + overlap : win.end);
    for (const band of overlapBands(win, lanes)) {
      layers.overlaps.append(
        svgElement("rect", { x: x0, ...band, width: Math.max(1, overlapEnd - x0) }, "cm-overlap"),
      );
    }
  }
  const label = formatter.integer((win.index + 1n).toString());
  if (x1 - x0 >= Math.max(LABEL_MIN_WIDTH, label.length * LABEL_CHAR_WIDTH + 8)) {
    layers.labels.append(svgText((x0 + x1) / 2, y + LANE_HEIGHT / 2 + 4, label, "cm-label"));
  }
}

function drawAxis(svg, scale, tokens, formatter, axisY) {
  const start = scale.x(0n);
  const end = scale.x(tokens);
  if (scale.gapX === null) {
    svg.append(svgElement("line", { x1: start, y1: axisY, x2: end, y2: axisY }, "cm-axis"));
  } else {
    const left = scale.gapX - GAP_WIDTH / 2;
    const right = scale.gapX + GAP_WIDTH / 2;
    svg.append(svgElement("line", { x1: start, y1: axisY, x2: left, y2: axisY }, "cm-axis"));
    svg.append(svgElement("line", { x1: right, y1: axisY, x2: end, y2: axisY }, "cm-axis"));
    for (const offset of [-6, 6]) {
      const cx = scale.gapX + offset;
      svg.append(
        svgElement("line", { x1: cx - 4, y1: axisY + 7, x2: cx + 4, y2: axisY - 7 }, "cm-axis"),
      );
    }
  }
  for (const [x, text, anchor] of [
    [start, formatter.integer("0"), "start"],
    [end, formatter.integer(tokens.toString()), "end"],
  ]) {
    svg.append(svgElement("line", { x1: x, y1: axisY - 4, x2: x, y2: axisY + 4 }, "cm-axis"));
    svg.append(svgText(x, axisY + 18, text, "cm-tick", anchor));
  }
}

function drawGapNote(svg, scale, hiddenText, width, y) {
  // Keep the note inside the picture even when the gap sits near an edge.
  const halfGuess = hiddenText.length * 3.4;
  const x = Math.min(
    Math.max(scale.gapX, halfGuess + SIDE_PADDING),
    width - halfGuess - SIDE_PADDING,
  );
  svg.append(svgText(x, y, hiddenText, "cm-gap-note"));
  svg.append(svgElement("line", { x1: scale.gapX, y1: TOP, x2: scale.gapX, y2: y - 14 }, "cm-gap"));
}

/**
 * Draws into `container` and redraws when its width changes.
 * `labels`: {formatter, notDrawn (catalog plural entry with {count}), describe(drawn, result)
 * -> text}.
 */
export function createChunkMap(container, labels) {
  /** @type {[ChunkMapAnswer, ResultAnswer] | null} what was drawn last, drawn again on resize */
  let last = null;
  let lastWidth = 0;
  // The container's width as the ResizeObserver last saw it: reading clientWidth while
  // drawing would force a layout of the whole page in the middle of every recalculation.
  let knownWidth = 0;

  /**
   * @param {ChunkMapAnswer} drawn the document drawn and its windows
   * @param {ResultAnswer} result its chunk size, step and overlap
   */
  function draw(drawn, result) {
    last = [drawn, result];
    knownWidth ||= container.clientWidth; // only if drawn before the first observation
    const width = Math.max(280, Math.round(knownWidth || FALLBACK_WIDTH));
    lastWidth = width;
    const windows = chunkWindows(drawn);
    const size = BigInt(result.chunk_size);
    const tokens = BigInt(drawn.tokens);
    const scale = makeScale(windows, size, width);
    const lanes = laneCount(size, BigInt(result.step));
    const axisY = TOP + bandHeight(lanes) + 12;
    const height = axisY + (windows.hidden > 0n ? 50 : 28);
    const descriptionId = `${container.id || "chunk-map"}-description`;
    const svg = svgElement(
      "svg",
      {
        viewBox: `0 0 ${width} ${height}`,
        width,
        height,
        role: "img",
        "aria-labelledby": descriptionId,
      },
      "cm",
    );
    const title = svgElement("title", { id: descriptionId });
    title.textContent = labels.describe(drawn, result);
    svg.append(title);
    const context = {
      scale,
      size,
      overlap: BigInt(result.overlap),
      lanes,
      lastIndex: BigInt(drawn.chunks) - 1n,
      formatter: labels.formatter,
    };
    const layers = { chunks: svgElement("g"), overlaps: svgElement("g"), labels: svgElement("g") };
    for (const win of [...windows.before, ...windows.after]) {
      drawWindow(layers, win, context);
    }
    svg.append(layers.chunks, layers.overlaps, layers.labels);
    drawAxis(svg, scale, tokens, labels.formatter, axisY);
    if (windows.hidden > 0n) {
      const note = labels.formatter.count(labels.notDrawn, windows.hidden.toString());
      drawGapNote(svg, scale, note, width, axisY + 40);
    }
    container.replaceChildren(svg);
  }

  const observer = new ResizeObserver(() => {
    knownWidth = container.clientWidth;
    const width = Math.round(knownWidth);
    if (last && width > 0 && Math.abs(width - lastWidth) > 4) {
      draw(...last);
    }
  });
  observer.observe(container);
  return {
    draw,
    clear: () => {
      last = null;
      container.replaceChildren();
    },
  };
}
