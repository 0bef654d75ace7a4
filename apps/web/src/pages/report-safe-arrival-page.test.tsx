import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { SafeArrivalReportItem, SafeArrivalReportResponse } from "@treiber/contract";
import { App } from "antd";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { defaultReportRange } from "../features/reports/hooks/use-report-params";
import { ReportSafeArrivalPage } from "./report-safe-arrival-page";

const item = (overrides: Partial<SafeArrivalReportItem>): SafeArrivalReportItem => ({
  id: 1,
  serviceDay: "2026-11-27",
  employeeName: "Ana Pérez",
  routeName: "Ruta Los Mina",
  intermediateRouteId: 40,
  branchOfficeName: "Sede Central",
  stopName: "Parque Los Mina",
  latitude: 18.49,
  longitude: -69.86,
  droppedAt: "2026-11-28T02:10:00.000Z",
  askedAt: "2026-11-28T02:30:00.000Z",
  confirmedAt: "2026-11-28T02:33:00.000Z",
  confirmedVia: "push",
  status: "CONFIRMED",
  incidentId: null,
  attendedBy: null,
  outcome: null,
  ...overrides,
});

const REPORT: SafeArrivalReportResponse = {
  amount: 2,
  list: [
    item({}),
    item({
      id: 2,
      employeeName: "Luis Gómez",
      stopName: "Esquina Sabana Larga",
      confirmedAt: null,
      confirmedVia: null,
      status: "UNCONFIRMED",
      incidentId: 77,
      attendedBy: "María Admin",
      outcome: "FALSE_ALARM",
    }),
  ],
};

function answer(url: string) {
  if (url === clientPath(API.safeArrival.report)) return Promise.resolve({ data: REPORT });
  if (url === clientPath(API.branchOffice.listName))
    return Promise.resolve({ data: [{ id: 2, name: "Sede Central" }] });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(url = "/reportSafeArrival") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <ReportSafeArrivalPage />
          <Location />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const reportCalls = () => get.mock.calls.filter(([url]) => url === clientPath(API.safeArrival.report));

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(answer);
});

describe("«Llegadas seguras» (issue 38)", () => {
  it("lists each night drop with its check, the incident's outcome and who attended it", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Llegadas seguras" }, LONG)).toBeTruthy();
    expect(await screen.findByText("Ana Pérez", {}, LONG)).toBeTruthy();
    const [sinceDate, untilDate] = defaultReportRange();
    expect(reportCalls()[0]?.[1]).toEqual({ params: { amount: 10, skip: 1, sinceDate, untilDate } });

    const confirmed = screen.getByText("Ana Pérez").closest("tr") as HTMLElement;
    expect(within(confirmed).getByText("Llegó bien")).toBeTruthy();
    expect(within(confirmed).getByText(/desde la notificación$/)).toBeTruthy();
    expect(within(confirmed).getByText("27/11/2026")).toBeTruthy();
    const link = within(confirmed).getByRole("link", { name: "Ver en el mapa" });
    expect(link.getAttribute("href")).toContain("mlat=18.49&mlon=-69.86");

    const unconfirmed = screen.getByText("Luis Gómez").closest("tr") as HTMLElement;
    expect(within(unconfirmed).getByText("Sin confirmar")).toBeTruthy();
    expect(within(unconfirmed).getByText("Falsa alarma por María Admin")).toBeTruthy();

    const totals = screen.getByTestId("report-totals");
    expect(within(totals).getByText("Bajadas nocturnas")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Exportar a Excel/ })).toBeTruthy();
  });

  it("reads the branch office and status of the URL, and a chosen status goes to the URL and the request", async () => {
    renderPage("/reportSafeArrival?branchOfficeId=2&status=UNCONFIRMED&page=2");
    await screen.findByText("Ana Pérez", {}, LONG);
    expect(reportCalls()[0]?.[1]).toMatchObject({
      params: { skip: 2, branchOfficeId: "2", status: "UNCONFIRMED" },
    });

    const status = screen.getByRole("combobox", { name: "Estado" });
    await waitFor(() => expect(status.closest(".ant-select-disabled")).toBeNull(), LONG);
    fireEvent.mouseDown(status);
    fireEvent.click(await screen.findByTitle("Llegó bien", {}, LONG));
    await waitFor(() => expect(reportCalls().at(-1)?.[1].params.status).toBe("CONFIRMED"), LONG);
    // A new filter goes back to the first page; the branch office stays.
    expect(reportCalls().at(-1)?.[1].params).toMatchObject({ skip: 1, branchOfficeId: "2" });
    expect(screen.getByTestId("location").textContent).toContain("status=CONFIRMED");
  });

  it("leaves out a status the API does not know instead of asking for a 400", async () => {
    renderPage("/reportSafeArrival?status=NADA");
    await screen.findByText("Ana Pérez", {}, LONG);
    expect(reportCalls()[0]?.[1].params).not.toHaveProperty("status");
  });

  it("downloads the Excel with the filters and its file name", async () => {
    get.mockImplementation((url: string) =>
      url === clientPath(API.safeArrival.reportExcel)
        ? Promise.resolve({ data: new Blob(["xlsx"]) })
        : answer(url),
    );
    const createObjectURL = vi.fn(() => "blob:excel");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    try {
      renderPage("/reportSafeArrival?branchOfficeId=2&status=ASKED");
      fireEvent.click(await screen.findByRole("button", { name: /Exportar a Excel/ }, LONG));
      await waitFor(() => expect(clicked).toEqual(["ReporteLlegadasSeguras.xlsx"]), LONG);
      const call = get.mock.calls.find(([url]) => url === clientPath(API.safeArrival.reportExcel));
      expect(call?.[1]).toMatchObject({
        params: { branchOfficeId: "2", status: "ASKED" },
        responseType: "blob",
      });
      expect(call?.[1].params).not.toHaveProperty("skip");
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
