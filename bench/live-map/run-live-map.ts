/**
 * `npm run bench:map`: how smooth the dashboard's live map is in a real headless Chromium with
 * N trips in progress (2,000 by default) while their drivers stream positions through the real
 * SignalR hub. The real app (built web included) runs in a child process on PostgreSQL; N raw
 * WebSocket drivers call `SendGeolocation` like in the hub benchmark (driver i reports at i/N of
 * each period); one SuperAdmin has the dashboard (`/`) open in Chromium. Phases, one after the
 * other in the same run:
 *   1. "mapa quieto": the N markers on the map, no positions sent;
 *   2. every driver reports every 5 s (N/5 positions per second);
 *   3. every driver reports every BENCH_MAP_FAST_PERIOD_MS (2 s by default; 0 skips it).
 * For each phase it prints, from inside the page: frames per second and frame times
 * (requestAnimationFrame), long tasks (count, time, share of the phase), the positions the page
 * received (WebSocket records `ReceivedDriverGeolocation`) and the markers drawn on the canvas per
 * second (calls to `arc`; "redibujos/s" is that divided by N: whole-map redraws' worth, as Leaflet
 * only repaints the part of the canvas that changed); from Chromium (CDP Performance.getMetrics): JS heap at start and end,
 * main-thread script / layout / style time; and the CPU of the server and of Chromium. Map tiles
 * (an external URL) are blocked. Nothing here asserts a time.
 *
 * Env: BENCH_MAP_DRIVERS (2000), BENCH_MAP_SECONDS (20, measured per phase),
 * BENCH_MAP_WARMUP_SECONDS (3, before each phase), BENCH_MAP_PERIOD_MS (5000),
 * BENCH_MAP_FAST_PERIOD_MS (2000; 0: no third phase; the hub accepts at most one position per
 * second per driver), BENCH_MAP_VIEWPORT (1440x900), BENCH_MAP_SCREENSHOT (a .png path: the page
 * at the end), BENCH_MAP_VERBOSE=1 (progress), WEB_DIST_DIR (/tmp/treiber-bench-map-dist: the
 * web build the server serves; built when missing or stale), BENCH_MAP_DATABASE_URL (default:
 * BENCH_DATABASE_URL's server, database treiber_bench_map, dropped and recreated each run).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import { API, apiPath } from "@treiber/contract/api-paths";
import { SeededRandom } from "@treiber/contract/seeded-random";
import pg from "pg";
import type { WebSocket } from "ws";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { createSuperAdmin } from "../../apps/api/src/modules/auth/create-super-admin.js";
import { createTokenService } from "../../apps/api/src/modules/auth/token-service.js";
import { rawConnection, recordSplitter } from "../hub/clients.js";
import { recreateDatabase, seedHubData } from "../hub/seed.js";
import { type ServerProcess, type ServerStats, startServerProcess } from "../hub/server-ipc.js";
import { percentileOfSorted as percentile } from "../lib/percentile.js";
import { inBatches, procCpuMs, sleep } from "../lib/stats.js";
import { PAGE_PROBE, type ProbeResult } from "./page-probe.js";

const RS = "\x1e";
const root = new URL("../..", import.meta.url).pathname;

type Settings = {
  drivers: number;
  seconds: number;
  warmupSeconds: number;
  periodMs: number;
  fastPeriodMs: number;
  viewport: { width: number; height: number };
  screenshot: string | undefined;
  webDistDir: string;
  databaseUrl: URL;
};

function settingsFromEnv(env = process.env): Settings {
  const base = new URL(env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/treiber_bench");
  const [width, height] = (env.BENCH_MAP_VIEWPORT ?? "1440x900").split("x").map(Number);
  return {
    drivers: Number(env.BENCH_MAP_DRIVERS ?? 2000),
    seconds: Number(env.BENCH_MAP_SECONDS ?? 20),
    warmupSeconds: Number(env.BENCH_MAP_WARMUP_SECONDS ?? 3),
    periodMs: Number(env.BENCH_MAP_PERIOD_MS ?? 5000),
    fastPeriodMs: Number(env.BENCH_MAP_FAST_PERIOD_MS ?? 2000),
    viewport: { width: width || 1440, height: height || 900 },
    screenshot: env.BENCH_MAP_SCREENSHOT || undefined,
    webDistDir: env.WEB_DIST_DIR || "/tmp/treiber-bench-map-dist",
    databaseUrl: new URL(env.BENCH_MAP_DATABASE_URL ?? new URL("/treiber_bench_map", base).toString()),
  };
}

const step = (text: string) => process.env.BENCH_MAP_VERBOSE === "1" && console.error(`  [mapa] ${text}`);

/** "2.000": thousands with a dot, as the issue writes them. */
const thousands = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/**
 * Which grid cell each driver's trip uses: a fixed shuffle, so the drivers reporting in the same
 * quarter of a second (consecutive indexes) are spread over the whole map, not one band of it.
 */
