/**
 * `npm run bench:outbox`, second run, "red con pérdidas": a whole trip of Treiber App driven in the
 * system Chromium (phone context 390×844) through a local TCP proxy that makes a bad mobile network
 * (bench/field/lossy-proxy.ts) between the browser and the real built app (`node scripts/start.mjs`,
 * as the e2e do, on BENCH_PORT):
 *   - loss BENCH_NET_LOSS (0.2): each connection has that chance of being reset (RST) in its first
 *     exchange (the request lost, or the answer lost after the server applied it), each later chunk
 *     a tenth of it, and each chunk, either way, that chance of being held 200–3000 ms (holding the
 *     chunks behind it, as TCP does after a loss);
 *   - BENCH_NET_OUTAGES (3) outages of BENCH_NET_OUTAGE_MS (30 s): no byte goes either way and new
 *     connections hang; at the end the held traffic goes on (BENCH_NET_OUTAGE_END=reset: the
 *     connections held up are reset instead). `navigator.onLine` stays true (no setOffline): a real
 *     dead zone, which the app only learns from timeouts.
 * The fixture (a fresh driver, a not-scheduled route for now with its riders) is made over the API
 * directly, not through the proxy; the app is loaded and its service worker installed with the
 * proxy clean, then the loss begins. The driver starts the route, boards riders without QR ("Abordar
 * sin QR", with a reason): one in each stretch between outages and two inside each outage, while
 * the bus moves (context.setGeolocation every 5.5 s; the app sends at most one position per 5 s),
 * then ends the route. BENCH_NET_GAP_MS (30 s): the stretch of lossy network between outages.
 *
 * Reported: actions applied exactly once (boardings = taps, one Start and one End at the phone's
 * times), positions stored twice (same trip and recorded_at), positions whose stored time differs
 * from the phone's by more than 1 s, positions lost, and the time from the end of each outage until
 * the screen matches the server (no "Por enviar" / "pendiente(s) de enviar", each rider's state as
 * the server's). The phone's time of each position is the time its watchPosition callback ran
 * (recorded by a wrapper around `navigator.geolocation.watchPosition`, the same instant the app
 * stamps); the positions the app sends are those its 5-s throttle lets through. Also reported: the
 * time from "Abordar" to the sheet closing (the driver waits that long to see the tap), on the lossy
 * network and inside an outage. BENCH_NET_VERBOSE=1 prints, for each tap, the app's send in flight
 * when it was tapped, and the app's requests around the end of each outage.
 *
 * Nothing is asserted on time; the exit code is 1 only for a correctness failure (an action applied
 * twice or not at all, a position lost, stored twice or at a wrong time).
 *
 * Env: BENCH_PORT (8931), BENCH_NET_BASE_URL (a server already running with the demo accounts),
 * CHROMIUM_PATH (/usr/bin/chromium), BENCH_NET_VERBOSE=1 (progress and traces).
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { type BrowserContext, chromium } from "@playwright/test";
import { API, type ApiEndpoint, apiPath, clientPath } from "@treiber/contract/api-paths";
import { HEADLESS_FLAGS, PHONE_CONTEXT } from "../e2e/tests/field-fixtures.js";
import { ACCOUNTS, DEMO_PASSWORD, identityCardOf } from "../e2e/tests/helpers.js";
import { type BuiltServer, startBuiltServer } from "./field/built-server.js";
import { type OutageEnd, startLossyProxy } from "./field/lossy-proxy.js";
import { percentileOfSorted as percentile } from "./lib/percentile.js";

const OUTAGES = Number(process.env.BENCH_NET_OUTAGES ?? 3);
const LOSS = Number(process.env.BENCH_NET_LOSS ?? 0.2);
const OUTAGE_MS = Number(process.env.BENCH_NET_OUTAGE_MS ?? 30_000);
const GAP_MS = Number(process.env.BENCH_NET_GAP_MS ?? 30_000);
const OUTAGE_END: OutageEnd = process.env.BENCH_NET_OUTAGE_END === "reset" ? "reset" : "resume";
const PORT = Number(process.env.BENCH_PORT ?? 8931);
/** The bus moves this often (the app sends at most one position every 5 s). */
const FIX_EVERY_MS = 5_500;
/** The app's throttle (apps/field/src/features/trip/position-throttle.ts). */
const POSITION_INTERVAL_MS = 5_000;
/** Waiting longer than this for the screen to match the server counts as "never". */
const CATCH_UP_LIMIT_MS = 120_000;
const TIME_TOLERANCE_MS = 1_000;
const PASSWORD = "Bench12345!";
const REASON = "Teléfono descargado";
const step = (text: string) =>
  process.env.BENCH_NET_VERBOSE === "1" &&
  console.error(`  [red] ${new Date().toISOString().slice(11, 19)} ${text}`);

