import { randomProblem, solve } from "@treiber/planner";
const input = randomProblem({ jobs: 1000, vehicles: 70, seed: 11, capacity: 25, timeWindows: true, maxRide: 75 * 60 });
const cpu = process.cpuUsage();
const t = performance.now();
const out = solve(input, { iterations: 400, seed: 5 });
const used = process.cpuUsage(cpu);
console.log(out.routes.length, out.unassigned.length, ((performance.now() - t) / 1000).toFixed(1), "wall", ((used.user + used.system) / 1e6).toFixed(1), "cpu");
