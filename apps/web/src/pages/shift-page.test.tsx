import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ShiftListItem } from "@treiber/contract";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });

const { get, put, post } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, put, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { ShiftPage } from "./shift-page";

const WEEKDAYS = [
  { id: 1, name: "Lunes" },
  { id: 2, name: "Martes" },
  { id: 3, name: "Miércoles" },
  { id: 4, name: "Jueves" },
  { id: 5, name: "Viernes" },
];
const DAYS = [...WEEKDAYS, { id: 6, name: "Sábado" }, { id: 7, name: "Domingo" }];

const MORNING: ShiftListItem = {
  id: 7,
  branchOfficeId: 2,
  branchOfficeName: "Sede Central Piantini",
  name: "Mañana",
  direction: "inbound",
  time: "08:00",
  days: WEEKDAYS,
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
  amountRoutes: 2,
  travelSpeedKmh: null,
  travelCircuity: null,
  confirmationRequired: false,
  cutoffMinutes: 120,
  cutoffDayBeforeTime: null,
  dayPlanAuto: false,
};

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderPage(url = "/shift") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <ShiftPage />
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** The API answers: the shift list, the branch offices' names and the days. */
function answer(list: ShiftListItem[] = [MORNING]) {
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.shift.list)) return { data: { amount: list.length, list } };
    if (url === clientPath(API.branchOffice.listName))
      return {
        data: [
          { id: 2, name: "Sede Central Piantini" },
          { id: 3, name: "Sucursal Santiago" },
        ],
      };
    if (url === clientPath(API.day.list)) return { data: DAYS };
    throw new Error(`GET inesperado ${url}`);
  });
}

function httpError(status: number, message: string, errors?: Record<string, string>) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = {
    status,
    statusText: "Error",
    headers: {},
    config,
    data: { statusCode: status, message, ...(errors && { errors }) },
  } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response);
}

/** antd renders slowly in jsdom when the whole suite runs in parallel. */
const LONG = { timeout: 10_000 };

/** The open modal titled `title` (antd's ids are fixed under test, so its name is read from the title). */
async function findDialog(title: string) {
  const heading = await screen.findByText(title, { selector: ".ant-modal-title" }, LONG);
  return heading.closest("[role=dialog]") as HTMLElement;
}

const listCalls = () => get.mock.calls.filter(([url]) => url === clientPath(API.shift.list));

async function openEdit() {
  fireEvent.click(await screen.findByRole("button", { name: "Editar Mañana" }, LONG));
  const dialog = await findDialog("Editar turno");
  await waitFor(
    () => expect((within(dialog).getByLabelText("Nombre") as HTMLInputElement).value).toBe("Mañana"),
    LONG,
  );
  // The days are loaded and checked.
  await waitFor(
    () => expect((within(dialog).getByLabelText("Viernes") as HTMLInputElement).checked).toBe(true),
    LONG,
  );
  return dialog;
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  post.mockReset();
});

