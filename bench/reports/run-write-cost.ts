/**
 * `npm run bench:write-cost`: what the month totals' triggers (migration 0013, decision 0035) add
 * to the writes that feed them, on the big reports bench database (`treiber_bench_reports`, seeded
 * by `npm run bench:reports`; run that first). Each write runs in a transaction that is rolled back,
 * alternating with the same write while the month triggers are disabled in that transaction (the
 * `ALTER TABLE … DISABLE TRIGGER` is not timed), so both see the same data and machine load:
 * p50/p95 of each and the ratio. Nothing here asserts a time. BENCH_WRITE_ITERATIONS (200).
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";

const MONTH_TRIGGERS = [
  ["intermediate_routes", "intermediate_routes_month_totals_update"],
  ["intermediate_routes", "intermediate_routes_month_totals_insert"],
  ["trip_riders", "trip_riders_month_totals_insert"],
  ["trip_riders", "trip_riders_month_totals_update"],
  ["trip_riders", "trip_riders_month_totals_delete"],
  ["service_shares", "service_shares_month_totals_insert"],
  ["service_shares", "service_shares_month_totals_delete"],
] as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

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
    label: "posición (nada que sumar)",
    write: (t) =>
      `update intermediate_routes set last_latitude = 18.5, last_position_at = now() where id = ${t.id}`,
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
console.log(
  `\ncarga al terminar: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
await client.end();
