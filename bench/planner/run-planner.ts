/**
 * npm run bench:planner: the planner on the 56 Solomon VRPTW instances (bench/planner/solomon/, see
 * README.md there) or the 60 Gehring & Homberger 400-customer ones (bench/planner/homberger_400/), next
 * to a nearest-neighbour baseline in the same run. Each instance is converted as
 * VROOM's vrptw_to_json.py does (× 1000, integers) with a large fixed cost per vehicle (vehicles first,
 * then distance); distances are recomputed in doubles, as the literature reports them.
 *
 * Options (environment):
 *   PLANNER_SET        solomon (default), homberger400 or all (one table per set)
 *   PLANNER_INSTANCES  comma-separated names or prefixes (default all): "C101,R2" = C101 and every R2xx
 *   PLANNER_SECONDS    seconds per instance (default: the planner's own, 8 s for 100 jobs, 32 s for 400)
 *   PLANNER_SEED       seed (default 1)
 */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { nearestNeighbour, solve, type VroomOutput } from "@treiber/planner";
import { type BenchSet, chosenSets, instanceNames } from "./bench-sets.js";
import {
  customerAt,
  euclidean,
  PRECISION,
  parseSolomon,
  type SolomonInstance,
  solomonToVroom,
} from "./solomon-to-vroom.js";

const here = dirname(fileURLToPath(import.meta.url));

