import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { branchOfficeTime } from "../../apps/api/src/lib/branch-office-time.js";
import { addDays, bookingClock } from "../../apps/api/src/modules/bookings/booking-clock.js";
import { createDayPlansService } from "../../apps/api/src/modules/day-plans/day-plans-service.js";
import { createNotifier } from "../../apps/api/src/modules/notifications/notification-service.js";
import { createMemoryBus } from "../../apps/api/src/realtime/realtime-bus.js";
import { recreateDatabase } from "../hub/seed.js";
import { onTemporaryPglite } from "../lib/temporary-pglite.js";
import { HOME_RADIUS_KM, seedDayPlanWorld } from "./seed-day-plan.js";
import { type DayRow, runServiceDays } from "./service-days.js";
import { planStanding, type StandingSummary } from "./standing-plan.js";

const env = process.env;
const RIDERS = Number(env.DAY_PLAN_RIDERS ?? 3000);
const DAYS = Number(env.DAY_PLAN_DAYS ?? 20);
const SEED = Number(env.DAY_PLAN_SEED ?? 36);
const SECONDS = Number(env.DAY_PLAN_SECONDS ?? 5);
const STANDING_SECONDS = Number(env.DAY_PLAN_STANDING_SECONDS ?? 10);
const ENGINE = env.DAY_PLAN_DATABASE === "postgres" ? "PostgreSQL" : "PGlite";
const STANDING = { walkRadiusMeters: 300, maxRideMinutes: 60, seconds: STANDING_SECONDS };
/** A Monday; the branch offices are on UTC−4 (Santo Domingo). */
const FIRST_DAY = "2030-03-04";
const OFFSET = 240;

