/**
 * `npm run bench:embedded` (also the last part of `npm run bench`): every report, cut and statistic
 * call of the PostgreSQL reports bench, for a month and for a year, on the embedded PGlite (a data
 * folder, as `DATA_DIR` uses it) next to the same on PostgreSQL, both holding the same generated
 * year (BENCH_SCALE, default `mid`: 600 collaborators, 40 routes, ~29.5k trips, ~575k services).
 * The calls alternate between both servers, so both see the same machine load; the table prints
 * each one's p50/p95 and the ratio PGlite/PostgreSQL of the p95s, then the data folder's size and
 * its largest relations. Nothing here asserts a time.
 *
 * BENCH_PGLITE_DIR (default /tmp/treiber-bench-pglite) and the PostgreSQL database
 * `treiber_bench_<scale>` beside BENCH_DATABASE_URL's are rebuilt unless BENCH_KEEP=1 and they
 * already hold the data. BENCH_REPORT_ITERATIONS (month, default 20; the year runs a fifth of it),
 * BENCH_REPORT_CALLS=Employee/services (only the calls whose path contains one of those parts).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { hashPassword } from "../../apps/api/src/modules/auth/passwords.js";
import { createBenchClient } from "../http-client.js";
import { percentile } from "../lib/percentile.js";
import { startBenchApp } from "./bench-app.js";
import { callPath, prepareCuts, type ReportCall, reportCalls, selectedCalls } from "./run-reports.js";
import { expectedTrips, type ReportingScale, reportingScale, seedReportingData } from "./seed-reporting.js";

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

type Target = {
  label: string;
  database: Database;
  client: ReturnType<typeof createBenchClient>;
  calls: ReportCall[];
  close(): Promise<void>;
};

const count = async (database: Database, table: string) =>
  Number((await database.db.$client.query(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);

/** Seeds (when empty) and serves one database; returns its signed-in client and its calls. */
async function openTarget(
  label: string,
  open: (fresh: boolean) => Promise<Database>,
  scale: ReportingScale,
  iterations: number,
): Promise<Target> {
  let database = await open(process.env.BENCH_KEEP !== "1");
  await database.migrate();
  if ((await count(database, "intermediate_routes")) < expectedTrips(scale) * 0.9) {
    await database.close();
    database = await open(true);
    await database.migrate();
    const started = performance.now();
    await seedReportingData(database.db, await hashPassword("Bench12345"), scale);
    console.log(`${label}: datos sembrados en ${Math.round(performance.now() - started)} ms`);
  }
  const { app, server, headers } = await startBenchApp(database);
  const cuts = await prepareCuts(database, server, headers);
  return {
    label,
    database,
    client: createBenchClient(server, headers),
    calls: reportCalls({ ...cuts, iterations }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function runEmbeddedBench() {
  const scale = reportingScale("mid");
  const iterations = Number(process.env.BENCH_REPORT_ITERATIONS ?? 20);
  const dataDir = process.env.BENCH_PGLITE_DIR ?? "/tmp/treiber-bench-pglite";
  const base = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const dbName = `treiber_bench_${scale.name}`;
  const url = new URL(base);
  url.pathname = `/${dbName}`;

  console.log(
    `\nBase embebida (PGlite) junto a PostgreSQL, escala ${scale.name}: ${scale.collaborators} colaboradores, ${scale.routes} rutas, ${scale.drivers} choferes, un año`,
  );
  const embedded = await openTarget(
    "PGlite",
    async (fresh) => {
      if (fresh) rmSync(dataDir, { recursive: true, force: true });
      return openDatabase({ dataDir });
    },
    scale,
    iterations,
  );
  const postgres = await openTarget(
    "PostgreSQL",
    async (fresh) => {
      const admin = new pg.Client({ connectionString: new URL("/postgres", base).toString() });
      await admin.connect();
      const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rowCount;
      if (fresh || !exists) {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.query(`create database ${dbName}`);
      }
      await admin.end();
      return openDatabase({ url: url.toString() });
    },
    scale,
    iterations,
  );
  for (const target of [embedded, postgres]) {
    console.log(
      `${target.label}: ${await count(target.database, "employees")} colaboradores, ${await count(target.database, "intermediate_routes")} viajes, ${await count(target.database, "transport_services")} servicios`,
    );
  }

  const yearIterations = Math.max(3, Math.round(iterations / 5));
  console.log(
    `\nTiempos de la API en ms (mes: ${iterations} iteraciones, año y corte entero: ${yearIterations}); carga media (1 min) al empezar ${loadavg()[0]?.toFixed(1)}\n`,
  );
  console.log("llamada".padEnd(48), "rango  PGlite p50  PGlite p95  PG p50  PG p95  PGlite/PG p95");
  const worst = { pglite: 0, pg: 0 };
  const embeddedCalls = selectedCalls(embedded.calls);
  const postgresCalls = selectedCalls(postgres.calls);
  for (const [i, entry] of embeddedCalls.entries()) {
    const other = postgresCalls[i];
    if (!other) continue;
    const [call, label, , n] = entry;
    const paths = [callPath(entry), callPath(other)] as const;
    const probes = await Promise.all([embedded.client.get(paths[0]), postgres.client.get(paths[1])]);
    if (probes.some((probe) => probe.status !== 200)) {
      console.log(call.padEnd(48), label.padEnd(5), `omitida: HTTP ${probes.map((p) => p.status).join("/")}`);
      continue;
    }
    const times: [number[], number[]] = [[], []];
    for (let k = 0; k < n; k++) {
      // Alternated (and the first one swapped each round) so both see the same machine load.
      for (const side of k % 2 ? [1, 0] : [0, 1]) {
        const client = side === 0 ? embedded.client : postgres.client;
        const t = performance.now();
        await client.get(paths[side] as string);
        times[side]?.push(performance.now() - t);
      }
    }
    const [a, b] = times;
    if (label === "año" || label === "corte") {
      worst.pglite = Math.max(worst.pglite, percentile(a, 95));
      worst.pg = Math.max(worst.pg, percentile(b, 95));
    }
    console.log(
      call.replace(/\?.*$/, "").padEnd(48),
      label.padEnd(5),
      percentile(a, 50).toFixed(1).padStart(10),
      percentile(a, 95).toFixed(1).padStart(11),
      percentile(b, 50).toFixed(1).padStart(7),
      percentile(b, 95).toFixed(1).padStart(7),
      (percentile(a, 95) / Math.max(percentile(b, 95), 0.001)).toFixed(2).padStart(14),
    );
  }
  console.log(
    `\np95 más alto de un año o un corte entero: PGlite ${worst.pglite.toFixed(1)} ms, PostgreSQL ${worst.pg.toFixed(1)} ms; carga media al terminar ${loadavg()[0]?.toFixed(1)}`,
  );

  embedded.client.close();
  postgres.client.close();
  // The folder's size as the app leaves it: the relations' sizes are read before closing, the
  // folder after (PGlite writes its files on close).
  const relations = await embedded.database.db.$client.query(
    `select c.relname as name, c.relkind as kind, pg_relation_size(c.oid)::bigint as bytes
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'i') order by 3 desc limit 12`,
  );
  const pgSize = await postgres.database.db.$client.query(
    "select pg_database_size(current_database()) as bytes",
  );
  await embedded.close();
  await postgres.close();
  const folder = Number(execFileSync("du", ["-sb", dataDir]).toString().split("\t")[0]);
  console.log(
    `\nCarpeta de datos de PGlite (${dataDir}): ${mb(folder)}; la misma base en PostgreSQL: ${mb(Number(pgSize.rows[0]?.bytes))}`,
  );
  console.log("relaciones más grandes (PGlite):");
  for (const row of relations.rows) {
    console.log(
      `  ${String(row.name).padEnd(52)} ${row.kind === "i" ? "índice" : "tabla "} ${mb(Number(row.bytes)).padStart(7)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runEmbeddedBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
