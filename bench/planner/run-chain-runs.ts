/**
 * npm run bench:chain-runs: chainRuns (issue 36, item 5) on seeded company days of 300 runs
 * (packages/planner/src/chain-runs-fixture.ts: morning inbound, midday, afternoon outbound, 25
 * places on 30 × 30 km, a 15/30/50-seat fleet, one vehicle per run available). Reports vehicles with
 * chaining against one vehicle per run, against a greedy first fit under the same rules, and
 * against the lower bound (most runs at once); deadhead km (between runs plus depot legs); ms.
 *
 * Options (environment): CHAIN_RUNS (default 300), CHAIN_SEEDS (default "1,2,3").
 */
import { type ChainRun, type ChainRunsInput, chainRuns } from "@treiber/planner";
import { mostRunsAtOnce, randomRunDay } from "../../packages/planner/src/chain-runs-fixture.js";

const runCount = Number(process.env.CHAIN_RUNS ?? 300);
const seeds = (process.env.CHAIN_SEEDS ?? "1,2,3").split(",").map(Number);

type Matrices = { durations: number[][]; distances: number[][] };

/** Each run, in start order, on the first vehicle already out that may take it; else a new one. */
function greedyFirstFit(day: ChainRunsInput): { vehicles: number; km: number } {
  const { durations, distances } = day.travel as Matrices;
  const chains: { first: ChainRun; last: ChainRun; capacity: number; metres: number }[] = [];
  const fleet = day.vehicles.map((vehicle) => vehicle.capacity).sort((a, b) => b - a);
  const runs = day.runs.slice().sort((a, b) => a.start - b.start || a.end - b.end);
  for (const run of runs) {
    const fits = chains.find(
      (chain) =>
        chain.capacity >= run.seats &&
        run.start - chain.last.end - (durations[chain.last.endLocation]?.[run.startLocation] ?? 0) >= 600 &&
        run.end - chain.first.start <= 600 * 60,
    );
    if (fits) {
      fits.metres += distances[fits.last.endLocation]?.[run.startLocation] ?? 0;
      fits.last = run;
    } else {
      const metres = distances[0]?.[run.startLocation] ?? 0;
      chains.push({ first: run, last: run, capacity: fleet.shift() ?? 0, metres });
    }
  }
  const metres = chains.reduce(
    (sum, chain) => sum + chain.metres + (distances[chain.last.endLocation]?.[0] ?? 0),
    0,
  );
  return { vehicles: chains.length, km: Math.round(metres / 1000) };
}

/** Deadhead km with one vehicle per run: depot to the first stop and back, for every run. */
function oneVehiclePerRunKm(day: ChainRunsInput): number {
  const { distances } = day.travel as Matrices;
  const metres = day.runs.reduce(
    (sum, run) => sum + (distances[0]?.[run.startLocation] ?? 0) + (distances[run.endLocation]?.[0] ?? 0),
    0,
  );
  return Math.round(metres / 1000);
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: Math.round(performance.now() - started) };
}

const rows = seeds.map((seed) => {
  const day = randomRunDay(seed, runCount);
  const plain = timed(() => chainRuns(day));
  const balanced = timed(() => chainRuns({ ...day, options: { balance: true } }));
  return {
    seed,
    runs: runCount,
    lowerBound: mostRunsAtOnce(day.runs),
    greedy: greedyFirstFit(day),
    vehicles: plain.value.totals.vehiclesUsed,
    unassigned: plain.value.unassigned.length,
    perRunKm: oneVehiclePerRunKm(day),
    deadheadKm: Math.round(plain.value.totals.deadheadKm),
    spreadH: +(plain.value.totals.workSpreadSeconds / 3600).toFixed(2),
    ms: plain.ms,
    balancedVehicles: balanced.value.totals.vehiclesUsed,
    balancedKm: Math.round(balanced.value.totals.deadheadKm),
    balancedSpreadH: +(balanced.value.totals.workSpreadSeconds / 3600).toFixed(2),
    balancedMs: balanced.ms,
  };
});

console.log(
  `chainRuns, ${runCount} runs per day, rules: 10 min rest, 10 h span (defaults). One vehicle per run = ${runCount} vehicles.`,
);
console.log(
  "| seed | lower bound | greedy first fit: vehicles | km | chainRuns: vehicles | km | spread h | ms | one per run: km | balance: vehicles | km | spread h | ms |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  console.log(
    `| ${row.seed} | ${row.lowerBound} | ${row.greedy.vehicles} | ${row.greedy.km} | ${row.vehicles}${row.unassigned ? ` (+${row.unassigned} sin vehículo)` : ""} | ${row.deadheadKm} | ${row.spreadH} | ${row.ms} | ${row.perRunKm} | ${row.balancedVehicles} | ${row.balancedKm} | ${row.balancedSpreadH} | ${row.balancedMs} |`,
  );
}
