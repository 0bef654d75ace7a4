/**
 * `npm run bench:sos` (issue 38, «Measured»): 200 SOS raised at once across 2 API instances on
 * PostgreSQL + Redis while 2,000 vehicles send positions; time from the request to `ReceiveIncident`
 * at every admin's socket (official SignalR client; the goal is p99 ≤ 2 s), none lost or duplicated
 * (each SOS is also retried at once, same actionId, on the other instance); then the same with the
 * phones offline for 60 s first (the SOS queued with the phone's time of the press and sent through
 * `POST FieldAction/batch` when back). Reuses the hub benchmark (bench/hub): its database seed, its
 * app process (two of them behind Redis) and its drivers' raw sockets; the riders (collaborators
 * boarded on trips in progress) are seeded here, a fresh set per phase so the second phase's SOS is
 * nobody's second. Prints a markdown table per phase and the machine's load; nothing asserts a time.
 *
 * Before them a reference: BENCH_SOS_REFERENCE SOS one at a time (the same load, no crowd), the
 * floor the crowd's numbers compare to. Per phase the bench's own event-loop delay too: a late
 * receipt there is this process's, not the server's.
 *
 * Env: BENCH_SOS_COUNT (200 SOS per phase), BENCH_SOS_REFERENCE (20), BENCH_SOS_DRIVERS (2000),
 * BENCH_SOS_ADMINS (10), BENCH_SOS_PERIOD_MS (5000, each driver's position period),
 * BENCH_SOS_WARMUP_SECONDS (5), BENCH_SOS_OFFLINE_SECONDS (60), BENCH_SOS_DRAIN_SECONDS (20, the
 * longest wait for deliveries), BENCH_SOS_RETRY (1; 0 sends each SOS once),
 * BENCH_SOS_PHASES (reference,online,offline), REDIS_URL (redis://127.0.0.1:6379),
 * BENCH_SOS_DATABASE_URL (default: BENCH_DATABASE_URL's server, database treiber_bench_sos, dropped
 * and recreated each run).
 */
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createTokenService } from "../../apps/api/src/modules/auth/token-service.js";
import type { Target } from "../hub/clients.js";
import { recreateDatabase, seedHubData } from "../hub/seed.js";
import { type ServerProcess, startServerProcess } from "../hub/server-ipc.js";
import { sleep } from "../lib/stats.js";
import { connectControlRoom, startPositionLoad } from "./load.js";
import { seedSosRiders } from "./seed-sos.js";
import { type PhaseRider, runSosPhase, type SosPhaseResult } from "./sos-phase.js";

const env = process.env;
const COUNT = Number(env.BENCH_SOS_COUNT ?? 200);
const DRIVERS = Number(env.BENCH_SOS_DRIVERS ?? 2000);
const ADMINS = Number(env.BENCH_SOS_ADMINS ?? 10);
const PERIOD_MS = Number(env.BENCH_SOS_PERIOD_MS ?? 5000);
const WARMUP_SECONDS = Number(env.BENCH_SOS_WARMUP_SECONDS ?? 5);
const OFFLINE_SECONDS = Number(env.BENCH_SOS_OFFLINE_SECONDS ?? 60);
const DRAIN_SECONDS = Number(env.BENCH_SOS_DRAIN_SECONDS ?? 20);
const REFERENCE = Number(env.BENCH_SOS_REFERENCE ?? 20);
const RETRY = env.BENCH_SOS_RETRY !== "0";
const PHASE_NAMES = ["reference", "online", "offline"] as const;
type Phase = (typeof PHASE_NAMES)[number];
const PHASES = (env.BENCH_SOS_PHASES ?? PHASE_NAMES.join(","))
  .split(",")
  .map((phase) => phase.trim())
  .filter((phase): phase is Phase => (PHASE_NAMES as readonly string[]).includes(phase));
