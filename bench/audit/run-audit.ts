import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { API } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../apps/api/src/app.js";
import { loadConfig } from "../../apps/api/src/config.js";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";
import { createSuperAdmin } from "../../apps/api/src/modules/auth/create-super-admin.js";
import { recreateDatabase } from "../hub/seed.js";
import { percentile } from "../lib/percentile.js";
import { onTemporaryPglite } from "../lib/temporary-pglite.js";

const env = process.env;
const RUNS = Number(env.AUDIT_RUNS ?? 500);
const ENGINES = (env.AUDIT_DATABASE ?? "both") === "both" ? ["pglite", "postgres"] : [env.AUDIT_DATABASE];
/**
 * Audited changes a day of the mid-size company (600 collaborators, 40 routes, decision 0032):
 * ~200 bookings changed (a third of the riders confirm or cancel a day; admins' bookings
 * included), ~40 incidents acknowledged or closed, ~40 edits of master data (people, routes,
 * stops, suppliers, branch offices), ~10 plans of the day and plans applied, ~10 papers uploaded
 * or reviewed; cuts, roles, thresholds, keys and webhooks a few a month. Field actions (boardings,
 * positions, trips started and ended) are not audited.
 */
const CHANGES_PER_DAY = Number(env.AUDIT_CHANGES_PER_DAY ?? 300);
const ADMIN = { email: "bench.audit@treiber.app", password: "Bench12345" };

