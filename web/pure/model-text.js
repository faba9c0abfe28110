// What the page says of the embedding model chosen in its form (calculator.respond's `model`),
// in the page's language: its values in one sentence, the visitor's values it left alone, its
// tokenizer, and where each value comes from, with the day it was checked.
//
// model.js paints these texts beside the model's select. Pure: no DOM, only format.js; the
// addresses stay text (the calculator sends them without their scheme), never links.

import { fill } from "./format.js";

/** @typedef {import("answer-types").ModelAnswer} ModelAnswer */
/** @typedef {import("answer-types").ModelSource} ModelSource */
/** @typedef {import("./format.js").Formatter} Formatter */
/** @typedef {import("./results-text.js").Strings} Strings */
/**
 * One field of the preset as the sources list shows it.
 * @typedef {{field: string, label: string, value: string, hosts: string, checked: string,
 *            addresses: string[]}} SourceRow
 */

/**
 * "all-MiniLM-L6-v2: dimensions 384, input limit 256 tokens, 2 of which it adds to every
 * chunk." (or that it adds nothing, or that what it adds is not known).
 * @param {ModelAnswer} model
 * @param {Formatter} formatter
 * @param {Strings} strings
 * @returns {string}
 */
export function modelValues(model, formatter, strings) {
  const params = {
    model: model.name,
    dimensions: formatter.integer(model.dimensions),
    limit: formatter.count(strings["plural.tokens"], model.max_input_tokens),
  };
  if (model.added_tokens === null) {
    return fill(strings["model.values_added_unknown"], params);
  }
  if (model.added_tokens === "0") {
    return fill(strings["model.values_none_added"], params);
  }
  return fill(strings["model.values"], {
    ...params,
    added: formatter.integer(model.added_tokens),
  });
}

/**
 * "Kept as you typed: dimensions 512 and input limit 300." for the fields the model fills
 * that hold other values, each with the text the form holds; "" when none does.
 * @param {ModelAnswer} model
 * @param {Record<string, string>} typed the form's texts, by field
 * @param {Formatter} formatter
 * @param {Strings} strings
 * @returns {string}
 */
export function keptText(model, typed, formatter, strings) {
  if (model.differs.length === 0) {
    return "";
  }
  // Each field's own phrase with the typed text where its language puts it
  // ("3 tokens added to every chunk", "Eingabelimit 300").
  const parts = model.differs.map((name) =>
    fill(strings[`model.field.${name}`], { value: typed[name] ?? "" }).trim(),
  );
  const list = new Intl.ListFormat(formatter.tag, { type: "conjunction" });
  return fill(strings["model.kept"], { fields: list.format(parts) });
}

/**
 * The model's tokenizer, how it was identified, and whether "Count your own text" has it.
 * @param {ModelAnswer} model
 * @param {boolean} inCounter
 * @param {Strings} strings
 * @returns {string}
 */
export function tokenizerText(model, inCounter, strings) {
  if (model.tokenizer === null) {
    return strings["model.tokenizer.unknown"];
  }
  return fill(strings[inCounter ? "model.tokenizer.here" : "model.tokenizer.missing"], {
    tokenizer: model.tokenizer,
    identified: strings[`model.identified.${model.tokenizer_identified_by}`] ?? "",
  });
}

/**
 * A day as YYYY-MM-DD, written in the page's language ("5. Dezember 2026").
 * @param {string} day
 * @param {Formatter} formatter
 * @returns {string}
 */
export function dayText(day, formatter) {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) {
    return day;
  }
  return new Intl.DateTimeFormat(formatter.tag, { dateStyle: "long", timeZone: "UTC" }).format(
    date,
  );
}

/**
 * A field's value as the sources list shows it.
 * @param {ModelAnswer} model
 * @param {string} field
 * @param {Formatter} formatter
 * @param {Strings} strings
 * @returns {string}
 */
function valueText(model, field, formatter, strings) {
  const tokens = (/** @type {string} */ count) => formatter.count(strings["plural.tokens"], count);
  switch (field) {
    case "label":
      return model.label;
    case "dimensions":
      return formatter.integer(model.dimensions);
    case "dimension_sizes":
      if (model.dimension_max !== null) {
        return fill(strings["model.any_up_to"], { max: formatter.integer(model.dimension_max) });
      }
      return (model.dimension_sizes ?? []).map((size) => formatter.integer(size)).join(", ");
    case "max_input_tokens":
      return tokens(model.max_input_tokens);
    case "special_tokens":
      return model.special_tokens?.length ? model.special_tokens.join(" ") : strings["model.none"];
    case "prefix":
      // The prefix's exact characters, its trailing space too: quoted as code is.
      return model.prefix ? JSON.stringify(model.prefix) : strings["model.none"];
    case "added_tokens":
      return model.added_tokens === null ? "" : tokens(model.added_tokens);
    case "tokenizer":
      return model.tokenizer === null
        ? ""
        : `${model.tokenizer} (${strings[`model.identified.${model.tokenizer_identified_by}`] ?? ""})`;
    case "price":
      return model.price_per_million === null
        ? ""
        : fill(strings["model.price"], {
            amount: formatter.decimal(model.price_per_million, 12),
            currency: model.currency ?? "",
          });
    case "status":
      if (!model.deprecated) {
        return strings["model.status.current"];
      }
      return model.replaced_by
        ? fill(strings["model.status.replaced"], { name: model.replaced_by })
        : strings["model.status.deprecated"];
    default:
      return "";
  }
}

/**
 * Every field of the preset with its value, its sources' hosts and addresses, and the day
 * they were checked.
 * @param {ModelAnswer} model
 * @param {Formatter} formatter
 * @param {Strings} strings
 * @returns {SourceRow[]}
 */
export function sourceRows(model, formatter, strings) {
  return model.sources.map((source) => ({
    field: source.field,
    label: strings[`model.source.${source.field}`] ?? source.field,
    value: valueText(model, source.field, formatter, strings),
    hosts: source.hosts.join(", "),
    checked: fill(strings["model.checked"], { date: dayText(source.checked, formatter) }),
    addresses: source.addresses,
  }));
}

/**
 * The sources' heading, with the latest day any field was checked.
 * @param {ModelAnswer} model
 * @param {Formatter} formatter
 * @param {Strings} strings
 * @returns {string}
 */
export function sourcesHeading(model, formatter, strings) {
  return fill(strings["model.sources"], { date: dayText(model.checked, formatter) });
}
