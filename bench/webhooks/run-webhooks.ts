/**
 * `npm run bench:webhooks` (issue 39, «Measured»): 10,000 trip events (trip.started / trip.finished)
 * recorded across 2 API instances (child processes on one PostgreSQL database, each with its
 * webhook worker running as on the server) to one webhook whose receiver (this process, on
 * 127.0.0.1) answers 200 at once. Per event: the time from the event (the payload's `timestamp`,
 * taken when the change is recorded) to the receiver's 200, every signature checked with the
 * `standardwebhooks` package, and by `webhook-id` none lost and none duplicated; then every
 * delivery's status in the table. Prints a markdown table; nothing asserts a time.
 *
 * Env: BENCH_WEBHOOKS_EVENTS (10000), BENCH_WEBHOOKS_RATE (500 events per second in all, split
 * between the instances), BENCH_WEBHOOKS_DRAIN_SECONDS (60, the longest wait for the last
 * deliveries), BENCH_WEBHOOKS_DATABASE_URL (default: BENCH_DATABASE_URL's server, database
 * treiber_bench_webhooks, dropped and recreated each run).
 */
import { type ChildProcess, fork } from "node:child_process";
import { createServer } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { newWebhookSecret } from "../../apps/api/src/modules/webhooks/webhook-signature.js";
import { recreateDatabase } from "../hub/seed.js";
import { createSamples, sleep } from "../lib/stats.js";

const env = process.env;
const EVENTS = Number(env.BENCH_WEBHOOKS_EVENTS ?? 10_000);
const RATE = Number(env.BENCH_WEBHOOKS_RATE ?? 500);
const DRAIN_SECONDS = Number(env.BENCH_WEBHOOKS_DRAIN_SECONDS ?? 60);
const INSTANCES = 2;
const BASE = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
const DATABASE_URL = new URL(
  env.BENCH_WEBHOOKS_DATABASE_URL ?? new URL("/treiber_bench_webhooks", BASE).toString(),
);

/** The receiver: checks each request's signature, counts each webhook-id, times event → 200. */
async function startReceiver(secret: string) {
  const verifier = new Webhook(secret.slice("whsec_".length));
  const seen = new Map<string, number>();
  const latency = createSamples();
  let badSignatures = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const id = String(request.headers["webhook-id"]);
      try {
        verifier.verify(body, request.headers as Record<string, string>);
      } catch {
        badSignatures++;
      }
      response.statusCode = 200;
      response.end();
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      if (count === 1)
        latency.add(Date.now() - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    seen,
    latency,
    badSignatures: () => badSignatures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One API instance as a child process (bench/webhooks/webhook-instance.ts, through tsx). */
async function startInstance(index: number) {
  const share = Math.ceil(EVENTS / INSTANCES);
  const child: ChildProcess = fork(new URL("./webhook-instance.ts", import.meta.url).pathname, [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      BENCH_WEBHOOKS_URL: DATABASE_URL.toString(),
      BENCH_WEBHOOKS_SHARE: String(Math.min(share, EVENTS - index * share)),
      BENCH_WEBHOOKS_RATE: String(RATE / INSTANCES),
      BENCH_WEBHOOKS_OFFSET: String(index * share),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (kind: string) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: { kind: string }) => {
        if (message.kind !== kind) return;
        child.off("message", onMessage);
        resolve();
      };
      child.on("message", onMessage);
      child.once("exit", (code) => reject(new Error(`instancia ${index} terminó (código ${code})`)));
    });
  await next("ready");
  return {
    produce() {
      const done = next("produced");
      child.send({ kind: "produce" });
      return done;
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.send({ kind: "stop" });
      await exited;
    },
  };
}

async function main() {
  console.log(`Webhooks: ${EVENTS} eventos de viaje, ${INSTANCES} instancias, ${RATE} eventos/s`);
  await recreateDatabase(DATABASE_URL);
  const secret = newWebhookSecret();
  const receiver = await startReceiver(secret);
  const client = new pg.Client({ connectionString: DATABASE_URL.toString() });
  await client.connect();
  await client.query("insert into webhooks (url, events, secret) values ($1, $2, $3)", [
    receiver.url,
    ["trip.started", "trip.finished"],
    secret,
  ]);
  const instances = await Promise.all(Array.from({ length: INSTANCES }, (_, index) => startInstance(index)));
  const loadStart = loadavg()[0] ?? Number.NaN;
  const started = Date.now();
  await Promise.all(instances.map((instance) => instance.produce()));
  const produced = Date.now();
  const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
  while (receiver.seen.size < EVENTS && Date.now() < drainUntil) await sleep(100);
  const drained = Date.now();
  // A moment more: a duplicate would arrive after its first copy.
  await sleep(2_000);
  await Promise.all(instances.map((instance) => instance.stop()));
  const statuses = (
    await client.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from webhook_deliveries group by status order by status",
    )
  ).rows;
  const attempts = (
    await client.query<{ n: number }>("select coalesce(sum(attempts), 0)::int as n from webhook_deliveries")
  ).rows[0]?.n;
  await client.end();
  await receiver.close();

  let lost = 0;
  for (let n = 0; n < EVENTS; n++) if (!receiver.seen.has(`msg_bench_${n}`)) lost++;
  const duplicated = [...receiver.seen.values()].filter((count) => count > 1).length;
  const [p50, p95, p99, max] = receiver.latency.percentiles(50, 95, 99, 100);
  const ms = (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? "—" : value.toFixed(0);
  console.log(
    "\n| eventos | instancias | eventos/s pedidos | producción s | hasta el último 200 s | entregas/s | p50 ms | p95 ms | p99 ms | máx ms | perdidos | duplicados (webhook-id) | firmas inválidas | intentos | estados en la tabla | CPUs; carga media al empezar / terminar |",
  );
  console.log("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|");
  console.log(
    `| ${EVENTS} | ${INSTANCES} | ${RATE} | ${((produced - started) / 1000).toFixed(1)} | ` +
      `${((drained - started) / 1000).toFixed(1)} | ${(receiver.seen.size / ((drained - started) / 1000)).toFixed(0)} | ` +
      `${ms(p50)} | ${ms(p95)} | ${ms(p99)} | ${ms(max)} | ${lost} | ${duplicated} | ${receiver.badSignatures()} | ` +
      `${attempts} | ${statuses.map((row) => `${row.status} ${row.n}`).join(", ")} | ` +
      `${availableParallelism()}; ${loadStart.toFixed(1)} / ${(loadavg()[0] ?? Number.NaN).toFixed(1)} |`,
  );
  if (lost > 0 || duplicated > 0) process.exitCode = 1;
}

await main();
