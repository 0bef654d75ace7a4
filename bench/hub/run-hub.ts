/**
 * Hub part of `npm run bench` (also `npm run bench:hub`): N drivers report a position every 5 s
 * (spread evenly) through the hub's `SendGeolocation` while M admin dashboards receive every
 * `ReceivedDriverGeolocation`. In one run, with the very same clients:
 *   - the real app on PostgreSQL in one child process (in-memory bus);
 *   - two app processes behind Redis (each its own PostgreSQL pool; drivers and dashboards split
 *     between them), where every dashboard must get every event exactly once;
 *   - a bare `ws` server doing the same fan-out with the same coalescing (one frame per tick for
 *     every dashboard), and, when asked, one frame per record.
 * Prints delivery latency (send → receive, both on this process's clock), lost and duplicated
 * deliveries (every record of every dashboard is checked, see tracker.ts), CPU of the servers, of
 * Redis and of this load generator, the ratios to the bare server, and how positions reached the
 * database (rows vs insert statements). Nothing here asserts a time.
 *
 * Env: BENCH_HUB_SCALE=10k (10,000 drivers, 500 dashboards, 20 s measured: the lead's full run),
 * BENCH_HUB_DRIVERS (2000), BENCH_HUB_DASHBOARDS (100), BENCH_HUB_SECONDS (30, measured; 20 at 10k),
 * BENCH_HUB_WARMUP_SECONDS (5), BENCH_HUB_PERIOD_MS (5000), BENCH_HUB_PHASES (which runs, comma
 * separated: hub1, hub2, bare, bare-per-message; default all but bare-per-message at 10k),
 * BENCH_HUB_COALESCE_MS (the hub's and the bare server's tick, 25), BENCH_HUB_DASHBOARD_CLIENT
 * (raw | official), REDIS_URL (redis://127.0.0.1:6379), BENCH_HUB_CPU_PROF=<folder> (.cpuprofile
 * of each server), BENCH_HUB_VERBOSE=1 (progress), BENCH_HUB_DATABASE_URL (default:
 * BENCH_DATABASE_URL's server, database treiber_bench_hub, dropped and recreated each run).
 */
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import type { WebSocket } from "ws";
import { createTokenService } from "../../apps/api/src/modules/auth/token-service.js";
import { inBatches, procCpuMs, sleep } from "../lib/stats.js";
import { connectDashboard, rawConnection, recordSplitter, type Target } from "./clients.js";
import { recreateDatabase, seedHubData } from "./seed.js";
import { type ServerProcess, type ServerStats, startServerProcess } from "./server-ipc.js";
import { createFrameReader, createTracker, SEQUENCE } from "./tracker.js";

const RS = "\x1e";
const PHASES = ["hub1", "hub2", "bare", "bare-per-message"] as const;
type Phase = (typeof PHASES)[number];

type Settings = {
  drivers: number;
  dashboards: number;
  seconds: number;
  warmupSeconds: number;
  periodMs: number;
  phases: Phase[];
  coalesceMs: number;
  dashboardClient: "official" | "raw";
  databaseUrl: URL;
  redisUrl: string;
};

type PhaseResult = {
  label: string;
  instances: number;
  sent: number;
  expected: number;
  delivered: number;
  duplicates: number;
  gaps: number;
  p50: number;
  p99: number;
  max: number;
  ackP50?: number;
  ackP99?: number;
  ackErrors: number;
  firstAckError?: string;
  /** Servers' CPU summed, wall time, worst event-loop p99. */
  server: ServerStats;
  redisCpuMs?: number;
  /** CPU of the PostgreSQL backends serving the app during the window (hub only), ms. */
  postgresCpuMs?: number;
  clientCpuMs: number;
  clientLoopP99: number;
  sentTotal: number;
  countersAfterDrain?: ServerStats;
};

