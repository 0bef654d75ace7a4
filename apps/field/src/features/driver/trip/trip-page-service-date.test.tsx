import "fake-indexeddb/auto";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { TodayRoute } from "@treiber/contract";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../../../shared/test-session";
import { TripPage } from "./trip-page";
import { manifestOf, tripInProgress } from "./trip-page-fixtures";

const trip = tripInProgress();
const manifest = vi.fn(async (routeId: number, date: string) => manifestOf(routeId, date));

vi.mock("./trip-api", async (original) => ({
  ...(await original<typeof import("./trip-api")>()),
  loadTrip: vi.fn(async () => trip),
  loadManifest: (routeId: number, date: string) => manifest(routeId, date),
}));

const { loadTodayRoutes } = vi.hoisted(() => ({
  loadTodayRoutes: vi.fn(async (): Promise<TodayRoute[]> => []),
}));
vi.mock("../load-today-routes", () => ({ loadTodayRoutes }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  manifest.mockClear();
  loadTodayRoutes.mockReset();
  loadTodayRoutes.mockResolvedValue([]);
});

/** The trip's row of Hoy, with the server's service date of its run. */
const row = (serviceDate: string): TodayRoute => ({
  routeId: 5,
  routeNotScheduledId: null,
  name: "Naco 1",
  description: null,
  destinationName: "Planta",
  destinationLatitude: null,
  destinationLongitude: null,
  departureTime: "22:30",
  scheduledDate: null,
  state: "En curso",
  intermediateRouteId: 41,
  amountRiders: 2,
  riders: [],
  direction: "inbound",
  stops: [],
  serviceDate,
});

const renderTrip = (userId: number) => {
  signInTestUser(userId);
  render(
    <MemoryRouter initialEntries={["/viaje/41"]}>
      <Routes>
        <Route path="/viaje/:id" element={<TripPage />} />
      </Routes>
    </MemoryRouter>,
  );
};

// Apart from the other day's-bookings test: one TripPage per file, so nothing a first page left on the
// phone (session, device cache, outbox, hub) decides when this one's manifest loads.
describe("TripPage with the day's bookings of the server's service date", () => {
  it("reads the manifest of the server's service date (the row of Hoy), not the phone's date", async () => {
    // A night run started this evening is tomorrow's (or any date the server says).
    loadTodayRoutes.mockResolvedValue([row("2031-03-04")]);
    renderTrip(32);
    await screen.findByRole("button", { name: "Ausente: Ana Pérez" }, { timeout: 10_000 });
    const riders = screen.getByRole("list", { name: "Pasajeros" });
    expect(within(riders).getByRole("button", { name: "Ausente: Ana Pérez" })).toBeTruthy();
    await vi.waitFor(() => expect(manifest).toHaveBeenCalledWith(5, "2031-03-04"));
  }, 20_000);
});
