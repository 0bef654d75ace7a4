import { describe, expect, it } from "vitest";
import { createQueuedPositionLimit } from "./queued-position-limit.js";

describe("queued position limit (defaults)", () => {
  it("an hour of positions (one a second) sent back to back at 15 a second is never refused", () => {
    let now = 0;
    const limit = createQueuedPositionLimit({ now: () => now });
    for (let i = 0; i < 3_600; i++) {
      expect(limit.take(1)).toBe(0);
      now += 1000 / 15;
    }
  });

  it("a flood is held to 20 a second after its burst of 1,200, with the wait in seconds", () => {
    let now = 0;
    const limit = createQueuedPositionLimit({ now: () => now });
    let accepted = 0;
    for (let i = 0; i < 5_000; i++) if (limit.take(7) === 0) accepted += 1;
    expect(accepted).toBe(1_200);
    expect(limit.take(7)).toBe(1);
    expect(limit.take(8)).toBe(0);
    now += 10_000;
    accepted = 0;
    for (let i = 0; i < 5_000; i++) if (limit.take(7) === 0) accepted += 1;
    expect(accepted).toBe(200);
  });
});
