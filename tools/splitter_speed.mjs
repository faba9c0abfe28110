// Times the splitters in Pyodide under Node: 1 MB of generated multilingual prose split by
// each splitter at 512/64 with cl100k_base, and the longest step between two chunks.
//   node tools/splitter_speed.mjs <pyodide dir> [TEXT FILE]
// Without a file, the text is the README and docs/*.md repeated to 1,000,000 characters.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [pyodideDir, file] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
const copy = (folder) => {
  pyodide.FS.mkdirTree(`/home/pyodide/${folder}`);
  for (const name of readdirSync(join(root, folder)).filter((name) => name.endsWith(".py"))) {
    pyodide.FS.writeFile(`/home/pyodide/${folder}/${name}`, readFileSync(join(root, folder, name)));
  }
};
copy("calculator");
copy("calculator/_tokens");
copy("calculator/_splitters");
const ranks = readFileSync(join(root, ".cache", "token-ranks", "cl100k_base.ranks"));
pyodide.FS.writeFile("/cl100k_base.ranks", new Uint8Array(ranks));
const docs = readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md"));
const text = file
  ? readFileSync(file, "utf-8")
  : [join(root, "README.md"), ...docs.map((name) => join(root, "docs", name))]
      .map((path) => readFileSync(path, "utf-8"))
      .join("\n\n");
pyodide.globals.set("TEXT", text);
pyodide.runPython(`
import time
from pathlib import Path
from calculator._tokens import Encoding, load_ranks
from calculator._splitters import SPLITTERS, encoding_length, iter_steps

encoding = Encoding("cl100k_base", load_ranks(Path("/cl100k_base.ranks"), "cl100k_base"))
text = TEXT if len(TEXT) >= 1_000_000 else (TEXT * (1_000_000 // len(TEXT) + 1))[:1_000_000]
print(f"{len(text):,} characters, {encoding.count(text):,} cl100k_base tokens")
for splitter in SPLITTERS:
    length = encoding_length(encoding, special=splitter == "sentence")
    start = last = time.perf_counter()
    chunks = longest = 0
    for step in iter_steps(splitter, text, length, 512, 64):
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
        chunks += step is not None
    print(f"{splitter}: {chunks:,} chunks in {(last - start) * 1000:,.0f} ms, "
          f"longest step {longest * 1000:.0f} ms")
`);
