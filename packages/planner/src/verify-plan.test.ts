import { describe, expect, it } from "vitest";
import { solve } from "./solve.js";
import { verifyPlan } from "./verify-plan.js";
import type { VroomInput } from "./vroom-input-schema.js";
import type { VroomOutput } from "./vroom-output.js";

const input: VroomInput = {
  jobs: [
    { id: 1, location_index: 1, pickup: [2], time_windows: [[0, 5000]], max_ride: 5000 },
    { id: 2, location_index: 2, pickup: [1] },
  ],
  vehicles: [{ id: 7, start_index: 0, end_index: 0, capacity: [3], time_window: [0, 10000] }],
  matrices: {
    car: {
      durations: [
        [0, 1000, 2000],
        [1000, 0, 1000],
        [2000, 1000, 0],
      ],
    },
  },
};

function plan(): VroomOutput {
  return solve(input, { iterations: 20, seconds: 60 });
}

describe("verifyPlan", () => {
  it("accepts the planner's plan", () => {
    expect(verifyPlan(input, plan())).toEqual([]);
  });

  it("finds a job served twice or not at all", () => {
    const twice = plan();
    const route = twice.routes[0]!;
    route.steps.splice(2, 0, structuredClone(route.steps[1]!));
    expect(verifyPlan(input, twice).join()).toMatch(/appears 2 times/);
    const missing = plan();
    missing.routes = [];
    expect(verifyPlan(input, missing).join()).toMatch(/job 1 appears 0 times/);
  });

  it("finds times that do not add up, a closed window, too many seats and too long a ride", () => {
    const late = plan();
    for (const step of late.routes[0]!.steps) step.arrival += 7000;
    expect(verifyPlan(input, late).join()).toMatch(/outside its windows/);
    expect(verifyPlan(input, late).join()).toMatch(/ends after its time window/);
    const crowded = { ...input, vehicles: [{ ...input.vehicles[0]!, capacity: [2] }] };
    expect(verifyPlan(crowded, plan()).join()).toMatch(/load over capacity/);
    const shortRide = { ...input, jobs: [{ ...input.jobs[0]!, max_ride: 100 }, input.jobs[1]!] };
    expect(verifyPlan(shortRide, plan()).join()).toMatch(/job 1 rides/);
  });
});
