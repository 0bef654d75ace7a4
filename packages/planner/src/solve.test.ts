import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearestNeighbour } from "./nearest-neighbour.js";
import { parseProblem } from "./parse-problem.js";
import { solve } from "./solve.js";
import { verifyPlan } from "./verify-plan.js";
import type { VroomInput } from "./vroom-input-schema.js";
import type { VroomOutput } from "./vroom-output.js";

/** Points on a plane; travel time = distance (metres at 1 m/s), rounded. */
function matrixOf(points: [number, number][]): number[][] {
  return points.map(([ax, ay]) => points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by))));
}

/**
 * Riders' homes around a workplace at location 0: to work (entrada: pickups, routes end at work), from
 * work (salida: deliveries, routes start at work, some end at the last home) or both in one route.
 */
const riderProblem = fc
  .record({
    homes: fc.array(fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: -3000, max: 3000 })), {
      minLength: 1,
      maxLength: 12,
    }),
    seats: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 4 }),
    riders: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 12, maxLength: 12 }),
    maxRide: fc.option(fc.integer({ min: 1000, max: 12000 }), { nil: undefined }),
    windows: fc.array(fc.option(fc.integer({ min: 0, max: 9000 }), { nil: undefined }), {
      minLength: 12,
      maxLength: 12,
    }),
    arriveBy: fc.integer({ min: 4000, max: 20000 }),
    fixed: fc.constantFrom(0, 100000),
    depotStart: fc.boolean(),
    direction: fc.constantFrom("entrada", "salida", "mixta"),
  })
  .map(({ homes, seats, riders, maxRide, windows, arriveBy, fixed, depotStart, direction }): VroomInput => {
    const points: [number, number][] = [[0, 0], [500, 500], ...homes];
    return {
      jobs: homes.map((_, index) => ({
        id: 100 + index,
        location_index: index + 2,
        service: 120,
        ...(direction === "entrada" || (direction === "mixta" && index % 2 === 0)
          ? { pickup: [riders[index]!] }
          : { delivery: [riders[index]!] }),
        ...(maxRide === undefined ? {} : { max_ride: maxRide }),
        ...(windows[index] === undefined
          ? {}
          : { time_windows: [[windows[index]!, windows[index]! + 1800]] }),
      })),
      vehicles: seats.map((capacity, index) => ({
        id: index + 1,
        ...(direction === "salida" ? { start_index: 0 } : depotStart ? { start_index: 1 } : {}),
        ...(direction === "salida" && !depotStart ? {} : { end_index: 0 }),
        capacity: [capacity],
        time_window: [0, arriveBy] as [number, number],
        costs: { fixed },
      })),
      matrices: { car: { durations: matrixOf(points), distances: matrixOf(points) } },
    };
  });

