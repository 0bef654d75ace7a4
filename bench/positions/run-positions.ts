/**
 * `npm run bench:positions`: a year of GPS (issue 14 item 2, docs/decisions/0033). On its own
 * PostgreSQL database (`treiber_bench_positions` beside BENCH_DATABASE_URL's, recreated each run)
 * and then on an embedded PGlite in a temporary folder (smaller), generated with generate_series:
 *   - a fleet of V vehicles (200) that drove one 4-hour trip a day for a year, a position every 5 s
 *     (2,880 per trip, ~210M a year at 200 vehicles): the last RAW_DAYS days keep their raw
 *     positions (the retention window, compacted at End), older trips only their compact trace;
 *   - 10,000 trips in progress (the live map, and the write path at 10,000 vehicles).
 * It prints, in one run, side by side:
 *   - the write path (`savePositions`, the hub's batched insert) at 40 positions/s (200 vehicles)
 *     and 2,000/s (10,000 vehicles) as the service batches them (every 100 ms), batch p50/p95 and
 *     the rate achieved, and its capacity (batches of 500 back to back);
 *   - reads, p50/p95: the live map (every trip in progress with its last position, the app's
 *     `listActiveTrips`) next to the same from `trip_positions` (last row per trip); the trip
 *     sheet of a compacted trip, of one whose raw positions were deleted, and of a trip in progress,
 *     next to the pre-0033 sheet trace (raw positions simplified) — each measured with a quarter of
 *     the raw window loaded and with all of it (ratio: how reads grow with the table);
 *   - compaction per trip (p50/p95), the retention's batched delete (rows/s, batch p50/p95) and the
 *     2,000/s write path while it deletes, and the tables' sizes (bytes per raw position / trace).
 * Nothing here asserts a time.
 *
 * Env: BENCH_POSITIONS_VEHICLES (200), BENCH_POSITIONS_RAW_DAYS (8 on PostgreSQL: the measured
 * window; the 90-day default retention is 11× more rows, reads are index lookups),
 * BENCH_POSITIONS_TRACE_DAYS (365), BENCH_POSITIONS_ACTIVE (10000), BENCH_POSITIONS_SECONDS (8, each
 * write phase), BENCH_POSITIONS_READS (40 per read), BENCH_POSITIONS_PGLITE (1; 0 skips PGlite),
 * BENCH_POSITIONS_PGLITE_RAW_DAYS (2), BENCH_POSITIONS_PGLITE_TRACE_DAYS (60).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { CallerClock } from "../../apps/api/src/lib/caller-clock.js";
import { listActiveTrips } from "../../apps/api/src/modules/intermediate-routes/trip-list-repository.js";
import { rowsOf } from "../../apps/api/src/modules/reports/trip-scope.js";
import {
  compactOne,
  deleteRetainedBatch,
} from "../../apps/api/src/modules/trip-positions/positions-job-repository.js";
import {
  type PositionRow,
  savePositions,
} from "../../apps/api/src/modules/trip-positions/trip-positions-repository.js";
import { createTripSheetService } from "../../apps/api/src/modules/trip-sheet/trip-sheet-service.js";
import { simplifyTrace } from "../../apps/api/src/modules/trips/simplify-trace.js";
import { rawTripKmSql } from "../../apps/api/src/modules/trips/trip-km-sql.js";
import { findTripTrace, rawTrace } from "../../apps/api/src/modules/trips/trip-trace-repository.js";
import { recreateDatabase } from "../hub/seed.js";
import { createSamples, sleep } from "../lib/stats.js";

const env = process.env;
const POINTS_PER_TRIP = 2_880; // 4 h, one every 5 s
const DAY_MS = 86_400_000;

type Scale = { vehicles: number; rawDays: number; traceDays: number; active: number };
type Row = Record<string, string>;

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const thousands = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

async function timed<T>(task: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await task();
  return [result, performance.now() - start];
}

async function one(database: Database, query: ReturnType<typeof sql>) {
  const [row] = await rowsOf(database.db, query);
  return row ?? {};
}

/** Catalogue rows, the fleet's drivers plus the extra ones with a trip in progress each. */
async function seedFleet(database: Database, scale: Scale) {
  const { db } = database;
  await db.execute(sql`insert into suppliers (name) values ('Transporte GPS')`);
  await db.execute(sql`insert into destinations (name, address) values ('Zona Franca GPS', 'Santo Domingo')`);
  await db.execute(sql`insert into routes (name, destination_id, departure_time, cost)
    select 'Ruta GPS', id, '06:00', 10 from destinations`);
  await db.execute(sql`insert into users (email, password_hash, role)
    select 'chofer.gps' || g || '@bench.treiber', 'sin-clave', 'Driver' from generate_series(1, ${scale.active}::int) g`);
  await db.execute(sql`insert into drivers (user_id, supplier_id, name, lastname, identity_card, code_qr)
    select u.id, s.id, 'Chofer', 'GPS ' || u.id, 'GPS-' || u.id, 'gps-qr-' || u.id
    from users u, suppliers s where u.role = 'Driver'`);
  // A year of finished trips of the fleet (the first `vehicles` drivers): one a day, 06:00–10:00 UTC.
  await db.execute(sql`insert into intermediate_routes
      (route_id, driver_id, supplier_id, status, cost, started_at, ended_at)
    select r.id, d.id, d.supplier_id, 'Finished', 10,
      date_trunc('day', now()) - make_interval(days => g) + interval '6 hours',
      date_trunc('day', now()) - make_interval(days => g) + interval '10 hours'
    from (select id, supplier_id from drivers order by id limit ${scale.vehicles}::int) d,
      routes r, generate_series(1, ${scale.traceDays}::int) g`);
  // Every driver has a trip in progress, two hours in, with its last position.
  await db.execute(sql`insert into intermediate_routes
      (route_id, driver_id, supplier_id, status, cost, started_at, last_latitude, last_longitude, last_position_at)
    select r.id, d.id, d.supplier_id, 'InProgress', 10, now() - interval '2 hours',
      18.4 + d.id * 0.0001, -69.9, now()
    from drivers d, routes r`);
}

