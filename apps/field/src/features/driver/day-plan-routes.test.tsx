import "fake-indexeddb/auto";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { TodayRoute } from "@treiber/contract";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../../shared/test-session";
import { TodayPage } from "./today-page";
import { tomorrowOf } from "./tomorrow-date";
import { TomorrowPage } from "./tomorrow-page";

/** «Hoy» and «Mañana» under a plan of the day (issue 36): released routes, the day's stops, read only ahead. */

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
  serviceDate: "2031-03-04",
  released: false,
  stops: [
    {
      position: 1,
      name: "Los Prados",
      address: "Av. Núñez de Cáceres",
      latitude: 18.48,
      longitude: -69.93,
      plannedTime: "06:20",
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

const { loadTodayRoutes, loadRoutesOn, loadManifest } = vi.hoisted(() => ({
  loadTodayRoutes: vi.fn(),
  loadRoutesOn: vi.fn(),
  loadManifest: vi.fn(),
}));
vi.mock("./load-today-routes", () => ({ loadTodayRoutes, loadRoutesOn }));
vi.mock("./trip/trip-api", async (original) => ({
  ...(await original<typeof import("./trip/trip-api")>()),
  loadManifest,
}));

afterEach(() => {
  cleanup();
  loadTodayRoutes.mockReset();
  loadRoutesOn.mockReset();
  loadManifest.mockReset();
});

const signIn = () => signInTestUser(100 + Math.floor(Math.random() * 1_000_000));

describe("«Mañana» (issue 36)", () => {
  it("asks the server for the phone's next date", () => {
    expect(tomorrowOf(new Date(2031, 2, 3, 23, 30))).toBe("2031-03-04");
    expect(tomorrowOf(new Date(2031, 11, 31, 8, 0))).toBe("2032-01-01");
  });

  it("shows each route with that date's stops and times, read only; a released one says «Liberada»", async () => {
    loadRoutesOn.mockResolvedValue([
      route({}),
      route({ routeId: 2, name: "Naco – Itabo", released: true, stops: [], riders: [], amountRiders: 0 }),
    ]);
    signIn();
    render(
      <MemoryRouter initialEntries={["/manana"]}>
        <TomorrowPage now={new Date(2031, 2, 3, 18, 0)} />
      </MemoryRouter>,
    );
    const list = await screen.findByRole("list", { name: "Rutas de mañana" }, { timeout: 10_000 });
    expect(loadRoutesOn).toHaveBeenCalledWith("2031-03-04");
    const [running, released] = within(list)
      .getAllByRole("listitem", { name: "" })
      .filter((item) => item.classList.contains("card"));
    if (!running || !released) throw new Error("two cards");
    const stops = within(running)
      .getAllByTestId("today-stop")
      .map((stop) => stop.textContent);
    expect(stops).toEqual([expect.stringContaining("1. Los Prados"), expect.stringContaining("2. Naco")]);
    expect(within(running).getByTestId("expected-riders").textContent).toBe("3");
    expect(within(released).getByText("Liberada")).toBeTruthy();
    expect(within(released).queryAllByTestId("today-stop")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /Iniciar/ })).toBeNull();
  });

  it("says so when there is nothing tomorrow", async () => {
    loadRoutesOn.mockResolvedValue([]);
    signIn();
    render(
      <MemoryRouter initialEntries={["/manana"]}>
        <TomorrowPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText("No tiene rutas para mañana", {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe("«Hoy» with a released route (issue 36)", () => {
  it("says «Liberada hoy» with no stops and no start, and never asks its manifest", async () => {
    loadTodayRoutes.mockResolvedValue([route({ released: true, stops: [], riders: [], amountRiders: 0 })]);
    signIn();
    render(
      <MemoryRouter initialEntries={["/hoy"]}>
        <TodayPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Liberada hoy", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/El plan del día libera esta ruta/)).toBeTruthy();
    expect(screen.queryAllByTestId("today-stop")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /Iniciar/ })).toBeNull();
    expect(loadManifest).not.toHaveBeenCalled();
  });
});
