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
