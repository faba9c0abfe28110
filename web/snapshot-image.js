// The memory snapshot as build.py ships it (site_build/snapshot.py packed_snapshot): without
// its all-zero blocks, more than half of it, for a smaller download.  Its header says where
// the blocks go; the last may be short.  Its own module: the worker restores it, and so
// does a test that checks what a restored Python can import.

/** The whole snapshot, ready for loadPyodide's _loadSnapshot. */
export function unpackSnapshot(packed) {
  const header = new DataView(packed);
  const [length, block, runs] = [0, 4, 8].map((at) => header.getUint32(at, true));
  const whole = new Uint8Array(length);
  let offset = 12 + 8 * runs;
  for (let run = 0; run < runs; run += 1) {
    const start = header.getUint32(12 + 8 * run, true) * block;
    const size = Math.min(header.getUint32(16 + 8 * run, true) * block, length - start);
    whole.set(new Uint8Array(packed, offset, size), start);
    offset += size;
  }
  return whole;
}
