import { expect, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import jsQR from "jsqr";
import { ACCOUNTS, useSessionOf } from "./helpers";

test("a collaborator sees a scannable QR that decodes to its own code", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.collaborator);
  await page.goto("/codeQr");
  const canvas = page.getByTestId("qr-canvas");
  await expect(canvas).toBeVisible();
  await expect(page.getByRole("button", { name: "Descargar PNG" })).toBeEnabled();

  const image = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const context = c.getContext("2d");
    if (!context) throw new Error("no 2d context");
    const { data, width, height } = context.getImageData(0, 0, c.width, c.height);
    return { data: Array.from(data), width, height };
  });
  expect(image.width).toBeGreaterThanOrEqual(300);
  const decoded = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("Treiber") ?? "{}").token);
  const profile = await page.request.get(API.employee.profile.path, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(200);
  const { codeQr } = await profile.json();
  expect(decoded?.data).toBe(codeQr);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar PNG" }).click();
  expect((await download).suggestedFilename()).toMatch(/^codigo-qr-.+\.png$/);
});
