import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Treiber123!";
export const ACCOUNTS = {
  superAdmin: "superadmin@treiber.app",
  admin: "admin@treiber.app",
  collaborator: "colaborador@treiber.app",
  driver: "chofer@treiber.app",
} as const;

/** Signs in through the login page and waits for the landing page. */
export async function signInAs(page: Page, email: string, landing: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(new RegExp(`${landing.replace("/", "\\/")}$`));
}

/**
 * Signs in through the API and hands the session to the next page load, as the login page would
 * store it. Journeys that are not about the login page use it to skip that page.
 */
export async function useSessionOf(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/api/v1/Auth/SignIn", { data: { email, password } });
  expect(response.status()).toBe(200);
  const session = JSON.stringify(await response.json());
  // Once per tab: later loads keep whatever the app stored (refreshed tokens, logout).
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem("e2e-session-seeded")) return;
    window.sessionStorage.setItem("e2e-session-seeded", "1");
    window.localStorage.setItem("Treiber", value);
  }, session);
}

/**
 * Collects what the page reports as Content Security Policy violations (Chromium logs each one on
 * the console), so a journey can end with `expect(violations).toEqual([])` (decision 0025).
 */
export function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) found.push(message.text());
  });
  return found;
}

export const sidebar = (page: Page) => page.getByTestId("sidebar");
