/**
 * `npm run bench:write-cost`: what the month totals' triggers (migration 0013, decision 0035) add
 * to the writes that feed them, on the big reports bench database (`treiber_bench_reports`, seeded
 * by `npm run bench:reports`; run that first). Each write runs in a transaction that is rolled back,
 * alternating with the same write while the month triggers are disabled in that transaction (the
 * `ALTER TABLE … DISABLE TRIGGER` is not timed), so both see the same data and machine load:
 * p50/p95 of each and the ratio. Then the last cut is made again (`insertCutFreezingTrips`, ~100k
 * trips) with and without the month trigger and the `cut_trips_trip_cut_fkey` key (migration 0014),
 * alternated and rolled back, and left as it was. Nothing here asserts a time.
 * BENCH_WRITE_ITERATIONS (200), BENCH_WRITE_CUT_ROUNDS (2; 0 skips the cut).
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql, TransactionRollbackError } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { CallerClock } from "../../apps/api/src/lib/caller-clock.js";
import { insertCutFreezingTrips } from "../../apps/api/src/modules/cuts/cut-repository.js";
import { percentile } from "../lib/percentile.js";

const MONTH_TRIGGERS = [
  ["intermediate_routes", "intermediate_routes_month_totals_update"],
  ["intermediate_routes", "intermediate_routes_month_totals_insert"],
  ["trip_riders", "trip_riders_month_totals_insert"],
  ["trip_riders", "trip_riders_month_totals_update"],
  ["trip_riders", "trip_riders_month_totals_delete"],
  ["service_shares", "service_shares_month_totals_insert"],
  ["service_shares", "service_shares_month_totals_delete"],
] as const;

const base = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench";
const url = new URL(base);
url.pathname = "/treiber_bench_reports";
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const iterations = Number(process.env.BENCH_WRITE_ITERATIONS ?? 200);

const { rows: trips } = await client.query<{ id: number; employee_id: number }>(`
  select t.id, (select s.employee_id from transport_services s
    where s.intermediate_route_id = t.id and s.status = 'Boarded' limit 1) as employee_id
  from intermediate_routes t join trip_riders r on r.intermediate_route_id = t.id
  where t.status = 'Finished' and r.riders > 1 order by t.id desc limit ${iterations}`);
if (trips.length < iterations) throw new Error("Siembre antes la base: npm run bench:reports");

type Trip = { id: number; employee_id: number };
/** A write on one finished trip as the app does it, after an untimed `prepare` in the same transaction. */
const WRITES: { label: string; prepare?: (t: Trip) => string; write: (t: Trip) => string }[] = [
  {
    label: "End (terminar un viaje)",
    prepare: (t) =>
      `update intermediate_routes set status = 'InProgress', ended_at = null where id = ${t.id}`,
    write: (t) => `update intermediate_routes set status = 'Finished', ended_at = now() where id = ${t.id}`,
  },
  {
    label: "costo de un viaje terminado",
    write: (t) => `update intermediate_routes set cost = cost + 1 where id = ${t.id}`,
  },
  {
    label: "cancelar un servicio abordado",
    write: (t) =>
      `update transport_services set status = 'Canceled', canceled_at = now(), comment = 'x' where intermediate_route_id = ${t.id} and employee_id = ${t.employee_id}`,
  },
  {
    label: "posición de un viaje en curso",
    prepare: (t) =>
      `update intermediate_routes set status = 'InProgress', ended_at = null where id = ${t.id}`,
    write: (t) =>
      `update intermediate_routes set last_latitude = 18.5, last_position_at = now() where id = ${t.id} and status = 'InProgress'`,
  },
  {
    label: "otra columna de un viaje terminado",
    write: (t) => `update intermediate_routes set updated_at = now() where id = ${t.id}`,
  },
];

