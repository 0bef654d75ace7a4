import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import type { ComplianceQuery } from "@treiber/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { drivers } from "../../apps/api/src/db/schema.js";
import { branchOfficeTime } from "../../apps/api/src/lib/branch-office-time.js";
import { createMailer } from "../../apps/api/src/mail/mailer.js";
import { compliance } from "../../apps/api/src/modules/documents/compliance.js";
import {
  driverBlock,
  driverClearance,
} from "../../apps/api/src/modules/documents/driver-clearance-repository.js";
import { createExpiryDigest } from "../../apps/api/src/modules/documents/expiry-digest.js";
import { lockDriverForStart } from "../../apps/api/src/modules/intermediate-routes/trip-lifecycle-repository.js";
import { recreateDatabase } from "../hub/seed.js";
import { percentile } from "../lib/percentile.js";
import { onTemporaryPglite } from "../lib/temporary-pglite.js";
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

/** One result; `limit` (in `unit`, against the p95) is the goal, absent for a yardstick. */
type Measure = { name: string; limit?: number; p50: number; p95: number; unit: "ms" | "s" };

const goalOf = (m: Pick<Measure, "limit" | "unit">) =>
  m.limit === undefined ? "–" : `< ${number(m.limit)} ${m.unit}`;
const meets = (m: Measure) => m.limit === undefined || m.p95 < m.limit;

const spread = (samples: number[]) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95) });

/**
 * `runs` pairs of calls, `bare(i)` then `checked(i)`, after 20 warm-up pairs: p50 and p95 (ms) of
 * each, and of what `checked` adds over `bare` in each pair (both under the same moment's load).
 */
async function pairs(
  runs: number,
  bare: (i: number) => Promise<unknown>,
  checked: (i: number) => Promise<unknown>,
) {
  const time = async (task: () => Promise<unknown>) => {
    const start = performance.now();
    await task();
    return performance.now() - start;
  };
  for (let i = 0; i < 20; i++) {
    await bare(i);
    await checked(i);
  }
  const bareSamples: number[] = [];
  const checkedSamples: number[] = [];
  const added: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = await time(() => bare(i));
    const after = await time(() => checked(i));
    bareSamples.push(before);
    checkedSamples.push(after);
    added.push(after - before);
  }
  return { bare: spread(bareSamples), checked: spread(checkedSamples), added: spread(added) };
}

/** p50 and p95 (ms) of `runs` calls of `task(i)`, after 20 warm-up calls. */
async function timed(runs: number, task: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await task(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task(i);
    samples.push(performance.now() - start);
  }
  return spread(samples);
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
  const add = async (name: string, limit: number | undefined, task: (i: number) => Promise<unknown>) => {
    const { p50, p95 } = await timed(RUNS, task);
    measures.push({ name, p50, p95, unit: "ms", ...(limit !== undefined && { limit }) });
    progress(`${name}: p50 ${number(p50, 2)} ms, p95 ${number(p95, 2)} ms`);
  };
  const all = await compliance(db, time, page, null);
  // What one round trip costs on this machine right now: the yardstick for the rows below.
  await add("Referencia: `select 1`", undefined, () => db.execute(sql`select 1`));
  await add("Cumplimiento, administrador: primera página de todos", 100, () =>
    compliance(db, time, page, null),
  );
  await add("Cumplimiento, un suplidor (su portal)", 100, (i) => compliance(db, time, page, supplierOf(i)));
  await add("Cumplimiento, administrador: vencidos de un suplidor", 100, (i) =>
    compliance(db, time, { ...page, supplierId: supplierOf(i), status: "EXPIRED" }, null),
  );
  await add("Cumplimiento, administrador: agrupado por suplidor", 100, () =>
    compliance(db, time, { ...page, groupBy: "supplier" }, null),
  );
  // The Start locks its driver and reads the papers in that one statement (`lockDriverForStart`):
  // what the check adds is that statement against the bare lock (paid before issue 37), pair by pair.
  const lock = (driverId: number) =>
    db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId)).for("update");
  const startCheck = await pairs(
    RUNS,
    (i) => lock(driverOf(i)),
    (i) => lockDriverForStart(db, driverOf(i)),
  );
  const startMeasures: [string, number | undefined, { p50: number; p95: number }][] = [
    ["Start: candado del chofer solo (antes del issue 37)", undefined, startCheck.bare],
    ["Start: candado del chofer con sus papeles (lo que corre hoy)", undefined, startCheck.checked],
    ["Start: lo que agrega la verificación (diferencia por par)", 2, startCheck.added],
  ];
  for (const [name, limit, { p50, p95 }] of startMeasures) {
    measures.push({ name, p50, p95, unit: "ms", ...(limit !== undefined && { limit }) });
    progress(`${name}: p50 ${number(p50, 2)} ms, p95 ${number(p95, 2)} ms`);
  }
  await add("Verificación sola, en una consulta aparte (`driverBlock`)", undefined, (i) =>
    driverBlock(db, driverOf(i), TODAY),
  );
  await add("Planificación: choferes bloqueados de toda la empresa (loadScene)", undefined, () =>
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
    limit: 30,
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
  return onTemporaryPglite("documents", measure);
}

async function main() {
  const loadStart = load();
  const results: { engine: string; measures: Measure[]; facts: string }[] = [];
  for (const engine of ENGINES) {
    const name = engine === "postgres" ? "PostgreSQL" : "PGlite";
    progress(`— ${name}`);
    results.push({ engine: name, ...(await onEngine(engine as string)) });
  }
  const verdict = (m: Measure) => (m.limit === undefined ? "" : meets(m) ? " · cumple" : " · **NO cumple**");
  const show = (m: Measure | undefined) =>
    m === undefined
      ? "–"
      : (m.unit === "s" ? `${number(m.p95, 1)} s` : `${number(m.p50, 2)} / ${number(m.p95, 2)} ms`) +
        verdict(m);
  const head = ["Medida (p50 / p95)", "Meta (p95)", ...results.map((r) => r.engine)];
  const rows = (results[0]?.measures ?? []).map((m, i) => [
    m.name,
    goalOf(m),
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
  const missed = results.flatMap((r) =>
    r.measures.filter((m) => !meets(m)).map((m) => `${r.engine}: ${m.name}`),
  );
  console.log(
    missed.length === 0
      ? "\nMetas: todas se cumplen."
      : `\nMetas NO cumplidas (${missed.length}): ${missed.join("; ")}.`,
  );
  if (missed.length > 0) process.exitCode = 1;
  console.log(
    `\nCarga de la máquina (1 · 5 · 15 min, ${availableParallelism()} núcleos): al empezar ${loadStart}; al terminar ${load()}.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
