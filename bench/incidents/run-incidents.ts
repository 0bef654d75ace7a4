/**
 * `npm run bench:incidents`: the incident rules (issue 25, @treiber/incidents, decision 0051) on
 * simulated trips with 15 m GPS noise (σ per axis), a position every 5–10 s, a tick every 10 s:
 *   - per injected fault (late, detour, skip, dwell, gps-gap, not-started, over-capacity; TRIPS
 *     trips each): detection rate, delay after the rule's condition holds on the true trip
 *     (p50/p95/max), other incidents on those trips, reopenings;
 *   - TRIPS clean trips (the same routes and seeds without the fault): false incidents per 50
 *     trip-hours; again with positions out of order, sent twice or 20 min late;
 *   - the same with the line through the stops as the path instead of a recorded trace;
 *   - routes without a trace (decision 0060), per kind of streets (straight legs, city blocks, the
 *     1–3-step staircase): false incidents on clean trips (stops of 30–120 s and of 20–30 s), the
 *     largest OFF_ROUTE excess on them, detours 300–900 m deep detected and their delay, stops of
 *     20–30 s where nobody scans counted as stopped, and stops driven through (skip) detected;
 *   - rider alerts (Treiber App): NEAR's delay after the true ETA to the rider's stop crosses 5 min
 *     (p95 ≤ 30 s) and each alert exactly once per rider and trip, on clean and late trips;
 *   - the cost per position at VEHICLES trips in progress (a position every 5 s each: 2,000 → 400/s)
 *     next to the same replay without rules.
 * Nothing here asserts anything; it prints.
 *
 * Env: BENCH_INCIDENTS_TRIPS (200), BENCH_INCIDENTS_VEHICLES (2000), BENCH_INCIDENTS_MINUTES (20,
 * the measured window of the cost run), BENCH_INCIDENTS_STOPS_LINE (1; 0 skips the line-through-
 * the-stops comparison), BENCH_INCIDENTS_ONLY (`first-trip`: only the routes without a trace).
 */
import { cpus, loadavg } from "node:os";
import { FAULT_INCIDENT } from "@treiber/incidents";
import { percentile } from "../lib/percentile.js";
import { type CleanRow, type FaultRow, measureClean, measureFaults, type PathChoice } from "./detection.js";
import { type FirstTripRow, measureFirstTrips } from "./first-trip.js";
import { measureRiderAlerts, type RiderAlertsRow } from "./rider-alerts.js";
import { measureCost } from "./rule-cost.js";

const env = process.env;
const TRIPS = Number(env.BENCH_INCIDENTS_TRIPS ?? 200);
const VEHICLES = Number(env.BENCH_INCIDENTS_VEHICLES ?? 2000);
const MINUTES = Number(env.BENCH_INCIDENTS_MINUTES ?? 20);
const STOPS_LINE = env.BENCH_INCIDENTS_STOPS_LINE !== "0";
const ONLY = env.BENCH_INCIDENTS_ONLY;

