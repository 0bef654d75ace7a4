/**
 * Hub part of `npm run bench` (also `npm run bench:hub`): N drivers report a position every 5 s
 * (spread evenly) through the hub's `SendGeolocation` while 100 admin dashboards receive every
 * `ReceivedDriverGeolocation`. The real app runs in a child process on PostgreSQL; a bare `ws`
 * server doing the same fan-out runs next, with the very same clients, in the same run. Prints
 * delivery latency (send → receive, both on this process's clock), server CPU and the ratios, and
 * how positions reached the database (rows vs insert statements). Nothing here asserts a time.
 *
 * Env: BENCH_HUB_DRIVERS (2000), BENCH_HUB_DASHBOARDS (100), BENCH_HUB_SECONDS (30, measured),
 * BENCH_HUB_WARMUP_SECONDS (5), BENCH_HUB_PERIOD_MS (5000), BENCH_HUB_DASHBOARD_CLIENT
 * (raw | official), BENCH_HUB_VERBOSE=1 (progress), BENCH_HUB_DATABASE_URL (default: BENCH_DATABASE_URL's server, database
 * treiber_bench_hub, dropped and recreated each run).
 */
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { WebSocket } from "ws";
import { createTokenService } from "../../apps/api/src/modules/auth/token-service.js";
import { connectDashboard, rawConnection, type Target } from "./clients.js";
import { recreateDatabase, seedHubData } from "./seed.js";
import { type ServerProcess, type ServerStats, startServerProcess } from "./server-ipc.js";
import { createSamples, inBatches, procCpuMs, sleep } from "./stats.js";

const RS = "\x1e";

type Settings = {
  drivers: number;
  dashboards: number;
  seconds: number;
  warmupSeconds: number;
  periodMs: number;
  dashboardClient: "official" | "raw";
  databaseUrl: URL;
};

type PhaseResult = {
  label: string;
  sent: number;
  expected: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  ackP50?: number;
  ackP99?: number;
  ackErrors: number;
  firstAckError?: string;
  server: ServerStats;
  /** CPU of the PostgreSQL backends serving the app during the window (hub only), ms. */
  postgresCpuMs?: number;
  clientLoopP99: number;
  sentTotal: number;
  countersAfterDrain?: ServerStats;
};

function settingsFromEnv(env = process.env): Settings {
  const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const databaseUrl = new URL(env.BENCH_HUB_DATABASE_URL ?? new URL("/treiber_bench_hub", base).toString());
  return {
    drivers: Number(env.BENCH_HUB_DRIVERS ?? 2000),
    dashboards: Number(env.BENCH_HUB_DASHBOARDS ?? 100),
    seconds: Number(env.BENCH_HUB_SECONDS ?? 30),
    warmupSeconds: Number(env.BENCH_HUB_WARMUP_SECONDS ?? 5),
    periodMs: Number(env.BENCH_HUB_PERIOD_MS ?? 5000),
    dashboardClient: env.BENCH_HUB_DASHBOARD_CLIENT === "official" ? "official" : "raw",
    databaseUrl,
  };
}

async function backendPids(client: pg.Client, dbName: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [dbName],
  );
  return rows.map((row) => row.pid);
}

