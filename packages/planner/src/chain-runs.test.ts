import { describe, expect, it } from "vitest";
import { chainRuns } from "./chain-runs.js";
import { mostRunsAtOnce, randomRunDay } from "./chain-runs-fixture.js";
import type { ChainRun, ChainRunsInput, ChainRunsResult } from "./chain-runs-types.js";

/** Checks a plan against its input on its own terms, without the planner's model. */
function checkPlan(input: ChainRunsInput, result: ChainRunsResult): void {
  const options = input.options ?? {};
  const minRest = (options.minRestMinutes ?? 10) * 60;
  const maxSpan = (options.maxSpanMinutes ?? 600) * 60;
  const maxDriving = (options.maxDrivingMinutes ?? Number.POSITIVE_INFINITY) * 60;
  const travel = input.travel as { durations: number[][]; distances: number[][] };
  const runs = new Map(input.runs.map((run) => [run.id, run]));
  const vehicles = new Map(input.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const seen = new Set<string>();
  const usedVehicles = new Set<string>();
  let deadhead = 0;
  for (const chain of result.chains) {
    const vehicle = vehicles.get(chain.vehicleId);
    expect(vehicle, chain.vehicleId).toBeDefined();
    expect(usedVehicles.has(chain.vehicleId), `${chain.vehicleId} twice`).toBe(false);
    usedVehicles.add(chain.vehicleId);
    expect(chain.runs.length).toBeGreaterThan(0);
    let previous: ChainRun | undefined;
    let driving = 0;
    let metres = 0;
    for (const step of chain.runs) {
      const run = runs.get(step.runId) as ChainRun;
      expect(seen.has(run.id), `${run.id} twice`).toBe(false);
      seen.add(run.id);
      expect(run.seats, `seats of ${run.id}`).toBeLessThanOrEqual(vehicle?.capacity ?? 0);
      driving += run.end - run.start;
      if (previous) {
        const seconds = travel.durations[previous.endLocation]?.[run.startLocation] ?? Number.NaN;
        expect(run.start - previous.end - seconds, `rest before ${run.id}`).toBeGreaterThanOrEqual(minRest);
        expect(step.restSeconds).toBe(run.start - previous.end - seconds);
        driving += seconds;
        metres += travel.distances[previous.endLocation]?.[run.startLocation] ?? Number.NaN;
      }
      previous = run;
    }
    const first = runs.get(chain.runs[0]?.runId ?? "") as ChainRun;
    expect((previous as ChainRun).end - first.start, `span of ${chain.vehicleId}`).toBeLessThanOrEqual(
      maxSpan,
    );
    expect(driving).toBeLessThanOrEqual(maxDriving);
    expect(chain.workSeconds).toBe(driving);
    const depot = vehicle?.depot;
    if (depot !== undefined) {
      metres +=
        (travel.distances[depot]?.[first.startLocation] ?? 0) +
        (travel.distances[(previous as ChainRun).endLocation]?.[depot] ?? 0);
    }
    expect(chain.deadheadMetres).toBeCloseTo(metres, 6);
    deadhead += metres;
  }
  for (const left of result.unassigned) {
    expect(seen.has(left.runId)).toBe(false);
    seen.add(left.runId);
  }
  expect(seen.size).toBe(input.runs.length);
  expect(result.totals.vehiclesUsed).toBe(result.chains.length);
  expect(result.totals.deadheadMetres).toBeCloseTo(deadhead, 6);
  const chained = input.runs.filter((run) => !result.unassigned.some((left) => left.runId === run.id));
  expect(result.totals.vehiclesUsed).toBeGreaterThanOrEqual(mostRunsAtOnce(chained));
}

const days = [
  { seed: 1, runs: 100 },
  { seed: 2, runs: 180 },
  { seed: 3, runs: 300 },
];

describe("chainRuns on seeded days", () => {
  for (const { seed, runs } of days) {
    it(`keeps rest, span, seats and the lower bound (seed ${seed}, ${runs} runs)`, () => {
      const day = randomRunDay(seed, runs);
      const result = chainRuns(day);
      checkPlan(day, result);
      expect(result.unassigned).toEqual([]);
      expect(result.totals.vehiclesUsed).toBeLessThan(runs / 2);
    });
  }

  it("keeps a driving limit and a longer rest", () => {
    const day = {
      ...randomRunDay(4, 150),
      options: { minRestMinutes: 30, maxSpanMinutes: 480, maxDrivingMinutes: 300 },
    };
    const result = chainRuns(day);
    checkPlan(day, result);
    expect(result.chains.some((chain) => chain.runs.length > 1)).toBe(true);
  });

  it("shares few big vehicles among the big runs and leaves none out", () => {
    for (const seed of [1, 2]) {
      const day = randomRunDay(seed, 200);
      const bigRuns = day.runs.filter((run) => run.seats > 30);
      const bigOnly = chainRuns({
        ...day,
        runs: bigRuns,
        vehicles: day.vehicles.map((vehicle) => ({ ...vehicle, capacity: 50 })),
      });
      // Exactly as many 50-seat vehicles as the big runs alone need, and plenty of 30-seat ones.
      const vehicles = [
        ...Array.from({ length: bigOnly.totals.vehiclesUsed }, (_, i) => ({
          id: `G${i}`,
          capacity: 50,
          depot: 0,
        })),
        ...Array.from({ length: 200 }, (_, i) => ({ id: `M${i}`, capacity: 30, depot: 0 })),
      ];
      const input = { ...day, vehicles };
      const result = chainRuns(input);
      checkPlan(input, result);
      expect(result.unassigned).toEqual([]);
    }
  });

  it("reaches the most runs at once when rest and deadhead are zero", () => {
    for (const seed of [5, 6, 7]) {
      const day = randomRunDay(seed, 150 + seed * 10, { zeroTravel: true });
      const input: ChainRunsInput = {
        ...day,
        vehicles: day.vehicles.map((vehicle) => ({ ...vehicle, capacity: 50, fixedCost: 0 })),
        options: { minRestMinutes: 0, maxSpanMinutes: 24 * 60 },
      };
      const result = chainRuns(input);
      checkPlan(input, result);
      expect(result.totals.vehiclesUsed).toBe(mostRunsAtOnce(input.runs));
    }
  });

  it("balances without more vehicles and with a smaller spread", () => {
    for (const { seed, runs } of days.slice(0, 2)) {
      const day = randomRunDay(seed, runs);
      const plain = chainRuns(day);
      const balancedInput = { ...day, options: { balance: true } };
      const balanced = chainRuns(balancedInput);
      checkPlan(balancedInput, balanced);
      expect(balanced.unassigned).toEqual(plain.unassigned);
      expect(balanced.totals.vehiclesUsed).toBeLessThanOrEqual(plain.totals.vehiclesUsed);
      expect(balanced.totals.workSpreadSeconds).toBeLessThan(plain.totals.workSpreadSeconds);
    }
  });

  it("gives the same plan for the same day, whatever the order of the runs", () => {
    const day = randomRunDay(8, 200);
    const first = chainRuns(day);
    expect(chainRuns(day)).toEqual(first);
    expect(chainRuns({ ...day, runs: day.runs.slice().reverse() })).toEqual(first);
    const balanced = { ...day, options: { balance: true } };
    expect(chainRuns(balanced)).toEqual(chainRuns({ ...balanced, runs: day.runs.slice().reverse() }));
  });
});