function settingsFromEnv(env = process.env): Settings {
  const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const databaseUrl = new URL(env.BENCH_HUB_DATABASE_URL ?? new URL("/treiber_bench_hub", base).toString());
  const big = env.BENCH_HUB_SCALE === "10k";
  const phases = (env.BENCH_HUB_PHASES ?? (big ? "hub1,hub2,bare" : PHASES.join(",")))
    .split(",")
    .map((phase) => phase.trim())
    .filter((phase): phase is Phase => (PHASES as readonly string[]).includes(phase));
  return {
    drivers: Number(env.BENCH_HUB_DRIVERS ?? (big ? 10_000 : 2000)),
    dashboards: Number(env.BENCH_HUB_DASHBOARDS ?? (big ? 500 : 100)),
    seconds: Number(env.BENCH_HUB_SECONDS ?? (big ? 20 : 30)),
    warmupSeconds: Number(env.BENCH_HUB_WARMUP_SECONDS ?? 5),
    periodMs: Number(env.BENCH_HUB_PERIOD_MS ?? 5000),
    phases,
    coalesceMs: Number(env.BENCH_HUB_COALESCE_MS ?? 25),
    dashboardClient: env.BENCH_HUB_DASHBOARD_CLIENT === "official" ? "official" : "raw",
    databaseUrl,
    redisUrl: env.REDIS_URL ?? "redis://127.0.0.1:6379",
  };
}

async function backendPids(client: pg.Client, dbName: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [dbName],
  );
  return rows.map((row) => row.pid);
}

/** Redis's own CPU (user + system, ms) from INFO; undefined when unreadable. */
async function redisCpuMs(redis: Redis | undefined): Promise<number | undefined> {
  if (!redis) return undefined;
  try {
    const info = await redis.info("cpu");
    const read = (name: string) =>
      Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? Number.NaN);
    const seconds = read("used_cpu_user") + read("used_cpu_sys");
    return Number.isFinite(seconds) ? seconds * 1000 : undefined;
  } catch {
    return undefined;
  }
}

type Auth = { driverTokens: string[]; trips: number[]; adminTokens: string[] };

