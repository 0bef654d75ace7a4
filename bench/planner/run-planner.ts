/**
 * npm run bench:planner: the planner on the 56 Solomon VRPTW instances (bench/planner/solomon/, see
 * README.md there), next to a nearest-neighbour baseline in the same run. Each instance is converted as
 * VROOM's vrptw_to_json.py does (× 1000, integers) with a large fixed cost per vehicle (vehicles first,
 * then distance); distances are recomputed in doubles, as the literature reports them.
 *
 * Options (environment):
 *   PLANNER_INSTANCES  comma-separated names or prefixes (default all): "C101,R2" = C101 and every R2xx
 *   PLANNER_SECONDS    seconds per instance (default: the planner's own default for 100 jobs, 8 s)
 *   PLANNER_SEED       seed (default 1)
 */
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { nearestNeighbour, solve, type VroomOutput } from "@treiber/planner";
import {
  customerAt,
  euclidean,
  PRECISION,
  parseSolomon,
  type SolomonInstance,
  solomonToVroom,
} from "./solomon-to-vroom.js";

const here = dirname(fileURLToPath(import.meta.url));
const bestKnown = JSON.parse(readFileSync(join(here, "solomon-best-known.json"), "utf8")) as Record<
  string,
  { best_known_cost: number; solved_with_vehicles: number }
>;

const filters = (process.env.PLANNER_INSTANCES ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const seconds = process.env.PLANNER_SECONDS ? Number(process.env.PLANNER_SECONDS) : undefined;
const seed = Number(process.env.PLANNER_SEED ?? 1);
const names = readdirSync(join(here, "solomon"))
  .map((file) => file.replace(/\.txt$/, ""))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.startsWith(filter)))
  .sort();

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

const rows: Row[] = [];
const loadBefore = loadavg();
const started = performance.now();
for (const name of names) {
  const instance = parseSolomon(readFileSync(join(here, "solomon", `${name}.txt`), "utf8"));
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
    group: name.replace(/\d\d$/, ""),
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

const gap = (value: number, reference: number) => (100 * (value - reference)) / reference;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const fixed = (value: number, digits = 2) => value.toFixed(digits);

const lines: string[] = [];
lines.push(
  "| Clase | Instancias | Vehículos (mejor conocido) | Distancia (mejor conocida) | Brecha vehículos | Brecha distancia | Brecha distancia, mismos vehículos | s por instancia (máx.) | Vecino más cercano: vehículos, distancia, brechas | Servidas completas |",
);
lines.push("| --- | --: | --: | --: | --: | --: | --: | --: | --- | --: |");
const groups = [...new Set(rows.map((row) => row.group))];
for (const group of [...groups, "Todas"]) {
  const members = group === "Todas" ? rows : rows.filter((row) => row.group === group);
  const plannerVehicleGap = mean(members.map((row) => gap(row.planner.vehicles, row.bkVehicles)));
  const plannerDistanceGap = mean(members.map((row) => gap(row.planner.distance, row.bkDistance)));
  const sameFleet = members.filter((row) => row.planner.vehicles === row.bkVehicles);
  const sameFleetGap = mean(sameFleet.map((row) => gap(row.planner.distance, row.bkDistance)));
  const baselineVehicleGap = mean(members.map((row) => gap(row.baseline.vehicles, row.bkVehicles)));
  const baselineDistanceGap = mean(members.map((row) => gap(row.baseline.distance, row.bkDistance)));
  lines.push(
    `| ${group} | ${members.length} | ${fixed(mean(members.map((row) => row.planner.vehicles)))} (${fixed(mean(members.map((row) => row.bkVehicles)))})` +
      ` | ${fixed(mean(members.map((row) => row.planner.distance)), 1)} (${fixed(mean(members.map((row) => row.bkDistance)), 1)})` +
      ` | ${fixed(plannerVehicleGap, 1)} % | ${fixed(plannerDistanceGap, 1)} %` +
      ` | ${fixed(sameFleetGap, 1)} % (${sameFleet.length})` +
      ` | ${fixed(mean(members.map((row) => row.planner.seconds)), 1)} (${fixed(Math.max(...members.map((row) => row.planner.seconds)), 1)})` +
      ` | ${fixed(mean(members.map((row) => row.baseline.vehicles)))}, ${fixed(mean(members.map((row) => row.baseline.distance)), 1)}; ${fixed(baselineVehicleGap, 1)} %, ${fixed(baselineDistanceGap, 1)} %` +
      ` | ${members.filter((row) => row.planner.served).length}/${members.length} |`,
  );
}
const totalVehicles = rows.reduce((sum, row) => sum + row.planner.vehicles, 0);
const totalKnown = rows.reduce((sum, row) => sum + row.bkVehicles, 0);
const totalDistance = rows.reduce((sum, row) => sum + row.planner.distance, 0);
const totalKnownDistance = rows.reduce((sum, row) => sum + row.bkDistance, 0);
lines.push("");
lines.push(
  `Total: ${totalVehicles} vehículos (mejor conocido ${totalKnown}), ${fixed(totalDistance, 0)} de distancia (mejor conocida ${fixed(totalKnownDistance, 0)}).` +
    ` Mayor atraso en dobles (redondeo de la matriz × ${PRECISION}): ${fixed(Math.max(...rows.map((row) => row.planner.lateness)), 4)}.`,
);
lines.push("");
lines.push(
  `Máquina: ${cpus().length} núcleos (${cpus()[0]?.model ?? "?"}); carga (1, 5, 15 min) al empezar ${loadBefore.map((value) => value.toFixed(2)).join(", ")},` +
    ` al terminar ${loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}; ${fixed((performance.now() - started) / 1000, 0)} s en total;` +
    ` PLANNER_SECONDS=${seconds ?? "(por defecto)"}, PLANNER_SEED=${seed}.`,
);
lines.push("");
lines.push("<details><summary>Por instancia</summary>");
lines.push("");
lines.push("| Instancia | Vehículos | Distancia | Mejor conocido | s | Vecino más cercano |");
lines.push("| --- | --: | --: | --: | --: | --: |");
for (const row of rows) {
  lines.push(
    `| ${row.name} | ${row.planner.vehicles} | ${fixed(row.planner.distance)} | ${row.bkVehicles}, ${row.bkDistance} | ${fixed(row.planner.seconds, 1)} | ${row.baseline.vehicles}, ${fixed(row.baseline.distance)} |`,
  );
}
lines.push("");
lines.push("</details>");
process.stdout.write(`${lines.join("\n")}\n`);
if (rows.some((row) => !row.planner.served)) process.exitCode = 1;
