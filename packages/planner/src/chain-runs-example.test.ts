import { SeededRandom } from "@treiber/contract/seeded-random";
import { describe, expect, it } from "vitest";
import { chainRuns } from "./chain-runs.js";
import type { ChainRun, ChainRunsInput } from "./chain-runs-types.js";
import { minCostAssignment } from "./min-cost-assignment.js";
import { PlannerInputError } from "./planner-input-error.js";

const HOUR = 3600;
const MINUTE = 60;

/** Places: 0 depot, 1 barrio Norte, 2 barrio Sur, 3 planta A, 4 planta B; minutes apart (30 km/h). */
const minutesApart = [
  [0, 15, 15, 20, 20],
  [15, 0, 25, 10, 30],
  [15, 25, 0, 30, 10],
  [20, 10, 30, 0, 25],
  [20, 30, 10, 25, 0],
];
const travel = {
  durations: minutesApart.map((row) => row.map((minutes) => minutes * MINUTE)),
  distances: minutesApart.map((row) => row.map((minutes) => minutes * 500)),
};

function run(id: string, hour: number, from: number, to: number, seats: number, minutes = 40): ChainRun {
  const start = hour * HOUR;
  return { id, start, end: start + minutes * MINUTE, startLocation: from, endLocation: to, seats };
}

/** A company day: inbound at 06:00 and 07:00 to two plants, outbound at 15:00. */
const companyDay: ChainRunsInput = {
  runs: [
    run("norte-06-a", 6, 1, 3, 30),
    run("sur-06-b", 6, 2, 4, 40),
    run("norte-07-a", 7, 1, 3, 28),
    run("sur-07-b", 7, 2, 4, 35),
    run("a-15-norte", 15, 3, 1, 30),
    run("b-15-sur", 15, 4, 2, 40),
  ],
  vehicles: [
    { id: "minibus", capacity: 20, depot: 0 },
    { id: "bus-1", capacity: 45, depot: 0, fixedCost: 100 },
    { id: "bus-2", capacity: 45, depot: 0, fixedCost: 100 },
    { id: "bus-3", capacity: 45, depot: 0, fixedCost: 100 },
  ],
  travel,
};

