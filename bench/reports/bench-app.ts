import { API, apiPath } from "@treiber/contract/api-paths";
import { buildApp } from "../../apps/api/src/app.js";
import { loadConfig } from "../../apps/api/src/config.js";
import type { Database } from "../../apps/api/src/db/client.js";
import { createSuperAdmin } from "../../apps/api/src/modules/auth/create-super-admin.js";

const ADMIN = { email: "bench.admin@treiber.app", password: "Bench12345" };

/**
 * The real app over a seeded database on a free port, with a SuperAdmin signed in: its base URL
 * and the headers (token, GMT 4) of every timed call.
 */
export async function startBenchApp(database: Database) {
  await createSuperAdmin(database.db, ADMIN);
  const app = await buildApp({
    config: loadConfig({
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
      LOG_LEVEL: "silent",
      DATA_DIR: "/tmp/treiber-bench",
    }),
    database,
    logger: false,
  });
  const server = await app.listen({ port: 0, host: "127.0.0.1" });
  const signIn = await fetch(`${server}${apiPath(API.auth.signIn)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, gmt: "4" };
  return { app, server, headers };
}
