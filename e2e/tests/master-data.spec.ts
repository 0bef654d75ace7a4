import { expect, type Locator, type Page, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import {
  ACCOUNTS,
  clickPastPopups,
  cspViolations,
  identityCardOf,
  pickOption,
  rowDetails,
  searchList,
  useSessionOf,
} from "./helpers";

/** Master data journey: supplier → driver, destination → route, collaborator, supplier status. */

const stamp = `${Date.now()}`;
const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");

const supplierName = `Suplidor E2E ${stamp}`;
const driverName = `Chofer${stamp}`;
const identityCard = identityCardOf(`001${digits(7)}`);
const destinationName = `Destino E2E ${stamp}`;
const routeName = `Ruta E2E ${stamp}`;
const collaboratorName = `Colab${stamp}`;

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const row = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });

/** In `scope` (one picker), picks `option` in the search select labelled `label` and assigns it. */
async function assign(page: Page, scope: Locator, label: string, filter: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  await expect(async () => {
    await select.click();
    await page.keyboard.type(filter);
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
    await expect(scope.locator(".ant-select")).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await clickPastPopups(page, scope.getByRole("button", { name: "Asignar" }));
}

async function confirmPopup(page: Page, question: string) {
  const confirm = page.locator(".ant-popconfirm:visible");
  await expect(confirm).toContainText(question);
  await confirm.getByRole("button", { name: "Sí" }).click();
}

async function save(modal: Locator) {
  await modal.getByRole("button", { name: "Guardar" }).click();
  await expect(modal).toBeHidden();
}

async function closeTemporaryPassword(page: Page, title: string) {
  const modal = dialog(page, title);
  await expect(modal).toBeVisible();
  await expect(modal.getByText("no se volverá a mostrar")).toBeVisible();
  await modal.getByRole("button", { name: "Entendido" }).click();
  await expect(modal).toBeHidden();
}

test.describe("master data journey", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeEach(async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
  });

  test("creates a supplier with validation, finds it and keeps the search on reload", async ({ page }) => {
    await page.goto("/supplier");
    await page.getByRole("button", { name: "Nuevo suplidor" }).click();
    const modal = dialog(page, "Nuevo suplidor");
    await expect(modal).toBeVisible();

    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByText("Este campo es requerido").first()).toBeVisible();

    await modal.getByLabel("Nombre", { exact: true }).fill(supplierName);
    await modal.getByLabel("Persona de contacto").fill("Juan Pérez");
    await modal.getByLabel("Teléfono").fill("809-555");
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByText("Teléfono incorrecto")).toBeVisible();

    await modal.getByLabel("Teléfono").fill("(809) 555-1234");
    await modal.getByLabel("Correo electrónico").fill(`suplidor${stamp}@example.com`);
    await expect(modal.getByText("Teléfono incorrecto")).toHaveCount(0);
    await save(modal);

    await searchList(page, "Buscar suplidor", supplierName, API.supplier.list);
    await expect(row(page, supplierName)).toHaveCount(1);
    await expect(await rowDetails(row(page, supplierName))).toContainText("(809) 555-1234");
    await expect(
      row(page, supplierName).getByRole("switch", { name: `Cambiar estado de ${supplierName}` }),
    ).toBeChecked();

    await page.reload();
    // A full reload on the shared, loaded test machine can take a while: allow it, no sleeps.
    await expect(page.getByRole("heading", { name: "Suplidores" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel("Buscar suplidor")).toHaveValue(supplierName);
    await expect(row(page, supplierName)).toHaveCount(1);
    await expect(page.locator(".ant-table-row")).toHaveCount(1);
  });

  test("creates a driver of that supplier and finds it by the cédula without hyphens", async ({ page }) => {
    await page.goto("/driver");
    await page.getByRole("button", { name: "Nuevo chofer" }).click();
    const modal = dialog(page, "Nuevo chofer");
    await expect(modal).toBeVisible();

    await modal.getByLabel("Correo electrónico").fill(`chofer${stamp}@example.com`);
    await modal.getByLabel("Nombre", { exact: true }).fill(driverName);
    await modal.getByLabel("Apellido").fill("Prueba");
    await modal.getByLabel("Cédula").fill(identityCard);
    await modal.getByLabel("Teléfono").fill("(829) 555-0000");
    await modal.getByLabel("Licencia").fill(`LIC-${stamp.slice(-8)}`);
    await pickOption(page, modal, "Suplidor", stamp, supplierName);
    await modal.getByLabel("Placa del vehículo").fill(`A${stamp.slice(-6)}`);
    await modal.getByLabel("Modelo del vehículo").fill("Toyota Hiace");
    await modal.getByLabel("Capacidad del vehículo").fill("15");
    await save(modal);

    await closeTemporaryPassword(page, "Chofer creado");

    await searchList(page, "Buscar chofer", identityCard.replace(/-/g, ""), API.driver.list);
    await expect(row(page, identityCard)).toHaveCount(1);
    await expect(row(page, identityCard)).toContainText(driverName);
    await expect(row(page, identityCard)).toContainText(supplierName);
  });

  test("creates a destination and finds it", async ({ page }) => {
    await page.goto("/routeDestination");
    await page.getByRole("button", { name: "Nuevo destino" }).click();
    const modal = dialog(page, "Nuevo destino");
    await expect(modal).toBeVisible();
    await modal.getByLabel("Nombre", { exact: true }).fill(destinationName);
    await modal.getByLabel("Descripción").fill("Destino de prueba e2e");
    await modal.getByLabel("Dirección").fill("Av. Winston Churchill, Santo Domingo");
    await save(modal);

    await searchList(page, "Buscar destino", destinationName, API.destination.list);
    await expect(row(page, destinationName)).toHaveCount(1);
    await expect(row(page, destinationName)).toContainText("Av. Winston Churchill");
  });

  test("creates a route to that destination on two days costing $85", async ({ page }) => {
    await page.goto("/route");
    await page.getByRole("button", { name: "Nueva ruta" }).click();
    const modal = dialog(page, "Nueva ruta");
    await expect(modal).toBeVisible();

    await modal.getByLabel("Nombre", { exact: true }).fill(routeName);
    await pickOption(page, modal, "Destino", destinationName, destinationName);
    await modal.getByRole("checkbox", { name: "Lunes" }).check();
    await modal.getByRole("checkbox", { name: "Miércoles" }).check();
    const time = modal.getByLabel("Hora de salida");
    await time.click();
    await time.fill("07:30");
    await time.press("Enter");
    await expect(time).toHaveValue("7:30:00 am");
    await modal.getByLabel("Costo (USD)").fill("85");
    await save(modal);

    await searchList(page, "Buscar ruta", routeName, API.route.list);
    const routeRow = row(page, routeName);
    await expect(routeRow).toHaveCount(1);
    await expect(routeRow).toContainText(destinationName);
    const routeDetails = await rowDetails(routeRow);
    await expect(routeDetails).toContainText("Lunes");
    await expect(routeDetails).toContainText("Miércoles");
    await expect(routeRow).toContainText("7:30:00 am");
    await expect(routeRow).toContainText("$85");
  });

  test("creates a collaborator in a branch office and finds it", async ({ page }) => {
    await page.goto("/collaborator");
    await page.getByRole("button", { name: "Nuevo colaborador" }).click();
    const modal = dialog(page, "Nuevo colaborador");
    await expect(modal).toBeVisible();

    await modal.getByLabel("Correo electrónico").fill(`colaborador${stamp}@example.com`);
    await modal.getByLabel("Nombre", { exact: true }).fill(collaboratorName);
    await modal.getByLabel("Apellido").fill("Prueba");
    await modal.getByLabel("Código").fill(`E2E-${stamp.slice(-8)}`);
    await modal.getByLabel("Departamento").fill("Operaciones");
    await modal.getByLabel("Puesto").fill("Analista");
    await modal.getByLabel("Teléfono").fill("(849) 555-4321");
    await pickOption(page, modal, "Sucursal", "Piantini", "Sede Central Piantini");
    await save(modal);

    await closeTemporaryPassword(page, "Colaborador creado");

    await searchList(page, "Buscar colaborador", collaboratorName, API.employee.list);
    await expect(row(page, collaboratorName)).toHaveCount(1);
    await expect(row(page, collaboratorName)).toContainText("Sede Central Piantini");

    await row(page, collaboratorName)
      .getByRole("button", { name: `Editar a ${collaboratorName} Prueba` })
      .click();
    const edit = dialog(page, "Editar colaborador");
    await expect(edit.getByLabel("Departamento")).toHaveValue("Operaciones");
    await edit.getByLabel("Departamento").fill("Logística");
    await save(edit);
    await expect(await rowDetails(row(page, collaboratorName))).toContainText("Logística");
  });

  test("assigns the driver and the collaborator to the route and removes one after confirming", async ({
    page,
  }) => {
    const driverFullName = `${driverName} Prueba`;
    const collaboratorFullName = `${collaboratorName} Prueba`;
    await page.goto(`/route?criterion=${encodeURIComponent(routeName)}`);
    const routeRow = row(page, routeName);
    // The counts are in the row's details: open them first, they follow the assignments under the drawer.
    const routeDetails = await rowDetails(routeRow);
    const count = (label: string) =>
      routeDetails
        .locator(".ant-descriptions-item")
        .filter({ has: page.locator(".ant-descriptions-item-label", { hasText: new RegExp(`^${label}$`) }) })
        .locator(".ant-descriptions-item-content");
    await routeRow.getByRole("button", { name: `Asignaciones de ${routeName}` }).click();
    const drawer = dialog(page, `Asignaciones de la ruta ${routeName}`);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("No hay choferes asignados")).toBeVisible();

    const driverSection = drawer.getByRole("region", { name: "Choferes asignados" });
    await assign(page, driverSection, "Buscar chofer", driverName, driverFullName);
    const drivers = drawer.getByRole("list", { name: "Lista de choferes asignados" });
    await expect(drivers.getByRole("listitem")).toHaveCount(1);
    await expect(drivers.getByRole("listitem", { name: driverFullName })).toContainText(supplierName);

    const collaboratorSection = drawer.getByRole("region", { name: "Colaboradores asignados" });
    await assign(page, collaboratorSection, "Buscar colaborador", collaboratorName, collaboratorFullName);
    const collaborators = drawer.getByRole("list", { name: "Lista de colaboradores asignados" });
    await expect(collaborators.getByRole("listitem", { name: collaboratorFullName })).toBeVisible();

    // The table counts follow the assignments.
    await expect(count("Choferes")).toHaveText("1");
    await expect(count("Colaboradores")).toHaveText("1");

    // Another journey's live notice may cover the button: closed first, as a person would.
    await clickPastPopups(
      page,
      collaborators.getByRole("button", { name: `Quitar ${collaboratorFullName}` }),
    );
    await confirmPopup(page, `¿Quitar a "${collaboratorFullName}" de la ruta ${routeName}?`);
    await expect(drawer.getByText("No hay colaboradores asignados")).toBeVisible();
    await expect(drivers.getByRole("listitem", { name: driverFullName })).toBeVisible();
    await expect(count("Colaboradores")).toHaveText("0");
  });

  test("assigns the route from the collaborator's row", async ({ page }) => {
    const collaboratorFullName = `${collaboratorName} Prueba`;
    await page.goto(`/collaborator?criterion=${encodeURIComponent(collaboratorName)}`);
    const collaboratorRow = row(page, collaboratorName);
    await collaboratorRow.getByRole("button", { name: `Rutas de ${collaboratorFullName}` }).click();
    const drawer = dialog(page, `Rutas de ${collaboratorFullName}`);
    await expect(drawer.getByText("No tiene rutas asignadas")).toBeVisible();
    await assign(page, drawer, "Buscar ruta", routeName, routeName);
    const routes = drawer.getByRole("list", { name: "Lista de rutas asignadas" });
    await expect(routes.getByRole("listitem", { name: routeName })).toContainText(destinationName);
    await drawer.getByRole("button", { name: "Cerrar" }).click();
    await expect(drawer).toBeHidden();
  });

  test("sets the collaborator's home location on the map", async ({ page }) => {
    const violations = cspViolations(page);
    const collaboratorFullName = `${collaboratorName} Prueba`;
    await page.goto(`/collaborator?criterion=${encodeURIComponent(collaboratorName)}`);
    const collaboratorRow = row(page, collaboratorName);
    const address = `Calle E2E ${stamp}, Naco, Santo Domingo`;
    await collaboratorRow.getByRole("button", { name: `Ubicación de ${collaboratorFullName}` }).click();
    const modal = dialog(page, "Ubicación de residencia");
    await expect(modal).toBeVisible();
    await expect(modal.getByText("Sin ubicación seleccionada")).toBeVisible();
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByText("Seleccione la ubicación en el mapa")).toBeVisible();

    await modal.getByLabel("Dirección").fill(address);
    const map = modal.getByRole("region", { name: "Mapa de ubicación" });
    await map.click({ position: { x: 120, y: 90 } });
    await expect(modal.getByRole("button", { name: "Ubicación seleccionada" })).toBeVisible();
    await expect(modal.getByText(/^Latitud 18\.\d{6}, longitud -69\.\d{6}$/)).toBeVisible();
    await save(modal);

    await expect(await rowDetails(collaboratorRow)).toContainText(address);
    await collaboratorRow.getByRole("button", { name: `Ubicación de ${collaboratorFullName}` }).click();
    await expect(modal.getByLabel("Dirección")).toHaveValue(address);
    await expect(modal.getByRole("button", { name: "Ubicación seleccionada" })).toBeVisible();
    // antd's injected styles, the map and its tiles passed the CSP.
    expect(violations).toEqual([]);
  });

  test("lists the driver's route on its row and removes it after confirming", async ({ page }) => {
    const driverFullName = `${driverName} Prueba`;
    await page.goto(`/driver?criterion=${identityCard.replace(/-/g, "")}`);
    await row(page, identityCard)
      .getByRole("button", { name: `Rutas de ${driverFullName}` })
      .click();
    const drawer = dialog(page, `Rutas de ${driverFullName}`);
    const routes = drawer.getByRole("list", { name: "Lista de rutas asignadas" });
    await expect(routes.getByRole("listitem", { name: routeName })).toContainText(
      "Lunes, Miércoles · 7:30:00 am",
    );
    await routes.getByRole("button", { name: `Quitar ${routeName}` }).click();
    await confirmPopup(page, `¿Quitar la ruta "${routeName}" a ${driverFullName}?`);
    await expect(drawer.getByText("No tiene rutas asignadas")).toBeVisible();
  });

  test("inactivates the supplier after confirming", async ({ page }) => {
    await page.goto(`/supplier?criterion=${encodeURIComponent(supplierName)}`);
    const supplierRow = row(page, supplierName);
    const toggle = supplierRow.getByRole("switch", { name: `Cambiar estado de ${supplierName}` });
    await expect(toggle).toBeChecked();
    await expect(toggle).toContainText("Activo");
    await toggle.click();
    const confirm = page.locator(".ant-popconfirm:visible");
    await expect(confirm).toContainText(`¿Seguro que desea inactivar "${supplierName}"?`);
    await confirm.getByRole("button", { name: "Sí" }).click();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toContainText("Inactivo");
  });
});
