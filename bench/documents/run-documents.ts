/**
 * `npm run bench:documents` (issue 37): DOCUMENTS_SUPPLIERS suppliers (500), DOCUMENTS_DRIVERS drivers
 * (5,000) and DOCUMENTS_COUNT papers (20,000, seed-documents.ts), on PGlite and on PostgreSQL. Measures
 * «Cumplimiento» (`compliance`, as `GET Document/compliance` runs it: an admin's first page, one
 * supplier's, an admin filtering one supplier's expired papers), what the Start check adds (the
 * clearance query of one driver), the planner's clearance of every driver
 * (loadScene), and the daily digest for every supplier and admin (mails written to the outbox: no
 * SMTP). Prints a Markdown table; progress to stderr. Nothing here asserts a time.
 *
 * Env: DOCUMENTS_SUPPLIERS, DOCUMENTS_DRIVERS, DOCUMENTS_COUNT, DOCUMENTS_RUNS (200 per measure),
 * DOCUMENTS_DATABASE (both | pglite | postgres; PostgreSQL: a `treiber_bench_documents` database
 * beside BENCH_DATABASE_URL's, recreated each run).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { ComplianceQuery } from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { branchOfficeTime } from "../../apps/api/src/lib/branch-office-time.js";
import { createMailer } from "../../apps/api/src/mail/mailer.js";
import { compliance } from "../../apps/api/src/modules/documents/compliance.js";
import {
  driverBlock,
  driverClearance,
} from "../../apps/api/src/modules/documents/driver-clearance-repository.js";
import { createExpiryDigest } from "../../apps/api/src/modules/documents/expiry-digest.js";
import { recreateDatabase } from "../hub/seed.js";
import { percentile } from "../lib/percentile.js";
import { type DocumentCounts, seedDocuments } from "./seed-documents.js";

const env = process.env;
const COUNTS: DocumentCounts = {
  suppliers: Number(env.DOCUMENTS_SUPPLIERS ?? 500),
  drivers: Number(env.DOCUMENTS_DRIVERS ?? 5000),
  documents: Number(env.DOCUMENTS_COUNT ?? 20_000),
};
const RUNS = Number(env.DOCUMENTS_RUNS ?? 200);
const ENGINES =
  (env.DOCUMENTS_DATABASE ?? "both") === "both" ? ["pglite", "postgres"] : [env.DOCUMENTS_DATABASE];
/** The branch offices on UTC−4 (Santo Domingo). */
const time = branchOfficeTime(() => 240);
const TODAY = time.serviceDay(Date.now());

