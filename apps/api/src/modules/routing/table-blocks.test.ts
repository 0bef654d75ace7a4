import { describe, expect, it } from "vitest";
import { createRoadCache } from "./road-cache.js";
import { tableBlocks } from "./table-blocks.js";

describe("tableBlocks", () => {
  it("asks a table that fits in one request, and nothing when every pair is known", () => {
    expect(tableBlocks(5, 100, () => true)).toEqual([
      { sources: [0, 1, 2, 3, 4], destinations: [0, 1, 2, 3, 4] },
    ]);
    expect(tableBlocks(5, 100, () => false)).toEqual([]);
  });

  it("splits a bigger one into blocks of at most half the size each, skipping the known ones", () => {
    const blocks = tableBlocks(5, 4, () => true);
    // Chunks [0, 1], [2, 3], [4]: 3 × 3 blocks but [4] × [4], which has no pair.
    expect(blocks).toHaveLength(8);
    for (const block of blocks) {
      expect(new Set([...block.sources, ...block.destinations]).size).toBeLessThanOrEqual(4);
    }
    const pairs = new Set(
      blocks.flatMap((b) => b.sources.flatMap((a) => b.destinations.map((d) => `${a}>${d}`))),
    );
    for (let a = 0; a < 5; a++)
      for (let b = 0; b < 5; b++) if (a !== b) expect(pairs.has(`${a}>${b}`)).toBe(true);
    // Only the pair 4 → 0 is unknown: the block of sources [4] and destinations [0, 1].
    expect(tableBlocks(5, 4, (a, b) => a === 4 && b === 0)).toEqual([{ sources: [4], destinations: [0, 1] }]);
  });
});

describe("createRoadCache", () => {
  const point = (n: number) => ({ latitude: 18 + n / 1000, longitude: -69.9 });

  it("keys legs by coordinates rounded to about a metre and forgets the least recently used", () => {
    const cache = createRoadCache(2);
    cache.set(point(1), point(2), { seconds: 60, meters: 500 });
    expect(cache.get({ latitude: 18.001000001, longitude: -69.9 }, point(2))).toEqual({
      seconds: 60,
      meters: 500,
    });
    expect(cache.get(point(2), point(1))).toBeUndefined();
    cache.set(point(2), point(3), { seconds: 30, meters: 200 });
    cache.get(point(1), point(2));
    cache.set(point(3), point(4), { seconds: 10, meters: 100 });
    expect(cache.size).toBe(2);
    expect(cache.get(point(2), point(3))).toBeUndefined();
    expect(cache.get(point(1), point(2))).toBeDefined();
  });
});
