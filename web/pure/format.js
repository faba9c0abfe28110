// Locale formatting for the page: numbers, plurals, placeholders and byte units.
//
// Every integer the calculator returns is a decimal STRING (values can exceed 2^53), so nothing
// here converts an exact value to a JavaScript Number before formatting it: Intl.NumberFormat
// formats numeric strings exactly, and sizes come already rounded, in their unit, from the
// calculator, so the command line and the page say the same figure.

// A decided size has at most two decimals (three significant digits, 1.23).
const MAX_FRACTION_DIGITS = 2;
// Between a number and its unit, and after "≈": a line never breaks inside "27 KiB".
const NO_BREAK_SPACE = "\u00a0";
// A negative number takes the minus sign (U+2212), not the hyphen Intl writes in our locales.
const MINUS_SIGN = "\u2212";
// Languages whose own documents group four-digit numbers ("8.000" in the Italian source) where
// CLDR's minimum grouping digits (2 for it in current ICU) would leave them as "8000".
const GROUP_FOUR_DIGITS = new Set(["it"]);

/** @typedef {import("answer-types").SizeFigureAnswer} SizeFigure */
/**
 * A catalog entry that depends on a count: one text, or one per CLDR plural category (and
 * "zero", the catalog's own wording for nothing).
 * @typedef {string | Partial<Record<"zero" | Intl.LDMLPluralRule, string>> & { other: string }} PluralEntry
 */

/**
 * Separators of the locale, sent to the calculator so it accepts "8.000" in de and "8,000" in en.
 * @param {string} tag
 * @returns {{group: string, decimal: string}}
 */
export function numberSeparators(tag) {
  const parts = new Intl.NumberFormat(tag).formatToParts(1234567.5);
  /** @type {(type: Intl.NumberFormatPartTypes, fallback: string) => string} */
  const find = (type, fallback) => parts.find((part) => part.type === type)?.value ?? fallback;
  return { group: find("group", ","), decimal: find("decimal", ".") };
}

/**
 * Replace {name} placeholders; unknown names are left visible so a catalog typo is noticed.
 * @param {string} template
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function fill(template, params = {}) {
  return template.replace(
    /\{([a-z_]+)\}/g,
    (/** @type {string} */ whole, /** @type {string} */ name) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A representative of an integer string small enough for Intl.PluralRules.select(Number).
 * CLDR integer rules of our languages look at n == 0/1, n mod 10/100 and n mod 1,000,000,
 * so keeping the last twelve digits (and staying above 10^12) keeps the category.
 * @param {string} integerText
 * @returns {number}
 */
function pluralOperand(integerText) {
  const digits = integerText.replace(/^-/, "");
  if (digits.length <= 15) {
    return Number(digits);
  }
  return Number(`1${digits.slice(-12)}`);
}

/**
 * A decimal string as Intl.NumberFormat.format takes it: exactly, with no detour through Number.
 * @param {string} text
 * @returns {Intl.StringNumericLiteral}
 */
function numeric(text) {
  return /** @type {Intl.StringNumericLiteral} */ (text);
}

export class Formatter {
  /** @param {string} tag a BCP 47 locale, e.g. "de-DE" */
  constructor(tag) {
    this.tag = tag;
    // Intl objects are made on first use, then kept: making one costs about as much as
    // painting a result, and the process's very first one much more (ICU's number data),
    // which the page's worker pays off the page's thread (worker.js) before a first answer.
    /** @type {Map<string, Intl.NumberFormat>} */
    this.numberFormats = new Map();
    /** @type {Intl.PluralRules | null} */
    this.pluralRules = null;
    this.manyIsForMillions = false;
  }

  /**
   * The locale's Intl.NumberFormat with `options`, made once per `name`.
   * @param {string} name
   * @param {Intl.NumberFormatOptions} options
   * @returns {Intl.NumberFormat}
   */
  numberFormat(name, options) {
    let format = this.numberFormats.get(name);
    if (!format) {
      const grouping = GROUP_FOUR_DIGITS.has(this.tag.split("-")[0].toLowerCase())
        ? { useGrouping: /** @type {const} */ ("always") }
        : {};
      format = new Intl.NumberFormat(this.tag, { ...grouping, ...options });
      this.numberFormats.set(name, format);
    }
    return format;
  }

  /**
   * `value` formatted by `format`, a negative one with the minus sign U+2212 ("−1.088"):
   * Intl writes a hyphen-minus in every language of the page.
   * @param {Intl.NumberFormat} format
   * @param {string} value
   * @returns {string}
   */
  static withMinusSign(format, value) {
    if (!value.trim().startsWith("-")) {
      return format.format(numeric(value));
    }
    return format
      .formatToParts(numeric(value))
      .map((part) => (part.type === "minusSign" ? MINUS_SIGN : part.value))
      .join("");
  }

