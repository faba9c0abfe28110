// The chunk map's geometry (web/page/chunkmap.js): which windows are drawn and in how many lanes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chunkWindows, laneCount } from "../../web/page/chunkmap.js";

// Python's answer as it travels: every integer as its decimal string.
const drawn = (before, after, hidden) => ({
  document: "one",
  tokens: "0",
  chunks: "0",
  before: before.map(([index, start, end]) => ({
    index: String(index),
    start: String(start),
    end: String(end),
  })),
  after: after.map(([index, start, end]) => ({
    index: String(index),
    start: String(start),
    end: String(end),
  })),
  hidden: String(hidden),
});

test("the windows Python chose, as BigInt", () => {
  const { before, after, hidden } = chunkWindows(
    drawn(
      [
        [0, 0, 800],
        [1, 600, 1400],
        [2, 1200, 2000],
        [3, 1800, 2500],
      ],
      [],
      0,
    ),
  );
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

test("past a gap, the last window keeps its digits past 2^53", () => {
  const tokens = 2n ** 60n;
  const chunks = 1n + (tokens - 512n + 447n) / 448n;
  const last = [chunks - 1n, (chunks - 1n) * 448n, tokens];
  const { before, after, hidden } = chunkWindows(
    drawn(
      [
        [0, 0, 512],
        [1, 448, 960],
        [2, 896, 1408],
        [3, 1344, 1856],
      ],
      [last],
      chunks - 5n,
    ),
  );
  assert.equal(before.length, 4);
  assert.equal(hidden, chunks - 5n);
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
