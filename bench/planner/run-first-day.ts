import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { PLANNING_DEFAULTS, type PlanningProposal } from "@treiber/contract";
import type { Database } from "../../apps/api/src/db/client.js";
import { branchOfficeTime } from "../../apps/api/src/lib/branch-office-time.js";
import { loadCalibration, travelModelView } from "../../apps/api/src/modules/planning/load-calibration.js";
import { proposeForShift } from "../../apps/api/src/modules/planning/propose-for-shift.js";
import { onTemporaryPglite } from "../lib/temporary-pglite.js";
import { type FirstDaySite, FLEET, HOME_KM, seedFirstDaySite } from "./seed-first-day.js";

const env = process.env;
const RIDERS = Number(env.FIRST_DAY_RIDERS ?? 313);
const SEED = Number(env.FIRST_DAY_SEED ?? 33);
const SECONDS = env.FIRST_DAY_SECONDS ? Number(env.FIRST_DAY_SECONDS) : undefined;
/** Santo Domingo: UTC−4 all year. */
const OFFSET = 240;
const SEATS = FLEET.reduce((sum, type) => sum + type.seats * type.count, 0);
const DRIVERS = FLEET.reduce((sum, type) => sum + type.count, 0);

/** The issue's three settings, with what the issue measured before the fix. */
const SETTINGS = [
  { name: "Puerta a puerta", walkRadiusMeters: 0, maxRideMinutes: 60, before: "157 sin asignar, 35 %" },
  { name: "Caminata 300 m", walkRadiusMeters: 300, maxRideMinutes: 60, before: "74 sin asignar" },
  {
    name: "Caminata 400 m, viaje máx. 90 min",
    walkRadiusMeters: 400,
    maxRideMinutes: 90,
    before: "35 sin asignar, 3 buses sin usar",
  },
  // Why door to door leaves riders out: the same problem with the stops' minutes or the ride freed.
  {
    name: "Diagnóstico: puerta a puerta, 1 min por parada",
    walkRadiusMeters: 0,
    maxRideMinutes: 60,
    serviceMinutes: 1,
    before: "–",
  },
  {
    name: "Diagnóstico: puerta a puerta, viaje máx. 90 min",
    walkRadiusMeters: 0,
    maxRideMinutes: 90,
    before: "–",
  },
] as const;
type Setting = (typeof SETTINGS)[number];

const number = (value: number, digits = 0) =>
  value.toLocaleString("de-DE", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${number((100 * part) / whole, 1)} %`);
const load = () =>
  loadavg()
    .map((n) => number(n, 2))
    .join(" · ");
const progress = (text: string) => process.stderr.write(`${text}\n`);

type Row = { setting: Setting; proposal: PlanningProposal; wallSeconds: number };

/** Why riders were left out: «reason (n)». */
function reasonsText(proposal: PlanningProposal) {
  const counts = new Map<string, number>();
  for (const entry of proposal.unassigned) counts.set(entry.reason, (counts.get(entry.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${reason} (${n})`).join("; ") || "–";
}

/** Vehicles used by seats: «45×6 29×4 14×1». */
function vehiclesText(proposal: PlanningProposal) {
  const bySeats = new Map<number, number>();
  for (const route of proposal.routes) {
    if (route.stops.every((stop) => stop.employeeIds.length === 0)) continue;
    bySeats.set(route.seats ?? 0, (bySeats.get(route.seats ?? 0) ?? 0) + 1);
  }
  return [...bySeats]
    .sort((a, b) => b[0] - a[0])
    .map(([seats, n]) => `${seats}×${n}`)
    .join(" ");
}

/** Riders per vehicle used, and the most stops on one: «11–18; 18 paradas = 36 min parado». */
function perVehicleText(proposal: PlanningProposal) {
  const used = proposal.routes.filter((route) => route.stops.some((stop) => stop.employeeIds.length > 0));
  const riders = used.map((route) => route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0));
  const stops = Math.max(0, ...used.map((route) => route.stops.length));
  const minutes = stops * proposal.params.serviceMinutes;
  return `${Math.min(...riders)}–${Math.max(...riders)}; hasta ${stops} paradas = ${minutes} min en paradas`;
}