/** One setup under the same load: connect, warm up, measure, drain, disconnect. */
async function runPhase(
  label: string,
  servers: ServerProcess[],
  kind: Target["kind"],
  settings: Settings,
  auth: Auth,
  extra: { postgres?: { client: pg.Client; dbName: string }; redis?: Redis } = {},
): Promise<PhaseResult> {
  const targets: Target[] = servers.map((server) => ({ baseUrl: `http://127.0.0.1:${server.port}`, kind }));
  const targetOf = (index: number) => targets[index % targets.length] as Target;
  const tracker = createTracker(auth.trips, auth.adminTokens.length);
  const ackSamples: number[] = [];
  let measuring = false;
  let ackErrors = 0;
  let firstAckError: string | undefined;

  const phaseStart = performance.now();
  const step = (text: string) =>
    process.env.BENCH_HUB_VERBOSE === "1" &&
    console.error(`  [${label} +${((performance.now() - phaseStart) / 1000).toFixed(1)} s] ${text}`);
  step("conectando paneles");
  const dashboards = await inBatches(
    auth.adminTokens.map((token, index) => ({ token, index })),
    10,
    ({ token, index }) => {
      const read = createFrameReader(tracker, index);
      return connectDashboard(
        targetOf(index),
        token,
        settings.dashboardClient,
        (data) => read(data, performance.now()),
        (position) =>
          tracker.receive(index, position.intermediateRouteId, position.latitude, performance.now()),
      );
    },
  );

  step("conectando choferes");
  const pendingAcks = new Map<string, { at: number; measured: boolean }>();
  const onAck = recordSplitter((text) => {
    const message = JSON.parse(text) as { type: number; invocationId?: string; error?: string };
    if (message.type !== 3 || message.invocationId === undefined) return;
    const pending = pendingAcks.get(message.invocationId);
    pendingAcks.delete(message.invocationId);
    if (message.error !== undefined) {
      ackErrors++;
      firstAckError ??= message.error;
    } else if (pending?.measured) ackSamples.push(performance.now() - pending.at);
  });
  const drivers: WebSocket[] = await inBatches(
    auth.driverTokens.map((token, index) => ({ token, index })),
    50,
    ({ token, index }) => rawConnection(targetOf(index), token, "driver", onAck),
  );

  // Driver i reports at i/N of each period, so the load is even; the loop catches up if late.
  // Its latitude is its send counter modulo SEQUENCE: the tracker checks each dashboard's order.
  const seq = new Array<number>(drivers.length).fill(0);
  let sends = 0;
  let sentMeasured = 0;
  const started = performance.now();
  const scheduler = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * drivers.length) / settings.periodMs) + 1;
    for (; sends < due; sends++) {
      const index = sends % drivers.length;
      const socket = drivers[index] as WebSocket;
      const tripId = auth.trips[index] as number;
      const n = seq[index] ?? 0;
      seq[index] = n + 1;
      const latitude = n % SEQUENCE;
      const invocationId = String(sends);
      const at = performance.now();
      tracker.sent(index, latitude, at, measuring);
      if (kind === "hub") pendingAcks.set(invocationId, { at, measured: measuring });
      if (measuring) sentMeasured++;
      socket.send(
        `{"type":1,"invocationId":"${invocationId}","target":"SendGeolocation","arguments":[${tripId},${latitude},-69.93]}${RS}`,
      );
    }
  }, 5);

  let closedDrivers = 0;
  for (const socket of drivers) socket.once("close", () => closedDrivers++);
  step("calentando");
  await sleep(settings.warmupSeconds * 1000);
  step("midiendo");
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  await Promise.all(servers.map((server) => server.reset()));
  const { postgres } = extra;
  const pidsBefore = postgres ? await backendPids(postgres.client, postgres.dbName) : [];
  const cpuBefore = new Map(pidsBefore.map((pid) => [pid, procCpuMs(pid)]));
  const redisBefore = await redisCpuMs(extra.redis);
  const clientBefore = process.cpuUsage();
  measuring = true;
  await sleep(settings.seconds * 1000);
  measuring = false;
  const clientUsed = process.cpuUsage(clientBefore);
  step(`fin de la medida; choferes desconectados: ${closedDrivers}`);
  const redisAfter = await redisCpuMs(extra.redis);
  const each = await Promise.all(servers.map((server) => server.stats()));
  const serverStats = sumStats(each);
  let postgresCpuMs: number | undefined;
  if (postgres) {
    postgresCpuMs = 0;
    for (const pid of await backendPids(postgres.client, postgres.dbName)) {
      const now = procCpuMs(pid);
      if (now === undefined) {
        postgresCpuMs = undefined;
        break;
      }
      postgresCpuMs += now - (cpuBefore.get(pid) ?? 0);
    }
  }
  clientLoop.disable();
  clearInterval(scheduler);
  step("esperando lo que está en vuelo");
  await sleep(2000); // deliveries and writes in flight
  const countersAfterDrain = sumStats(await Promise.all(servers.map((server) => server.stats())));
  step("cerrando");
  for (const socket of drivers) socket.terminate();
  await Promise.all(dashboards.map((dashboard) => dashboard.stop().catch(() => {})));

  const [p50, p99, max] = tracker.percentiles(50, 99, 100);
  ackSamples.sort((a, b) => a - b);
  const at = (p: number) =>
    ackSamples[Math.min(ackSamples.length - 1, Math.floor((p / 100) * ackSamples.length))];
  return {
    label,
    instances: servers.length,
    sent: sentMeasured,
    expected: sentMeasured * dashboards.length,
    delivered: tracker.counts.delivered,
    duplicates: tracker.counts.duplicates,
    gaps: tracker.counts.gaps,
    p50: p50 ?? Number.NaN,
    p99: p99 ?? Number.NaN,
    max: max ?? Number.NaN,
    ackP50: ackSamples.length > 0 ? at(50) : undefined,
    ackP99: ackSamples.length > 0 ? at(99) : undefined,
    ackErrors,
    firstAckError,
    server: serverStats,
    redisCpuMs: redisBefore !== undefined && redisAfter !== undefined ? redisAfter - redisBefore : undefined,
    postgresCpuMs,
    clientCpuMs: (clientUsed.user + clientUsed.system) / 1000,
    clientLoopP99: clientLoop.percentile(99) / 1e6,
    sentTotal: sends,
    countersAfterDrain,
  };
}

function sumStats(all: ServerStats[]): ServerStats {
  const first = all[0] as ServerStats;
  return {
    cpuMs: all.reduce((sum, s) => sum + s.cpuMs, 0),
    wallMs: first.wallMs,
    loopDelayP99Ms: Math.max(...all.map((s) => s.loopDelayP99Ms)),
    positionInserts: all.reduce((sum, s) => sum + s.positionInserts, 0),
    latestUpdates: all.reduce((sum, s) => sum + s.latestUpdates, 0),
    statements: all.reduce((sum, s) => sum + s.statements, 0),
  };
}

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "—" : value.toFixed(1);
const pct = (cpuMs: number | undefined, wallMs: number) =>
  cpuMs === undefined ? "—" : `${((100 * cpuMs) / wallMs).toFixed(0)} %`;