const cells = new Map<number, number[]>();
function cellOf(index: number, drivers: number): number {
  let order = cells.get(drivers);
  if (!order) {
    order = new SeededRandom(0x2f6b1d3).shuffle(Array.from({ length: drivers }, (_, i) => i));
    cells.set(drivers, order);
  }
  return order[index] ?? index;
}

/**
 * Driver i's trip sits on a grid cell over Santo Domingo and circles around it as it reports, so
 * every position moves its marker visibly; report 0 is the position stored in the database.
 */
function positionOf(driver: number, drivers: number, report: number): [number, number] {
  const index = cellOf(driver, drivers);
  const south = 18.42;
  const west = -70.02;
  const height = 0.14;
  const width = 0.2;
  const cols = Math.max(1, Math.ceil(Math.sqrt((drivers * width) / height)));
  const rows = Math.max(1, Math.ceil(drivers / cols));
  const cellLat = height / rows;
  const cellLng = width / cols;
  const radius = 0.3 * Math.min(cellLat, cellLng);
  const angle = report * 0.7;
  const latitude = south + (Math.floor(index / cols) + 0.5) * cellLat + radius * Math.sin(angle);
  const longitude = west + ((index % cols) + 0.5) * cellLng + radius * Math.cos(angle);
  return [Number(latitude.toFixed(6)), Number(longitude.toFixed(6))];
}

/** Builds the web app into `outDir` when missing or stale (scripts/web-build.mjs). */
function ensureWebBuild(outDir: string) {
  const result = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      'const { ensureWebBuild } = await import("./scripts/web-build.mjs"); ensureWebBuild();',
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, WEB_DIST_DIR: outDir } },
  );
  if (result.status !== 0) throw new Error(`no se pudo compilar la aplicación web (código ${result.status})`);
}

/** Every live process under this one (Chromium's browser, zygote, GPU and renderer processes…). */
function descendants(ofPid: number, except: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found: number[] = [];
  const queue = [...(children.get(ofPid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    if (pid === except) continue;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** CPU time of Chromium's processes between two snapshots (processes that ended are lost). */
function chromiumCpu(serverPid: number) {
  const read = () => new Map(descendants(process.pid, serverPid).map((pid) => [pid, procCpuMs(pid) ?? 0]));
  const before = read();
  return () => {
    let total = 0;
    for (const [pid, now] of read()) total += now - (before.get(pid) ?? 0);
    return total;
  };
}

async function cdpMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
}

type Drivers = {
  sockets: WebSocket[];
  trips: number[];
  acks: number;
  ackErrors: number;
  firstAckError?: string;
};

/** Sends positions like the hub benchmark: driver i at i/N of each period, catching up if late. */
function startReporting(drivers: Drivers, periodMs: number, reports: number[]) {
  const n = drivers.sockets.length;
  let sends = 0;
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * n) / periodMs) + 1;
    for (; sends < due; sends++) {
      const index = sends % n;
      const report = (reports[index] ?? 0) + 1;
      reports[index] = report;
      const [latitude, longitude] = positionOf(index, n, report);
      (drivers.sockets[index] as WebSocket).send(
        `{"type":1,"invocationId":"${sends}","target":"SendGeolocation","arguments":[${drivers.trips[index]},${latitude},${longitude}]}${RS}`,
      );
    }
  }, 5);
  return {
    get sent() {
      return sends;
    },
    stop: () => clearInterval(timer),
  };
}

