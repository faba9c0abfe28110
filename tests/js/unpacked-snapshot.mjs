// Unpacks a packed snapshot with the very module the worker uses (web/snapshot-image.js), so
// tests/test_build.py checks the packing against the real unpacking.
//   node unpacked-snapshot.mjs <packed> <whole>   writes the unpacked bytes to <whole>
import { readFileSync, writeFileSync } from "node:fs";
import { unpackSnapshot } from "../../web/snapshot-image.js";

const [packed, whole] = process.argv.slice(2);
const bytes = readFileSync(packed);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
writeFileSync(whole, unpackSnapshot(buffer));
