import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { RouteListItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { App } from "antd";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });

const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, put: vi.fn(), post: vi.fn() } }));

import { RoutePage } from "./route-page";

const row = (overrides: Partial<RouteListItem>): RouteListItem => ({
  id: 1,
  name: "Mañana Planta 1 · Naco",
  description: null,
  destinationId: 5,
  destinationName: "Planta Las Américas",
  days: [{ id: 1, name: "Lunes" }],
  departureTime: "06:40",
  cost: 45,
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
  amountDrivers: 1,
  amountEmployees: 9,
  shiftId: 7,
  shiftName: "Mañana Planta",
  direction: "inbound",
  seats: null,
  amountStops: 6,
  driverName: "Ramón Peña",
  vehicleSeats: 15,
  ...overrides,
});

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.route.list)) {
      return {
        data: {
          amount: 2,
          list: [
            row({}),
            row({
              id: 2,
              name: "Ruta a mano",
              shiftId: null,
              shiftName: null,
              direction: null,
              seats: 20,
              amountStops: 0,
              amountDrivers: 2,
              driverName: "José Rosario",
              vehicleSeats: 15,
            }),
          ],
        },
      };
    }
    return { data: [] };
  });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={["/route"]}>
          <RoutePage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const cellsOf = (name: string) =>
  within(screen.getByText(name).closest("tr") as HTMLElement)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("«Rutas Programadas» (issue 33)", () => {
  it("keeps the spec's columns first and adds shift, driver, seats and stops before status and actions", async () => {
    renderPage();
    expect(await screen.findByText("Mañana Planta 1 · Naco")).toBeTruthy();
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent?.trim());
    expect(headers.filter(Boolean)).toEqual([
      "Nombre",
      "Destino",
      "Salida",
      "Costo",
      "Turno",
      "Chofer",
      "Asientos",
      "Paradas",
      "Estado",
      "Acciones",
    ]);
  });

  it("shows each route's shift, first driver (+ the others), seats that count and stops", async () => {
    renderPage();
    await screen.findByText("Mañana Planta 1 · Naco");
    // The route has no seats of its own: its drivers' smallest vehicle counts.
    expect(cellsOf("Mañana Planta 1 · Naco")).toEqual(
      expect.arrayContaining(["Mañana Planta", "Ramón Peña", "15", "6"]),
    );
    expect(cellsOf("Ruta a mano")).toEqual(expect.arrayContaining(["—", "José Rosario +1", "20", "0"]));
    // «Asignaciones» is an icon with its name.
    expect(screen.getByRole("button", { name: "Asignaciones de Ruta a mano" })).toBeTruthy();
    fireEvent.click(document.querySelector(".ant-table-row-expand-icon") as HTMLElement);
    expect(await screen.findByText("15 (del vehículo)")).toBeTruthy();
  });
});
