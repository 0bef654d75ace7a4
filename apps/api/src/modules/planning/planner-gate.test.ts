import { PLANNER_BUSY_MESSAGE } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { MAX_CONCURRENT_PROPOSALS, plannerGate, withPlannerSlot } from "./planner-gate.js";

describe("plannerGate", () => {
  it("gives MAX_CONCURRENT_PROPOSALS places; a place released twice frees one", () => {
    const slots = Array.from({ length: MAX_CONCURRENT_PROPOSALS }, () => plannerGate.tryAcquire());
    expect(slots.every(Boolean)).toBe(true);
    expect(plannerGate.tryAcquire()).toBeUndefined();
    slots[0]?.release();
    slots[0]?.release();
    expect(plannerGate.held()).toBe(MAX_CONCURRENT_PROPOSALS - 1);
    const again = plannerGate.tryAcquire();
    expect(again).toBeDefined();
    expect(plannerGate.tryAcquire()).toBeUndefined();
    for (const slot of [again, ...slots]) slot?.release();
    expect(plannerGate.held()).toBe(0);
  });

  it("withPlannerSlot: 503 at once when full; the place is freed after a failure too", async () => {
    const taken = Array.from({ length: MAX_CONCURRENT_PROPOSALS }, () => plannerGate.tryAcquire());
    let ran = false;
    await expect(
      withPlannerSlot(async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ statusCode: 503, message: PLANNER_BUSY_MESSAGE });
    expect(ran).toBe(false);
    for (const slot of taken) slot?.release();

    await expect(
      withPlannerSlot(async () => {
        expect(plannerGate.held()).toBe(1);
        throw new Error("planner failed");
      }),
    ).rejects.toThrow("planner failed");
    expect(plannerGate.held()).toBe(0);
  });
});
