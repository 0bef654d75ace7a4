import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { API, clientPath } from "@treiber/contract/api-paths";
import {
  codeQrOf,
  createTripFixture,
  launchCameraBrowser,
  PHONE_CONTEXT,
  signInToApp,
  tripDetailOf,
  writeQrVideo,
} from "./field-fixtures";

/** What waits in the phone's outbox (IndexedDB `treiber-outbox`), read as the app stored it. */
async function queuedActions(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("treiber-outbox");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = await new Promise<{ path: string; body: Record<string, unknown> }[]>((resolve, reject) => {
      const request = db.transaction("actions").objectStore("actions").getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all.map((action) => ({ path: action.path, body: action.body }));
  });
}

/**
 * A driver in a dead zone from the start: the phone was used online once (Hoy kept on it, app shell
 * precached), then the app is opened with no connection at all. Hoy opens, the route starts, riders
 * board by QR and without it, the bus moves and the route ends, each tap showing at once; back online
 * the screen matches the server by itself and the server holds every action at the phone's times.
 */
test("a cold start offline runs a whole trip; back online the server holds it at the phone's times", async ({
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const fixture = await createTripFixture(request, ["Irene", "Pablo"]);
  const [first, second] = fixture.riders;
  if (!first || !second) throw new Error("faltan pasajeros");
  const firstName = `${first.name} ${first.lastname}`;
  const video = writeQrVideo(
    testInfo.outputPath("camera"),
    "rider-1.y4m",
    await codeQrOf(request, first.email),
  );
  const phone = await launchCameraBrowser(video);
  try {
    const context = await phone.newContext({ ...PHONE_CONTEXT, baseURL });
    // Online once: sign in, Hoy loads (and stays on the phone), the service worker precaches the app.
    const online = await context.newPage();
    await signInToApp(online, fixture.driverEmail);
    await expect(online).toHaveURL(/\/app\/hoy$/);
    await expect(online.getByRole("listitem").filter({ hasText: fixture.routeName })).toBeVisible();
    await online.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await online.close();

    // The phone restarts in a dead zone: no connection before the app loads.
    await context.setOffline(true);
    const page = await context.newPage();
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app\/hoy$/);
    await expect(page.getByTestId("saved-copy")).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: fixture.routeName });
    await row.getByRole("button", { name: "Iniciar ruta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
    await expect(page).toHaveURL(/\/app\/viaje\/l-[0-9a-f-]{36}$/);
    const riders = page.getByRole("list", { name: "Pasajeros" });
    await expect(riders.getByText("Pendiente")).toHaveCount(2);

    // A scan: the phone knows the rider by the QR's hash and shows the boarding at once.
    await page.getByRole("button", { name: "Escanear QR" }).click();
    const scan = page.getByRole("dialog", { name: "Escanear QR" });
    await expect(scan.getByText("Abordó", { exact: true })).toBeVisible();
    await expect(scan.getByText(firstName)).toBeVisible();
    await scan.getByRole("button", { name: "Cerrar" }).click();
    // Without QR: only the rider still pending is offered.
    await page.getByRole("button", { name: "Abordar sin QR" }).click();
    const manual = page.getByRole("dialog", { name: "Abordar sin QR" });
    await expect(manual.getByRole("radio")).toHaveCount(1);
    await manual.getByRole("radio", { name: new RegExp(second.name) }).check();
    await manual.getByLabel("Motivo").fill("Teléfono descargado");
    await manual.getByRole("button", { name: "Abordar" }).click();
    await expect(riders.getByText("Pendiente")).toHaveCount(0);
    await expect(riders.getByText("Por enviar")).toHaveCount(2);

    // The bus drives on without signal: positions are taken every 5 s and kept in order. Each move is
    // waited for by its queued position, never by a fixed sleep.
    const queuedLatitudes = async () =>
      (await queuedActions(page))
        .filter((action) => action.path.endsWith("/position"))
        .map((action) => Number(action.body.latitude));
    for (let step = 1; step <= 2; step += 1) {
      const latitude = 18.4861 + step * 0.004;
      // The phone keeps one fix per 5 s and drops the rest: the bus reports its new place until one
      // is kept (each report a hair further east, so the phone sees a fix it has not had yet).
      let report = 0;
      await expect(async () => {
        report += 1;
        await context.setGeolocation({ latitude, longitude: -69.9312 + step * 0.003 + report * 1e-7 });
        expect((await queuedLatitudes()).some((queued) => Math.abs(queued - latitude) < 1e-6)).toBe(true);
      }).toPass({ intervals: [500], timeout: 20_000 });
    }
    expect((await queuedLatitudes()).length).toBeGreaterThanOrEqual(3);

    // "Salir" warns, readable (its text is not white on white), and nothing is lost by cancelling.
    await page.getByRole("button", { name: "Salir" }).click();
    const leave = page.getByRole("dialog", { name: "¿Salir con acciones sin enviar?" });
    await expect(leave.getByText(/La ruta sigue en curso/)).toBeVisible();
    await expect(leave.getByText(/pendientes de enviar/)).toBeVisible();
    const contrast = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withRules(["color-contrast"])
      .analyze();
    expect(contrast.violations).toEqual([]);
    await leave.getByRole("button", { name: "Cancelar" }).click();

    await page.getByRole("button", { name: "Finalizar ruta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Finalizar" }).click();
    await expect(page.getByText("Fin por enviar")).toBeVisible();
    await expect(page.getByRole("button", { name: "Finalizar ruta" })).toHaveCount(0);

    const queued = await queuedActions(page);
    const startedAt = queued.find((action) => action.path.endsWith("/Start"))?.body.startedAt;
    const positions = queued
      .filter((action) => action.path.endsWith("/position"))
      .map((action) => ({ at: action.body.recordedAt, latitude: action.body.latitude }));
    expect(queued.map((action) => action.path).at(-1)).toBe(clientPath(API.intermediateRoute.end));

    // Signal again: the trip gets its id, the queue drains, the screen matches the server, no red banner.
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/app\/viaje\/\d+$/, { timeout: 10_000 });
    await expect(page.getByText(/pendientes? de enviar/)).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText("Por enviar")).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText("Fin por enviar")).toHaveCount(0);
    await expect(page.getByText(/No se registró/)).toHaveCount(0);
    await expect(page.getByText("Ruta finalizada", { exact: true })).toBeVisible();
    await expect(riders.getByText(/^Abordó/)).toHaveCount(2);
    const tripId = Number(page.url().split("/").pop());
    await context.close();

    // The server: started at the phone's time, two boardings, every offline position in order at the
    // phone's times (the trip sheet's trace and km come from them).
    const trip = await tripDetailOf(request, fixture.admin, tripId);
    expect(trip.status).toBe("Finished");
    expect(trip.startedDate).toBe(startedAt);
    expect(trip.riders.map((rider) => [rider.employeeId, rider.status, rider.boardingMethod]).sort()).toEqual(
      [
        [first.id, "Boarded", "qr"],
        [second.id, "Boarded", "manual"],
      ].sort(),
    );
    expect(trip.positions.map((point) => ({ at: point.recordedDate, latitude: point.latitude }))).toEqual(
      positions,
    );
  } finally {
    await phone.close();
  }
});

/** GPS refused to the app: a distinct state with the steps to allow it, and the driver is told. */
test("a driver whose phone refuses the location is told positions are not sent", async ({
  request,
  baseURL,
}) => {
  const fixture = await createTripFixture(request, ["Rosa"]);
  const phone = await launchCameraBrowser(writeQrVideo(test.info().outputPath("camera"), "none.y4m", "x"));
  try {
    const context = await phone.newContext({ ...PHONE_CONTEXT, baseURL, permissions: ["camera"] });
    const page = await context.newPage();
    await signInToApp(page, fixture.driverEmail);
    await page
      .getByRole("listitem")
      .filter({ hasText: fixture.routeName })
      .getByRole("button", { name: "Iniciar ruta" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
    await expect(page).toHaveURL(/\/app\/viaje\/\d+$/);
    await expect(page.getByText("Ubicación bloqueada")).toBeVisible();
    await expect(page.getByText(/la posición del bus no se está enviando/)).toBeVisible();
    await context.close();
  } finally {
    await phone.close();
  }
});
