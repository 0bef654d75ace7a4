/**
 * `npm run bench:scan`: scan → server acknowledgement in Treiber App, through the REAL camera path.
 *
 * Starts the real built app (`node scripts/start.mjs`, as the e2e do) on BENCH_PORT with the demo
 * data, creates a fresh driver with a not-scheduled route of 3 × N riders (plus warm-up riders) and
 * starts its trip. Then, for each of the N measured riders: launches the system Chromium (headless)
 * whose fake camera plays a Y4M video of that rider's real QR (one video per launch), opens the trip
 * in a phone context signed in as the driver, taps "Escanear QR" and waits for "Abordó". The times
 * come from inside the page, from the User Timing marks the app itself sets
 * (apps/field/src/features/driver/trip/mark-scan.ts), plus one mark this script adds when the "Abordó"
 * card enters the DOM:
 *   - decodificación: frame grabbed → jsQR returns the code (drawImage + getImageData + jsQR);
 *   - primer fotograma → código: the scanner's first camera frame → code (QR visible → decoded,
 *     including the frames before the one that decoded and the 120 ms between attempts);
 *   - código → sale la petición: code → the app's POST starts (feedback, outbox in IndexedDB);
 *   - petición HTTP de la app: that POST, start → response end (Resource Timing);
 *   - código → acuse: code → the server's answer reaches the app (outbox in IndexedDB + HTTP);
 *   - código → "Abordó" en pantalla: code → the rider shown as boarded;
 *   - fotograma → "Abordó": the frame that held the code → the rider shown as boarded.
 * Side by side, the bare baseline of the same run: the same `POST /api/v1/TransportService` (same
 * body, another rider of the trip) with `fetch` from the same page, and from Node; the ratio is the
 * app's "código → acuse" over the bare call from the page.
 *
 * Nothing is asserted on time. The machine is usually shared: read the figures as one run's.
 *
 * Env: BENCH_SCAN_RIDERS (20 measured), BENCH_SCAN_WARMUP (2, not counted), BENCH_PORT (8931),
 * BENCH_SCAN_BASE_URL (use a server already running with the demo accounts instead of starting one),
 * CHROMIUM_PATH (/usr/bin/chromium), BENCH_SCAN_VERBOSE=1 (progress).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Page } from "@playwright/test";
import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import { launchCameraBrowser, PHONE_CONTEXT, qrVideo, writeQrVideo } from "../e2e/tests/field-fixtures.js";
import { ACCOUNTS, DEMO_PASSWORD, identityCardOf } from "../e2e/tests/helpers.js";
import { type BuiltServer, startBuiltServer } from "./field/built-server.js";
import { percentileOfSorted as percentile } from "./lib/percentile.js";

const RIDERS = Number(process.env.BENCH_SCAN_RIDERS ?? 20);
const COLD = Number(process.env.BENCH_SCAN_COLD ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 8931);
const PASSWORD = "Bench12345!";
const step = (text: string) => process.env.BENCH_SCAN_VERBOSE === "1" && console.error(`  [scan] ${text}`);

const server: BuiltServer | null = process.env.BENCH_SCAN_BASE_URL
  ? null
  : await startBuiltServer(PORT, "scan");
const baseUrl = server?.baseUrl ?? process.env.BENCH_SCAN_BASE_URL ?? "";
const cameraDir = mkdtempSync(join(tmpdir(), "treiber-bench-scan-"));

type Json = Record<string, unknown>;

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
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined || method === "GET" ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The SignIn answer, as the app stores it (localStorage 'Treiber'). */
const signIn = (email: string, password: string) =>
  call<Json & { token: string }>(API.auth.signIn, null, { email, password });

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** A fresh driver, a not-scheduled route for now with `count` riders, its trip started. */
async function createTrip(count: number) {
  const admin = (await signIn(ACCOUNTS.admin, DEMO_PASSWORD)).token;
  const first = async (endpoint: ApiEndpoint) => {
    const [item] = await call<{ id: number }[]>(endpoint, admin);
    if (!item) throw new Error(`${endpoint.path} sin datos`);
    return item.id;
  };
  const supplierId = await first(API.supplier.listName);
  const branchOfficeId = await first(API.branchOffice.listName);
  const stamp = String(Date.now()).slice(-7);
  const driverEmail = `chofer-scan-${stamp}@bench.treiber.app`;
  const driver = await call<{ id: number }>(API.auth.driverSignup, admin, {
    email: driverEmail,
    password: PASSWORD,
    name: "Chofer",
    lastname: `Escaneo ${stamp.slice(-4)}`,
    identityCard: identityCardOf(`001${stamp}`),
    telephone: "(809) 555-0101",
    licenseNumber: `LIC-${stamp}`,
    supplierId,
    vehiclePlate: `B${stamp.slice(-6)}`,
    vehicleModel: "Toyota Coaster",
    vehicleCapacity: 60,
  });
  const riders: { id: number; codeQr: string }[] = [];
  for (let i = 0; i < count; i++) {
    const created = await call<{ id: number }>(API.auth.employeeSignup, admin, {
      email: `pasajero-scan-${i}-${stamp}@bench.treiber.app`,
      password: PASSWORD,
      name: `Pasajero ${i + 1}`,
      lastname: `Escaneo ${stamp.slice(-4)}`,
      codeEmployee: `S${i}-${stamp}`,
      department: "Operaciones",
      jobTitle: "Operador",
      telephone: "(809) 555-0202",
      branchOfficeId,
    });
    // The admin's "regenerate QR" answers the rider's code (what /codeQr shows it).
    const { codeQr } = await call<{ codeQr: string }>(API.employee.codeQr, admin, {
      employeeId: created.id,
    });
    riders.push({ id: created.id, codeQr });
  }
  const route = await call<{ id: number }>(API.routeNotScheduled.create, admin, {
    name: `Ruta escaneo ${stamp}`,
    scheduledAt: new Date().toISOString(),
    driverId: driver.id,
    cost: 25,
    employeeIds: riders.map((rider) => rider.id),
  });
  const driverToken = (await signIn(driverEmail, PASSWORD)).token;
  const started = await call<{ intermediateRoute: { id: number } }>(
    API.intermediateRoute.start,
    driverToken,
    { routeNotScheduledId: route.id },
  );
  return { admin, driverEmail, riders, tripId: started.intermediateRoute.id };
}