/** One server under the same load: connect, warm up, measure, drain, disconnect. */
async function runPhase(
  label: string,
  server: ServerProcess,
  target: Target,
  settings: Settings,
  auth: { driverTokens: string[]; trips: number[]; adminTokens: string[] },
  postgres?: { client: pg.Client; dbName: string },
): Promise<PhaseResult> {
  const sentAt = new Map<string, { at: number; left: number; measured: boolean }>();
  const latency = createSamples();
  const ack = createSamples();
  let measuring = false;
  let delivered = 0;
  let ackErrors = 0;
  let firstAckError: string | undefined;

  const onPosition = (position: { intermediateRouteId: number; latitude: number }) => {
    const now = performance.now();
    const key = `${position.intermediateRouteId}:${position.latitude}`;
    const entry = sentAt.get(key);
    if (!entry) return;
    if (entry.measured) {
      latency.add(now - entry.at);
      delivered++;
    }
    if (--entry.left === 0) sentAt.delete(key);
  };
  const step = (text: string) =>
    process.env.BENCH_HUB_VERBOSE === "1" && console.error(`  [${label}] ${text}`);
  step("conectando paneles");
  const dashboards = await inBatches(auth.adminTokens, 10, (token) =>
    connectDashboard(target, token, settings.dashboardClient, onPosition),
  );

  step("conectando choferes");
  const pendingAcks = new Map<string, { at: number; measured: boolean }>();
  const drivers: WebSocket[] = await inBatches(auth.driverTokens, 50, (token) =>
    rawConnection(target, token, "driver", (text) => {
      const message = JSON.parse(text) as { type: number; invocationId?: string; error?: string };
      if (message.type !== 3 || message.invocationId === undefined) return;
      const pending = pendingAcks.get(message.invocationId);
      pendingAcks.delete(message.invocationId);
      if (message.error !== undefined) {
        ackErrors++;
        firstAckError ??= message.error;
      } else if (pending?.measured) ack.add(performance.now() - pending.at);
    }),
  );

  // Driver i reports at i/N of each period, so the load is even; the loop catches up if late.
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
      const n = (seq[index] ?? 0) + 1;
      seq[index] = n;
      const latitude = 18.45 + (n % 5000) * 1e-5;
      const invocationId = String(sends);
      const at = performance.now();
      sentAt.set(`${tripId}:${latitude}`, { at, left: dashboards.length, measured: measuring });
      pendingAcks.set(invocationId, { at, measured: measuring });
      if (measuring) sentMeasured++;
      socket.send(
        `{"type":1,"invocationId":"${invocationId}","target":"SendGeolocation","arguments":[${tripId},${latitude},-69.93]}${RS}`,
      );
    }
  }, 5);

  step("calentando");
  await sleep(settings.warmupSeconds * 1000);
  step("midiendo");
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  await server.reset();
  const pidsBefore = postgres ? await backendPids(postgres.client, postgres.dbName) : [];
  const cpuBefore = new Map(pidsBefore.map((pid) => [pid, procCpuMs(pid)]));
  measuring = true;
  step("reiniciado");
  await sleep(settings.seconds * 1000);
  measuring = false;
  step("fin de la medida");
  const serverStats = await server.stats();
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
  const countersAfterDrain = await server.stats();
  step("cerrando");
  for (const socket of drivers) socket.terminate();
  await Promise.all(dashboards.map((dashboard) => dashboard.stop().catch(() => {})));

  const [p50, p99, max] = latency.percentiles(50, 99, 100);
  const [ackP50, ackP99] = ack.count > 0 ? ack.percentiles(50, 99) : [];
  return {
    label,
    sent: sentMeasured,
    expected: sentMeasured * dashboards.length,
    delivered,
    p50: p50 ?? Number.NaN,
    p99: p99 ?? Number.NaN,
    max: max ?? Number.NaN,
    ackP50,
    ackP99,
    ackErrors,
    firstAckError,
    server: serverStats,
    postgresCpuMs,
    clientLoopP99: clientLoop.percentile(99) / 1e6,
    sentTotal: sends,
    countersAfterDrain,
  };
}

const ms = (value: number | undefined) => (value === undefined ? "—" : value.toFixed(1));
const pct = (cpuMs: number, wallMs: number) => `${((100 * cpuMs) / wallMs).toFixed(0)} %`;

const HEADER = [
  "enviadas",
  "entregas",
  "perdidas",
  "p50 ms",
  "p99 ms",
  "máx ms",
  "CPU",
  "bucle p99",
  "cliente p99",
];
function printRow(r: PhaseResult) {
  console.log(
    r.label.padEnd(36) +
      [
        String(r.sent),
        String(r.delivered),
        String(r.expected - r.delivered),
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        pct(r.server.cpuMs, r.server.wallMs),
        ms(r.server.loopDelayP99Ms),
        ms(r.clientLoopP99),
      ]
        .map((v) => v.padStart(11))
        .join(""),
  );
}