describe("ShiftPage", () => {
  it("lists the shifts of the URL's branch office and search, without a date filter", async () => {
    answer();
    renderPage("/shift?branchOfficeId=2&criterion=ma&page=2");
    const row = (await screen.findByText("Mañana", {}, LONG)).closest("tr") as HTMLElement;
    expect(row.textContent).toContain("Sede Central Piantini");
    expect(row.textContent).toContain("Entrada");
    expect(row.textContent).toContain("08:00");
    expect(row.textContent).toContain("Lun–Vie");
    expect(within(row).getByRole("switch", { name: "Cambiar estado de Mañana" })).toBeTruthy();
    expect(listCalls()[0]).toEqual([
      clientPath(API.shift.list),
      { params: { amount: 10, skip: 2, criterion: "ma", branchOfficeId: 2 } },
    ]);
    expect(screen.queryByPlaceholderText("Fecha inicial")).toBeNull();
    expect(document.querySelector(".ant-picker-range")).toBeNull();
    expect(screen.getByText("1 registro")).toBeTruthy();
  });

  it("filters by branch office from page 1, and 'Todas las sucursales' drops the filter", async () => {
    answer();
    renderPage("/shift?page=3");
    await screen.findByText("Mañana", {}, LONG);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Sucursal" }));
    fireEvent.click(await screen.findByTitle("Sucursal Santiago", {}, LONG));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("?branchOfficeId=3"));
    await waitFor(() =>
      expect(listCalls().at(-1)).toEqual([
        clientPath(API.shift.list),
        { params: { amount: 10, skip: 1, branchOfficeId: 3 } },
      ]),
    );
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Sucursal" }));
    fireEvent.click(await screen.findByTitle("Todas las sucursales", {}, LONG));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe(""));
  });

  it("edits a shift with the contract's body", async () => {
    answer();
    put.mockResolvedValue({ data: { id: 7, message: "Turno actualizado" } });
    renderPage();
    const dialog = await openEdit();
    expect((within(dialog).getByRole("radio", { name: "Entrada" }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText("Hora") as HTMLInputElement).value).toBe("08:00");
    expect(dialog.textContent).toContain("Lo atienden 2 rutas");
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: " Mañana temprano " } });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Salida" }));
    fireEvent.click(within(dialog).getByLabelText("Sábado"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(clientPath(API.shift.update), {
        id: 7,
        branchOfficeId: 2,
        name: "Mañana temprano",
        direction: "outbound",
        time: "08:00",
        dayIds: [1, 2, 3, 4, 5, 6],
        travelSpeedKmh: null,
        travelCircuity: null,
        confirmationRequired: false,
        cutoffMinutes: 120,
        cutoffDayBeforeTime: null,
        dayPlanAuto: false,
      }),
    );
    expect(await screen.findByText("Guardado: Mañana temprano", {}, LONG)).toBeTruthy();
  });

  it("shows and changes the shift's bookings: daily confirmation and the cut-off (issue 35)", async () => {
    answer([{ ...MORNING, confirmationRequired: true, cutoffDayBeforeTime: "20:00" }]);
    put.mockResolvedValue({ data: { id: 7, message: "Turno actualizado" } });
    renderPage();
    const dialog = await openEdit();
    expect(within(dialog).getByRole("switch").getAttribute("aria-checked")).toBe("true");
    expect((within(dialog).getByLabelText("Hora del día anterior") as HTMLInputElement).value).toBe("20:00");
    fireEvent.click(within(dialog).getByRole("radio", { name: "Minutos antes de la primera parada" }));
    const minutes = (await within(dialog).findByLabelText(
      "Minutos de anticipación",
      {},
      LONG,
    )) as HTMLInputElement;
    fireEvent.change(minutes, { target: { value: "90" } });
    fireEvent.blur(minutes);
    await waitFor(() => expect(minutes.value).toBe("90"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        clientPath(API.shift.update),
        expect.objectContaining({ confirmationRequired: true, cutoffMinutes: 90, cutoffDayBeforeTime: null }),
      ),
    );
  });

  it("shows the plan of the day «Automático» or «Manual» among a shift's details (issue 36)", async () => {
    answer([{ ...MORNING, dayPlanAuto: true }]);
    renderPage();
    expect(await screen.findByText("Mañana", {}, LONG)).toBeTruthy();
    // The row's details, shown by expanding the row (the form's checkbox is not among them).
    const table = document.querySelector(".ant-table") as HTMLElement;
    expect(within(table).queryByText("Automático")).toBeNull();
    fireEvent.click(table.querySelector(".ant-table-row-expand-icon") as HTMLElement);
    expect(await within(table).findByText("Automático", {}, LONG)).toBeTruthy();
    expect(within(table).queryByText("Manual, desde Planificación")).toBeNull();
  });

  it("shows and turns on «Plan del día» «Automático» (issue 36)", async () => {
    answer();
    put.mockResolvedValue({ data: { id: 7, message: "Turno actualizado" } });
    renderPage();
    const dialog = await openEdit();
    expect(within(dialog).getByText("Plan del día", { selector: "label" })).toBeTruthy();
    const auto = within(dialog).getByRole("checkbox", { name: /Automático/ }) as HTMLInputElement;
    expect(within(dialog).getByText("Automático").closest("label")?.textContent).toBe("Automático");
    expect(auto.checked).toBe(false);
    expect(
      within(dialog).getByText("Al cierre de reservas se aplica el plan del día para quienes viajan"),
    ).toBeTruthy();
    fireEvent.click(auto);
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        clientPath(API.shift.update),
        expect.objectContaining({ id: 7, dayPlanAuto: true }),
      ),
    );
  });

  it("sets the shift's own travel model, refuses an implausible speed, and goes back to the calculated values", async () => {
    answer([{ ...MORNING, travelSpeedKmh: 18, travelCircuity: 1.4 }]);
    put.mockResolvedValue({ data: { id: 7, message: "Turno actualizado" } });
    renderPage();
    const dialog = await openEdit();
    const speed = within(dialog).getByLabelText("Velocidad en movimiento") as HTMLInputElement;
    expect(speed.value).toBe("18");
    expect((within(dialog).getByLabelText("Desvío") as HTMLInputElement).value).toBe("1.4");
    fireEvent.change(speed, { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(
      await within(dialog).findByText("La velocidad debe estar entre 8 y 80 km/h", {}, LONG),
    ).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Volver a los valores calculados" }));
    await waitFor(() => expect(speed.value).toBe(""));
    expect(within(dialog).queryByRole("button", { name: "Volver a los valores calculados" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        clientPath(API.shift.update),
        expect.objectContaining({ id: 7, travelSpeedKmh: null, travelCircuity: null }),
      ),
    );
  });

  it("shows the server's 409 on the name, and a refused change of time above the form", async () => {
    answer();
    const duplicate = "Ya existe un turno con este nombre en la sucursal";
    const stops =
      "Las paradas de estas rutas no cumplen la nueva dirección u hora del turno: Ruta Norte. Edite o vacíe sus paradas primero";
    put
      .mockRejectedValueOnce(httpError(409, duplicate, { name: duplicate }))
      .mockRejectedValueOnce(httpError(409, stops));
    renderPage();
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    const nameItem = within(dialog).getByLabelText("Nombre").closest(".ant-form-item") as HTMLElement;
    await waitFor(() => expect(nameItem.textContent).toContain(duplicate));
    expect(within(dialog).queryByRole("alert")?.textContent ?? "").not.toContain(stops);

    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Mañana 2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText(stops, {}, LONG)).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });

  it("refuses an empty form with the contract's Spanish messages, sending nothing", async () => {
    answer([]);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Nuevo turno" }, LONG));
    const dialog = await findDialog("Nuevo turno");
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "   " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(within(dialog).getAllByText("Este campo es requerido")).toHaveLength(4));
    expect(within(dialog).getByText("Seleccione al menos un día")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("deactivates a shift after the confirmation", async () => {
    answer();
    put.mockResolvedValue({ data: { message: "Estado actualizado" } });
    renderPage();
    fireEvent.click(await screen.findByRole("switch", { name: "Cambiar estado de Mañana" }, LONG));
    fireEvent.click(await screen.findByRole("button", { name: "Sí" }, LONG));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(clientPath(API.shift.status), { id: 7, status: "inactive" }),
    );
  });
});
