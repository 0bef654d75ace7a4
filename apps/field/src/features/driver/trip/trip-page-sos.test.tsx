import "fake-indexeddb/auto";
import { cleanup, render, screen } from "@testing-library/react";
import type { TodayRoute, TripDetail } from "@treiber/contract";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../../../shared/test-session";
import { TripPage } from "./trip-page";
import { tripInProgress } from "./trip-page-fixtures";

const trip = tripInProgress({
  id: 51,
  routeId: 6,
  routeName: "Naco 2",
  amountCollaborators: 0,
  destinationName: null,
  riders: [],
});

const { loadTrip } = vi.hoisted(() => ({ loadTrip: vi.fn<() => Promise<TripDetail>>() }));
vi.mock("./trip-api", async (original) => ({
  ...(await original<typeof import("./trip-api")>()),
  loadTrip: () => loadTrip(),
  loadManifest: vi.fn(async () => Promise.reject(new Error("Sin conexión"))),
}));
vi.mock("../load-today-routes", () => ({ loadTodayRoutes: vi.fn(async (): Promise<TodayRoute[]> => []) }));

afterEach(() => {
  cleanup();
  loadTrip.mockReset();
});

function renderTrip(id: number) {
  render(
    <MemoryRouter initialEntries={[`/viaje/${id}`]}>
      <Routes>
        <Route path="/viaje/:id" element={<TripPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the driver's SOS on the trip screen", () => {
  it("shows while the trip runs", async () => {
    signInTestUser(61);
    loadTrip.mockResolvedValue(trip);
    renderTrip(51);
    expect(await screen.findByRole("button", { name: "SOS" })).toBeTruthy();
    expect(screen.getByText("Mantenga presionado 2 segundos para pedir ayuda")).toBeTruthy();
  });

  it("not on a finished trip", async () => {
    signInTestUser(62);
    loadTrip.mockResolvedValue({ ...trip, id: 52, status: "Finished", endedDate: new Date().toISOString() });
    renderTrip(52);
    await screen.findByRole("link", { name: "Volver a Hoy" });
    expect(screen.queryByRole("button", { name: "SOS" })).toBeNull();
  });
});
