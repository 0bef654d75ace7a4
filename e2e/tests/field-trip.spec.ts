import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type APIRequestContext, chromium, expect, test } from "@playwright/test";
import QRCode from "qrcode";
import { ACCOUNTS, DEMO_PASSWORD } from "./helpers";

/**
 * The driver's trip in Treiber App with a REAL camera path: Chromium's fake capture device plays a
 * Y4M video of a collaborator's QR, the page decodes it with jsQR and boards the rider.
 */

const PASSWORD = "Treiber123!";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post("/api/v1/Auth/SignIn", { data: { email, password } });
  expect(response.status(), `SignIn ${email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");

/** A Y4M video (640×480, I420) of `text` as a QR code: dark modules Y=0, light Y=255, U/V=128. */
function qrVideo(text: string, frames = 10): Buffer {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const side = modules.size + quiet * 2;
  const scale = Math.floor(400 / side);
  const left = Math.floor((width - side * scale) / 2);
  const top = Math.floor((height - side * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const y = top + (row + quiet) * scale + dy;
        luma.fill(0, y * width + left + (col + quiet) * scale, y * width + left + (col + quiet + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

type Rider = { id: number; email: string; name: string; lastname: string; codeEmployee: string };

/** A fresh driver with two riders on a not-scheduled route for now: nothing else touches them. */
async function createTripFixture(request: APIRequestContext) {
  const admin = await tokenOf(request, ACCOUNTS.admin);
  const stamp = `${Date.now()}${digits(3)}`;
  const names = async (path: string) => {
    const response = await request.get(`/api/v1/${path}`, { headers: auth(admin) });
    expect(response.status(), path).toBe(200);
    const [first] = (await response.json()) as { id: number }[];
    if (!first) throw new Error(`${path} sin datos`);
    return first.id;
  };
  const supplierId = await names("Supplier/listName");
  const branchOfficeId = await names("BranchOffice/listName");

  const driverEmail = `chofer-viaje-${stamp}@e2e.treiber.app`;
  const driver = await request.post("/api/v1/Auth/driverSignup", {
    headers: auth(admin),
    data: {
      email: driverEmail,
      password: PASSWORD,
      name: "Chofer",
      lastname: `Viaje ${stamp.slice(-4)}`,
      identityCard: `${digits(3)}-${digits(7)}-${digits(1)}`,
      telephone: "(809) 555-0101",
      licenseNumber: `LIC-${stamp.slice(-8)}`,
      supplierId,
      vehiclePlate: `E${stamp.slice(-6)}`,
      vehicleModel: "Toyota Coaster",
      vehicleCapacity: 20,
    },
  });
  expect(driver.status(), await driver.text()).toBe(201);
  const driverId = ((await driver.json()) as { id: number }).id;

  const riders: Rider[] = [];
  for (const [index, name] of ["Marina", "Tomás"].entries()) {
    const rider = {
      email: `pasajero-${index}-${stamp}@e2e.treiber.app`,
      name,
      lastname: `Prueba${stamp.slice(-4)}`,
      codeEmployee: `V${index}-${stamp.slice(-7)}`,
    };
    const created = await request.post("/api/v1/Auth/employeeSignup", {
      headers: auth(admin),
      data: {
        ...rider,
        password: PASSWORD,
        department: "Operaciones",
        jobTitle: "Operador",
        telephone: "(809) 555-0202",
        branchOfficeId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    riders.push({ ...rider, id: ((await created.json()) as { id: number }).id });
  }

  const routeName = `Viaje QR ${stamp.slice(-6)}`;
  const route = await request.post("/api/v1/RouteNotScheduled", {
    headers: auth(admin),
    data: {
      name: routeName,
      scheduledAt: new Date().toISOString(),
      driverId,
      cost: 25,
      employeeIds: riders.map((rider) => rider.id),
    },
  });
  expect(route.status(), await route.text()).toBe(201);
  return { admin, driverEmail, riders, routeName };
}

/** What `/codeQr` shows the collaborator: its own code, from its profile. */
async function codeQrOf(request: APIRequestContext, email: string) {
  const token = await tokenOf(request, email, PASSWORD);
  const profile = await request.get("/api/v1/Employee/Profile", { headers: auth(token) });
  expect(profile.status()).toBe(200);
  return ((await profile.json()) as { codeQr: string }).codeQr;
}

/** The headless flags of e2e/playwright.config.ts. */
const HEADLESS_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

test("a driver starts a route, boards one rider by camera and one without QR, and finalizes", async ({
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const fixture = await createTripFixture(request);
  const [scanned, manual] = fixture.riders;
  if (!scanned || !manual) throw new Error("faltan pasajeros");
  const codeQr = await codeQrOf(request, scanned.email);

  const videoPath = join(testInfo.outputPath("camera"), "rider-qr.y4m");
  mkdirSync(dirname(videoPath), { recursive: true });
  writeFileSync(videoPath, qrVideo(codeQr));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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

    // Sign in at /app as the new driver: "Hoy" lists the route, pending.
    await page.goto("/app");
    await page.getByLabel("Correo electrónico").fill(fixture.driverEmail);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
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
    // A second scan of the same code: "Ya abordó".
    await scan.getByRole("button", { name: "Escanear otro" }).click();
    await expect(scan.getByText("Ya abordó")).toBeVisible();
    await scan.getByRole("button", { name: "Cerrar" }).click();
    await expect(riders.getByRole("listitem").filter({ hasText: scanned.name })).toContainText(/Abordó \d/);

    // The app reopened (e.g. the phone restarted): "Hoy" shows the trip in progress and opens it.
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app\/hoy$/);
    await expect(row.getByText("En curso", { exact: true })).toBeVisible();
    await row.getByRole("link", { name: "Abrir ruta en curso" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/viaje/${tripId}$`));
    await expect(riders.getByRole("listitem").filter({ hasText: scanned.name })).toContainText(/Abordó \d/);

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
    const detail = await request.get("/api/v1/IntermediateRoute/detail", {
      headers: auth(fixture.admin),
      params: { intermediateRouteId: tripId },
    });
    expect(detail.status()).toBe(200);
    const trip = (await detail.json()) as {
      status: string;
      endedDate: string | null;
      positions: unknown[];
      riders: {
        employeeId: number;
        status: string;
        boardingMethod: string | null;
        boardingReason: string | null;
      }[];
    };
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
    await context.close();
  } finally {
    await browser.close();
  }
});
