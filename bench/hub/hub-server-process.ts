/**
 * Child process of the hub benchmark: the real app (buildApp, hub, positions service) on
 * PostgreSQL with its own pool, listening on a free port of 127.0.0.1; the in-memory bus, or the
 * Redis bus with BENCH_HUB_REDIS_URL (on BENCH_HUB_REDIS_CHANNEL) when several instances run.
 * Counts the statements drizzle runs so the benchmark can show that positions are written in
 * batches.
 */
import { buildApp } from "../../apps/api/src/app.js";
import { loadConfig } from "../../apps/api/src/config.js";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { createRedisBus } from "../../apps/api/src/realtime/redis-bus.js";
import { serveStats } from "./server-ipc.js";

const counters = { positionInserts: 0, latestUpdates: 0, statements: 0 };
const database = await openDatabase({
  url: process.env.BENCH_HUB_DATABASE_URL,
  logger: {
    logQuery(query) {
      counters.statements++;
      const head = query.trimStart().slice(0, 60).toLowerCase();
      if (head.startsWith('insert into "trip_positions"')) counters.positionInserts++;
      else if (head.startsWith("update intermediate_routes")) counters.latestUpdates++;
    },
  },
});
const config = loadConfig({
  JWT_SECRET: process.env.BENCH_HUB_JWT_SECRET,
  LOG_LEVEL: "silent",
  DATA_DIR: "/tmp/treiber-bench-hub",
});
const realtime = process.env.BENCH_HUB_REDIS_URL
  ? await createRedisBus({
      url: process.env.BENCH_HUB_REDIS_URL,
      channel: process.env.BENCH_HUB_REDIS_CHANNEL,
      onError: (error) => console.error("Redis:", error instanceof Error ? error.message : error),
    })
  : undefined;
const coalesceMs = process.env.BENCH_HUB_COALESCE_MS;
const app = await buildApp({
  config,
  database,
  logger: false,
  realtime,
  hub: coalesceMs === undefined ? undefined : { coalesceMs: Number(coalesceMs) },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("sin dirección");

serveStats({
  port: address.port,
  counters: () => ({ ...counters }),
  async stop() {
    await app.close();
    await realtime?.close();
    await database.close();
  },
});
