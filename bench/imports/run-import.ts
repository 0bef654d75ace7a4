/**
 * `npm run bench:import` (issue 24): a collaborators .xlsx uploaded through the real API — the dry
 * run, then the commit — next to the same rows written by plain batched INSERTs (users + employees,
 * 1,000 rows a statement, one transaction) in the same run, on the same database:
 * BENCH_IMPORT_ROWS (default 5,000) on the embedded PGlite, BENCH_IMPORT_PG_ROWS (default 50,000)
 * on PostgreSQL (a fresh database `treiber_bench_import` beside BENCH_DATABASE_URL's).
 * The API runs built in its own process (as `npm start` runs it); memory is that process's peak RSS
 * above its RSS before each call, read from /proc every 10 ms. Nothing here asserts a time: the goals (dry run
 * < 5 s and commit < 15 s for 5,000 rows on PGlite, 50,000 on PostgreSQL < 60 s, memory < 150 MB)
 * are printed beside the measurements.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { IMPORT_FILE_FIELD, type ImportReport } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { branchOffices, employees, users } from "../../apps/api/src/db/schema.js";
import { signIn, startServer } from "./bench-server.js";
import { type CollaboratorRow, collaboratorRows, xlsxOf } from "./import-sheet.js";

const MB = 1_048_576;
const ADMIN = { email: "bench.import@treiber.app", password: "Bench12345" };

/** The API process's resident memory (MB), from /proc. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The server's peak RSS growth (MB) while `work` runs, sampled every 10 ms. */
async function measured<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; peakMb: number }> {
  await sleep(200);
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  const started = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssOf(pid));
    return { value, seconds, peakMb: peak - before };
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

/**
 * One database: a branch office, the API started on it, the dry run and the commit through HTTP,
 * then the API stopped and the baseline written by plain INSERTs on the same database.
 */
async function runOn(
  label: string,
  open: () => Promise<Database>,
  env: Record<string, string>,
  count: number,
): Promise<Result> {
  let database = await open();
  await database.migrate();
  const [office] = await database.db
    .insert(branchOffices)
    .values({ name: `Sede bench ${randomUUID().slice(0, 8)}`, address: "Av. Abraham Lincoln 1" })
    .returning({ id: branchOffices.id, name: branchOffices.name });
  if (!office) throw new Error("no branch office");
  await database.close();
  const tag = `B${Date.now().toString(36)}`;
  const rows = collaboratorRows(count, tag, office.name);
  const file = await xlsxOf(rows);
  const { child, server } = await startServer(env, ADMIN);
  let dryRun: Awaited<ReturnType<typeof measured<ImportReport>>>;
  let commit: Awaited<ReturnType<typeof measured<ImportReport>>>;
  try {
    const headers = await signIn(server, ADMIN);
    const pid = child.pid as number;
    dryRun = await measured(pid, () => upload(server, headers, file, true));
    if (dryRun.value.invalid > 0 || dryRun.value.created !== count) {
      throw new Error(
        `${label}: the dry run found ${dryRun.value.invalid} invalid rows: ${JSON.stringify(dryRun.value.errors.slice(0, 3))}`,
      );
    }
    commit = await measured(pid, () => upload(server, headers, file, false));
    if (commit.value.created !== count)
      throw new Error(`${label}: created ${commit.value.created} of ${count}`);
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  database = await open();
  try {
    const started = performance.now();
    await plainInserts(database, rows, office.id);
    return {
      label,
      rows: count,
      bytes: file.length,
      dryRun: { seconds: dryRun.seconds, peakMb: dryRun.peakMb },
      commit: { seconds: commit.seconds, peakMb: commit.peakMb },
      plain: { seconds: (performance.now() - started) / 1000 },
    };
  } finally {
    await database.close();
  }
}

async function freshPostgres(): Promise<string> {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const admin = new pg.Client({ connectionString: new URL("/postgres", base).toString() });
  await admin.connect();
  await admin.query("drop database if exists treiber_bench_import with (force)");
  await admin.query("create database treiber_bench_import");
  await admin.end();
  return new URL("/treiber_bench_import", base).toString();
}

async function main() {
  const embeddedRows = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
  const postgresRows = Number(process.env.BENCH_IMPORT_PG_ROWS ?? 50_000);
  const results: Result[] = [];

  const dataDir = "/tmp/treiber-bench-import-pglite";
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  results.push(
    await runOn(
      "PGlite",
      () => openDatabase({ dataDir: join(dataDir, "pglite") }),
      { DATA_DIR: dataDir },
      embeddedRows,
    ),
  );
  if (postgresRows > 0) {
    const url = await freshPostgres();
    results.push(
      await runOn(
        "PostgreSQL",
        () => openDatabase({ url }),
        {
          DATA_DIR: "/tmp/treiber-bench-import-data",
          DATABASE_URL: url,
          JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
        },
        postgresRows,
      ),
    );
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
