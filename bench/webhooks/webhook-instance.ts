/**
 * Child process of the webhooks benchmark: one API instance (the real `buildApp` on the shared
 * PostgreSQL database) whose webhook worker runs as on the server (ticking every second, woken by
 * this process's own events). On `produce` it records its share of trip events, one transaction
 * each, as a trip's Start or End records them, at its rate; then answers `produced`.
 *
 * Env: BENCH_WEBHOOKS_URL (the database), BENCH_WEBHOOKS_SHARE (events), BENCH_WEBHOOKS_RATE
 * (events per second), BENCH_WEBHOOKS_OFFSET (the first event's number).
 */
import { buildApp } from "../../apps/api/src/app.js";
import { loadConfig } from "../../apps/api/src/config.js";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { enqueueWebhookEvent } from "../../apps/api/src/modules/webhooks/webhook-events.js";
import { sleep } from "../lib/stats.js";

type Message = { kind: "produce" } | { kind: "stop" };

const env = process.env;
const url = env.BENCH_WEBHOOKS_URL ?? "";
const share = Number(env.BENCH_WEBHOOKS_SHARE ?? 5000);
const rate = Number(env.BENCH_WEBHOOKS_RATE ?? 250);
const offset = Number(env.BENCH_WEBHOOKS_OFFSET ?? 0);

const database = await openDatabase({ url });
const app = await buildApp({
  config: loadConfig({
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    DATA_DIR: "/tmp/treiber-bench-webhooks",
    DATABASE_URL: url,
    WEBHOOK_ALLOW_PRIVATE: "true",
    LOG_LEVEL: "error",
    WEB_DIST_DIR: "/nonexistent-web-dist",
    FIELD_DIST_DIR: "/nonexistent-field-dist",
  }),
  database,
  logger: false,
});
await app.ready();
app.webhooks.start();

async function produce() {
  const started = performance.now();
  for (let n = 0; n < share; n++) {
    // Paced: event n at n / rate seconds after the start (a burst catches up when late).
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const number = offset + n;
    await database.db.transaction((tx) =>
      enqueueWebhookEvent(
        tx,
        number % 2 === 0 ? "trip.started" : "trip.finished",
        { intermediateRouteId: Math.floor(number / 2) + 1, routeName: "Ruta Banco", riders: 12 },
        { messageId: `msg_bench_${number}` },
      ),
    );
  }
}

process.on("disconnect", () => process.exit(0));
process.on("message", (message: Message) => {
  if (message.kind === "produce") {
    produce().then(
      () => process.send?.({ kind: "produced" }),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else if (message.kind === "stop") {
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  }
});
process.send?.({ kind: "ready" });
