// `npm run db:check`: proves apps/api/src/db/schema.ts, the migrations in apps/api/drizzle and the
// latest Drizzle snapshot agree, without changing anything in the repository:
// 1. `drizzle-kit check` and `drizzle-kit generate` on a copy of the migrations folder: generate must
//    find nothing new (schema.ts = latest snapshot);
// 2. two in-memory PGlite databases, one built by the migrations and one by the SQL drizzle-kit
//    generates from schema.ts alone, must have the same columns, constraints and indexes, except
//    the few things Drizzle cannot express (EXPECTED_DIFFERENCES, also listed in schema.ts).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Catalog lines only the migrations produce (or that differ), because Drizzle cannot declare them. */
const EXPECTED_DIFFERENCES = new Set([
  "migrations: constraint cuts cuts_no_overlap EXCLUDE USING gist (tstzrange(since_at, until_at, '[)'::text) WITH &&)",
  "migrations: index cuts_no_overlap CREATE INDEX cuts_no_overlap ON public.cuts USING gist (tstzrange(since_at, until_at, '[)'::text))",
  "migrations: constraint employee_day_totals employee_day_totals_pkey PRIMARY KEY (day, employee_id, branch_office_id) INCLUDE (trips, canceled, cost_cents)",
  "schema.ts: constraint employee_day_totals employee_day_totals_pkey PRIMARY KEY (day, employee_id, branch_office_id)",
  "migrations: index employee_day_totals_pkey CREATE UNIQUE INDEX employee_day_totals_pkey ON public.employee_day_totals USING btree (day, employee_id, branch_office_id) INCLUDE (trips, canceled, cost_cents)",
  "schema.ts: index employee_day_totals_pkey CREATE UNIQUE INDEX employee_day_totals_pkey ON public.employee_day_totals USING btree (day, employee_id, branch_office_id)",
  "migrations: index service_shares_ended_idx CREATE INDEX service_shares_ended_idx ON public.service_shares USING btree (ended_at) INCLUDE (employee_id, boarded, share_cents, intermediate_route_id)",
  "schema.ts: index service_shares_ended_idx CREATE INDEX service_shares_ended_idx ON public.service_shares USING btree (ended_at)",
]);

const CATALOG = `
  select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable
    || ' default=' || coalesce(column_default, '') || ' generated=' || coalesce(generation_expression, '') as line
  from information_schema.columns where table_schema = 'public'
  union all
  select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public'
  union all
  select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
  from pg_constraint where connamespace = 'public'::regnamespace`;

const api = new URL("../apps/api/", import.meta.url).pathname;
const migrations = join(api, "drizzle");
const temp = mkdtempSync(join(tmpdir(), "treiber-db-check-"));
const problems = [];

/** @param {string[]} args @param {string} out */
function drizzleKit(args, out) {
  const result = spawnSync(
    "npx",
    ["drizzle-kit", ...args, "--dialect", "postgresql", "--out", relative(api, out)],
    {
      cwd: api,
      encoding: "utf8",
    },
  );
  if (result.status !== 0) problems.push(`drizzle-kit ${args[0]} falló:\n${result.stdout}${result.stderr}`);
}

/** @param {string} dir @returns {string[]} the statements of the folder's migrations, in order */
const statements = (dir) =>
  readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .flatMap((file) => readFileSync(join(dir, file), "utf8").split("--> statement-breakpoint"))
    .filter((statement) => statement.trim() !== "");

/** @param {string[]} sql @returns {Promise<string[]>} */
async function catalogAfter(sql) {
  const db = await PGlite.create("memory://", { extensions: { pg_trgm } });
  for (const statement of sql) await db.exec(statement);
  const { rows } = await db.query(CATALOG);
  await db.close();
  return rows.map((row) => /** @type {{ line: string }} */ (row).line);
}

try {
  // 1. schema.ts against the latest snapshot.
  const copy = join(temp, "drizzle");
  cpSync(migrations, copy, { recursive: true });
  const files = () => [...readdirSync(copy), ...readdirSync(join(copy, "meta"))].sort().join("\n");
  const before = files();
  drizzleKit(["check"], copy);
  drizzleKit(["generate", "--schema", "./src/db/schema.ts"], copy);
  if (files() !== before)
    problems.push("schema.ts no coincide con el último snapshot: generate crearía una migración.");

  // 2. schema.ts against what the migrations build.
  const fresh = join(temp, "fresh");
  mkdirSync(fresh);
  drizzleKit(["generate", "--schema", "./src/db/schema.ts"], fresh);
  const searchFold = statements(migrations).find((s) =>
    s.includes('CREATE OR REPLACE FUNCTION "search_fold"'),
  );
  if (!searchFold) throw new Error("search_fold no aparece en las migraciones");
  const fromMigrations = new Set(await catalogAfter(statements(migrations)));
  const fromSchema = new Set(
    await catalogAfter(["CREATE EXTENSION IF NOT EXISTS pg_trgm;", searchFold, ...statements(fresh)]),
  );
  const differences = [
    ...[...fromMigrations].filter((line) => !fromSchema.has(line)).map((line) => `migrations: ${line}`),
    ...[...fromSchema].filter((line) => !fromMigrations.has(line)).map((line) => `schema.ts: ${line}`),
  ];
  const unexpected = differences.filter((line) => !EXPECTED_DIFFERENCES.has(line));
  if (unexpected.length > 0)
    problems.push(`Diferencias entre las migraciones y schema.ts:\n${unexpected.join("\n")}`);
  const gone = [...EXPECTED_DIFFERENCES].filter((line) => !differences.includes(line));
  if (gone.length > 0)
    problems.push(`Diferencias esperadas que ya no existen (quítelas de la lista):\n${gone.join("\n")}`);
} finally {
  rmSync(temp, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(problems.join("\n\n"));
  process.exit(1);
}
console.log("schema.ts, las migraciones y el último snapshot de Drizzle coinciden.");
