// Unpacks a packed snapshot with the very module the worker uses
// (engine/worker/snapshot-image.js), so tests/test_build.py checks the packing against the real
// unpacking.
//   node unpacked-snapshot.mjs <packed> <whole> [<fresh>]   writes the unpacked bytes to
//   <whole>, the left-out blocks filled from <fresh> (a fresh memory) when it is given
import { readFileSync, writeFileSync } from "node:fs";
import { unpackSnapshot } from "../../engine/worker/snapshot-image.js";

const [packed, whole, fresh] = process.argv.slice(2);
const bytes = readFileSync(packed);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
const { image, fillFromFresh } = unpackSnapshot(buffer);
if (fresh) {
  fillFromFresh(new Uint8Array(readFileSync(fresh)));
}
writeFileSync(whole, image);