type PhaseResult = {
  label: string;
  probe: ProbeResult;
  sent: number;
  received: number;
  ackErrors: number;
  firstAckError?: string;
  heapStartMb: number;
  heapEndMb: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  taskMs: number;
  server: ServerStats;
  chromiumCpuMs: number;
  markers: string;
};

async function runPhase(
  label: string,
  context: {
    page: Page;
    cdp: CDPSession;
    server: ServerProcess;
    drivers: Drivers;
    reports: number[];
    received: { count: number };
  },
  settings: Settings,
  periodMs: number | undefined,
): Promise<PhaseResult> {
  const { page, cdp, server, drivers, received } = context;
  step(`${label}: calentando`);
  const reporting = periodMs ? startReporting(drivers, periodMs, context.reports) : undefined;
  await sleep(settings.warmupSeconds * 1000);

  step(`${label}: midiendo`);
  const sentBefore = reporting?.sent ?? 0;
  const errorsBefore = drivers.ackErrors;
  const metricsBefore = await cdpMetrics(cdp);
  await server.reset();
  const chromium = chromiumCpu(server.pid);
  received.count = 0;
  await page.evaluate("window.__mapBench.begin()");
  await sleep(settings.seconds * 1000);
  const probe = (await page.evaluate("window.__mapBench.end()")) as ProbeResult;
  const receivedCount = received.count;
  const sent = (reporting?.sent ?? 0) - sentBefore;
  const chromiumCpuMs = chromium();
  const serverStats = await server.stats();
  const metricsAfter = await cdpMetrics(cdp);
  reporting?.stop();
  const markers = (await page.getByTestId("live-map-count").textContent()) ?? "?";
  const delta = (name: string) => ((metricsAfter[name] ?? 0) - (metricsBefore[name] ?? 0)) * 1000;
  return {
    label,
    probe,
    sent,
    received: receivedCount,
    ackErrors: drivers.ackErrors - errorsBefore,
    firstAckError: drivers.firstAckError,
    heapStartMb: (metricsBefore.JSHeapUsedSize ?? 0) / 2 ** 20,
    heapEndMb: (metricsAfter.JSHeapUsedSize ?? 0) / 2 ** 20,
    scriptMs: delta("ScriptDuration"),
    layoutMs: delta("LayoutDuration"),
    styleMs: delta("RecalcStyleDuration"),
    taskMs: delta("TaskDuration"),
    server: serverStats,
    chromiumCpuMs,
    markers,
  };
}

const f1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "—");
const f0 = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "—");
const share = (partMs: number, wallMs: number) => `${((100 * partMs) / wallMs).toFixed(0)} %`;

function frameStats(r: PhaseResult) {
  const sorted = [...r.probe.frames].sort((a, b) => a - b);
  const longTaskMs = r.probe.longTasks.reduce((sum, ms) => sum + ms, 0);
  return {
    fps: (1000 * sorted.length) / r.probe.wallMs,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    slow: sorted.filter((ms) => ms > 50).length,
    longTasks: r.probe.longTasks.length,
    longTaskMs,
    longTaskShare: (100 * longTaskMs) / r.probe.wallMs,
  };
}

