// The chunk map's geometry (web/page/chunkmap.js): which windows are drawn and in how many lanes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chunkWindows, laneCount } from "../../web/page/chunkmap.js";

const plan = (tokens, chunkSize, step, chunks) => ({
  tokens: String(tokens),
  chunk_size: String(chunkSize),
  step: String(step),
  chunks: String(chunks),
});

test("up to twelve windows are all drawn, the last one cut at the end", () => {
  const { before, after, hidden } = chunkWindows(plan(2500, 800, 600, 4));
  assert.deepEqual(
    before.map(({ start, end }) => [start, end]),
    [
      [0n, 800n],
      [600n, 1400n],
      [1200n, 2000n],
      [1800n, 2500n],
    ],
  );
  assert.deepEqual(after, []);
  assert.equal(hidden, 0n);
});

test("more windows: four, a gap, and the last, exact past 2^53", () => {
  const tokens = 2n ** 60n;
  const chunks = 1n + (tokens - 512n + 447n) / 448n;
  const { before, after, hidden } = chunkWindows(plan(tokens, 512, 448, chunks));
  assert.equal(before.length, 4);
  assert.equal(hidden, chunks - 5n);
  assert.equal(after.length, 1);
  assert.equal(after[0].index, chunks - 1n);
  assert.equal(after[0].start, (chunks - 1n) * 448n);
  assert.equal(after[0].end, tokens);
  assert.equal(after[0].afterGap, true);
});

test("lanes: enough that overlapping windows never share one, at most four", () => {
  assert.equal(laneCount(512n, 512n), 1);
  assert.equal(laneCount(512n, 448n), 2);
  assert.equal(laneCount(800n, 600n), 2);
  assert.equal(laneCount(512n, 256n), 2);
  assert.ok(laneCount(512n, 1n) <= 4);
});
