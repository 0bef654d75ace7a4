/**
 * `npm run bench`: list and search calls on a large data set in PostgreSQL, each timed through
 * real HTTP next to the very same SQL statements run alone (captured from the request), with
 * the query plans. Ratios are measured side by side in one run; nothing here asserts a time.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/treiber_bench) is dropped and
 * recreated unless BENCH_KEEP=1 and it already holds the data. Then the reports bench (big scale,
 * BENCH_REPORTS=0 skips it) and the embedded one (PGlite next to PostgreSQL at the mid scale,
 * BENCH_EMBEDDED=0 skips it).
 */
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { API, apiPath } from "@treiber/contract/api-paths";
import pg from "pg";
import { buildApp } from "../apps/api/src/app.js";
import { loadConfig } from "../apps/api/src/config.js";
import { openDatabase } from "../apps/api/src/db/client.js";
import { createSuperAdmin } from "../apps/api/src/modules/auth/create-super-admin.js";
import { hashPassword } from "../apps/api/src/modules/auth/passwords.js";
import { createBenchClient } from "./http-client.js";
import { percentile } from "./lib/percentile.js";
import { runEmbeddedBench } from "./reports/run-embedded.js";
import { runReportsBench } from "./reports/run-reports.js";
import { seedMasterData } from "./seed-master-data.js";

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const dbName = url.pathname.slice(1);

async function resetDatabase() {
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
}

let capturing = false;
const captured: { query: string; params: unknown[] }[] = [];
const logger = {
  logQuery: (query: string, params: unknown[]) => capturing && captured.push({ query, params }),
};

async function main() {
  if (process.env.BENCH_KEEP !== "1") await resetDatabase();
  const database = await openDatabase({ url: url.toString(), logger });
  await database.migrate();
  const sqlClient = new pg.Client({
    connectionString: url.toString(),
    // The app's session setting (DATABASE_PARALLEL_WORKERS, default 0), so plans match the API's.
    options: "-c max_parallel_workers_per_gather=0",
  });
  await sqlClient.connect();
  const { rows } = await sqlClient.query("select count(*)::int as n from employees");
  if ((rows[0]?.n ?? 0) < 50_000) {
    const started = performance.now();
    await seedMasterData(database.db, await hashPassword("Bench12345"));
    console.log(`datos sembrados en ${Math.round(performance.now() - started)} ms`);
  }
  await createSuperAdmin(database.db, { email: "bench.admin@treiber.app", password: "Bench12345" });

  const config = loadConfig({
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
    LOG_LEVEL: "silent",
    DATA_DIR: "/tmp/treiber-bench",
  });
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const signIn = await fetch(`${base}/api/v1/Auth/SignIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench.admin@treiber.app", password: "Bench12345" }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, gmt: "4" };
  const client = createBenchClient(base, headers);

  const calls = (process.env.BENCH_CALLS ?? DEFAULT_CALLS.join(",")).split(",");
  // The machine's load skews every number; print it so runs can be compared honestly.
  const load = () => loadavg()[0]?.toFixed(1);
  console.log(`\n${iterations} iteraciones por llamada; tiempos en ms`);
  console.log(`máquina: ${availableParallelism()} núcleos, carga media (1 min) al empezar ${load()}\n`);
  console.log("llamada".padEnd(62), "API p50  API p95  SQL p50  SQL p95  API/SQL p95  filas");
  const plans: string[] = [];
  for (const path of calls) {
    captured.length = 0;
    capturing = true;
    const probe = await client.get(path);
    capturing = false;
    if (probe.status !== 200) {
      console.log(path.padEnd(62), `omitida: HTTP ${probe.status}`);
      continue;
    }
    const body = JSON.parse(probe.body.toString()) as { amount?: number; list?: unknown[] } | unknown[];
    const statements = [...captured];
    const api: number[] = [];
    const sqlTimes: number[] = [];
    for (let i = 0; i < iterations; i++) {
      // Interleaved so both see the same machine load.
      let t = performance.now();
      await client.get(path);
      api.push(performance.now() - t);
      t = performance.now();
      for (const statement of statements) await sqlClient.query(statement.query, statement.params);
      sqlTimes.push(performance.now() - t);
    }
    const rowsOut = Array.isArray(body) ? body.length : (body.list?.length ?? 0);
    const ratio = statements.length ? (percentile(api, 95) / percentile(sqlTimes, 95)).toFixed(2) : "sin SQL";
    console.log(
      path.padEnd(62),
      [percentile(api, 50), percentile(api, 95), percentile(sqlTimes, 50), percentile(sqlTimes, 95)]
        .map((v) => v.toFixed(2).padStart(7))
        .join("  "),
      ratio.padStart(11),
      String(rowsOut).padStart(6),
    );
    for (const statement of statements) {
      const plan = await sqlClient.query(`explain ${statement.query}`, statement.params);
      const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      const seqScans = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]);
      plans.push(
        `-- ${path}\n${statement.query}\n${text}\n${seqScans.length ? `scans secuenciales: ${seqScans.join(", ")}` : "sin scans secuenciales"}\n`,
      );
    }
  }
  console.log(`\ncarga media (1 min) al terminar ${load()}`);
  if (process.env.BENCH_PLANS !== "0") console.log(`\nPlanes\n\n${plans.join("\n")}`);
  client.close();
  await app.close();
  await sqlClient.end();
  await database.close();
  if (process.env.BENCH_REPORTS !== "0") await runReportsBench({ baseUrl: url.toString() });
  if (process.env.BENCH_EMBEDDED !== "0") await runEmbeddedBench();
}

const DEFAULT_CALLS = [
  // The floor: routing, token check and serialization with no SQL at all.
  apiPath(API.auth.roles),
  `${apiPath(API.employee.list)}?amount=10&skip=1`,
  `${apiPath(API.employee.list)}?amount=10&skip=250`,
  `${apiPath(API.employee.list)}?amount=10&skip=1&criterion=yokasta`,
  `${apiPath(API.employee.list)}?amount=10&skip=1&criterion=B-4242`,
  `${apiPath(API.employee.list)}?amount=10&skip=1&sinceDate=01/01/2026&untilDate=01/31/2026`,
  `${apiPath(API.employee.searchCollaborators)}?criterion=martinez`,
  `${apiPath(API.driver.list)}?amount=10&skip=1`,
  `${apiPath(API.driver.list)}?amount=10&skip=1&criterion=0420000420`,
  `${apiPath(API.user.list)}?amount=10&skip=1&criterion=colaborador4242`,
  `${apiPath(API.route.list)}?amount=10&skip=1`,
  `${apiPath(API.route.list)}?amount=10&skip=1&criterion=naco`,
  apiPath(API.route.listName),
  `${apiPath(API.supplier.list)}?amount=10&skip=1`,
  `${apiPath(API.branchOffice.list)}?amount=10&skip=1`,
  `${apiPath(API.destination.list)}?amount=10&skip=1`,
];

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
