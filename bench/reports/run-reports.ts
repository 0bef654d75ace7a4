/**
 * Reports, cuts and statistics on one year of operations in PostgreSQL (database
 * `treiber_bench_reports` beside BENCH_DATABASE_URL's; BENCH_SCALE=mid seeds a mid-size company
 * in `treiber_bench_mid` instead, see seed-reporting.ts): the time to generate a cut of a month and
 * of the next 250 days; p50/p95 of each call for a 1-month and a 1-year range (and of the cut
 * reports by cutId, read from the frozen cut rows) next to its SQL alone (the same statements, captured from the request), the plans
 * of the month's statements, and an Excel export of ~100k rows (time and peak RSS growth) next to
 * exceljs's bare streaming writer fed the same rows. Nothing here asserts a time.
 *
 * BENCH_REPORT_ITERATIONS (month, default 30; the year runs a fifth of it), BENCH_KEEP=1 reuses
 * the data, BENCH_PLANS=0 hides the plans (=year adds the year's), BENCH_REPORT_CALLS=0 runs only the Excel export and
 * BENCH_REPORT_CALLS=Employee/report,Cut only the calls whose path contains one of those parts;
 * BENCH_EXCEL=0 skips the Excel export.
 */
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { API, apiPath } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { hashPassword } from "../../apps/api/src/modules/auth/passwords.js";
import { cutHeadboard } from "../../apps/api/src/modules/cuts/cut-reports-sql.js";
import { reportBatches } from "../../apps/api/src/modules/reports/report-runner.js";
import { createBenchClient } from "../http-client.js";
import { percentile } from "../lib/percentile.js";
import { startBenchApp } from "./bench-app.js";
import { expectedTrips, reportingScale, seedReportingData } from "./seed-reporting.js";

const DAY = 86_400_000;
// A full collection before each export's baseline, so garbage left by the previous writer does not
// count for (or against) the next one.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
const pad = (n: number) => String(n).padStart(2, "0");
const apiDate = (t: number) => {
  const d = new Date(t);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
};
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);

/** A timed call: path, range label (mes, año, c.mes, corte, -), its query and iterations. */
export type ReportCall = [path: string, label: string, query: string, n: number];

/**
 * Cut generation, as the finance team does it: a first month, then the next 250 days (about
 * 100k trips at the big scale) in one cut — used by the cut lists and the big export. Cuts tile
 * time, so each starts where the last ended; a database that already has both reuses them.
 */
export async function prepareCuts(database: Database, server: string, headers: Record<string, string>) {
  const query = (text: string) => database.db.$client.query(text);
  const { rows: bounds } = await query(
    "select min(ended_at) as first, max(ended_at) as last from intermediate_routes where status = 'Finished'",
  );
  const first = new Date(bounds[0].first).getTime();
  const last = new Date(bounds[0].last).getTime();
  const cutIso = (t: number) => `${new Date(t).toISOString().slice(0, 19)}Z`;
  const cutStart = Math.floor((first - DAY) / 1000) * 1000;
  const existingCuts = (await query("select id from cuts order by until_at")).rows.map((row) =>
    Number(row.id),
  );
  let monthCutId = existingCuts[0] ?? 0;
  let cutId = existingCuts[1] ?? 0;
  if (!cutId) {
    const makeCut = async (label: string, since: number, until: number) => {
      const started = performance.now();
      const response = await fetch(`${server}/api/v1/Cut`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ sinceDate: cutIso(since), untilDate: cutIso(until) }),
      });
      const elapsed = performance.now() - started;
      const body = (await response.json()) as { id: number; trips: number; message?: string };
      if (response.status !== 201) throw new Error(`corte ${label}: HTTP ${response.status} ${body.message}`);
      console.log(
        `generar corte (${label}, ${database.kind}): ${body.trips} viajes en ${elapsed.toFixed(0)} ms`,
      );
      return body.id;
    };
    monthCutId = await makeCut("un mes", cutStart, cutStart + 30 * DAY);
    cutId = await makeCut("250 días", cutStart + 30 * DAY, cutStart + 280 * DAY);
  }
  // What autovacuum would have done on a live database (it is off on the bench server and PGlite):
  // after the cuts rewrote ~113k trips, and after a migration that added or filled tables.
  await query("vacuum analyze");
  return { monthCutId, cutId, first, last };
}

/**
 * Every report, cut and statistic call, for a month and for the year (the cut reports also by
 * cutId); the year and whole-cut calls run a fifth of `iterations` (at least 3).
 */
