import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { RouteListItem, ShiftListItem } from "@treiber/contract";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });

const { get, put, post } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, put, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { RouteFormModal } from "./route-form-modal";

const LONG = { timeout: 15_000 };
const WEEKDAYS = [
  { id: 1, name: "Lunes" },
  { id: 2, name: "Martes" },
];

const shift = (id: number, name: string, extra: Partial<ShiftListItem> = {}): ShiftListItem => ({
  id,
  branchOfficeId: 2,
  branchOfficeName: "Sede Central Piantini",
  name,
  direction: "inbound",
  time: "08:00",
  days: WEEKDAYS,
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
  amountRoutes: 1,
  travelSpeedKmh: null,
  travelCircuity: null,
  confirmationRequired: false,
  cutoffMinutes: 120,
  cutoffDayBeforeTime: null,
  dayPlanAuto: false,
  ...extra,
});

const ROUTE: RouteListItem = {
  id: 11,
  name: "Piantini – Torre Corporativa Naco",
  description: null,
  destinationId: 5,
  destinationName: "Torre Corporativa Naco",
  days: WEEKDAYS,
  departureTime: "07:00",
  cost: 60,
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
  amountDrivers: 1,
  amountEmployees: 6,
  shiftId: 1,
  shiftName: "Mañana",
  direction: "inbound",
  seats: null,
  amountStops: 4,
  driverName: "Ramón Peña",
  vehicleSeats: 15,
};

function answer() {
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.shift.list))
      return {
        data: {
          amount: 3,
          list: [
            shift(1, "Mañana"),
            shift(2, "Tarde", { direction: "outbound", time: "17:00" }),
            shift(3, "Noche", { status: "inactive" }),
          ],
        },
      };
    if (url === clientPath(API.day.list)) return { data: WEEKDAYS };
    if (url === clientPath(API.destination.listName))
      return { data: [{ id: 5, name: "Torre Corporativa Naco" }] };
    throw new Error(`GET inesperado ${url}`);
  });
}

function conflict(field: string, message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = {
    status: 409,
    statusText: "Conflict",
    headers: {},
    config,
    data: { statusCode: 409, message, errors: { [field]: message } },
  } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response);
}

function renderForm(route?: RouteListItem) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouteFormModal open route={route} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByRole("dialog", {}, LONG);
}

/** The body of the first PUT. */
const sentBody = () => (put.mock.calls[0]?.[1] ?? {}) as Record<string, unknown>;

const fieldItem = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: "label" }).closest(".ant-form-item") as HTMLElement;

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  post.mockReset();
});

describe("RouteFormModal: Turno and Asientos", () => {
  it("names the route's shift with its branch office, offers only active shifts, and keeps shift and seats out of an edit that leaves them", async () => {
    answer();
    put.mockResolvedValue({ data: { id: 11, message: "ok" } });
    const dialog = await renderForm(ROUTE);
    const turno = fieldItem(dialog, "Turno");
    await within(turno).findByText("Sede Central Piantini · Mañana (Entrada 08:00)", {}, LONG);

    fireEvent.mouseDown(within(turno).getByRole("combobox"));
    expect(await screen.findByTitle("Sede Central Piantini · Tarde (Salida 17:00)", {}, LONG)).toBeTruthy();
    expect(screen.queryByTitle(/Noche/)).toBeNull();
    fireEvent.keyDown(within(turno).getByRole("combobox"), { key: "Escape" });

    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Naco temprano" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    const body = sentBody();
    expect(put.mock.calls[0]?.[0]).toBe(clientPath(API.route.update));
    expect(body).toMatchObject({ id: 11, name: "Naco temprano", destinationId: 5, dayIds: [1, 2] });
    expect("shiftId" in body).toBe(false);
    expect("seats" in body).toBe(false);
  });

  it("sends a new shift and shows the 409 about the saved stops on «Turno»", async () => {
    answer();
    const message =
      "Las paradas de la ruta no cumplen la dirección u hora del nuevo turno. Edite o vacíe sus paradas primero";
    put.mockRejectedValue(conflict("shiftId", message));
    const dialog = await renderForm(ROUTE);
    const turno = fieldItem(dialog, "Turno");
    await within(turno).findByText("Sede Central Piantini · Mañana (Entrada 08:00)", {}, LONG);
    fireEvent.mouseDown(within(turno).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Sede Central Piantini · Tarde (Salida 17:00)", {}, LONG));
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(turno.textContent).toContain(message), LONG);
    expect(sentBody()).toMatchObject({ id: 11, shiftId: 2 });
    expect("seats" in sentBody()).toBe(false);
  });

  it("refuses 0 seats on the field, then shows the server's 409 on «Asientos»", async () => {
    answer();
    const message = "La ruta tiene 6 colaboradores en sus paradas: no caben en 4 asientos";
    put.mockRejectedValue(conflict("seats", message));
    const dialog = await renderForm(ROUTE);
    const seats = fieldItem(dialog, "Asientos");
    await within(fieldItem(dialog, "Turno")).findByText(/Mañana/, {}, LONG);
    fireEvent.change(within(dialog).getByLabelText("Asientos"), { target: { value: "0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(
      () => expect(seats.textContent).toContain("Los asientos deben ser un número entero entre 1 y 120"),
      LONG,
    );
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText("Asientos"), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(seats.textContent).toContain(message), LONG);
    expect(sentBody()).toMatchObject({ seats: 4 });
    expect("shiftId" in sentBody()).toBe(false);
  });
});