  /**
   * "8000" -> "8.000" (de, it), "8,000" (en), "8000" (pl: no grouping below five digits);
   * "-1088" -> "−1.088" (de).
   * @param {string} integerText
   * @returns {string}
   */
  integer(integerText) {
    return Formatter.withMinusSign(
      this.numberFormat("integer", { maximumFractionDigits: 0 }),
      integerText,
    );
  }

  /**
   * A difference with its sign: "+6.616", "−1.088", "0" (de).
   * @param {string} integerText
   * @returns {string}
   */
  signed(integerText) {
    return Formatter.withMinusSign(
      this.numberFormat("signed", { signDisplay: "exceptZero", maximumFractionDigits: 0 }),
      integerText,
    );
  }

  /**
   * A decimal string shown with at most `fractionDigits` decimals, localized separator.
   * @param {string} decimalText
   * @param {number} fractionDigits
   * @returns {string}
   */
  decimal(decimalText, fractionDigits) {
    return Formatter.withMinusSign(
      this.numberFormat(`decimal-${fractionDigits}`, { maximumFractionDigits: fractionDigits }),
      decimalText,
    );
  }

  /**
   * "0.136" -> "13,6 %" (de); the share is an exact decimal string from the calculator.
   * @param {string} shareText
   * @returns {string}
   */
  percent(shareText) {
    return Formatter.withMinusSign(
      this.numberFormat("percent", { style: "percent", maximumFractionDigits: 1 }),
      shareText,
    );
  }

  /**
   * Pick the catalog string for `count`: entries are a string or {zero, one, few, many, other}.
   * "zero" is the catalog's own wording for a count of 0 (CLDR puts 0 in "one" in pt and
   * in "many" in pl, and a sentence about nothing often reads better said another way).
   * @param {PluralEntry} entry
   * @param {string} countText
   * @returns {string}
   */
  plural(entry, countText) {
    if (typeof entry === "string") {
      return entry;
    }
    if (/^-?0+$/.test(countText) && entry.zero !== undefined) {
      return entry.zero;
    }
    return entry[this.pluralCategory(countText)] ?? entry.other;
  }

  /**
   * The CLDR category of a count written in digits. pt, it (and es, fr, ca) have a "many"
   * that only exact millions take: it is the form for millions said as words ("1 milhão de
   * tokens"), and before digits "1.000.000 de tokens" is wrong; there the "other" form is
   * right. A locale whose "many" no count below 200 takes uses it only that way, so it reads
   * as "other"; a "many" of everyday counts (pl: "5 fragmentów") is kept.
   * @param {string} countText
   * @returns {Intl.LDMLPluralRule}
   */
  pluralCategory(countText) {
    let rules = this.pluralRules;
    if (!rules) {
      rules = new Intl.PluralRules(this.tag);
      this.pluralRules = rules;
      this.manyIsForMillions = !Array.from({ length: 200 }, (_, n) => rules?.select(n)).includes(
        "many",
      );
    }
    const category = rules.select(pluralOperand(countText));
    return category === "many" && this.manyIsForMillions ? "other" : category;
  }

  /**
   * Choose the plural form for `count` and fill it, with `count` formatted for the locale.
   * @param {PluralEntry} entry
   * @param {string} countText
   * @param {Record<string, string | number>} [params]
   * @returns {string}
   */
  count(entry, countText, params = {}) {
    return fill(this.plural(entry, countText), { ...params, count: this.integer(countText) });
  }

  /**
   * A size the calculator decided (calculator/_units.py: three significant digits, its unit,
   * whether rounded): only its digits are localized here, e.g. {approximate: true,
   * significand: "27.6", unit: "kB"} -> "≈ 27,6 kB" (de), with no-break spaces.
   * Below one unit the unit is "bytes": `bytesLabel`, the catalog's plural entry, words it.
   * @param {SizeFigure} figure
   * @param {PluralEntry} bytesLabel
   * @returns {string}
   */
  size(figure, bytesLabel) {
    if (figure.unit === "bytes") {
      return this.count(bytesLabel, figure.significand);
    }
    const shown = `${this.decimal(figure.significand, MAX_FRACTION_DIGITS)}${NO_BREAK_SPACE}${figure.unit}`;
    return figure.approximate ? `≈${NO_BREAK_SPACE}${shown}` : shown;
  }

  /**
   * An exact byte count and, from a kilobyte up, its binary and decimal sizes as the
   * calculator decided them ("686.592 Bytes = 671 KiB = ≈ 687 kB"), each figure said once:
   * from 1000 to 1023 bytes the binary size is the byte count itself ("1.008 Bytes = ≈ 1,01 kB").
   * @param {string} byteCount
   * @param {{iec: SizeFigure, si: SizeFigure}} sizes
   * @param {PluralEntry} bytesLabel
   * @returns {string}
   */
  bytesAndSizes(byteCount, sizes, bytesLabel) {
    const figures = [this.count(bytesLabel, byteCount)];
    for (const figure of [sizes.iec, sizes.si]) {
      if (figure.unit !== "bytes") {
        figures.push(this.size(figure, bytesLabel));
      }
    }
    return figures.join(" = ");
  }
}
