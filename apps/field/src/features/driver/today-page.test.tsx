import "fake-indexeddb/auto";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { TodayRoute } from "@treiber/contract";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../../shared/test-session";
import { TodayPage } from "./today-page";

const route = (overrides: Partial<TodayRoute>): TodayRoute => ({
  routeId: 1,
  routeNotScheduledId: null,
  name: "Piantini – Itabo",
  description: null,
  destinationName: "Parque Industrial Itabo",
  destinationLatitude: 18.4,
  destinationLongitude: -70.1,
  departureTime: "06:30",
  scheduledDate: null,
  state: "Pendiente",
  intermediateRouteId: null,
  amountRiders: 3,
  riders: [],
  direction: "inbound",
  stops: [
    {
      position: 1,
      name: "Los Prados",
      address: "Av. Núñez de Cáceres",
      latitude: 18.48,
      longitude: -69.93,
      plannedTime: "06:30",
      employeeIds: [1, 2],
    },
    {
      position: 2,
      name: "Naco",
      address: null,
      latitude: 18.47,
      longitude: -69.92,
      plannedTime: "06:42",
      employeeIds: [3],
    },
  ],
  ...overrides,
});

const { loadTodayRoutes } = vi.hoisted(() => ({ loadTodayRoutes: vi.fn() }));
vi.mock("./load-today-routes", () => ({ loadTodayRoutes }));

afterEach(() => {
  cleanup();
  loadTodayRoutes.mockReset();
});

function renderToday(routes: TodayRoute[]) {
  loadTodayRoutes.mockResolvedValue(routes);
  signInTestUser(100 + Math.floor(Math.random() * 1_000_000));
  render(
    <MemoryRouter initialEntries={["/hoy"]}>
      <TodayPage />
    </MemoryRouter>,
  );
}

describe("Hoy (issue 33)", () => {
  it("shows a pending route's planned stops, in order with their times, before «Iniciar ruta»", async () => {
    renderToday([route({})]);
    const stops = await screen.findByRole(
      "region",
      { name: "Paradas de Piantini – Itabo" },
      { timeout: 10_000 },
    );
    expect(within(stops).getByText("Paradas (2)")).toBeTruthy();
    const rows = within(stops).getAllByTestId("today-stop");
    expect(rows.map((row) => row.textContent)).toEqual([
      "6:30 a. m.1. Los PradosAv. Núñez de Cáceres2 suben",
      "6:42 a. m.2. Naco1 sube",
    ]);
    const start = screen.getByRole("button", { name: "Iniciar ruta" });
    // The list comes before the button, in the card and in the reading order.
    expect(stops.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says who alights on a Salida route, and shows no list without stops or once the route ran", async () => {
    renderToday([
      route({ name: "Itabo – Piantini", direction: "outbound" }),
      route({ routeId: 2, name: "Sin paradas", stops: [] }),
      route({ routeId: 3, name: "Ya hecha", state: "Finalizada", intermediateRouteId: 9 }),
    ]);
    const outbound = await screen.findByRole(
      "region",
      { name: "Paradas de Itabo – Piantini" },
      { timeout: 10_000 },
    );
    expect(within(outbound).getByText("2 bajan")).toBeTruthy();
    expect(within(outbound).getByText("1 baja")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Paradas de Sin paradas" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Paradas de Ya hecha" })).toBeNull();
  });
});
