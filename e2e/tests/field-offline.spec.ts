import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import {
  auth,
  codeQrOf,
  createTripFixture,
  launchCameraBrowser,
  PHONE_CONTEXT,
  signInToApp,
  tripDetailOf,
  writeQrVideo,
} from "./field-fixtures";
import { ACCOUNTS, useSessionOf } from "./helpers";

/**
 * The main journey: a driver runs a trip in Treiber App while an admin watches it live; the
 * third boarding and the End happen offline, wait on the phone, and reach the server once online.
 * The fake camera plays one video per browser: rider 1's QR in the first phone browser, rider 3's in
 * the second (same session, restored from the first one's storage state).
 */
test("a driver boards offline and ends offline; back online the server holds each action once", async ({
  page: adminPage,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const fixture = await createTripFixture(request, ["Marina", "Tomás", "Lucía"]);
  const [first, second, third] = fixture.riders;
  if (!first || !second || !third) throw new Error("faltan pasajeros");
  const cameraDir = testInfo.outputPath("camera");
  const firstVideo = writeQrVideo(cameraDir, "rider-1.y4m", await codeQrOf(request, first.email));
  const thirdVideo = writeQrVideo(cameraDir, "rider-3.y4m", await codeQrOf(request, third.email));
  const riderList = (page: Page) => page.getByRole("list", { name: "Pasajeros" });

  // Phone 1 (camera: rider 1's QR): sign in and start the route.
  const phone1 = await launchCameraBrowser(firstVideo);
  let tripId: number;
  let storageState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  try {
    const context = await phone1.newContext({ ...PHONE_CONTEXT, baseURL });
    const page = await context.newPage();
    await signInToApp(page, fixture.driverEmail);
    await expect(page).toHaveURL(/\/app\/hoy$/);
    const row = page.getByRole("listitem").filter({ hasText: fixture.routeName });
    await row.getByRole("button", { name: "Iniciar ruta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
    await expect(page).toHaveURL(/\/app\/viaje\/\d+$/);
    tripId = Number(page.url().split("/").pop());
    await expect(riderList(page).getByText("Pendiente")).toHaveCount(3);
    await expect(page.getByText("GPS activo")).toBeVisible();

    // The admin's live map (a desktop back-office page) shows the trip where the phone is…
    await useSessionOf(adminPage, ACCOUNTS.admin);
    await adminPage.goto("/listRoutes");
    await adminPage
      .locator(".ant-table-row")
      .filter({ hasText: fixture.routeName })
      .getByRole("button", { name: "Ver en el mapa" })
      .click();
    await expect(adminPage).toHaveURL(new RegExp(`[?&]trip=${tripId}`));
    const summary = adminPage.getByTestId("trip-summary");
    await expect(summary).toContainText(fixture.routeName);
    await expect(summary).toContainText("Hace unos segundos");
    const tripMap = adminPage.getByTestId("trip-map");
    await expect(tripMap.locator("path.trip-position-marker")).toBeVisible();
    await expect(tripMap.locator("path.trip-trail")).toHaveCount(0);
    // …and sees it move as the phone drives along a path (the phone sends at most one position every
    // 5 s): the next position arrives live and draws the trail.
    let step = 0;
    await expect(async () => {
      step += 1;
      await context.setGeolocation({ latitude: 18.4861 - step * 0.001, longitude: -69.9312 + step * 0.001 });
      await expect(tripMap.locator("path.trip-trail")).toBeVisible({ timeout: 2_000 });
    }).toPass({ intervals: [1_000], timeout: 40_000 });

    // Rider 1 by camera, rider 2 without QR (with a reason).
    await page.getByRole("button", { name: "Escanear QR" }).click();
    const scan = page.getByRole("dialog", { name: "Escanear QR" });
    await expect(scan.getByText("Abordó", { exact: true })).toBeVisible();
    await expect(scan.getByText(`${first.name} ${first.lastname}`)).toBeVisible();
    await scan.getByRole("button", { name: "Cerrar" }).click();
    await page.getByRole("button", { name: "Abordar sin QR" }).click();
    const sheet = page.getByRole("dialog", { name: "Abordar sin QR" });
    await sheet.getByRole("radio", { name: new RegExp(second.name) }).check();
    await sheet.getByLabel("Motivo").fill("Olvidó su teléfono");
    await sheet.getByRole("button", { name: "Abordar" }).click();
    await expect(page.getByText(`${second.name} ${second.lastname} abordó (sin QR).`)).toBeVisible();
    await expect(riderList(page).getByText("Pendiente")).toHaveCount(1);
    storageState = await context.storageState();
    await context.close();
  } finally {
    await phone1.close();
  }

  // Phone 2 (camera: rider 3's QR), same session: the trip screen reopens.
  const phone2 = await launchCameraBrowser(thirdVideo);
  try {
    const context = await phone2.newContext({ ...PHONE_CONTEXT, baseURL, storageState });
    const page = await context.newPage();
    await page.goto(`/app/viaje/${tripId}`);
    await expect(riderList(page).getByText("Pendiente")).toHaveCount(1);
    await expect(page.getByText("GPS activo")).toBeVisible();
    // The service worker has precached the app shell: the app reopens without a connection.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // No connection: the scan of rider 3 and the End are kept on the phone, and each shows at once.
    await context.setOffline(true);
    await expect(page.getByText("Sin conexión").first()).toBeVisible();
    await page.getByRole("button", { name: "Escanear QR" }).click();
    const scan = page.getByRole("dialog", { name: "Escanear QR" });
    const thirdName = `${third.name} ${third.lastname}`;
    await expect(scan.getByText("Abordó", { exact: true })).toBeVisible();
    await expect(scan.getByText(thirdName)).toBeVisible();
    await expect(scan.getByText(/^Por enviar/)).toBeVisible();
    // The same QR again: recognised on the phone, nothing queued twice.
    await scan.getByRole("button", { name: "Escanear otro" }).click();
    await expect(scan.getByText(`Ya abordó: ${thirdName}`)).toBeVisible();
    await scan.getByRole("button", { name: "Cerrar" }).click();
    const thirdRow = riderList(page).getByRole("listitem").filter({ hasText: thirdName });
    await expect(thirdRow.getByText(/^Abordó/)).toBeVisible();
    await expect(thirdRow.getByText("Por enviar")).toBeVisible();
    await expect(riderList(page).getByText("Pendiente")).toHaveCount(0);
    const pendingCount = page.getByText(/\d+ pendientes? de enviar/);
    await expect(pendingCount).toBeVisible();
    // Nobody left to board without QR.
    await page.getByRole("button", { name: "Abordar sin QR" }).click();
    const manual = page.getByRole("dialog", { name: "Abordar sin QR" });
    await expect(manual.getByRole("radio")).toHaveCount(0);
    await manual.getByRole("button", { name: "Cancelar" }).click();
    await page.getByRole("button", { name: "Finalizar ruta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Finalizar" }).click();
    await expect(page.getByText("Ruta finalizada", { exact: true })).toBeVisible();
    await expect(page.getByText("Fin por enviar")).toBeVisible();
    await expect(page.getByRole("button", { name: "Finalizar ruta" })).toHaveCount(0);
    await expect(pendingCount).toHaveText(/^([2-9]|\d{2,}) pendientes de enviar$/);

    // Reloading the app offline (shell from the service worker) keeps the queue and the trip as shown.
    const queued = await pendingCount.textContent();
    await page.reload();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(pendingCount).toHaveText(queued ?? "");
    await expect(page.getByText("Fin por enviar")).toBeVisible();
    await expect(thirdRow.getByText("Por enviar")).toBeVisible();

    // Back online: the outbox replays in order and empties; the screen matches the server by itself,
    // with no red banner for what the server did right.
    await context.setOffline(false);
    await expect(pendingCount).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText("Por enviar")).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText("Fin por enviar")).toHaveCount(0);
    await expect(page.getByText(/No se registró/)).toHaveCount(0);
    await expect(page.getByText("Ruta finalizada", { exact: true })).toBeVisible();
    await expect(riderList(page).getByText(/^Abordó/)).toHaveCount(3);
    await context.close();
  } finally {
    await phone2.close();
  }

  // The server holds exactly three boardings (qr, manual, qr) and the trip finished once.
  const trip = await tripDetailOf(request, fixture.admin, tripId);
  expect(trip.status).toBe("Finished");
  expect(trip.endedDate).not.toBeNull();
  expect(
    trip.riders
      .map((rider) => ({ id: rider.employeeId, status: rider.status, method: rider.boardingMethod }))
      .sort((a, b) => a.id - b.id),
  ).toEqual([
    { id: first.id, status: "Boarded", method: "qr" },
    { id: second.id, status: "Boarded", method: "manual" },
    { id: third.id, status: "Boarded", method: "qr" },
  ]);
  // The admin's route history for this driver: the trip, finished, once.
  const history = await request.get(API.intermediateRoute.history.path, {
    headers: auth(fixture.admin),
    params: { driverId: fixture.driverId, amount: 50 },
  });
  expect(history.status(), await history.text()).toBe(200);
  const finished = (await history.json()) as { amount: number; data: { id: number; status: string }[] };
  expect(finished.amount).toBe(1);
  expect(finished.data.map((item) => ({ id: item.id, status: item.status }))).toEqual([
    { id: tripId, status: "Finished" },
  ]);
});
