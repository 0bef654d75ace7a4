import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import type { ActiveTrip, IncidentItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import L from "leaflet";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });

const { get, handlers } = vi.hoisted(() => ({
  get: vi.fn(),
  handlers: new Map<string, (...args: unknown[]) => void>(),
}));
vi.mock("../../../shared/api/http-client", () => ({ http: { get } }));
vi.mock("../../../shared/realtime", () => ({
  hub: { state: "Connected", failed: false },
  useHubEvent: (event: string, handler: (...args: unknown[]) => void) => {
    handlers.set(event, handler);
  },
  useHubReconnected: () => {},
}));

import { LiveMap } from "./live-map";

const trip = (id: number, routeName: string, openIncidents: ActiveTrip["openIncidents"]): ActiveTrip => ({
  id,
  routeName,
  driverId: id,
  driverName: "Juan",
  driverLastname: "Pérez",
  supplierName: "Transportes Norte",
  startedDate: "2026-11-27T11:30:00.000Z",
  lastLatitude: 18.45 + id / 100,
  lastLongitude: -69.95,
  lastPositionDate: "2026-11-27T11:40:00.000Z",
  openIncidents,
});

/** A `ReceiveIncident` payload: an open critical OFF_ROUTE unless told otherwise. */
const testIncident = (overrides: Partial<IncidentItem>): IncidentItem => ({
  id: 1,
  type: "OFF_ROUTE",
  severity: "critical",
  status: "OPEN",
  intermediateRouteId: 7,
  routeId: 3,
  routeName: "Ruta Norte",
  serviceDay: "2026-11-27",
  driverName: "Juan Pérez",
  supplierName: "Transportes Caribe",
  branchOfficeId: 1,
  stopIndex: null,
  stopName: null,
  openedAt: "2026-11-27T12:00:00.000Z",
  closedAt: null,
  closeReason: null,
  personName: null,
  personRole: null,
  outcome: null,
  closedBy: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  note: null,
  detail: {},
  evidence: [],
  ...overrides,
});

/** The markers as drawn (SVG in the test instead of the canvas jsdom lacks), by fill colour. */
const fills = () =>
  [...document.querySelectorAll("path.leaflet-interactive")].map((path) => path.getAttribute("fill")).sort();

beforeEach(() => {
  get.mockReset();
  handlers.clear();
  vi.spyOn(L, "canvas").mockImplementation((options) => L.svg(options));
});

function renderMap(trips: ActiveTrip[]) {
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.intermediateRoute.listActive)) return { data: { response: trips } };
    throw new Error(`GET ${url} not expected`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LiveMap />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the control room's map marks buses with incidents (issue 33)", () => {
  it("draws a bus with an open critical incident red and bigger, a warning amber, and lists them in words", async () => {
    renderMap([
      trip(1, "Ruta Norte", [
        { id: 11, type: "LATE", severity: "warning" },
        { id: 12, type: "OFF_ROUTE", severity: "critical" },
      ]),
      trip(2, "Ruta Sur", [{ id: 21, type: "NO_GPS", severity: "warning" }]),
      trip(3, "Ruta Este", []),
    ]);
    const list = await screen.findByRole("list", { name: "Buses con incidencias" }, { timeout: 10_000 });
    expect(
      within(list)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Ruta Norte — Incidencia crítica: Fuera de ruta, Retraso", "Ruta Sur — Advertencia: Sin GPS"]);
    expect(screen.getByText("1 con incidencia crítica, 1 con advertencia")).toBeTruthy();
    expect(
      screen.getByRole("region", {
        name: "Mapa de rutas en curso: 1 con incidencia crítica, 1 con advertencia",
      }),
    ).toBeTruthy();
    await waitFor(() => expect(fills()).toEqual(["#1b5e20", "#cf1322", "#d48806"]));
    const critical = document.querySelector('path.leaflet-interactive[fill="#cf1322"]');
    expect(critical?.getAttribute("stroke")).toBe("#ffffff");
    expect(screen.getByRole("note", { name: "Leyenda del mapa" }).textContent).toBe(
      "Sin incidenciasAdvertenciaIncidencia crítica",
    );
  });

  it("follows ReceiveIncident: a closed incident unmarks the bus, a new critical one marks it", async () => {
    renderMap([
      trip(1, "Ruta Norte", [{ id: 12, type: "OFF_ROUTE", severity: "critical" }]),
      trip(3, "Ruta Este", []),
    ]);
    await screen.findByRole("list", { name: "Buses con incidencias" }, { timeout: 10_000 });
    const receive = handlers.get("ReceiveIncident");
    expect(receive).toBeDefined();

    act(() =>
      receive?.(testIncident({ id: 12, intermediateRouteId: 1, type: "OFF_ROUTE", status: "CLOSED" })),
    );
    await waitFor(() => expect(screen.queryByRole("list", { name: "Buses con incidencias" })).toBeNull());
    await waitFor(() => expect(fills()).toEqual(["#1b5e20", "#1b5e20"]));

    act(() =>
      receive?.(
        JSON.stringify(
          testIncident({ id: 31, intermediateRouteId: 3, type: "SKIPPED_STOP", severity: "critical" }),
        ),
      ),
    );
    const list = await screen.findByRole("list", { name: "Buses con incidencias" });
    expect(list.textContent).toBe("Ruta Este — Incidencia crítica: Parada omitida");
    await waitFor(() => expect(fills()).toEqual(["#1b5e20", "#cf1322"]));
  });
});
