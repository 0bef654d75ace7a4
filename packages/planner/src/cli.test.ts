import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPlan } from "./verify-plan.js";
import type { VroomInput } from "./vroom-input-schema.js";
import type { VroomOutput } from "./vroom-output.js";

const cli = fileURLToPath(new URL("./cli.ts", import.meta.url));
let folder = "";

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "planner-cli-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Runs the CLI as `npm run plan` does (tsx), from the test's folder as INIT_CWD. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
      env: { ...process.env, INIT_CWD: folder, PLANNER_URL: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const problem: VroomInput = {
  jobs: [
    { id: 10, location_index: 1, pickup: [1], service: 120 },
    { id: 11, location_index: 2, pickup: [2], service: 120, max_ride: 3000 },
  ],
  vehicles: [
    { id: 1, start_index: 3, end_index: 0, capacity: [4], time_window: [0, 7200], costs: { fixed: 1000 } },
  ],
  matrices: {
    car: {
      durations: [
        [0, 600, 900, 1200],
        [600, 0, 300, 600],
        [900, 300, 0, 300],
        [1200, 600, 300, 0],
      ],
    },
  },
};

describe("npm run plan", () => {
  it("reads a problem and writes VROOM's output, paths relative to where it was typed", async () => {
    await writeFile(join(folder, "problem.json"), JSON.stringify(problem));
    const result = await run(["--input", "problem.json", "--output", "solution.json", "--seconds", "0.5"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/1 routes \/ rutas, 0 unassigned/);
    const output = JSON.parse(await readFile(join(folder, "solution.json"), "utf8")) as VroomOutput;
    expect(output.code).toBe(0);
    expect(output.routes[0]!.steps.map((step) => step.id ?? step.type)).toEqual(["start", 11, 10, "end"]);
    expect(verifyPlan(problem, output)).toEqual([]);
  });

  it.each([
    ["malformed JSON", "{ jobs: [", /is not valid JSON .*\/ bad.json no es JSON válido/],
    ["a problem without vehicles", JSON.stringify({ ...problem, vehicles: [] }), /at least one vehicle/],
    ["shipments", JSON.stringify({ ...problem, shipments: [{}] }), /shipments are not supported/],
  ])("refuses %s with exit code 2 and writes nothing", async (_, text, message) => {
    await writeFile(join(folder, "bad.json"), text);
    const result = await run(["--input", "bad.json", "--output", "bad-solution.json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(existsSync(join(folder, "bad-solution.json"))).toBe(false);
  });

  it("refuses a file over 50 MB before reading it", async () => {
    const huge = join(folder, "huge.json");
    await writeFile(huge, "");
    await truncate(huge, 51 * 1024 * 1024);
    const result = await run(["--input", "huge.json", "--output", "huge-solution.json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/more than the 50 MB allowed \/ .* más de los 50 MB permitidos/);
    expect(existsSync(join(folder, "huge-solution.json"))).toBe(false);
  });

  it("explains its usage on a missing file, argument or value", async () => {
    const missing = await run(["--input", "nowhere.json", "--output", "x.json"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Cannot read nowhere.json/);
    const noOutput = await run(["--input", "problem.json"]);
    expect(noOutput.code).toBe(2);
    expect(noOutput.stderr).toMatch(/--input and --output are required[\s\S]*Usage \/ uso/);
    const badSeconds = await run(["--input", "problem.json", "--output", "x.json", "--seconds", "soon"]);
    expect(badSeconds.code).toBe(2);
    expect(badSeconds.stderr).toMatch(/--seconds must be a number/);
  });
});
