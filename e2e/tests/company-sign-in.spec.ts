import { expect, type Page, test } from "@playwright/test";
import { COMPANY_SIGN_IN_ERRORS } from "@treiber/contract/messages";
import { ACCOUNTS } from "./helpers";

/** The development provider's own pages (scripts/oidc-dev-provider.mjs): any password, then consent. */
async function signInAtProvider(page: Page, email: string) {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("cualquier-clave");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("«Entrar con …»: sign-in with the company account (OpenID Connect)", () => {
  test("an admin signs in through the company's provider and lands on the dashboard", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Entrar con Proveedor de prueba" }).click();
    await signInAtProvider(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("notification-bell")).toBeVisible();
    // The one-time code is not left in the address bar.
    expect(new URL(page.url()).hash).toBe("");
  });

  test("an e-mail Treiber does not know is refused with a clear message, and the password form stays", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Entrar con Proveedor de prueba" }).click();
    await signInAtProvider(page, "desconocido@otra-empresa.com");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("company-sign-in-error")).toHaveText(COMPANY_SIGN_IN_ERRORS.unknown);
    await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  });

  test("a collaborator signs in to Treiber App with the company account and lands on «Mi QR»", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/app/login");
    await page.getByRole("link", { name: "Entrar con Proveedor de prueba" }).click();
    await signInAtProvider(page, ACCOUNTS.collaborator);
    await expect(page).toHaveURL(/\/app\/qr$/);
  });
});
