import { render, screen, within } from "@testing-library/react";
import type { SharedTrip } from "@treiber/contract";
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "../app/routes";
import { SharedTripPage } from "./shared-trip-page";

vi.setConfig({ testTimeout: 60_000 });
const LONG = { timeout: 15_000 };

const TRIP: SharedTrip = {
  routeName: "Ruta Los Mina",
  status: "InProgress",
  plate: "A123456",
  driverFirstName: "Pedro",
  position: { latitude: 18.48, longitude: -69.9, at: new Date().toISOString() },
  path: [
    [18.47, -69.93],
    [18.48, -69.9],
    [18.49, -69.86],
  ],
  riderStop: { name: "Parque Los Mina", latitude: 18.49, longitude: -69.86 },
  etaMinutes: 7,
  startedAt: "2026-11-28T01:40:00.000Z",
  finishedAt: null,
  expiresAt: "2026-11-28T13:40:00.000Z",
};

let fetchMock: ReturnType<typeof vi.fn>;

function renderPage(token: string) {
  return render(
    <MemoryRouter initialEntries={[`/seguir/${token}`]}>
      <Routes>
        <Route path="/seguir/:token" element={<SharedTripPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/seguir/<token> (issue 38)", () => {
  it("shows the bus live without an account: route, ETA to the rider's stop, plate, driver's first name, the map", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(TRIP), { status: 200 }));
    renderPage("Zx9_-token");
    expect(await screen.findByText("Llega en ~7 min", {}, LONG)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/TripShare/Zx9_-token");
    expect(screen.getByRole("heading", { name: "Viaje compartido" })).toBeTruthy();
    const arrival = screen.getByRole("region", { name: "Llegada" });
    expect(within(arrival).getByText("Ruta Los Mina")).toBeTruthy();
    expect(within(arrival).getByText("En camino")).toBeTruthy();
    expect(within(arrival).getByText("A la parada Parque Los Mina")).toBeTruthy();
    const facts = screen.getByRole("region", { name: "Datos del viaje" });
    expect(within(facts).getByText("A123456")).toBeTruthy();
    expect(within(facts).getByText("Pedro")).toBeTruthy();
    expect(within(facts).getByText(/^Ubicación: hace/)).toBeTruthy();
    expect(screen.getByText(/Este enlace funciona hasta las/)).toBeTruthy();

    const map = await screen.findByRole("region", { name: "Mapa del viaje compartido" }, LONG);
    expect(map.querySelector(".leaflet-container")).not.toBeNull();
    expect(map.querySelector(".shared-trip-bus-marker")).not.toBeNull();
    expect(map.querySelectorAll("path.leaflet-interactive").length).toBe(2); // the line and the stop
    // No back-office chrome: no menu, no sign-in.
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByText(/Iniciar sesión/)).toBeNull();
  });

  it("is a route of its own, open to a visit without a session and outside the back office's layout", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(TRIP), { status: 200 }));
    const router = createMemoryRouter(routes, { initialEntries: ["/seguir/Zx9_-token"] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Llega en ~7 min", {}, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/seguir/Zx9_-token");
    expect(screen.queryByRole("navigation", { name: "Documentos legales" })).toBeNull();
    expect(screen.queryByTestId("not-found")).toBeNull();
  });

  it("answers an unknown, expired or revoked link with «Este enlace ya no está disponible»", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ statusCode: 404, message: "Enlace no disponible: venció o fue revocado" }),
        {
          status: 404,
        },
      ),
    );
    renderPage("unknown");
    const gone = await screen.findByTestId("shared-trip-gone", {}, LONG);
    expect(within(gone).getByRole("heading", { name: "Este enlace ya no está disponible" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Mapa del viaje compartido" })).toBeNull();
  });

  it("says when the trip has not started or has ended, and when it cannot load", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ ...TRIP, status: "Finished", etaMinutes: null, position: null }), {
        status: 200,
      }),
    );
    const { unmount } = renderPage("ended");
    expect(await screen.findByText("El viaje terminó", {}, LONG)).toBeTruthy();
    expect(screen.getByText("Viaje terminado")).toBeTruthy();
    expect(screen.getByText("Sin ubicación del bus todavía")).toBeTruthy();
    unmount();

    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderPage("offline");
    expect((await screen.findByRole("alert", {}, LONG)).textContent).toContain("No se pudo cargar el viaje");
  });
});
