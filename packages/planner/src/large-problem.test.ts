import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomProblem } from "./random-problem.js";
import { solve } from "./solve.js";
import { verifyPlan } from "./verify-plan.js";
import type { VroomInput } from "./vroom-input-schema.js";
import type { VroomOutput } from "./vroom-output.js";

/** Iterations, not seconds: the plans do not depend on the machine's load. */
const ITERATIONS = 400;
/** A few seconds of CPU each; the limit leaves room for a shared, loaded machine. */
const TIMEOUT = 240_000;

/** A company-size problem (issue 36): 1,000 stops, seats, some time windows, a maximum ride. */
const largeProblem = fc
  .record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    vehicles: fc.integer({ min: 60, max: 90 }),
    capacity: fc.integer({ min: 20, max: 45 }),
    timeWindows: fc.boolean(),
    maxRide: fc.option(fc.integer({ min: 40, max: 120 }), { nil: undefined }),
    kind: fc.constantFrom<"pickup" | "delivery">("pickup", "delivery"),
  })
  .map(
    ({ maxRide, ...options }): VroomInput =>
      randomProblem({ jobs: 1_000, ...options, ...(maxRide ? { maxRide: maxRide * 60 } : {}) }),
  );

/** Every job once: on a route, or unassigned with a reason. */
function expectEveryJobAccounted(input: VroomInput, output: VroomOutput) {
  const served = output.routes.flatMap((route) =>
    route.steps.flatMap((step) => (step.type === "job" && step.id !== undefined ? [step.id] : [])),
  );
  const left = output.unassigned.map((task) => task.id);
  expect([...served, ...left].sort((a, b) => a - b)).toEqual(input.jobs.map((job) => job.id));
  for (const task of output.unassigned) {
    expect(task.reason_code).toBeTruthy();
    expect(task.reason.length).toBeGreaterThan(0);
  }
}

/** The plan without its timings. */
const planOf = (output: VroomOutput) => ({
  routes: output.routes.map((route) => [
    route.vehicle,
    route.steps.map((step) => [step.type, step.id, step.arrival]),
  ]),
  unassigned: output.unassigned.map((task) => [task.id, task.reason_code]),
});

describe("solve at 1,000 jobs (issue 36)", () => {
  it(
    "returns routes that pass verifyPlan, each job served or unassigned with a reason",
    () => {
      fc.assert(
        fc.property(largeProblem, (input) => {
          const output = solve(input, { iterations: ITERATIONS, seed: 7 });
          expect(verifyPlan(input, output)).toEqual([]);
          expectEveryJobAccounted(input, output);
          expect(output.routes.length).toBeLessThanOrEqual(input.vehicles.length);
        }),
        { numRuns: 4, seed: 36 },
      );
    },
    TIMEOUT,
  );

  it(
    "serves every job when the fleet is ample, on about as many vehicles as the seats need",
    () => {
      const input = randomProblem({ jobs: 1_000, vehicles: 120, seed: 3, capacity: 30, maxRide: 90 * 60 });
      const output = solve(input, { iterations: ITERATIONS, seed: 1 });
      expect(verifyPlan(input, output)).toEqual([]);
      expect(output.unassigned).toEqual([]);
      const riders = input.jobs.reduce((sum, job) => sum + (job.pickup?.[0] ?? 0), 0);
      expect(output.routes.length).toBeLessThanOrEqual(Math.ceil((1.25 * riders) / 30));
    },
    TIMEOUT,
  );

  it(
    "gives the same plan for the same seed and iterations",
    () => {
      const input = randomProblem({
        jobs: 1_000,
        vehicles: 70,
        seed: 11,
        capacity: 25,
        timeWindows: true,
        maxRide: 75 * 60,
      });
      const first = solve(input, { iterations: ITERATIONS, seed: 5 });
      const second = solve(input, { iterations: ITERATIONS, seed: 5 });
      expect(planOf(second)).toEqual(planOf(first));
      const other = solve(input, { iterations: ITERATIONS, seed: 6 });
      expect(verifyPlan(input, other)).toEqual([]);
    },
    TIMEOUT,
  );
});