const filters = (process.env.PLANNER_INSTANCES ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const seconds = process.env.PLANNER_SECONDS ? Number(process.env.PLANNER_SECONDS) : undefined;
const seed = Number(process.env.PLANNER_SEED ?? 1);
const sets = chosenSets(process.env.PLANNER_SET);

type Measured = { vehicles: number; distance: number; served: boolean; lateness: number; seconds: number };
type Row = {
  name: string;
  group: string;
  planner: Measured;
  baseline: Measured;
  bkVehicles: number;
  bkDistance: number;
};

/** Checks a plan on its own, in doubles: every customer once, capacity, time windows, horizon. */
function measure(instance: SolomonInstance, output: VroomOutput, elapsed: number): Measured {
  const seen = new Set<number>();
  let distance = 0;
  let lateness = 0;
  let overload = false;
  const depot = customerAt(instance, 0);
  for (const route of output.routes) {
    let time = depot.ready;
    let previous = depot;
    let load = 0;
    for (const step of route.steps) {
      if (step.type === "start") continue;
      const customer = step.type === "end" ? depot : customerAt(instance, step.location_index ?? 0);
      distance += euclidean(previous, customer);
      time += euclidean(previous, customer);
      if (step.type === "job") {
        if (seen.has(customer.id)) overload = true;
        seen.add(customer.id);
        load += customer.demand;
        lateness = Math.max(lateness, time - customer.due);
        time = Math.max(time, customer.ready) + customer.service;
      } else {
        lateness = Math.max(lateness, time - depot.due);
      }
      previous = customer;
    }
    if (load > instance.capacity) overload = true;
  }
  const served = !overload && seen.size === instance.customers.length - 1 && output.unassigned.length === 0;
  return { vehicles: output.routes.length, distance, served, lateness, seconds: elapsed };
}

const gap = (value: number, reference: number) => (100 * (value - reference)) / reference;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** Solves every chosen instance of a set, one line per instance on stderr. */
function runSet(set: BenchSet): Row[] {
  const bestKnown = JSON.parse(readFileSync(join(here, set.bestKnownFile), "utf8")) as Record<
    string,
    { best_known_cost: number; solved_with_vehicles: number }
  >;
  const rows: Row[] = [];
  for (const name of instanceNames(here, set, filters)) {
    const instance = parseSolomon(readFileSync(join(here, set.folder, `${name}.txt`), "utf8"));
    const input = solomonToVroom(instance);
    let clock = performance.now();
    const baselineOutput = nearestNeighbour(input);
    const baseline = measure(instance, baselineOutput, (performance.now() - clock) / 1000);
    clock = performance.now();
    const output = solve(input, { seconds, seed });
    const planner = measure(instance, output, (performance.now() - clock) / 1000);
    const known = bestKnown[name];
    if (!known) throw new Error(`No best-known solution for ${name}`);
    const row = {
      name,
      group: set.group(name),
      planner,
      baseline,
      bkVehicles: known.solved_with_vehicles,
      bkDistance: known.best_known_cost,
    };
    rows.push(row);
    process.stderr.write(
      `${name}: ${planner.vehicles} vehicles ${planner.distance.toFixed(2)} (best known ${row.bkVehicles} ${row.bkDistance})` +
        ` in ${planner.seconds.toFixed(1)} s${planner.served ? "" : " NOT FULLY SERVED"}; baseline ${baseline.vehicles} ${baseline.distance.toFixed(2)}\n`,
    );
  }
  return rows;
}

/** Mean gaps per class and over all, vehicles first. */
function classTable(rows: Row[]): string[] {
  const lines = [
    "| Clase | Instancias | Vehículos (mejor conocido) | Distancia (mejor conocida) | Brecha vehículos | Brecha distancia | Brecha distancia, mismos vehículos | s por instancia (máx.) | Vecino más cercano: vehículos, distancia, brechas | Servidas completas |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --- | --: |",
  ];
  const groups = [...new Set(rows.map((row) => row.group))];
  for (const group of [...groups, "Todas"]) {
    const members = group === "Todas" ? rows : rows.filter((row) => row.group === group);
    const of = (pick: (row: Row) => number) => mean(members.map(pick));
    const sameFleet = members.filter((row) => row.planner.vehicles === row.bkVehicles);
    const sameFleetGap = mean(sameFleet.map((row) => gap(row.planner.distance, row.bkDistance)));
    lines.push(
      `| ${group} | ${members.length} | ${fixed(of((row) => row.planner.vehicles))} (${fixed(of((row) => row.bkVehicles))})` +
        ` | ${fixed(
          of((row) => row.planner.distance),
          1,
        )} (${fixed(
          of((row) => row.bkDistance),
          1,
        )})` +
        ` | ${fixed(
          of((row) => gap(row.planner.vehicles, row.bkVehicles)),
          1,
        )} %` +
        ` | ${fixed(
          of((row) => gap(row.planner.distance, row.bkDistance)),
          1,
        )} %` +
        ` | ${fixed(sameFleetGap, 1)} % (${sameFleet.length})` +
        ` | ${fixed(
          of((row) => row.planner.seconds),
          1,
        )} (${fixed(Math.max(...members.map((row) => row.planner.seconds)), 1)})` +
        ` | ${fixed(of((row) => row.baseline.vehicles))}, ${fixed(
          of((row) => row.baseline.distance),
          1,
        )};` +
        ` ${fixed(
          of((row) => gap(row.baseline.vehicles, row.bkVehicles)),
          1,
        )} %, ${fixed(
          of((row) => gap(row.baseline.distance, row.bkDistance)),
          1,
        )} %` +
        ` | ${members.filter((row) => row.planner.served).length}/${members.length} |`,
    );
  }
  return lines;
}

/** Totals, the largest lateness in doubles, and one row per instance. */
function details(rows: Row[]): string[] {
  const sum = (pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const lines = [
    "",
    `Total: ${sum((row) => row.planner.vehicles)} vehículos (mejor conocido ${sum((row) => row.bkVehicles)}),` +
      ` ${fixed(
        sum((row) => row.planner.distance),
        0,
      )} de distancia (mejor conocida ${fixed(
        sum((row) => row.bkDistance),
        0,
      )}).` +
      ` Mayor atraso en dobles (redondeo de la matriz × ${PRECISION}): ${fixed(Math.max(...rows.map((row) => row.planner.lateness)), 4)}.`,
    "",
    "<details><summary>Por instancia</summary>",
    "",
    "| Instancia | Vehículos | Distancia | Mejor conocido | s | Vecino más cercano |",
    "| --- | --: | --: | --: | --: | --: |",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.planner.vehicles} | ${fixed(row.planner.distance)} | ${row.bkVehicles}, ${row.bkDistance} | ${fixed(row.planner.seconds, 1)} | ${row.baseline.vehicles}, ${fixed(row.baseline.distance)} |`,
    );
  }
  lines.push("", "</details>");
  return lines;
}

const loadBefore = loadavg();
const started = performance.now();
const lines: string[] = [];
let allServed = true;
for (const set of sets) {
  const rows = runSet(set);
  if (rows.length === 0) continue;
  if (rows.some((row) => !row.planner.served)) allServed = false;
  if (sets.length > 1) lines.push(`### ${set.name}`, "");
  lines.push(...classTable(rows), ...details(rows), "");
}
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
lines.push(
  `Máquina: ${cpus().length} núcleos (${cpus()[0]?.model ?? "?"}); carga (1, 5, 15 min) al empezar ${loads(loadBefore)},` +
    ` al terminar ${loads(loadavg())}; ${fixed((performance.now() - started) / 1000, 0)} s en total;` +
    ` PLANNER_SET=${sets.map((set) => set.name).join("+")}, PLANNER_SECONDS=${seconds ?? "(por defecto)"}, PLANNER_SEED=${seed}.`,
);
process.stdout.write(`${lines.join("\n")}\n`);
if (!allServed) process.exitCode = 1;