export async function runHubBench(settings: Settings = settingsFromEnv()) {
  const load = () => loadavg()[0]?.toFixed(1);
  const rate = (settings.drivers * 1000) / settings.periodMs;
  console.log(
    `\nHub en tiempo real: ${settings.drivers} choferes (una posición cada ${settings.periodMs / 1000} s, ` +
      `${rate.toFixed(0)}/s), ${settings.dashboards} paneles de administrador ` +
      `(${settings.dashboardClient === "official" ? "cliente oficial @microsoft/signalr" : "WebSocket crudo"}), ` +
      `${settings.seconds} s medidos tras ${settings.warmupSeconds} s de calentamiento por servidor`,
  );
  console.log(`máquina: ${availableParallelism()} núcleos, carga media (1 min) al empezar ${load()}`);

  const t0 = performance.now();
  await recreateDatabase(settings.databaseUrl);
  const sql = new pg.Client({ connectionString: settings.databaseUrl.toString() });
  await sql.connect();
  const seed = await seedHubData(sql, { drivers: settings.drivers, admins: settings.dashboards });
  const secret = randomBytes(32).toString("base64url");
  const tokens = createTokenService(secret);
  const auth = {
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
  console.log(
    `base ${settings.databaseUrl.pathname.slice(1)} preparada en ${Math.round(performance.now() - t0)} ms`,
  );

  console.log(`\n${"servidor".padEnd(36)}${HEADER.map((h) => h.padStart(11)).join("")}`);
  const hubServer = await startServerProcess("./hub-server-process.ts", {
    BENCH_HUB_DATABASE_URL: settings.databaseUrl.toString(),
    BENCH_HUB_JWT_SECRET: secret,
  });
  const hub = await runPhase(
    "hub /server (app real, PostgreSQL)",
    hubServer,
    { baseUrl: `http://127.0.0.1:${hubServer.port}`, kind: "hub" },
    settings,
    auth,
    { client: sql, dbName: settings.databaseUrl.pathname.slice(1) },
  );
  await hubServer.stop();
  printRow(hub);
  const { rows } = await sql.query<{ n: number; trips: number }>(
    "select count(*)::int as n, count(distinct intermediate_route_id)::int as trips from trip_positions",
  );
  const updated = await sql.query<{ n: number }>(
    "select count(*)::int as n from intermediate_routes where last_position_at is not null",
  );
  await sql.end();

  const bareServer = await startServerProcess("./bare-server-process.ts", {});
  let bare: PhaseResult;
  try {
    bare = await runPhase(
      "ws pelado (mismo fan-out)",
      bareServer,
      { baseUrl: `http://127.0.0.1:${bareServer.port}`, kind: "bare" },
      settings,
      auth,
    );
  } catch (error) {
    // A saturated machine can leave the baseline unable even to answer: say so, keep the hub's numbers.
    console.log(`ws pelado: sin resultado (${(error as Error).message}); la máquina no sostiene esta carga`);
    bareServer.kill();
    return { hub, bare: undefined };
  }
  await bareServer.stop();
  printRow(bare);

  const cpuRatio = hub.server.cpuMs / Math.max(bare.server.cpuMs, 1);
  console.log(
    `\nhub / ws pelado: p50 ${(hub.p50 / bare.p50).toFixed(2)}×, p99 ${(hub.p99 / bare.p99).toFixed(2)}×, ` +
      `CPU ${cpuRatio.toFixed(2)}× (${(hub.server.cpuMs / Math.max(hub.sent, 1)).toFixed(3)} frente a ` +
      `${(bare.server.cpuMs / Math.max(bare.sent, 1)).toFixed(3)} ms de CPU por posición)`,
  );
  console.log(
    `objetivo p99 < 50 ms: ${hub.p99 < 50 ? "cumple" : "NO cumple"}; p99 ≤ 2× ws pelado: ` +
      `${hub.p99 <= 2 * bare.p99 ? "cumple" : "NO cumple"}`,
  );
  if (hub.postgresCpuMs !== undefined)
    console.log(
      `CPU de PostgreSQL (backends de la app) durante la medida: ${pct(hub.postgresCpuMs, hub.server.wallMs)}`,
    );
  console.log(
    `confirmación de SendGeolocation (incluye la escritura por lotes): p50 ${ms(hub.ackP50)} ms, p99 ${ms(hub.ackP99)} ms, ` +
      `errores ${hub.ackErrors}${hub.firstAckError ? ` (p. ej. "${hub.firstAckError}")` : ""}`,
  );
  const counters = hub.countersAfterDrain;
  const n = rows[0]?.n ?? 0;
  console.log(
    `escritura por lotes: ${hub.sentTotal} posiciones enviadas → ${n} filas en trip_positions ` +
      `(${rows[0]?.trips ?? 0} rutas, ${updated.rows[0]?.n ?? 0} con última posición) con ` +
      `${counters?.positionInserts ?? "?"} inserts en trip_positions y ${counters?.latestUpdates ?? "?"} updates de ` +
      `intermediate_routes (${counters?.positionInserts ? (n / counters.positionInserts).toFixed(0) : "?"} filas por insert); ` +
      `${counters?.statements ?? "?"} sentencias en total`,
  );
  console.log(
    `carga media (1 min) al terminar ${load()}; hub en ${Math.round((performance.now() - t0) / 1000)} s`,
  );
  return { hub, bare };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHubBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
