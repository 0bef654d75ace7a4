import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { Session } from "@treiber/client";
import type { CutHeadboardItem, CutRecord, DisputeItem } from "@treiber/contract";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
const LONG = { timeout: 15_000 };

const { get, post, put } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, post, put } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { MemoryRouter } from "react-router";
import { saveSession } from "../shared/session/session-store";
import { ReportCutPage } from "./report-cut-page";

const cut: CutRecord = {
  id: 4,
  sinceDate: "2026-11-01T04:00:00Z",
  untilDate: "2026-11-08T04:00:00Z",
  createdAt: "2026-11-09T12:00:00Z",
  createdBy: "Ana Admin",
  trips: 2,
  collaborators: 30,
  total: 290,
  openDisputes: 1,
  adjustments: [
    {
      disputeId: 8,
      fromCutId: 3,
      intermediateRouteId: 30,
      routeName: "Ruta Oeste",
      supplierId: 2,
      supplierName: "Transportes Caribe",
      amount: 50,
      note: "Peaje no incluido",
    },
  ],
  adjustmentsTotal: 50,
};

function trip(intermediateRouteId: number, routeName: string): CutHeadboardItem {
  return {
    intermediateRouteId,
    cutId: 4,
    startedAt: "2026-11-03T11:00:00Z",
    endedAt: "2026-11-03T12:00:00Z",
    plannedDepartureAt: null,
    minutesLate: null,
    km: 20,
    manualBoardings: 0,
    vehicle: null,
    destinationName: null,
    routeName,
    kind: "scheduled",
    driverName: "Pedro Pérez",
    supplierName: "Transportes Caribe",
    collaborators: 15,
    cost: 120,
    incidents: 0,
    incidentTypes: [],
  };
}

const openDispute = {
  intermediateRouteId: 42,
  routeName: "Ruta Sur",
  status: "OPEN",
} as Partial<DisputeItem>;

function answer(url: string) {
  if (url === clientPath(API.cut.get, { id: 4 })) return Promise.resolve({ data: cut });
  if (url === clientPath(API.cut.headboard))
    return Promise.resolve({
      data: {
        amount: 2,
        data: { total: 240, amountCollaborators: 30, items: [trip(41, "Ruta Norte"), trip(42, "Ruta Sur")] },
      },
    });
  if (url === clientPath(API.dispute.list))
    return Promise.resolve({
      data: {
        amount: 1,
        list: [{ ...openDispute, id: 1, cutId: 4, tripStartedAt: cut.sinceDate, createdAt: cut.createdAt }],
      },
    });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function renderPage(roles: Session["roles"]) {
  saveSession({ token: "t", refreshToken: "r", roles, userId: 5, mustChangePassword: false } as Session);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={["/reportCut?cutId=4&tab=detail"]}>
          <ReportCutPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(answer);
});

describe("Reporte Corte with disputes (issue 37)", () => {
  it("a supplier's user: «Disputar» per line, «En disputa» on a disputed one, the adjustments, no admin tools", async () => {
    renderPage(["Supplier"]);
    expect(await screen.findByRole("button", { name: "Disputar viaje Ruta Norte" }, LONG)).toBeTruthy();
    const disputedRow = (await screen.findAllByText("Ruta Sur", {}, LONG))
      .map((cell) => cell.closest("tr"))
      .find((row) => row && within(row).queryByText("En disputa"));
    expect(disputedRow).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Disputar viaje Ruta Sur" })).toBeNull();
    const adjustments = screen.getByTestId("cut-adjustments");
    expect(within(adjustments).getByText("Ruta Oeste")).toBeTruthy();
    expect(within(adjustments).getByText("Peaje no incluido")).toBeTruthy();
    expect(within(adjustments).getByText("Total ajustes: $50.00")).toBeTruthy();
    expect(screen.getByText("Disputas abiertas")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Generar corte" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Aceptar" })).toBeNull();
  });

  it("an admin: the cut's disputes to settle, «En disputa» on the disputed line, no «Disputar»", async () => {
    get.mockImplementation((url: string) =>
      url === clientPath(API.cut.check)
        ? Promise.resolve({
            data: { uncutFinishedTrips: 0, tripsInTwoCuts: 0, lastUntilDate: cut.untilDate },
          })
        : answer(url),
    );
    renderPage(["Admin"]);
    expect(await screen.findByRole("button", { name: "Aceptar" }, LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Rechazar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Generar corte" })).toBeTruthy();
    expect((await screen.findAllByText("Ruta Norte", {}, LONG)).length).toBeGreaterThan(0);
    expect(await screen.findByText("En disputa", {}, LONG)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Disputar/ })).toBeNull();
  });
});
