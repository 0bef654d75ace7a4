import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type {
  BookingManifestResponse,
  BookingReportDayItem,
  BookingReportResponse,
  ManifestItem,
} from "@treiber/contract";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get, put } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, put } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { BookingPage } from "./booking-page";

const DATE = "2026-11-30";
const figures = { cancelled: 1, lateCancellations: 0, noShows: 0, ridden: 0 };
const NORTH: BookingReportDayItem = {
  routeId: 3,
  routeName: "Ruta Norte",
  shiftName: "Mañana",
  date: DATE,
  seats: 2,
  confirmed: 2,
  waitlisted: 1,
  demand: 3,
  ...figures,
};
const SOUTH: BookingReportDayItem = {
  ...NORTH,
  routeId: 4,
  routeName: "Ruta Sur",
  seats: null,
  confirmed: 5,
  waitlisted: 0,
  demand: 5,
};

function dayAnswer(items: BookingReportDayItem[]): BookingReportResponse {
  return {
    amount: items.length,
    data: {
      view: "days",
      items,
      total: 0,
      seats: 2,
      confirmed: 7,
      waitlisted: 1,
      cancelled: 2,
      lateCancellations: 0,
      noShows: 0,
      ridden: 0,
      sinceDate: DATE,
      untilDate: DATE,
    },
  };
}

const rider = (
  values: Partial<ManifestItem> & Pick<ManifestItem, "employeeId" | "name" | "status">,
): ManifestItem => ({
  lastname: "Pérez",
  codeEmployee: `C-${values.employeeId}`,
  stopName: "Km 9",
  waitlistPosition: null,
  plannedTime: "06:40",
  assigned: true,
  reason: null,
  changedAt: null,
  changedBy: null,
  changedByAdmin: false,
  ...values,
});

const MANIFEST: BookingManifestResponse = {
  routeId: 3,
  routeName: "Ruta Norte",
  date: DATE,
  shiftName: "Mañana",
  confirmationRequired: false,
  cutoffAt: "2099-11-30T08:00:00.000Z",
  seats: 2,
  confirmed: 2,
  waitlisted: 1,
  cancelled: 1,
  noShow: 0,
  ridden: 0,
  list: [
    rider({ employeeId: 10, name: "Ana", status: "CONFIRMED" }),
    rider({ employeeId: 11, name: "Berta", status: "CONFIRMED" }),
    rider({ employeeId: 12, name: "Carla", status: "WAITLISTED", waitlistPosition: 1, assigned: false }),
    rider({
      employeeId: 13,
      name: "Dora",
      status: "CANCELLED",
      reason: "Vacaciones",
      changedAt: "2026-11-28T14:00:00.000Z",
      changedBy: "Dora Pérez",
    }),
  ],
};

function answer(
  days: BookingReportDayItem[] = [NORTH, SOUTH],
  manifest: BookingManifestResponse | Error = MANIFEST,
) {
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.booking.report)) return { data: dayAnswer(days) };
    if (url === clientPath(API.booking.manifest)) {
      if (manifest instanceof Error) throw manifest;
      return { data: manifest };
    }
    if (url === clientPath(API.shift.list)) return { data: { amount: 0, list: [] } };
    if (url === clientPath(API.employee.forRouteNotSchedule))
      return { data: [{ id: 20, name: "Eva", lastname: "Mejía", codeEmployee: "C-20" }] };
    throw new Error(`GET inesperado ${url}`);
  });
}

