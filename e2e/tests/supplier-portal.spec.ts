import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import { documentExpiredMessage } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { auth, PASSWORD, tokenOf } from "./field-fixtures";
import { ACCOUNTS, afterListAnswer, listCall, searchList, sidebar, signInAs, useSessionOf } from "./helpers";
import {
  billedTrip,
  createSupplierFixture,
  dayFromToday,
  PDF,
  type SupplierFixture,
  startTrip,
  uploadDriverDocument,
} from "./supplier-portal-fixtures";

/**
 * Issue 37's journeys, through the real API, database and pages:
 * (a) an admin creates a supplier's user in «Suplidores»; the user signs in to the
 *     supplier portal and sees only their pages; their driver's approved licence expired, so the
 *     driver's Start answers 409 «Licencia vencida el …»; the user uploads the renewed licence in
 *     «Documentos» (pending: the driver still cannot start); an admin approves it in «Documentos»;
 *     the driver starts.
 * (b) the supplier's user disputes a line of a cut in «Reporte Corte» («Disputar» → «En disputa»);
 *     an admin accepts it in the cut's «Disputas»; the supplier's user sees it «Aceptada», and the
 *     next cut pays it among its «Ajustes».
 * Cuts tile time, and reports.spec makes the first cuts of a run: (b) bills its trip in a cut from
 * the last cut's end to now, so this file runs with the phone journeys, after every other journey
 * (see the config).
 */

/** First loads of a lazily loaded page on a busy shared machine. */
const SLOW = 30_000;

/** The API's message of an answer. */
const messageOf = async (response: { json(): Promise<unknown> }) =>
  ((await response.json()) as { message?: string }).message;

/** `PUT IntermediateRoute/Start` as the driver: its status and message. */
async function tryStart(request: APIRequestContext, fixture: SupplierFixture) {
  const driver = await tokenOf(request, fixture.driverEmail, PASSWORD);
  const response = await startTrip(request, driver, fixture);
  return { status: response.status(), message: await messageOf(response) };
}