/** 1.234,5: the docs' style (es-ES leaves four-digit numbers ungrouped; de-DE groups them the same way). */
const number = (value: number, digits = 0) =>
  value.toLocaleString("de-DE", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${number((100 * part) / whole, 1)} %`);
const load = () =>
  loadavg()
    .map((n) => number(n, 2))
    .join(" · ");
const progress = (text: string) => process.stderr.write(`${text}\n`);

/** A Markdown table (numbers right-aligned). */
function table(head: string[], rows: string[][], right: boolean[]) {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const rule = head.map((_, i) => (right[i] ? "---:" : "---"));
  return [line(head), line(rule), ...rows.map(line)].join("\n");
}

function standingTable(summary: StandingSummary[]) {
  const rows = summary.map((s) => [
    s.workplace,
    number(s.riders),
    number(s.unassigned),
    `${number(s.routes)} (${[45, 30, 15].map((seats) => s.seats[seats] ?? 0).join(" / ")})`,
    number(s.stops),
    number(s.km, 1),
    `${s.longestRideMinutes} min`,
    number(s.proposeSeconds, 1),
    number(s.applySeconds, 1),
  ]);
  return table(
    [
      "Destino",
      "Colaboradores",
      "Sin asignar",
      "Rutas (45 / 30 / 15 asientos)",
      "Paradas",
      "km",
      "Viaje más largo",
      "Proponer s",
      "Aplicar s",
    ],
    rows,
    [false, true, true, true, true, true, true, true, true],
  );
}

function daysTable(rows: DayRow[]) {
  const body = rows.map((r) => [
    r.date,
    `${number(r.demand * 100)} %`,
    number(r.riders),
    `${r.standing.vehicles} → ${r.proposed.vehicles} → ${r.runs.vehicles}`,
    `${number(r.standing.km, 1)} → ${number(r.runs.km, 1)}`,
    `${number(r.standing.co2Kg, 1)} → ${number(r.runs.co2Kg, 1)}`,
    `${r.applied} / ${r.applied + r.kept.length}`,
    number(r.unassigned),
    `${r.runs.longest} / ${r.maxRideMinutes} min`,
    number(r.overMaxRide),
    number(r.proposeSeconds, 1),
    number(r.applySeconds, 1),
  ]);
  return table(
    [
      "Día",
      "Demanda",
      "Viajan",
      "Vehículos fijo → propuesto → corre",
      "km fijo → corre",
      "kg CO₂ fijo → corre",
      "Aplicados",
      "Fuera de la propuesta",
      "Viaje más largo / máx.",
      "Sobre el máx.",
      "Proponer s (máx.)",
      "Aplicar s (máx.)",
    ],
    body,
    [false, ...Array(11).fill(true)],
  );
}

/** «Automático»'s reasons (day-plan-auto.ts logs them in English). */
const KEPT_REASONS: Record<string, string> = {
  "kept: the day's plan leaves riders out": "la propuesta deja colaboradores fuera",
  "kept: nothing better than the standing plan": "nada mejor que el plan fijo",
  "kept: nobody rides": "nadie viaja",
};
const keptReason = (text: string) =>
  Object.entries(KEPT_REASONS).reduce((out, [english, spanish]) => out.replace(english, spanish), text);

/** Why the standing plan stayed, with how many times. */
function keptText(rows: DayRow[]) {
  const counts = new Map<string, number>();
  for (const reason of rows.flatMap((r) => r.kept.map(keptReason)))
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  if (counts.size === 0) return "ninguno";
  return [...counts].map(([reason, n]) => `${reason} (${n})`).join("; ");
}

function totalsText(rows: DayRow[]) {
  const sum = (pick: (r: DayRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const standingVehicles = sum((r) => r.standing.vehicles);
  const runVehicles = sum((r) => r.runs.vehicles);
  const proposedVehicles = sum((r) => r.proposed.vehicles);
  const standingKm = sum((r) => r.standing.km);
  const runKm = sum((r) => r.runs.km);
  const co2 = sum((r) => r.standing.co2Kg - r.runs.co2Kg);
  const cost = sum((r) => r.standing.cost - r.runs.cost);
  const propose = rows.map((r) => r.proposeSeconds);
  const plans = sum((r) => r.applied + r.kept.length);
  return [
    `- vehículos-día: plan fijo ${number(standingVehicles)} → lo que corre ${number(runVehicles)} (${percent(standingVehicles - runVehicles, standingVehicles)} menos; las propuestas: ${number(proposedVehicles)})`,
    `- km: ${number(standingKm, 1)} → ${number(runKm, 1)} (${percent(standingKm - runKm, standingKm)} menos)`,
    `- CO₂ evitado: ${number(co2, 1)} kg en ${rows.length} días; costo de proveedores ahorrado: RD$ ${number(cost)}`,
    `- planes del día aplicados: ${number(sum((r) => r.applied))} de ${number(plans)}; el plan fijo se quedó: ${keptText(rows)}`,
    `- colaboradores que viajaron: ${number(sum((r) => r.riders))}; dejados fuera por una propuesta: ${number(sum((r) => r.unassigned))}; ni sentados ni fuera: ${number(sum((r) => r.missing))}`,
    `- viaje más largo de lo que corre: ${Math.max(0, ...rows.map((r) => r.runs.longest))} min (máximo ${rows[0]?.maxRideMinutes ?? 0}); colaboradores sobre el máximo: ${number(sum((r) => r.overMaxRide))}`,
    `- segundos por plan del día (proponer, un destino): máx. ${number(Math.max(0, ...propose), 1)}, media de los máximos diarios ${number(sum((r) => r.proposeSeconds) / Math.max(1, rows.length), 1)}; aplicar: máx. ${number(Math.max(0, ...rows.map((r) => r.applySeconds)), 1)}`,
  ].join("\n");
}

async function run(database: Database) {
  const time = branchOfficeTime(() => OFFSET);
  const clock = bookingClock({
    now: () => Date.parse(`${addDays(FIRST_DAY, -1)}T12:00:00Z`),
    offsetAt: () => OFFSET,
  });
  const notifier = createNotifier(createMemoryBus());
  let start = performance.now();
  const world = await seedDayPlanWorld(database, RIDERS, SEED);
  progress(`datos sembrados en ${number((performance.now() - start) / 1000, 1)} s`);
  start = performance.now();
  const standing = await planStanding(database, notifier, time, world, STANDING);
  progress(`plan fijo en ${number((performance.now() - start) / 1000, 1)} s`);
  const service = createDayPlansService({ db: database.db, clock, time }, notifier);
  const days = await runServiceDays(
    database,
    service,
    world,
    { firstDay: FIRST_DAY, days: DAYS, seed: SEED, seconds: SECONDS },
    (row) =>
      progress(
        `${row.date}: demanda ${number(row.demand * 100)} %, vehículos ${row.standing.vehicles} → ${row.proposed.vehicles} → ${row.runs.vehicles}, fuera ${row.unassigned}, proponer máx. ${number(row.proposeSeconds, 1)} s`,
      ),
  );
  return { standing, days };
}

/** The database: PGlite in a temporary folder (default), or PostgreSQL; closed and removed after. */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  if (ENGINE === "PostgreSQL") {
    const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
    const url = new URL("/treiber_bench_day_plan", base);
    await recreateDatabase(url);
    const pg = await openDatabase({ url: url.toString() });
    try {
      return await work(pg);
    } finally {
      await pg.close();
    }
  }
  return onTemporaryPglite("day-plan", work);
}

async function main() {
  const started = performance.now();
  const loadStart = load();
  const { standing, days } = await withDatabase(run);
  const command = [
    `DAY_PLAN_RIDERS=${RIDERS} DAY_PLAN_DAYS=${DAYS} DAY_PLAN_SEED=${SEED}`,
    `DAY_PLAN_SECONDS=${SECONDS} DAY_PLAN_STANDING_SECONDS=${STANDING_SECONDS}`,
    ENGINE === "PostgreSQL" ? "DAY_PLAN_DATABASE=postgres " : "",
  ].join(" ");
  console.log(`### Plan del día: ${number(RIDERS)} colaboradores, 4 destinos, ${DAYS} días (${ENGINE})\n`);
  console.log(`\`${command.trim()} npm run bench:day-plan\`\n`);
  console.log(
    `Un turno de entrada a las 08:00 hacia los 4 destinos; casas a ≤ ${HOME_RADIUS_KM} km de su destino; plan fijo con caminata ${STANDING.walkRadiusMeters} m, viaje máximo ${STANDING.maxRideMinutes} min y ${STANDING_SECONDS} s de búsqueda por destino; ${SECONDS} s de búsqueda por plan del día.\n`,
  );
  console.log(`#### Plan fijo\n\n${standingTable(standing)}\n`);
  console.log(`#### Días de servicio (suma de los 4 destinos)\n\n${daysTable(days)}\n`);
  console.log(`#### Totales\n\n${totalsText(days)}\n`);
  console.log(
    `Carga de la máquina (1 · 5 · 15 min, ${availableParallelism()} núcleos): al empezar ${loadStart}; al terminar ${load()}. Duración total: ${number((performance.now() - started) / 60_000, 1)} min.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