function httpError(status: number, message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = {
    status,
    statusText: "",
    headers: {},
    config,
    data: { statusCode: status, message },
  } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response);
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderPage(url = `/booking?date=${DATE}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <BookingPage />
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const dayCalls = () => get.mock.calls.filter(([url]) => url === clientPath(API.booking.report));

/** Opens «Cambiar reserva» of a rider of the open manifest. */
async function openChange(name: string) {
  fireEvent.click(await screen.findByRole("button", { name: `Cambiar reserva de ${name}` }, LONG));
  const heading = await screen.findByText("Cambiar reserva", { selector: ".ant-modal-title" }, LONG);
  return heading.closest("[role=dialog]") as HTMLElement;
}

async function chooseStatus(dialog: HTMLElement, label: string) {
  fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Estado" }));
  fireEvent.click((await screen.findAllByTitle(label, {}, LONG)).at(-1) as HTMLElement);
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
});

describe("«Reservas» (issue 35)", () => {
  it("lists the date's routes with seats and counts, and opens a route's manifest", async () => {
    answer();
    renderPage();
    expect(await screen.findByRole("heading", { name: "Reservas" }, LONG)).toBeTruthy();
    expect(await screen.findByText("Ruta Norte", {}, LONG)).toBeTruthy();
    expect(dayCalls()[0]?.[1]).toEqual({
      params: { view: "days", sinceDate: DATE, untilDate: DATE, amount: 100, skip: 1 },
    });
    expect(screen.getByText("Rutas del 30/11/2026")).toBeTruthy();
    expect(screen.getByText("Completo")).toBeTruthy();
    expect(screen.getByText("Sin límite")).toBeTruthy();
    expect(screen.getByText("Elija una ruta para ver su manifiesto.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Ver manifiesto de Ruta Norte" }));
    expect(await screen.findByText("Manifiesto: Ruta Norte", {}, LONG)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.booking.manifest), {
      params: { routeId: 3, date: DATE },
    });
    expect(screen.getByTestId("where").textContent).toBe(`?date=${DATE}&routeId=3`);
    const figuresGroup = screen.getByRole("group", { name: "Cifras del día" });
    expect(within(figuresGroup).getByText("En espera")).toBeTruthy();
    expect(screen.getByText("En espera (1.º)")).toBeTruthy();
    expect(screen.getByText("Asiento pedido")).toBeTruthy();
    expect(screen.getByText("Vacaciones")).toBeTruthy();
    expect(screen.getByText(/Viajan salvo que cancelen/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Cerrar manifiesto" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe(`?date=${DATE}`));
  });

  it("narrows to a shift, says when no route runs, and shows a failed list with a retry", async () => {
    answer([]);
    renderPage(`/booking?date=${DATE}&shiftId=7`);
    expect(await screen.findByText("Ninguna ruta de este turno opera el 30/11/2026", {}, LONG)).toBeTruthy();
    expect(dayCalls()[0]?.[1]).toEqual({
      params: { view: "days", sinceDate: DATE, untilDate: DATE, shiftId: 7, amount: 100, skip: 1 },
    });

    get.mockReset();
    get.mockRejectedValue(httpError(500, "La base de datos no responde"));
    renderPage(`/booking?date=2026-12-01`);
    expect(await screen.findByText("La base de datos no responde", {}, LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeTruthy();
  });

  it("marks a rider absent with a reason, after confirming", async () => {
    answer();
    put.mockResolvedValue({
      data: { status: "NO_SHOW", waitlistPosition: null, message: "Reserva actualizada" },
    });
    renderPage(`/booking?date=${DATE}&routeId=3`);
    const dialog = await openChange("Ana Pérez");
    expect(within(dialog).getByText(/Plazo para el colaborador/)).toBeTruthy();
    await chooseStatus(dialog, "Ausente");
    // The reason is required.
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText("Este campo es requerido", {}, LONG)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Motivo"), { target: { value: "No llegó a la parada" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    const [confirm] = await screen.findAllByText(
      "¿Seguro que desea marcar a Ana Pérez como «Ausente»?",
      {},
      LONG,
    );
    expect(put).not.toHaveBeenCalled();
    fireEvent.click(
      within(confirm?.closest(".ant-modal") as HTMLElement).getByRole("button", { name: "Sí, cambiar" }),
    );
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(clientPath(API.booking.admin), {
        employeeId: 10,
        routeId: 3,
        date: DATE,
        status: "NO_SHOW",
        reason: "No llegó a la parada",
      }),
    );
    expect(await screen.findByText("Reserva actualizada", {}, LONG)).toBeTruthy();
  });

  it("confirms a cancelled rider without asking, and shows the server's refusal in the dialog", async () => {
    answer();
    put.mockRejectedValue(httpError(409, "La ruta no opera ese día"));
    renderPage(`/booking?date=${DATE}&routeId=3`);
    const dialog = await openChange("Dora Pérez");
    await chooseStatus(dialog, "Confirmado");
    fireEvent.change(within(dialog).getByLabelText("Motivo"), { target: { value: "Vuelve al trabajo" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText("La ruta no opera ese día", {}, LONG)).toBeTruthy();
    expect(put).toHaveBeenCalledWith(
      clientPath(API.booking.admin),
      expect.objectContaining({ employeeId: 13, status: "CONFIRMED", reason: "Vuelve al trabajo" }),
    );
    expect(screen.queryByText(/¿Seguro que desea/)).toBeNull();
  });

  it("gives a collaborator a seat on the route («Agregar colaborador»)", async () => {
    answer();
    put.mockResolvedValue({
      data: { status: "CONFIRMED", waitlistPosition: null, message: "Reserva actualizada" },
    });
    renderPage(`/booking?date=${DATE}&routeId=3`);
    await screen.findByText("Manifiesto: Ruta Norte", {}, LONG);
    fireEvent.click(screen.getByRole("button", { name: "Agregar colaborador" }));
    const heading = await screen.findByText("Agregar colaborador", { selector: ".ant-modal-title" }, LONG);
    const dialog = heading.closest("[role=dialog]") as HTMLElement;
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Colaborador" }));
    fireEvent.click(await screen.findByTitle("Eva Mejía (C-20)", {}, LONG));
    await chooseStatus(dialog, "Confirmado");
    fireEvent.change(within(dialog).getByLabelText("Motivo"), { target: { value: "Se queda tarde" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(clientPath(API.booking.admin), {
        employeeId: 20,
        routeId: 3,
        date: DATE,
        status: "CONFIRMED",
        reason: "Se queda tarde",
      }),
    );
  });

  it("says when the cut-off has passed, and a failed manifest shows its error", async () => {
    answer(undefined, { ...MANIFEST, cutoffAt: "2020-01-01T08:00:00.000Z", confirmationRequired: true });
    renderPage(`/booking?date=${DATE}&routeId=3`);
    expect(await screen.findByText(/vencido: solo un administrador/, {}, LONG)).toBeTruthy();
    expect(screen.getByText(/Confirmación diaria/)).toBeTruthy();
    const dialog = await openChange("Ana Pérez");
    expect(within(dialog).getByText(/El plazo terminó/)).toBeTruthy();
  });

  it("shows a manifest that cannot load, with a retry", async () => {
    answer(undefined, httpError(404, "Ruta no encontrada"));
    renderPage(`/booking?date=${DATE}&routeId=99`);
    expect(await screen.findByText("Ruta no encontrada", {}, LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Agregar colaborador" }).hasAttribute("disabled")).toBe(true);
  });
});
