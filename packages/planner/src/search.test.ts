import { SeededRandom } from "@treiber/contract/seeded-random";
import { describe, expect, it } from "vitest";
import { compileProblem } from "./compile-problem.js";
import { Recreate } from "./operators/recreate.js";
import { ruinStrings } from "./operators/ruin-strings.js";
import { twoOptStar } from "./operators/two-opt-star.js";
import { Search } from "./search.js";
import type { VroomInput } from "./vroom-input-schema.js";

/** 40 jobs on a grid around a depot, 8 vehicles of 10 seats, loose windows. */
function gridProblem(): VroomInput {
  const points: [number, number][] = [[0, 0]];
  for (let i = 0; i < 40; i++) points.push([(i % 8) * 500 - 1750, Math.floor(i / 8) * 500 - 1000]);
  const durations = points.map(([ax, ay]) =>
    points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by))),
  );
  return {
    jobs: points.slice(1).map((_, i) => ({
      id: i,
      location_index: i + 1,
      delivery: [1 + (i % 3)],
      service: 60,
      time_windows: [[(i % 5) * 2000, (i % 5) * 2000 + 6000]],
    })),
    vehicles: Array.from({ length: 8 }, (_, id) => ({
      id,
      start_index: 0,
      end_index: 0,
      capacity: [10],
      costs: { fixed: 100000 },
    })),
    matrices: { car: { durations } },
  };
}

function where(search: Search): { jobRoute: number[]; routes: number[][]; unassigned: number[] } {
  return {
    jobRoute: Array.from(search.jobRoute),
    routes: search.routes.map((route) => route.jobs.slice()),
    unassigned: search.unassigned.slice().sort((a, b) => a - b),
  };
}

describe("Search", () => {
  it("knows each job's route after every ruin, recreate, 2-opt* and revert", () => {
    const problem = compileProblem(gridProblem());
    const search = new Search(problem, new SeededRandom(3), 1e9);
    const recreate = new Recreate(problem);
    recreate.apply(
      search,
      Array.from({ length: problem.jobCount }, (_, j) => j),
      true,
    );
    for (let iteration = 0; iteration < 300; iteration++) {
      const before = where(search);
      search.begin();
      const removed = ruinStrings(search);
      recreate.apply(search, removed.concat(search.unassigned), iteration % 2 === 0);
      twoOptStar(search, 3);
      if (iteration % 3 === 0) {
        search.revert();
        expect(where(search)).toEqual(before);
      }
      search.routes.forEach((route, r) => {
        for (const job of route.jobs) expect(search.jobRoute[job]).toBe(r);
      });
      for (const job of search.unassigned) expect(search.jobRoute[job]).toBe(-1);
      const served = search.routes.reduce((sum, route) => sum + route.jobs.length, 0);
      expect(served + search.unassigned.length).toBe(problem.jobCount);
    }
  });
});
