import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PlanningContext, ShiftListItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { App } from "antd";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design in jsdom is slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 180_000 });

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, post } }));

import { planningContext } from "../features/planning/test/planning-data";
import { PlanningPage } from "./planning-page";

const LONG = { timeout: 15_000 };
const DAYS = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"].map((name, i) => ({
  id: i + 1,
  name,
}));
const shiftItem = (id: number, name: string, direction: "inbound" | "outbound", time: string) =>
  ({
    id,
    branchOfficeId: 3,
    branchOfficeName: "Sede Central",
    name,
    direction,
    time,
    days: DAYS.slice(0, 5),
    status: "active",
    createdDate: "2024-03-01T10:00:00.000Z",
    amountRoutes: 0,
    travelSpeedKmh: null,
    travelCircuity: null,
  }) as ShiftListItem;

/** A new branch office's context: its workplaces are every other branch office's (no routes of its own). */
function newOfficeContext(shiftId = 7): PlanningContext {
  const context = planningContext();
  return {
    ...context,
    shift: { ...context.shift, id: shiftId },
    destinations: [
      {
        id: 5,
        name: "Oficina Piantini",
        latitude: 18.45,
        longitude: -69.95,
        amountRoutes: 0,
        branchOfficeRoutes: 0,
      },
      {
        id: 6,
        name: "Almacén Herrera",
        latitude: 18.47,
        longitude: -69.98,
        amountRoutes: 0,
        branchOfficeRoutes: 0,
      },
    ],
    current: { ...context.current, routes: [] },
  };
}

function serve(options: {
  shifts: () => ShiftListItem[];
  context: (params: Record<string, number>) => PlanningContext;
}) {
  get.mockImplementation(async (url: string, config?: { params?: Record<string, number> }) => {
    if (url === clientPath(API.branchOffice.listName)) return { data: [{ id: 3, name: "Sede Central" }] };
    if (url === clientPath(API.shift.list)) {
      const list = options.shifts();
      return { data: { amount: list.length, list } };
    }
    if (url === clientPath(API.day.list)) return { data: DAYS };
    if (url === clientPath(API.planning.context)) return { data: options.context(config?.params ?? {}) };
    throw new Error(`GET ${url} not expected`);
  });
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderPage(url = "/planning") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = (
    <>
      <PlanningPage />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: "/planning", element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const contextCalls = () =>
  get.mock.calls
    .filter(([url]) => url === clientPath(API.planning.context))
    .map(([, config]) => config.params);

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe("Planificación page (issue 33)", () => {
  it("does not pick another branch office's workplace: it asks, then plans the one chosen", async () => {
    serve({ shifts: () => [shiftItem(7, "Mañana", "inbound", "08:00")], context: () => newOfficeContext() });
    renderPage();
    expect(
      await screen.findByText("Elija el lugar de trabajo para planificar este turno.", {}, LONG),
    ).toBeTruthy();
    expect(screen.getByText("La sucursal Sede Central todavía no tiene rutas a ninguno.")).toBeTruthy();
    const workplace = screen.getByRole("combobox", { name: "Lugar de trabajo" });
    expect(workplace.closest(".ant-select")?.textContent).toContain("Elija el lugar de trabajo");
    expect(screen.queryByRole("button", { name: "Proponer rutas" })).toBeNull();

    fireEvent.mouseDown(workplace);
    fireEvent.click(await screen.findByTitle("Almacén Herrera"));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toContain("destinationId=6"));
    await waitFor(() => expect(contextCalls()).toContainEqual({ shiftId: 7, destinationId: 6 }));
  });

  it("keeps the workplace its branch office's routes go to", async () => {
    serve({
      shifts: () => [shiftItem(7, "Mañana", "inbound", "08:00")],
      context: () => {
        const context = newOfficeContext();
        return {
          ...context,
          destinations: context.destinations.map((item) =>
            item.id === 5 ? { ...item, branchOfficeRoutes: 3 } : item,
          ),
        };
      },
    });
    renderPage();
    expect(await screen.findByRole("button", { name: "Proponer rutas" }, LONG)).toBeTruthy();
    expect(
      screen.getByRole("combobox", { name: "Lugar de trabajo" }).closest(".ant-select")?.textContent,
    ).toContain("Oficina Piantini");
  });

  it("creates a shift from Planificación and selects it at once", async () => {
    let shifts = [shiftItem(7, "Mañana", "inbound", "08:00")];
    serve({ shifts: () => shifts, context: (params) => newOfficeContext(params.shiftId) });
    post.mockImplementation(async (url: string) => {
      if (url !== clientPath(API.shift.create)) throw new Error(`POST ${url} not expected`);
      shifts = [...shifts, shiftItem(9, "Tarde", "outbound", "17:00")];
      return { data: { id: 9, message: "Turno creado" } };
    });
    renderPage();
    const create = (await screen.findByRole("button", { name: "Nuevo turno" }, LONG)) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false), LONG);
    fireEvent.click(create);
    const title = await screen.findByText("Nuevo turno", { selector: ".ant-modal-title" }, LONG);
    const dialog = title.closest("[role=dialog]") as HTMLElement;
    await waitFor(() => expect(dialog.style.display).not.toBe("none"), LONG);
    // The branch office of the page is already chosen.
    const office = within(dialog)
      .getByRole("combobox", { name: "Sucursal" })
      .closest(".ant-select") as HTMLElement;
    await waitFor(() => expect(office.textContent).toContain("Sede Central"), LONG);
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Tarde" } });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Salida" }));
    const time = within(dialog).getByLabelText("Hora");
    fireEvent.mouseDown(time);
    fireEvent.change(time, { target: { value: "17:00" } });
    fireEvent.keyDown(time, { key: "Enter" });
    for (const day of ["Lunes", "Martes"])
      fireEvent.click(await within(dialog).findByLabelText(day, {}, LONG));
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        clientPath(API.shift.create),
        expect.objectContaining({ branchOfficeId: 3, name: "Tarde", direction: "outbound", time: "17:00" }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId("where").textContent).toContain("shiftId=9"), LONG);
    expect(screen.getByTestId("where").textContent).toContain("branchOfficeId=3");
    await waitFor(() => expect(contextCalls()).toContainEqual({ shiftId: 9 }));
    const turno = screen.getByRole("combobox", { name: "Turno" }).closest(".ant-select") as HTMLElement;
    await waitFor(() => expect(turno.textContent).toContain("Tarde — Salida 5:00:00 pm"), LONG);
  });
});
