import "fake-indexeddb/auto";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { BookingManifestResponse, ManifestItem, TodayRoute } from "@treiber/contract";
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
  serviceDate: null,
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

const { loadTodayRoutes, loadManifest } = vi.hoisted(() => ({
  loadTodayRoutes: vi.fn(),
  loadManifest: vi.fn(),
}));
vi.mock("./load-today-routes", () => ({ loadTodayRoutes }));
vi.mock("./trip/trip-api", async (original) => ({
  ...(await original<typeof import("./trip/trip-api")>()),
  loadManifest,
}));

afterEach(() => {
  cleanup();
  loadTodayRoutes.mockReset();
  loadManifest.mockReset();
});

const expected = (id: number, name: string) => ({
  id,
  name,
  lastname: "Pérez",
  codeEmployee: `E${id}`,
  image: null,
  codeQrHash: `hash-${id}`,
});
const booking = (employeeId: number, name: string, status: ManifestItem["status"], assigned = true) => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee: `E${employeeId}`,
  stopName: "Los Prados",
  status,
  waitlistPosition: null,
  plannedTime: "06:30",
  assigned,
  reason: status === "CANCELLED" ? "Trabaja desde casa" : null,
  changedAt: null,
  changedBy: null,
  changedByAdmin: false,
});
const manifestOf = (date: string, list: ManifestItem[]): BookingManifestResponse => ({
  routeId: 1,
  routeName: "Piantini – Itabo",
  date,
  shiftName: null,
  confirmationRequired: false,
  cutoffAt: "2031-03-03T08:30:00.000Z",
  seats: null,
  confirmed: 0,
  waitlisted: 0,
  cancelled: 0,
  noShow: 0,
  ridden: 0,
  list,
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

describe("Hoy with the run's bookings (issue 35)", () => {
  it("before the start, leaves out who will not ride on the server's service date, folded as «No viaja»", async () => {
    // The server's date of the run (a night run: the next day's), not the phone's.
    loadManifest.mockResolvedValue(
      manifestOf("2031-03-04", [
        booking(1, "Ana", "CONFIRMED"),
        booking(2, "Beto", "CANCELLED"),
        booking(3, "Carla", "CONFIRMED"),
        booking(9, "Iris", "CONFIRMED", false),
      ]),
    );
    renderToday([
      route({
        serviceDate: "2031-03-04",
        riders: [expected(1, "Ana"), expected(2, "Beto"), expected(3, "Carla")],
      }),
    ]);
    const folded = await screen.findByText("No viaja (1)", {}, { timeout: 10_000 });
    expect(loadManifest).toHaveBeenCalledWith(1, "2031-03-04");
    expect(screen.getByRole("list", { name: "No viaja" }).textContent).toContain("Beto Pérez");
    expect(folded).toBeTruthy();
    // Three on the roster, Beto away, Iris with a seat asked on this route.
    expect(screen.getByTestId("expected-riders").textContent).toBe("3");
    const stops = screen.getByRole("region", { name: "Paradas de Piantini – Itabo" });
    expect(within(stops).getAllByTestId("today-stop")[0]?.textContent).toContain("1 sube");
  });

  it("asks no manifest without a service date (a not-scheduled route) nor once the route ran", async () => {
    renderToday([
      route({ routeId: null, routeNotScheduledId: 4, name: "Especial", serviceDate: null }),
      route({
        routeId: 3,
        name: "Ya hecha",
        state: "Finalizada",
        intermediateRouteId: 9,
        serviceDate: "2031-03-04",
      }),
    ]);
    await screen.findByText("Especial", {}, { timeout: 10_000 });
    expect(loadManifest).not.toHaveBeenCalled();
    expect(screen.getAllByTestId("expected-riders").map((item) => item.textContent)).toEqual(["3", "3"]);
  });
});
