import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import { ACCOUNTS, pickOption, searchList, useSessionOf } from "./helpers";

/**
 * Create/edit forms (issue 13 items 7–10, decision 0030): 'Guardado' after saving, bad numbers
 * refused on the field (nothing sent), one time format typed and listed, the cédula mask, and the
 * map picker on the branch office form.
 */

const stamp = `${Date.now()}`;
const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const row = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });
/** The form item (label, control and its messages) of a field. */
const field = (modal: Locator, label: string) =>
  modal.locator(".ant-form-item").filter({
    has: modal.page().locator("label", {
      hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`),
    }),
  });

/** Every create/update call the page makes (POST/PUT to the API). */
function writes(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (["POST", "PUT"].includes(request.method()) && request.url().includes("/api/v1/")) {
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  return sent;
}

/** axe (WCAG 2 A/AA) on the open dialog: no serious or critical violation. */
async function expectAccessibleDialog(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa"])
    .include(".ant-modal-wrap")
    .analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(" | ")}`)).toEqual(
    [],
  );
}

test.describe("create and edit forms", () => {
  test.beforeEach(async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
  });

  test("creates a branch office picking its coordinates on the map and says 'Guardado'", async ({ page }) => {
    const name = `Sucursal Mapa ${stamp}`;
    await page.goto("/branchOffice");
    await page.getByRole("button", { name: "Nueva sucursal" }).click();
    const modal = dialog(page, "Nueva sucursal");
    await expect(modal).toBeVisible();
    await modal.getByLabel("Nombre", { exact: true }).fill(name);
    await modal.getByLabel("Dirección").fill("Av. 27 de Febrero 100, Santo Domingo");

    // The map (and Leaflet) loads only when asked for.
    await expect(modal.getByRole("region", { name: "Mapa de ubicación de la sucursal" })).toHaveCount(0);
    await modal.getByRole("button", { name: "Elegir en el mapa" }).click();
    const map = modal.getByRole("region", { name: "Mapa de ubicación de la sucursal" });
    await expect(map).toBeVisible();
    await map.click({ position: { x: 140, y: 100 } });
    await expect(modal.getByLabel("Latitud")).toHaveValue(/^1[78]\.\d+$/);
    await expect(modal.getByLabel("Longitud")).toHaveValue(/^-(69|70)\.\d+$/);
    await expectAccessibleDialog(page);

    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal).toBeHidden();
    await expect(page.locator(".ant-message")).toContainText(`Guardado: ${name}`);

    await searchList(page, "Buscar sucursal", name, API.branchOffice.list);
    await expect(row(page, name)).toHaveCount(1);
  });

  test("refuses a negative cost, a capacity of −5 and a latitude of 200 on the field, sending nothing", async ({
    page,
  }) => {
    const sent = writes(page);

    await page.goto("/route");
    await page.getByRole("button", { name: "Nueva ruta" }).click();
    const route = dialog(page, "Nueva ruta");
    await route.getByLabel("Costo (USD)").fill("-5");
    await route.getByRole("button", { name: "Guardar" }).click();
    await expect(field(route, "Costo (USD)")).toContainText("El costo no puede ser negativo");
    await expect(route.getByLabel("Costo (USD)")).toHaveValue("-5");
    await route.getByRole("button", { name: "Cancelar" }).click();
    await expect(route).toBeHidden();

    await page.goto("/driver");
    await page.getByRole("button", { name: "Nuevo chofer" }).click();
    const driver = dialog(page, "Nuevo chofer");
    await driver.getByLabel("Capacidad del vehículo").fill("-5");
    await driver.getByRole("button", { name: "Guardar" }).click();
    await expect(field(driver, "Capacidad del vehículo")).toContainText(
      "La capacidad debe ser un número entero entre 1 y 120",
    );
    await expect(driver.getByLabel("Capacidad del vehículo")).toHaveValue("-5");
    await driver.getByRole("button", { name: "Cancelar" }).click();

    await page.goto("/branchOffice");
    await page.getByRole("button", { name: "Nueva sucursal" }).click();
    const office = dialog(page, "Nueva sucursal");
    await office.getByLabel("Nombre", { exact: true }).fill(`Sucursal Lejana ${stamp}`);
    await office.getByLabel("Dirección").fill("Calle 1");
    await office.getByLabel("Latitud").fill("200");
    await office.getByRole("button", { name: "Guardar" }).click();
    await expect(field(office, "Latitud")).toContainText("La latitud debe estar entre -90 y 90");
    await expect(office.getByLabel("Latitud")).toHaveValue("200");
    await expect(office).toBeVisible();

    expect(sent).toEqual([]);
  });

  test("keeps a typed '6:40 am' in a scheduled route and lists it as '6:40:00 am'", async ({ page }) => {
    const name = `Ruta Hora ${stamp}`;
    await page.goto("/route");
    await page.getByRole("button", { name: "Nueva ruta" }).click();
    const modal = dialog(page, "Nueva ruta");
    await modal.getByLabel("Nombre", { exact: true }).fill(name);
    await pickOption(page, modal, "Destino", "Itabo", "Parque Industrial Itabo");
    await modal.getByRole("checkbox", { name: "Martes" }).check();
    const time = modal.getByLabel("Hora de salida");
    await time.click();
    await time.fill("6:40 am");
    await time.press("Enter");
    await expect(time).toHaveValue("6:40:00 am");
    await modal.getByLabel("Costo (USD)").click();
    await expect(time).toHaveValue("6:40:00 am");
    await modal.getByLabel("Costo (USD)").fill("40");
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal).toBeHidden();
    await expect(page.locator(".ant-message")).toContainText(`Guardado: ${name}`);

    await searchList(page, "Buscar ruta", name, API.route.list);
    await expect(row(page, name)).toContainText("6:40:00 am");

    await row(page, name)
      .getByRole("button", { name: /^Editar/ })
      .click();
    const edit = dialog(page, "Editar ruta");
    await expect(edit.getByLabel("Hora de salida")).toHaveValue("6:40:00 am");
    await edit.getByLabel("Hora de salida").click();
    await edit.getByLabel("Hora de salida").fill("18:40");
    await edit.getByLabel("Hora de salida").press("Enter");
    await expect(edit.getByLabel("Hora de salida")).toHaveValue("6:40:00 pm");
    await edit.getByRole("button", { name: "Guardar" }).click();
    await expect(edit).toBeHidden();
    await expect(row(page, name)).toContainText("6:40:00 pm");
  });

  test("the unscheduled route's date and time picker takes the same typed times", async ({ page }) => {
    await page.goto("/routeNotScheduled");
    await page.getByRole("button", { name: "Nueva ruta no programada" }).click();
    const modal = dialog(page, "Nueva ruta no programada");
    const when = modal.getByLabel("Fecha y hora");
    await when.click();
    await when.fill("25/11/2026 6:40 am");
    await when.press("Enter");
    await expect(when).toHaveValue("25/11/2026 6:40:00 am");
    await when.click();
    await when.fill("25/11/2026 18:40");
    await when.press("Enter");
    await expect(when).toHaveValue("25/11/2026 6:40:00 pm");
  });

  test("masks a cédula typed or pasted without hyphens", async ({ page }) => {
    await page.goto("/driver");
    await page.getByRole("button", { name: "Nuevo chofer" }).click();
    const modal = dialog(page, "Nuevo chofer");
    const card = modal.getByLabel("Cédula");
    await card.pressSequentially("00112345673");
    await expect(card).toHaveValue("001-1234567-3");
    await card.fill("40212345678");
    await expect(card).toHaveValue("402-1234567-8");
    await card.fill("402-1234567-8");
    await expect(card).toHaveValue("402-1234567-8");
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(field(modal, "Cédula")).not.toContainText("Cédula incorrecta");
  });
});
