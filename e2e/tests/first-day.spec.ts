import { type Browser, expect, type Page, test } from "@playwright/test";
import { IMPORT_MESSAGES, INCIDENT_STATUS_LABELS, INCIDENT_TYPE_LABELS } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { PASSWORD, PHONE_CONTEXT, signInToApp } from "./field-fixtures";
import {
  chooseOption,
  clockOf,
  collaborator,
  createDriver,
  DriverPhone,
  driveAway,
  inAnHour,
  newSite,
  PLANT,
  type Point,
  readTemporaryPassword,
  routeOfShift,
  rowWith,
  type Site,
  writeCollaboratorsSheet,
} from "./first-day-fixtures";
import { ACCOUNTS, afterListAnswer, clickPastPopups, hubReady, listCall, signInAs } from "./helpers";

/**
 * Issue 33's journey: a new site's first day, through the real app. A SuperAdmin (who may read a
 * temporary password) sets up a branch office and its workplace, imports the collaborators from
 * Excel (three bad homes: in the sea, 134 km away, latitude and longitude swapped; one row with
 * comma decimals) and sees a warning on each bad row while every row imports; plans a new shift in
 * Planificación with the good homes and applies it. A rider, signing in with a temporary password,
 * reads «Tu ruta cambió» in Treiber App's «Avisos». The driver starts the new route and leaves it:
 * «Fuera de ruta» opens on a route without a trace (decision 0060); the admin attends it with a
 * note and the incident report lists it with that note. Only the driver (registered beforehand)
 * is made through the API. A phone journey: its trip shows on the live map (see the config).
 */

const MINUTE = 60_000;
/** The driver's phone runs this far behind: its device times let a minute's detour take seconds. */
const PHONE_BEHIND = 10 * MINUTE;

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** Fills Nombre, Dirección, Latitud and Longitud of a place's form and saves it. */
async function savePlace(page: Page, title: string, name: string, address: string) {
  const modal = dialog(page, title);
  await modal.getByLabel("Nombre", { exact: true }).fill(name);
  await modal.getByLabel("Dirección", { exact: true }).fill(address);
  await modal.getByLabel("Latitud", { exact: true }).fill(String(PLANT.latitude));
  await modal.getByLabel("Longitud", { exact: true }).fill(String(PLANT.longitude));
  await modal.getByRole("button", { name: "Guardar" }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator(".ant-message")).toContainText(`Guardado: ${name}`);
}

/** The branch office and its workplace, both at the plant. */
async function setUpSite(page: Page, site: Site) {
  await page.goto("/branchOffice");
  await page.getByRole("button", { name: "Nueva sucursal" }).click();
  await savePlace(page, "Nueva sucursal", site.office, "Av. Winston Churchill 95");
  await page.goto("/routeDestination");
  await page.getByRole("button", { name: "Nuevo destino" }).click();
  await savePlace(page, "Nuevo destino", site.workplace, "Av. Gustavo Mejía Ricart");
}

async function importCollaborators(page: Page, site: Site, file: string) {
  await page.goto("/collaborator");
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  const modal = dialog(page, "Importar colaboradores");
  await modal.locator('input[type="file"]').setInputFiles(file);
  const summary = modal.getByRole("group", { name: "Resumen de la revisión" });
  const figure = (title: string) =>
    summary
      .locator(".ant-statistic")
      .filter({ hasText: new RegExp(`^${title}`) })
      .locator(".ant-statistic-content");
  await expect(figure("Nuevos")).toHaveText("6");
  await expect(figure("Con error")).toHaveText("0");
  await expect(figure("Con aviso")).toHaveText("3");
  await expect(modal).toContainText("3 filas tienen avisos: se importarán igual.");

  // Each bad home has its warning on its row; the comma decimals were read as decimals.
  const row = (key: Parameters<typeof collaborator>[1]) => rowWith(modal, collaborator(site, key).code);
  await expect(row("marina")).toContainText(`Aviso: ${IMPORT_MESSAGES.homeOutside}`);
  await expect(row("tomas")).toContainText(/Aviso: La casa está a 1\d\d(,\d+)? km de la sucursal/);
  await expect(row("tomas")).toContainText(`«${site.office}» (más de 60 km)`);
  await expect(row("elena")).toContainText(`Aviso: ${IMPORT_MESSAGES.homeSwapped(18.47, -69.935)}`);
  await expect(row("mateo")).toContainText("18.49000, -69.93500");
  await expect(row("mateo")).not.toContainText("Aviso");

  await modal.getByRole("button", { name: "Importar 6 colaboradores" }).click();
  const confirm = page.locator(".ant-popconfirm:visible");
  await confirm.getByRole("button", { name: "Importar" }).click();
  await expect(modal.getByText("Importación terminada")).toBeVisible();
  await expect(modal).toContainText("Creados: 6 colaboradores.");
  await modal.getByRole("button", { name: "Listo" }).click();
  await expect(modal).toBeHidden();
}

