import { writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import {
  DRIVER_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  type ImportColumn,
  TELEPHONE_MESSAGE,
} from "@treiber/contract";
import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import { auth, digits, tokenOf } from "./field-fixtures";
import { ACCOUNTS, afterListAnswer, identityCardOf, listCall, useSessionOf } from "./helpers";

/**
 * Issue 24: an admin brings collaborators and drivers in from a sheet. The template is downloaded
 * and filled (exceljs), the dry run's preview shows each row's state, the error file is fixed and
 * uploaded again (it holds every row: issue 33), the import writes everything; a collaborator without coordinates shows under
 * «Sin ubicación» and is placed with the map picker.
 */

test.describe.configure({ timeout: 180_000 });

const stampOf = () => `${Date.now().toString(36)}${digits(3)}`.toUpperCase();

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const tableRows = (scope: Locator) => scope.locator(".ant-table-row");

/** The first active name of a lookup (`listName`), as the template's drop-down lists it. */
async function firstName(request: APIRequestContext, endpoint: ApiEndpoint): Promise<string> {
  const token = await tokenOf(request, ACCOUNTS.admin);
  const response = await request.get(apiPath(endpoint), { headers: auth(token) });
  expect(response.status(), endpoint.path).toBe(200);
  const [first] = (await response.json()) as { name: string }[];
  if (!first) throw new Error(`${endpoint.path} sin datos`);
  return first.name;
}

/** Clicks a download button, checks the file's name and reads the workbook. */
async function downloadWorkbook(page: Page, button: Locator, fileName: string) {
  const downloading = page.waitForEvent("download");
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${fileName} no tiene hojas`);
  return { workbook, sheet };
}

const cellText = (value: ExcelJS.CellValue): string =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

/** The header row's texts (row 1). */
function headersOf(sheet: ExcelJS.Worksheet): string[] {
  const values = sheet.getRow(1).values;
  return (Array.isArray(values) ? values.slice(1) : []).map(cellText);
}

type Person = Record<string, string | number | undefined>;

/** Writes `people` (by column key) from row 2 on, in place of the template's example row. */
function fillRows(sheet: ExcelJS.Worksheet, columns: readonly ImportColumn[], people: Person[]) {
  const headers = headersOf(sheet);
  if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
  people.forEach((person, index) => {
    const row = sheet.getRow(index + 2);
    for (const column of columns) {
      const value = person[column.key];
      row.getCell(headers.indexOf(column.header) + 1).value = value ?? null;
    }
    row.commit();
  });
}

/** The data rows of a sheet (row 2 on), each as header → text. */
function readRows(sheet: ExcelJS.Worksheet): Record<string, string>[] {
  const headers = headersOf(sheet);
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(Object.fromEntries(headers.map((header, index) => [header, cellText(values[index])])));
  });
  return rows;
}

/** A statistic of the preview's summary, by its title. */
const statistic = (modal: Locator, title: string) =>
  modal
    .getByRole("group", { name: "Resumen de la revisión" })
    .locator(".ant-statistic")
    .filter({ has: modal.page().locator(".ant-statistic-title", { hasText: new RegExp(`^${title}$`) }) })
    .locator(".ant-statistic-content");

async function expectCounts(
  modal: Locator,
  counts: Record<"Filas" | "Nuevos" | "Actualiza" | "Con error", number>,
) {
  for (const [title, value] of Object.entries(counts)) {
    await expect(statistic(modal, title), title).toHaveText(String(value));
  }
}

/** Picks a state in the preview's filter (antd's button radios: the label is what is clicked). */
async function showOnly(modal: Locator, label: string) {
  await modal.locator("label.ant-radio-button-wrapper", { hasText: label }).click();
  await expect(modal.getByRole("radio", { name: label })).toBeChecked();
}

/** Chooses the file in the dialog: its dry run starts at once. */
async function upload(modal: Locator, path: string) {
  await modal.locator('input[type="file"]').setInputFiles(path);
  await expect(modal.getByRole("group", { name: "Resumen de la revisión" })).toBeVisible();
}

/** Confirms the import and waits for its result. */
async function confirmImport(page: Page, modal: Locator, label: string) {
  await modal.getByRole("button", { name: label }).click();
  const confirm = page.locator(".ant-popconfirm:visible");
  await expect(confirm).toContainText(`¿${label}?`);
  await confirm.getByRole("button", { name: "Importar" }).click();
  await expect(modal.getByText("Importación terminada")).toBeVisible();
}

async function scanDialog(page: Page, key: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(".ant-modal")
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => v.id),
    blocking.map((v) => `${key} · ${v.id}: ${v.help} ${v.nodes[0]?.target.join(" ")}`).join("\n"),
  ).toEqual([]);
}

async function openImport(page: Page, path: string, title: string) {
  await page.goto(path);
  // Opened with the keyboard: the dialog's chunk loads on the first opening.
  await page.getByRole("button", { name: "Importar", exact: true }).focus();
  await page.keyboard.press("Enter");
  const modal = dialog(page, title);
  await expect(modal.getByRole("button", { name: "Descargar plantilla" })).toBeVisible();
  return modal;
}

test("an admin imports collaborators: the template filled, two errors, the error file fixed and imported", async ({
  page,
  request,
}, testInfo) => {
  const office = await firstName(request, API.branchOffice.listName);
  const stamp = stampOf();
  const person = (n: number, extra: Person): Person => ({
    codeEmployee: `IMP-${stamp}-${n}`,
    name: `Importada${n}`,
    lastname: `Prueba ${stamp}`,
    email: `imp-${stamp.toLowerCase()}-${n}@e2e.treiber.app`,
    telephone: `(809) 555-01${n}${n}`,
    department: "Finanzas",
    jobTitle: "Analista",
    branchOffice: office,
    ...extra,
  });
  const people = [
    person(1, { address: "Av. Winston Churchill 95, Santo Domingo", latitude: 18.4655, longitude: -69.9388 }),
    person(2, { telephone: "555" }),
    person(3, { branchOffice: `Sucursal ${stamp} inexistente`, latitude: 18.47, longitude: -69.92 }),
    person(4, {}),
  ];

  await useSessionOf(page, ACCOUNTS.admin);
  const modal = await openImport(page, "/collaborator", "Importar colaboradores");
  await expect(modal.getByRole("button", { name: "Columnas de la plantilla y sus reglas" })).toBeVisible();

  const template = await downloadWorkbook(
    page,
    modal.getByRole("button", { name: "Descargar plantilla" }),
    "PlantillaColaboradores.xlsx",
  );
  expect(headersOf(template.sheet)).toEqual(EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header));
  fillRows(template.sheet, EMPLOYEE_IMPORT_COLUMNS, people);
  const filled = testInfo.outputPath("colaboradores.xlsx");
  await template.workbook.xlsx.writeFile(filled);

  // The dry run: two new rows, two errors listed first with their column and reason; nothing to import.
  await upload(modal, filled);
  await expectCounts(modal, { Filas: 4, Nuevos: 2, Actualiza: 0, "Con error": 2 });
  const rows = tableRows(modal);
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(`IMP-${stamp}-2`);
  await expect(rows.nth(0)).toContainText("Error");
  await expect(rows.nth(0)).toContainText(`Teléfono: ${TELEPHONE_MESSAGE}`);
  await expect(rows.nth(1)).toContainText(`IMP-${stamp}-3`);
  await expect(rows.nth(1)).toContainText(`Sucursal: ${IMPORT_MESSAGES.branchOfficeNotFound}`);
  await expect(rows.nth(2)).toContainText("Nuevo");
  await expect(rows.nth(2)).toContainText("Del archivo");
  await expect(rows.nth(3)).toContainText("Sin ubicación");
  await expect(modal.getByRole("button", { name: "Importar 2 colaboradores" })).toBeDisabled();

  await showOnly(modal, "Nuevos (2)");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`IMP-${stamp}-1`);
  await showOnly(modal, "Con error (2)");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`IMP-${stamp}-2`);
  await scanDialog(page, "vista previa con errores");

  // The error file: every row (issue 33), the two with errors first with their reasons; fixed
  // there and uploaded again whole, it imports the four.
  await expect(modal).toContainText("tiene todas las filas");
  const errors = await downloadWorkbook(
    page,
    modal.getByRole("button", { name: "Descargar errores" }),
    "ErroresColaboradores.xlsx",
  );
  const errorRows = readRows(errors.sheet);
  expect(errorRows.map((row) => row.Código)).toEqual([
    `IMP-${stamp}-2`,
    `IMP-${stamp}-3`,
    `IMP-${stamp}-1`,
    `IMP-${stamp}-4`,
  ]);
  expect(JSON.stringify(errorRows[0])).toContain(TELEPHONE_MESSAGE);
  expect(JSON.stringify(errorRows[1])).toContain(IMPORT_MESSAGES.branchOfficeNotFound);
  expect(errorRows[2]?.Errores).toBe("");
  expect(errorRows[3]?.Errores).toBe("");
  const headers = headersOf(errors.sheet);
  errors.sheet.getRow(2).getCell(headers.indexOf("Teléfono") + 1).value = "(809) 555-0222";
  errors.sheet.getRow(3).getCell(headers.indexOf("Sucursal") + 1).value = office;
  const fixed = testInfo.outputPath("colaboradores-corregidos.xlsx");
  await errors.workbook.xlsx.writeFile(fixed);

  await modal.getByRole("button", { name: "Elegir otro archivo" }).click();
  await upload(modal, fixed);
  await expectCounts(modal, { Filas: 4, Nuevos: 4, Actualiza: 0, "Con error": 0 });
  await expect(modal.getByRole("button", { name: "Descargar errores" })).toHaveCount(0);
  await expect(modal.getByRole("group", { name: "Invitaciones" })).toContainText(
    "Se enviarán 4 invitaciones",
  );
  await scanDialog(page, "vista previa sin errores");
  await confirmImport(page, modal, "Importar 4 colaboradores");
  await expect(modal).toContainText("Creados: 4 colaboradores. Actualizados: 0 colaboradores.");
  await expect(modal).toContainText("contraseña temporal");

  // The list shows the new collaborators; the first file (a dry run) wrote nothing.
  await modal.getByRole("button", { name: "Listo" }).click();
  await expect(modal).toBeHidden();
  await afterListAnswer(page, listCall(API.employee.list, { criterion: stamp }), () =>
    page.getByLabel("Buscar colaborador").fill(stamp),
  );
  const list = page.locator(".ant-table-row");
  await expect(list).toHaveCount(4);
  await expect(list.filter({ hasText: `IMP-${stamp}-2` })).toContainText("Importada2");
  await expect(list.filter({ hasText: `IMP-${stamp}-3` })).toContainText(office);
});

test("a collaborator imported without coordinates shows under «Sin ubicación» and is placed on the map", async ({
  page,
  request,
}, testInfo) => {
  const office = await firstName(request, API.branchOffice.listName);
  const stamp = stampOf();
  const header = EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header).join(";");
  const line = (n: number, latitude: string, longitude: string) =>
    [
      `UBI-${stamp}-${n}`,
      `Ubicada${n}`,
      `Prueba ${stamp}`,
      `ubi-${stamp.toLowerCase()}-${n}@e2e.treiber.app`,
      "8095550188",
      "Operaciones",
      "Supervisor",
      office,
      "Calle El Conde 10, Santo Domingo",
      latitude,
      longitude,
    ].join(";");
  const csv = testInfo.outputPath("colaboradores.csv");
  writeFileSync(csv, `${header}\n${line(1, "18.4730", "-69.8840")}\n${line(2, "", "")}\n`, "utf8");

  await useSessionOf(page, ACCOUNTS.admin);
  const modal = await openImport(page, "/collaborator", "Importar colaboradores");
  await upload(modal, csv);
  await expectCounts(modal, { Filas: 2, Nuevos: 2, Actualiza: 0, "Con error": 0 });
  await expect(tableRows(modal).filter({ hasText: `UBI-${stamp}-1` })).toContainText("Del archivo");
  await expect(tableRows(modal).filter({ hasText: `UBI-${stamp}-2` })).toContainText("Sin ubicación");
  await confirmImport(page, modal, "Importar 2 colaboradores");
  await expect(modal).toContainText("1 colaborador sin ubicación");
  await modal.getByRole("button", { name: "Listo" }).click();
  await expect(modal).toBeHidden();

  // «Sin ubicación» (kept in the URL) lists the one without a home.
  await afterListAnswer(page, listCall(API.employee.list, { location: "missing" }), async () => {
    await page.getByLabel("Ubicación", { exact: true }).click();
    await page.locator(".ant-select-dropdown:visible").getByText("Sin ubicación", { exact: true }).click();
  });
  await expect(page).toHaveURL(/location=missing/);
  await afterListAnswer(page, listCall(API.employee.list, { criterion: stamp, location: "missing" }), () =>
    page.getByLabel("Buscar colaborador").fill(stamp),
  );
  const list = page.locator(".ant-table-row");
  await expect(list).toHaveCount(1);
  await expect(list).toContainText(`UBI-${stamp}-2`);

  // Placed with the map picker, it leaves the filter.
  const name = `Ubicada2 Prueba ${stamp}`;
  await list.getByRole("button", { name: `Ubicación de ${name}` }).click();
  const picker = dialog(page, "Ubicación de residencia");
  await picker.getByRole("region", { name: "Mapa de ubicación" }).click({ position: { x: 120, y: 90 } });
  await expect(picker.getByRole("button", { name: "Ubicación seleccionada" })).toBeVisible();
  await afterListAnswer(page, listCall(API.employee.list, { location: "missing" }), () =>
    picker.getByRole("button", { name: "Guardar" }).click(),
  );
  await expect(picker).toBeHidden();
  await expect(list).toHaveCount(0);
  await expect(page.getByText("No hay registros")).toBeVisible();
});

test("an admin imports drivers from the template, choosing and confirming with the keyboard", async ({
  page,
  request,
}, testInfo) => {
  const supplier = await firstName(request, API.supplier.listName);
  const stamp = stampOf();
  const cards = [identityCardOf(), identityCardOf()];
  const driver = (n: number): Person => ({
    identityCard: cards[n - 1],
    name: `Chofer${n}`,
    lastname: `Importado ${stamp}`,
    email: `chofer-imp-${stamp.toLowerCase()}-${n}@e2e.treiber.app`,
    telephone: `829555010${n}`,
    licenseNumber: `LIC-${stamp}-${n}`,
    supplier,
    vehiclePlate: `I${digits(6)}`,
    vehicleModel: "Toyota Coaster",
    vehicleCapacity: 25,
  });

  await useSessionOf(page, ACCOUNTS.admin);
  const modal = await openImport(page, "/driver", "Importar choferes");
  const template = await downloadWorkbook(
    page,
    modal.getByRole("button", { name: "Descargar plantilla" }),
    "PlantillaChoferes.xlsx",
  );
  expect(headersOf(template.sheet)).toEqual(DRIVER_IMPORT_COLUMNS.map((column) => column.header));
  fillRows(template.sheet, DRIVER_IMPORT_COLUMNS, [driver(1), driver(2)]);
  const filled = testInfo.outputPath("choferes.xlsx");
  await template.workbook.xlsx.writeFile(filled);

  // From here on with the keyboard only: the file chooser, the confirmation, closing.
  const chooser = page.waitForEvent("filechooser");
  await modal.getByRole("button", { name: /^Elegir archivo/ }).focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(filled);
  await expect(modal.getByText(`Archivo: choferes.xlsx. Nada se ha guardado todavía.`)).toBeFocused();
  await expectCounts(modal, { Filas: 2, Nuevos: 2, Actualiza: 0, "Con error": 0 });
  await expect(modal.getByRole("columnheader", { name: "Ubicación" })).toHaveCount(0);
  await modal.getByRole("button", { name: "Importar 2 choferes" }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.locator(".ant-popconfirm:visible");
  await expect(confirm).toContainText("Se crearán 2 choferes.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Importar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(modal.getByText("Importación terminada")).toBeVisible();
  await expect(modal).toContainText("Creados: 2 choferes.");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  await afterListAnswer(page, listCall(API.driver.list, { criterion: stamp }), () =>
    page.getByLabel("Buscar chofer").fill(stamp),
  );
  const list = page.locator(".ant-table-row");
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: cards[0] as string })).toContainText(supplier);
});