const number = (value: number, digits = 0) =>
  value.toLocaleString("de-DE", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const progress = (text: string) => process.stderr.write(`${text}\n`);
const load = () =>
  loadavg()
    .map((n) => number(n, 2))
    .join(" · ");

type Pair = { name: string; withAudit: number[]; without: number[] };
type Result = { pairs: Pair[]; bytesPerRow: number; rows: number };

async function signedIn(app: FastifyInstance) {
  const response = await app.inject({ method: "POST", url: API.auth.signIn.path, payload: ADMIN });
  if (response.statusCode !== 200) throw new Error(`sign in: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json().token}`, gmt: "4" };
}

async function measure(database: Database): Promise<Result> {
  await createSuperAdmin(database.db, ADMIN);
  const config = loadConfig({
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
    LOG_LEVEL: "silent",
    DATA_DIR: "/tmp/treiber-bench",
  });
  const audited = await buildApp({ config, database, logger: false });
  const bare = await buildApp({ config, database, logger: false, audit: false });
  await audited.ready();
  await bare.ready();
  try {
    const apps = [
      { app: audited, headers: await signedIn(audited) },
      { app: bare, headers: await signedIn(bare) },
    ] as const;
    const office = await apps[0].app.inject({
      method: "POST",
      url: API.branchOffice.create.path,
      headers: apps[0].headers,
      payload: { name: "Sucursal bench", address: "Av. 27 de Febrero 1", telephone: "(809) 555-1234" },
    });
    const officeId = office.json().id as number;
    const calls = [
      {
        name: "Editar sucursal (`PUT BranchOffice`: fila antes y después)",
        run: (target: (typeof apps)[number], i: number) =>
          target.app.inject({
            method: "PUT",
            url: API.branchOffice.update.path,
            headers: target.headers,
            payload: {
              id: officeId,
              name: "Sucursal bench",
              address: `Av. 27 de Febrero ${i}`,
              telephone: "(809) 555-1234",
            },
          }),
      },
      {
        name: "Crear destino (`POST Destination`: fila después)",
        run: (target: (typeof apps)[number], i: number) =>
          target.app.inject({
            method: "POST",
            url: API.destination.create.path,
            headers: target.headers,
            payload: { name: `Destino bench ${i} ${Math.random()}`, address: "Calle 1" },
          }),
      },
    ];
    const pairs: Pair[] = [];
    for (const call of calls) {
      const pair: Pair = { name: call.name, withAudit: [], without: [] };
      for (let i = 0; i < 30; i++) {
        await call.run(apps[0], i);
        await call.run(apps[1], i);
      }
      for (let i = 0; i < RUNS; i++) {
        // Alternating which goes first, so neither always finds a warmer cache.
        const order = i % 2 === 0 ? [0, 1] : [1, 0];
        for (const which of order) {
          const target = apps[which as 0 | 1];
          const start = performance.now();
          const response = await call.run(target, i);
          const elapsed = performance.now() - start;
          if (response.statusCode !== 200)
            throw new Error(`${call.name}: ${response.statusCode} ${response.body}`);
          (which === 0 ? pair.withAudit : pair.without).push(elapsed);
        }
      }
      pairs.push(pair);
      progress(
        `${call.name}: p95 con ${number(percentile(pair.withAudit, 95), 2)} ms, sin ${number(percentile(pair.without, 95), 2)} ms`,
      );
    }
    const size = await database.db.execute(
      sql`select count(*)::int as rows, pg_total_relation_size('audit_log')::bigint as bytes from audit_log`,
    );
    const row = (size as unknown as { rows: { rows: number; bytes: string }[] }).rows[0];
    const rows = Number(row?.rows ?? 0);
    return { pairs, rows, bytesPerRow: rows ? Number(row?.bytes ?? 0) / rows : 0 };
  } finally {
    await audited.close();
    await bare.close();
  }
}

async function onEngine(engine: string) {
  if (engine === "postgres") {
    const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
    const url = new URL("/treiber_bench_audit", base);
    await recreateDatabase(url);
    const pg = await openDatabase({ url: url.toString() });
    try {
      return await measure(pg);
    } finally {
      await pg.close();
    }
  }
  return onTemporaryPglite("audit", measure);
}

async function main() {
  const loadStart = load();
  const results: (Result & { engine: string })[] = [];
  for (const engine of ENGINES) {
    const name = engine === "postgres" ? "PostgreSQL" : "PGlite";
    progress(`— ${name}`);
    results.push({ engine: name, ...(await onEngine(engine as string)) });
  }
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const head = ["Llamada", "Base", "p50 sin / con", "p95 sin", "p95 con", "p95 agregado (meta < 2 ms)"];
  const rows = results.flatMap((r) =>
    r.pairs.map((p) => {
      const [withP50, withP95] = [percentile(p.withAudit, 50), percentile(p.withAudit, 95)];
      const [bareP50, bareP95] = [percentile(p.without, 50), percentile(p.without, 95)];
      return [
        p.name,
        r.engine,
        `${number(bareP50, 2)} / ${number(withP50, 2)} ms`,
        `${number(bareP95, 2)} ms`,
        `${number(withP95, 2)} ms`,
        `${number(withP95 - bareP95, 2)} ms`,
      ];
    }),
  );
  console.log("### Auditoría: costo por cambio y tamaño en un año\n");
  console.log(
    `\`npm run bench:audit\` (${RUNS} llamadas por medida y app, intercaladas con y sin auditoría)\n`,
  );
  console.log([line(head), line(head.map((_, i) => (i < 2 ? "---" : "---:"))), ...rows.map(line)].join("\n"));
  console.log("");
  const yearRows = CHANGES_PER_DAY * 365;
  for (const r of results) {
    const yearBytes = r.bytesPerRow * yearRows;
    console.log(
      `- ${r.engine}: ${number(r.rows)} filas, ${number(r.bytesPerRow)} bytes por fila con índices; ` +
        `un año de la empresa mediana (${number(CHANGES_PER_DAY)} cambios al día, ${number(yearRows)} filas) ≈ ` +
        `${number(yearBytes / 1_048_576, 0)} MB.`,
    );
  }
  console.log(
    `\nCarga de la máquina (1 · 5 · 15 min, ${availableParallelism()} núcleos): al empezar ${loadStart}; al terminar ${load()}.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
