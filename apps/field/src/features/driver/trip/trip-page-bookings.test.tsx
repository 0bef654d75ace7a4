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

describe("TripPage with the day's bookings", () => {
  it("reads the manifest of the trip's route and day: «Ausente» on who is expected, «No viaja» folded", async () => {
    signInTestUser(31);
    render(
      <MemoryRouter initialEntries={["/viaje/41"]}>
        <Routes>
          <Route path="/viaje/:id" element={<TripPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const riders = await screen.findByRole("list", { name: "Pasajeros" });
    await within(riders).findByRole("button", { name: "Ausente: Ana Pérez" });
    expect(within(riders).queryByText("Beto Pérez")).toBeNull();
    expect(screen.getByText("No viaja (1)")).toBeTruthy();
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect(manifest).toHaveBeenCalledWith(5, date);
  });
});