/** Planificación: a new shift (Entrada in an hour, every day), the good homes, proposed and applied. */
async function planFirstShift(page: Page, site: Site, driverName: string) {
  await page.goto("/planning");
  await chooseOption(page.getByRole("combobox", { name: "Sucursal" }), site.office, site.office);
  await expect(page.getByText(`La sucursal ${site.office} no tiene turnos.`)).toBeVisible();
  await page.getByRole("button", { name: "Nuevo turno" }).click();
  const form = dialog(page, "Nuevo turno");
  await expect(form).toContainText(`Sucursal${site.office}`);
  await form.getByLabel("Nombre", { exact: true }).fill(site.shift);
  await form.getByRole("radio", { name: "Entrada" }).check();
  const time = form.getByLabel("Hora", { exact: true });
  await time.click();
  await time.fill(inAnHour());
  await time.press("Enter");
  for (const day of ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]) {
    await form.getByRole("checkbox", { name: day }).check();
  }
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/shiftId=\d+/);
  const shiftId = Number(new URL(page.url()).searchParams.get("shiftId"));

  await expect(page.getByText("Elija el lugar de trabajo para planificar este turno.")).toBeVisible();
  await chooseOption(
    page.getByRole("combobox", { name: "Lugar de trabajo" }),
    site.workplace,
    site.workplace,
  );
  const riders = page.getByRole("tab", { name: "Sin ruta (6)" });
  await riders.click();
  for (const key of ["lucia", "mateo", "sofia"] as const) {
    await page.getByRole("checkbox", { name: new RegExp(collaborator(site, key).fullName) }).check();
  }
  await expect(page.getByTestId("planned-riders")).toHaveText("3 a planificar");
  await chooseOption(page.getByRole("combobox", { name: "Choferes y vehículos" }), driverName, driverName);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("chosen-seats")).toContainText("1 vehículo, 15 asientos");

  await page.getByRole("button", { name: "Proponer rutas" }).click();
  const proposed = page.getByRole("table", { name: "Rutas propuestas" });
  await expect(proposed.locator("tbody tr.ant-table-row")).toHaveCount(1, { timeout: 60_000 });
  await page.getByRole("button", { name: "Aplicar" }).click();
  const confirm = dialog(page, "¿Aplicar la propuesta?");
  for (const key of ["lucia", "mateo", "sofia"] as const) {
    await expect(confirm).toContainText(`${collaborator(site, key).fullName}: entra en`);
  }
  await confirm.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText(/Plan aplicado: 1 rutas nuevas/)).toBeVisible({ timeout: 30_000 });
  return shiftId;
}

/** The SuperAdmin gives Mateo a temporary password, as when a rider forgot the invitation's. */
async function temporaryPasswordOf(page: Page, site: Site) {
  const mateo = collaborator(site, "mateo");
  await page.goto(`/collaborator?criterion=${encodeURIComponent(mateo.code)}`);
  const row = rowWith(page, mateo.code);
  await clickPastPopups(page, row.getByRole("button", { name: "Regenerar contraseña" }));
  await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "Sí" }).click();
  return readTemporaryPassword(page);
}

/** Treiber App on a new phone. */
async function newPhone(browser: Browser, baseURL: string | undefined, geolocation?: Point) {
  return browser.newContext({ ...PHONE_CONTEXT, baseURL, ...(geolocation && { geolocation }) });
}

