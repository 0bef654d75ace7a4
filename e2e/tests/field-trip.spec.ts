import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { chromium, expect, test } from "@playwright/test";
import { API, apiPath } from "@treiber/contract/api-paths";
import { CHROMIUM_PATH } from "../chromium";
import {
  auth,
  codeQrOf,
  createTripFixture,
  HEADLESS_FLAGS,
  PASSWORD,
  qrVideo,
  signInToApp,
  tripDetailOf,
} from "./field-fixtures";
import { cspViolations } from "./helpers";

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * The driver's trip in Treiber App with a REAL camera path: Chromium's fake capture device plays a
 * Y4M video of a collaborator's QR, the page decodes it with jsQR and boards the rider.
 */

test("a driver starts a route, boards one rider by camera and one without QR, and finalizes", async ({
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const fixture = await createTripFixture(request);
  const [scanned, manual] = fixture.riders;
  if (!scanned || !manual) throw new Error("faltan pasajeros");
  const codeQr = await codeQrOf(request, scanned.email);
  // The scanned rider has a photo: the scan result shows it (an authenticated image of the API).
  const riderSession = await request.post(API.auth.signIn.path, {
    data: { email: scanned.email, password: PASSWORD },
  });
  const { token: riderToken, userId: riderUserId } = (await riderSession.json()) as {
    token: string;
    userId: number;
  };
  const photo = await request.put(apiPath(API.profileImage.upload, { userId: riderUserId }), {
    headers: { ...auth(riderToken), "Content-Type": "image/png" },
    data: Buffer.from(ONE_PIXEL_PNG, "base64"),
  });
  expect(photo.status()).toBe(200);

  const videoPath = join(testInfo.outputPath("camera"), "rider-qr.y4m");
  mkdirSync(dirname(videoPath), { recursive: true });
  writeFileSync(videoPath, qrVideo(codeQr));

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...HEADLESS_FLAGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "es-DO",
      timezoneId: "America/Santo_Domingo",
      permissions: ["geolocation", "camera"],
      geolocation: { latitude: 18.4861, longitude: -69.9312 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const violations = cspViolations(page);

    // Sign in at /app as the new driver: "Hoy" lists the route, pending.
    await signInToApp(page, fixture.driverEmail);
    await expect(page).toHaveURL(/\/app\/hoy$/);
    const row = page.getByRole("listitem").filter({ hasText: fixture.routeName });
    await expect(row.getByText("Pendiente")).toBeVisible();

    // Iniciar ruta, confirmed → the trip screen.
    await row.getByRole("button", { name: "Iniciar ruta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
    await expect(page).toHaveURL(/\/app\/viaje\/\d+$/);
    const tripId = Number(page.url().split("/").pop());
    const riders = page.getByRole("list", { name: "Pasajeros" });
    await expect(riders.getByRole("listitem")).toHaveCount(2);
    await expect(riders.getByText("Pendiente")).toHaveCount(2);
    await expect(page.getByText("GPS activo")).toBeVisible();
    // The small map (Leaflet, loaded on demand) shows where the phone is.
    await expect(page.locator(".trip-map.leaflet-container")).toBeVisible();
    await context.setGeolocation({ latitude: 18.49, longitude: -69.93 });

    // The End confirmation names who is still pending; cancel it.
    await page.getByRole("button", { name: "Finalizar ruta" }).click();
    await expect(page.getByRole("dialog")).toContainText("Quedan 2 pasajeros pendientes");
    await expect(page.getByRole("dialog")).toContainText(`${scanned.name} ${scanned.lastname}`);
    await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();

    // Scan by camera: the fake device plays the rider's QR.
    await page.getByRole("button", { name: "Escanear QR" }).click();
    const scan = page.getByRole("dialog", { name: "Escanear QR" });
    await expect(scan.getByText("Abordó", { exact: true })).toBeVisible();
    await expect(scan.getByText(`${scanned.name} ${scanned.lastname}`)).toBeVisible();
    // The driver may read the photo of a rider of its trip in progress: it loads.
    const avatar = scan.locator("img.avatar");
    await expect(avatar).toBeVisible();
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    // A second scan of the same code: "Ya abordó".
    await scan.getByRole("button", { name: "Escanear otro" }).click();
    await expect(scan.getByText("Ya abordó")).toBeVisible();
    await scan.getByRole("button", { name: "Cerrar" }).click();
    await expect(riders.getByRole("listitem").filter({ hasText: scanned.name })).toContainText(/Abordó \d/);

    // The app reopened (e.g. the phone restarted): the trip in progress opens by itself.
    await page.goto("/app");
    await expect(page).toHaveURL(new RegExp(`/app/viaje/${tripId}$`));
    await expect(riders.getByRole("listitem").filter({ hasText: scanned.name })).toContainText(/Abordó \d/);
    // Back on "Hoy" it stays there (once per launch) and the trip reopens from its row.
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/hoy$/);
    await expect(row.getByText("En curso", { exact: true })).toBeVisible();
    await row.getByRole("link", { name: "Abrir ruta en curso" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/viaje/${tripId}$`));

    // Abordar sin QR: the reason is required.
    await page.getByRole("button", { name: "Abordar sin QR" }).click();
    const sheet = page.getByRole("dialog", { name: "Abordar sin QR" });
    await sheet.getByLabel("Buscar por nombre o código de empleado").fill(manual.codeEmployee.toLowerCase());
    await sheet.getByRole("radio", { name: new RegExp(manual.name) }).check();
    await sheet.getByRole("button", { name: "Abordar" }).click();
    await expect(sheet.getByText("Este campo es requerido")).toBeVisible();
    await sheet.getByLabel("Motivo").fill("Olvidó su teléfono");
    await sheet.getByRole("button", { name: "Abordar" }).click();
    await expect(page.getByText(`${manual.name} ${manual.lastname} abordó (sin QR).`)).toBeVisible();
    await expect(riders.getByText("Pendiente")).toHaveCount(0);

    // Finalizar ruta: nobody pending any more → back to Hoy, finished.
    await page.getByRole("button", { name: "Finalizar ruta" }).click();
    await expect(page.getByRole("dialog")).toContainText("Todos los pasajeros abordaron o cancelaron.");
    await page.getByRole("dialog").getByRole("button", { name: "Finalizar" }).click();
    await expect(page).toHaveURL(/\/app\/hoy$/);
    await expect(row.getByText("Finalizada")).toBeVisible();

    // The server holds exactly those two boardings (qr, manual) and the trip is finished.
    const trip = await tripDetailOf(request, fixture.admin, tripId);
    expect(trip.status).toBe("Finished");
    expect(trip.endedDate).not.toBeNull();
    expect(trip.positions.length).toBeGreaterThan(0);
    expect(
      trip.riders
        .map((rider) => ({ id: rider.employeeId, status: rider.status, method: rider.boardingMethod }))
        .sort((a, b) => a.id - b.id),
    ).toEqual([
      { id: scanned.id, status: "Boarded", method: "qr" },
      { id: manual.id, status: "Boarded", method: "manual" },
    ]);
    expect(trip.riders.find((rider) => rider.employeeId === manual.id)?.boardingReason).toBe(
      "Olvidó su teléfono",
    );
    // Camera, map, hub, photo and service worker passed the CSP.
    expect(violations).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});