const HEADER = [
  "enviadas",
  "entregas",
  "perdidas",
  "duplicad.",
  "p50 ms",
  "p99 ms",
  "máx ms",
  "CPU serv.",
  "CPU Redis",
  "CPU PG",
  "CPU bench",
  "bucle p99",
];
function printRow(r: PhaseResult) {
  console.log(
    r.label.padEnd(34) +
      [
        String(r.sent),
        String(r.delivered),
        String(Math.max(0, r.expected - r.delivered)),
        String(r.duplicates),
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        pct(r.server.cpuMs, r.server.wallMs),
        pct(r.redisCpuMs, r.server.wallMs),
        pct(r.postgresCpuMs, r.server.wallMs),
        pct(r.clientCpuMs, r.server.wallMs),
        ms(r.server.loopDelayP99Ms),
      ]
        .map((v) => v.padStart(10))
        .join(""),
  );
}

export async function runHubBench(settings: Settings = settingsFromEnv()) {
  const load = () => loadavg()[0]?.toFixed(1);
  const rate = (settings.drivers * 1000) / settings.periodMs;
  console.log(
    `\nHub en tiempo real: ${settings.drivers} choferes (una posición cada ${settings.periodMs / 1000} s, ` +
      `${rate.toFixed(0)}/s), ${settings.dashboards} paneles de administrador ` +
      `(${settings.dashboardClient === "official" ? "cliente oficial @microsoft/signalr" : "WebSocket crudo"}; ` +
      `${Math.round(rate * settings.dashboards).toLocaleString("es")} entregas/s), ` +
      `${settings.seconds} s medidos tras ${settings.warmupSeconds} s de calentamiento; ` +
      `tick de agrupación ${settings.coalesceMs} ms`,
  );
  console.log(`máquina: ${availableParallelism()} núcleos, carga media (1 min) al empezar ${load()}`);

  const t0 = performance.now();
  await recreateDatabase(settings.databaseUrl);
  const sql = new pg.Client({ connectionString: settings.databaseUrl.toString() });
  await sql.connect();
  const seed = await seedHubData(sql, { drivers: settings.drivers, admins: settings.dashboards });
  const secret = randomBytes(32).toString("base64url");
  const tokens = createTokenService(secret);
  const auth: Auth = {
    driverTokens: await Promise.all(
      seed.drivers.map((d) =>
        tokens.signAccessToken({ id: d.userId, role: "Driver" }, seed.sessions.get(d.userId) ?? ""),
      ),
    ),
    trips: seed.drivers.map((d) => d.tripId),
    adminTokens: await Promise.all(
      seed.adminIds.map((id) => tokens.signAccessToken({ id, role: "Admin" }, seed.sessions.get(id) ?? "")),
    ),
  };
  const dbName = settings.databaseUrl.pathname.slice(1);
  console.log(`base ${dbName} preparada en ${Math.round(performance.now() - t0)} ms`);

  const hubEnv = {
    BENCH_HUB_DATABASE_URL: settings.databaseUrl.toString(),
    BENCH_HUB_JWT_SECRET: secret,
    BENCH_HUB_COALESCE_MS: String(settings.coalesceMs),
  };
  const results: PhaseResult[] = [];
  const writes: string[] = [];
  let rowsBefore = 0;
  const positionsReport = async (result: PhaseResult) => {
    const { rows } = await sql.query<{ n: number }>("select count(*)::int as n from trip_positions");
    const n = (rows[0]?.n ?? 0) - rowsBefore;
    rowsBefore += n;
    const c = result.countersAfterDrain;
    writes.push(
      `${result.label}: ${result.sentTotal} posiciones enviadas → ${n} filas en trip_positions con ` +
        `${c?.positionInserts ?? "?"} inserts y ${c?.latestUpdates ?? "?"} updates de intermediate_routes ` +
        `(${c?.positionInserts ? (n / c.positionInserts).toFixed(0) : "?"} filas por insert); confirmación de ` +
        `SendGeolocation p50 ${ms(result.ackP50)} ms, p99 ${ms(result.ackP99)} ms, errores ${result.ackErrors}` +
        (result.firstAckError ? ` (p. ej. "${result.firstAckError}")` : ""),
    );
  };
  const run = async (
    phase: Phase,
    label: string,
    start: () => Promise<ServerProcess[]>,
    kind: Target["kind"],
    redis?: Redis,
  ) => {
    if (!settings.phases.includes(phase)) return;
    let servers: ServerProcess[];
    try {
      servers = await start();
    } catch (error) {
      console.log(`${label}: no arrancó (${(error as Error).message})`);
      return;
    }
    try {
      const result = await runPhase(label, servers, kind, settings, auth, {
        postgres: kind === "hub" ? { client: sql, dbName } : undefined,
        redis,
      });
      await Promise.all(servers.map((server) => server.stop()));
      results.push(result);
      printRow(result);
      if (kind === "hub") await positionsReport(result);
    } catch (error) {
      // A saturated machine can leave a server unable even to answer: say so, keep the rest.
      console.log(`${label}: sin resultado (${(error as Error).message}); la máquina no sostiene esta carga`);
      for (const server of servers) server.kill();
    }
  };

  console.log(`\n${"servidor".padEnd(34)}${HEADER.map((h) => h.padStart(10)).join("")}`);
  await run(
    "hub1",
    "hub, 1 instancia",
    async () => [await startServerProcess("./hub-server-process.ts", hubEnv)],
    "hub",
  );
  let redis: Redis | undefined;
  if (settings.phases.includes("hub2")) {
    redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on("error", () => {});
    await redis.connect();
  }
  const channel = `treiber-bench:${randomBytes(6).toString("hex")}`;
  await run(
    "hub2",
    "hub, 2 instancias + Redis",
    () =>
      Promise.all(
        [0, 1].map(() =>
          startServerProcess("./hub-server-process.ts", {
            ...hubEnv,
            BENCH_HUB_REDIS_URL: settings.redisUrl,
            BENCH_HUB_REDIS_CHANNEL: channel,
          }),
        ),
      ),
    "hub",
    redis,
  );
  redis?.disconnect();
  await sql.end();
  await run(
    "bare",
    `ws pelado, agrupado ${settings.coalesceMs} ms`,
    async () => [
      await startServerProcess("./bare-server-process.ts", { BARE_COALESCE_MS: String(settings.coalesceMs) }),
    ],
    "bare",
  );
  await run(
    "bare-per-message",
    "ws pelado, un frame por registro",
    async () => [await startServerProcess("./bare-server-process.ts", { BARE_COALESCE_MS: "0" })],
    "bare",
  );

  const goal = (r: PhaseResult) =>
    `${r.label}: p99 < 100 ms ${r.p99 < 100 ? "sí" : "NO"}, 0 perdidas ${r.expected - r.delivered <= 0 ? "sí" : "NO"}, ` +
    `cada evento una vez ${r.duplicates === 0 && r.delivered <= r.expected ? "sí" : "NO"}` +
    (r.gaps > 0 ? ` (${r.gaps} saltos en el orden)` : "");
  const bare = results.find((r) => r.label.startsWith("ws pelado, agrupado"));
  console.log("");
  for (const r of results.filter((r) => r.label.startsWith("hub"))) {
    console.log(goal(r));
    if (bare)
      console.log(
        `  / ws pelado agrupado: p50 ${(r.p50 / bare.p50).toFixed(2)}×, p99 ${(r.p99 / bare.p99).toFixed(2)}×, ` +
          `CPU de servidor ${(r.server.cpuMs / Math.max(bare.server.cpuMs, 1)).toFixed(2)}× ` +
          `(${((1000 * r.server.cpuMs) / Math.max(r.sent, 1)).toFixed(0)} frente a ` +
          `${((1000 * bare.server.cpuMs) / Math.max(bare.sent, 1)).toFixed(0)} µs de CPU por posición)`,
      );
  }
  for (const line of writes) console.log(`escritura por lotes, ${line}`);
  console.log(
    `carga media (1 min) al terminar ${load()}; hub en ${Math.round((performance.now() - t0) / 1000)} s`,
  );
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHubBench().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
