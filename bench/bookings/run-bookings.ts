import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { addDays, bookingClock } from "../../apps/api/src/modules/bookings/booking-clock.js";
import { createBookingSweep } from "../../apps/api/src/modules/bookings/booking-sweep.js";
import { rowsOf } from "../../apps/api/src/modules/bookings/bookings-repository.js";
import { createBookingsService } from "../../apps/api/src/modules/bookings/bookings-service.js";
import { dayPlanRoutesOn } from "../../apps/api/src/modules/day-plans/day-version.js";
import { createNotifier } from "../../apps/api/src/modules/notifications/notification-service.js";
import { createMemoryBus } from "../../apps/api/src/realtime/realtime-bus.js";
import { recreateDatabase } from "../hub/seed.js";
import { createSamples } from "../lib/stats.js";
import { onTemporaryPglite } from "../lib/temporary-pglite.js";
import {
  changeTwentyDays,
  loadWorld,
  RIDERS,
  ROUTES,
  seedBookingWorld,
  type World,
} from "./seed-bookings.js";

const env = process.env;
const SAMPLES = Number(env.BENCH_BOOKINGS_SAMPLES ?? 300);
/** The first of the 20 service days; the branch offices are on UTC−4. */
const FIRST_DAY = "2030-03-04";
const OFFSET = 240;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

async function timedSamples(count: number, task: (i: number) => Promise<unknown>) {
  const samples = createSamples();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await task(i);
    samples.add(performance.now() - start);
  }
  const [p50, p95] = samples.percentiles(50, 95) as [number, number];
  return { p50, p95 };
}

const baselineManifest = (database: Database, routeId: number, date: string) =>
  rowsOf(
    database.db,
    sql`select e.id, e.name, e.lastname, e.code_employee, st.name as stop, coalesce(b.status, 'CONFIRMED') as status
      from route_employees re join employees e on e.id = re.employee_id
        left join bookings b on b.route_id = re.route_id and b.service_date = ${date}::date and b.employee_id = re.employee_id
        left join route_stop_riders rsr on rsr.route_id = re.route_id and rsr.employee_id = re.employee_id
        left join route_stops st on st.id = rsr.stop_id
      where re.route_id = ${routeId}
      union all
      select e.id, e.name, e.lastname, e.code_employee, null, b.status
      from bookings b join employees e on e.id = b.employee_id
      where b.route_id = ${routeId} and b.service_date = ${date}::date
        and not exists (select 1 from route_employees re where re.route_id = b.route_id and re.employee_id = b.employee_id)`,
  );

const baselineMine = (database: Database, employeeId: number, since: string, until: string) =>
  rowsOf(
    database.db,
    sql`select re.route_id, d::date as date, coalesce(b.status, 'CONFIRMED') as status
      from route_employees re cross join generate_series(${since}::date, ${until}::date, interval '1 day') d
        left join bookings b on b.route_id = re.route_id and b.service_date = d::date and b.employee_id = re.employee_id
      where re.employee_id = ${employeeId}
      union all
      select b.route_id, b.service_date, b.status from bookings b
      where b.employee_id = ${employeeId} and b.service_date between ${since}::date and ${until}::date
        and not exists (select 1 from route_employees re where re.route_id = b.route_id and re.employee_id = b.employee_id)`,
  );

/** The sweep's work for one date in two set-based statements (no per-route transaction, no notices). */
async function baselineSweep(database: Database, date: string) {
  const day = sql`${date}::date`;
  await database.db.execute(sql`insert into booking_days (route_id, service_date, seats, confirmed, waitlisted, cancelled)
    select r.id, ${day}, r.seats,
      (select count(*) from route_employees re where re.route_id = r.id and not exists (select 1 from bookings b
        where b.route_id = r.id and b.service_date = ${day} and b.employee_id = re.employee_id))
      + (select count(*) from bookings b where b.route_id = r.id and b.service_date = ${day} and b.status = 'CONFIRMED'),
      (select count(*) from bookings b where b.route_id = r.id and b.service_date = ${day} and b.status = 'WAITLISTED'),
      (select count(*) from bookings b where b.route_id = r.id and b.service_date = ${day} and b.status = 'CANCELLED')
    from routes r where r.status = 'active' on conflict do nothing`);
  await database.db.execute(sql`update bookings set no_seat_told_at = now()
    where service_date = ${day} and status = 'WAITLISTED' and no_seat_told_at is null`);
}

/** Bytes of a table with its indexes, and its rows. */
async function sizeOf(database: Database, table: string) {
  const [row] = await rowsOf(
    database.db,
    sql`select pg_total_relation_size(${table}::regclass) as bytes, (select count(*) from ${sql.raw(table)}) as rows`,
  );
  return { bytes: Number(row?.bytes ?? 0), rows: Number(row?.rows ?? 0) };
}

/** A row per assigned rider and day of the 20 (what storing every booking up front would take). */
async function denseSize(database: Database) {
  await database.db.execute(sql`create table bench_dense_bookings (route_id int not null, service_date date not null,
    employee_id int not null, status text not null, primary key (route_id, service_date, employee_id))`);
  await database.db.execute(
    sql`create index bench_dense_employee_idx on bench_dense_bookings (employee_id, service_date)`,
  );
  await database.db.execute(sql`insert into bench_dense_bookings
    select re.route_id, ${FIRST_DAY}::date + g, re.employee_id, 'CONFIRMED' from route_employees re, generate_series(0, 19) g`);
  await database.db.execute(sql`analyze bench_dense_bookings`);
  return sizeOf(database, "bench_dense_bookings");
}