export function reportCalls(options: {
  first: number;
  last: number;
  monthCutId: number;
  cutId: number;
  iterations: number;
}): ReportCall[] {
  const { first, last, monthCutId, cutId, iterations } = options;
  const month = `sinceDate=${apiDate(last - 29 * DAY)}&untilDate=${apiDate(last)}`;
  const year = `sinceDate=${apiDate(first)}&untilDate=${apiDate(last)}`;
  const cutMonth = `sinceDate=${apiDate(first + 200 * DAY)}&untilDate=${apiDate(first + 229 * DAY)}`;
  const yearIterations = Math.max(3, Math.round(iterations / 5));
  const calls: ReportCall[] = [];
  for (const path of [
    `${apiPath(API.route.report)}?amount=10&skip=1`,
    `${apiPath(API.driver.report)}?amount=10&skip=1`,
    `${apiPath(API.driver.reportRouteNotScheduled)}?amount=10&skip=1`,
    `${apiPath(API.employee.report)}?amount=10&skip=1`,
    `${apiPath(API.branchOffice.report)}?amount=10&skip=1`,
    `${apiPath(API.routeNotScheduled.report)}?amount=3&skip=1`,
    `${apiPath(API.supplier.serviceStats)}?`,
    `${apiPath(API.intermediateRoute.servicesStats)}?`,
    `${apiPath(API.employee.servicesStats)}?`,
  ]) {
    calls.push([path, "mes", month, iterations], [path, "año", year, yearIterations]);
  }
  for (const path of [
    `${apiPath(API.cut.general)}?amount=10&skip=1`,
    `${apiPath(API.cut.headboard)}?amount=10&skip=1`,
  ]) {
    calls.push(
      [path, "mes", cutMonth, iterations],
      [path, "c.mes", `cutId=${monthCutId}`, iterations],
      [path, "corte", `cutId=${cutId}`, yearIterations],
    );
  }
  calls.push(
    [`${apiPath(API.cut.list)}?amount=10&skip=1`, "-", "", iterations],
    [`${apiPath(API.cut.check)}?`, "-", "", iterations],
  );
  return calls;
}

/** The call's full path with its range. */
export const callPath = ([call, , range]: ReportCall) =>
  `${call}${call.endsWith("?") || !range ? "" : "&"}${range}`;

/** BENCH_REPORT_CALLS=0 (none) or a comma list of path parts to keep. */
export function selectedCalls(calls: ReportCall[]) {
  const only = process.env.BENCH_REPORT_CALLS?.split(",").filter(Boolean);
  return only?.[0] === "0"
    ? []
    : only
      ? calls.filter(([path]) => only.some((part) => path.includes(part)))
      : calls;
}