/** The body the app posts for a scan (apps/field/src/features/driver/trip/trip-api.ts `scanCode`). */
const scanBody = (tripId: number, codeQr: string) => ({
  codeQr,
  intermediateRouteId: tripId,
  expectedOnly: true,
  scannedAt: new Date().toISOString(),
  latitude: PHONE_CONTEXT.geolocation.latitude,
  longitude: PHONE_CONTEXT.geolocation.longitude,
  actionId: randomUUID(),
});

type Sample = {
  decodeMs: number;
  cameraToCodeMs: number;
  codeToRequestMs: number;
  requestMs: number;
  codeToAckMs: number;
  codeToShownMs: number;
  frameToShownMs: number;
  pageFetchMs: number;
  nodeFetchMs: number;
};

/**
 * Marks the moment the "Abordó" card enters the DOM (`bench:boarded-shown`). A string: tsx's
 * transform would add helpers (`__name`) to a function handed to the page.
 */
const WATCH_BOARDED = `const seen = new WeakSet();
new MutationObserver(() => {
  const card = document.querySelector(".scan-result-ok");
  if (!card || seen.has(card)) return;
  seen.add(card);
  performance.clearMarks("bench:boarded-shown");
  performance.mark("bench:boarded-shown");
}).observe(document, { childList: true, subtree: true });`;

/**
 * The marks of the last scan (startTime in ms, NaN when missing), then the start and end of the
 * app's `POST TransportService` (Resource Timing).
 */
const READ_MARKS = `(() => {
  const names = ["treiber:scan-camera", "treiber:scan-frame", "treiber:scan-decoded", "treiber:scan-acked", "bench:boarded-shown"];
  const marks = names.map((name) => performance.getEntriesByName(name, "mark").at(-1)?.startTime ?? Number.NaN);
  const post = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(${JSON.stringify(apiPath(API.transportService.scan))}));
  return [...marks, post?.startTime ?? Number.NaN, post?.responseEnd ?? Number.NaN];
})()`;

/** The bare POST from the page: resolves to its time in ms. */
const BARE_POST = (body: unknown, token: string) => `(async () => {
  const began = performance.now();
  const response = await fetch(${JSON.stringify(apiPath(API.transportService.scan))}, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: ${JSON.stringify(`Bearer ${token}`)} },
    body: ${JSON.stringify(JSON.stringify(body))},
  });
  await response.json();
  if (!response.ok) throw new Error("POST TransportService " + response.status);
  return performance.now() - began;
})()`;

type Trip = Awaited<ReturnType<typeof createTrip>>;
type Code = { codeQr: string };

/** A Y4M video showing each code for `framesEach` frames, in turn, at 10 frames per second. */
function ridersVideo(name: string, codes: Code[], framesEach: number): string {
  const frames = codes.map(({ codeQr }) => {
    const single = qrVideo(codeQr, framesEach);
    return single.subarray(single.indexOf(0x0a) + 1);
  });
  const path = join(cameraDir, name);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from("YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n"), ...frames]),
  );
  return path;
}