const ridersOf = (phase: Phase) => (phase === "reference" ? REFERENCE : COUNT);
const LABELS: Record<Phase, string> = {
  reference: "referencia: una a la vez, POST Sos",
  online: "a la vez, en línea, POST Sos",
  offline: `a la vez, sin conexión ${OFFLINE_SECONDS} s, FieldAction/batch`,
};
const REDIS_URL = env.REDIS_URL ?? "redis://127.0.0.1:6379";
const BASE = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
const DATABASE_URL = new URL(env.BENCH_SOS_DATABASE_URL ?? new URL("/treiber_bench_sos", BASE).toString());

const ms = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(0));
const load = () => (loadavg()[0] ?? Number.NaN).toFixed(1);

type Row = { result: SosPhaseResult; cpu: string };

function printTable(results: Row[]) {
  console.log(
    "\n| fase | SOS (+ reintento) | incidencias | entregas (SOS × paneles) | p50 ms | p95 ms | p99 ms | máx ms | perdidas (SOS / entregas) | duplicadas (incidencias / personas / avisos) | respuestas ≠ 2xx | CPU de las 2 instancias; su bucle de eventos p99 | carga media al empezar / terminar |",
  );
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const { result: r, cpu } of results) {
    console.log(
      `| ${r.label} | ${r.sos} (+ ${r.retries}) | ${r.incidents} | ${r.deliveries} / ${r.sos * r.admins} | ` +
        `${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.lostSos} / ${r.lostDeliveries} | ` +
        `${r.duplicateIncidents} / ${r.duplicatePersons} / ${r.duplicateAnnouncements} | ${r.failedRequests} | ${cpu} | ` +
        `${r.loadStart.toFixed(1)} / ${r.loadEnd.toFixed(1)} |`,
    );
  }
}

