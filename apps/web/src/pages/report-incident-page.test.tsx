import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { IncidentReportListResponse, IncidentReportResponse } from "@treiber/contract";
import { App } from "antd";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { defaultReportRange } from "../features/reports/hooks/use-report-params";
import { ReportIncidentPage } from "./report-incident-page";

const types = {
  SOS: 0,
  SAFE_ARRIVAL_UNCONFIRMED: 0,
  NOT_STARTED: 0,
  LATE: 2,
  OFF_ROUTE: 1,
  SKIPPED_STOP: 0,
  LONG_DWELL: 0,
  NO_GPS: 0,
  OVER_CAPACITY: 0,
};
const figures = {
  trips: 3,
  tripsWithArrival: 3,
  onTimeTrips: 2,
  onTimePercent: 66.7,
  incidents: 3,
  byType: types,
};
const report: IncidentReportResponse = {
  sinceDate: "01/01/2026",
  untilDate: "01/07/2026",
  suppliers: [{ supplierId: 2, supplierName: "Transportes Caribe", ...figures }],
  drivers: [{ driverId: 5, driverName: "Ramón Ulloa", supplierName: "Transportes Caribe", ...figures }],
  routes: [{ routeId: 3, routeName: "Ruta Norte", ...figures }],
  types: [{ type: "LATE", incidents: 2, trips: 2, unclosed: 0, averageMinutes: 12.5 }],
  totals: figures,
};

const incidents: IncidentReportListResponse = {
  amount: 12,
  list: [
    {
      id: 41,
      type: "OFF_ROUTE",
      status: "ACKNOWLEDGED",
      intermediateRouteId: 9,
      routeName: "Ruta Norte",
      driverName: "Ramón Ulloa",
      supplierName: "Transportes Caribe",
      stopName: null,
      openedAt: "2026-01-05T10:40:00.000Z",
      closedAt: null,
      acknowledgedBy: "Ana Gómez",
      acknowledgedAt: "2026-01-05T10:45:00.000Z",
      note: "Desvío por obras en la avenida",
      minutesOpen: 95.5,
      open: true,
    },
    {
      id: 42,
      type: "LATE",
      status: "CLOSED",
      intermediateRouteId: 9,
      routeName: "Ruta Norte",
      driverName: "Ramón Ulloa",
      supplierName: "Transportes Caribe",
      stopName: null,
      openedAt: "2026-01-05T11:05:00.000Z",
      closedAt: "2026-01-05T11:25:00.000Z",
      acknowledgedBy: null,
      acknowledgedAt: null,
      note: null,
      minutesOpen: 20,
      open: false,
    },
    {
      id: 43,
      type: "SOS",
      status: "CLOSED",
      intermediateRouteId: null,
      routeName: "",
      driverName: null,
      supplierName: null,
      stopName: null,
      openedAt: "2026-01-05T23:10:00.000Z",
      closedAt: "2026-01-05T23:30:00.000Z",
      acknowledgedBy: "Marta Díaz",
      acknowledgedAt: "2026-01-05T23:11:00.000Z",
      note: "Botón pulsado por error",
      minutesOpen: 20,
      open: false,
      personName: "Luisa Marte",
      outcome: "FALSE_ALARM",
      closedBy: "Marta Díaz",
    },
  ],
};

function answer(url: string, body: IncidentReportResponse | Error = report) {
  if (url === clientPath(API.incident.report))
    return body instanceof Error ? Promise.reject(body) : Promise.resolve({ data: body });
  if (url === clientPath(API.incident.reportIncidents))
    return body instanceof Error ? Promise.reject(body) : Promise.resolve({ data: incidents });
  if (url === clientPath(API.supplier.listName) || url === clientPath(API.branchOffice.listName))
    return Promise.resolve({ data: [] });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={["/reportIncident"]}>
          <ReportIncidentPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
});

describe("Reporte de incidencias", () => {
  it("requests the last 6 days and shows the on-time performance per supplier first", async () => {
    get.mockImplementation((url: string) => answer(url));
    renderPage();
    expect(await screen.findByText("Transportes Caribe", {}, LONG)).toBeTruthy();
    const [sinceDate, untilDate] = defaultReportRange();
    expect(get).toHaveBeenCalledWith(clientPath(API.incident.report), { params: { sinceDate, untilDate } });
    expect(screen.getByRole("tab", { name: "Puntualidad por suplidor", selected: true })).toBeTruthy();
    const totals = screen.getByTestId("report-totals");
    expect(within(totals).getAllByText("66.7 %").length).toBeGreaterThan(0);
    expect(within(totals).getByText("2 de 3")).toBeTruthy();
    expect(screen.getByText("Retraso 2 · Fuera de ruta 1")).toBeTruthy();
  });

  it("lists every incident below the groupings: when, who attended it, the note, minutes open", async () => {
    get.mockImplementation((url: string) => answer(url));
    renderPage();
    const list = await screen.findByText("Incidencias del período", {}, LONG);
    const card = list.closest(".ant-card") as HTMLElement;
    expect(await within(card).findByText("Desvío por obras en la avenida", {}, LONG)).toBeTruthy();
    expect(within(card).getByText("Ana Gómez")).toBeTruthy();
    expect(within(card).getByText("Atendida")).toBeTruthy();
    expect(within(card).getByText("1 hora y 36 mins (sigue abierta)")).toBeTruthy();
    expect(within(card).getAllByText("20 mins")).toHaveLength(2);
    expect(within(card).getByText("Sin atender")).toBeTruthy();
    expect(within(card).getByText("Sin cerrar")).toBeTruthy();
    expect(within(card).getByText("12 registros")).toBeTruthy();
    // An SOS (issue 38): who raised it, the outcome and who closed it.
    expect(within(card).getByText("SOS")).toBeTruthy();
    expect(within(card).getByText("Luisa Marte")).toBeTruthy();
    expect(within(card).getByText("Falsa alarma · cerrada por Marta Díaz")).toBeTruthy();
    const [sinceDate, untilDate] = defaultReportRange();
    expect(get).toHaveBeenCalledWith(clientPath(API.incident.reportIncidents), {
      params: { sinceDate, untilDate, amount: 10, skip: 1 },
    });
    // The next page asks the server for it (paged like the other report lists).
    fireEvent.click(within(card).getByTitle("2"));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(clientPath(API.incident.reportIncidents), {
        params: { sinceDate, untilDate, amount: 10, skip: 2 },
      }),
    );
  });

  it("says so when the period has nothing", async () => {
    const empty = { ...report, suppliers: [], drivers: [], routes: [], types: [] };
    get.mockImplementation((url: string) => answer(url, empty));
    renderPage();
    expect(await screen.findByText("No hay incidencias ni viajes en el período", {}, LONG)).toBeTruthy();
  });

  it("shows the error with a retry", async () => {
    get.mockImplementation((url: string) => answer(url, new Error("boom")));
    renderPage();
    // The groupings and the incident list each say so, each with its retry.
    await waitFor(() => expect(screen.getAllByText("Reintentar")).toHaveLength(2), LONG);
  });
});