function resultsTable(rows: Row[]) {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const head = [
    "Ajuste",
    "Antes (issue)",
    "Sin asignar",
    "Vehículos usados (asientos×n)",
    "Pasajeros por vehículo",
    "Ocupación del panel",
    `Sentados ÷ ${SEATS} asientos`,
    "Paradas",
    "km",
    "Viaje más largo",
    "Búsqueda s",
  ];
  const body = rows.map(({ setting, proposal, wallSeconds }) => [
    setting.name,
    setting.before,
    number(proposal.unassigned.length),
    `${proposal.figures.vehicles} de ${DRIVERS} (${vehiclesText(proposal)})`,
    perVehicleText(proposal),
    proposal.figures.seatFill === null ? "–" : `${number(proposal.figures.seatFill * 100, 1)} %`,
    percent(proposal.figures.riders, SEATS),
    number(proposal.routes.reduce((sum, route) => sum + route.stops.length, 0)),
    number(proposal.figures.km, 1),
    `${proposal.figures.longestRideMinutes} / ${setting.maxRideMinutes} min`,
    `${number(proposal.seconds, 1)} (${number(wallSeconds, 1)} en total)`,
  ]);
  const rule = head.map((_, i) => (i < 2 ? "---" : "---:"));
  return [line(head), line(rule), ...body.map(line)].join("\n");
}

async function proposeAll(database: Database, site: FirstDaySite, time: ReturnType<typeof branchOfficeTime>) {
  const rows: Row[] = [];
  for (const setting of SETTINGS) {
    const start = performance.now();
    const proposal = await proposeForShift(
      database.db,
      {
        shiftId: site.shiftId,
        destinationId: site.destinationId,
        employeeIds: site.employeeIds,
        driverIds: site.driverIds,
        walkRadiusMeters: setting.walkRadiusMeters,
        maxRideMinutes: setting.maxRideMinutes,
        serviceMinutes:
          "serviceMinutes" in setting ? setting.serviceMinutes : PLANNING_DEFAULTS.serviceMinutes,
        seconds: SECONDS,
      },
      { time },
    );
    const wallSeconds = (performance.now() - start) / 1000;
    progress(
      `${setting.name}: ${proposal.unassigned.length} sin asignar, ${proposal.figures.vehicles} vehículos`,
    );
    rows.push({ setting, proposal, wallSeconds });
  }
  return rows;
}

/** What the panel says of the travel model: its source, the shift's speed and circuity. */
async function panelModel(database: Database, site: FirstDaySite, time: ReturnType<typeof branchOfficeTime>) {
  const calibration = await loadCalibration(database.db, site.branchOfficeId, time);
  const model = travelModelView({ time: "08:00" }, calibration);
  const source = calibration.calibrated
    ? `calibrados con ${calibration.trips} viajes de la sucursal`
    : `valores por defecto (la sucursal tiene ${calibration.trips} viajes; se calibra con ${calibration.minTrips})`;
  return `${source}: este turno se planifica a ${number(model.speedKmh, 1)} km/h en movimiento (${model.peak ? "hora pico" : "fuera de hora pico"}), desvío ${number(model.circuity, 2)}, ${PLANNING_DEFAULTS.serviceMinutes} min por parada`;
}

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  return onTemporaryPglite("first-day", work);
}

async function main() {
  const loadStart = load();
  const time = branchOfficeTime(() => OFFSET);
  const { rows, panel } = await withDatabase(async (database) => {
    const site = await seedFirstDaySite(database, RIDERS, SEED);
    return { panel: await panelModel(database, site, time), rows: await proposeAll(database, site, time) };
  });
  const command = `FIRST_DAY_RIDERS=${RIDERS} FIRST_DAY_SEED=${SEED}${SECONDS ? ` FIRST_DAY_SECONDS=${SECONDS}` : ""}`;
  const fleet = FLEET.map((type) => `${type.count} de ${type.seats}`).join(", ");
  console.log(
    `### Primer día: ${number(RIDERS)} colaboradores, ${DRIVERS} choferes, ${SEATS} asientos (PGlite)\n`,
  );
  console.log(`\`${command} npm run bench:first-day\`\n`);
  console.log(
    `Sucursal nueva sin viajes, planta en Piantini, turno de entrada 08:00; casas a ${HOME_KM.min}–${HOME_KM.max} km en línea recta; vehículos: ${fleet} asientos; ${SECONDS ? `${SECONDS} s` : "el presupuesto del planificador"} de búsqueda.\n`,
  );
  console.log(`Modelo de viaje del panel: ${panel}.\n`);
  console.log(`${resultsTable(rows)}\n`);
  for (const { setting, proposal } of rows)
    console.log(`- ${setting.name}, sin asignar: ${reasonsText(proposal)}`);
  console.log(
    `\nCarga de la máquina (1 · 5 · 15 min, ${availableParallelism()} núcleos): al empezar ${loadStart}; al terminar ${load()}.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
