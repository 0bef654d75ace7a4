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

export const sidebar = (page: Page) => page.getByTestId("sidebar");
