import "fake-indexeddb/auto";
import { cleanup, render, screen, within } from "@testing-library/react";
import type {
  BookingManifestResponse,
  ManifestItem,
  TodayRoute,
  TripDetail,
  TripRider,
} from "@treiber/contract";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../../../shared/test-session";
import { TripPage } from "./trip-page";

const person = (employeeId: number, name: string) => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee: `E${employeeId}`,
});
const rider = (employeeId: number, name: string): TripRider => ({
  ...person(employeeId, name),
  department: null,
  jobTitle: null,
  status: "Pending",
  scannedDate: null,
  canceledDate: null,
  comment: null,
});
const booking = (employeeId: number, name: string, status: ManifestItem["status"]): ManifestItem => ({
  ...person(employeeId, name),
  stopName: null,
  status,
  waitlistPosition: null,
  plannedTime: null,
  assigned: true,
  reason: status === "CANCELLED" ? "Trabaja desde casa" : null,
  changedAt: null,
  changedBy: null,
  changedByAdmin: false,
});

const trip: TripDetail = {
  id: 41,
  routeId: 5,
  routeNotScheduledId: null,
  routeName: "Naco 1",
  driverId: 1,
  driverName: "Chofer",
  driverLastname: "Demo",
  supplierId: 1,
  supplierName: "Suplidor",
  status: "InProgress",
  startedDate: new Date().toISOString(),
  endedDate: null,
  cost: 0,
  lastLatitude: null,
  lastLongitude: null,
  lastPositionDate: null,
  amountCollaborators: 2,
  amountCanceled: 0,
  destinationName: "Planta",
  destinationLatitude: null,
  destinationLongitude: null,
  positions: [],
  riders: [rider(1, "Ana"), rider(2, "Beto")],
  comments: [],
};

const manifest = vi.fn(
  async (routeId: number, date: string): Promise<BookingManifestResponse> => ({
    routeId,
    routeName: "Naco 1",
    date,
    shiftName: null,
    confirmationRequired: false,
    cutoffAt: new Date().toISOString(),
    seats: null,
    confirmed: 1,
    waitlisted: 0,
    cancelled: 1,
    noShow: 0,
    ridden: 0,
    list: [booking(1, "Ana", "CONFIRMED"), booking(2, "Beto", "CANCELLED")],
  }),
);

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