/** Picks `option` in an antd select (typing `search` first when given). */
async function pick(page: Page, select: Locator, option: string, search?: string) {
  await expect(async () => {
    await select.click();
    if (search) await select.fill(search);
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}

/** A page of its own (own session) for a second user of the same journey. */
async function pageOf(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSessionOf(page, email);
  return page;
}

/** `YYYY-MM-DD` as the date picker writes it (DD/MM/YYYY). */
const pickerDate = (date: string) => date.split("-").reverse().join("/");

test("a supplier's user renews an expired licence; the driver starts once an admin approves it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const fixture = await createSupplierFixture(request, "Licencia", "later");
  const expiredOn = dayFromToday(-10);
  const renewedUntil = dayFromToday(400);
  const renewedNumber = `LIC-NUEVA-${fixture.tag}`;
  // The licence on file (uploaded by an admin: approved at once) expired ten days ago.
  await uploadDriverDocument(request, fixture.admin, fixture, {
    type: "LICENSE",
    number: `LIC-VIEJA-${fixture.tag}`,
    expiresOn: expiredOn,
    category: "4",
  });
  const refusal = documentExpiredMessage("LICENSE", expiredOn);

  await test.step("the driver cannot start: 409 «Licencia vencida el …»", async () => {
    expect(await tryStart(request, fixture)).toEqual({ status: 409, message: refusal });
  });

  await test.step("an admin creates the supplier's portal user in «Suplidores»", async () => {
    const admin = await pageOf(browser, ACCOUNTS.admin);
    await admin.goto("/supplier");
    await searchList(admin, "Buscar suplidor", fixture.supplierName, API.supplier.list);
    await admin.getByRole("button", { name: `Crear usuario del portal de ${fixture.supplierName}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Crear usuario del portal" });
    await dialog.getByLabel("Correo electrónico").fill(fixture.supplierUserEmail);
    await dialog.getByLabel("Nombre", { exact: true }).fill("Sara");
    await dialog.getByLabel("Apellido", { exact: true }).fill(fixture.supplierUserLastname);
    await dialog.getByLabel("Contraseña (opcional)").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await admin.context().close();
  });

  await test.step("the supplier's user signs in and sees only the portal's pages", async () => {
    await signInAs(page, fixture.supplierUserEmail, "/compliance", PASSWORD);
    const menu = sidebar(page);
    await expect(menu.getByRole("link", { name: "Cumplimiento", exact: true })).toBeVisible({
      timeout: SLOW,
    });
    await expect(menu.getByRole("link", { name: "Documentos", exact: true })).toBeVisible();
    for (const hidden of ["Dashboard", "Usuarios", "Colaboradores", "Rutas", "Suplidores"]) {
      await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
    }
    await page.goto("/users");
    await expect(page).toHaveURL(/\/compliance$/);
  });

  await test.step("the supplier's user uploads the renewed licence in «Documentos»", async () => {
    await sidebar(page).getByRole("link", { name: "Documentos", exact: true }).click();
    await expect(page).toHaveURL(/\/documents/);
    await page.getByRole("button", { name: "Cargar documento" }).click();
    const dialog = page.getByRole("dialog", { name: "Cargar documento" });
    await pick(page, dialog.getByLabel("Titular", { exact: true }), "Chofer");
    await pick(page, dialog.getByLabel("Nombre del titular"), fixture.driverName, fixture.driverName);
    await pick(page, dialog.getByLabel("Documento", { exact: true }), "Licencia de conducir");
    await pick(page, dialog.getByLabel("Categoría", { exact: true }), "Categoría 4");
    await dialog.getByLabel("Número", { exact: true }).fill(renewedNumber);
    const expiry = dialog.getByLabel("Vence", { exact: true });
    await expiry.click();
    await expiry.fill(pickerDate(renewedUntil));
    await expiry.press("Enter");
    await dialog
      .getByTestId("document-file")
      .setInputFiles({ name: "licencia.pdf", mimeType: "application/pdf", buffer: PDF });
    await afterListAnswer(page, listCall(API.document.list), () =>
      dialog.getByRole("button", { name: "Guardar" }).click(),
    );
    await expect(dialog).toBeHidden();
    const row = page.locator(".ant-table-row").filter({ hasText: renewedNumber });
    await expect(row).toContainText("Por aprobar");
  });

  await test.step("pending, the renewal does not count yet: the driver still cannot start", async () => {
    expect(await tryStart(request, fixture)).toEqual({ status: 409, message: refusal });
  });

  await test.step("an admin approves it in «Documentos»; the driver starts", async () => {
    const admin = await pageOf(browser, ACCOUNTS.admin);
    await admin.goto("/documents");
    const row = admin.locator(".ant-table-row").filter({ hasText: renewedNumber });
    await expect(row).toContainText("Por aprobar", { timeout: SLOW });
    await row.getByRole("button", { name: `Aprobar documento ${renewedNumber}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Aprobar documento" });
    await dialog.getByRole("button", { name: "Aprobar" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Aprobado");
    await admin.context().close();

    const driver = await tokenOf(request, fixture.driverEmail, PASSWORD);
    const started = await startTrip(request, driver, fixture);
    expect(started.status(), await started.text()).toBe(200);
    // Ended at once: no trip of this journey stays on the live map of the others.
    const { intermediateRoute } = (await started.json()) as { intermediateRoute: { id: number } };
    const ended = await request.put(apiPath(API.intermediateRoute.end), {
      headers: auth(driver),
      data: { intermediateRouteId: intermediateRoute.id },
    });
    expect(ended.status(), await ended.text()).toBe(200);
  });
});

test("a supplier's user disputes a line of a cut and sees it accepted once an admin accepts it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const fixture = await createSupplierFixture(request, "Disputa");
  const { cutId } = await billedTrip(request, fixture);
  const reason = `Faltó el peaje de la ruta ${fixture.tag}`;
  // The trip's line in the cut's «Detalle» (the «Disputas» card, outside the tabs, names it too).
  const line = (scope: Page) =>
    scope.getByRole("tabpanel").locator(".ant-table-row").filter({ hasText: fixture.routeName });

  await test.step("the supplier's user disputes the trip's line in the cut", async () => {
    await useSessionOf(page, fixture.supplierUserEmail, PASSWORD);
    await page.goto(`/reportCut?cutId=${cutId}&tab=detail`);
    await expect(page.getByRole("heading", { name: `Corte #${cutId}` })).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole("button", { name: "Generar corte" })).toHaveCount(0);
    await page.getByRole("button", { name: `Disputar viaje ${fixture.routeName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Disputar viaje" });
    await dialog.getByLabel("Motivo").fill(reason);
    await dialog.getByLabel("Monto reclamado").fill("12.5");
    await dialog.getByRole("button", { name: "Registrar disputa" }).click();
    await expect(dialog).toBeHidden();
    await expect(line(page).first()).toContainText("En disputa");
    await expect(page.locator(".ant-table-row").filter({ hasText: reason })).toContainText("Abierta");
  });

  await test.step("an admin accepts it in the cut's «Disputas»", async () => {
    const admin = await pageOf(browser, ACCOUNTS.admin);
    await admin.goto(`/reportCut?cutId=${cutId}`);
    const row = admin.locator(".ant-table-row").filter({ hasText: reason });
    await expect(row).toContainText("Abierta", { timeout: SLOW });
    await row.getByRole("button", { name: "Aceptar" }).click();
    const dialog = admin.getByRole("dialog", { name: "Aceptar disputa" });
    await expect(dialog.getByLabel("Monto del ajuste")).toHaveValue("12.5");
    await dialog.getByLabel("Nota").fill("Peaje confirmado con el recibo");
    await dialog.getByRole("button", { name: "Aceptar", exact: true }).click();
    await admin.getByRole("button", { name: "Sí, aceptar" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Aceptada");
    await admin.context().close();
  });

  await test.step("the supplier's user sees it accepted, with the note and the adjustment", async () => {
    await page.reload();
    const row = page.locator(".ant-table-row").filter({ hasText: reason });
    await expect(row).toContainText("Aceptada", { timeout: SLOW });
    await expect(row).toContainText("Nota: Peaje confirmado con el recibo");
    await expect(row).toContainText("Ajuste: $12.50");
    await expect(row).toContainText("Se pagará en el próximo corte");
    await expect(line(page).first()).not.toContainText("En disputa");
  });

  await test.step("the next cut pays it as an adjustment line; the dispute says which cut", async () => {
    const next = await billedTrip(request, fixture, { startedMinutesAgo: 12, endedMinutesAgo: 8 });
    await page.reload();
    const row = page.locator(".ant-table-row").filter({ hasText: reason });
    await row.getByRole("button", { name: `Pagado en el corte #${next.cutId}` }).click();
    await expect(page).toHaveURL(new RegExp(`cutId=${next.cutId}`));
    const adjustments = page.getByTestId("cut-adjustments");
    await expect(adjustments).toBeVisible({ timeout: SLOW });
    const adjustment = adjustments.locator(".ant-table-row").filter({ hasText: fixture.routeName });
    await expect(adjustment).toContainText(`#${cutId}`);
    await expect(adjustment).toContainText("$12.50");
    await expect(adjustments).toContainText("Total ajustes: $12.50");
  });
});