const number = (value: number, digits = 0) =>
  value.toLocaleString("de-DE", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const progress = (text: string) => process.stderr.write(`${text}\n`);
const load = () =>
  loadavg()
    .map((n) => number(n, 2))
    .join(" · ");

type Measure = { name: string; goal: string; p50: number; p95: number; unit: "ms" | "s" };

/** p50 and p95 (ms) of `runs` calls of `task(i)`, after 20 warm-up calls. */
async function timed(runs: number, task: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await task(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task(i);
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function measure(database: Database): Promise<{ measures: Measure[]; facts: string }> {
  const { db } = database;
  let start = performance.now();
  await seedDocuments(db, COUNTS, TODAY);
  progress(`datos sembrados en ${number((performance.now() - start) / 1000, 1)} s`);
  const ids = await db.execute(
    sql`select (select min(id) from suppliers) as s, (select min(id) from drivers) as d`,
  );
  const first = (ids as unknown as { rows: { s: number; d: number }[] }).rows[0] ?? { s: 1, d: 1 };
  const supplierOf = (i: number) => Number(first.s) + ((i * 37) % COUNTS.suppliers);
  const driverOf = (i: number) => Number(first.d) + ((i * 101) % COUNTS.drivers);
  const page: ComplianceQuery = { amount: 10, skip: 1, supplierId: undefined, blocking: undefined };
  const measures: Measure[] = [];
  const add = async (name: string, goal: string, task: (i: number) => Promise<unknown>) => {
    const { p50, p95 } = await timed(RUNS, task);
    measures.push({ name, goal, p50, p95, unit: "ms" });
    progress(`${name}: p50 ${number(p50, 2)} ms, p95 ${number(p95, 2)} ms`);
  };
  const all = await compliance(db, time, page, null);
  // What one round trip costs on this machine right now: the yardstick for the rows below.
  await add("Referencia: `select 1`", "–", () => db.execute(sql`select 1`));
  await add("Cumplimiento, administrador: primera página de todos", "< 100 ms", () =>
    compliance(db, time, page, null),
  );
  await add("Cumplimiento, un suplidor (su portal)", "< 100 ms", (i) =>
    compliance(db, time, page, supplierOf(i)),
  );
  await add("Cumplimiento, administrador: vencidos de un suplidor", "< 100 ms", (i) =>
    compliance(db, time, { ...page, supplierId: supplierOf(i), status: "EXPIRED" }, null),
  );
  // The Start already runs in a transaction: what it adds is this one query.
  await add("Start: lo que agrega la verificación (un chofer)", "< 2 ms", (i) =>
    driverBlock(db, driverOf(i), TODAY),
  );
  await add("Planificación: choferes bloqueados de toda la empresa (loadScene)", "–", () =>
    driverClearance(db, "all", TODAY),
  );
  const quiet = () => undefined;
  const log = { info: quiet, error: quiet, warn: quiet, debug: quiet } as unknown as FastifyBaseLogger;
  const mailer = createMailer({ db, from: "bench@treiber.app", log, logBodies: false });
  const digest = createExpiryDigest({ db, mailer, time });
  start = performance.now();
  const result = await digest.run(time.on("07:00", time.localDay(Date.now())));
  const seconds = (performance.now() - start) / 1000;
  measures.push({
    name: "Resumen diario: todos los suplidores y administradores",
    goal: "< 30 s",
    p50: seconds,
    p95: seconds,
    unit: "s",
  });
  progress(`resumen: ${JSON.stringify(result)} en ${number(seconds, 1)} s`);
  const facts =
    `${number(all.expired)} vencidos y ${number(all.expiring)} por vencer vigentes, ` +
    `${number(all.blockedDrivers)} choferes bloqueados; el resumen: ${number(result?.mails ?? 0)} correos ` +
    `(${number(result?.suppliers ?? 0)} suplidores, ${number(result?.papers ?? 0)} documentos)`;
  return { measures, facts };
}

async function onEngine(engine: string) {
  if (engine === "postgres") {
    const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
    const url = new URL("/treiber_bench_documents", base);
    await recreateDatabase(url);
    const pg = await openDatabase({ url: url.toString() });
    try {
      return await measure(pg);
    } finally {
      await pg.close();
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "treiber-bench-documents-"));
  try {
    const lite = await openDatabase({ dataDir: join(dir, "pglite") });
    await lite.migrate();
    try {
      return await measure(lite);
    } finally {
      await lite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const loadStart = load();
  const results: { engine: string; measures: Measure[]; facts: string }[] = [];
  for (const engine of ENGINES) {
    const name = engine === "postgres" ? "PostgreSQL" : "PGlite";
    progress(`— ${name}`);
    results.push({ engine: name, ...(await onEngine(engine as string)) });
  }
  const show = (m: Measure | undefined) =>
    m === undefined
      ? "–"
      : m.unit === "s"
        ? `${number(m.p95, 1)} s`
        : `${number(m.p50, 2)} / ${number(m.p95, 2)} ms`;
  const head = ["Medida (p50 / p95)", "Meta", ...results.map((r) => r.engine)];
  const rows = (results[0]?.measures ?? []).map((m, i) => [
    m.name,
    m.goal,
    ...results.map((r) => show(r.measures[i])),
  ]);
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  console.log(
    `### Documentos: ${number(COUNTS.suppliers)} suplidores, ${number(COUNTS.drivers)} choferes, ${number(COUNTS.documents)} documentos\n`,
  );
  console.log(`\`npm run bench:documents\` (${RUNS} llamadas por medida, hoy ${TODAY} en UTC−4)\n`);
  console.log([line(head), line(head.map((_, i) => (i < 2 ? "---" : "---:"))), ...rows.map(line)].join("\n"));
  console.log("");
  for (const r of results) console.log(`- ${r.engine}: ${r.facts}`);
  console.log(
    `\nCarga de la máquina (1 · 5 · 15 min, ${availableParallelism()} núcleos): al empezar ${loadStart}; al terminar ${load()}.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