/** A phone in a Chromium whose camera plays `video`, on the driver's trip screen. */
async function openTrip(trip: Trip, video: string) {
  const session = await signIn(trip.driverEmail, PASSWORD);
  const browser = await launchCameraBrowser(video);
  const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL: baseUrl });
  const page = await context.newPage();
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem("Treiber")) window.localStorage.setItem("Treiber", value);
  }, JSON.stringify(session));
  await page.addInitScript(WATCH_BOARDED);
  await page.goto(`/app/viaje/${trip.tripId}`);
  await page.getByRole("list", { name: "Pasajeros" }).waitFor();
  return { browser, page, token: session.token };
}

/** After an "Abordó": the marks of that scan, then the two bare POSTs of the baseline. */
async function sample(page: Page, token: string, trip: Trip, baseline: { page: Code; node: Code }) {
  const [camera, frame, decoded, ack, shown, postStart, postEnd] = (
    (await page.evaluate(READ_MARKS)) as (number | null)[]
  ).map((value) => value ?? Number.NaN) as [number, number, number, number, number, number, number];
  if ([camera, frame, decoded, ack, shown, postStart, postEnd].some(Number.isNaN)) {
    throw new Error("Faltan marcas User Timing de la app (treiber:scan-*) o la petición del escaneo");
  }
  await page.evaluate("performance.clearResourceTimings()");
  // The bare call from the same page: same body, another rider of the trip, no outbox, no UI.
  const pageFetchMs = (await page.evaluate(
    BARE_POST(scanBody(trip.tripId, baseline.page.codeQr), token),
  )) as number;
  await page.evaluate("performance.clearResourceTimings()");
  const nodeBegan = performance.now();
  await call(API.transportService.scan, token, scanBody(trip.tripId, baseline.node.codeQr));
  const nodeFetchMs = performance.now() - nodeBegan;
  return {
    decodeMs: decoded - frame,
    cameraToCodeMs: decoded - camera,
    codeToRequestMs: postStart - decoded,
    requestMs: postEnd - postStart,
    codeToAckMs: ack - decoded,
    codeToShownMs: shown - decoded,
    frameToShownMs: shown - frame,
    pageFetchMs,
    nodeFetchMs,
  } satisfies Sample;
}

/** The scan sheet's answer once it is in: "Abordó", "Ya abordó", or something else. */
async function scanOutcome(page: Page) {
  const result = page.locator(".scan-result-ok, .scan-result-warn, .scan-result-error");
  await result.waitFor({ timeout: 30_000 });
  const kind = await result.getAttribute("class");
  if (kind?.includes("scan-result-ok")) return "boarded";
  if ((await result.textContent())?.includes("Ya abordó")) return "already";
  throw new Error(`Escaneo rechazado: ${await result.textContent()}`);
}

/** "En frío": one Chromium per rider, the first scan after opening the trip. */
async function coldScan(trip: Trip, scanned: Code, baseline: { page: Code; node: Code }, index: number) {
  const video = writeQrVideo(cameraDir, `rider-${index}.y4m`, scanned.codeQr);
  const { browser, page, token } = await openTrip(trip, video);
  try {
    await page.getByRole("button", { name: "Escanear QR" }).click();
    if ((await scanOutcome(page)) !== "boarded") throw new Error("se esperaba «Abordó»");
    return await sample(page, token, trip, baseline);
  } finally {
    await browser.close();
  }
}

/**
 * "En caliente": one Chromium whose camera shows the riders' QRs in turn (3 frames each); the
 * driver scans them one after another ("Escanear otro"). A code already boarded answers "Ya abordó"
 * without a call and is not counted; the first boarding of the page is not counted either.
 */
async function warmScans(trip: Trip, scanned: Code[], baselines: { page: Code; node: Code }[]) {
  const { browser, page, token } = await openTrip(trip, ridersVideo("riders.y4m", scanned, 3));
  const samples: Sample[] = [];
  try {
    // Keeps the fake camera running between scans (a real camera sees the next rider; Chromium's
    // fake device would restart its video, the first rider, at each opening otherwise).
    await page.evaluate(
      "navigator.mediaDevices.getUserMedia({ video: true }).then((stream) => { window.benchCamera = stream; })",
    );
    await page.getByRole("button", { name: "Escanear QR" }).click();
    let boardings = 0;
    for (let attempt = 0; boardings < scanned.length && attempt < scanned.length * 40; attempt++) {
      if (attempt > 0) await page.getByRole("button", { name: "Escanear otro" }).click();
      if ((await scanOutcome(page)) !== "boarded") continue;
      const baseline = baselines[boardings];
      if (!baseline) throw new Error("faltan pasajeros");
      const measured = await sample(page, token, trip, baseline);
      step(`en caliente ${boardings + 1}/${scanned.length}: ${JSON.stringify(measured)}`);
      if (boardings > 0) samples.push(measured);
      boardings++;
    }
    return samples;
  } finally {
    await browser.close();
  }
}

