/**
 * `npm run bench:import` (issue 24): a collaborators .xlsx uploaded through the real API — the dry
 * run, then the commit — next to the same rows written by plain batched INSERTs (users + employees,
 * 1,000 rows a statement, one transaction) in the same run, on the same database:
 * BENCH_IMPORT_ROWS (default 5,000) on the embedded PGlite, BENCH_IMPORT_PG_ROWS (default 50,000)
 * on PostgreSQL (a fresh database `treiber_bench_import` beside BENCH_DATABASE_URL's).
 * Memory: the process's peak RSS above its RSS before each call (the app runs in this process;
 * sampled every 10 ms and by the OS's max RSS). Nothing here asserts a time: the goals (dry run
 * < 5 s and commit < 15 s for 5,000 rows on PGlite, 50,000 on PostgreSQL < 60 s, memory < 150 MB)
 * are printed beside the measurements.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { IMPORT_FILE_FIELD, type ImportReport } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { branchOffices, employees, users } from "../../apps/api/src/db/schema.js";
import { startBenchApp } from "../reports/bench-app.js";
import { type CollaboratorRow, collaboratorRows, xlsxOf } from "./import-sheet.js";

const MB = 1_048_576;

/** Peak RSS growth (MB) while `work` runs. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(50);
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    return { value, seconds, peakMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

async function upload(server: string, headers: Record<string, string>, file: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append(
    IMPORT_FILE_FIELD,
    new Blob([new Uint8Array(file)], {
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }),
    "colaboradores.xlsx",
  );
  const response = await fetch(`${server}${apiPath(API.employee.import)}${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    headers,
    body: form,
  });
  const report = (await response.json()) as ImportReport & { message?: string };
  if (response.status !== 200) throw new Error(`import ${response.status}: ${report.message}`);
  return report;
}

/** The baseline: the same people written by plain batched INSERTs, no validation, no mail. */
async function plainInserts(database: Database, rows: CollaboratorRow[], officeId: number) {
  await database.db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 1000) {
      const batch = rows.slice(start, start + 1000);
      const ids = await tx
        .insert(users)
        .values(
          batch.map((row) => ({
            email: `plain.${row.email}`,
            passwordHash: "x",
            role: "Collaborator",
            mustChangePassword: true,
          })),
        )
        .returning({ id: users.id });
      await tx.insert(employees).values(
        batch.map((row, i) => ({
          userId: ids[i]?.id as number,
          codeEmployee: `plain-${row.codeEmployee}`,
          name: row.name,
          lastname: row.lastname,
          department: row.department,
          jobTitle: row.jobTitle,
          telephone: row.telephone,
          branchOfficeId: officeId,
          address: row.address,
          latitude: Number(row.latitude),
          longitude: Number(row.longitude),
          codeQr: randomUUID(),
        })),
      );
    }
  });
}

type Result = {
  label: string;
  rows: number;
  bytes: number;
  dryRun: { seconds: number; peakMb: number };
  commit: { seconds: number; peakMb: number };
  plain: { seconds: number };
};

async function runOn(label: string, database: Database, count: number): Promise<Result> {
  await database.migrate();
  const [office] = await database.db
    .insert(branchOffices)
    .values({ name: `Sede bench ${randomUUID().slice(0, 8)}`, address: "Av. Abraham Lincoln 1" })
    .returning({ id: branchOffices.id, name: branchOffices.name });
  if (!office) throw new Error("no branch office");
  const { app, server, headers } = await startBenchApp(database);
  const tag = `B${Date.now().toString(36)}`;
  const rows = collaboratorRows(count, tag, office.name);
  const file = await xlsxOf(rows);
  try {
    const dryRun = await measured(() => upload(server, headers, file, true));
    if (dryRun.value.invalid > 0 || dryRun.value.created !== count) {
      throw new Error(
        `${label}: the dry run found ${dryRun.value.invalid} invalid rows: ${JSON.stringify(dryRun.value.errors.slice(0, 3))}`,
      );
    }
    const commit = await measured(() => upload(server, headers, file, false));
    if (commit.value.created !== count)
      throw new Error(`${label}: created ${commit.value.created} of ${count}`);
    const plain = await measured(() => plainInserts(database, rows, office.id));
    return {
      label,
      rows: count,
      bytes: file.length,
      dryRun: { seconds: dryRun.seconds, peakMb: dryRun.peakMb },
      commit: { seconds: commit.seconds, peakMb: commit.peakMb },
      plain: { seconds: plain.seconds },
    };
  } finally {
    await app.close();
  }
}

async function freshPostgres(): Promise<Database> {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const admin = new pg.Client({ connectionString: new URL("/postgres", base).toString() });
  await admin.connect();
  await admin.query("drop database if exists treiber_bench_import with (force)");
  await admin.query("create database treiber_bench_import");
  await admin.end();
  return openDatabase({ url: new URL("/treiber_bench_import", base).toString() });
}

async function main() {
  const embeddedRows = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
  const postgresRows = Number(process.env.BENCH_IMPORT_PG_ROWS ?? 50_000);
  const results: Result[] = [];

  const dataDir = "/tmp/treiber-bench-import-pglite";
  rmSync(dataDir, { recursive: true, force: true });
  const embedded = await openDatabase({ dataDir });
  try {
    results.push(await runOn("PGlite", embedded, embeddedRows));
  } finally {
    await embedded.close();
  }
  if (postgresRows > 0) {
    const postgres = await freshPostgres();
    try {
      results.push(await runOn("PostgreSQL", postgres, postgresRows));
    } finally {
      await postgres.close();
    }
  }

  console.log(
    "\nbase        filas   archivo   simulacro (s)   importar (s)   INSERT simple (s)   importar/INSERT   memoria pico simulacro / importar (MB)",
  );
  for (const r of results) {
    console.log(
      r.label.padEnd(10),
      String(r.rows).padStart(7),
      `${(r.bytes / MB).toFixed(1)} MB`.padStart(9),
      r.dryRun.seconds.toFixed(2).padStart(15),
      r.commit.seconds.toFixed(2).padStart(14),
      r.plain.seconds.toFixed(2).padStart(19),
      `${(r.commit.seconds / Math.max(r.plain.seconds, 0.001)).toFixed(1)}×`.padStart(17),
      `${r.dryRun.peakMb.toFixed(0)} / ${r.commit.peakMb.toFixed(0)}`.padStart(16),
    );
  }
  console.log(
    `\nObjetivos: PGlite 5.000 filas simulacro < 5 s, importar < 15 s; PostgreSQL 50.000 filas < 60 s; memoria < 150 MB. Carga media ${loadavg()[0]?.toFixed(1)}.`,
  );
}

await main();