async function runOn(name: string, database: Database) {
  const started = performance.now();
  await seedBookingWorld(database);
  const world: World = await loadWorld(database);
  const clockState = { now: Date.parse(`${addDays(FIRST_DAY, -1)}T12:00:00Z`) };
  const clock = bookingClock({ now: () => clockState.now, offsetAt: () => OFFSET });
  const notifier = createNotifier(createMemoryBus());
  // As routes.ts builds it: «Mis viajes» and the manifest read the plans of the day (issue 36).
  const service = createBookingsService({ db: database.db, notifier, clock, days: dayPlanRoutesOn });
  const calls = await changeTwentyDays(database, service, world, FIRST_DAY);
  console.log(
    `${name}: datos y 20 días de cambios (${calls} llamadas al servicio) en ${((performance.now() - started) / 1000) | 0} s`,
  );
  await database.db.execute(sql`analyze`);

  const pickRoute = (i: number) => world.routeIds[(i * 37) % world.routeIds.length] as number;
  const pickDate = (i: number) => addDays(FIRST_DAY, (i * 7) % 20);
  const admin = { id: world.adminUserId, role: "Admin" as const };
  const manifest = await timedSamples(SAMPLES, (i) =>
    service.manifest(admin, { routeId: pickRoute(i), date: pickDate(i) }),
  );
  const manifestSql = await timedSamples(SAMPLES, (i) =>
    baselineManifest(database, pickRoute(i), pickDate(i)),
  );
  const riderOf = (i: number) => world.riders[(i * 101) % world.riders.length] as World["riders"][number];
  const until = addDays(FIRST_DAY, 13);
  // The signed-in collaborator, as `GET Booking/my` gets it: their rider is looked up in the call.
  const mine = await timedSamples(SAMPLES, (i) =>
    service.my({ id: riderOf(i).userId, role: "Collaborator" }, { sinceDate: FIRST_DAY, untilDate: until }),
  );
  const mineSql = await timedSamples(SAMPLES, (i) =>
    baselineMine(database, riderOf(i).employeeId, FIRST_DAY, until),
  );

  // The sweep of day 10 alone: days 8 and 9 swept first (the sweep looks from yesterday to tomorrow).
  const sweep = createBookingSweep({ db: database.db, notifier, clock });
  const day10 = addDays(FIRST_DAY, 9);
  clockState.now = Date.parse(`${addDays(FIRST_DAY, 8)}T08:01:00Z`);
  await sweep.sweep();
  clockState.now = Date.parse(`${day10}T08:01:00Z`);
  const sweepStart = performance.now();
  const swept = await sweep.sweep();
  const sweepMs = performance.now() - sweepStart;
  const baselineStart = performance.now();
  await baselineSweep(database, addDays(FIRST_DAY, 15));
  const baselineMs = performance.now() - baselineStart;

  const [bookingsSize, daysSize] = [
    await sizeOf(database, "bookings"),
    await sizeOf(database, "booking_days"),
  ];
  const dense = await denseSize(database);
  const added = bookingsSize.bytes + daysSize.bytes;
  const perYear = (bytes: number) => mb((bytes / 20) * 365);
  return [
    {
      medición: "manifiesto p50 / p95",
      reservas: `${ms(manifest.p50)} / ${ms(manifest.p95)} ms`,
      "SQL simple": `${ms(manifestSql.p50)} / ${ms(manifestSql.p95)} ms`,
      razón: ratio(manifest.p95, manifestSql.p95),
    },
    {
      medición: "«Mis viajes» (14 días) p50 / p95",
      reservas: `${ms(mine.p50)} / ${ms(mine.p95)} ms`,
      "SQL simple": `${ms(mineSql.p50)} / ${ms(mineSql.p95)} ms`,
      razón: ratio(mine.p95, mineSql.p95),
    },
    {
      medición: `barrido del plazo de ${swept.swept} rutas (${swept.told} avisos «Sin asiento»)`,
      reservas: `${ms(sweepMs)} ms`,
      "SQL simple": `${ms(baselineMs)} ms`,
      razón: ratio(sweepMs, baselineMs),
    },
    {
      medición: `tamaño agregado en 20 días (${bookingsSize.rows} filas + ${daysSize.rows} días congelados)`,
      reservas: mb(added),
      "SQL simple": `${mb(dense.bytes)} (${dense.rows} filas, una por colaborador y día)`,
      razón: ratio(added, dense.bytes),
    },
    {
      medición: "por año (365 días de servicio)",
      reservas: perYear(added),
      "SQL simple": perYear(dense.bytes),
      razón: "",
    },
  ];
}

async function main() {
  console.log(
    `Reservas: ${RIDERS} colaboradores, ${ROUTES} rutas, 20 días de cambios (issue 35; decisión 0064)`,
  );
  console.log(
    `carga de la máquina al empezar: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (${availableParallelism()} núcleos)\n`,
  );
  const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const url = new URL("/treiber_bench_bookings", base);
  await recreateDatabase(url);
  const pg = await openDatabase({ url: url.toString() });
  try {
    console.table(await runOn("PostgreSQL", pg));
  } finally {
    await pg.close();
  }
  if (env.BENCH_BOOKINGS_PGLITE !== "0") {
    console.table(await onTemporaryPglite("bookings", (lite) => runOn("PGlite", lite)));
  }
  console.log(
    `carga de la máquina al terminar: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
