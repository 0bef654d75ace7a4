import { expect, test } from "@playwright/test";
import { ACCOUNTS, cspViolations, useSessionOf } from "./helpers";

// A real 2×2 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

test("an admin edits the profile and uploads an avatar shown in the top bar", async ({ page }) => {
  const violations = cspViolations(page);
  await useSessionOf(page, ACCOUNTS.superAdmin);
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByText("Perfil", { exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const telephone = page.getByLabel("Teléfono");
  await telephone.fill("8095551234");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Teléfono incorrecto")).toBeVisible();
  await telephone.fill("(809) 555-7788");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Perfil actualizado")).toBeVisible();

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Foto de perfil actualizada")).toBeVisible();
  await expect(page.getByTestId("profile-image-box").locator("img")).toBeVisible();
  await expect(page.getByTestId("user-menu").locator("img")).toBeVisible();
  // The re-encoded photo (a WebP now) decodes in the page.
  await expect
    .poll(() =>
      page
        .getByTestId("user-menu")
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(2);

  await page.reload();
  await expect(page.getByLabel("Teléfono")).toHaveValue("(809) 555-7788");
  // The photo (blob:) and the page passed the CSP.
  expect(violations).toEqual([]);
});

test("a text file named .png is refused by the server", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/profile");
  await page.locator('input[type="file"]').setInputFiles({
    name: "falsa.png",
    mimeType: "image/png",
    buffer: Buffer.from("esto no es una imagen"),
  });
  await expect(page.getByText("Formato de imagen no permitido (PNG, JPEG o WebP)")).toBeVisible();
});

test("a driver sees the driver profile", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.driver);
  await page.goto("/profile");
  await expect(page.getByText("Cédula")).toBeVisible();
  await expect(page.getByText("Suplidor")).toBeVisible();
});
