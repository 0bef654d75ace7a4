import { performance } from "node:perf_hooks";
import { API } from "@treiber/contract/api-paths";
import { buildApp } from "../../apps/api/src/app.js";
import { loadConfig } from "../../apps/api/src/config.js";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { createSuperAdmin } from "../../apps/api/src/modules/auth/create-super-admin.js";
const database = await openDatabase({ dataDir: "/tmp/zz-probe-lite" });
await database.migrate();
const ADMIN = { email: "bench.audit@treiber.app", password: "Bench12345" };
await createSuperAdmin(database.db, ADMIN);
const config = loadConfig({ JWT_SECRET: "bench-secret-bench-secret-bench-secret-01", LOG_LEVEL: "silent", DATA_DIR: "/tmp/treiber-bench" });
const mk = async (audit: boolean) => { const app = await buildApp({ config, database, logger: false, audit }); await app.ready();
  const r = await app.inject({ method: "POST", url: API.auth.signIn.path, payload: ADMIN });
  return { app, headers: { authorization: `Bearer ${r.json().token}`, gmt: "4" } }; };
const a = await mk(true), b = await mk(false);
const o = await a.app.inject({ method: "POST", url: API.branchOffice.create.path, headers: a.headers, payload: { name: "S", address: "A" } });
const id = o.json().id;
const times: Record<string, number[]> = { a: [], b: [] };
for (let i = 0; i < 400; i++) for (const [k, t] of [["a", a], ["b", b]] as const) {
  const s = performance.now();
  const r = await t.app.inject({ method: "PUT", url: API.branchOffice.update.path, headers: t.headers, payload: { id, name: "S", address: `A${i}` } });
  if (r.statusCode !== 200) throw new Error(r.body);
  if (i >= 50) times[k]!.push(performance.now() - s);
}
for (const k of ["a", "b"]) { const xs = times[k]!.sort((x, y) => x - y); console.log(k, xs[175]!.toFixed(2), xs[332]!.toFixed(2)); }
const g = globalThis as any; console.log("pre avg", (g.__pre / 401).toFixed(2), "send avg", (g.__send / 401).toFixed(2));
process.exit(0);
