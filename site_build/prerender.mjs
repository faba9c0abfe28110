// Runs the page's own web/pure/results-text.js under Node, so the results build.py writes into each
// page for the default inputs read exactly as app.js paints them.
//   node prerender.mjs <dir holding format.js and results-text.js as ES modules> <jobs.json>
//   jobs: {lang: {locale, strings, result}}; prints {lang: texts} as JSON.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [modules, jobsFile] = process.argv.slice(2);
const { Formatter } = await import(pathToFileURL(join(modules, "format.js")).href);
const { resultTexts } = await import(pathToFileURL(join(modules, "results-text.js")).href);
const texts = {};
for (const [lang, { locale, strings, result }] of Object.entries(JSON.parse(readFileSync(jobsFile, "utf-8")))) {
  texts[lang] = resultTexts(result, new Formatter(locale), strings);
}
process.stdout.write(JSON.stringify(texts));