const rows: [string, keyof Sample][] = [
  ["decodificación (fotograma → código)", "decodeMs"],
  ["primer fotograma → código", "cameraToCodeMs"],
  ["código → sale la petición (app)", "codeToRequestMs"],
  ["petición HTTP de la app", "requestMs"],
  ["código → acuse del servidor (app)", "codeToAckMs"],
  ['código → "Abordó" en pantalla', "codeToShownMs"],
  ['fotograma → "Abordó" en pantalla', "frameToShownMs"],
  ["base: POST con fetch desde la página", "pageFetchMs"],
  ["base: POST con fetch desde Node", "nodeFetchMs"],
];

function report(title: string, samples: Sample[]) {
  const stats = Object.fromEntries(
    rows.map(([, key]) => [key, summary(samples.map((one) => one[key]))]),
  ) as Record<keyof Sample, ReturnType<typeof summary>>;
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  console.log(`\n${title} (${samples.length} escaneos)`);
  console.log(`${"".padEnd(40)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"máx".padStart(10)}`);
  for (const [label, key] of rows) {
    const { p50, p95, max } = stats[key];
    console.log(`  ${label.padEnd(38)} ${ms(p50)} ${ms(p95)} ${ms(max)}`);
  }
  const ratio = (key: keyof Sample, at: "p50" | "p95") => (stats[key][at] / stats.pageFetchMs[at]).toFixed(2);
  console.log(
    `  razón app / POST desnudo desde la página: código → acuse ×${ratio("codeToAckMs", "p50")} (p50), ×${ratio("codeToAckMs", "p95")} (p95); código → "Abordó" ×${ratio("codeToShownMs", "p50")} (p50)`,
  );
}

try {
  // Per measured scan: the rider scanned, the rider of the bare POST from the page, the one from Node.
  const warm = RIDERS + 1;
  const total = COLD + warm;
  step(`servidor en ${baseUrl}; creando chofer, ruta y ${3 * total} pasajeros`);
  const trip = await createTrip(3 * total);
  const triple = (i: number) => {
    const [scanned, page, node] = [trip.riders[i], trip.riders[total + i], trip.riders[2 * total + i]];
    if (!scanned || !page || !node) throw new Error("faltan pasajeros");
    return { scanned, baseline: { page, node } };
  };
  const began = performance.now();
  const cold: Sample[] = [];
  for (let i = 0; i < COLD; i++) {
    const { scanned, baseline } = triple(i);
    const measured = await coldScan(trip, scanned, baseline, i);
    step(`en frío ${i + 1}/${COLD}: ${JSON.stringify(measured)}`);
    cold.push(measured);
  }
  const warmTriples = Array.from({ length: warm }, (_, i) => triple(COLD + i));
  const warmSamples = await warmScans(
    trip,
    warmTriples.map((one) => one.scanned),
    warmTriples.map((one) => one.baseline),
  );
  const seconds = (performance.now() - began) / 1000;

  // The server holds exactly one boarding per rider scanned or posted.
  const riders = await call<{ status: string }[]>(API.transportService.listEmployee, trip.admin, {
    intermediateRouteId: trip.tripId,
  });
  const boarded = riders.filter((rider) => rider.status === "Boarded").length;

  console.log(
    "Treiber App: escaneo → acuse del servidor, cámara real (Chromium headless, cámara falsa Y4M 640×480)",
  );
  console.log(`Servidor ${baseUrl} (PGlite embebida); tiempos medidos dentro de la página (User Timing)`);
  report("En caliente: escaneos seguidos en la misma página (Escanear otro)", warmSamples);
  if (cold.length > 0) report("En frío: primer escaneo tras abrir el viaje, un Chromium por pasajero", cold);
  console.log(
    `\nAbordajes en el servidor: ${boarded} de ${3 * total} esperados${boarded === 3 * total ? " ✔" : " ✘"} · ${seconds.toFixed(1)} s en total`,
  );
  if (boarded !== 3 * total) process.exitCode = 1;
} finally {
  rmSync(cameraDir, { recursive: true, force: true });
  await server?.stop();
}