test("a new site's first day: import with bad homes, plan, apply, rider told, bus off its new route, incident listed with its note", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const site = newSite();
  const driver = await createDriver(request, site);
  const sheet = testInfo.outputPath("colaboradores-primer-dia.xlsx");
  await writeCollaboratorsSheet(site, sheet);

  await test.step("the admin sets up the branch office and its workplace", async () => {
    await signInAs(page, ACCOUNTS.superAdmin, "/");
    await setUpSite(page, site);
  });

  await test.step("the import warns on each bad home and imports every row", () =>
    importCollaborators(page, site, sheet));

  const shiftId = await test.step("Planificación: a new shift proposed and applied", () =>
    planFirstShift(page, site, driver.fullName));
  const route = await routeOfShift(request, shiftId);
  const mateo = collaborator(site, "mateo");
  const mateoStop = route.stops.find((stop) => stop.riders.some((rider) => rider.name === "Mateo"));
  if (!mateoStop) throw new Error("Mateo sin parada");

  await test.step("a rider signs in with a temporary password and reads «Tu ruta cambió» in «Avisos»", async () => {
    const temporary = await temporaryPasswordOf(page, site);
    const phone = await newPhone(browser, baseURL);
    try {
      const rider = await phone.newPage();
      await signInToApp(rider, mateo.email, temporary);
      await rider.getByLabel("Contraseña actual").fill(temporary);
      await rider.getByLabel("Nueva contraseña").fill(PASSWORD);
      await rider.getByLabel("Confirmar contraseña").fill(PASSWORD);
      await rider.getByRole("button", { name: "Cambiar contraseña" }).click();
      const tab = rider.getByRole("link", { name: /^Avisos/ });
      await expect(tab).toHaveAccessibleName("Avisos, 1 sin leer");
      await tab.click();
      await expect(rider.getByRole("list", { name: "Avisos" }).getByTestId("notice").first()).toContainText(
        `Tu ruta cambió: nueva parada «${mateoStop.name}» a las ${clockOf(mateoStop.plannedTime)} (ruta ${route.routeName})`,
      );
    } finally {
      await phone.close();
    }
  });

  const [first, second] = route.stops;
  if (!first) throw new Error("la ruta no tiene paradas");
  const panel = page.getByRole("region", { name: "Incidencias" });
  const offRoute = panel
    .getByTestId("incident-row")
    .filter({ hasText: route.routeName })
    .and(page.locator('[data-incident-type="OFF_ROUTE"]'));

  await test.step("the driver starts the new route, serves its first stop and drives away: «Fuera de ruta» opens", async () => {
    // The admin watches the control room.
    const connected = hubReady(page);
    await page.goto("/");
    await expect(panel).toBeVisible();
    await connected;

    const phoneContext = await newPhone(browser, baseURL, first);
    try {
      const phone = new DriverPhone(phoneContext, await phoneContext.newPage(), PHONE_BEHIND);
      await phone.setClock();
      await signInToApp(phone.page, driver.email);
      // «Hoy» lists the new route with its planned stops before it starts.
      const today = phone.page.getByRole("listitem").filter({ hasText: route.routeName });
      const stops = today.getByRole("region", { name: `Paradas de ${route.routeName}` });
      await expect(stops.getByTestId("today-stop")).toHaveCount(route.stops.length);
      await expect(stops.getByTestId("today-stop").first()).toContainText(`1. ${first.name}`);
      await today.getByRole("button", { name: "Iniciar ruta" }).click();
      await phone.page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
      await expect(phone.page).toHaveURL(/\/app\/viaje\/\d+$/);
      // Forty seconds at the first stop, then away from the next one at ~40 km/h.
      for (const [index, seconds] of [5, 20, 20].entries()) {
        await phone.fix({ latitude: first.latitude + index * 1e-5, longitude: first.longitude }, seconds);
      }
      for (const point of driveAway(first, second ?? PLANT, 8)) await phone.fix(point);
      await expect(offRoute).toHaveAttribute("data-incident-status", "OPEN", { timeout: 30_000 });
      await expect(offRoute).toContainText("sin acercarse a la próxima parada");
    } finally {
      await phoneContext.close();
    }
  });

  await test.step("the admin attends it with a note; the incident report lists it with the note", async () => {
    await clickPastPopups(
      page,
      offRoute.getByRole("button", { name: `Atender: Fuera de ruta, ${route.routeName}` }),
    );
    const attend = dialog(page, "Atender incidencia");
    await attend.getByLabel("Nota (opcional)").fill(site.note);
    await attend.getByRole("button", { name: "Atender" }).click();
    await expect(offRoute).toHaveAttribute("data-incident-status", "ACKNOWLEDGED");

    await page.goto("/reportIncident");
    await afterListAnswer(page, listCall(API.incident.reportIncidents, { branchOfficeId: /^\d+$/ }), () =>
      chooseOption(page.getByRole("combobox", { name: "Sucursal" }), site.office, site.office),
    );
    const listed = rowWith(page, route.routeName).filter({ hasText: site.note });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(INCIDENT_TYPE_LABELS.OFF_ROUTE);
    await expect(listed).toContainText(INCIDENT_STATUS_LABELS.ACKNOWLEDGED);
    await expect(listed).toContainText(driver.fullName);
  });
});
