import { expect, type Locator, type Page, type Response, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { ACCOUNTS, useSessionOf } from "./helpers";

/**
 * Reports journey: each report opens on the last 6 days, its range changes, its totals show what
 * the API answered, and its Excel export opens with the header and the same totals. Then a cut is
 * generated, listed in general and detail, exported, and an overlapping cut is refused.
 */

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const money = (value: number) => usd.format(value);
/** First loads of a lazily loaded page on a busy shared machine. */
const SLOW = 30_000;

const pad = (n: number) => String(n).padStart(2, "0");
/** A local day as the page shows it (DD/MM/YYYY) and as the API takes it (MM/DD/YYYY). */
function day(daysBack: number) {
  const date = new Date();
  date.setDate(date.getDate() - daysBack);
  const [d, m, y] = [pad(date.getDate()), pad(date.getMonth() + 1), date.getFullYear()];
  return { display: `${d}/${m}/${y}`, api: `${m}/${d}/${y}` };
}

type ReportBody = { amount: number; data: { total: number; items: unknown[] } & Record<string, unknown> };

const isCall = (path: string) => (response: Response) =>
  new URL(response.url()).pathname.toLowerCase() === `/api/v1${path}`.toLowerCase() &&
  response.request().method() === "GET";

/** The next answer of a report call whose range is the given one. */
function reportAnswer(page: Page, path: string, since: string, until: string) {
  return page.waitForResponse((response) => {
    if (!isCall(path)(response)) return false;
    const query = new URL(response.url()).searchParams;
    return query.get("sinceDate") === since && query.get("untilDate") === until;
  });
}

async function changeRange(page: Page, scope: Locator, from: string, to: string) {
  await scope.getByPlaceholder("Desde").click();
  await scope.getByPlaceholder("Desde").fill(from);
  await page.keyboard.press("Enter");
  await scope.getByPlaceholder("Hasta").fill(to);
  await page.keyboard.press("Enter");
}

async function totalCard(page: Page, scope: Locator, label: string) {
  return scope
    .getByTestId("report-totals")
    .locator(".ant-statistic")
    .filter({ has: page.locator(".ant-statistic-title", { hasText: new RegExp(`^${label}$`) }) })
    .locator(".ant-statistic-content");
}

type Sheet = { rows: unknown[][] };

/** Downloads the Excel of the export button and reads its first sheet. */
async function downloadExcel(page: Page, button: Locator, fileName: string): Promise<Sheet> {
  const downloading = page.waitForEvent("download");
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw new Error("the workbook has no sheet");
  const rows: unknown[][] = [];
  worksheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows[number - 1] = values;
  });
  return { rows: Array.from(rows, (row) => row ?? []) };
}

/** Checks the filter rows, the header and the totals row of an export against the API's total. */
function checkSheet(
  sheet: Sheet,
  header: string[],
  moneyHeader: string,
  total: number,
  since: string,
  until: string,
) {
  const { rows } = sheet;
  expect(rows.find((row) => row[0] === "Desde")?.[1]).toBe(since);
  expect(rows.find((row) => row[0] === "Hasta")?.[1]).toBe(until);
  const headerIndex = rows.findIndex((row) => row[0] === header[0]);
  expect(headerIndex).toBeGreaterThan(0);
  expect(rows[headerIndex]?.slice(0, header.length)).toEqual(header);
  const totals = rows.at(-1) ?? [];
  expect(totals[0]).toBe("Total");
  const moneyColumn = (rows[headerIndex] ?? []).indexOf(moneyHeader);
  expect(moneyColumn).toBeGreaterThan(0);
  // Money is summed in cents in the sheet; per-collaborator shares may round by a cent.
  expect(Number(totals[moneyColumn])).toBeCloseTo(total, 1);
  return rows.length - headerIndex - 2;
}

