import { expect, test } from "@playwright/test";
import { PASSWORD, PHONE_CONTEXT, signInToApp } from "./field-fixtures";
import { boardRider, holdTouch, safetyTrip } from "./safety-fixtures";

test("debug hold", async ({ browser, request, baseURL }) => {
  const fixture = await safetyTrip(request);
  await boardRider(request, fixture);
  const phone = await browser.newContext({ ...PHONE_CONTEXT, baseURL });
  const page = await phone.newPage();
  page.on("console", (m) => console.log("PAGE", m.text()));
  await signInToApp(page, fixture.riderEmail, PASSWORD);
  await page.getByRole("link", { name: "Mi bus" }).click();
  const sos = page.getByRole("button", { name: "SOS", exact: true });
  await expect(sos).toBeVisible();
  await page.evaluate(() => {
    for (const type of ["pointerdown", "pointerup", "pointercancel", "touchstart", "touchend", "click", "contextmenu", "mousedown", "mouseup"])
      document.addEventListener(type, (e) => console.log(type, (e.target as HTMLElement).className, Math.round(performance.now())), true);
  });
  console.log("box", JSON.stringify(await sos.boundingBox()));
  await holdTouch(page, sos, async () => {
    await expect(page.getByRole("alertdialog")).toBeVisible();
    console.log("cancel box", JSON.stringify(await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).boundingBox()));
  });
  await page.waitForTimeout(1000);
  console.log(await page.locator(".sos").innerText());
});
