// The memory snapshot as build.py ships it (site_build/snapshot.py packed_snapshot): without
// the blocks that Pyodide's freshly instantiated memory holds at their place (its zero
// blocks, and most of its static data, which Python's start leaves as it is), for a smaller
// download.  Its header says where the kept blocks go; the last may be short.  Its own
// module: the worker restores it, and so does a test that checks what a restored Python can
// import.

/** The whole snapshot for loadPyodide's _loadSnapshot, but for the left-out blocks of
 *  Pyodide's static data; `fillFromFresh` copies those from the fresh memory. */
export function unpackSnapshot(packed) {
  const header = new DataView(packed);
  const [length, block, fresh, runs] = [0, 4, 8, 12].map((at) => header.getUint32(at, true));
  const image = new Uint8Array(length);
  const fromFresh = [];
  let offset = 16 + 8 * runs;
  let end = 0; // of the last kept run
  for (let run = 0; run < runs; run += 1) {
    const start = header.getUint32(16 + 8 * run, true) * block;
    const size = Math.min(header.getUint32(20 + 8 * run, true) * block, length - start);
    image.set(new Uint8Array(packed, offset, size), start);
    fromFresh.push([end, Math.min(start, fresh)]);
    offset += size;
    end = start + size;
  }
  fromFresh.push([end, fresh]);
  const leftOut = fromFresh.filter(([start, stop]) => start < stop);
  return {
    image,
    /** Copies the left-out blocks from `memory`, Pyodide's memory as its instantiation left
     *  it, which starts in the snapshot after Pyodide's own header (its size: the uint32 at
     *  4, in a block always kept). */
    fillFromFresh(memory) {
      const base = new DataView(image.buffer).getUint32(4, true);
      for (const [start, stop] of leftOut) {
        image.set(memory.subarray(start - base, stop - base), start);
      }
    },
  };
}

/** loadPyodide's options that restore the packed snapshot: the image, and Pyodide's own
 *  module factory (pyodide.asm.mjs's default export) with a first preRun hook that fills the
 *  image in.  preRun comes after the wasm's instantiation, before anything has written to
 *  its memory, and before loadPyodide copies the image over that memory. */
export function snapshotOptions(packed, createPyodideModule) {
  const { image, fillFromFresh } = unpackSnapshot(packed);
  return {
    _loadSnapshot: image,
    createPyodideModule: (settings) => {
      // The settings object becomes Pyodide's module: changed in place, not copied.
      settings.preRun = [(module) => fillFromFresh(module.HEAPU8), ...(settings.preRun ?? [])];
      return createPyodideModule(settings);
    },
  };
}