describe("solve", () => {
  it("respects seats, time windows and the maximum ride, and serves each rider once or reports why not", () => {
    fc.assert(
      fc.property(riderProblem, fc.integer({ min: 1, max: 1000 }), (input, seed) => {
        const output = solve(parseProblem(input), { iterations: 150, seconds: 60, seed });
        expect(verifyPlan(input, output)).toEqual([]);
        for (const task of output.unassigned) expect(task.reason).toMatch(/\S/);
      }),
      { numRuns: 150, seed: 23 },
    );
  });

  it("gives the same plan for the same seed and iterations", () => {
    const input = fc.sample(riderProblem, { numRuns: 1, seed: 7 })[0]!;
    const plan = (seed: number) => solve(input, { iterations: 300, seconds: 60, seed }).routes;
    expect(plan(5)).toEqual(plan(5));
  });

  it("uses one vehicle fewer when vehicles cost a fixed amount and one fits all", () => {
    const points: [number, number][] = [
      [0, 0],
      [1000, 0],
      [0, 1000],
      [-1000, 0],
      [0, -1000],
    ];
    const input = (fixed: number): VroomInput => ({
      jobs: [1, 2, 3, 4].map((index) => ({ id: index, location_index: index, delivery: [1] })),
      vehicles: [1, 2, 3].map((id) => ({
        id,
        start_index: 0,
        end_index: 0,
        capacity: [4],
        costs: { fixed },
      })),
      matrices: { car: { durations: matrixOf(points) } },
    });
    const cheap = solve(input(1_000_000), { iterations: 500, seconds: 60 });
    expect(cheap.routes).toHaveLength(1);
    // Depot, the four points around it, depot: 1,000 + 3 × 1,414 + 1,000.
    expect(cheap.summary.cost).toBe(1_000_000 + 6242);
    expect(verifyPlan(input(1_000_000), cheap)).toEqual([]);
  });

  it("reports why a job cannot be served, in Spanish", () => {
    const points: [number, number][] = [
      [0, 0],
      [1000, 0],
      [5000, 0],
      [200, 0],
      [300, 0],
    ];
    const input: VroomInput = {
      jobs: [
        { id: 1, location_index: 1, pickup: [1] },
        { id: 2, location_index: null, pickup: [1] },
        { id: 3, location_index: 2, pickup: [1], max_ride: 1000 },
        { id: 4, location_index: 3, pickup: [9] },
        { id: 5, location_index: 4, pickup: [1], skills: [7] },
      ],
      vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [4] }],
      matrices: { car: { durations: matrixOf(points) } },
    };
    const output = solve(parseProblem(input), { iterations: 100, seconds: 60 });
    expect(verifyPlan(input, output)).toEqual([]);
    const reasons = Object.fromEntries(output.unassigned.map((task) => [task.id, task.reason]));
    expect(reasons).toEqual({
      2: "Sin ubicación",
      3: "Inalcanzable dentro del viaje máximo",
      4: "Sin asientos: no cabe en ningún vehículo",
      5: "Ningún vehículo tiene las habilidades requeridas",
    });
    expect(output.routes[0]!.steps.map((step) => step.id ?? step.type)).toEqual(["start", 1, "end"]);
  });

  it("plans a morning shift: 60 riders to work by 8:00 in vans of 15, nobody on board more than 45 min", () => {
    // Homes scattered up to ~9 km from the workplace (location 0), 10 m/s; vans wait at the depot (1).
    const random = fc.sample(
      fc.tuple(fc.integer({ min: -9000, max: 9000 }), fc.integer({ min: -9000, max: 9000 })),
      {
        numRuns: 60,
        seed: 11,
      },
    );
    const points: [number, number][] = [[0, 0], [2000, -2000], ...random];
    const seconds = points.map(([ax, ay]) =>
      points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by) / 10)),
    );
    const metres = points.map(([ax, ay]) =>
      points.map(([bx, by]) => Math.round(1.3 * Math.hypot(ax - bx, ay - by))),
    );
    const eight = 8 * 3600;
    const input: VroomInput = {
      jobs: random.map((_, index) => ({
        id: index + 1,
        location_index: index + 2,
        pickup: [1],
        service: 120,
        max_ride: 2700,
      })),
      vehicles: Array.from({ length: 8 }, (_, index) => ({
        id: index + 1,
        start_index: 1,
        end_index: 0,
        capacity: [15],
        time_window: [eight - 2 * 3600, eight] as [number, number],
        costs: { fixed: 10_000_000, per_hour: 0, per_km: 1000 },
      })),
      matrices: { car: { durations: seconds, distances: metres } },
    };
    const output = solve(parseProblem(input), { iterations: 3000, seconds: 60 });
    expect(verifyPlan(input, output)).toEqual([]);
    expect(output.unassigned).toEqual([]);
    // The ride limit, not the seats, sets the number of vans: the first rider waits through every stop.
    expect(output.routes.length).toBeLessThanOrEqual(nearestNeighbour(input).routes.length);
    for (const route of output.routes) {
      expect(route.steps.at(-1)!.arrival).toBeLessThanOrEqual(eight);
      for (const step of route.steps) if (step.type === "job") expect(step.ride).toBeLessThanOrEqual(2700);
    }
  });

  it("answers an empty plan, at once, when there is nothing to serve", () => {
    const input: VroomInput = {
      jobs: [],
      vehicles: [{ id: 1, start_index: 0, end_index: 0 }],
      matrices: { car: { durations: [[0]] } },
    };
    const output = solve(input, { seconds: 60 });
    expect(output).toMatchObject({ code: 0, routes: [], unassigned: [], summary: { cost: 0, routes: 0 } });
  });

  it("reports the riders left over when the seats run out", () => {
    const points: [number, number][] = [
      [0, 0],
      [100, 0],
      [200, 0],
      [300, 0],
    ];
    const input: VroomInput = {
      jobs: [1, 2, 3].map((index) => ({ id: index, location_index: index, pickup: [1] })),
      vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [2] }],
      matrices: { car: { durations: matrixOf(points) } },
    };
    const output = solve(input, { iterations: 100, seconds: 60 });
    expect(verifyPlan(input, output)).toEqual([]);
    expect(output.unassigned.map((task) => task.reason)).toEqual(["Sin asientos: la flota no alcanza"]);
    expect(output.routes[0]!.steps.at(-1)?.load).toEqual([2]);
  });

  it("finds VROOM's own answer to its example 2 (docs/example_2.json), in its format", () => {
    const fixture = (name: string) =>
      JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
    const output = solve(parseProblem(fixture("vroom-example-2.json")), { iterations: 50, seconds: 60 });
    const vroom = fixture("vroom-example-2-solution.json") as VroomOutput;
    const { computing_times: _, ...summary } = output.summary;
    expect(vroom.summary).toMatchObject(summary);
    expect(output.routes).toEqual(vroom.routes);
    expect(output.unassigned).toEqual([]);
  });

  it("counts cost as VROOM does: fixed, per_hour on durations and per_km on distances", () => {
    const input: VroomInput = {
      jobs: [{ id: 1, location_index: 1, service: 300 }],
      vehicles: [{ id: 9, start_index: 0, end_index: 0, costs: { fixed: 50, per_hour: 7200, per_km: 3 } }],
      matrices: {
        car: {
          durations: [
            [0, 600],
            [900, 0],
          ],
          distances: [
            [0, 5000],
            [6000, 0],
          ],
        },
      },
    };
    const output = solve(input, { iterations: 10, seconds: 60 });
    // 1,500 s at 7,200 per hour = 3,000; 11 km at 3 per km = 33; fixed 50.
    expect(output.routes[0]).toMatchObject({
      vehicle: 9,
      cost: 3083,
      duration: 1500,
      distance: 11000,
      service: 300,
    });
    expect(output.summary).toMatchObject({
      cost: 3083,
      routes: 1,
      unassigned: 0,
      duration: 1500,
      distance: 11000,
    });
    expect(output.routes[0]!.steps).toMatchObject([
      { type: "start", arrival: 0, duration: 0, distance: 0 },
      {
        type: "job",
        id: 1,
        job: 1,
        arrival: 600,
        duration: 600,
        distance: 5000,
        service: 300,
        waiting_time: 0,
      },
      { type: "end", arrival: 1800, duration: 1500, distance: 11000 },
    ]);
  });

  it("picks the riders up as late as the arrival at work allows, so nobody rides longer than needed", () => {
    // Workplace 0, homes 1 and 2 on a line; the vehicle may leave at 0 and must arrive by 10,000.
    const input: VroomInput = {
      jobs: [
        { id: 1, location_index: 1, pickup: [1], service: 60, max_ride: 1200 },
        { id: 2, location_index: 2, pickup: [1], service: 60, time_windows: [[5000, 9000]] },
      ],
      vehicles: [{ id: 1, start_index: 2, end_index: 0, capacity: [4], time_window: [0, 10000] }],
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
    const output = solve(input, { iterations: 50, seconds: 60 });
    expect(verifyPlan(input, output)).toEqual([]);
    const steps = output.routes[0]!.steps;
    expect(steps.map((step) => step.id ?? step.type)).toEqual(["start", 2, 1, "end"]);
    expect(steps.find((step) => step.id === 1)).toMatchObject({ arrival: 6060, ride: 1000 });
    expect(steps.at(-1)).toMatchObject({ arrival: 7120 });
  });

  it("the nearest-neighbour baseline gives valid plans too", () => {
    fc.assert(
      fc.property(riderProblem, (input) => {
        expect(verifyPlan(input, nearestNeighbour(input))).toEqual([]);
      }),
      { numRuns: 30, seed: 5 },
    );
  });
});