async function timed(trip: Trip, write: (typeof WRITES)[number], withoutMonthTriggers: boolean) {
  await client.query("begin");
  if (withoutMonthTriggers) {
    for (const [table, trigger] of MONTH_TRIGGERS)
      await client.query(`alter table ${table} disable trigger ${trigger}`);
  }
  if (write.prepare) await client.query(write.prepare(trip));
  const started = performance.now();
  await client.query(write.write(trip));
  const elapsed = performance.now() - started;
  await client.query("rollback");
  return elapsed;
}

console.log(
  `carga al empezar: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
console.log(`\nescrituras: ${iterations} por fila, alternadas, en transacciones revertidas (ms)\n`);
console.log(`${"escritura".padEnd(34)}  con p50  con p95  sin p50  sin p95  con/sin p95`);
for (const write of WRITES) {
  const withTriggers: number[] = [];
  const without: number[] = [];
  for (const [i, trip] of trips.entries()) {
    if (i % 2 === 0) {
      withTriggers.push(await timed(trip, write, false));
      without.push(await timed(trip, write, true));
    } else {
      without.push(await timed(trip, write, true));
      withTriggers.push(await timed(trip, write, false));
    }
  }
  const cells = [
    percentile(withTriggers, 50),
    percentile(withTriggers, 95),
    percentile(without, 50),
    percentile(without, 95),
  ];
  console.log(
    write.label.padEnd(34),
    cells.map((v) => v.toFixed(2).padStart(7)).join("  "),
    (percentile(withTriggers, 95) / Math.max(percentile(without, 95), 0.001)).toFixed(2).padStart(11),
  );
}
await client.end();

/** The last cut made again: undone (committed), remade in rolled-back transactions, then restored. */
async function remakeLastCut(rounds: number) {
  const database = await openDatabase({ url: url.toString() });
  const { db } = database;
  const [cut] = (
    (await db.execute(
      sql`select id, since_at, until_at, created_by from cuts order by until_at desc limit 1`,
    )) as unknown as { rows: { id: number; since_at: string; until_at: string; created_by: number }[] }
  ).rows;
  if (!cut) throw new Error("Siembre antes la base: npm run bench:reports");
  const values = {
    since: new Date(cut.since_at),
    until: new Date(cut.until_at),
    createdBy: Number(cut.created_by),
    clock: new CallerClock(4),
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from cut_trips where cut_id = ${cut.id}`);
    await tx.execute(sql`update intermediate_routes set cut_id = null where cut_id = ${cut.id}`);
    await tx.execute(sql`delete from cuts where id = ${cut.id}`);
  });
  await db.execute(sql`vacuum analyze intermediate_routes`);
  const timings = { con: [] as number[], sin: [] as number[] };
  let trips = 0;
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 === 0 ? (["con", "sin"] as const) : (["sin", "con"] as const)) {
      await db
        .transaction(async (tx) => {
          if (variant === "sin") {
            await tx.execute(
              sql`alter table intermediate_routes disable trigger intermediate_routes_month_totals_update`,
            );
            await tx.execute(sql`alter table cut_trips drop constraint cut_trips_trip_cut_fkey`);
          }
          const started = performance.now();
          trips = (await insertCutFreezingTrips(tx, values)).trips;
          timings[variant].push(performance.now() - started);
          tx.rollback();
        })
        .catch((error) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
    }
  }
  await db.transaction((tx) => insertCutFreezingTrips(tx, values));
  await database.close();
  const best = (list: number[]) => Math.min(...list);
  console.log(
    `\nrehacer el último corte (${trips} viajes), mejor de ${rounds}: con ${best(timings.con).toFixed(0)} ms, ` +
      `sin el trigger de meses ni la clave ${best(timings.sin).toFixed(0)} ms, ` +
      `razón ${(best(timings.con) / best(timings.sin)).toFixed(2)}`,
  );
}

const cutRounds = Number(process.env.BENCH_WRITE_CUT_ROUNDS ?? 2);
if (cutRounds > 0) await remakeLastCut(cutRounds);
console.log(
  `\ncarga al terminar: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
