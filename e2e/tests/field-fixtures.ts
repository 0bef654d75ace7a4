import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  chromium,
  expect,
  type Page,
} from "@playwright/test";
import type { TripDetail } from "@treiber/contract";
import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import QRCode from "qrcode";
import { CHROMIUM_PATH, HEADLESS_FLAGS } from "../chromium";
import { ACCOUNTS, DEMO_PASSWORD, identityCardOf } from "./helpers";

/** Fixtures of the Treiber App journeys: fresh driver, route and riders, and a fake camera's QR video. */

export const PASSWORD = "Treiber123!";
export const auth = (token: string) => ({
  Authorization: `Bearer ${token}`,
  // As the apps send it (@treiber/client): required on dated calls.
  GMT: String(new Date().getTimezoneOffset() / 60),
});

export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post(API.auth.signIn.path, { data: { email, password } });
  expect(response.status(), `SignIn ${email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A JSON write through the API as `token`, by the endpoint's method; any other status fails the test. */
export async function send<T>(
  request: APIRequestContext,
  token: string,
  endpoint: ApiEndpoint,
  data: object,
  statuses = [200, 201],
) {
  const method = endpoint.method === "PUT" ? "put" : endpoint.method === "DELETE" ? "delete" : "post";
  const response = await request[method](apiPath(endpoint), { headers: auth(token), data });
  expect(statuses, `${endpoint.method} ${endpoint.path}: ${await response.text()}`).toContain(
    response.status(),
  );
  return (await response.json()) as T;
}

/** The id of the first real entry of a name list (`listName`-style endpoints). */
export async function firstId(request: APIRequestContext, token: string, endpoint: ApiEndpoint) {
  const response = await request.get(apiPath(endpoint), { headers: auth(token) });
  expect(response.status(), endpoint.path).toBe(200);
  const item = ((await response.json()) as { id: number }[]).find((entry) => entry.id > 0);
  if (!item) throw new Error(`${endpoint.path} sin datos`);
  return item.id;
}

export const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");

/** A Y4M video (640×480, I420) of `text` as a QR code: dark modules Y=0, light Y=255, U/V=128. */
export function qrVideo(text: string, frames = 10): Buffer {
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

export type Rider = { id: number; email: string; name: string; lastname: string; codeEmployee: string };

/** A fresh driver with its riders (two by default) on a not-scheduled route for now: nothing else touches them. */
export async function createTripFixture(request: APIRequestContext, riderNames = ["Marina", "Tomás"]) {
  const admin = await tokenOf(request, ACCOUNTS.admin);
  const stamp = `${Date.now()}${digits(3)}`;
  const names = async (endpoint: ApiEndpoint) => {
    const response = await request.get(apiPath(endpoint), { headers: auth(admin) });
    expect(response.status(), endpoint.path).toBe(200);
    const [first] = (await response.json()) as { id: number }[];
    if (!first) throw new Error(`${endpoint.path} sin datos`);
    return first.id;
  };
  const supplierId = await names(API.supplier.listName);
  const branchOfficeId = await names(API.branchOffice.listName);

  const driverEmail = `chofer-viaje-${stamp}@e2e.treiber.app`;
  const driver = await request.post(API.auth.driverSignup.path, {
    headers: auth(admin),
    data: {
      email: driverEmail,
      password: PASSWORD,
      name: "Chofer",
      lastname: `Viaje ${stamp.slice(-4)}`,
      identityCard: identityCardOf(),
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
  for (const [index, name] of riderNames.entries()) {
    const rider = {
      email: `pasajero-${index}-${stamp}@e2e.treiber.app`,
      name,
      lastname: `Prueba${stamp.slice(-4)}`,
      codeEmployee: `V${index}-${stamp.slice(-7)}`,
    };
    const created = await request.post(API.auth.employeeSignup.path, {
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
  const route = await request.post(API.routeNotScheduled.create.path, {
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
  return { admin, driverId, driverEmail, riders, routeName };
}

/** Signs in at /app (Treiber App's sign-in page) with `password` (the fixtures' by default). */
export async function signInToApp(page: Page, email: string, password = PASSWORD) {
  await page.goto("/app");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** The trip as an admin sees it (`GET IntermediateRoute/detail`): what the server holds. */
export async function tripDetailOf(request: APIRequestContext, adminToken: string, tripId: number) {
  const response = await request.get(API.intermediateRoute.detail.path, {
    headers: auth(adminToken),
    params: { intermediateRouteId: tripId },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as TripDetail;
}

/** What `/codeQr` shows the collaborator: its own code, from its profile. */
export async function codeQrOf(request: APIRequestContext, email: string) {
  const token = await tokenOf(request, email, PASSWORD);
  const profile = await request.get(API.employee.profile.path, { headers: auth(token) });
  expect(profile.status()).toBe(200);
  return ((await profile.json()) as { codeQr: string }).codeQr;
}

/** The headless flags of e2e/playwright.config.ts. */
export { HEADLESS_FLAGS };

/** Writes the Y4M video of `text` under the test's output folder; returns its path. */
export function writeQrVideo(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, qrVideo(text));
  return path;
}

/** The system Chromium whose fake camera plays `videoPath` (one video for the whole browser). */
export function launchCameraBrowser(videoPath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...HEADLESS_FLAGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  });
}

/** A phone (390×844, touch) in Santo Domingo with camera and GPS granted. */
export const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: "es-DO",
  // The config's zone (`E2E_TIME_ZONE`, America/Santo_Domingo by default), as every page's.
  timezoneId: process.env.TZ ?? "America/Santo_Domingo",
  permissions: ["geolocation", "camera"],
  geolocation: { latitude: 18.4861, longitude: -69.9312 },
  reducedMotion: "reduce",
} satisfies BrowserContextOptions;
