/**
 * npm run bench:planner:large: the planner on one seeded random problem at company size (default 5,000
 * jobs, 300 vehicles of 20 seats, max ride 90 min, half the jobs with a time window): seconds to load
 * and to solve, vehicles, unassigned jobs, iterations, heap, and verifyPlan's verdict.
 *
 * Options (environment): PLANNER_JOBS (5000), PLANNER_VEHICLES (300), PLANNER_SECONDS (the planner's
 * default: 60 s for 5,000 jobs), PLANNER_ITERATIONS (none), PLANNER_SEED (1), PLANNER_WINDOWS (1; 0 for
 * none).
 */
import { cpus, loadavg } from "node:os";
import { randomProblem, solve, verifyPlan } from "@treiber/planner";

const jobs = Number(process.env.PLANNER_JOBS ?? 5000);
const vehicles = Number(process.env.PLANNER_VEHICLES ?? 300);
const seconds = process.env.PLANNER_SECONDS ? Number(process.env.PLANNER_SECONDS) : undefined;
const iterations = process.env.PLANNER_ITERATIONS ? Number(process.env.PLANNER_ITERATIONS) : undefined;
const seed = Number(process.env.PLANNER_SEED ?? 1);
const timeWindows = process.env.PLANNER_WINDOWS !== "0";

const loadBefore = loadavg();
let clock = performance.now();
const input = randomProblem({ jobs, vehicles, seed, timeWindows, maxRide: 90 * 60 });
const generated = (performance.now() - clock) / 1000;
clock = performance.now();
const output = solve(input, { seconds, iterations, seed });
const wall = (performance.now() - clock) / 1000;
const problems = verifyPlan(input, output);
const heap = process.memoryUsage();
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
process.stdout.write(
  `${[
    `${jobs} trabajos, ${vehicles} vehículos, semilla ${seed}, ventanas ${timeWindows ? "sí" : "no"}:`,
    `  generar ${generated.toFixed(1)} s; resolver ${wall.toFixed(1)} s (carga ${output.summary.computing_times.loading} ms,` +
      ` búsqueda ${output.summary.computing_times.solving} ms)`,
    `  ${output.routes.length} vehículos, ${output.unassigned.length} sin asignar, distancia ${output.summary.distance ?? "?"} m`,
    `  verifyPlan: ${problems.length === 0 ? "válido" : problems.slice(0, 5).join("; ")}`,
    `  memoria: rss ${mb(heap.rss)}, heap ${mb(heap.heapUsed)}, buffers ${mb(heap.arrayBuffers)}`,
    `  máquina: ${cpus().length} núcleos; carga al empezar ${loads(loadBefore)}, al terminar ${loads(loadavg())}`,
  ].join("\n")}\n`,
);
if (problems.length > 0) process.exitCode = 1;
