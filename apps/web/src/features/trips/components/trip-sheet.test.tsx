import { render, screen, within } from "@testing-library/react";
import type { TripSheet } from "@treiber/contract";
import { describe, expect, it, vi } from "vitest";
import { TripSheetView } from "./trip-sheet";

vi.setConfig({ testTimeout: 60_000 });

const sheet: TripSheet = {
  id: 9,
  kind: "scheduled",
  status: "Finished",
  routeId: 3,
  routeNotScheduledId: null,
  routeName: "Ruta Norte",
  supplierId: 2,
  supplierName: "Transportes Caribe",
  driverId: 5,
  driverName: "Ramón",
  driverLastname: "Ulloa",
  driverIdentityCard: "001-0000000-1",
  vehicle: null,
  destinationName: null,
  destinationLatitude: null,
  destinationLongitude: null,
  plannedDate: null,
  startedDate: "2026-01-05T22:00:00.000Z",
  endedDate: "2026-01-05T23:00:00.000Z",
  minutesLate: null,
  durationMinutes: 60,
  km: 12.5,
  cost: 40,
  cutId: null,
  trace: [],
  tracePositions: 0,
  traceSimplified: false,
  riders: [],
  cancellations: [],
  comments: [],
  incidents: [
    {
      id: 1,
      type: "LATE",
      status: "CLOSED",
      openedAt: "2026-01-05T22:10:00.000Z",
      closedAt: "2026-01-05T22:30:00.000Z",
      acknowledgedBy: null,
      note: null,
    },
    {
      id: 2,
      type: "SAFE_ARRIVAL_UNCONFIRMED",
      status: "CLOSED",
      openedAt: "2026-01-05T23:40:00.000Z",
      closedAt: "2026-01-05T23:55:00.000Z",
      acknowledgedBy: "Marta Díaz",
      note: "Llamamos: llegó bien",
      personName: "Luisa Marte",
      outcome: "ATTENDED",
      closedBy: "Marta Díaz",
    },
  ],
};

describe("the trip sheet's incidents (issue 38)", () => {
  it("shows who a safety incident was about, its outcome and who closed it", async () => {
    render(<TripSheetView sheet={sheet} />);
    const table = (await screen.findByText("Llegada sin confirmar")).closest("table") as HTMLElement;
    expect(within(table).getByText("Luisa Marte")).toBeTruthy();
    expect(within(table).getByText("Atendida · cerrada por Marta Díaz")).toBeTruthy();
    // The others keep their state.
    const late = within(table).getByText("Retraso").closest("tr") as HTMLElement;
    expect(within(late).getByText("Cerrada")).toBeTruthy();
  });
});
