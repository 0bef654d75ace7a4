import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";
import { API, apiPath } from "@treiber/contract/api-paths";
import { auth, codeQrOf, firstId, PASSWORD, send, tokenOf } from "./field-fixtures";
import { ACCOUNTS, hubReady, identityCardOf, useSessionOf } from "./helpers";

/** Fixtures of issue 38's journeys (safety.spec): a trip of their own, its rider, driver and admin. */

export const MINUTE = 60_000;
/** The rider's home on record (Gazcue, Santo Domingo), where its stop of a not-scheduled route is. */
export const HOME = { latitude: 18.47, longitude: -69.9 };

export type SafetyFixture = Awaited<ReturnType<typeof safetyTrip>>;

const hhmm = (at: number) => {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
};
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/**
 * Its own admin and two collaborators of the first branch office, a driver and a route with both
 * riders, started by the driver `startedMinutesAgo` (a Start replayed from a phone's queue carries
 * its time): nothing another journey does touches them. `planned`: a scheduled route whose stops
 * are the other rider's and then the rider's (at home), so the rider has a stop and an arrival
 * time; else a not-scheduled route.
 */
export async function safetyTrip(
  request: APIRequestContext,
  { startedMinutesAgo = 0, planned = false } = {},
) {
  const superAdmin = await tokenOf(request, ACCOUNTS.superAdmin);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-10);
  const digits = tag.padStart(10, "0");
  const branchOfficeId = await firstId(request, superAdmin, API.branchOffice.listName);
  const supplierId = await firstId(request, superAdmin, API.supplier.listName);
  const employee = (role: "Admin" | "Collaborator", email: string, name: string, code: string) => ({
    email,
    password: PASSWORD,
    name,
    lastname: `Segura ${tag}`,
    codeEmployee: `${code}-${tag}`,
    department: "Operaciones",
    jobTitle: "Analista",
    telephone: `(809) ${digits.slice(0, 3)}-${digits.slice(3, 7)}`,
    branchOfficeId,
    role,
  });
  const riderEmail = `sos-rider-${tag}@e2e.treiber.app`;
  const adminEmail = `sos-admin-${tag}@e2e.treiber.app`;
  const driverEmail = `sos-driver-${tag}@e2e.treiber.app`;
  const riderName = "Lucía";
  const rider = await send<{ id: number }>(request, superAdmin, API.auth.employeeLocationSignup, {
    ...employee("Collaborator", riderEmail, riderName, "SOS"),
    location: { address: "Calle César Nicolás Penson, Gazcue", ...HOME },
  });
  // Another rider of the same trip, of whom a shared link may show nothing.
  const otherRider = {
    name: "Beatriz",
    lastname: `Vecina ${tag}`,
    home: { latitude: 18.4812, longitude: -69.9023 },
    stopName: `Parada Vecina ${tag.slice(-4)}`,
  };
  const other = await send<{ id: number }>(request, superAdmin, API.auth.employeeLocationSignup, {
    ...employee("Collaborator", `sos-other-${tag}@e2e.treiber.app`, otherRider.name, "SOSB"),
    lastname: otherRider.lastname,
    location: { address: "Avenida Independencia, Gazcue", ...otherRider.home },
  });
  await send(request, superAdmin, API.auth.employeeSignup, employee("Admin", adminEmail, "Irene", "SOSADM"));
  const driverFirstName = "Ramón";
  const plate = `S${tag.slice(-6)}`;
  const driver = await send<{ id: number }>(request, superAdmin, API.auth.driverSignup, {
    email: driverEmail,
    password: PASSWORD,
    name: driverFirstName,
    lastname: `Conductor ${tag}`,
    identityCard: identityCardOf(digits.slice(0, 10)),
    telephone: `(829) ${digits.slice(0, 3)}-${digits.slice(3, 7)}`,
    licenseNumber: `LIC-${tag}`,
    supplierId,
    vehiclePlate: plate,
    vehicleModel: "Toyota Coaster",
    vehicleCapacity: 20,
  });
  const startedAt = Date.now() - startedMinutesAgo * MINUTE;
  const routeName = `Ruta segura ${tag.slice(-6)}`;
  const riderStopName = `Parada Gazcue ${tag.slice(-4)}`;
  let start: { routeId: number } | { routeNotScheduledId: number };
  if (planned) {
    const destination = await send<{ id: number }>(request, superAdmin, API.destination.create, {
      name: `Zona Franca ${tag.slice(-6)}`,
      address: "Autopista de San Isidro km 17",
      latitude: 18.5,
      longitude: -69.85,
    });
    const shift = await send<{ id: number }>(request, superAdmin, API.shift.create, {
      branchOfficeId,
      name: `Segura ${tag.slice(-6)}`,
      direction: "inbound",
      time: hhmm(startedAt + 60 * MINUTE),
      dayIds: ALL_DAYS,
    });
    const route = await send<{ id: number }>(request, superAdmin, API.route.create, {
      name: routeName,
      destinationId: destination.id,
      dayIds: ALL_DAYS,
      departureTime: hhmm(startedAt),
      cost: 30,
      shiftId: shift.id,
    });
    const assign = async (path: string, query: string) => {
      const response = await request.put(`${path}?${query}&routeId=${route.id}`, {
        headers: auth(superAdmin),
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    await assign(API.driver.addRoute.path, `driverId=${driver.id}`);
    for (const id of [other.id, rider.id]) await assign(API.employee.addRoute.path, `employeeId=${id}`);
    await send(request, superAdmin, API.route.saveStops, {
      routeId: route.id,
      stops: [
        { name: otherRider.stopName, ...otherRider.home, employeeIds: [other.id] },
        { name: riderStopName, ...HOME, employeeIds: [rider.id] },
      ].map((stop, index) => ({
        position: index + 1,
        address: null,
        plannedTime: hhmm(startedAt + (index + 1) * 10 * MINUTE),
        ...stop,
      })),
    });
    start = { routeId: route.id };
  } else {
    const route = await send<{ id: number }>(request, superAdmin, API.routeNotScheduled.create, {
      name: routeName,
      scheduledAt: new Date(startedAt).toISOString(),
      driverId: driver.id,
      cost: 15,
      employeeIds: [rider.id, other.id],
    });
    start = { routeNotScheduledId: route.id };
  }
  const driverToken = await tokenOf(request, driverEmail, PASSWORD);
  const started = await request.put(apiPath(API.intermediateRoute.start), {
    headers: auth(driverToken),
    data: { ...start, ...(startedMinutesAgo > 0 && { startedAt: new Date(startedAt).toISOString() }) },
  });
  expect(started.status(), await started.text()).toBe(200);
  const tripId = ((await started.json()) as { intermediateRoute: { id: number } }).intermediateRoute.id;
  return {
    superAdmin,
    branchOfficeId,
    riderId: rider.id,
    riderEmail,
    riderFullName: `${riderName} Segura ${tag}`,
    riderStopName,
    otherRider,
    adminEmail,
    driverEmail,
    driverToken,
    driverFirstName,
    plate,
    routeName,
    tripId,
  };
}

/** The driver scans the rider's QR on its trip: the rider is aboard. */
export async function boardRider(request: APIRequestContext, fixture: SafetyFixture) {
  const codeQr = await codeQrOf(request, fixture.riderEmail);
  await send(request, fixture.driverToken, API.transportService.scan, {
    codeQr,
    intermediateRouteId: fixture.tripId,
    actionId: randomUUID(),
  });
}

/** A bus position from the driver's phone (`recordedAt` now unless given), as its outbox sends it. */
export async function sendBusPosition(
  request: APIRequestContext,
  fixture: SafetyFixture,
  position: { latitude: number; longitude: number },
  recordedAt = new Date(),
) {
  const response = await request.post(apiPath(API.intermediateRoute.position), {
    headers: auth(fixture.driverToken),
    data: {
      intermediateRouteId: fixture.tripId,
      ...position,
      recordedAt: recordedAt.toISOString(),
      actionId: randomUUID(),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Holds a finger on `target` (a real touch through the browser's input, as a phone's screen sends
 * it) until `held` resolves, then lifts it.
 */
export async function holdTouch(page: Page, target: Locator, held: () => Promise<void>) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("el control no está en pantalla");
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  try {
    await held();
  } finally {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  }
}

/**
 * Counts the tones the page plays through Web Audio by oscillator type (each oscillator started),
 * in `window.__tones`: the SOS siren's square tones apart from the critical beep's sine ones. An
 * alarm that repeats keeps adding to them. Installed before the page's scripts run.
 */
export async function countTones(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { __tones: Record<string, number> };
    record.__tones = {};
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [when?: number]) {
      record.__tones[this.type] = (record.__tones[this.type] ?? 0) + 1;
      return start.apply(this, args);
    };
  });
}
/** The SOS siren's tones played so far (square waves; the critical beep is a sine). */
export const sirenTones = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tones: Record<string, number> }).__tones.square ?? 0);

/** The admin's back office at «Dashboard» (Incidencias beside the live map), hub connected. */
export async function adminDashboard(browser: Browser, email: string, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: "es-DO",
    timezoneId: process.env.TZ ?? "America/Santo_Domingo",
    viewport: { width: 1440, height: 900 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await countTones(page);
  await useSessionOf(page, email, PASSWORD);
  const connected = hubReady(page);
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Incidencias" });
  await expect(panel).toBeVisible();
  await connected;
  return { context, page, panel };
}

/** `GET TripShare/{token}` without an account: its status and body. */
export async function sharedTripAnswer(request: APIRequestContext, token: string) {
  const response = await request.get(apiPath(API.tripShare.view, { token }));
  return {
    status: response.status(),
    cacheControl: response.headers()["cache-control"],
    body: (await response.json()) as Record<string, unknown>,
  };
}
