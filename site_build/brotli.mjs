// Brotli-compresses files with Node's built-in zlib, for build.py's precompressed copies.
//   node brotli.mjs <jobs.json>    jobs: [[source, target, quality], ...]
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

for (const [source, target, quality] of JSON.parse(readFileSync(process.argv[2], "utf-8"))) {
  const data = readFileSync(source);
  writeFileSync(target, brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }));
}
