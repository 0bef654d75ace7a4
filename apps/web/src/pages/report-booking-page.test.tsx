import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { BookingReportResponse, EmployeeReportResponse } from "@treiber/contract";
import { App } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { defaultReportRange } from "../features/reports/hooks/use-report-params";
import { ReportBookingPage } from "./report-booking-page";
import { ReportCollaboratorPage } from "./report-collaborator-page";

const totals = {
  total: 40,
  seats: 44,
  confirmed: 40,
  waitlisted: 3,
  cancelled: 5,
  lateCancellations: 1,
  noShows: 2,
  ridden: 38,
  sinceDate: "2026-11-23",
  untilDate: "2026-11-29",
};

const DAYS: BookingReportResponse = {
  amount: 12,
  data: {
    view: "days",
    ...totals,
    items: [
      {
        routeId: 3,
        routeName: "Ruta Norte",
        shiftName: "Mañana",
        date: "2026-11-27",
        seats: 20,
        confirmed: 20,
        waitlisted: 3,
        demand: 23,
        cancelled: 2,
        lateCancellations: 1,
        noShows: 2,
        ridden: 18,
      },
    ],
  },
};

const COLLABORATORS: BookingReportResponse = {
  amount: 1,
  data: {
    view: "collaborators",
    ...totals,
    items: [
      {
        employeeId: 10,
        codeEmployee: "C-10",
        name: "Berta",
        lastname: "Pérez",
        routeId: 3,
        routeName: "Ruta Norte",
        expected: 4,
        ridden: 1,
        noShows: 3,
        noShowRate: 0.75,
        lateCancellations: 0,
        flagged: true,
      },
    ],
  },
};

function answer(url: string, config?: { params?: { view?: string } }) {
  if (url === clientPath(API.booking.report))
    return Promise.resolve({ data: config?.params?.view === "collaborators" ? COLLABORATORS : DAYS });
  if (url === clientPath(API.shift.list)) return Promise.resolve({ data: { amount: 0, list: [] } });
  if (url === clientPath(API.branchOffice.listName))
    return Promise.resolve({ data: [{ id: 2, name: "Sede Central" }] });
  if (url === clientPath(API.route.listName))
    return Promise.resolve({ data: [{ id: 0, name: "Todas las rutas", description: "" }] });
  if (url === clientPath(API.supplier.listName)) return Promise.resolve({ data: [] });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderPage(page: ReactNode, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          {page}
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const reportCalls = () => get.mock.calls.filter(([url]) => url === clientPath(API.booking.report));

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(answer);
});

describe("«Reporte Reservas» (issue 35)", () => {
  it("shows demand against seats per route and day for the last 6 days, with the totals and the Excel", async () => {
    renderPage(<ReportBookingPage />, "/reportBooking");
    expect(await screen.findByRole("heading", { name: "Reporte Reservas" }, LONG)).toBeTruthy();
    expect(await screen.findByText("Ruta Norte", {}, LONG)).toBeTruthy();
    const [sinceDate, untilDate] = defaultReportRange();
    expect(reportCalls()[0]?.[1]).toEqual({
      params: { amount: 10, skip: 1, sinceDate, untilDate, view: "days" },
    });
    expect(screen.getByRole("tab", { name: "Demanda por ruta y día", selected: true })).toBeTruthy();
    expect(screen.getByText("27/11/2026")).toBeTruthy();
    expect(screen.getByText("Sobre el cupo")).toBeTruthy();
    const figures = screen.getByTestId("report-totals");
    expect(within(figures).getByText("Cancelaciones tardías")).toBeTruthy();
    // 2 absent of 40 expected (38 rode + 2 absent).
    expect(within(figures).getByText("5 %")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Exportar a Excel/ })).toBeTruthy();
    for (const label of ["Sucursal", "Turno", "Ruta"])
      expect(screen.getByRole("combobox", { name: label })).toBeTruthy();
  });

  it("the collaborators' view: the no-show rate per route and the flag for 3 in 30 days", async () => {
    renderPage(
      <ReportBookingPage />,
      "/reportBooking?tab=collaborators&sinceDate=11/01/2026&untilDate=11/29/2026",
    );
    expect(await screen.findByText("Berta Pérez", {}, LONG)).toBeTruthy();
    expect(reportCalls()[0]?.[1]).toEqual({
      params: {
        amount: 10,
        skip: 1,
        sinceDate: "11/01/2026",
        untilDate: "11/29/2026",
        view: "collaborators",
      },
    });
    expect(screen.getByText("3 ausencias en 30 días")).toBeTruthy();
    expect(screen.getByText("75 %")).toBeTruthy();
  });

  it("keeps the shift and branch office filters in the URL and the request", async () => {
    renderPage(<ReportBookingPage />, "/reportBooking?shiftId=7&page=2");
    await screen.findByText("Ruta Norte", {}, LONG);
    expect(reportCalls()[0]?.[1]).toMatchObject({ params: { skip: 2, shiftId: "7", view: "days" } });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Sucursal" }));
    fireEvent.click(await screen.findByTitle("Sede Central", {}, LONG));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("?shiftId=7&branchOfficeId=2"));
    await waitFor(() =>
      expect(reportCalls().at(-1)?.[1]).toMatchObject({
        params: { skip: 1, shiftId: "7", branchOfficeId: "2" },
      }),
    );
  });
});

describe("«Reporte Colaboradores» gains no-shows (issue 35)", () => {
  it("shows each collaborator's no-shows and flags 3 in 30 days", async () => {
    const report: EmployeeReportResponse = {
      amount: 2,
      data: {
        total: 60,
        amountCollaborators: 1,
        items: [
          {
            employeeId: 10,
            codeEmployee: "C-10",
            name: "Berta",
            lastname: "Pérez",
            department: null,
            branchOfficeName: "Sede Central",
            trips: 2,
            canceledServices: 0,
            cost: 60,
            noShows: 3,
            flagged: true,
          },
          {
            employeeId: 11,
            codeEmployee: "C-11",
            name: "Carla",
            lastname: "Gómez",
            department: null,
            branchOfficeName: "Sede Central",
            trips: 0,
            canceledServices: 0,
            cost: 0,
            noShows: 1,
            flagged: false,
          },
        ],
      },
    };
    get.mockImplementation((url: string) =>
      url === clientPath(API.employee.report) ? Promise.resolve({ data: report }) : answer(url),
    );
    renderPage(<ReportCollaboratorPage />, "/reportCollaborator");
    expect(await screen.findByText("Berta Pérez", {}, LONG)).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Ausencias" })).toBeTruthy();
    expect(screen.getAllByText("3 ausencias en 30 días")).toHaveLength(1);
    const carla = screen.getByText("Carla Gómez").closest("tr") as HTMLElement;
    expect(within(carla).getByText("1")).toBeTruthy();
  });
});
