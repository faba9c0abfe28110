// The memory snapshot as build.py ships it (engine/build/snapshot.py packed_snapshot): without
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
        // A gap may begin in the header's zero padding, which the image holds already.
        const from = Math.max(start, base);
        if (from < stop) {
          image.set(memory.subarray(from - base, stop - base), from);
        }
      }
    },
  };
}

/** loadPyodide's options that restore the packed snapshot: the image, and Pyodide's own
 *  module factory (pyodide.asm.mjs's default export) that fills the image in from the fresh
 *  memory (withFreshMemory) before loadPyodide copies the image over that memory. */
export function snapshotOptions(packed, createPyodideModule) {
  const { image, fillFromFresh } = unpackSnapshot(packed);
  return {
    _loadSnapshot: image,
    createPyodideModule: withFreshMemory(createPyodideModule, fillFromFresh),
  };
}

/** Pyodide's module factory, calling `seen` with the wasm's memory as its instantiation
 *  leaves it: in the callback of Pyodide's own instantiateWasm, before the module runs
 *  anything (its first preRun hooks already write to that memory). */
export function withFreshMemory(createPyodideModule, seen) {
  return (settings) => {
    const instantiate = settings.instantiateWasm;
    if (!instantiate) {
      throw new Error("Pyodide instantiates its wasm itself here: no fresh memory to read");
    }
    // The settings object becomes Pyodide's module: changed in place, not copied.
    settings.instantiateWasm = (imports, done) =>
      instantiate(imports, (instance, module) => {
        seen(new Uint8Array(instance.exports.memory.buffer));
        done(instance, module);
      });
    return createPyodideModule(settings);
  };
}
