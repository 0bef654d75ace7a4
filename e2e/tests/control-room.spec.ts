import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { API, apiPath } from "@treiber/contract/api-paths";
import { auth, digits, firstId, PASSWORD, send, tokenOf } from "./field-fixtures";
import { ACCOUNTS, hubReady, identityCardOf, useSessionOf } from "./helpers";

/**
 * Issue 25's journey: a bus on a planned route takes a detour; the admin's «Incidencias» panel shows
 * «Fuera de ruta» live, the admin opens the trip on the map, acknowledges it with a note, and sees it
 * close when the bus is back on the path. The trip is driven through the same position endpoint
 * Treiber App's outbox uses, with device times a few minutes in the past (as a phone replaying its
 * queue would), so the rule's 60 s and 3 positions hold without waiting for them.
 */

const MINUTE = 60_000;
const LONGITUDE = -69.94;
const hhmm = (at: number) => {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
};

/** A route with three stops on a line going north, its shift, workplace and a new driver. */
async function plannedRouteFixture(request: APIRequestContext, startAt: number) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const [branchOfficeId, supplierId] = await Promise.all([
    firstId(request, admin, API.branchOffice.listName),
    firstId(request, admin, API.supplier.listName),
  ]);
  const destination = await send<{ id: number }>(request, admin, API.destination.create, {
    name: `Planta Norte ${tag}`,
    address: "Autopista Duarte km 12",
    latitude: 18.5,
    longitude: LONGITUDE,
  });
  const shift = await send<{ id: number }>(request, admin, API.shift.create, {
    branchOfficeId,
    name: `Control ${tag}`,
    direction: "inbound",
    time: hhmm(startAt + 60 * MINUTE),
    dayIds: [1, 2, 3, 4, 5, 6, 7],
  });
  const routeName = `Ruta control ${tag}`;
  const route = await send<{ id: number }>(request, admin, API.route.create, {
    name: routeName,
    destinationId: destination.id,
    dayIds: [1, 2, 3, 4, 5, 6, 7],
    departureTime: hhmm(startAt),
    cost: 30,
    shiftId: shift.id,
  });
  const driverEmail = `chofer-control-${stamp}@e2e.treiber.app`;
  const driver = await send<{ id: number }>(request, admin, API.auth.driverSignup, {
    email: driverEmail,
    password: PASSWORD,
    name: "Chofer",
    lastname: `Desvío ${tag}`,
    identityCard: identityCardOf(),
    telephone: "(809) 555-0606",
    licenseNumber: `LIC-${stamp.slice(-8)}`,
    supplierId,
    vehiclePlate: `C${stamp.slice(-6)}`,
    vehicleModel: "Toyota Coaster",
    vehicleCapacity: 20,
  });
  const assigned = await request.put(
    `${apiPath(API.driver.addRoute)}?driverId=${driver.id}&routeId=${route.id}`,
    {
      headers: auth(admin),
    },
  );
  expect(assigned.status(), await assigned.text()).toBe(200);
  await send(request, admin, API.route.saveStops, {
    routeId: route.id,
    stops: [18.4, 18.43, 18.46].map((latitude, index) => ({
      position: index + 1,
      name: `Parada ${index + 1}`,
      address: null,
      latitude,
      longitude: LONGITUDE,
      plannedTime: hhmm(startAt + (index + 1) * 10 * MINUTE),
      employeeIds: [],
    })),
  });
  return { routeId: route.id, routeName, driverEmail };
}

test("a detour opens «Fuera de ruta»; the admin sees the trip, acknowledges it and sees it close", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const startedAt = Date.now() - 10 * MINUTE;
  const fixture = await plannedRouteFixture(request, startedAt);
  const driver = await tokenOf(request, fixture.driverEmail, PASSWORD);
  const started = await request.put(apiPath(API.intermediateRoute.start), {
    headers: auth(driver),
    data: { routeId: fixture.routeId, startedAt: new Date(startedAt).toISOString() },
  });
  expect(started.status(), await started.text()).toBe(200);
  const tripId = ((await started.json()) as { intermediateRoute: { id: number } }).intermediateRoute.id;

  let at = startedAt + MINUTE;
  let latitude = 18.4;
  /** `count` positions 20 s and ~220 m apart going north, `offset` degrees east of the line. */
  const drive = async (count: number, offset: number) => {
    for (let i = 0; i < count; i++, at += 20_000, latitude += 0.002) {
      const response = await request.post(apiPath(API.intermediateRoute.position), {
        headers: auth(driver),
        data: {
          intermediateRouteId: tripId,
          latitude,
          longitude: LONGITUDE + offset,
          recordedAt: new Date(at).toISOString(),
          actionId: randomUUID(),
        },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
  };

  await useSessionOf(page, ACCOUNTS.superAdmin);
  const connected = hubReady(page);
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Incidencias" });
  await expect(panel).toBeVisible();
  await connected;

  await drive(4, 0);
  await drive(5, 0.05);
  const detour = panel
    .getByTestId("incident-row")
    .filter({ hasText: fixture.routeName })
    .and(page.locator('[data-incident-type="OFF_ROUTE"]'));
  await expect(detour).toHaveAttribute("data-incident-status", "OPEN", { timeout: 30_000 });
  await expect(panel.getByTestId("incidents-announcement")).toContainText(
    `Nueva incidencia crítica: Fuera de ruta, ${fixture.routeName}`,
  );

  // The trip on the map: its trace against the planned path and stops.
  await detour.getByTestId("incident-open").click();
  const trip = page.getByRole("dialog", { name: `Fuera de ruta · ${fixture.routeName}` });
  await expect(trip.getByTestId("incident-trip-map").locator(".leaflet-container")).toBeVisible();
  await expect(trip.getByTestId("incident-trip-planned-source")).toContainText("línea entre paradas");
  await expect(trip.getByTestId("incident-trip-stops")).toContainText("Parada 3");
  await page.keyboard.press("Escape");
  await expect(trip).toBeHidden();

  await detour.getByRole("button", { name: `Atender: Fuera de ruta, ${fixture.routeName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Atender incidencia" });
  await dialog.getByLabel("Nota (opcional)").fill("Llamé al chofer: desvío por obras");
  await dialog.getByRole("button", { name: "Atender" }).click();
  await expect(page.getByText("Incidencia atendida")).toBeVisible();
  await expect(detour).toHaveAttribute("data-incident-status", "ACKNOWLEDGED");

  // Back on the path: the incident closes by itself and leaves the unclosed list.
  await drive(4, 0);
  await expect(detour).toHaveCount(0, { timeout: 30_000 });
  await panel.getByTestId("incident-status-filter").selectOption("CLOSED");
  await expect(detour).toHaveAttribute("data-incident-status", "CLOSED");
  await expect(detour).toContainText("cerrada al normalizarse");

  const listed = await request.get(
    `${apiPath(API.incident.list)}?intermediateRouteId=${tripId}&type=OFF_ROUTE`,
    {
      headers: auth(await tokenOf(request, ACCOUNTS.admin)),
    },
  );
  expect(listed.status()).toBe(200);
  expect((await listed.json()) as { list: { note: string; status: string }[] }).toMatchObject({
    list: [{ status: "CLOSED", note: "Llamé al chofer: desvío por obras" }],
  });
});