/**
 * Raw positions of the fleet's finished trips of days `[fromDay, toDay]` ago (2,880 each: a smooth
 * drive with a little GPS jitter), and of its trips in progress (1,440: two hours) on the first call.
 */
async function loadRaw(database: Database, fromDay: number, toDay: number) {
  await database.db.execute(sql`insert into trip_positions (intermediate_route_id, latitude, longitude, recorded_at)
    select t.id,
      18.4 + 0.04 * sin(g / 300.0 + t.id) + g * 0.00001 + (random() - 0.5) * 0.00004,
      -69.9 + 0.04 * cos(g / 250.0 + t.id) + (random() - 0.5) * 0.00004,
      t.started_at + make_interval(secs => g * 5)
    from intermediate_routes t, generate_series(0, ${POINTS_PER_TRIP - 1}::int) g
    where t.status = 'Finished'
      and t.started_at >= date_trunc('day', now()) - make_interval(days => ${toDay}::int)
      and t.started_at < date_trunc('day', now()) - make_interval(days => ${fromDay - 1}::int)`);
}

async function loadInProgressRaw(database: Database, vehicles: number) {
  await database.db.execute(sql`insert into trip_positions (intermediate_route_id, latitude, longitude, recorded_at)
    select t.id, 18.4 + 0.04 * sin(g / 300.0 + t.id), -69.9 + 0.04 * cos(g / 250.0 + t.id),
      t.started_at + make_interval(secs => g * 5)
    from (select id, started_at from intermediate_routes where status = 'InProgress' order by id limit ${vehicles}::int) t,
      generate_series(0, 1439) g`);
  // The other trips in progress: their last minute (every trip on the map has positions).
  await database.db.execute(sql`insert into trip_positions (intermediate_route_id, latitude, longitude, recorded_at)
    select t.id, 18.4 + g * 0.0001, -69.9, now() - make_interval(secs => 60 - g * 5)
    from (select id from intermediate_routes where status = 'InProgress' order by id offset ${vehicles}::int) t,
      generate_series(0, 11) g`);
}