export async function runSosBench() {
  console.log(
    `\nSOS (issue 38): ${COUNT} SOS a la vez por fase, cada una enviada dos veces (mismo actionId, la otra ` +
      `instancia); 2 instancias + Redis sobre PostgreSQL; ${DRIVERS} choferes envían posición cada ` +
      `${PERIOD_MS / 1000} s; ${ADMINS} paneles de administrador con el cliente oficial @microsoft/signalr`,
  );
  console.log(`máquina: ${availableParallelism()} núcleos, carga media (1 min) al empezar ${load()}`);
  const t0 = performance.now();
  await recreateDatabase(DATABASE_URL);
  const sql = new pg.Client({ connectionString: DATABASE_URL.toString() });
  await sql.connect();
  const seed = await seedHubData(sql, { drivers: DRIVERS, admins: ADMINS });
  const { riders } = await seedSosRiders(sql, {
    riders: PHASES.reduce((sum, phase) => sum + ridersOf(phase), 0),
    tripIds: seed.drivers.map((driver) => driver.tripId),
  });
  const secret = randomBytes(32).toString("base64url");
  const tokens = createTokenService(secret);
  const sign = (id: number, role: "Driver" | "Admin" | "Collaborator", session: string) =>
    tokens.signAccessToken({ id, role }, session);
  const driverLoad = await Promise.all(
    seed.drivers.map(async (driver) => ({
      token: await sign(driver.userId, "Driver", seed.sessions.get(driver.userId) ?? ""),
      tripId: driver.tripId,
    })),
  );
  const adminTokens = await Promise.all(
    seed.adminIds.map((id) => sign(id, "Admin", seed.sessions.get(id) ?? "")),
  );
  const phaseRiders: PhaseRider[] = await Promise.all(
    riders.map(async (rider) => ({
      userId: rider.userId,
      name: rider.name,
      tripId: rider.tripId,
      token: await sign(rider.userId, "Collaborator", rider.sessionId),
    })),
  );
  console.log(
    `base ${DATABASE_URL.pathname.slice(1)} preparada en ${Math.round(performance.now() - t0)} ms ` +
      `(${seed.drivers.length} viajes en curso, ${riders.length} pasajeros a bordo)`,
  );

  const channel = `treiber-bench-sos:${randomBytes(6).toString("hex")}`;
  const servers: ServerProcess[] = await Promise.all(
    [0, 1].map(() =>
      startServerProcess("./hub-server-process.ts", {
        BENCH_HUB_DATABASE_URL: DATABASE_URL.toString(),
        BENCH_HUB_JWT_SECRET: secret,
        BENCH_HUB_REDIS_URL: REDIS_URL,
        BENCH_HUB_REDIS_CHANNEL: channel,
      }),
    ),
  );
  const results: Row[] = [];
  try {
    const targets: Target[] = servers.map((server) => ({
      baseUrl: `http://127.0.0.1:${server.port}`,
      kind: "hub",
    }));
    const now = () => performance.now();
    const room = await connectControlRoom(targets, adminTokens, now);
    const positions = await startPositionLoad(targets, driverLoad, PERIOD_MS);
    await sleep(WARMUP_SECONDS * 1000);
    let next = 0;
    for (const phase of PHASES) {
      const label = LABELS[phase];
      const phaseRidersNow = phaseRiders.slice(next, next + ridersOf(phase));
      next += phaseRidersNow.length;
      const before = { ...positions.counts, received: room.positionsReceived() };
      let statementsBefore = 0;
      const benchLoop = monitorEventLoopDelay({ resolution: 5 });
      benchLoop.enable();
      const result = await runSosPhase({
        label,
        baseUrls: targets.map((target) => target.baseUrl),
        riders: phaseRidersNow,
        room,
        admins: ADMINS,
        offlineMs: phase === "offline" ? OFFLINE_SECONDS * 1000 : undefined,
        retry: RETRY,
        spacingMs: phase === "reference" ? 200 : undefined,
        beforeSend: async () => {
          await Promise.all(servers.map((server) => server.reset()));
          statementsBefore = (await Promise.all(servers.map((server) => server.stats()))).reduce(
            (sum, s) => sum + s.statements - s.positionInserts - s.latestUpdates,
            0,
          );
        },
        drainMs: DRAIN_SECONDS * 1000,
        sql,
        now,
      });
      const stats = await Promise.all(servers.map((server) => server.stats()));
      const cpuMs = stats.reduce((sum, s) => sum + s.cpuMs, 0);
      const wallMs = stats[0]?.wallMs ?? Number.NaN;
      const loopP99 = Math.max(...stats.map((s) => s.loopDelayP99Ms));
      const statements =
        stats.reduce((sum, s) => sum + s.statements - s.positionInserts - s.latestUpdates, 0) -
        statementsBefore;
      results.push({
        result,
        cpu: `${((100 * cpuMs) / wallMs).toFixed(0)} % de ${(wallMs / 1000).toFixed(1)} s; bucle p99 ${ms(loopP99)} ms`,
      });
      const c = positions.counts;
      console.log(
        `${label}: respuestas HTTP p50 ${ms(result.answerP50)} ms, p99 ${ms(result.answerP99)} ms` +
          (result.firstFailure ? `; primera respuesta ≠ 2xx: ${result.firstFailure}` : "") +
          (result.openedAtPhoneTime !== undefined
            ? `; abiertas con la hora del teléfono (no la del servidor): ${result.openedAtPhoneTime}`
            : "") +
          `; ${statements} sentencias SQL sin las de posiciones pero con el resto del trabajo del hub (${(statements / Math.max(1, result.sos + result.retries)).toFixed(1)} por petición SOS)` +
          `; posiciones durante la fase: ${c.sent - before.sent} enviadas, ${c.acked - before.acked} confirmadas, ` +
          `${c.errors - before.errors} con error, ${room.positionsReceived() - before.received} recibidas por los paneles; ` +
          `bucle de eventos del bench p99 ${ms(benchLoop.percentile(99) / 1e6)} ms, máx ${ms(benchLoop.max / 1e6)} ms`,
      );
      benchLoop.disable();
    }
    positions.stop();
    if (positions.counts.firstError)
      console.log(`primer error de SendGeolocation: ${positions.counts.firstError}`);
    await room.stop();
  } finally {
    await Promise.all(servers.map((server) => server.stop().catch(() => server.kill())));
    await sql.end();
  }
  printTable(results);
  console.log(
    `\nLatencia = petición enviada → ReceiveIncident en el socket de cada panel (mismo reloj). ` +
      `Carga media (1 min) al terminar ${load()}; total ${Math.round((performance.now() - t0) / 1000)} s.`,
  );
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSosBench().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