type Json = Record<string, unknown>;
type RiderStatus = "Pending" | "Boarded" | "Canceled";
type ServerRider = {
  employeeId: number;
  name: string;
  lastname: string;
  status: RiderStatus;
  scannedDate: string | null;
};
type Rider = { id: number; name: string; lastname: string; codeEmployee: string };
type TripDetail = {
  status: string;
  startedDate: string;
  endedDate: string | null;
  positions: { latitude: number; longitude: number; recordedDate: string }[];
};

const server: BuiltServer | null = process.env.BENCH_NET_BASE_URL
  ? null
  : await startBuiltServer(PORT, "network");
const baseUrl = server?.baseUrl ?? process.env.BENCH_NET_BASE_URL ?? "";

/** The API, directly (never through the proxy). */
/** One API call: a GET's `body` goes in its query. */
async function call<T>(
  endpoint: ApiEndpoint,
  token: string | null,
  body?: Record<string, unknown>,
): Promise<T> {
  const { method } = endpoint;
  const query = method === "GET" && body ? `?${new URLSearchParams(body as Record<string, string>)}` : "";
  const path = `${apiPath(endpoint)}${query}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      gmt: String(new Date().getTimezoneOffset() / 60),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined || method === "GET" ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const signIn = (email: string, password: string) =>
  call<Json & { token: string }>(API.auth.signIn, null, { email, password });

/** A fresh driver with `count` riders on a not-scheduled route for now (not started). */
async function createFixture(count: number) {
  const admin = (await signIn(ACCOUNTS.admin, DEMO_PASSWORD)).token;
  const first = async (endpoint: ApiEndpoint) => {
    const [item] = await call<{ id: number }[]>(endpoint, admin);
    if (!item) throw new Error(`${endpoint.path} sin datos`);
    return item.id;
  };
  const supplierId = await first(API.supplier.listName);
  const branchOfficeId = await first(API.branchOffice.listName);
  const stamp = String(Date.now()).slice(-7);
  const driverEmail = `chofer-red-${stamp}@bench.treiber.app`;
  const driver = await call<{ id: number }>(API.auth.driverSignup, admin, {
    email: driverEmail,
    password: PASSWORD,
    name: "Chofer",
    lastname: `Red ${stamp.slice(-4)}`,
    identityCard: identityCardOf(`002${stamp}`),
    telephone: "(809) 555-0101",
    licenseNumber: `LIC-R${stamp}`,
    supplierId,
    vehiclePlate: `R${stamp.slice(-6)}`,
    vehicleModel: "Toyota Coaster",
    vehicleCapacity: 60,
  });
  const riders: Rider[] = [];
  for (let i = 0; i < count; i++) {
    const rider = {
      name: `Pasajera ${String(i + 1).padStart(2, "0")}`,
      lastname: `Red ${stamp.slice(-4)}`,
      codeEmployee: `N${String(i + 1).padStart(2, "0")}-${stamp}`,
    };
    const created = await call<{ id: number }>(API.auth.employeeSignup, admin, {
      ...rider,
      email: `pasajera-red-${i}-${stamp}@bench.treiber.app`,
      password: PASSWORD,
      department: "Operaciones",
      jobTitle: "Operadora",
      telephone: "(809) 555-0202",
      branchOfficeId,
    });
    riders.push({ ...rider, id: created.id });
  }
  const routeName = `Ruta red ${stamp}`;
  await call(API.routeNotScheduled.create, admin, {
    name: routeName,
    scheduledAt: new Date().toISOString(),
    driverId: driver.id,
    cost: 25,
    employeeIds: riders.map((rider) => rider.id),
  });
  return { admin, driverEmail, riders, routeName };
}

/** Each watchPosition callback the app gets: the phone's time and the coordinates (a string: see bench:scan). */
const WRAP_GEOLOCATION = `(() => {
  const geo = navigator.geolocation;
  if (!geo) return;
  const watch = geo.watchPosition.bind(geo);
  geo.watchPosition = (success, error, options) =>
    watch((fix) => {
      const at = Date.now();
      try { window.benchFix(at, fix.coords.latitude, fix.coords.longitude); } catch {}
      success(fix);
    }, error, options);
})()`;

/** What the trip screen shows: its path, the "por enviar" marks, red banners, and each rider's state. */
const READ_SCREEN = `(() => {
  const text = document.body.innerText;
  const rows = [...document.querySelectorAll("ul.riders li.rider")].map((row) => ({
    name: row.querySelector(".rider-name")?.textContent?.trim() ?? "",
    state: row.querySelector(".badge")?.textContent?.trim() ?? "",
    unsent: row.querySelector(".unsent-note") !== null,
  }));
  return {
    path: location.pathname,
    unsent: /por enviar|pendientes? de enviar/i.test(text),
    indicator: /pendientes? de enviar/.test(text),
    rejected: (text.match(/No se registró/g) ?? []).length,
    finished: text.includes("Ruta finalizada"),
    rows,
  };
})()`;
type Screen = {
  path: string;
  unsent: boolean;
  indicator: boolean;
  rejected: number;
  finished: boolean;
  rows: { name: string; state: string; unsent: boolean }[];
};

/** The phone's outbox (IndexedDB treiber-outbox): waiting actions and the ones the server refused. */
const READ_OUTBOX = `(async () => {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("treiber-outbox");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  if (!db.objectStoreNames.contains("actions")) { db.close(); return null; }
  const all = (store) => new Promise((resolve, reject) => {
    const request = db.transaction(store).objectStore(store).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const actions = await all("actions");
  const rejected = await all("rejected");
  db.close();
  return {
    actions: actions.map((action) => ({ path: action.path, attempts: action.attempts })),
    rejected: rejected.map((action) => ({ path: action.path, status: action.status, message: action.message })),
  };
})()`;
type Outbox = {
  actions: { path: string; attempts: number }[];
  rejected: { path: string; status: number; message: string }[];
};

const shownStatus = (state: string): RiderStatus | "?" =>
  state.startsWith("Abordó")
    ? "Boarded"
    : state === "Pendiente" || state === "No abordó"
      ? "Pending"
      : state === "Canceló"
        ? "Canceled"
        : "?";

const seconds = (ms: number) =>
  Number.isFinite(ms) ? `${(ms / 1000).toFixed(1).replace(".", ",")} s` : "nunca";

async function run() {
  const boardingsWanted = OUTAGES * 3 + 1;
  const fixture = await createFixture(boardingsWanted + 2);
  const riderName = (rider: { name: string; lastname: string }) => `${rider.name} ${rider.lastname}`;
  const proxy = await startLossyProxy({
    target: { host: "127.0.0.1", port: Number(new URL(baseUrl).port) },
    outageEnd: OUTAGE_END,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: HEADLESS_FLAGS,
  });
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({
      ...PHONE_CONTEXT,
      permissions: ["geolocation"],
      baseURL: proxy.url,
    });
    const page = await context.newPage();
    const session = await signIn(fixture.driverEmail, PASSWORD);
    await page.addInitScript((value) => {
      if (!window.localStorage.getItem("Treiber")) window.localStorage.setItem("Treiber", value);
    }, JSON.stringify(session));

    // What the app does, seen from outside: each fix it gets, its REST positions, its hub positions.
    const fixes: { at: number; latitude: number; longitude: number }[] = [];
    await page.exposeFunction("benchFix", (at: number, latitude: number, longitude: number) => {
      fixes.push({ at, latitude, longitude });
    });
    await page.addInitScript(WRAP_GEOLOCATION);
    const restPositions = new Set<string>();
    const hubPositions = new Set<string>();
    const requests = { total: 0, failed: 0 };
    /** Every API request and hub socket of the page, for the verbose trace after each outage. */
    const trace = new Map<object, { start: number; end: number; what: string; outcome: string }>();
    page.on("request", (request) => {
      if (!request.url().includes("/api/v1/")) return;
      const what = `${request.method()} ${new URL(request.url()).pathname.replace("/api/v1", "")}`;
      trace.set(request, { start: performance.now(), end: Number.NaN, what, outcome: "…" });
      requests.total += 1;
      if (request.url().endsWith(apiPath(API.intermediateRoute.position))) {
        const at = (request.postDataJSON() as { recordedAt?: string } | null)?.recordedAt;
        if (at) restPositions.add(at);
      }
      // The outbox sends what waited in one request (FieldAction/batch): its positions count too.
      if (request.url().endsWith(API.fieldAction.batch.path)) {
        const batch = request.postDataJSON() as {
          actions?: { path: string; body: { recordedAt?: string } }[];
        };
        for (const action of batch?.actions ?? [])
          if (action.path === clientPath(API.intermediateRoute.position) && action.body.recordedAt)
            restPositions.add(action.body.recordedAt);
      }
    });
    page.on("requestfailed", (request) => {
      if (request.url().includes("/api/v1/")) requests.failed += 1;
      const entry = trace.get(request);
      if (entry)
        Object.assign(entry, { end: performance.now(), outcome: request.failure()?.errorText ?? "falló" });
    });
    page.on("requestfinished", async (request) => {
      const entry = trace.get(request);
      if (entry) entry.end = performance.now();
      const status = (await request.response().catch(() => null))?.status();
      if (entry) entry.outcome = String(status ?? "?");
    });
    page.on("websocket", (socket) => {
      const entry = { start: performance.now(), end: Number.NaN, what: "hub", outcome: "abierto" };
      trace.set(socket, entry);
      socket.on("close", () => Object.assign(entry, { end: performance.now(), outcome: "cerrado" }));
      socket.on("socketerror", (error) => Object.assign(entry, { end: performance.now(), outcome: error }));
      socket.on("framesent", ({ payload }) => {
        for (const record of String(payload).split("\u001e")) {
          if (!record.includes("SendGeolocationAt")) continue;
          const at = (JSON.parse(record) as { arguments?: unknown[] }).arguments?.[3];
          if (typeof at === "string") hubPositions.add(at);
        }
      });
    });
    /** The requests around `from` (the end of an outage) until `until`, times relative to `from`. */
    const traceAround = (from: number, until: number) =>
      [...trace.values()]
        .filter((entry) => (Number.isNaN(entry.end) || entry.end >= from - 1_000) && entry.start <= until)
        .sort((a, b) => a.start - b.start)
        .map(
          (entry) =>
            `      ${((entry.start - from) / 1000).toFixed(1).padStart(6)} → ${Number.isNaN(entry.end) ? "   …" : ((entry.end - from) / 1000).toFixed(1).padStart(6)} s  ${entry.what} ${entry.outcome}`,
        )
        .join("\n");

    // Online once, clean network: Hoy loads and the service worker takes the page (app shell kept).
    await page.goto("/app/hoy");
    const row = page.getByRole("listitem").filter({ hasText: fixture.routeName });
    await row.getByRole("button", { name: "Iniciar ruta" }).waitFor({ timeout: 60_000 });
    for (let wait = 0; !(await page.evaluate("navigator.serviceWorker.controller !== null")); wait++) {
      if (wait > 600) throw new Error("El service worker no tomó la página");
      await sleep(100);
    }
    step(`app cargada por ${proxy.url}; empieza la pérdida (${LOSS})`);
    proxy.setLoss(LOSS);
    const began = performance.now();

    // Start.
    await row.getByRole("button", { name: "Iniciar ruta" }).click();
    const startWindow = { from: Date.now(), to: 0 };
    await page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
    await page.waitForURL(/\/app\/viaje\/(\d+|l-[0-9a-f-]{36})$/, { timeout: 60_000 });
    startWindow.to = Date.now();
    await page.getByRole("list", { name: "Pasajeros" }).waitFor({ timeout: 60_000 });
    step(`ruta iniciada: ${page.url()}`);
    // A Start that waited on the phone moves the screen to /viaje/<id> once the server has it.
    await page.waitForURL(/\/app\/viaje\/\d+$/, { timeout: CATCH_UP_LIMIT_MS });
    const tripId = Number(new URL(page.url()).pathname.split("/").pop());

    // The bus moves.
    let moving = true;
    let fixNumber = 0;
    const mover = (async () => {
      while (moving) {
        await sleep(FIX_EVERY_MS);
        if (!moving || !context) break;
        fixNumber += 1;
        await context
          .setGeolocation({
            latitude: PHONE_CONTEXT.geolocation.latitude + fixNumber * 0.0004,
            longitude: PHONE_CONTEXT.geolocation.longitude + fixNumber * 0.0003,
          })
          .catch(() => undefined);
      }
    })();

    // Boardings without QR, each with the window in which the phone stamped it.
    const taps: { rider: Rider; from: number; to: number }[] = [];
    const waiting = [...fixture.riders];
    /** "Abordar" tapped → the sheet closed and the rider shown boarded, in an outage or on the lossy network. */
    const tapsInOutage: number[] = [];
    const tapsOnLoss: number[] = [];
    const board = async () => {
      const rider = waiting.shift();
      if (!rider) throw new Error("faltan pasajeros");
      await page.getByRole("button", { name: "Abordar sin QR" }).click();
      const sheet = page.getByRole("dialog", { name: "Abordar sin QR" });
      await sheet.getByRole("radio", { name: new RegExp(rider.codeEmployee) }).check();
      await sheet.getByLabel("Motivo").fill(REASON);
      const tap = { rider, from: Date.now(), to: 0 };
      const duringOutage = proxy.inOutage();
      await sheet.getByRole("button", { name: "Abordar" }).click();
      try {
        await sheet.waitFor({ state: "hidden", timeout: 60_000 });
      } catch {
        step(
          `abordaje de ${riderName(rider)}: la hoja no se cerró (${await sheet.textContent().catch(() => "")})`,
        );
        await sheet.getByRole("button", { name: "Cancelar" }).click();
      }
      tap.to = Date.now();
      taps.push(tap);
      (duringOutage ? tapsInOutage : tapsOnLoss).push(tap.to - tap.from);
      // The app's sends in flight when "Abordar" was tapped (the tap may wait for them).
      const tappedAt = performance.now() - (tap.to - tap.from);
      const inFlight = [...trace.values()]
        .filter(
          (entry) => /^(POST|PUT) /.test(entry.what) && entry.start <= tappedAt && !(entry.end < tappedAt),
        )
        .map(
          (entry) =>
            `${entry.what} desde ${((entry.start - tappedAt) / 1000).toFixed(1)} s, ${entry.outcome} a ${((entry.end - tappedAt) / 1000).toFixed(1)} s`,
        );
      step(
        `abordó ${riderName(rider)}${duringOutage ? " (en el corte)" : ""}: hoja cerrada en ${seconds(tap.to - tap.from)}` +
          `${inFlight.length > 0 ? `; envío en curso al tocar: ${inFlight.join("; ")}` : ""}`,
      );
    };

    let banners = 0;
    /**
     * The screen against the server now: `riders` = every rider as the server has it, none marked
     * "Por enviar"; `all` = that, and nothing "por enviar" or "pendiente(s) de enviar" anywhere.
     */
    const compare = async () => {
      const [screen, riders] = await Promise.all([
        page.evaluate(READ_SCREEN) as Promise<Screen>,
        call<ServerRider[]>(API.transportService.listEmployee, fixture.admin, {
          intermediateRouteId: tripId,
        }),
      ]);
      banners = Math.max(banners, screen.rejected);
      const shown = new Map(screen.rows.map((one) => [one.name, one]));
      const same =
        screen.path === `/app/viaje/${tripId}` &&
        screen.rows.length === riders.length &&
        riders.every((rider) => {
          const row = shown.get(riderName(rider));
          return row !== undefined && !row.unsent && shownStatus(row.state) === rider.status;
        });
      return { riders: same, all: same && !screen.unsent };
    };
    const queued = async () =>
      ((await page.evaluate(READ_OUTBOX).catch(() => null)) as Outbox | null)?.actions;
    /** From the end of an outage: what waited, when the queue first emptied, the riders and the whole screen matched. */
    const untilMatch = async (from: number) => {
      const waited = (await queued()) ?? [];
      const times = {
        riders: Number.POSITIVE_INFINITY,
        empty: Number.POSITIVE_INFINITY,
        all: Number.POSITIVE_INFINITY,
      };
      while (performance.now() - from < CATCH_UP_LIMIT_MS) {
        const [now, actions] = await Promise.all([
          compare().catch(() => ({ riders: false, all: false })),
          queued(),
        ]);
        const at = performance.now() - from;
        if (actions?.length === 0) times.empty = Math.min(times.empty, at);
        if (now.riders) times.riders = Math.min(times.riders, at);
        if (now.all) {
          times.all = at;
          break;
        }
        await sleep(200);
      }
      const kinds = new Map<string, number>();
      for (const action of waited) kinds.set(action.path, (kinds.get(action.path) ?? 0) + 1);
      const label = (path: string) =>
        path.endsWith("/position") ? "posiciones" : path.endsWith("/manual") ? "abordajes" : path;
      return {
        ...times,
        waited: `${waited.length} (${[...kinds].map(([path, n]) => `${n} ${label(path)}`).join(", ") || "nada"})`,
      };
    };
    const until = async (from: number, ms: number) => {
      const left = from + ms - performance.now();
      if (left > 0) await sleep(left);
    };

    const catchUps: number[] = [];
    const outageNotes: string[] = [];
    for (let outage = 0; outage < OUTAGES; outage++) {
      const gap = performance.now();
      await until(gap, GAP_MS / 2);
      await board();
      await until(gap, GAP_MS);
      step(`corte ${outage + 1}: empieza`);
      const cut = performance.now();
      proxy.startOutage();
      await until(cut, OUTAGE_MS / 3);
      await board();
      await until(cut, (OUTAGE_MS * 2) / 3);
      await board();
      await until(cut, OUTAGE_MS);
      proxy.endOutage();
      const back = performance.now();
      const caughtUp = await untilMatch(back);
      catchUps.push(caughtUp.all);
      outageNotes.push(
        `corte ${outage + 1}: en la cola al volver ${caughtUp.waited}; cola vacía por primera vez ${seconds(caughtUp.empty)}, ` +
          `pasajeros como el servidor ${seconds(caughtUp.riders)}, pantalla entera ${seconds(caughtUp.all)}`,
      );
      step(outageNotes.at(-1) ?? "");
      step(
        `peticiones alrededor del fin del corte ${outage + 1}:\n${traceAround(back, back + Math.min(caughtUp.all, 30_000))}`,
      );
    }
    const last = performance.now();
    await until(last, GAP_MS / 2);
    await board();
    await until(last, GAP_MS);

    // End.
    await page.getByRole("button", { name: "Finalizar ruta" }).click();
    const endWindow = { from: Date.now(), to: 0 };
    await page.getByRole("dialog").getByRole("button", { name: "Finalizar" }).click();
    await page
      .getByRole("dialog")
      .waitFor({ state: "hidden", timeout: 60_000 })
      .catch(() => undefined);
    endWindow.to = Date.now();
    const endedAt = performance.now();
    moving = false;
    await mover;
    step("fin tocado; esperando que la cola se vacíe");
    let outbox: Outbox | null = null;
    let finished = false;
    while (performance.now() - endedAt < CATCH_UP_LIMIT_MS) {
      outbox = (await page.evaluate(READ_OUTBOX).catch(() => null)) as Outbox | null;
      const trip = await call<TripDetail>(API.intermediateRoute.detail, fixture.admin, {
        intermediateRouteId: tripId,
      });
      finished = trip.status === "Finished";
      if (outbox && outbox.actions.length === 0 && finished) break;
      await sleep(500);
    }
    const drainedMs = performance.now() - endedAt;
    // Late hub deliveries, if any, have landed.
    await sleep(2_000);
    const totalMs = performance.now() - began;

    const detail = await call<TripDetail>(API.intermediateRoute.detail, fixture.admin, {
      intermediateRouteId: tripId,
    });
    const riders = await call<ServerRider[]>(API.transportService.listEmployee, fixture.admin, {
      intermediateRouteId: tripId,
    });
    const proxyStats = proxy.stats();

    // Boardings: one per tap, none else, each at the phone's time.
    const tapped = new Map(taps.map((tap) => [tap.rider.id, tap]));
    const boarded = riders.filter((rider) => rider.status === "Boarded");
    const strayBoardings = boarded.filter((rider) => !tapped.has(rider.employeeId)).length;
    const missingBoardings = taps.filter(
      (tap) => riders.find((rider) => rider.employeeId === tap.rider.id)?.status !== "Boarded",
    ).length;
    const within = (iso: string | null, window: { from: number; to: number }) => {
      const at = iso ? Date.parse(iso) : Number.NaN;
      return at >= window.from - TIME_TOLERANCE_MS && at <= window.to + TIME_TOLERANCE_MS;
    };
    const boardingsOffTime = boarded.filter((rider) => {
      const tap = tapped.get(rider.employeeId);
      return tap && !within(rider.scannedDate, tap);
    }).length;
    const startOnTime = within(detail.startedDate, startWindow);
    const endOnTime = within(detail.endedDate, endWindow);

    // Positions: every fix the app let through (up to the End's time) stored once, at the phone's time.
    const endMs = detail.endedDate ? Date.parse(detail.endedDate) : Number.POSITIVE_INFINITY;
    const sent: typeof fixes = [];
    let lastSent: number | null = null;
    for (const fix of [...fixes].sort((a, b) => a.at - b.at)) {
      if (lastSent !== null && fix.at - lastSent < POSITION_INTERVAL_MS) continue;
      lastSent = fix.at;
      sent.push(fix);
    }
    const expected = sent.filter((fix) => fix.at <= endMs);
    const same = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
      Math.abs(a.latitude - b.latitude) < 1e-9 && Math.abs(a.longitude - b.longitude) < 1e-9;
    const stored = detail.positions.map((point) => ({ ...point, at: Date.parse(point.recordedDate) }));
    const byTime = new Map<string, number>();
    for (const point of stored) byTime.set(point.recordedDate, (byTime.get(point.recordedDate) ?? 0) + 1);
    const duplicates = [...byTime.values()].reduce((sum, n) => sum + n - 1, 0);
    let lost = 0;
    let offTime = 0;
    const offTimeDetails: string[] = [];
    const lostDetails: string[] = [];
    for (const fix of expected) {
      const candidates = stored.filter((point) => same(point, fix));
      const nearest = Math.min(...candidates.map((point) => Math.abs(point.at - fix.at)));
      if (candidates.length === 0) {
        lost += 1;
        lostDetails.push(new Date(fix.at).toISOString());
      } else if (nearest > TIME_TOLERANCE_MS) {
        offTime += 1;
        offTimeDetails.push(`${new Date(fix.at).toISOString()} (+${seconds(nearest)})`);
      }
    }
    const unknown = stored.filter(
      (point) => !sent.some((fix) => same(point, fix) && Math.abs(point.at - fix.at) <= TIME_TOLERANCE_MS),
    ).length;
    const both = [...hubPositions].filter((at) => restPositions.has(at)).length;

    const spread = (values: number[]) => {
      const ordered = [...values].sort((a, b) => a - b);
      return `p50 ${seconds(percentile(ordered, 50))} · p95 ${seconds(percentile(ordered, 95))} · máx ${seconds(ordered.at(-1) ?? Number.NaN)}`;
    };
    const pct = (value: number) => `${Math.round(value * 100)} %`;
    console.log(
      `\nTreiber App: red con pérdidas (proxy TCP local, pérdida ${pct(LOSS)}, ${OUTAGES} cortes de ${seconds(OUTAGE_MS)}, ` +
        `al terminar cada corte ${OUTAGE_END === "resume" ? "el tráfico retenido sigue" : "se cortan las conexiones retenidas"}; navigator.onLine siempre true)`,
    );
    console.log(
      `Viaje ${tripId}: ${seconds(totalMs)}; proxy: ${proxyStats.connections} conexiones, ${proxyStats.killed} cortadas por la pérdida` +
        `${proxyStats.resetByOutage ? `, ${proxyStats.resetByOutage} al terminar un corte` : ""}, ${proxyStats.acceptedDuringOutage} abiertas en un corte; ` +
        `${proxyStats.stalledChunks} de ${proxyStats.chunks} fragmentos retenidos 0,2–3 s; peticiones de la app ${requests.total} (${requests.failed} fallidas)`,
    );
    const lines: [string, string, string][] = [
      ["abordajes en el servidor / toques", `${boarded.length} / ${taps.length}`, "iguales"],
      ["abordajes sin toque / toques sin abordaje", `${strayBoardings} / ${missingBoardings}`, "0 / 0"],
      ["abordajes a otra hora que el teléfono (> 1 s)", String(boardingsOffTime), "0"],
      [
        "inicio y fin: una vez, a la hora del teléfono",
        `${startOnTime ? "sí" : "no"} / ${detail.status === "Finished" && endOnTime ? "sí" : "no"}`,
        "sí / sí",
      ],
      ["posiciones repetidas (viaje, recorded_at)", String(duplicates), "0"],
      ["posiciones a otra hora que el teléfono (> 1 s)", String(offTime), "0"],
      ["posiciones perdidas (enviadas − guardadas)", `${lost} de ${expected.length}`, "0"],
      ["reconexión → pantalla igual al servidor", spread(catchUps), "p95 ≤ 5 s"],
      ["«Abordar» → hoja cerrada, con pérdida", spread(tapsOnLoss), "al instante"],
      ["«Abordar» → hoja cerrada, en un corte", spread(tapsInOutage), "al instante"],
      ["avisos rojos «No se registró»", String(Math.max(banners, outbox?.rejected.length ?? 0)), "0"],
    ];
    console.log(`\n${"".padEnd(48)} ${"medido".padEnd(40)} meta`);
    for (const [label, value, goal] of lines)
      console.log(`  ${label.padEnd(46)} ${value.padEnd(40)} ${goal}`);
    console.log(
      `\nPosiciones: ${fixNumber} fijadas con setGeolocation, ${fixes.length} recibidas por la app, ${sent.length} pasan su límite de 5 s ` +
        `(${expected.length} antes del fin), ${stored.length} guardadas${unknown ? ` (${unknown} sin fijación que coincida)` : ""}; ` +
        `por el hub ${hubPositions.size}, por la cola (REST) ${restPositions.size}, por ambos ${both}.`,
    );
    console.log(`Desde el fin de cada corte: ${outageNotes.join("; ")}.`);
    console.log(`Fin tocado → cola vacía y viaje finalizado en el servidor: ${seconds(drainedMs)}.`);
    if (lostDetails.length > 0) console.log(`Perdidas (hora del teléfono): ${lostDetails.join(", ")}`);
    if (offTimeDetails.length > 0) console.log(`A otra hora: ${offTimeDetails.join(", ")}`);
    if (outbox && outbox.actions.length > 0)
      console.log(
        `Quedan en la cola: ${outbox.actions.map((action) => `${action.path} (${action.attempts} intentos)`).join(", ")}`,
      );
    if (outbox && outbox.rejected.length > 0)
      console.log(
        `Rechazadas: ${outbox.rejected.map((action) => `${action.path} ${action.status} ${action.message}`).join("; ")}`,
      );

    const failed =
      boarded.length !== taps.length ||
      strayBoardings > 0 ||
      missingBoardings > 0 ||
      boardingsOffTime > 0 ||
      !startOnTime ||
      !endOnTime ||
      detail.status !== "Finished" ||
      duplicates > 0 ||
      offTime > 0 ||
      lost > 0;
    if (failed) process.exitCode = 1;
  } finally {
    await context?.close().catch(() => undefined);
    await browser.close();
    await proxy.close();
  }
}

try {
  await run();
} finally {
  await server?.stop();
}
