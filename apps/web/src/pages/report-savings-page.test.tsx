import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import {
  EMISSION_KG_PER_KM,
  type EmissionFactorListResponse,
  LITRES_PER_100_KM,
  type SavingsReportResponse,
  VEHICLE_TYPES,
} from "@treiber/contract";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get, put } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, put } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { defaultReportRange } from "../features/reports/hooks/use-report-params";
import { ReportSavingsPage } from "./report-savings-page";

const figures = (vehicles: number, km: number, cost: number, co2Kg: number) => ({
  vehicles,
  km,
  cost,
  co2Kg,
});

const REPORT: SavingsReportResponse = {
  amount: 1,
  data: {
    sinceDate: "2026-11-23",
    untilDate: "2026-11-29",
    items: [
      {
        dayPlanId: 4,
        date: "2026-11-27",
        shiftId: 7,
        shiftName: "Mañana",
        destinationId: 3,
        destinationName: "Zona Franca",
        branchOfficeName: "Sede Central",
        source: "auto",
        standing: figures(3, 120, 300, 51.5),
        day: figures(2, 90, 200, 38.6),
        ran: figures(2, 93.4, 200, 40),
        trips: 2,
        saved: figures(1, 30, 100, 12.9),
        savedRan: figures(1, 26.6, 100, 11.5),
      },
    ],
    totals: {
      standing: figures(3, 120, 300, 51.5),
      day: figures(2, 90, 200, 38.6),
      ran: figures(2, 93.4, 200, 40),
      trips: 2,
      saved: figures(1, 30, 100, 12.9),
      savedRan: figures(1, 26.6, 100, 11.5),
    },
  },
};

const EMPTY: SavingsReportResponse = {
  amount: 0,
  data: { ...REPORT.data, items: [], totals: { ...REPORT.data.totals, trips: 0 } },
};

const FACTORS: EmissionFactorListResponse = VEHICLE_TYPES.map((vehicleType) => ({
  vehicleType,
  kgPerKm: EMISSION_KG_PER_KM[vehicleType],
  defaultKgPerKm: EMISSION_KG_PER_KM[vehicleType],
  litresPer100Km: LITRES_PER_100_KM[vehicleType],
  edited: false,
  updatedAt: null,
}));

/** A 500 answer with the server's Spanish message. */
function serverError(message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = {
    status: 500,
    statusText: "Error",
    headers: {},
    config,
    data: { statusCode: 500, message },
  };
  return new AxiosError("Request failed", "ERR_BAD_RESPONSE", config, null, response as AxiosResponse);
}

let report: () => Promise<{ data: SavingsReportResponse }>;

function answer(url: string) {
  if (url === clientPath(API.planning.savings)) return report();
  if (url === clientPath(API.emissionFactor.list)) return Promise.resolve({ data: FACTORS });
  if (url === clientPath(API.shift.list)) return Promise.resolve({ data: { amount: 0, list: [] } });
  if (url === clientPath(API.branchOffice.listName))
    return Promise.resolve({ data: [{ id: 2, name: "Sede Central" }] });
  if (url === clientPath(API.destination.forList)) return Promise.resolve({ data: [] });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function renderPage(url = "/reportSavings") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <ReportSavingsPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const reportCalls = () => get.mock.calls.filter(([url]) => url === clientPath(API.planning.savings));

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  report = () => Promise.resolve({ data: REPORT });
  get.mockImplementation(answer);
  put.mockImplementation((_url: string, body: { vehicleType: string; kgPerKm: number }) =>
    Promise.resolve({ data: { message: "Factor de emisión guardado", factor: { ...FACTORS[0], ...body } } }),
  );
});

describe("«Reporte Ahorro» (issue 36)", () => {
  it("shows each day plan's standing, day and ran figures with the savings and the period's totals", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Reporte Ahorro" }, LONG)).toBeTruthy();
    expect(await screen.findByText("Zona Franca", {}, LONG)).toBeTruthy();
    const [sinceDate, untilDate] = defaultReportRange();
    expect(reportCalls()[0]?.[1]).toEqual({ params: { amount: 10, skip: 1, sinceDate, untilDate } });
    expect(screen.getByText("27/11/2026")).toBeTruthy();
    const totals = screen.getByTestId("report-totals");
    expect(within(totals).getByText("kg CO₂ evitados")).toBeTruthy();
    expect(within(totals).getByText("12.9 kg")).toBeTruthy();
    expect(within(totals).getByText("Km ahorrados (viajes)")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Exportar a Excel/ })).toBeTruthy();
    for (const label of ["Sucursal", "Turno", "Destino"])
      expect(screen.getByRole("combobox", { name: label })).toBeTruthy();
  });

  it("keeps the filters of the URL in the request", async () => {
    renderPage("/reportSavings?shiftId=7&destinationId=3&branchOfficeId=2&page=2");
    await screen.findByText("Zona Franca", {}, LONG);
    expect(reportCalls()[0]?.[1]).toMatchObject({
      params: { skip: 2, shiftId: "7", destinationId: "3", branchOfficeId: "2" },
    });
  });

  it("says when the period has no day plans, and shows a failed request with a retry", async () => {
    report = () => Promise.resolve({ data: EMPTY });
    const { unmount } = renderPage();
    expect(await screen.findByText("No hay registros", {}, LONG)).toBeTruthy();
    unmount();
    report = () => Promise.reject(serverError("El servidor no respondió"));
    renderPage();
    expect(await screen.findByText("El servidor no respondió", {}, LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeTruthy();
  });

  it("«Factores de emisión» shows each type's factor and default and saves what changed", async () => {
    renderPage();
    await screen.findByText("Zona Franca", {}, LONG);
    fireEvent.click(screen.getByRole("button", { name: "Factores de emisión" }));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    await waitFor(() =>
      expect(within(dialog).getByText(/Predeterminado: 0.4288 kg\/km \(16 litros/)).toBeTruthy(),
    );
    // Only the diesel factor has a published source: the consumptions are said to be assumptions.
    expect(
      within(dialog).getByText(/supuestos de Treiber para el tránsito urbano, no de una fuente publicada/),
    ).toBeTruthy();
    const minibus = () => within(dialog).getByLabelText("Minibús (16 a 30 asientos)") as HTMLInputElement;
    await waitFor(() => expect(minibus().value).toBe("0.4288"), LONG);
    fireEvent.change(minibus(), { target: { value: "0.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    expect(put).toHaveBeenCalledWith(clientPath(API.emissionFactor.update), {
      vehicleType: "minibus",
      kgPerKm: 0.5,
    });
    expect(await screen.findByText("Guardado: Factores de emisión", {}, LONG)).toBeTruthy();
  });
});