export async function runReportsBench(options: { baseUrl?: string } = {}) {
  const base = new URL(
    options.baseUrl ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench",
  );
  const iterations = Number(process.env.BENCH_REPORT_ITERATIONS ?? 30);
  const scale = reportingScale("big");
  // The big scale keeps its historical name; another scale shares the embedded bench's database.
  const dbName = scale.name === "big" ? "treiber_bench_reports" : `treiber_bench_${scale.name}`;
  const url = new URL(base);
  url.pathname = `/${dbName}`;

  const admin = new pg.Client({ connectionString: new URL("/postgres", base).toString() });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rowCount;
  if (process.env.BENCH_KEEP !== "1" || !exists) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
  }
  await admin.end();

  let capturing = false;
  const captured: { query: string; params: unknown[] }[] = [];
  const database = await openDatabase({
    url: url.toString(),
    logger: { logQuery: (query, params) => capturing && captured.push({ query, params }) },
  });
  await database.migrate();
  const sqlClient = new pg.Client({
    connectionString: url.toString(),
    // The app's session setting (DATABASE_PARALLEL_WORKERS, default 0), so plans match the API's.
    options: "-c max_parallel_workers_per_gather=0",
  });
  await sqlClient.connect();
  const count = async (table: string) =>
    Number((await sqlClient.query(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);
  if ((await count("intermediate_routes")) < expectedTrips(scale) * 0.9) {
    const started = performance.now();
    await seedReportingData(database.db, await hashPassword("Bench12345"), scale);
    console.log(`\nreportes: datos sembrados en ${Math.round(performance.now() - started)} ms`);
  }
  console.log(
    `\nReportes: ${await count("employees")} colaboradores, ${await count("drivers")} choferes, ${await count("routes")} rutas, ${await count("intermediate_routes")} viajes, ${await count("transport_services")} servicios`,
  );
  const { app, server, headers } = await startBenchApp(database);
  const client = createBenchClient(server, headers);

  const { monthCutId, cutId, first, last } = await prepareCuts(database, server, headers);
  const calls = reportCalls({ first, last, monthCutId, cutId, iterations });
  const yearIterations = Math.max(3, Math.round(iterations / 5));

  console.log(
    `\nReportes: tiempos en ms (mes: ${iterations} iteraciones, año y corte entero: ${yearIterations})\n`,
  );
  console.log("llamada".padEnd(48), "rango  API p50  API p95  SQL p50  SQL p95  API/SQL p95");
  const plans: string[] = [];
  for (const entry of selectedCalls(calls)) {
    const [call, label, , n] = entry;
    const path = callPath(entry);
    captured.length = 0;
    capturing = true;
    const probe = await client.get(path);
    capturing = false;
    if (probe.status !== 200) {
      console.log(call.padEnd(48), label.padEnd(5), `omitida: HTTP ${probe.status}`);
      continue;
    }
    const statements = [...captured];
    const api: number[] = [];
    const sqlTimes: number[] = [];
    for (let i = 0; i < n; i++) {
      // Interleaved so both see the same machine load.
      let t = performance.now();
      await client.get(path);
      api.push(performance.now() - t);
      t = performance.now();
      // The API runs its totals and page queries at the same time (two pool connections): so does this.
      await Promise.all(statements.map((s) => database.db.$client.query(s.query, s.params)));
      sqlTimes.push(performance.now() - t);
    }
    const ratio = percentile(api, 95) / Math.max(percentile(sqlTimes, 95), 0.001);
    console.log(
      call.replace(/\?.*$/, "").padEnd(48),
      label.padEnd(5),
      [percentile(api, 50), percentile(api, 95), percentile(sqlTimes, 50), percentile(sqlTimes, 95)]
        .map((v) => v.toFixed(1).padStart(7))
        .join("  "),
      ratio.toFixed(2).padStart(11),
    );
    if (label === "mes" || (label === "año" && process.env.BENCH_PLANS === "year")) {
      for (const statement of statements) {
        const plan = await sqlClient.query(`explain (analyze) ${statement.query}`, statement.params);
        const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
        const seqScans = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]);
        plans.push(
          `-- ${path}\n${text}\n${seqScans.length ? `scans secuenciales: ${[...new Set(seqScans)].join(", ")}` : "sin scans secuenciales"}\n`,
        );
      }
    }
  }
  if (process.env.BENCH_PLANS !== "0")
    console.log(
      `\nPlanes (reportes, rango de un mes${process.env.BENCH_PLANS === "year" ? " y de un año" : ""})\n\n${plans.join("\n")}`,
    );

  if (process.env.BENCH_EXCEL === "0") {
    client.close();
    await app.close();
    await sqlClient.end();
    await database.close();
    return;
  }

  // Excel: the cut's detail (~100k rows) through HTTP vs exceljs's bare streaming writer.
  const excelPath = `${apiPath(API.cut.headboardExcel)}?cutId=${cutId}`;
  const input = { cutId };
  const measure = async (run: () => Promise<number>) => {
    collectGarbage();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const rows = await run();
    const elapsed = performance.now() - started;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { elapsed, growth: peak - baseline, rows };
  };
  const viaApi = () =>
    measure(async () => {
      const response = await fetch(`${server}${excelPath}`, { headers });
      let bytes = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return bytes;
    });
  const bare = (styled: boolean) =>
    measure(async () => {
      let bytes = 0;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback();
        },
      });
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: sink,
        useStyles: styled,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet("Detalle del corte");
      if (styled) {
        // The same cell formats as the export (date-time, integers, money, ids), per column.
        const formats = [
          "dd/mm/yyyy h:mm:ss AM/PM",
          "",
          "",
          "",
          "",
          "#,##0",
          '"US$"#,##0.00',
          "#,##0.00",
          "#,##0",
          "#,##0",
          "0",
          "0",
        ];
        sheet.columns = formats.map((numFmt) => (numFmt ? { width: 12, style: { numFmt } } : { width: 20 }));
      }
      for await (const batch of reportBatches(database.db, cutHeadboard, input)) {
        for (const item of batch) {
          sheet
            .addRow([
              new Date(item.endedAt),
              item.routeName,
              item.kind,
              item.driverName,
              item.supplierName,
              item.collaborators,
              item.cost,
              item.km,
              item.minutesLate,
              item.manualBoardings,
              item.intermediateRouteId,
              item.cutId,
            ])
            .commit();
        }
      }
      sheet.commit();
      await workbook.commit();
      return bytes;
    });
  const exportRows = Number(
    (await sqlClient.query("select count(*)::int as n from cut_trips where cut_id = $1", [cutId])).rows[0]?.n,
  );
  console.log(`\nExcel: ${excelPath} (${exportRows} filas), dos rondas alternadas`);
  console.log("escritor".padEnd(40), "tiempo ms  RSS pico +MB  bytes");
  const results: { api: number[]; bare: number[]; plain: number[] } = { api: [], bare: [], plain: [] };
  const line = (label: string, r: { elapsed: number; growth: number; rows: number }) =>
    console.log(label.padEnd(40), r.elapsed.toFixed(0).padStart(9), mb(r.growth).padStart(12), r.rows);
  // Warm-up: one full export through each writer first (code loading, JIT, the heap and the
  // connection, zlib and socket buffers growing to their working size), so both rounds measure the
  // steady state of each writer rather than which one happened to run first in the process.
  await viaApi();
  await bare(true);
  for (let round = 0; round < 2; round++) {
    const a = await viaApi();
    const b = await bare(true);
    const c = await bare(false);
    results.api.push(a.elapsed);
    results.bare.push(b.elapsed);
    results.plain.push(c.elapsed);
    line("API (stream-sheet + HTTP)", a);
    line("exceljs WorkbookWriter, mismos formatos", b);
    line("exceljs WorkbookWriter, sin estilos", c);
  }
  const best = (values: number[]) => Math.min(...values);
  console.log(
    `razón de tiempo API/exceljs (mejor de dos): ${(best(results.api) / best(results.bare)).toFixed(2)} con los mismos formatos, ${(best(results.api) / best(results.plain)).toFixed(2)} sin estilos`,
  );

  client.close();
  await app.close();
  await sqlClient.end();
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runReportsBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
