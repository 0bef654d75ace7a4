import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PlanningApplyRequest, PlanRoute } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { App } from "antd";
import { useReducer } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design and Leaflet in jsdom are slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 180_000 });

const { post } = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get: vi.fn(), post } }));

import { type PlanDraft, planDraftReducer } from "../lib/plan-draft";
import { at, PARAMS, planningContext, proposal, route, stop } from "../test/planning-data";
import { ProposalSection } from "./proposal-section";

/** Ruta Norte (4 seats): stops at 9 and 6 km (34 min of ride); Ruta Sur (1 seat): a stop at 3 km. */
const ROUTES: PlanRoute[] = [
  route({
    key: "p1",
    routeId: 1,
    name: "Ruta Norte",
    seats: 4,
    stops: [stop("s1", at(9), [11]), stop("s2", at(6), [12])],
  }),
  route({ key: "p2", routeId: 2, name: "Ruta Sur", driverId: 2, seats: 1, stops: [stop("s3", at(3), [13])] }),
];

function Harness({ maxRideMinutes }: { maxRideMinutes: number }) {
  const initial: PlanDraft = {
    proposal: proposal({ params: { ...PARAMS, maxRideMinutes }, routes: ROUTES }),
    routes: ROUTES,
    moves: 0,
    serial: 1,
  };
  const [draft, dispatch] = useReducer(planDraftReducer, initial);
  if (!draft) return null;
  return (
    <ProposalSection
      context={planningContext()}
      draft={draft}
      dispatch={dispatch}
      dayIds={[1, 2]}
      dayNames={["Lunes", "Martes"]}
      newRouteName="Mañana Oficina Piantini"
      onDiscard={() => {}}
      onApplied={() => {}}
      onRepropose={() => {}}
    />
  );
}

function renderSection(maxRideMinutes: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <Harness maxRideMinutes={maxRideMinutes} />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** Opens the «Mover a…» select named `label` and answers its options' spoken names. */
async function openMoveSelect(label: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  await screen.findAllByRole("option");
  return screen
    .getAllByRole("option")
    .map((option) => option.getAttribute("aria-label"))
    .filter((name): name is string => Boolean(name));
}

function expandFirstRoute() {
  const table = screen.getByRole("table", { name: "Rutas propuestas" });
  fireEvent.click(table.querySelector(".ant-table-row-expand-icon") as HTMLElement);
}

beforeEach(() => post.mockReset());

describe("«Mover a…» shows the damage before moving (issue 33)", () => {
  it("says what each choice does to its route: seats, longest ride against the maximum, km and minutes added", async () => {
    renderSection(35);
    expandFirstRoute();
    const names = await openMoveSelect("Mover la parada 2 (Parada s2) de Ruta Norte a…");
    // Ruta Sur from one stop at 3 km (3.9 km, 12 min) to two (7.8 km, 24 min), 2 riders in 1 seat.
    expect(names).toContain(
      "Ruta Sur (1/1): 2/1 asientos (sobrecupo) · viaje más largo 24 mins de 35 mins · +3.9 km · +12 mins",
    );
    expect(
      names.some((name) => name.startsWith("Nueva ruta con Chofer3 García (15 asientos): 1/15 asientos ·")),
    ).toBe(true);
    // The visible choice marks the broken constraint in red, in words too.
    const sur = screen.getAllByTitle("Ruta Sur (1/1)").at(-1) as HTMLElement;
    expect(within(sur).getByText("2/1 asientos (sobrecupo)").closest(".ant-typography-danger")).toBeTruthy();
  });

  it("marks a choice that would take a ride over the maximum", async () => {
    renderSection(35);
    const table = screen.getByRole("table", { name: "Rutas propuestas" });
    fireEvent.click(table.querySelectorAll(".ant-table-row-expand-icon")[1] as HTMLElement);
    const names = await openMoveSelect("Mover la parada 1 (Parada s3) de Ruta Sur a…");
    // Ruta Norte with the 3 km stop last (on its way: no km more): 36 min for the first rider, over 35.
    expect(names).toContain(
      "Ruta Norte (2/4): 3/4 asientos · viaje más largo 36 mins de 35 mins (supera el máximo) · 0 km · +2 mins",
    );
  });
});

describe("«Aplicar» lists the broken constraints and asks to accept them (issue 33)", () => {
  it("a ride over the maximum must be accepted, and the acceptance goes to the server", async () => {
    post.mockResolvedValue({
      data: {
        message: "Plan aplicado",
        routeIds: [1, 2],
        created: 0,
        updated: 2,
        deactivated: 0,
        notified: 0,
      },
    });
    renderSection(30);
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    const dialog = await screen.findByRole("dialog");
    const notice = within(dialog).getByTestId("broken-constraints");
    expect(within(notice).getByText("Hay viajes más largos que el máximo")).toBeTruthy();
    expect(
      within(notice).getByText("Ruta Norte: un viaje de 34 mins supera el máximo de 30 mins"),
    ).toBeTruthy();
    const ok = within(dialog).getByRole("button", { name: "Aplicar" }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.click(within(notice).getByRole("checkbox", { name: /Aplicar de todos modos/ }));
    await waitFor(() => expect(ok.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body] = post.mock.calls[0] as [string, PlanningApplyRequest];
    expect(url).toBe(clientPath(API.planning.apply));
    expect(body.acceptBrokenLimits).toBe(true);
  });

  it("more riders than seats cannot be applied: it says so and «Aplicar» stays off", async () => {
    renderSection(60);
    expandFirstRoute();
    fireEvent.mouseDown(
      screen.getByRole("combobox", { name: "Mover la parada 2 (Parada s2) de Ruta Norte a…" }),
    );
    fireEvent.click((await screen.findAllByTitle("Ruta Sur (1/1)")).at(-1) as HTMLElement);
    fireEvent.click(await screen.findByRole("button", { name: "Aplicar" }));
    const dialog = await screen.findByRole("dialog");
    const notice = within(dialog).getByTestId("broken-constraints");
    expect(
      within(notice).getByText("No se puede aplicar: hay rutas con más colaboradores que asientos"),
    ).toBeTruthy();
    expect(within(notice).getByText("Ruta Sur: 2 colaboradores y 1 asientos")).toBeTruthy();
    expect(within(notice).queryByRole("checkbox")).toBeNull();
    expect((within(dialog).getByRole("button", { name: "Aplicar" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(post).not.toHaveBeenCalled();
  });

  it("a plan within its limits applies without anything to accept", async () => {
    post.mockResolvedValue({
      data: {
        message: "Plan aplicado",
        routeIds: [1, 2],
        created: 0,
        updated: 2,
        deactivated: 0,
        notified: 0,
      },
    });
    renderSection(60);
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByTestId("broken-constraints")).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Aplicar" }));
    });
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect((post.mock.calls[0] as [string, PlanningApplyRequest])[1]).not.toHaveProperty(
      "acceptBrokenLimits",
    );
  });
});
