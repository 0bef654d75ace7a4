import { expect, type Page, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import jsQR from "jsqr";
import { ACCOUNTS, cspViolations, DEMO_PASSWORD } from "./helpers";

// Treiber App is for phones: a 390×844 screen (iPhone 12–15 class).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Signs in through Treiber App's own sign-in page at /app. */
async function signInToFieldApp(page: Page, email: string) {
  await page.goto("/app");
  await expect(page).toHaveURL(/\/app\/login$/);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** Reads the QR drawn on the canvas back to its text. */
async function decodeQrCanvas(page: Page) {
  const image = await page.getByTestId("qr-canvas").evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(data), width, height };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data;
}

test("a collaborator signs in at /app and sees Mi QR, its own scannable code, also offline", async ({
  page,
  context,
}) => {
  const violations = cspViolations(page);
  await signInToFieldApp(page, ACCOUNTS.collaborator);
  await expect(page).toHaveURL(/\/app\/qr$/);
  await expect(page.getByRole("heading", { name: "Mi QR" })).toBeVisible();
  await expect(page.getByTestId("qr-canvas")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mis rutas" })).toBeVisible();

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("Treiber") ?? "{}").token);
  const profile = await page.request.get(API.employee.profile.path, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(200);
  const { codeQr, name } = await profile.json();
  await expect(page.getByText(name, { exact: false }).first()).toBeVisible();
  await expect.poll(() => decodeQrCanvas(page)).toBe(codeQr);

  // Once seen, Mi QR opens without a connection: the service worker serves the app shell.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("qr-canvas")).toBeVisible();
  await expect(page.getByText("Sin conexión: se muestra el último código guardado")).toBeVisible();
  await expect.poll(() => decodeQrCanvas(page)).toBe(codeQr);
  await context.setOffline(false);

  await page.getByRole("link", { name: "Mis rutas" }).click();
  await expect(page.getByRole("heading", { name: "Mis rutas" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Mis rutas" }).or(page.getByText("No tiene rutas asignadas")),
  ).toBeVisible();
  expect(violations).toEqual([]);
});

test("a driver signs in at /app and sees Hoy", async ({ page }) => {
  await signInToFieldApp(page, ACCOUNTS.driver);
  await expect(page).toHaveURL(/\/app\/hoy$/);
  await expect(page.getByRole("heading", { name: "Hoy" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Rutas de hoy" }).or(page.getByText("No tiene rutas para hoy")),
  ).toBeVisible();

  await page.getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
});

test("an administrator is sent to the back office", async ({ page }) => {
  await signInToFieldApp(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/app\/oficina$/);
  await expect(page.getByText("Treiber App es para choferes y colaboradores.")).toBeVisible();
  await page.getByRole("link", { name: "Ir al back office" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("the manifest and the service worker are served, and the app is installable", async ({ page }) => {
  const manifestResponse = await page.request.get("/app/manifest.webmanifest");
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()["cache-control"]).toBe("no-cache");
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    name: "Treiber App",
    short_name: "Treiber",
    start_url: "/app/",
    scope: "/app/",
    display: "standalone",
    theme_color: "#1b5e20",
    background_color: "#1b5e20",
  });
  const purposes = (manifest.icons as { src: string; sizes: string; purpose: string }[]).map(
    (icon) => `${icon.sizes} ${icon.purpose}`,
  );
  expect(purposes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons as { src: string }[]) {
    const image = await page.request.get(`/app/${icon.src}`);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toContain("image/png");
  }

  const worker = await page.request.get("/app/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(await worker.text()).toContain("precache");

  await page.goto("/app/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/app/manifest.webmanifest");
  const scope = await page.evaluate(() =>
    navigator.serviceWorker.ready.then((registration) => registration.scope),
  );
  expect(new URL(scope).pathname).toBe("/app/");
});
