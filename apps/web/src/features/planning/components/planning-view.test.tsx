import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CanceledError } from "axios";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design and Leaflet in jsdom are slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 180_000 });

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { at, planningContext, proposal, route, stop } from "../test/planning-data";
import {
  answerProposals,
  choose,
  DAYS,
  expandFirstRoute,
  figure,
  httpError,
  proposeAndWait,
  renderView,
  SHIFT,
  serve,
} from "../test/planning-view-harness";

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe("Planificación", () => {
  it("opens the first branch office's first shift: riders by group, calibration, days, current figures", async () => {
    serve();
    renderView();
    expect(await screen.findByText("Con ruta (3)", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("Sin ruta (1)")).toBeTruthy();
    expect(screen.getByText("Sin ubicación (1)")).toBeTruthy();
    expect(screen.getByText("En otra ruta del turno (1)")).toBeTruthy();
    expect(screen.getByText("Mañana — Entrada 8:00:00 am")).toBeTruthy();
    expect(screen.getByText("Oficina Piantini (2 rutas)")).toBeTruthy();
    expect(screen.getByTestId("planned-riders").textContent).toBe("3 a planificar");
    expect(screen.getByTestId("chosen-seats").textContent).toBe(
      "2 vehículos, 8 asientos para 3 colaboradores",
    );
    fireEvent.click(screen.getByText("Parámetros"));
    // The source and figures of the travel model (decision 0058): this branch office has 2 trips
    // of its own, so the defaults; the shift fixes its own speed and circuity.
    const note = (await screen.findByTestId("calibration-note")).textContent;
    expect(note).toContain(
      "Valores por defecto: 22 km/h en hora pico, 32 km/h fuera de ella (en movimiento), desvío 1.35 (esta sucursal tiene 2 viajes terminados medidos; se calibra con al menos 5 propios)",
    );
    expect(note).toContain(
      "Este turno se planifica a 24 km/h (hora pico) y desvío 1.30: velocidad y desvío fijados en el turno (calculados: 22 km/h y 1.35).",
    );
    const days = screen.getByRole("group", { name: "Días" });
    expect(within(days).getByRole("checkbox", { name: "Lunes" })).toHaveProperty("checked", true);
    expect(within(days).getByRole("checkbox", { name: "Miércoles" })).toHaveProperty("checked", false);
    expect(get).toHaveBeenCalledWith(clientPath(API.shift.list), {
      params: { branchOfficeId: 3, amount: 100, skip: 1 },
    });
    expect(get).toHaveBeenCalledWith(clientPath(API.planning.context), { params: { shiftId: 7 } });
  });

  it("links riders without location to Colaboradores", async () => {
    serve();
    renderView();
    fireEvent.click(await screen.findByText("Sin ubicación (1)", {}, { timeout: 10_000 }));
    const link = await screen.findByRole("link", { name: "Ubicar a Nombre15 Apellido15 en Colaboradores" });
    expect(link.getAttribute("href")).toBe("/collaborator?criterion=E15");
  });

  it("explains a branch office without shifts", async () => {
    serve({ shifts: [] });
    renderView();
    expect(
      await screen.findByText("La sucursal Sede Central no tiene turnos.", {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Cree un turno/)).toBeTruthy();
  });

  it("shows a context error in Spanish with a retry", async () => {
    serve();
    get.mockImplementationOnce(async () => ({ data: [{ id: 3, name: "Sede Central" }] }));
    const context = planningContext();
    let fail = true;
    get.mockImplementation(async (url: string) => {
      if (url === clientPath(API.branchOffice.listName)) return { data: [{ id: 3, name: "Sede Central" }] };
      if (url === clientPath(API.shift.list)) return { data: { amount: 1, list: [SHIFT] } };
      if (url === clientPath(API.day.list)) return { data: DAYS };
      if (fail) {
        fail = false;
        throw httpError(404, "Turno no encontrado");
      }
      return { data: context };
    });
    renderView("/planning?shiftId=7");
    expect(await screen.findByText("Turno no encontrado", {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("Con ruta (3)", {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("proposes with the chosen riders, drivers and parameters and shows the proposal beside the current routes", async () => {
    serve();
    answerProposals(() => proposal());
    renderView();
    // Add the rider without route.
    fireEvent.click(await screen.findByText("Sin ruta (1)", {}, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole("checkbox", { name: /Nombre14 Apellido14/ }));
    await proposeAndWait();
    expect(post).toHaveBeenCalledWith(
      clientPath(API.planning.propose),
      {
        shiftId: 7,
        destinationId: 5,
        employeeIds: [11, 12, 13, 14],
        driverIds: [1, 2],
        walkRadiusMeters: 0,
        serviceMinutes: 2,
        maxRideMinutes: 60,
      },
      { signal: expect.any(AbortSignal) },
    );
    expect(figure("Vehículos")).toEqual(["Vehículos", "2", "1", "−1"]);
    expect(figure("Colaboradores")).toEqual(["Colaboradores", "3", "4", "+1"]);
    expect(screen.getByRole("table", { name: "Rutas propuestas" })).toBeTruthy();
    expect(screen.getByText("Sin asignar (1)")).toBeTruthy();
    expect(screen.getByText("Sin ubicación", { selector: "span" })).toBeTruthy();
    expect(
      await screen.findByRole("region", { name: "Mapa de la propuesta" }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it("cancels a proposal in flight by aborting the request", async () => {
    serve();
    let signal: AbortSignal | undefined;
    post.mockImplementation(
      (_url: string, _body: unknown, config: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          signal = config.signal;
          config.signal.addEventListener("abort", () => reject(new CanceledError()));
        }),
    );
    renderView();
    fireEvent.click(await screen.findByRole("button", { name: "Proponer rutas" }, { timeout: 10_000 }));
    expect(await screen.findByText("Buscando rutas…")).toBeTruthy();
    expect(screen.getByTestId("propose-progress").textContent).toContain("de unos 1 s");
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByRole("button", { name: "Proponer rutas" })).toBeTruthy();
    expect(screen.queryByText("Buscando rutas…")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Propuesta" })).toBeNull();
    expect(screen.getByText("Propuesta cancelada")).toBeTruthy();
    expect(screen.queryByText("Error inesperado")).toBeNull();
  });

  it("moves a stop to another route: the figures follow and a broken constraint warns", async () => {
    serve();
    answerProposals(() =>
      proposal({
        routes: [
          route({
            key: "p1",
            routeId: 1,
            name: "Ruta Norte",
            seats: 4,
            stops: [stop("s1", at(9), [11]), stop("s2", at(6), [12])],
          }),
          route({
            key: "p2",
            routeId: 2,
            name: "Ruta Sur",
            driverId: 2,
            seats: 1,
            stops: [stop("s3", at(3), [13])],
          }),
        ],
      }),
    );
    renderView();
    await proposeAndWait();
    expect(figure("Vehículos")).toEqual(["Vehículos", "2", "2", "0"]);
    expandFirstRoute();
    await choose("Mover la parada 2 (Parada s2) de Ruta Norte a…", "Ruta Sur (1/1)");
    expect(await screen.findByText("Ruta Sur: 2 colaboradores y 1 asientos")).toBeTruthy();
    expect(screen.getByText(/1 movimiento/)).toBeTruthy();
    // Then the rest of Ruta Norte too: one vehicle fewer than now.
    await choose("Mover a Nombre11 Apellido11 a…", "Ruta Sur (2/1)");
    await waitFor(() => expect(figure("Vehículos")).toEqual(["Vehículos", "2", "1", "−1"]));
  });

  it("opens a new route for an unused driver from «Mover a…»", async () => {
    serve();
    answerProposals(() => proposal());
    renderView();
    await proposeAndWait();
    expandFirstRoute();
    await choose("Mover a Nombre13 Apellido13 a…", "Nueva ruta con Chofer3 García (15 asientos)");
    await waitFor(() => expect(figure("Vehículos")).toEqual(["Vehículos", "2", "2", "0"]));
    // «<Turno> <n>», n past what the proposal says is taken (issue 33).
    expect(screen.getByText("Mañana 2")).toBeTruthy();
    expect(screen.getByText("Nueva")).toBeTruthy();
  });
});
