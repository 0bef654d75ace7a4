import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  type IncidentListResponse,
  SAFETY_MESSAGES,
  type SosPositionsResponse,
  TRIP_SHARE_AFTER_END_MINUTES,
  type TripSavedResponse,
  type TripShareCreateResponse,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { auth, PASSWORD, PHONE_CONTEXT, signInToApp, tokenOf } from "./field-fixtures";
import {
  adminDashboard,
  boardRider,
  HOME,
  holdTouch,
  MINUTE,
  type SafetyFixture,
  safetyTrip,
  sendBusPosition,
  sharedTripAnswer,
  sirenTones,
} from "./safety-fixtures";

/**
 * Issue 38's journeys through the real API, database, hub and pages:
 * (1) a rider aboard, on a 390×844 phone, holds «SOS» 2 s on «Mi bus» (a real touch); the countdown runs
 *     out and the SOS goes; the admin's «Incidencias» (another browser) rings a siren with a red
 *     banner until someone takes it, the SOS drawer follows the phone's live position, and the
 *     admin closes it as «Falsa alarma» with a note.
 * (2) a rider on a trip shares it; the link opens in a fresh browser without an account and shows
 *     the bus (and nothing of the other rider); «Dejar de compartir» stops it; a new link of the
 *     same trip stops working once the trip has ended more than 30 minutes ago. The API has no
 *     clock to move: the driver's End arrives as a phone replays its queue, with its time 35
 *     minutes back.
 */

const GONE = "Este enlace ya no está disponible";

/** A phone of its own (390×844, touch, GPS granted) at `geolocation`. */
function newPhone(browser: Browser, baseURL: string | undefined, geolocation = PHONE_CONTEXT.geolocation) {
  return browser.newContext({ ...PHONE_CONTEXT, baseURL, geolocation });
}

/** The rider signs in to Treiber App and opens «Mi bus» on its trip. */
async function openMyBus(page: Page, fixture: SafetyFixture) {
  await signInToApp(page, fixture.riderEmail, PASSWORD);
  await expect(page).toHaveURL(/\/app\/qr$/);
  await page.getByRole("link", { name: "Mi bus" }).click();
  await expect(page.getByRole("region", { name: "Estado del viaje" })).toContainText(fixture.routeName);
}

