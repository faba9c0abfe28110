// Times the tokenizer in Pyodide under Node: ranks loading and counting 1 MB of English,
// and prints the counts of the files given, to compare with the command line's.
//   node tools/token_speed.mjs <pyodide dir> [RUNS] [FILE ...]
// The English is the README repeated to 1,000,000 characters; the ranks are those
// `python3 build.py ranks` converted.  Prints the median and the spread over the runs.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [pyodideDir, runsText = "5", ...files] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const tokens = join(root, "calculator", "_tokens");
pyodide.FS.mkdirTree("/home/pyodide/calculator/_tokens");
pyodide.FS.writeFile("/home/pyodide/calculator/__init__.py", "");
for (const name of readdirSync(tokens).filter((name) => name.endsWith(".py"))) {
  pyodide.FS.writeFile(`/home/pyodide/calculator/_tokens/${name}`, readFileSync(join(tokens, name)));
}
pyodide.FS.mkdirTree("/ranks");
for (const name of ["o200k_base", "cl100k_base"]) {
  const ranks = readFileSync(join(root, ".cache", "token-ranks", `${name}.ranks`));
  pyodide.FS.writeFile(`/ranks/${name}.ranks`, new Uint8Array(ranks));
}
pyodide.globals.set("ENGLISH", readFileSync(join(root, "README.md"), "utf-8"));
pyodide.globals.set("FILES", files.map((file) => [file, readFileSync(file, "utf-8")]));
pyodide.globals.set("RUNS", Number(runsText));
pyodide.runPython(`
import statistics, time
from pathlib import Path
from calculator._tokens import Encoding, load_ranks

def timed(work):
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return (f"median {statistics.median(times) * 1000:.0f} ms "
            f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, {RUNS} runs)")

english = (ENGLISH * (1_000_000 // len(ENGLISH) + 1))[:1_000_000]
for name in ("o200k_base", "cl100k_base"):
    path = Path(f"/ranks/{name}.ranks")
    print(f"{name} ranks, converted: {timed(lambda: load_ranks(path, name))}")
    ranks = load_ranks(path, name)
    print(f"{name} 1 MB of English ({Encoding(name, ranks).count(english):,} tokens): "
          f"{timed(lambda: Encoding(name, ranks).count(english))}")
    for file, text in FILES.to_py():
        print(f"{name} {file}: {Encoding(name, ranks).count(text)} tokens")
`);
