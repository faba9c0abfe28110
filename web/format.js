// Locale formatting for the page: numbers, plurals, placeholders and byte units.
//
// Every integer the calculator returns is a decimal STRING (values can exceed 2^53), so nothing
// here converts an exact value to a JavaScript Number before formatting it: Intl.NumberFormat
// formats numeric strings exactly, and byte units are scaled with BigInt.

const IEC_UNITS = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
const SI_UNITS = ["kB", "MB", "GB", "TB", "PB", "EB"];
// Between a number and its unit, and after "≈": a line never breaks inside "27 KiB".
const NO_BREAK_SPACE = "\u00a0";

/** Separators of the locale, sent to the calculator so it accepts "8.000" in de and "8,000" in en. */
export function numberSeparators(tag) {
  const parts = new Intl.NumberFormat(tag).formatToParts(1234567.5);
  const find = (type, fallback) => parts.find((part) => part.type === type)?.value ?? fallback;
  return { group: find("group", ","), decimal: find("decimal", ".") };
}

/** Replace {name} placeholders; unknown names are left visible so a catalog typo is noticed. */
export function fill(template, params = {}) {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A representative of an integer string small enough for Intl.PluralRules.select(Number).
 * CLDR integer rules of our languages look at n == 0/1, n mod 10/100 and n mod 1,000,000,
 * so keeping the last twelve digits (and staying above 10^12) keeps the category.
 */
function pluralOperand(integerText) {
  const digits = integerText.replace(/^-/, "");
  if (digits.length <= 15) {
    return Number(digits);
  }
  return Number(`1${digits.slice(-12)}`);
}

export class Formatter {
  constructor(tag) {
    this.tag = tag;
    // Intl objects are made on first use, then kept: making one costs about as much as
    // painting a result, and the process's very first one 20-50 ms more (ICU's number data),
    // which the page's worker pays off the page's thread (worker.js) before a first answer.
    this.numberFormats = new Map();
    this.pluralRules = null;
    this.manyIsForMillions = false;
  }

  /** The locale's Intl.NumberFormat with `options`, made once per `name`. */
  numberFormat(name, options) {
    let format = this.numberFormats.get(name);
    if (!format) {
      format = new Intl.NumberFormat(this.tag, options);
      this.numberFormats.set(name, format);
    }
    return format;
  }

  /** "8000" -> "8.000" (de), "8,000" (en), "8000" (pl: no grouping below five digits). */
  integer(integerText) {
    return this.numberFormat("integer", { maximumFractionDigits: 0 }).format(integerText);
  }

  /** A decimal string shown with at most `fractionDigits` decimals, localized separator. */
  decimal(decimalText, fractionDigits) {
    return this.numberFormat(`decimal-${fractionDigits}`, { maximumFractionDigits: fractionDigits })
      .format(decimalText);
  }

  /** "0.136" -> "13,6 %" (de); the share is an exact decimal string from the calculator. */
  percent(shareText) {
    return this.numberFormat("percent", { style: "percent", maximumFractionDigits: 1 }).format(shareText);
  }

  /**
   * Pick the catalog string for `count`: entries are a string or {zero, one, few, many, other}.
   * "zero" is the catalog's own wording for a count of 0 (CLDR puts 0 in "one" in pt and
   * in "many" in pl, and a sentence about nothing often reads better said another way).
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
   */
  pluralCategory(countText) {
    if (!this.pluralRules) {
      this.pluralRules = new Intl.PluralRules(this.tag);
      this.manyIsForMillions = !Array.from({ length: 200 }, (_, n) => this.pluralRules.select(n))
        .includes("many");
    }
    const category = this.pluralRules.select(pluralOperand(countText));
    return category === "many" && this.manyIsForMillions ? "other" : category;
  }

  /** Choose the plural form for `count` and fill it, with `count` formatted for the locale. */
  count(entry, countText, params = {}) {
    return fill(this.plural(entry, countText), { ...params, count: this.integer(countText) });
  }

  /**
   * Bytes in IEC (1024^k) or SI (1000^k) units, e.g. 6144 -> "6 KiB", 27648 -> "27 KiB",
   * 1500000 -> "1,5 MB" (de), 9999 bytes -> "≈ 9,76 KiB": exact amounts as they are when two
   * decimals suffice, otherwise three significant digits marked "≈", so no rounded figure
   * pretends to be exact.
   * `bytesLabel` is the catalog's plural entry for the word "bytes" (used below one unit).
   */
  bytes(bytesText, system, bytesLabel) {
    const units = system === "iec" ? IEC_UNITS : SI_UNITS;
    const base = system === "iec" ? 1024n : 1000n;
    const value = BigInt(bytesText);
    let power = 0;
    let divisor = 1n;
    while (power < units.length && value >= divisor * base) {
      divisor *= base;
      power += 1;
    }
    if (power === 0) {
      return this.count(bytesLabel, bytesText);
    }
    const unit = units[power - 1];
    // Exact amounts with up to two decimals are shown as they are (20736 -> "20.25 KiB").
    const twoDecimals = roundedQuotient(value, divisor, 2);
    if (twoDecimals.exact) {
      return `${this.decimal(twoDecimals.text, 2)}${NO_BREAK_SPACE}${unit}`;
    }
    const digits = fractionDigitsFor(value / divisor);
    const shown = this.decimal(roundedQuotient(value, divisor, digits).text, digits);
    return `≈${NO_BREAK_SPACE}${shown}${NO_BREAK_SPACE}${unit}`;
  }
}

/** Three significant digits: 1.23, 12.3, 123 (and 1234 when the largest unit is exceeded). */
function fractionDigitsFor(wholePart) {
  if (wholePart < 10n) {
    return 2;
  }
  return wholePart < 100n ? 1 : 0;
}

/** value / divisor rounded half-up to `digits` decimals, and whether that lost nothing. */
function roundedQuotient(value, divisor, digits) {
  const scale = 10n ** BigInt(digits);
  const scaled = (value * scale * 2n + divisor) / (divisor * 2n);
  const exact = scaled * divisor === value * scale;
  const whole = scaled / scale;
  if (digits === 0) {
    return { text: whole.toString(), exact };
  }
  const fraction = (scaled % scale).toString().padStart(digits, "0");
  return { text: `${whole}.${fraction}`, exact };
}
