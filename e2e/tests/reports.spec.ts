import { expect, type Locator, type Page, type Response, test } from "@playwright/test";
import { API, apiPath, clientPath } from "@treiber/contract/api-paths";
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
    call: clientPath(API.route.report),
    fileName: "ReporteRutas.xlsx",
    header: ["Ruta", "Destino", "Suplidor", "Viajes", "Colaboradores", "Costo total"],
    moneyHeader: "Costo total",
  },
  {
    name: "Reporte Choferes",
    url: "/reportDriver",
    call: clientPath(API.driver.report),
    fileName: "ReporteRutaChofer.xlsx",
    header: ["Chofer", "Cédula", "Suplidor", "Viajes", "Colaboradores", "Costo total"],
    moneyHeader: "Costo total",
  },
  {
    name: "Reporte Colaboradores",
    url: "/reportCollaborator",
    call: clientPath(API.employee.report),
    fileName: "ReporteColaboradores.xlsx",
    header: ["Código", "Nombre", "Apellido", "Departamento", "Sucursal", "Viajes"],
    moneyHeader: "Costo",
  },
  {
    name: "Reporte Rutas",
    url: "/reportRoute?tab=notScheduled",
    call: clientPath(API.routeNotScheduled.report),
    fileName: "ReporteRutaNoProgramada.xlsx",
    header: ["Fecha", "Ruta no programada", "Destino", "Chofer", "Suplidor", "Colaboradores", "Costo"],
    moneyHeader: "Costo",
  },
  {
    name: "Reporte Choferes",
    url: "/reportDriver?tab=notScheduled",
    call: clientPath(API.driver.reportRouteNotScheduled),
    fileName: "ReporteRutaNoProgramadaChofer.xlsx",
    header: ["Chofer", "Cédula", "Suplidor", "Viajes", "Colaboradores", "Costo total"],
    moneyHeader: "Costo total",
  },
  {
    name: "Reporte Colaboradores",
    url: "/reportCollaborator?tab=branchOffices",
    call: clientPath(API.branchOffice.report),
    fileName: "ReporteSucursal.xlsx",
    header: ["Sucursal", "Colaboradores", "Viajes", "Costo"],
    moneyHeader: "Costo",
  },
  {
    name: "Reporte por destino",
    url: "/reportDestinationDELETED",
    call: clientPath(API.route.report),
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
    const stats = page.waitForResponse(isCall(clientPath(API.intermediateRoute.servicesStats)));
    const suppliers = page.waitForResponse(isCall(clientPath(API.supplier.serviceStats)));
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
  test.describe.configure({ timeout: 240_000 });

  /** The finished trips the reports bill over local days: scheduled routes plus not-scheduled ones. */
  async function reportsTotal(page: Page, token: string, since: string, until: string) {
    const headers = { authorization: `Bearer ${token}`, gmt: String(new Date().getTimezoneOffset() / 60) };
    const query = `sinceDate=${since}&untilDate=${until}&amount=1&skip=1`;
    let total = 0;
    for (const endpoint of [API.route.report, API.routeNotScheduled.report]) {
      const response = await page.request.get(`${apiPath(endpoint)}?${query}`, { headers });
      expect(response.status(), endpoint.path).toBe(200);
      total += ((await response.json()) as ReportBody).data.total;
    }
    return total;
  }

  /** Generates the cut the modal shows, confirmed; returns the server's answer once the cut opens. */
  async function generateCut(page: Page) {
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === API.cut.create.path && response.request().method() === "POST",
    );
    await page
      .getByRole("dialog", { name: "Generar corte" })
      .getByRole("button", { name: "Generar", exact: true })
      .click();
    await page.getByRole("button", { name: "Sí, generar" }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const cut = (await response.json()) as { id: number; trips: number; total: number };
    await expect(page.getByText(`Corte generado: ${cut.trips} viajes, ${money(cut.total)}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`cutId=${cut.id}`));
    await expect(page.getByRole("heading", { name: `Corte #${cut.id}` })).toBeVisible();
    return cut;
  }

  /** One open cut: General and Detail totals are the cut's, and both Excel files show the same. */
  async function checkOpenCut(page: Page, cut: { trips: number; total: number }, since: string) {
    const main = page.locator("main");
    await expect(await totalCard(page, main, "Total")).toHaveText(money(cut.total));
    await expect(await totalCard(page, main, "Viajes")).toHaveText(String(cut.trips));
    const general = await downloadExcel(
      page,
      main.getByRole("button", { name: /Exportar general/ }),
      "ReporteCorteGeneral.xlsx",
    );
    const headerRow = general.rows.find((row) => row[0] === "Desde");
    // The period in local time, not raw UTC.
    expect(String(headerRow?.[1])).toMatch(new RegExp(`^${since.replaceAll("/", "\\/")} 12:00:00 am`));
    const totals = general.rows.at(-1) ?? [];
    expect(Number(totals[3])).toBeCloseTo(cut.total, 1);

    await page.getByRole("tab", { name: "Detalle" }).click();
    await expect(await totalCard(page, main, "Total")).toHaveText(money(cut.total));
    const detail = await downloadExcel(
      page,
      main.getByRole("button", { name: /Exportar detalle/ }),
      "ReporteDetalleCorte.xlsx",
    );
    const header = detail.rows.find((row) => row[0] === "Fecha") ?? [];
    expect(header).toEqual(expect.arrayContaining(["Km", "Minutos de retraso", "Abordajes manuales"]));
    const headerIndex = detail.rows.indexOf(header);
    expect(detail.rows.length - headerIndex - 2).toBe(cut.trips);
    expect(Number((detail.rows.at(-1) ?? [])[header.indexOf("Costo")])).toBeCloseTo(cut.total, 1);
  }

  test("an admin makes two consecutive cuts from the page; each opens with its files, totals as the reports", async ({
    page,
  }) => {
    const signIn = await page.request.post(API.auth.signIn.path, {
      data: { email: ACCOUNTS.admin, password: "Treiber123!" },
    });
    const { token } = (await signIn.json()) as { token: string };
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/reportCut");
    await expect(page.getByRole("heading", { name: "Reporte Corte" })).toBeVisible({ timeout: SLOW });
    const main = page.locator("main");
    await expect(main.getByText("Viajes finalizados sin corte en periodos cortados: 0")).toBeVisible();

    // First cut (none yet): the modal proposes last week through yesterday; it ends 4 days ago.
    await main.getByRole("button", { name: "Generar corte" }).click();
    const modal = page.getByRole("dialog", { name: "Generar corte" });
    await expect(modal.getByLabel("Desde")).toHaveValue(day(7).display);
    await expect(modal.getByLabel("Hasta")).toHaveValue(day(1).display);
    await modal.getByLabel("Hasta").click();
    await modal.getByLabel("Hasta").fill(day(4).display);
    await page.keyboard.press("Enter");
    await expect(modal.getByText(`Período: ${day(7).display} – ${day(4).display}`)).toBeVisible();
    const first = await generateCut(page);
    expect(first.trips).toBeGreaterThan(0);
    expect(first.total).toBeCloseTo(await reportsTotal(page, token, day(7).api, day(4).api), 2);
    await checkOpenCut(page, first, day(7).display);

    // Second cut: it starts where the first ended (fixed) and ends yesterday.
    await main.getByRole("button", { name: "Todos los cortes" }).click();
    await main.getByRole("button", { name: "Generar corte" }).click();
    await expect(modal.getByText("Desde (fin del último corte)")).toBeVisible();
    await expect(modal.getByLabel("Hasta")).toHaveValue(day(1).display);
    await expect(modal.getByText(`Período: ${day(3).display} – ${day(1).display}`)).toBeVisible();
    const second = await generateCut(page);
    expect(second.total).toBeCloseTo(await reportsTotal(page, token, day(3).api, day(1).api), 2);
    await checkOpenCut(page, second, day(3).display);

    // A billed trip's sheet: the evidence behind a Detail row.
    await main.getByRole("button", { name: "Ver viaje" }).first().click();
    const sheet = page.getByRole("dialog", { name: /Hoja del viaje #\d+/ });
    await expect(sheet.getByText("Recorrido")).toBeVisible({ timeout: SLOW });
    await expect(sheet.getByText(/Abordajes \(\d+\)/)).toBeVisible();
    await expect(sheet.getByText(`#${second.id}`, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");

    // The list: both cuts, newest first, and the billing check still 0.
    await main.getByRole("button", { name: "Todos los cortes" }).click();
    const rows = main.locator(".ant-table-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(`#${second.id}`);
    await expect(rows.nth(1)).toContainText(`#${first.id}`);
    await expect(main.getByText("Viajes finalizados sin corte en periodos cortados: 0")).toBeVisible();

    // Nothing left to cut today: the modal says the next cut can be made tomorrow.
    await main.getByRole("button", { name: "Generar corte" }).click();
    await expect(modal.getByText(/El próximo podrá generarse mañana/)).toBeVisible();
    await modal.getByRole("button", { name: "Cancelar" }).click();
  });
});