describe("chainRuns on a company day", () => {
  it("sends the 06:00 vehicles back for the 07:00 runs and the 15:00 outbound", () => {
    const result = chainRuns(companyDay);
    expect(result.unassigned).toEqual([]);
    expect(result.totals.vehiclesUsed).toBe(2);
    const routes = result.chains.map((chain) => chain.runs.map((step) => step.runId));
    expect(routes).toEqual([
      ["norte-06-a", "norte-07-a", "a-15-norte"],
      ["sur-06-b", "sur-07-b", "b-15-sur"],
    ]);
    const [norte] = result.chains;
    expect(norte?.vehicleId).toMatch(/^bus-/);
    // 06:40 at planta A, 10 min back to Norte, 10 min of rest before 07:00.
    expect(norte?.runs[1]).toMatchObject({
      deadheadSeconds: 10 * MINUTE,
      deadheadMetres: 5000,
      restSeconds: 600,
    });
    expect(norte?.spanSeconds).toBe(9 * HOUR + 40 * MINUTE);
    expect(norte?.pullOutMetres).toBe(15 * 500);
    expect(norte?.pullInMetres).toBe(15 * 500);
    expect(result.totals.oneVehiclePerRun).toBe(6);
  });

  it("needs other vehicles for the afternoon when the span is too short", () => {
    const vehicles = [...companyDay.vehicles, { id: "bus-4", capacity: 45, depot: 0, fixedCost: 100 }];
    const short = { ...companyDay, options: { maxSpanMinutes: 8 * 60 } };
    const result = chainRuns({ ...short, vehicles });
    expect(result.unassigned).toEqual([]);
    expect(result.totals.vehiclesUsed).toBe(4);
    expect(Math.max(...result.chains.map((chain) => chain.spanSeconds))).toBeLessThanOrEqual(8 * HOUR);
    const fewer = chainRuns(short);
    expect(fewer.totals.vehiclesUsed).toBe(3);
    expect(fewer.unassigned).toHaveLength(1);
    expect(fewer.unassigned[0]?.reason).toBe("fleet");
  });

  it("does not chain 06:00 into 07:00 when the rest does not fit", () => {
    const result = chainRuns({ ...companyDay, options: { minRestMinutes: 15 } });
    expect(
      result.chains.some((chain) =>
        chain.runs.some((step) => step.runId === "norte-07-a" && step.restSeconds < 900),
      ),
    ).toBe(false);
    expect(result.totals.vehiclesUsed).toBe(3);
  });

  it("gives a run its preferred vehicle when nothing else differs", () => {
    const runs = companyDay.runs.map((item) =>
      item.id === "sur-06-b" ? { ...item, preferredVehicleId: "bus-3" } : item,
    );
    const result = chainRuns({ ...companyDay, runs });
    const sur = result.chains.find((chain) => chain.runs.some((step) => step.runId === "sur-06-b"));
    expect(sur?.vehicleId).toBe("bus-3");
  });

  it("says in Spanish why a run has no vehicle", () => {
    const result = chainRuns({
      runs: [
        run("grande", 6, 1, 3, 60),
        run("larga", 6, 1, 3, 10, 11 * 60),
        run("primera", 8, 1, 3, 10),
        run("segunda", 8, 2, 4, 10),
      ],
      vehicles: [{ id: "minibus", capacity: 20 }],
      travel,
    });
    expect(result.unassigned.slice(0, 2)).toEqual([
      { runId: "grande", reason: "seats", message: "Sin vehículo con asientos suficientes" },
      { runId: "larga", reason: "hours", message: "Fuera del horario del chofer" },
    ]);
    // «primera» and «segunda» overlap and cost the same: one of them waits.
    expect(result.unassigned.slice(2)).toEqual([
      {
        runId: expect.stringMatching(/^(primera|segunda)$/),
        reason: "fleet",
        message: "Sin vehículo libre a esa hora",
      },
    ]);
    expect(result.totals.vehiclesUsed).toBe(1);
  });

  it("refuses malformed input in Spanish", () => {
    const twice = { ...companyDay, runs: [...companyDay.runs, companyDay.runs[0] as ChainRun] };
    expect(() => chainRuns(twice)).toThrow(PlannerInputError);
    expect(() => chainRuns(twice)).toThrow(/Recorrido norte-06-a repetido/);
    const backwards = { ...companyDay, runs: [{ ...(companyDay.runs[0] as ChainRun), end: 0 }] };
    expect(() => chainRuns(backwards)).toThrow(/termina antes de empezar/);
    const offMatrix = { ...companyDay, runs: [run("lejos", 6, 9, 3, 10)] };
    expect(() => chainRuns(offMatrix)).toThrow(PlannerInputError);
  });

  it("plans nothing for an empty day", () => {
    const result = chainRuns({ ...companyDay, runs: [] });
    expect(result.chains).toEqual([]);
    expect(result.totals.vehiclesUsed).toBe(0);
  });
});

describe("minCostAssignment", () => {
  it("finds the cheapest assignment of small random matrices", () => {
    const random = new SeededRandom(11);
    for (let trial = 0; trial < 60; trial++) {
      const rows = random.int(1, 5);
      const columns = rows + random.int(0, 2);
      const cost = Array.from({ length: rows }, () =>
        Array.from({ length: columns }, () => random.int(-20, 50)),
      );
      const assignment = minCostAssignment(cost);
      expect(new Set(assignment).size).toBe(rows);
      const total = assignment.reduce((sum, column, row) => sum + (cost[row]?.[column] ?? Number.NaN), 0);
      expect(total).toBe(bruteForce(cost, 0, new Set()));
    }
  });
});

function bruteForce(cost: number[][], row: number, used: Set<number>): number {
  if (row === cost.length) return 0;
  let best = Number.POSITIVE_INFINITY;
  (cost[row] as number[]).forEach((value, column) => {
    if (used.has(column)) return;
    used.add(column);
    best = Math.min(best, value + bruteForce(cost, row + 1, used));
    used.delete(column);
  });
  return best;
}
