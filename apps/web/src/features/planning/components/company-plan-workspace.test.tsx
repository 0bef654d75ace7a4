import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CompanyPlan, ShiftListItem } from "@treiber/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design in jsdom is slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 120_000 });

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { renderWithClient } from "../test/day-plan-harness";
import { renderView, SHIFT, serve } from "../test/planning-view-harness";
import { COMPANY_SECONDS, CompanyPlanWorkspace } from "./company-plan-workspace";

const LONG = { timeout: 15_000 };
const SHIFTS: ShiftListItem[] = [
  { ...SHIFT, id: 7, name: "Madrugada", time: "06:00" },
  { ...SHIFT, id: 8, name: "Mañana", time: "07:00" },
];

const run = (shiftId: number, start: string, end: string, name: string) => ({
  runId: `${shiftId}:5:${name}`,
  shiftId,
  destinationId: 5,
  routeKey: name,
  routeName: name,
  start,
  end,
});

function companyPlan(): CompanyPlan {
  const figures = { vehicles: 1, riders: 4, km: 6.5, seatFill: 0.4, longestRideMinutes: 25, cost: 1500 };
  const part = (shiftId: number, shiftName: string, shiftTime: string) => ({
    shiftId,
    shiftName,
    direction: "inbound" as const,
    shiftTime,
    destinationId: 5,
    destinationName: "Zona Franca Norte",
    proposal: {
      params: {
        direction: "inbound" as const,
        shiftTime,
        workplace: { latitude: 18.47, longitude: -69.94 },
        speedKmh: 22,
        circuity: 1.35,
        serviceMinutes: 2,
        maxRideMinutes: 60,
      },
      routes: [],
      figures,
      unassigned: [],
      version: "v1",
      seconds: 1,
      nextRouteNumber: 2,
    },
  });
  return {
    parts: [part(7, "Madrugada", "06:00"), part(8, "Mañana", "07:00")],
    chains: [
      {
        driverId: 31,
        driverName: "Luis Gómez",
        vehiclePlate: "A123456",
        seats: 10,
        runs: [
          {
            ...run(7, "05:35", "06:00", "Madrugada 1"),
            riders: 4,
            deadheadKm: 0,
            deadheadMinutes: 0,
            restMinutes: 0,
          },
          {
            ...run(8, "06:35", "07:00", "Mañana 1"),
            riders: 4,
            deadheadKm: 4.7,
            deadheadMinutes: 13,
            restMinutes: 22,
          },
        ],
        deadheadKm: 4.7,
        spanMinutes: 85,
        workMinutes: 63,
      },
    ],
    unchained: [],
    totals: {
      runs: 2,
      vehiclesChained: 1,
      vehiclesOnePerRun: 2,
      km: 13,
      deadheadKm: 4.7,
      cost: 3000,
      riders: 8,
      unassigned: 0,
      runsWithoutVehicle: 0,
      workSpreadMinutes: 0,
    },
    notes: [],
    seconds: 2,
  };
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe("Planificación: «Toda la sucursal»", () => {
  it("proposes the shifts chosen and shows each shift's figures and the drivers' runs", async () => {
    post.mockResolvedValue({ data: companyPlan() });
    renderWithClient(<CompanyPlanWorkspace branchOfficeId={3} shifts={SHIFTS} />);
    fireEvent.click(screen.getByRole("switch", { name: "Equilibrar jornadas" }));
    fireEvent.click(screen.getByRole("button", { name: "Proponer toda la sucursal" }));
    const region = await screen.findByRole("region", { name: "Plan de toda la sucursal" }, LONG);
    const [url, body] = post.mock.calls[0] ?? [];
    expect(url).toBe(clientPath(API.planning.companyPropose));
    expect(body).toEqual({ branchOfficeId: 3, shiftIds: [7, 8], balance: true, seconds: COMPANY_SECONDS });
    const parts = within(region).getByRole("table", { name: "Cifras por turno y destino" });
    expect(within(parts).getByText("Madrugada (06:00)")).toBeTruthy();
    expect(within(parts).getAllByText("Zona Franca Norte")).toHaveLength(2);
    const chains = within(region).getByRole("table", { name: "Vueltas por chofer" });
    for (const title of ["Chofer", "Vueltas", "Km en vacío"]) {
      expect(within(chains).getByRole("columnheader", { name: title })).toBeTruthy();
    }
    expect(within(chains).getByText("Luis Gómez · A123456")).toBeTruthy();
    expect(within(chains).getByText(/06:35–07:00 Mañana 1/)).toBeTruthy();
    expect(within(region).getByText("Vehículos encadenando vueltas")).toBeTruthy();
  });

  it("leaves a shift out and cancels the search in flight", async () => {
    post.mockReturnValue(new Promise(() => {}));
    renderWithClient(<CompanyPlanWorkspace branchOfficeId={3} shifts={SHIFTS} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Mañana (07:00)" }));
    fireEvent.click(screen.getByRole("button", { name: "Proponer toda la sucursal" }));
    const progress = await screen.findByTestId("propose-progress", {}, LONG);
    const [, body, config] = post.mock.calls[0] ?? [];
    expect((body as { shiftIds: number[] }).shiftIds).toEqual([7]);
    const { signal } = config as { signal: AbortSignal };
    fireEvent.click(within(progress).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(signal.aborted).toBe(true), LONG);
    await waitFor(() => expect(screen.queryByTestId("propose-progress")).toBeNull(), LONG);
  });

  it("opens from Planificación's mode switch, kept in the URL", async () => {
    serve();
    const router = renderView();
    await screen.findByRole("button", { name: "Proponer rutas" }, LONG);
    fireEvent.click(screen.getByRole("radio", { name: "Toda la sucursal" }));
    expect(await screen.findByRole("button", { name: "Proponer toda la sucursal" }, LONG)).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Mañana (08:00)" })).toBeTruthy();
    expect(router.state.location.search).toContain("plan=company");
  });
});
