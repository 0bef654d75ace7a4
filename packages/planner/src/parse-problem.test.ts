import { describe, expect, it } from "vitest";
import { parseProblem } from "./parse-problem.js";
import { PlannerInputError } from "./planner-input-error.js";

const valid = () => ({
  jobs: [
    { id: 1414, location_index: 1, service: 120, pickup: [1], time_windows: [[0, 3600]], max_ride: 1800 },
    { id: 1515, location_index: 2, delivery: [2], skills: [3], description: "Calle 5" },
  ],
  vehicles: [
    {
      id: 0,
      start_index: 0,
      end_index: 3,
      capacity: [4],
      time_window: [0, 7200],
      costs: { fixed: 5000, per_hour: 3600, per_km: 10 },
      skills: [3],
      max_travel_time: 5400,
      max_tasks: 10,
    },
  ],
  matrices: {
    car: {
      durations: [
        [0, 2104, 197, 1299],
        [2103, 0, 2255, 3152],
        [197, 2256, 0, 1102],
        [1299, 3153, 1102, 0],
      ],
    },
  },
});

function refusal(json: unknown): PlannerInputError {
  try {
    parseProblem(json);
  } catch (error) {
    if (error instanceof PlannerInputError) return error;
    throw error;
  }
  throw new Error("accepted");
}

describe("parseProblem", () => {
  it("reads VROOM's input format with Treiber's max_ride", () => {
    const input = parseProblem(valid());
    expect(input.jobs[0]).toMatchObject({ id: 1414, max_ride: 1800, time_windows: [[0, 3600]] });
    expect(input.vehicles[0]!.costs).toEqual({ fixed: 5000, per_hour: 3600, per_km: 10 });
  });

  it("reads VROOM's own example (docs/example_2.json) unchanged", () => {
    const example = {
      vehicles: [{ id: 0, start_index: 0, end_index: 3 }],
      jobs: [
        { id: 1414, location_index: 1 },
        { id: 1515, location_index: 2 },
      ],
      matrices: valid().matrices,
    };
    expect(parseProblem(example).jobs).toHaveLength(2);
  });

  it("accepts a job without a location (it is reported as «Sin ubicación»)", () => {
    const json = valid();
    (json.jobs[0] as { location_index?: number | null }).location_index = null;
    expect(parseProblem(json).jobs[0]!.location_index).toBeNull();
  });

  it.each([
    ["not an object", "problem", /Invalid problem at \(root\)/],
    ["no vehicles", { ...valid(), vehicles: [] }, /at least one vehicle.*se necesita al menos un vehículo/],
    [
      "a negative service",
      { ...valid(), jobs: [{ id: 1, location_index: 1, service: -5 }] },
      /jobs\.0\.service/,
    ],
    ["a fractional id", { ...valid(), jobs: [{ id: 1.5, location_index: 1 }] }, /jobs\.0\.id/],
    [
      "a window that ends before it starts",
      { ...valid(), jobs: [{ id: 1, location_index: 1, time_windows: [[10, 5]] }] },
      /time window start after its end/,
    ],
    ["shipments", { ...valid(), shipments: [{ pickup: {}, delivery: {} }] }, /shipments are not supported/],
    [
      "breaks",
      { ...valid(), vehicles: [{ ...valid().vehicles[0], breaks: [{ id: 1 }] }] },
      /breaks are not supported/,
    ],
    [
      "a job outside the matrix",
      { ...valid(), jobs: [{ id: 1, location_index: 9 }] },
      /jobs\[0\]\.location_index 9 is outside the matrices \(4 locations\).*fuera de las matrices/,
    ],
    [
      "two jobs with one id",
      {
        ...valid(),
        jobs: [
          { id: 1, location_index: 1 },
          { id: 1, location_index: 2 },
        ],
      },
      /Two jobs have id 1 \/ Dos trabajos tienen el id 1/,
    ],
    [
      "a ragged matrix",
      { ...valid(), matrices: { car: { durations: [[0, 1], [1]] } } },
      /durations\[1\] has 1 values, expected 2/,
    ],
    [
      "a matrix with text",
      {
        ...valid(),
        matrices: {
          car: {
            durations: [
              [0, "1"],
              [1, 0],
            ],
          },
        },
      },
      /durations\[0\]\[1\] must be a non-negative integer/,
    ],
    ["no matrices for the profile", { ...valid(), matrices: {} }, /No matrices for profile "car"/],
    [
      "amounts of different sizes",
      { ...valid(), jobs: [{ id: 1, location_index: 1, pickup: [1, 1] }] },
      /same number of values/,
    ],
    [
      "a vehicle with neither start nor end",
      { ...valid(), vehicles: [{ id: 0 }] },
      /vehicles\[0\] needs start_index or end_index/,
    ],
    [
      "too many jobs",
      { ...valid(), jobs: Array.from({ length: 5001 }, (_, id) => ({ id, location_index: 1 })) },
      /more than 5000 jobs/,
    ],
  ])("refuses %s with an English and a Spanish message", (_, json, message) => {
    const error = refusal(json);
    expect(error.message).toMatch(message);
    expect(error.message).toContain(" / ");
    expect(error.spanish.length).toBeGreaterThan(0);
  });
});