function printTables(results: PhaseResult[], drivers: number) {
  const pad = 30;
  const head = (cols: string[]) => console.log("fase".padEnd(pad) + cols.map((h) => h.padStart(12)).join(""));
  const row = (label: string, cols: string[]) =>
    console.log(label.padEnd(pad) + cols.map((v) => v.padStart(12)).join(""));

  console.log("\nfluidez (en la página, requestAnimationFrame y PerformanceObserver longtask)");
  head(["fps", "p50 ms", "p95 ms", "p99 ms", "máx ms", ">50 ms", "t. largas", "ms largas", "% tiempo"]);
  for (const r of results) {
    const s = frameStats(r);
    row(r.label, [
      f1(s.fps),
      f1(s.p50),
      f1(s.p95),
      f1(s.p99),
      f1(s.max),
      String(s.slow),
      String(s.longTasks),
      f0(s.longTaskMs),
      `${s.longTaskShare.toFixed(1)} %`,
    ]);
  }

  console.log("\nmovimiento y carga (por segundo de la fase; CPU en % de un núcleo)");
  head([
    "enviadas/s",
    "recib./s",
    "errores",
    "círculos/s",
    "redibujos/s",
    "JS ms/s",
    "layout ms/s",
    "heap MB",
    "CPU Chrom.",
    "CPU serv.",
  ]);
  for (const r of results) {
    const seconds = r.probe.wallMs / 1000;
    const heap = `${r.heapStartMb.toFixed(0)}→${r.heapEndMb.toFixed(0)}`;
    row(r.label, [
      f0(r.sent / seconds),
      f0(r.received / seconds),
      String(r.ackErrors),
      f0(r.probe.arcs / seconds),
      f1(r.probe.arcs / drivers / seconds),
      f0(r.scriptMs / seconds),
      f0((r.layoutMs + r.styleMs) / seconds),
      heap,
      share(r.chromiumCpuMs, r.probe.wallMs),
      share(r.server.cpuMs, r.server.wallMs),
    ]);
  }
  for (const r of results) {
    if (r.markers !== `${drivers} rutas en el mapa`) console.log(`${r.label}: la página dice "${r.markers}"`);
    if (r.firstAckError && r.ackErrors > 0)
      console.log(`${r.label}: ${r.ackErrors} SendGeolocation con error (p. ej. "${r.firstAckError}")`);
  }
}

