// The trade-off chart's value axis: nice steps and their labels in the page's number format,
// grouped as every other figure of the page ("2.048", "20.000"; never a compact "2K" or an
// ungrouped "2000" where the page writes "2.000"), sizes with their unit.
// Pure (no DOM): tests/js/axis.test.js runs it under Node.

/** @typedef {import("./format.js").Formatter} Formatter */
/** @typedef {import("./format.js").PluralEntry} PluralEntry */

// Between a number and its unit: a label never breaks inside "1,5 MiB".
const NO_BREAK_SPACE = "\u00a0";

/**
 * Nice steps from 0 to at least `max` in `units` (1 for counts, 1024^k for binary sizes):
 * four or five of 1, 2, 2.5 or 5 times a power of ten.
 * @param {number} max
 * @param {number} unit
 * @returns {number[]}
 */
export function niceTicks(max, unit = 1) {
  const scaled = max / unit;
  if (!(scaled > 0)) {
    return [0, unit];
  }
  const rough = scaled / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  const ticks = [];
  for (let value = 0; value < scaled + step * 0.999; value += step) {
    ticks.push(Number((value * unit).toPrecision(12)));
    if (value >= scaled) {
      break;
    }
  }
  return ticks;
}

/**
 * The value axis's ticks for `figure` up to `max`: sizes in a binary unit (bytes in the
 * catalog's words below a KiB), amounts and counts as the page's decimals.
 * @param {string} figure the chart's figure: "raw_vector_bytes", "storage_bytes", "cost"...
 * @param {number} max
 * @param {Formatter} formatter
 * @param {PluralEntry} bytesLabel the catalog's plural entry for bytes
 * @param {string[]} iecUnits the binary units by power of 1024 (calculator/_units.py's
 *   IEC_UNITS, in the page's facts); below a KiB the axis says bytes in the catalog's words
 * @returns {{value: number, label: string}[]}
 */
export function valueTicks(figure, max, formatter, bytesLabel, iecUnits) {
  if (figure === "raw_vector_bytes" || figure === "storage_bytes") {
    let power = 0;
    while (power + 1 < iecUnits.length && max >= 1024 ** (power + 1)) {
      power += 1;
    }
    const unit = 1024 ** power;
    // Whole bytes below a KiB: a step of at least one byte.
    return niceTicks(power ? max : Math.max(max, 4), unit).map((value) => ({
      value,
      label: power
        ? `${formatter.decimal(String(value / unit), 2)}${NO_BREAK_SPACE}${iecUnits[power]}`
        : formatter.count(bytesLabel, String(value)),
    }));
  }
  if (figure === "recall") {
    // A share: the axis runs to 100 %, its ticks in the page's percent format.
    return niceTicks(1).map((value) => ({ value, label: formatter.percent(String(value)) }));
  }
  if (figure === "cost") {
    const amount = formatter.numberFormat("tick-amount", { maximumSignificantDigits: 3 });
    return niceTicks(max).map((value) => ({ value, label: amount.format(value) }));
  }
  return niceTicks(max).map((value) => ({ value, label: formatter.decimal(String(value), 2) }));
}
