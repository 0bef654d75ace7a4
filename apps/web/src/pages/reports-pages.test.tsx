import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { defaultReportRange } from "../features/reports/hooks/use-report-params";
import { TOTAL_CAPTIONS } from "../features/reports/lib/total-captions";
import { DashboardPage } from "./dashboard-page";
import { ReportCutPage } from "./report-cut-page";
import { ReportRoutePage } from "./report-route-page";

function renderPage(page: ReactNode, url = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

function httpError(status: number, body: unknown, asBlob = false) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const data = asBlob ? new Blob([JSON.stringify(body)], { type: "application/json" }) : body;
  const response = { status, statusText: "", headers: {}, config, data } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response);
}

const routeReport = {
  amount: 1,
  data: {
    total: 1234.5,
    amountCollaborator: 17,
    items: [
      {
        routeId: 3,
        routeName: "Ruta Norte",
        destinationName: "Zona Franca",
        supplierId: 2,
        supplierName: "Transportes Caribe",
        trips: 9,
        collaborators: 17,
        cost: 1234.5,
        costPerCollaborator: 72.6,
      },
    ],
  },
};

function answer(url: string) {
  if (url === clientPath(API.route.report)) return Promise.resolve({ data: routeReport });
  if (url === clientPath(API.supplier.listName))
    return Promise.resolve({ data: [{ id: 2, name: "Transportes Caribe" }] });
  if (url === clientPath(API.route.listName))
    return Promise.resolve({ data: [{ id: 0, name: "Todas las rutas", description: "" }] });
  return Promise.reject(new Error(`unexpected ${url}`));
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("report pages", () => {
  it("requests the last 6 days by default and shows the totals above the table", async () => {
    get.mockImplementation(answer);
    renderPage(<ReportRoutePage />, "/reportRoute");
    expect(await screen.findByText("Ruta Norte", {}, LONG)).toBeTruthy();
    const [sinceDate, untilDate] = defaultReportRange();
    expect(get).toHaveBeenCalledWith(clientPath(API.route.report), {
      params: { amount: 10, skip: 1, sinceDate, untilDate },
    });
    const totals = screen.getByTestId("report-totals");
    expect(within(totals).getByText("Costo total")).toBeTruthy();
    expect(within(totals).getByText("$1,235")).toBeTruthy();
    expect(within(totals).getByText("17")).toBeTruthy();
    expect(screen.getByText("$73")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Reporte por destino" }).getAttribute("href")).toBe(
      "/reportDestinationDELETED",
    );
  });

  it("keeps range, filters and page from the URL in the request", async () => {
    get.mockImplementation(answer);
    renderPage(
      <ReportRoutePage />,
      "/reportRoute?page=2&sinceDate=03/01/2024&untilDate=03/31/2024&supplierName=Transportes%20Caribe&routeName=Ruta%20Norte",
    );
    expect(await screen.findByText("Ruta Norte", {}, LONG)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.route.report), {
      params: {
        amount: 10,
        skip: 2,
        sinceDate: "03/01/2024",
        untilDate: "03/31/2024",
        supplierName: "Transportes Caribe",
        routeName: "Ruta Norte",
      },
    });
  });

  it("downloads the Excel with the current filters and the spec's file name", async () => {
    get.mockImplementation((url: string, config: { onDownloadProgress?: (event: object) => void }) => {
      if (url !== clientPath(API.route.reportExcel)) return answer(url);
      config.onDownloadProgress?.({ loaded: 512, total: 1024 });
      return Promise.resolve({ data: new Blob(["xlsx"]) });
    });
    const createObjectURL = vi.fn(() => "blob:excel");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    try {
      renderPage(<ReportRoutePage />, "/reportRoute?sinceDate=03/01/2024&untilDate=03/31/2024&page=3");
      fireEvent.click(await screen.findByRole("button", { name: /Exportar a Excel/ }, LONG));
      await waitFor(() => expect(clicked).toEqual(["ReporteRutas.xlsx"]), LONG);
      const call = get.mock.calls.find(([url]) => url === clientPath(API.route.reportExcel));
      expect(call?.[1]).toMatchObject({
        params: { sinceDate: "03/01/2024", untilDate: "03/31/2024" },
        responseType: "blob",
      });
      expect(call?.[1].params).not.toHaveProperty("skip");
      expect(createObjectURL).toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });

  it("shows the server's Spanish message when the Excel download fails", async () => {
    get.mockImplementation((url: string) =>
      url === clientPath(API.route.reportExcel)
        ? Promise.reject(
            httpError(400, { statusCode: 400, message: "Fecha inválida (formato MM/DD/YYYY)" }, true),
          )
        : answer(url),
    );
    renderPage(<ReportRoutePage />, "/reportRoute");
    fireEvent.click(await screen.findByRole("button", { name: /Exportar a Excel/ }, LONG));
    expect(await screen.findByText("Fecha inválida (formato MM/DD/YYYY)", {}, LONG)).toBeTruthy();
  });

  it("shows the error of a failed report with a retry", async () => {
    get.mockImplementation((url: string) =>
      url === clientPath(API.route.report) ? Promise.reject(new Error("boom")) : answer(url),
    );
    renderPage(<ReportRoutePage />, "/reportRoute");
    expect(await screen.findByText("Reintentar", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("Ocurrió un error inesperado")).toBeTruthy();
  });
});

describe("cut page", () => {
  const midnight = (daysBack: number) => {
    const date = new Date();
    date.setHours(0, 0, 0, 0);
    date.setDate(date.getDate() - daysBack);
    return date;
  };
  const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
  const lastCut = {
    id: 4,
    sinceDate: iso(midnight(10)),
    untilDate: iso(midnight(3)),
    createdAt: iso(midnight(2)),
    createdBy: "Ana Admin",
    trips: 12,
    collaborators: 80,
    total: 1020,
  };

  it("lists the cuts and the check, and proposes the next cut from the end of the last one", async () => {
    get.mockImplementation((url: string) => {
      if (url === clientPath(API.cut.check))
        return Promise.resolve({
          data: { uncutFinishedTrips: 0, tripsInTwoCuts: 0, lastUntilDate: lastCut.untilDate },
        });
      if (url === clientPath(API.cut.list)) return Promise.resolve({ data: { amount: 1, list: [lastCut] } });
      return answer(url);
    });
    post.mockRejectedValue(
      httpError(400, { statusCode: 400, message: "El período no tiene viajes finalizados para cortar" }),
    );
    renderPage(<ReportCutPage />, "/reportCut");
    expect(
      await screen.findByText("Viajes finalizados sin corte en periodos cortados: 0", {}, LONG),
    ).toBeTruthy();
    expect(await screen.findByText("Ana Admin", {}, LONG)).toBeTruthy();
    expect(screen.getByText("#4")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Generar corte" }));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(within(dialog).getByText("Desde (fin del último corte)")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Generar" }));
    expect(
      (await screen.findAllByText("¿Seguro que desea generar el corte?", {}, LONG)).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Sí, generar" }));
    expect(
      await screen.findByText("El período no tiene viajes finalizados para cortar", {}, LONG),
    ).toBeTruthy();
    // From the end of the last cut to the end of yesterday (today's start), local time.
    expect(post).toHaveBeenCalledWith(clientPath(API.cut.create), {
      sinceDate: lastCut.untilDate,
      untilDate: iso(midnight(0)),
    });
  });
});

describe("what each total covers", () => {
  it("the route report's totals: scheduled routes only, trips without collaborators included, boardings", async () => {
    get.mockImplementation(answer);
    renderPage(<ReportRoutePage />, "/reportRoute");
    const totals = await screen.findByTestId("report-totals", {}, LONG);
    await within(totals).findByText("$1,235", {}, LONG);
    expect(within(totals).getByText(TOTAL_CAPTIONS.scheduledCost)).toBeTruthy();
    expect(within(totals).getByText(TOTAL_CAPTIONS.boardings)).toBeTruthy();
    expect(within(totals).getByText(TOTAL_CAPTIONS.routes)).toBeTruthy();
  });

  it("an open cut's record and its General totals: finished and cut trips only", async () => {
    const cut = {
      id: 4,
      sinceDate: "2026-11-01T04:00:00Z",
      untilDate: "2026-11-08T04:00:00Z",
      createdAt: "2026-11-09T12:00:00Z",
      createdBy: "Ana Admin",
      trips: 12,
      collaborators: 80,
      total: 1020,
    };
    get.mockImplementation((url: string) => {
      if (url === clientPath(API.cut.get, { id: 4 })) return Promise.resolve({ data: cut });
      if (url === clientPath(API.cut.general))
        return Promise.resolve({
          data: { amount: 0, data: { total: 1020, amountTrips: 12, amountCollaborators: 80, items: [] } },
        });
      return answer(url);
    });
    renderPage(<ReportCutPage />, "/reportCut?cutId=4");
    const totals = await screen.findByTestId("report-totals", {}, LONG);
    expect(await within(totals).findByText(TOTAL_CAPTIONS.cutCost, {}, LONG)).toBeTruthy();
    expect(within(totals).getByText(TOTAL_CAPTIONS.cutTrips)).toBeTruthy();
    const record = await screen.findByText(
      (_, element) =>
        element?.getAttribute("data-testid") === "report-total-caption" &&
        (element.textContent ?? "").startsWith(TOTAL_CAPTIONS.cutCost) &&
        !totals.contains(element),
      {},
      LONG,
    );
    expect(record.textContent).toContain("Colaboradores: abordajes");
  });
});

describe("dashboard", () => {
  it("shows the service statistics and the amount per supplier", async () => {
    get.mockImplementation((url: string) => {
      if (url === clientPath(API.intermediateRoute.servicesStats))
        return Promise.resolve({
          data: {
            amountIntermediateRoute: 41,
            amountNotScheduleServices: 3,
            amountEmployeeService: 250,
            amountEmployeeCanceledService: 7,
            amountInProgress: 2,
          },
        });
      if (url === clientPath(API.supplier.serviceStats))
        return Promise.resolve({
          data: [{ supplierId: 2, name: "Transportes Caribe", amount: 980.4, trips: 12 }],
        });
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    renderPage(<DashboardPage />);
    expect(await screen.findByText("Rutas realizadas", {}, LONG)).toBeTruthy();
    expect(await screen.findByText("41", {}, LONG)).toBeTruthy();
    expect(screen.getByText("Servicios cancelados")).toBeTruthy();
    expect(screen.getByText("Rutas en curso (sin terminar)")).toBeTruthy();
    expect(await screen.findByText("Transportes Caribe: $980", {}, LONG)).toBeTruthy();
    const [sinceDate, untilDate] = defaultReportRange();
    expect(get).toHaveBeenCalledWith(clientPath(API.intermediateRoute.servicesStats), {
      params: { sinceDate, untilDate },
    });
    expect(screen.getByTestId("live-map-slot")).toBeTruthy();
  });
});