export async function runLiveMapBench(settings: Settings = settingsFromEnv()) {
  const load = () => loadavg()[0]?.toFixed(1);
  const t0 = performance.now();
  console.log(
    `\nMapa en vivo del dashboard: ${thousands(settings.drivers)} rutas en curso en Chromium sin ventana ` +
      `(${settings.viewport.width}×${settings.viewport.height}), posiciones por el hub real ` +
      `(SendGeolocation de ${thousands(settings.drivers)} choferes por WebSocket crudo), ` +
      `${settings.seconds} s medidos tras ${settings.warmupSeconds} s de calentamiento por fase`,
  );
  console.log(`máquina: ${availableParallelism()} núcleos, carga media (1 min) al empezar ${load()}`);

  step(`web en ${settings.webDistDir}`);
  ensureWebBuild(settings.webDistDir);

  step("base de datos");
  await recreateDatabase(settings.databaseUrl);
  const sql = new pg.Client({ connectionString: settings.databaseUrl.toString() });
  await sql.connect();
  const seed = await seedHubData(sql, { drivers: settings.drivers, admins: 0 });
  // Each trip starts where its driver's first report would be: the map has its N markers at once.
  const start = seed.drivers.map((_driver, index) => positionOf(index, settings.drivers, 0));
  await sql.query(
    `update intermediate_routes t set last_latitude = v.lat, last_longitude = v.lng, last_position_at = now()
     from unnest($1::int[], $2::float8[], $3::float8[]) as v(id, lat, lng) where t.id = v.id`,
    [seed.drivers.map((d) => d.tripId), start.map((p) => p[0]), start.map((p) => p[1])],
  );
  await sql.end();
  const email = "mapa.bench@bench.treiber";
  const password = randomBytes(12).toString("base64url");
  const database = await openDatabase({ url: settings.databaseUrl.toString() });
  await createSuperAdmin(database.db, { email, password, name: "Mapa", lastname: "Bench" });
  await database.close();
  const secret = randomBytes(32).toString("base64url");
  const tokens = createTokenService(secret);
  const driverTokens = await Promise.all(
    seed.drivers.map((d) =>
      tokens.signAccessToken({ id: d.userId, role: "Driver" }, seed.sessions.get(d.userId) ?? ""),
    ),
  );
  console.log(
    `base ${settings.databaseUrl.pathname.slice(1)} y web preparadas en ${Math.round(performance.now() - t0)} ms`,
  );

  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const drivers: Drivers = { sockets: [], trips: seed.drivers.map((d) => d.tripId), acks: 0, ackErrors: 0 };
  try {
    step("servidor");
    server = await startServerProcess("../live-map/map-server-process.ts", {
      BENCH_MAP_DATABASE_URL: settings.databaseUrl.toString(),
      BENCH_MAP_JWT_SECRET: secret,
      WEB_DIST_DIR: settings.webDistDir,
    });
    const baseUrl = `http://127.0.0.1:${server.port}`;
    const target = { baseUrl, kind: "hub" as const };

    step("conectando choferes");
    drivers.sockets = await inBatches(driverTokens, 50, (token) =>
      rawConnection(
        target,
        token,
        "driver",
        recordSplitter((text) => {
          const message = JSON.parse(text) as { type: number; invocationId?: string; error?: string };
          if (message.type !== 3 || message.invocationId === undefined) return;
          drivers.acks++;
          if (message.error !== undefined) {
            drivers.ackErrors++;
            drivers.firstAckError ??= message.error;
          }
        }),
      ),
    );

    step("Chromium");
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    });
    const context = await browser.newContext({ baseURL: baseUrl, viewport: settings.viewport });
    // Map tiles come from an external server (no internet here): only our backend answers.
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => route.abort(),
    );
    const page = await context.newPage();
    const signIn = await page.request.post(apiPath(API.auth.signIn), { data: { email, password } });
    if (signIn.status() !== 200)
      throw new Error(`SignIn respondió ${signIn.status()}: ${await signIn.text()}`);
    const session = JSON.stringify(await signIn.json());
    await page.addInitScript((value) => {
      if (window.sessionStorage.getItem("bench-session-seeded")) return;
      window.sessionStorage.setItem("bench-session-seeded", "1");
      window.localStorage.setItem("Treiber", value);
    }, session);
    await page.addInitScript({ content: PAGE_PROBE });

    const received = { count: 0 };
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        const text = typeof payload === "string" ? payload : payload.toString("utf8");
        for (const record of text.split(RS))
          if (record.includes('"target":"ReceivedDriverGeolocation"')) received.count++;
      }),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");

    step("abriendo el dashboard");
    const opened = performance.now();
    await page.goto("/");
    const expected = `${settings.drivers} ${settings.drivers === 1 ? "ruta" : "rutas"} en el mapa`;
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="live-map-count"]')?.textContent === text,
      expected,
      { timeout: 120_000 },
    );
    const loadedMs = performance.now() - opened;
    await page.getByText("En vivo").first().waitFor({ timeout: 30_000 });
    const hubMs = performance.now() - opened;
    console.log(
      `dashboard abierto: "${expected}" a los ${Math.round(loadedMs)} ms, hub "En vivo" a los ${Math.round(hubMs)} ms`,
    );
    const longTasksSupported = await page.evaluate("window.__mapBench.supportsLongTasks");
    if (!longTasksSupported)
      console.log("este Chromium no informa tareas largas (PerformanceObserver longtask)");

    const phaseContext = { page, cdp, server, drivers, reports: [] as number[], received };
    const results: PhaseResult[] = [];
    results.push(await runPhase("mapa quieto", phaseContext, settings, undefined));
    const perPeriod = (periodMs: number) =>
      `${thousands(settings.drivers)} choferes cada ${periodMs / 1000} s`;
    results.push(await runPhase(perPeriod(settings.periodMs), phaseContext, settings, settings.periodMs));
    if (settings.fastPeriodMs > 0)
      results.push(
        await runPhase(perPeriod(settings.fastPeriodMs), phaseContext, settings, settings.fastPeriodMs),
      );
    if (settings.screenshot) await page.screenshot({ path: settings.screenshot });

    printTables(results, settings.drivers);

    const [quiet, streaming] = results.map(frameStats);
    if (quiet && streaming)
      console.log(
        `\ncon ${perPeriod(settings.periodMs)}: ${f1(streaming.fps)} fps (quieto ${f1(quiet.fps)} fps), ` +
          `p99 de cuadro ${f1(streaming.p99)} ms (quieto ${f1(quiet.p99)} ms), ` +
          `tareas largas ${streaming.longTaskShare.toFixed(1)} % del tiempo`,
      );
    console.log(
      `carga media (1 min) al terminar ${load()}; mapa en vivo en ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    return results;
  } finally {
    step("cerrando");
    for (const socket of drivers.sockets) socket.terminate();
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => server?.kill());
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLiveMapBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