async function tripIds(database: Database, where: ReturnType<typeof sql>, limit: number) {
  const rows = await rowsOf(
    database.db,
    sql`select t.id from intermediate_routes t where ${where} order by random() limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

async function percentiles(ids: number[], task: (id: number) => Promise<unknown>) {
  const samples = createSamples();
  for (const id of ids.slice(0, 3)) await task(id); // warm the plan cache
  for (const id of ids) {
    const start = performance.now();
    await task(id);
    samples.add(performance.now() - start);
  }
  const [p50 = Number.NaN, p95 = Number.NaN] = samples.percentiles(50, 95);
  return [p50, p95] as [number, number];
}

/** Each read, p50/p95 (ms), keyed by label. */
async function measureReads(database: Database, scale: Scale, reads: number) {
  const { db } = database;
  const sheets = createTripSheetService(db);
  const rawWindow = sql`t.status = 'Finished' and exists (select 1 from trip_traces tt where tt.intermediate_route_id = t.id and tt.raw_deleted_at is null)`;
  const deleted = sql`t.status = 'Finished' and exists (select 1 from trip_traces tt where tt.intermediate_route_id = t.id and tt.raw_deleted_at is not null)`;
  const running = sql`t.status = 'InProgress' and exists (select 1 from trip_positions p where p.intermediate_route_id = t.id)`;
  const [compacted, old, inProgress] = await Promise.all([
    tripIds(database, rawWindow, reads),
    tripIds(database, deleted, reads),
    tripIds(database, running, reads),
  ]);
  const result = new Map<string, [number, number]>();
  const once = Array.from({ length: Math.max(10, Math.floor(reads / 2)) }, () => 0);
  result.set(
    `mapa en vivo: ${thousands(scale.active)} rutas en curso (últimas posiciones en intermediate_routes)`,
    await percentiles(once, () => listActiveTrips(db)),
  );
  result.set(
    "mapa en vivo: solo id y última posición de intermediate_routes (base de la comparación)",
    await percentiles(once, () =>
      db.execute(sql`select t.id, t.last_latitude, t.last_longitude, t.last_position_at
        from intermediate_routes t where t.status = 'InProgress'`),
    ),
  );
  result.set(
    "mapa en vivo: la misma última posición leída de trip_positions (fila más reciente por ruta)",
    await percentiles(once, () =>
      db.execute(sql`select t.id, p.latitude, p.longitude, p.recorded_at from intermediate_routes t
        cross join lateral (select latitude, longitude, recorded_at from trip_positions p
          where p.intermediate_route_id = t.id order by recorded_at desc limit 1) p
        where t.status = 'InProgress'`),
    ),
  );
  result.set(
    "hoja de ruta: terminada y compactada (traza compacta, posiciones aún guardadas)",
    await percentiles(compacted, (id) => sheets.sheet(id, CallerClock.UTC)),
  );
  result.set(
    "hoja de ruta: terminada, posiciones borradas por la retención (traza compacta)",
    await percentiles(old, (id) => sheets.sheet(id, CallerClock.UTC)),
  );
  result.set(
    "hoja de ruta: en curso, 1.440 posiciones (posiciones simplificadas)",
    await percentiles(inProgress, (id) => sheets.sheet(id, CallerClock.UTC)),
  );
  result.set(
    "traza y km desde la traza compacta (trip_traces)",
    await percentiles(old, (id) => findTripTrace(db, id)),
  );
  result.set(
    "traza y km desde las posiciones, como antes de 0033 (2.880 posiciones simplificadas + km)",
    await percentiles(compacted, async (id) => {
      const [raw] = await Promise.all([
        rawTrace(db, id),
        db.execute(sql`select ${rawTripKmSql(sql`${id}::int`)} as km`),
      ]);
      return simplifyTrace(raw, 2_000);
    }),
  );
  return result;
}

/** The hub's write path at `rate` positions/s, batched every 100 ms like the service; or back to back. */
async function writePhase(
  database: Database,
  activeIds: number[],
  rate: number | "max",
  seconds: number,
  during?: () => boolean,
) {
  const samples = createSamples();
  let written = 0;
  let cursor = 0;
  const batchOf = (size: number) => {
    const at = new Date();
    const rows: PositionRow[] = [];
    for (let i = 0; i < size; i++) {
      const id = activeIds[cursor++ % activeIds.length] as number;
      rows.push({
        intermediateRouteId: id,
        latitude: 18.4 + Math.random() * 0.1,
        longitude: -69.9,
        recordedAt: at,
      });
    }
    return rows;
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  let tick = start;
  while (performance.now() < end && (during?.() ?? true)) {
    const size = rate === "max" ? 500 : Math.max(1, Math.round(rate / 10));
    const [, took] = await timed(() => savePositions(database.db, batchOf(size)));
    samples.add(took);
    written += size;
    if (rate !== "max") {
      tick += 100;
      const wait = tick - performance.now();
      if (wait > 0) await sleep(wait);
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  const [p50, p95] = samples.percentiles(50, 95);
  return { rate: written / elapsed, p50: p50 ?? 0, p95: p95 ?? 0, batches: samples.count };
}

async function sizes(database: Database) {
  const row = await one(
    database,
    sql`select pg_total_relation_size('trip_positions') as positions,
      pg_total_relation_size('trip_traces') as traces,
      (select count(*) from trip_positions) as position_rows,
      (select count(*) from trip_traces) as trace_rows`,
  );
  return {
    positions: Number(row.positions),
    traces: Number(row.traces),
    positionRows: Number(row.position_rows),
    traceRows: Number(row.trace_rows),
  };
}

async function runOn(
  label: string,
  database: Database,
  scale: Scale,
  settings: { seconds: number; reads: number },
) {
  const out: Row[] = [];
  const log = (text: string) => console.error(`  [${label}] ${text}`);
  log(
    `flota de ${scale.vehicles} vehículos, ${scale.traceDays} días de viajes, ${scale.rawDays} con posiciones`,
  );
  const [, seedMs] = await timed(() => seedFleet(database, scale));
  log(`catálogo y viajes: ${ms(seedMs / 1000)} s`);
  const quarter = Math.max(1, Math.floor(scale.rawDays / 4));
  const [, rawMs1] = await timed(async () => {
    await loadRaw(database, 1, quarter);
    await loadInProgressRaw(database, scale.vehicles);
  });
  const rows1 =
    scale.vehicles * quarter * POINTS_PER_TRIP +
    scale.vehicles * 1_440 +
    (scale.active - scale.vehicles) * 12;
  log(
    `posiciones (${thousands(rows1)}): ${ms(rawMs1 / 1000)} s, ${thousands(rows1 / (rawMs1 / 1000))} filas/s`,
  );

  // Compaction at End, trip by trip (what End adds to its transaction), measured.
  const compactSamples = createSamples();
  const toCompact = await tripIds(
    database,
    sql`t.status = 'Finished' and exists (select 1 from trip_positions p where p.intermediate_route_id = t.id)`,
    100_000,
  );
  for (const id of toCompact) {
    const [, took] = await timed(() => compactOne(database.db, id));
    compactSamples.add(took);
  }
  const [compactP50, compactP95] = compactSamples.percentiles(50, 95);
  log(`compactación: ${toCompact.length} viajes`);
  // Older trips: their compact trace only (a copy of a real one; raw positions long deleted).
  const [, traceMs] = await timed(() =>
    database.db.execute(sql`insert into trip_traces (intermediate_route_id, km, point_count, points, ended_at, raw_deleted_at)
      select t.id, tpl.km, tpl.point_count, tpl.points, t.ended_at, now()
      from intermediate_routes t,
        (select km, point_count, points from trip_traces order by intermediate_route_id limit 1) tpl
      where t.status = 'Finished'
        and not exists (select 1 from trip_traces tt where tt.intermediate_route_id = t.id)`),
  );
  log(`trazas compactas del resto del año: ${ms(traceMs / 1000)} s`);
  await database.db.execute(sql`analyze`);
  const readsA = await measureReads(database, scale, settings.reads);
  const sizeA = await sizes(database);

  const [, rawMs2] = await timed(() => loadRaw(database, quarter + 1, scale.rawDays));
  const rows2 = scale.vehicles * (scale.rawDays - quarter) * POINTS_PER_TRIP;
  log(`posiciones (+${thousands(rows2)}): ${ms(rawMs2 / 1000)} s`);
  const more = await tripIds(
    database,
    sql`t.status = 'Finished' and not exists (select 1 from trip_traces tt where tt.intermediate_route_id = t.id)`,
    100_000,
  );
  for (const id of more) await compactOne(database.db, id);
  // The rest of the year (those days' traces were written above as already pruned): re-mark them
  // as kept, they have raw positions now.
  await database.db.execute(sql`update trip_traces tt set raw_deleted_at = null
    where exists (select 1 from trip_positions p where p.intermediate_route_id = tt.intermediate_route_id)`);
  await database.db.execute(sql`analyze`);
  const readsB = await measureReads(database, scale, settings.reads);
  const sizeB = await sizes(database);

  for (const [name, [p50, p95]] of readsB) {
    const [a50, a95] = readsA.get(name) ?? [Number.NaN, Number.NaN];
    out.push({
      medición: name,
      [`p50/p95 ms, ${thousands(sizeA.positionRows)} posiciones`]: `${ms(a50)} / ${ms(a95)}`,
      [`p50/p95 ms, ${thousands(sizeB.positionRows)} posiciones`]: `${ms(p50)} / ${ms(p95)}`,
      "p95 grande / pequeña": (p95 / a95).toFixed(2),
    });
  }
  const sheetTrace = readsB.get("traza y km desde la traza compacta (trip_traces)");
  const sheetRaw = readsB.get(
    "traza y km desde las posiciones, como antes de 0033 (2.880 posiciones simplificadas + km)",
  );
  const mapLast = [...readsB.values()][1];
  const mapRaw = [...readsB.values()][2];

  // Writes.
  const active = (
    await rowsOf(database.db, sql`select id from intermediate_routes where status = 'InProgress' order by id`)
  ).map((row) => Number(row.id));
  const fleet = active.slice(0, scale.vehicles);
  const needed200 = scale.vehicles / 5;
  const needed10k = active.length / 5;
  const w200 = await writePhase(database, fleet, needed200, settings.seconds);
  const w10k = await writePhase(database, active, needed10k, settings.seconds);
  const wMax = await writePhase(database, active, "max", Math.min(5, settings.seconds));

  // Retention: delete the raw window in 20,000-row batches while the 10,000-vehicle write path runs.
  const deleteSamples = createSamples();
  let deleting = true;
  let deletedRows = 0;
  let deleteBusyMs = 0;
  const deleteStart = performance.now();
  const writesWhileDeleting = writePhase(database, active, needed10k, 600, () => deleting);
  for (;;) {
    const [batch, took] = await timed(() =>
      deleteRetainedBatch(database.db, new Date(Date.now() + DAY_MS), 20_000),
    );
    if (batch.trips === 0) break;
    deleteSamples.add(took);
    deletedRows += batch.positions;
    deleteBusyMs += took;
    await sleep(100); // the job's pause between batches
  }
  deleting = false;
  const deleteSeconds = (performance.now() - deleteStart) / 1000;
  const wDel = await writesWhileDeleting;
  const [del50, del95] = deleteSamples.percentiles(50, 95);
  const perDay = scale.vehicles * POINTS_PER_TRIP;

  const perPosition = sizeB.positionRows ? sizeB.positions / sizeB.positionRows : 0;
  const perTrace = sizeB.traceRows ? sizeB.traces / sizeB.traceRows : 0;
  const summary: Row[] = [
    {
      medición: `escritura a ${thousands(needed200)} posiciones/s (${scale.vehicles} vehículos cada 5 s)`,
      valor: `${thousands(w200.rate)}/s logradas; lote p50/p95 ${ms(w200.p50)} / ${ms(w200.p95)} ms`,
    },
    {
      medición: `escritura a ${thousands(needed10k)} posiciones/s (${thousands(active.length)} vehículos)`,
      valor: `${thousands(w10k.rate)}/s logradas; lote p50/p95 ${ms(w10k.p50)} / ${ms(w10k.p95)} ms`,
    },
    {
      medición: "capacidad de escritura (lotes de 500 seguidos)",
      valor: `${thousands(wMax.rate)}/s = ${(wMax.rate / needed10k).toFixed(1)}× lo necesario a 10.000 vehículos; lote p95 ${ms(wMax.p95)} ms`,
    },
    {
      medición: "compactación de un viaje de 2.880 posiciones (tras confirmar el End)",
      valor: `p50/p95 ${ms(compactP50 ?? 0)} / ${ms(compactP95 ?? 0)} ms`,
    },
    {
      medición: "retención: borrado por lotes de ~20.000 posiciones",
      valor: `${thousands(deletedRows / (deleteBusyMs / 1000))} filas/s borrando (${thousands(deletedRows / deleteSeconds)}/s con las pausas de 100 ms); lote p50/p95 ${ms(del50 ?? 0)} / ${ms(del95 ?? 0)} ms; un día de ${scale.vehicles} vehículos (${thousands(perDay)}) ≈ ${ms(perDay / (deletedRows / deleteSeconds))} s`,
    },
    {
      medición: `escritura a ${thousands(needed10k)}/s mientras se borra`,
      valor: `${thousands(wDel.rate)}/s logradas; lote p50/p95 ${ms(wDel.p50)} / ${ms(wDel.p95)} ms (sin borrar: ${ms(w10k.p95)} ms)`,
    },
    {
      medición: "traza y km: desde trip_traces / desde las posiciones (p95)",
      valor: sheetTrace && sheetRaw ? `${(sheetTrace[1] / sheetRaw[1]).toFixed(2)}×` : "",
    },
    {
      medición: "última posición por ruta en curso: desde trip_positions / desde intermediate_routes (p95)",
      valor: mapLast && mapRaw ? `${(mapRaw[1] / mapLast[1]).toFixed(2)}×` : "",
    },
    {
      medición: "tamaño de trip_positions (con índices)",
      valor: `${mb(sizeB.positions)} para ${thousands(sizeB.positionRows)} filas = ${perPosition.toFixed(0)} B/posición → un año a ${scale.vehicles} vehículos (${thousands(perDay * 365)}) ≈ ${mb(perPosition * perDay * 365)}; 90 días ≈ ${mb(perPosition * perDay * 90)}`,
    },
    {
      medición: "tamaño de trip_traces",
      valor: `${mb(sizeB.traces)} para ${thousands(sizeB.traceRows)} trazas = ${thousands(perTrace)} B/viaje → un año ≈ ${mb(perTrace * scale.vehicles * 365)}`,
    },
  ];
  return { reads: out, summary };
}

async function main() {
  const seconds = Number(env.BENCH_POSITIONS_SECONDS ?? 8);
  const reads = Number(env.BENCH_POSITIONS_READS ?? 40);
  const vehicles = Number(env.BENCH_POSITIONS_VEHICLES ?? 200);
  const active = Number(env.BENCH_POSITIONS_ACTIVE ?? 10_000);
  const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const url = new URL("/treiber_bench_positions", base);
  console.log("Posiciones GPS: un año de una flota (issue 14, punto 2; docs/decisions/0033)");
  console.log(
    `carga de la máquina al empezar: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (${availableParallelism()} núcleos)\n`,
  );

  await recreateDatabase(url);
  const pgDatabase = await openDatabase({ url: url.toString() });
  const pgResult = await runOn(
    "PostgreSQL",
    pgDatabase,
    {
      vehicles,
      active,
      rawDays: Number(env.BENCH_POSITIONS_RAW_DAYS ?? 8),
      traceDays: Number(env.BENCH_POSITIONS_TRACE_DAYS ?? 365),
    },
    { seconds, reads },
  );
  await pgDatabase.close();
  console.log("PostgreSQL: lecturas");
  console.table(pgResult.reads);
  console.log("PostgreSQL: escritura, compactación, retención, tamaños");
  console.table(pgResult.summary);

  if (env.BENCH_POSITIONS_PGLITE !== "0") {
    const dir = mkdtempSync(join(tmpdir(), "treiber-bench-positions-"));
    try {
      const pglite = await openDatabase({ dataDir: join(dir, "pglite") });
      await pglite.migrate();
      const liteResult = await runOn(
        "PGlite",
        pglite,
        {
          vehicles,
          active,
          rawDays: Number(env.BENCH_POSITIONS_PGLITE_RAW_DAYS ?? 2),
          traceDays: Number(env.BENCH_POSITIONS_PGLITE_TRACE_DAYS ?? 60),
        },
        { seconds, reads },
      );
      await pglite.close();
      console.log("PGlite (base embebida): lecturas");
      console.table(liteResult.reads);
      console.log("PGlite (base embebida): escritura, compactación, retención, tamaños");
      console.table(liteResult.summary);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main()
  .then(() =>
    console.log(
      `carga de la máquina al terminar: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    ),
  )
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
