// What the page says of a chosen model (web/pure/model-text.js), with the real catalogs: its
// values, the visitor's values it kept, its tokenizer and where each value comes from.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Formatter } from "../../web/pure/format.js";
import {
  dayText,
  keptText,
  modelValues,
  sourceRows,
  sourcesHeading,
  tokenizerText,
} from "../../web/pure/model-text.js";

const catalog = (lang) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), "utf-8"));
const EN = catalog("en");
const PL = catalog("pl");

// calculator.respond's model section for all-MiniLM-L6-v2 (integers as strings), its sources cut
// to three fields.
const MINILM = {
  name: "all-MiniLM-L6-v2",
  label: "all-MiniLM-L6-v2 (sentence-transformers)",
  dimensions: "384",
  dimension_sizes: null,
  dimension_max: null,
  max_input_tokens: "256",
  special_tokens: ["[CLS]", "[SEP]"],
  prefix: "",
  added_tokens: "2",
  tokenizer: "bert-base-uncased",
  tokenizer_identified_by: "configuration",
  price_per_million: null,
  currency: null,
  deprecated: null,
  replaced_by: null,
  values: { dimensions: "384", max_input_tokens: "256", added_tokens: "2" },
  differs: [],
  filled: {},
  sources: [
    {
      field: "max_input_tokens",
      addresses: ["huggingface.co/sentence-transformers/all-MiniLM-L6-v2/discussions/14"],
      hosts: ["huggingface.co"],
      checked: "2026-12-05",
    },
    {
      field: "prefix",
      addresses: ["huggingface.co/sentence-transformers/all-MiniLM-L6-v2/discussions/14"],
      hosts: ["huggingface.co"],
      checked: "2026-12-05",
    },
    {
      field: "special_tokens",
      addresses: ["huggingface.co/a/b", "github.com/c/d"],
      hosts: ["huggingface.co", "github.com"],
      checked: "2026-11-30",
    },
  ],
  checked: "2026-12-05",
};

test("the model's values in one sentence, what it adds among them", () => {
  assert.equal(
    modelValues(MINILM, new Formatter("en"), EN),
    "all-MiniLM-L6-v2: dimensions 384, input limit 256 tokens, 2 of which it adds to every chunk.",
  );
  const openai = { ...MINILM, name: "text-embedding-3-small", dimensions: "1536" };
  const none = modelValues(
    { ...openai, max_input_tokens: "8191", added_tokens: "0" },
    new Formatter("pl-PL"),
    PL,
  );
  assert.equal(
    none,
    "text-embedding-3-small: wymiar 1536, limit wejścia 8191 tokenów; model nie dodaje nic do fragmentów.",
  );
  const unknown = modelValues({ ...MINILM, added_tokens: null }, new Formatter("en"), EN);
  assert.match(unknown, /The tokens it adds to every chunk are not known/);
});

test("the values the visitor typed are said with the form's own texts", () => {
  const differs = { ...MINILM, differs: ["dimensions", "max_input_tokens"] };
  assert.equal(
    keptText(differs, { dimensions: "512", max_input_tokens: "1.000" }, new Formatter("en"), EN),
    "Kept as you typed: dimensions 512 and input limit 1.000.",
  );
  assert.equal(
    keptText(differs, { dimensions: "512", max_input_tokens: "300" }, new Formatter("pl-PL"), PL),
    "Zachowano Twoje wartości: wymiar 512 i limit wejścia 300.",
  );
  assert.equal(keptText(MINILM, {}, new Formatter("en"), EN), "");
});

test("the tokenizer: how it was identified, and whether the counter has it", () => {
  assert.equal(
    tokenizerText(MINILM, false, EN),
    "Tokenizer: bert-base-uncased (same rules and vocabulary size, no published checksum), " +
      "not built into “Count your own text”: count there with the model's tokenizer.json, " +
      "since the built-in counts are not its own.",
  );
  const openai = { ...MINILM, tokenizer: "cl100k_base", tokenizer_identified_by: "publisher" };
  assert.equal(
    tokenizerText(openai, true, EN),
    "Tokenizer: cl100k_base (named by its publisher), in “Count your own text”.",
  );
  assert.match(tokenizerText({ ...MINILM, tokenizer: null }, false, EN), /not published/);
});

test("each field's source: its value, hosts, the day it was checked, addresses as text", () => {
  const rows = sourceRows(MINILM, new Formatter("en"), EN);
  assert.deepEqual(
    rows.map((row) => [row.label, row.value, row.hosts, row.checked]),
    [
      ["Input limit", "256 tokens", "huggingface.co", "checked December 5, 2026"],
      ["Prefix", "none", "huggingface.co", "checked December 5, 2026"],
      ["Special tokens", "[CLS] [SEP]", "huggingface.co, github.com", "checked November 30, 2026"],
    ],
  );
  assert.ok(rows.every((row) => row.addresses.every((address) => !address.includes("://"))));
  const e5 = sourceRows({ ...MINILM, prefix: "passage: " }, new Formatter("en"), EN);
  assert.equal(e5[1].value, '"passage: "');
  assert.equal(
    sourcesHeading(MINILM, new Formatter("de-DE"), catalog("de")),
    "Woher jeder Wert stammt (geprüft am 5. Dezember 2026)",
  );
  assert.equal(dayText("2026-12-05", new Formatter("pl-PL")), "5 grudnia 2026");
});
