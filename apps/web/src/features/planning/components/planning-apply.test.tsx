import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PLAN_CHANGED_MESSAGE } from "@treiber/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design and Leaflet in jsdom are slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 180_000 });

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { at, proposal } from "../test/planning-data";
import {
  answerProposals,
  choose,
  expandFirstRoute,
  httpError,
  proposeAndWait,
  renderView,
  serve,
} from "../test/planning-view-harness";

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe("Planificación: applying and leaving", () => {
  it("applies after a confirmation that lists the changes, then starts again from the new routes", async () => {
    serve();
    post.mockImplementation(async (url: string) => {
      if (url === clientPath(API.planning.propose)) return { data: proposal() };
      if (url === clientPath(API.planning.apply)) {
        return {
          data: {
            message: "Plan aplicado",
            routeIds: [1],
            created: 0,
            updated: 1,
            deactivated: 1,
            notified: 2,
            driversNotified: 1,
          },
        };
      }
      throw new Error(`POST ${url} not expected`);
    });
    renderView();
    await proposeAndWait();
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("Rutas que se desactivan (pierden sus colaboradores y paradas) (1)"),
    ).toBeTruthy();
    expect(within(dialog).getByText("Ruta Sur")).toBeTruthy();
    expect(within(dialog).getByText("Nombre13 Apellido13: de Ruta Sur a Ruta Norte")).toBeTruthy();
    expect(within(dialog).getByText("Nombre14 Apellido14: entra en Ruta Norte")).toBeTruthy();
    expect(within(dialog).getByText(/para los días Lunes, Martes/)).toBeTruthy();
    const contextCalls = get.mock.calls.filter(([url]) => url === clientPath(API.planning.context)).length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Aplicar" }));
    expect(
      await screen.findByText(
        "Plan aplicado: 0 rutas nuevas, 1 actualizadas, 1 desactivadas; 2 colaboradores y 1 chofer notificados",
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const [, body] = post.mock.calls.find(([url]) => url === clientPath(API.planning.apply)) ?? [];
    expect(body).toMatchObject({
      shiftId: 7,
      destinationId: 5,
      dayIds: [1, 2],
      version: "v1",
      serviceMinutes: 2,
      maxRideMinutes: 60,
    });
    expect(body.routes).toEqual([
      {
        routeId: 1,
        name: "Ruta Norte",
        driverId: 1,
        seats: 4,
        stops: [
          { name: "Parada s1", address: null, ...at(9), employeeIds: [11] },
          { name: "Parada s2", address: null, ...at(7.5), employeeIds: [14] },
          { name: "Parada s3", address: null, ...at(6), employeeIds: [12] },
          { name: "Parada s4", address: null, ...at(3), employeeIds: [13] },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Propuesta" })).toBeNull());
    expect(get.mock.calls.filter(([url]) => url === clientPath(API.planning.context)).length).toBeGreaterThan(
      contextCalls,
    );
  });

  it("tells in Spanish that another admin applied first and proposes again", async () => {
    serve();
    let proposals = 0;
    post.mockImplementation(async (url: string) => {
      if (url === clientPath(API.planning.propose)) {
        proposals += 1;
        return { data: proposal({ version: `v${proposals}` }) };
      }
      throw httpError(409, PLAN_CHANGED_MESSAGE);
    });
    renderView();
    await proposeAndWait();
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText(PLAN_CHANGED_MESSAGE, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((screen.getByRole("button", { name: "Aplicar" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Volver a proponer" }));
    await waitFor(() => expect(proposals).toBe(2));
    await waitFor(() => expect(screen.queryByText(PLAN_CHANGED_MESSAGE)).toBeNull());
    expect((screen.getByRole("button", { name: "Aplicar" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("asks before discarding a proposal with moves, and writes nothing", async () => {
    serve();
    answerProposals(() => proposal());
    renderView();
    await proposeAndWait();
    expandFirstRoute();
    await choose("Mover a Nombre13 Apellido13 a…", "Nueva ruta con Chofer3 García (15 asientos)");
    fireEvent.click(screen.getByRole("button", { name: "Descartar" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("¿Descartar la propuesta?").length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/1 movimiento/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Descartar" }));
    });
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Propuesta" })).toBeNull());
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("asks before leaving the page with unapplied moves, and stays when told to", async () => {
    serve();
    answerProposals(() => proposal());
    const router = renderView();
    await proposeAndWait();
    expandFirstRoute();
    await choose("Mover a Nombre13 Apellido13 a…", "Nueva ruta con Chofer3 García (15 asientos)");
    await act(async () => {
      void router.navigate("/routes");
    });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("¿Salir sin aplicar la propuesta?").length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Quedarse" }));
    });
    expect(router.state.location.pathname).toBe("/planning");
    await act(async () => {
      void router.navigate("/routes");
    });
    const leave = await waitFor(() => {
      const buttons = screen.getAllByRole("button", { name: "Salir sin aplicar" });
      return buttons[buttons.length - 1] as HTMLElement;
    });
    await act(async () => {
      fireEvent.click(leave);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/routes"));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("leaves freely when nothing was moved", async () => {
    serve();
    answerProposals(() => proposal());
    const router = renderView();
    await proposeAndWait();
    await act(async () => {
      void router.navigate("/routes");
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/routes"));
  });
});