const REPORTS = [
  {
    name: "Reporte Rutas",
    url: "/reportRoute",
    call: "/Route/report",
    fileName: "ReporteRutas.xlsx",
    header: ["Ruta", "Destino", "Suplidor", "Viajes", "Colaboradores", "Costo total"],
    moneyHeader: "Costo total",
  },
  {
    name: "Reporte Choferes",
    url: "/reportDriver",
    call: "/Driver/report",
    fileName: "ReporteRutaChofer.xlsx",
    header: ["Chofer", "Cédula", "Suplidor", "Viajes", "Colaboradores", "Costo total"],
    moneyHeader: "Costo total",
  },
  {
    name: "Reporte Colaboradores",
    url: "/reportCollaborator",
    call: "/Employee/report",
    fileName: "ReporteColaboradores.xlsx",
    header: ["Código", "Nombre", "Apellido", "Departamento", "Sucursal", "Viajes"],
    moneyHeader: "Costo",
  },
  {
    name: "Reporte Rutas",
    url: "/reportRoute?tab=notScheduled",
    call: "/RouteNotScheduled/report",
    fileName: "ReporteRutaNoProgramada.xlsx",
    header: ["Fecha", "Ruta no programada", "Destino", "Chofer", "Suplidor", "Colaboradores", "Costo"],
    moneyHeader: "Costo",
  },
  {
    name: "Reporte Choferes",
    url: "/reportDriver?tab=notScheduled",
    call: "/Driver/report/routeNotScheduled",
    fileName: "ReporteRutaNoProgramadaChofer.xlsx",
    header: ["Chofer", "Cédula", "Suplidor", "Viajes", "Colaboradores", "Costo total"],
    moneyHeader: "Costo total",
  },
  {
    name: "Reporte Colaboradores",
    url: "/reportCollaborator?tab=branchOffices",
    call: "/BranchOffice/report",
    fileName: "ReporteSucursal.xlsx",
    header: ["Sucursal", "Colaboradores", "Viajes", "Costo"],
    moneyHeader: "Costo",
  },
  {
    name: "Reporte por destino",
    url: "/reportDestinationDELETED",
    call: "/Route/report",
    fileName: "ReporteRutas.xlsx",
    header: ["Ruta", "Destino", "Suplidor", "Viajes", "Colaboradores", "Costo total"],
    moneyHeader: "Costo total",
    filter: { label: "Destino", param: "destinationId" },
  },
] as const;

test.describe("reports", () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
  });

  for (const report of REPORTS) {
    test(`${report.name} (${report.fileName}): range, totals and Excel`, async ({ page }) => {
      const [defaultSince, today, monthAgo] = [day(6), day(0), day(30)];
      const first = reportAnswer(page, report.call, defaultSince.api, today.api);
      await page.goto(report.url);
      await expect(page.getByRole("heading", { name: report.name })).toBeVisible({ timeout: SLOW });
      const main = page.locator("main");
      // Default range: the last 6 days through today.
      await expect(main.getByPlaceholder("Desde")).toHaveValue(defaultSince.display);
      await expect(main.getByPlaceholder("Hasta")).toHaveValue(today.display);
      const initial = (await (await first).json()) as ReportBody;
      await expect(await totalCard(page, main, "Costo total")).toHaveText(money(initial.data.total));

      // A wider range: the URL keeps it and the totals follow the API.
      const wider = reportAnswer(page, report.call, monthAgo.api, today.api);
      await changeRange(page, main, monthAgo.display, today.display);
      const body = (await (await wider).json()) as ReportBody;
      await expect(page).toHaveURL(/sinceDate=/);
      expect(new URL(page.url()).searchParams.get("sinceDate")).toBe(monthAgo.api);
      expect(body.data.total).toBeGreaterThan(0);
      expect(body.data.total).toBeGreaterThanOrEqual(initial.data.total);
      await expect(await totalCard(page, main, "Costo total")).toHaveText(money(body.data.total));
      await expect(main.locator(".ant-table-row").first()).toBeVisible();

      let expected = body;
      let filterRow: [string, string] | undefined;
      if ("filter" in report) {
        // The report's own filter: the first real option; the URL, the totals and the file follow it.
        const filtered = page.waitForResponse(
          (response) =>
            isCall(report.call)(response) && new URL(response.url()).searchParams.has(report.filter.param),
        );
        await main.getByLabel(report.filter.label, { exact: true }).click();
        const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").nth(1);
        const optionName = (await option.textContent()) ?? "";
        await option.click();
        expected = (await (await filtered).json()) as ReportBody;
        await expect(page).toHaveURL(new RegExp(`${report.filter.param}=`));
        expect(expected.data.total).toBeLessThanOrEqual(body.data.total);
        await expect(await totalCard(page, main, "Costo total")).toHaveText(money(expected.data.total));
        filterRow = [report.filter.label, optionName];
      }

      // The export has the filter, the header and a totals row equal to the report's total.
      const sheet = await downloadExcel(
        page,
        main.getByRole("button", { name: /Exportar a Excel/ }),
        report.fileName,
      );
      const rows = checkSheet(
        sheet,
        [...report.header],
        report.moneyHeader,
        expected.data.total,
        monthAgo.display,
        today.display,
      );
      // Every matching row, not one page.
      expect(rows).toBe(expected.amount);
      if (filterRow) expect(sheet.rows.find((row) => row[0] === filterRow[0])?.[1]).toBe(filterRow[1]);
    });
  }

  test("dashboard shows the statistics and the amount per supplier", async ({ page }) => {
    const stats = page.waitForResponse(isCall("/IntermediateRoute/services/stats"));
    const suppliers = page.waitForResponse(isCall("/Supplier/service/stats"));
    await page.goto("/");
    const body = (await (await stats).json()) as Record<string, number>;
    const card = page.locator(".ant-statistic").filter({ hasText: "Rutas realizadas" });
    await expect(card.locator(".ant-statistic-content")).toHaveText(String(body.amountIntermediateRoute));
    const perSupplier = (await (await suppliers).json()) as { name: string; amount: number }[];
    const firstSupplier = perSupplier[0];
    if (firstSupplier) {
      await expect(page.getByLabel("Monto por suplidor")).toContainText(
        `${firstSupplier.name}: ${money(firstSupplier.amount)}`,
      );
    }
  });
});

