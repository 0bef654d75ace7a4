import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import { firstId, send, signInToApp } from "./field-fixtures";
import { ACCOUNTS, DEMO_PASSWORD, hubReady, identityCardOf, useSessionOf } from "./helpers";

/**
 * Treiber App, collaborator: "Mi bus" follows its trip live (distance and ETA change as the driver
 * moves), then the collaborator cancels with a comment and an admin's bell shows it live. The test
 * creates its own collaborator (with a home on record), driver, admin and route, so the demo accounts
 * other specs use are left alone.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const auth = (token: string) => ({
  Authorization: `Bearer ${token}`,
  // As the apps send it (@treiber/client): required on dated calls.
  GMT: String(new Date().getTimezoneOffset() / 60),
});
const PASSWORD = "RiderE2e123";
/** The collaborator's home on record (Gazcue, Santo Domingo). */
const HOME = { latitude: 18.47, longitude: -69.9 };

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post(API.auth.signIn.path, { data: { email, password } });
  expect(response.status(), `SignIn ${email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Its own admin, collaborator (home on record), driver and a not-scheduled route for today. */
async function setUp(request: APIRequestContext) {
  const superAdmin = await tokenOf(request, ACCOUNTS.superAdmin);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-10);
  const digits = tag.padStart(10, "0");
  const [branchOfficeId, supplierId] = await Promise.all([
    firstId(request, superAdmin, API.branchOffice.listName),
    firstId(request, superAdmin, API.supplier.listName),
  ]);
  const employee = (role: "Admin" | "Collaborator", email: string, code: string) => ({
    email,
    password: PASSWORD,
    name: role === "Admin" ? "Ada" : "Rita",
    lastname: `E2E ${tag}`,
    codeEmployee: `${code}-${tag}`,
    department: "Operaciones",
    jobTitle: "Analista",
    telephone: `(809) ${digits.slice(0, 3)}-${digits.slice(3, 7)}`,
    branchOfficeId,
    role,
  });
  const riderEmail = `rider-${tag}@e2e.treiber.app`;
  const adminEmail = `rider-admin-${tag}@e2e.treiber.app`;
  const driverEmail = `rider-driver-${tag}@e2e.treiber.app`;
  const rider = await send<{ id: number }>(request, superAdmin, API.auth.employeeLocationSignup, {
    ...employee("Collaborator", riderEmail, "RIDER"),
    location: { address: "Calle César Nicolás Penson, Gazcue", ...HOME },
  });
  await send(request, superAdmin, API.auth.employeeSignup, employee("Admin", adminEmail, "RADMIN"));
  const driver = await send<{ id: number }>(request, superAdmin, API.auth.driverSignup, {
    email: driverEmail,
    password: PASSWORD,
    name: "Dario",
    lastname: `E2E ${tag}`,
    identityCard: identityCardOf(digits.slice(0, 10)),
    telephone: `(829) ${digits.slice(0, 3)}-${digits.slice(3, 7)}`,
    licenseNumber: `LIC-${tag}`,
    supplierId,
    vehiclePlate: `R${tag.slice(-6)}`,
    vehicleModel: "Toyota Hiace",
    vehicleCapacity: 15,
  });
  const routeName = `Mi bus E2E ${tag}`;
  const route = await send<{ id: number }>(request, superAdmin, API.routeNotScheduled.create, {
    name: routeName,
    scheduledAt: new Date().toISOString(),
    driverId: driver.id,
    cost: 10,
    employeeIds: [rider.id],
  });
  return { riderEmail, adminEmail, driverEmail, routeName, routeNotScheduledId: route.id, riderId: rider.id };
}

/** Resolves once the server has answered the page's `JoinGroupIntermediateRoute(group)`. */
function groupJoined(page: Page, group: string) {
  return new Promise<void>((resolve) => {
    page.on("websocket", (socket) => {
      if (!socket.url().includes("/server")) return;
      const joins = new Set<string>();
      const frames = (payload: string | Buffer) =>
        String(payload)
          .split("\u001e")
          .filter(Boolean)
          .map((frame) => {
            try {
              return JSON.parse(frame) as {
                type?: number;
                invocationId?: string;
                target?: string;
                arguments?: unknown[];
              };
            } catch {
              return {};
            }
          });
      socket.on("framesent", ({ payload }) => {
        for (const frame of frames(payload)) {
          if (
            frame.target === "JoinGroupIntermediateRoute" &&
            frame.arguments?.[0] === group &&
            frame.invocationId
          )
            joins.add(frame.invocationId);
        }
      });
      socket.on("framereceived", ({ payload }) => {
        for (const frame of frames(payload)) {
          if (frame.type === 3 && frame.invocationId && joins.has(frame.invocationId)) resolve();
        }
      });
    });
  });
}

test("Mi bus follows the trip live, distance and ETA change, and a cancellation reaches the admin's bell", async ({
  page,
  context,
  browser,
  request,
}) => {
  const setup = await setUp(request);
  const driver = await tokenOf(request, setup.driverEmail, PASSWORD);
  const started = await request.put(API.intermediateRoute.start.path, {
    headers: auth(driver),
    data: { routeNotScheduledId: setup.routeNotScheduledId },
  });
  expect(started.status()).toBe(200);
  const tripId = ((await started.json()) as { intermediateRoute: { id: number } }).intermediateRoute.id;

  // The server takes at most one position per second from a driver, as a real phone sends them; on a
  // loaded machine two sends 1.1 s apart can reach it closer together: like the phone, send again.
  let lastSentAt = 0;
  const sendPosition = async (latitude: number, longitude: number) => {
    for (let attempt = 1; ; attempt += 1) {
      const wait = lastSentAt + 1_100 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastSentAt = Date.now();
      const sent = await request.post(API.intermediateRoute.position.path, {
        headers: auth(driver),
        data: { intermediateRouteId: tripId, latitude, longitude },
      });
      if (sent.status() === 429 && attempt < 3) continue;
      expect(sent.status()).toBe(200);
      return;
    }
  };

  // The admin watches the dashboard in a second page (its own browser context: its own session).
  const adminContext = await browser.newContext({ locale: "es-DO", timezoneId: "America/Santo_Domingo" });
  const adminPage = await adminContext.newPage();
  await useSessionOf(adminPage, setup.adminEmail, PASSWORD);
  const adminHub = hubReady(adminPage);
  await adminPage.goto("/");
  await adminHub;

  // The collaborator signs in at /app and opens Mi bus.
  const riderJoined = groupJoined(page, `intermediate-group-${tripId}`);
  await signInToApp(page, setup.riderEmail, PASSWORD);
  await expect(page).toHaveURL(/\/app\/qr$/);
  await page.getByRole("link", { name: "Mi bus" }).click();
  await expect(page.getByRole("heading", { name: "Mi bus", exact: true, level: 1 })).toBeVisible();
  const state = page.getByRole("region", { name: "Estado del viaje" });
  await expect(state).toContainText(setup.routeName);
  await expect(state).toContainText("En curso");
  await expect(page.getByTestId("bus-banner")).toContainText("Su bus salió");
  await expect(page.getByText("El bus aún no ha enviado su ubicación.")).toBeVisible();
  // Mi bus follows the trip's hub group before the bus moves.
  await riderJoined;

  // The bus comes closer: each position arrives live and the distance and the ETA follow it.
  const distance = page.getByTestId("bus-distance");
  const eta = page.getByTestId("bus-eta");
  const seen: { distance: string; eta: string }[] = [];
  for (const [latitude, expected] of [
    [18.5, "3,3 km"],
    [18.49, "2,2 km"],
    [18.48, "1,1 km"],
    [18.475, "560 m"],
  ] as const) {
    await sendPosition(latitude, HOME.longitude);
    await expect(distance).toHaveText(`A ${expected} de su casa`);
    seen.push({ distance: (await distance.textContent()) ?? "", eta: (await eta.textContent()) ?? "" });
  }
  expect(seen[0]?.eta).toMatch(/^Llega en unos \d+ min$/);
  expect(new Set(seen.map((item) => item.eta)).size).toBeGreaterThan(1);
  await expect(page.getByText(/Estimado por calle a \d+ km\/h en movimiento/)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Mapa de mi bus" }).locator(".leaflet-container"),
  ).toBeVisible();
  // Within 1 km: the in-app notice.
  await expect(page.getByTestId("bus-banner")).toContainText("Su bus está cerca");

  // With permission, the phone's position replaces the home on record (here ~1,1 km south of it).
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 18.465, longitude: HOME.longitude });
  await page.getByRole("button", { name: "Usar mi ubicación" }).click();
  await expect(distance).toHaveText("A 1,1 km de su ubicación actual");

  // Cancelling needs a comment and a confirmation.
  const cancel = page.getByRole("region", { name: "Cancelar mi viaje" });
  await cancel.getByRole("button", { name: "Cancelar mi viaje" }).click();
  await expect(cancel.getByRole("alert")).toHaveText("Este campo es requerido");
  const comment = `No viajo hoy, cita médica E2E ${Date.now()}`;
  await cancel.getByLabel("Motivo").fill(comment);
  await cancel.getByRole("button", { name: "Cancelar mi viaje" }).click();
  await expect(cancel.getByText("¿Cancelar su viaje de hoy?")).toBeVisible();
  await cancel.getByRole("button", { name: "Sí, cancelar mi viaje" }).click();
  await expect(page.getByTestId("bus-banner")).toContainText("Servicio cancelado");
  await expect(state).toContainText("Canceló su viaje");

  // The admin hears it live: popup and bell.
  // Other specs running in parallel notify every admin too: look for this comment's popup.
  const popup = adminPage.getByTestId("realtime-notification").filter({ hasText: comment });
  await expect(popup).toContainText("Servicio cancelado");
  await expect(adminPage.getByTestId("notification-dot")).toBeVisible();
  await adminPage.getByTestId("notification-bell").click();
  const item = adminPage
    .getByTestId("notification-panel")
    .getByTestId("notification-item")
    .filter({ hasText: comment });
  await expect(item).toContainText("Servicio cancelado");

  // The driver ends the trip: Mi bus says so.
  const ended = await request.put(API.intermediateRoute.end.path, {
    headers: auth(driver),
    data: { intermediateRouteId: tripId },
  });
  expect(ended.status()).toBe(200);
  await expect(state).toContainText("Finalizada");
  await adminContext.close();
});

test("Mi bus hears the departure from the hub, shows distance and ETA first, and keeps a cancellation made offline", async ({
  page,
  context,
  request,
}) => {
  const setup = await setUp(request);
  const driver = await tokenOf(request, setup.driverEmail, PASSWORD);

  // The collaborator opens Mi bus before the bus leaves.
  await signInToApp(page, setup.riderEmail, PASSWORD);
  await expect(page).toHaveURL(/\/app\/qr$/);
  const hub = hubReady(page);
  await page.getByRole("link", { name: "Mi bus" }).click();
  await expect(page.getByText("Su bus no ha salido")).toBeVisible();
  await hub;

  // The driver starts: the hub tells Mi bus at once (its fallback poll is a minute, longer than this wait).
  const started = await request.put(API.intermediateRoute.start.path, {
    headers: auth(driver),
    data: { routeNotScheduledId: setup.routeNotScheduledId },
  });
  expect(started.status()).toBe(200);
  const tripId = ((await started.json()) as { intermediateRoute: { id: number } }).intermediateRoute.id;
  await expect(page.getByTestId("bus-banner")).toContainText("Su bus salió", { timeout: 15_000 });

  // Distance and ETA in the first screen of a 390×844 phone.
  const sent = await request.post(API.intermediateRoute.position.path, {
    headers: auth(driver),
    data: { intermediateRouteId: tripId, latitude: 18.49, longitude: HOME.longitude },
  });
  expect(sent.status()).toBe(200);
  await expect(page.getByTestId("bus-distance")).toHaveText("A 2,2 km de su casa");
  await expect(page.getByTestId("bus-distance")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("bus-eta")).toBeInViewport({ ratio: 1 });

  // No signal: the cancellation is kept on the phone and shown at once.
  await context.setOffline(true);
  const cancel = page.getByRole("region", { name: "Cancelar mi viaje" });
  await cancel.getByLabel("Motivo").fill("Sin transporte hoy, E2E offline");
  await cancel.getByRole("button", { name: "Cancelar mi viaje" }).click();
  await cancel.getByRole("button", { name: "Sí, cancelar mi viaje" }).click();
  await expect(page.getByTestId("bus-banner")).toContainText("Guardado; se enviará al volver la conexión");
  const state = page.getByRole("region", { name: "Estado del viaje" });
  await expect(state).toContainText("Canceló su viaje");
  await expect(state).toContainText("Por enviar");

  // Signal again: the server holds it once, and the mark goes away.
  await context.setOffline(false);
  await expect(state.getByText("Por enviar")).toHaveCount(0, { timeout: 10_000 });
  const admin = await tokenOf(request, setup.adminEmail, PASSWORD);
  await expect
    .poll(async () => {
      const detail = await request.get(API.intermediateRoute.detail.path, {
        headers: auth(admin),
        params: { intermediateRouteId: tripId },
      });
      const trip = (await detail.json()) as { riders: { employeeId: number; status: string }[] };
      return trip.riders.filter((rider) => rider.employeeId === setup.riderId).map((rider) => rider.status);
    })
    .toEqual(["Canceled"]);
});
