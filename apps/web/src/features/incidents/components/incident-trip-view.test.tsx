import { render, screen, within } from "@testing-library/react";
import type { IncidentTripView } from "@treiber/contract";
import { describe, expect, it, vi } from "vitest";
import { testIncident } from "../lib/test-incident";
import { IncidentTripDetail, plannedPathCaption } from "./incident-trip-view";

vi.setConfig({ testTimeout: 60_000 });
const LONG = { timeout: 15_000 };

const view: IncidentTripView = {
  intermediateRouteId: 7,
  routeName: "Ruta Norte",
  driverName: "Juan Pérez",
  supplierName: "Transportes Caribe",
  status: "InProgress",
  startedAt: "2026-11-27T11:30:00.000Z",
  finishedAt: null,
  plannedPathSource: "trace",
  plannedPath: [
    [18.48, -69.93],
    [18.5, -69.9],
  ],
  stops: [
    { name: "Los Prados", latitude: 18.48, longitude: -69.93, plannedTime: "06:40" },
    { name: "Naco", latitude: 18.49, longitude: -69.92, plannedTime: null },
  ],
  trace: [
    [18.48, -69.93],
    [18.49, -69.95],
  ],
  incidents: [
    testIncident({ id: 2 }),
    testIncident({
      id: 1,
      type: "LATE",
      severity: "warning",
      status: "ACKNOWLEDGED",
      acknowledgedBy: "Ana Gómez",
      note: "Tráfico",
    }),
  ],
};

describe("the incident's trip view", () => {
  it("says where the planned path comes from", () => {
    expect(plannedPathCaption("trace")).toBe("Trazado planificado: trazado de viajes anteriores de la ruta");
    expect(plannedPathCaption("stops")).toBe("Trazado planificado: línea entre paradas");
    expect(plannedPathCaption(null)).toBe("Sin trazado planificado (la ruta no tiene paradas)");
  });

  it("shows the trip, its numbered stops with planned times, its incidents and the map", async () => {
    render(<IncidentTripDetail view={view} selectedId={2} />);
    expect(screen.getByTestId("incident-trip-planned-source").textContent).toContain(
      "trazado de viajes anteriores",
    );
    const stops = within(screen.getByTestId("incident-trip-stops")).getAllByRole("listitem");
    expect(stops.map((stop) => stop.textContent)).toEqual([
      "Los Prados — 6:40:00 am",
      "Naco — sin hora planificada",
    ]);
    const incidents = screen.getAllByTestId("incident-trip-incident");
    expect(incidents.map((row) => row.getAttribute("aria-current"))).toEqual(["true", null]);
    expect(within(incidents[1] as HTMLElement).getByText("Atendida por Ana Gómez: «Tráfico»")).toBeTruthy();
    expect(screen.getByText("En curso")).toBeTruthy();
    expect(await screen.findByTestId("incident-trip-map", {}, LONG)).toBeTruthy();
  });
});