/** The trip's SOS incidents as the API lists them to the fixture's admin. */
async function sosIncidents(request: APIRequestContext, fixture: SafetyFixture) {
  const admin = await tokenOf(request, fixture.adminEmail, PASSWORD);
  const response = await request.get(apiPath(API.incident.list), {
    headers: auth(admin),
    params: { intermediateRouteId: fixture.tripId, type: "SOS" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as IncidentListResponse).list;
}

test("a rider holds «SOS» on a phone; the admin's panel alarms, follows the position and closes it as «Falsa alarma»", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const fixture = await safetyTrip(request);
  await boardRider(request, fixture);
  await sendBusPosition(request, fixture, { latitude: 18.5, longitude: HOME.longitude });
  const admin = await adminDashboard(browser, fixture.adminEmail, baseURL);

  // The rider's phone, on the bus.
  const onBoard = { latitude: 18.4902, longitude: -69.9011 };
  const phone = await newPhone(browser, baseURL, onBoard);
  const page = await phone.newPage();
  await openMyBus(page, fixture);

  const sos = page.getByRole("button", { name: "SOS", exact: true });
  const countdown = page.getByRole("alertdialog").getByText(/Enviando SOS en \d…/);

  await test.step("held 2 s, «SOS» counts down; «Cancelar» sends nothing", async () => {
    await expect(sos).toBeInViewport();
    // Held with a pen (mouse) here: the finger's lift is in the next step.
    await sos.hover();
    await page.mouse.down();
    await expect(countdown).toBeVisible();
    await page.mouse.up();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByText("SOS cancelado: no se envió nada")).toBeVisible();
    expect(await sosIncidents(request, fixture)).toEqual([]);
  });

  await test.step("held again by a finger, lifted when the countdown shows: it runs out and the SOS goes", async () => {
    // The finger lifts as the countdown appears: the click that follows lands on «Cancelar», under
    // the finger, and must not cancel.
    await holdTouch(page, sos, async () => {
      await expect(countdown).toHaveText("Enviando SOS en 5…");
    });
    await expect(countdown).toBeVisible();
    await expect(page.getByRole("alertdialog")).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole("status").filter({ hasText: SAFETY_MESSAGES.sosSent })).toBeVisible();
    await expect(page.getByTestId("sos-following")).toContainText(
      "Enviando su ubicación al centro de control hasta las",
    );
  });

  const [incident, ...more] = await sosIncidents(request, fixture);
  if (!incident) throw new Error("el SOS no abrió incidencia");
  expect(more).toEqual([]);
  expect(incident).toMatchObject({
    status: "OPEN",
    severity: "critical",
    personName: fixture.riderFullName,
    intermediateRouteId: fixture.tripId,
  });
  expect(incident.evidence[0]).toMatchObject(onBoard);

  const row = admin.panel.locator(`[data-testid="incident-row"][data-incident-id="${incident.id}"]`);
  const banner = admin.panel.getByRole("alert").filter({ hasText: "Alerta SOS sin atender" });

  await test.step("the admin's Incidencias rings a siren with a red banner until someone takes it", async () => {
    await expect(row).toHaveAttribute("data-incident-type", "SOS");
    await expect(row).toContainText(fixture.riderFullName);
    await expect(admin.panel.getByTestId("incident-row").first()).toHaveAttribute(
      "data-incident-type",
      "SOS",
    );
    await expect(banner).toContainText(`SOS: ${fixture.riderFullName}`);
    await expect(banner).toContainText(fixture.routeName);
    // The siren (square tones, unlike the critical beep) repeats while nobody takes it.
    await expect.poll(() => sirenTones(admin.page)).toBeGreaterThan(0);
    const rung = await sirenTones(admin.page);
    await expect.poll(() => sirenTones(admin.page)).toBeGreaterThan(rung);

    await banner.getByRole("button", { name: `Atender SOS de ${fixture.riderFullName}` }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Atender incidencia" });
    await dialog.getByLabel("Nota (opcional)").fill("Llamé a la pasajera: no contesta todavía");
    await dialog.getByRole("button", { name: "Atender" }).click();
    await expect(row).toHaveAttribute("data-incident-status", "ACKNOWLEDGED");
    await expect(banner).toHaveCount(0);
  });
  const sirenWhenTaken = await sirenTones(admin.page);

  const drawer = admin.page.getByRole("dialog", { name: `SOS · ${fixture.riderFullName}` });
  await test.step("the SOS drawer follows the phone's live position", async () => {
    await row.getByTestId("incident-open").click();
    await expect(drawer).toContainText(fixture.riderFullName);
    await expect(drawer).toContainText(fixture.routeName);
    const map = drawer.getByTestId("sos-map");
    await expect(map.locator(".leaflet-container")).toBeVisible();
    await expect(map).toHaveAttribute("data-latest-position", `${onBoard.latitude},${onBoard.longitude}`);
    // The rider walks away from the bus: the phone's next position (every 10 s) reaches the drawer.
    const walked = { latitude: 18.4875, longitude: -69.8988 };
    await phone.setGeolocation(walked);
    await expect(map).toHaveAttribute("data-latest-position", `${walked.latitude},${walked.longitude}`, {
      timeout: 45_000,
    });
    const admin2 = await tokenOf(request, fixture.adminEmail, PASSWORD);
    const trail = await request.get(apiPath(API.sos.positions, { incidentId: incident.id }), {
      headers: auth(admin2),
    });
    expect(trail.status()).toBe(200);
    expect(((await trail.json()) as SosPositionsResponse).list.at(-1)).toMatchObject(walked);
    // Taken: the siren stayed silent while the position came.
    expect(await sirenTones(admin.page)).toBe(sirenWhenTaken);
    await admin.page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });

  await test.step("the admin closes it as «Falsa alarma» with a note", async () => {
    await row.getByRole("button", { name: `Cerrar: SOS, ${fixture.riderFullName} (Colaborador)` }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Cerrar incidencia" });
    // Both the outcome and the note are required.
    await dialog.getByRole("button", { name: "Cerrar incidencia" }).click();
    await expect(dialog.getByText(SAFETY_MESSAGES.closeOutcome)).toBeVisible();
    await expect(dialog.getByText(SAFETY_MESSAGES.closeNote)).toBeVisible();
    await dialog.getByRole("radio", { name: "Falsa alarma" }).check();
    const note = `Tocó el botón sin querer, E2E ${Date.now()}`;
    await dialog.getByLabel("Nota", { exact: true }).fill(note);
    await dialog.getByRole("button", { name: "Cerrar incidencia" }).click();
    await expect(admin.page.getByText(SAFETY_MESSAGES.closed)).toBeVisible();
    await expect(dialog).toBeHidden();
    // Out of the unclosed list; the history says how it ended and who closed it.
    await expect(row).toHaveCount(0);
    await admin.panel.getByLabel("Estado de la incidencia").selectOption("CLOSED");
    await expect(row).toHaveAttribute("data-incident-status", "CLOSED");
    await expect(row).toContainText(`Falsa alarma · cerrada por Irene Segura`);
    const [closed] = await sosIncidents(request, fixture);
    expect(closed).toMatchObject({
      id: incident.id,
      status: "CLOSED",
      closeReason: "manual",
      outcome: "FALSE_ALARM",
      closedBy: expect.stringContaining("Irene Segura"),
    });
    // The note taken when it was attended, then the closing one.
    expect(closed?.note).toContain("Llamé a la pasajera");
    expect(closed?.note).toContain(note);
  });

  await phone.close();
  await admin.context.close();
});

test("a shared trip opens without an account, shows the bus and stops working when revoked and after the trip", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Started an hour ago (its End comes 35 minutes back); the bus north of both stops, coming.
  const fixture = await safetyTrip(request, { planned: true, startedMinutesAgo: 60 });
  await sendBusPosition(
    request,
    fixture,
    { latitude: 18.5, longitude: HOME.longitude },
    new Date(Date.now() - 42 * MINUTE),
  );
  await sendBusPosition(
    request,
    fixture,
    { latitude: 18.495, longitude: HOME.longitude },
    new Date(Date.now() - 40 * MINUTE),
  );
  const phone = await newPhone(browser, baseURL);
  const page = await phone.newPage();
  await openMyBus(page, fixture);
  const card = page.getByRole("region", { name: "Compartir mi viaje" });

  /** «Compartir mi viaje»: this browser has no share sheet, so the phone shows the link to copy. */
  const share = async () => {
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === API.tripShare.create.path &&
        response.request().method() === "POST",
    );
    await card.getByRole("button", { name: "Compartir mi viaje" }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    const link = (await answer.json()) as TripShareCreateResponse;
    // 256 random bits.
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // On the server's PUBLIC_URL when it has one, else where the phone reached it.
    const origin = process.env.PUBLIC_URL?.replace(/\/+$/, "") ?? baseURL;
    expect(link.url).toBe(`${origin}/seguir/${link.token}`);
    await expect(card.getByLabel("Enlace para compartir")).toHaveValue(link.url);
    await expect(card.getByRole("button", { name: "Copiar" })).toBeVisible();
    return link;
  };

  /** A relative opens the link on their own phone: a fresh browser, no account, no permissions. */
  const openAsGuest = async (link: TripShareCreateResponse) => {
    const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL, permissions: [] });
    const guest = await context.newPage();
    await guest.goto(new URL(link.url).pathname);
    return { context, guest };
  };

  const first = await share();
  const { context: guestContext, guest } = await openAsGuest(first);

  await test.step("the link shows the bus, without an account and nothing of the other rider", async () => {
    await expect(guest.getByRole("heading", { name: "Viaje compartido" })).toBeVisible();
    const arrival = guest.getByRole("region", { name: "Llegada" });
    await expect(arrival).toContainText(fixture.routeName);
    await expect(arrival).toContainText("En camino");
    await expect(guest.getByTestId("shared-trip-eta")).toHaveText(/^Llega en ~/);
    await expect(arrival).toContainText(fixture.riderStopName);
    const facts = guest.getByRole("region", { name: "Datos del viaje" });
    await expect(facts).toContainText(fixture.plate);
    await expect(facts).toContainText(fixture.driverFirstName);
    await expect(facts).not.toContainText("Conductor");
    await expect(guest.getByTestId("shared-trip-map").locator(".leaflet-container")).toBeVisible();
    // No back-office chrome, no session.
    await expect(guest.getByTestId("sidebar")).toHaveCount(0);
    expect(await guest.evaluate(() => window.localStorage.getItem("Treiber"))).toBeNull();

    const answer = await sharedTripAnswer(request, first.token);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toContain("no-store");
    expect(answer.body).toMatchObject({
      routeName: fixture.routeName,
      plate: fixture.plate,
      driverFirstName: fixture.driverFirstName,
      status: "InProgress",
      riderStop: { name: fixture.riderStopName, ...HOME },
    });
    const shown = `${JSON.stringify(answer.body)}\n${await guest.locator("body").textContent()}`;
    const { otherRider } = fixture;
    for (const secret of [
      otherRider.name,
      otherRider.lastname,
      otherRider.stopName,
      String(otherRider.home.latitude),
      String(otherRider.home.longitude),
    ])
      expect(shown).not.toContain(secret);
  });

  await test.step("«Dejar de compartir» stops the link", async () => {
    await card.getByRole("button", { name: "Dejar de compartir" }).click();
    await expect(card.getByRole("status")).toHaveText("Dejó de compartir su viaje: el enlace ya no funciona");
    // The open page learns it at its next refresh (every 10 s); a new visit at once.
    await expect(guest.getByRole("heading", { name: GONE })).toBeVisible({ timeout: 30_000 });
    await expect(guest.getByText(fixture.plate)).toHaveCount(0);
    const other = await guestContext.newPage();
    await other.goto(new URL(first.url).pathname);
    await expect(other.getByRole("heading", { name: GONE })).toBeVisible();
    // The very answer of a token that never existed.
    const revoked = await sharedTripAnswer(request, first.token);
    const unknown = await sharedTripAnswer(request, "A".repeat(43));
    expect(revoked.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(revoked.body).toEqual(unknown.body);
    expect(revoked.body).toMatchObject({ message: SAFETY_MESSAGES.shareNotFound });
  });
  await guestContext.close();

  const second = await share();
  expect(second.token).not.toBe(first.token);
  const { context: laterContext, guest: later } = await openAsGuest(second);
  await expect(later.getByRole("region", { name: "Datos del viaje" })).toContainText(fixture.plate);

  await test.step("30 minutes after the trip ends the link stops working", async () => {
    // The driver's End, queued on its phone 35 minutes ago, arrives now with its time.
    const ended = await request.put(apiPath(API.intermediateRoute.end), {
      headers: auth(fixture.driverToken),
      data: {
        intermediateRouteId: fixture.tripId,
        endedAt: new Date(Date.now() - 35 * MINUTE).toISOString(),
      },
    });
    expect(ended.status(), await ended.text()).toBe(200);
    const { endedDate } = ((await ended.json()) as TripSavedResponse).intermediateRoute;
    const expiresAt = Date.parse(endedDate ?? "") + TRIP_SHARE_AFTER_END_MINUTES * MINUTE;
    if (expiresAt > Date.now()) {
      // A cut made in the last 35 minutes (another journey's, in a whole run) holds the End at the
      // cut's end (decision 0020): the link then works until 30 minutes after that end, no longer.
      test.info().annotations.push({
        type: "note",
        description: `El fin quedó en ${endedDate} (un corte posterior): el enlace vive hasta 30 min después`,
      });
      const answer = await sharedTripAnswer(request, second.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: "Finished", expiresAt: new Date(expiresAt).toISOString() });
      await expect(later.getByTestId("shared-trip-eta")).toHaveText("El viaje terminó", { timeout: 30_000 });
    } else {
      await expect(later.getByRole("heading", { name: GONE })).toBeVisible({ timeout: 30_000 });
      const answer = await sharedTripAnswer(request, second.token);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ message: SAFETY_MESSAGES.shareNotFound });
    }
    // An ended trip is shared no more.
    const rider = await tokenOf(request, fixture.riderEmail, PASSWORD);
    const again = await request.post(apiPath(API.tripShare.create), {
      headers: auth(rider),
      data: { intermediateRouteId: fixture.tripId },
    });
    expect(again.status()).toBe(409);
    expect(await again.json()).toMatchObject({ message: SAFETY_MESSAGES.shareEnded });
  });

  await laterContext.close();
  await phone.close();
});