const pct = (part: number, whole: number) => (whole === 0 ? "—" : `${((100 * part) / whole).toFixed(1)} %`);
const s = (value: number) => (Number.isNaN(value) ? "—" : `${Math.round(value)} s`);
const us = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} µs`;
const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .map(([type, n]) => `${type} ${n}`)
    .join(", ") || "—";

function printFaults(rows: FaultRow[]) {
  console.log(
    "| falla | incidencia | condición cumplida | detectadas | demora p50 | p95 | máx | LATE real / no real | otras | reaperturas < 2 min / después |",
  );
  console.log("|---|---|--:|--:|--:|--:|--:|--:|---|--:|");
  for (const row of rows) {
    const sorted = [...row.delays].sort((a, b) => a - b);
    console.log(
      `| ${row.fault} | ${FAULT_INCIDENT[row.fault]} | ${row.held} | ${row.detected} (${pct(row.detected, row.held)}) | ` +
        `${s(percentile(sorted, 50))} | ${s(percentile(sorted, 95))} | ${s(sorted.at(-1) ?? Number.NaN)} | ` +
        `${row.lateReal} / ${row.lateNotReal} | ${counts(row.others)} | ${row.reopenWithin2Min} / ${row.reopenLater} |`,
    );
  }
}

function printClean(label: string, row: CleanRow) {
  const total = Object.values(row.falseIncidents).reduce((sum, n) => sum + n, 0);
  console.log(
    `${label}: ${row.trips} viajes, ${row.tripHours.toFixed(1)} horas-viaje; incidencias: ${total} ` +
      `(${((total * 50) / row.tripHours).toFixed(2)} por 50 horas-viaje; ${counts(row.falseIncidents)}); ` +
      `reaperturas < 2 min: ${row.reopenWithin2Min}`,
  );
}

function detection(path: PathChoice) {
  const started = Date.now();
  const faults = measureFaults(TRIPS, path);
  printFaults(faults);
  console.log("");
  printClean("Limpios", measureClean(TRIPS, path));
  printClean(
    "Limpios con posiciones desordenadas, repetidas y reenviadas 20 min después",
    measureClean(TRIPS, path, true),
  );
  const allDelays = faults.flatMap((row) => (row.fault === "late" ? [] : row.delays));
  console.log(
    `Demora p95 de todas las fallas salvo late (que se predice antes): ${s(percentile(allDelays, 95))}` +
      ` · ${((Date.now() - started) / 1000).toFixed(0)} s de bench`,
  );
}

console.log(
  `bench:incidents · ${cpus().length} CPU (${cpus()[0]?.model ?? "?"}), carga ${loadavg()[0]?.toFixed(2)} · Node ${process.version}`,
);
console.log(
  `${TRIPS} viajes por falla y ${TRIPS} limpios (mismas rutas y semillas), ruido GPS 15 m (σ por eje), una posición cada 5–10 s, tick cada 10 s.`,
);
console.log(
  "Demora: desde que la condición de la regla se cumple en el viaje verdadero (negativa: antes).\n",
);
const per50 = (count: number, hours: number) => (hours > 0 ? ((count * 50) / hours).toFixed(2) : "—");
const total = (record: Record<string, number>) => Object.values(record).reduce((sum, n) => sum + n, 0);
const ROAD_LABELS = {
  straight: "tramos rectos entre paradas (npm run simulate)",
  streets: "calles por cuadras (streets)",
  staircase: "escalera de 1–3 tramos (decisión 0051)",
} as const;

function firstTrips() {
  const started = Date.now();
  console.log(
    "\n## Rutas sin traza: el primer viaje (decisión 0060)\n\n" +
      "Sin traza, Fuera de ruta lee el acercamiento a la próxima parada y «paró en la parada» suma tiempo lento. " +
      `${TRIPS} rutas por tipo de calles, cada una con un viaje limpio (paradas de 30–120 s), otro con paradas de 20–30 s, ` +
      "uno por profundidad de desvío y uno con una parada pasada de largo.\n",
  );
  const rows: FirstTripRow[] = (["straight", "streets", "staircase"] as const).map((road) =>
    measureFirstTrips(TRIPS, road),
  );
  console.log(
    "| calles | horas-viaje limpias | falsas (paradas 30–120 s) | por 50 h | falsas (paradas 20–30 s) | por 50 h | exceso máx. limpio p99 / máx. | paradas de 20–30 s sin escaneo contadas | pasadas de largo detectadas |",
  );
  console.log("|---|--:|---|--:|---|--:|--:|--:|--:|");
  for (const row of rows) {
    const excess = row.cleanExcess;
    console.log(
      `| ${ROAD_LABELS[row.road]} | ${row.tripHours.toFixed(0)} | ${counts(row.clean)} | ${per50(total(row.clean), row.tripHours)} | ` +
        `${counts(row.shortStops)} | ${per50(total(row.shortStops), row.shortTripHours)} | ` +
        `${Math.round(percentile(excess, 99))} / ${Math.round(excess.at(-1) ?? 0)} m | ` +
        `${pct(row.shortStopsCounted, row.shortStopsTotal)} | ${row.skipDetected} de ${row.skipHeld} (${pct(row.skipDetected, row.skipHeld)}) |`,
    );
  }
  console.log(
    "\nDesvíos (condición: > 300 m de la calle durante 60 s y 3 posiciones; demora desde que se cumple):\n",
  );
  console.log(
    "| calles | desvío | condición cumplida | detectados | demora p50 | p95 | máx | más de una apertura |",
  );
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|");
  for (const row of rows) {
    for (const detour of row.detours) {
      const sorted = [...detour.delays].sort((a, b) => a - b);
      console.log(
        `| ${row.road} | ${detour.meters} m | ${detour.held} | ${detour.detected} (${pct(detour.detected, detour.held)}) | ` +
          `${s(percentile(sorted, 50))} | ${s(percentile(sorted, 95))} | ${s(sorted.at(-1) ?? Number.NaN)} | ${detour.reopened} |`,
      );
    }
  }
  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s de bench`);
}

