/**
 * Child process of the live map benchmark: the real app (buildApp, hub, positions service, the
 * built web app from WEB_DIST_DIR) on PostgreSQL, listening on a free port of 127.0.0.1. Same as
 * bench/hub/hub-server-process.ts, plus the web build the browser loads.
 */
import { buildApp } from "../../apps/api/src/app.js";
import { loadConfig } from "../../apps/api/src/config.js";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { serveStats } from "../hub/server-ipc.js";

const database = await openDatabase({ url: process.env.BENCH_MAP_DATABASE_URL });
const config = loadConfig({
  JWT_SECRET: process.env.BENCH_MAP_JWT_SECRET,
  LOG_LEVEL: "silent",
  DATA_DIR: "/tmp/treiber-bench-map",
  WEB_DIST_DIR: process.env.WEB_DIST_DIR,
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("sin dirección");

serveStats({
  port: address.port,
  async stop() {
    await app.close();
    await database.close();
  },
});