test.describe("cuts", () => {
  test.describe.configure({ timeout: 180_000 });
  test("generates a cut, lists it in general and detail, exports both and refuses an overlap", async ({
    page,
  }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    const [since, today] = [day(6), day(0)];
    await page.goto("/reportCut");
    await expect(page.getByRole("heading", { name: "Reporte Corte" })).toBeVisible({ timeout: SLOW });
    const main = page.locator("main");

    // Generate the cut of the last 6 days (the modal proposes the page's range), with confirmation.
    await main.getByRole("button", { name: "Generar corte" }).click();
    const modal = page.getByRole("dialog", { name: "Generar corte" });
    await expect(modal.getByPlaceholder("Desde")).toHaveValue(since.display);
    await expect(modal.getByPlaceholder("Hasta")).toHaveValue(today.display);
    await modal.getByRole("button", { name: "Generar", exact: true }).click();
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/v1/Cut" && response.request().method() === "POST",
    );
    const general = page.waitForResponse(isCall("/Cut/General"));
    await page.getByRole("button", { name: "Sí, generar" }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const cut = (await createdResponse.json()) as { trips: number; total: number };
    expect(cut.trips).toBeGreaterThan(0);
    await expect(page.getByText(`Corte generado: ${cut.trips} viajes, ${money(cut.total)}`)).toBeVisible();
    await expect(modal).toBeHidden();

    // General: one row per supplier; its totals are the API's.
    const generalBody = (await (await general).json()) as ReportBody & {
      data: { amountTrips: number };
    };
    expect(generalBody.data.amountTrips).toBeGreaterThan(0);
    await expect(await totalCard(page, main, "Total")).toHaveText(money(generalBody.data.total));
    await expect(await totalCard(page, main, "Viajes")).toHaveText(String(generalBody.data.amountTrips));
    await expect(main.locator(".ant-table-row")).toHaveCount(Math.min(10, generalBody.amount));
    const generalSheet = await downloadExcel(
      page,
      main.getByRole("button", { name: /Exportar general/ }),
      "ReporteCorteGeneral.xlsx",
    );
    checkSheet(
      generalSheet,
      ["Suplidor", "Viajes", "Colaboradores", "Total"],
      "Total",
      generalBody.data.total,
      since.display,
      today.display,
    );

    // Detail: one row per trip, same total as the general.
    const headboard = page.waitForResponse(isCall("/Cut/Headboard"));
    await page.getByRole("tab", { name: "Detalle" }).click();
    await expect(page).toHaveURL(/tab=detail/);
    const detailBody = (await (await headboard).json()) as ReportBody;
    expect(detailBody.amount).toBe(generalBody.data.amountTrips);
    expect(detailBody.data.total).toBeCloseTo(generalBody.data.total, 2);
    await expect(await totalCard(page, main, "Total")).toHaveText(money(detailBody.data.total));
    await expect(main.locator(".ant-table-row")).toHaveCount(Math.min(10, detailBody.amount));
    const detailSheet = await downloadExcel(
      page,
      main.getByRole("button", { name: /Exportar detalle/ }),
      "ReporteDetalleCorte.xlsx",
    );
    const detailRows = checkSheet(
      detailSheet,
      ["Fecha", "Ruta", "Tipo", "Chofer", "Suplidor", "Colaboradores", "Costo"],
      "Costo",
      detailBody.data.total,
      since.display,
      today.display,
    );
    expect(detailRows).toBe(detailBody.amount);

    // A second cut over the same period is refused with the Spanish message: cuts tile time, the
    // next one starts where this one ended (docs/decisions/0020).
    await main.getByRole("button", { name: "Generar corte" }).click();
    await modal.getByRole("button", { name: "Generar", exact: true }).click();
    const refused = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/v1/Cut" && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Sí, generar" }).click();
    expect((await refused).status()).toBe(400);
    await expect(modal.getByText(/El corte debe comenzar donde terminó el último corte/)).toBeVisible();
  });
});