if (ONLY === "first-trip") {
  firstTrips();
  process.exit(0);
}

console.log("## Camino: la traza de un viaje bueno anterior de la ruta\n");
detection("trace");
if (STOPS_LINE) {
  console.log("\n## Camino: la línea por las paradas (sin traza)\n");
  detection("stops");
}
firstTrips();

console.log(
  "\n## Avisos a pasajeros: «Tu bus llega en ~5 min» (la traza como camino)\n\n" +
    "Demora: desde que el bus verdadero quedó a 5 min de la parada del pasajero (su llegada real − 5 min) hasta el aviso (negativa: antes).\n",
);
console.log(
  "| viajes | pasajeros con NEAR | NEAR una vez | sin NEAR | tras la llegada | demora p5 | p50 | p95 | máx | repetidos | DEPARTED una vez | LATE |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
const riderRow = (row: RiderAlertsRow) => {
  const sorted = [...row.nearDelays].sort((a, b) => a - b);
  console.log(
    `| ${row.label} (${row.trips}) | ${row.nearExpected} | ${row.nearOnce} (${pct(row.nearOnce, row.nearExpected)}) | ` +
      `${row.nearMissed} | ${row.nearAfterArrival} | ${s(percentile(sorted, 5))} | ${s(percentile(sorted, 50))} | ` +
      `${s(percentile(sorted, 95))} | ${s(sorted.at(-1) ?? Number.NaN)} | ${row.duplicates} | ` +
      `${row.departedOnce} / ${row.riders} | ${row.late} |`,
  );
};
riderRow(measureRiderAlerts(TRIPS, [], "limpios"));
riderRow(measureRiderAlerts(TRIPS, ["late"], "con atasco (late)"));

console.log(`\n## Costo por posición: ${VEHICLES} vehículos en curso, una posición cada 5 s cada uno\n`);
const cost = measureCost(VEHICLES, MINUTES);
console.log("| réplica | p50 | p99 | máx |");
console.log("|---|--:|--:|--:|");
console.log(
  `| sin reglas (última posición por viaje) | ${us(cost.without[0])} | ${us(cost.without[1])} | ${us(cost.without[2])} |`,
);
console.log(
  `| con reglas | ${us(cost.withRules[0])} | ${us(cost.withRules[1])} | ${us(cost.withRules[2])} |`,
);
console.log(
  `| tick por viaje (cada 10 s) | ${us(cost.tick[0])} | ${us(cost.tick[1])} | ${us(cost.tick[2])} |`,
);
console.log(
  `\n${cost.positions.toLocaleString("es")} posiciones en ${cost.windowSeconds} s simulados ` +
    `(${Math.round(cost.positions / cost.windowSeconds)}/s), ${cost.inProgressAtEnd} viajes aún en curso al final; ` +
    `las reglas ocupan ${cost.rulesMsPerSecond.toFixed(1)} ms de CPU por segundo de tráfico ` +
    `(${(cost.rulesMsPerSecond / 10).toFixed(2)} % de un núcleo); incidencias abiertas en estos viajes limpios: ${counts(cost.opened)}; ` +
    `armar los viajes: ${cost.buildSeconds.toFixed(1)} s.`,
);
