import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { NO_RATE, type PlanningContext, type PlanRoute } from "@treiber/contract";
import { App } from "antd";
import { useReducer } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";

// Ant Design in jsdom is slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 180_000 });

vi.mock("../../../shared/api/http-client", () => ({ http: { get: vi.fn(), post: vi.fn() } }));

import { type PlanDraft, planDraftReducer } from "../lib/plan-draft";
import { nextRouteName, priceRoutes, ridersLeftWithoutRoute, zeroCostToWrite } from "../lib/route-pricing";
import { at, driver, PARAMS, planningContext, proposal, route, stop } from "../test/planning-data";
import { ProposalSection } from "./proposal-section";

/** Ruta Norte (driver 1, a rate per km): stops at 9 and 6 km; Ruta Sur (driver 2, no rate, no cost): 3 km. */
const ROUTES: PlanRoute[] = [
  route({
    key: "p1",
    routeId: 1,
    name: "Ruta Norte",
    cost: 0,
    stops: [stop("s1", at(9), [11]), stop("s2", at(6), [12])],
  }),
  route({
    key: "p2",
    routeId: 2,
    name: "Ruta Sur",
    driverId: 2,
    supplierName: "Autobuses del Este",
    cost: 0,
    stops: [stop("s3", at(3), [13])],
  }),
];

function contextWithRates(): PlanningContext {
  const context = planningContext();
  return {
    ...context,
    drivers: [
      driver({ driverId: 1, routeId: 1, cost: 0, rate: { ...NO_RATE, rateType: "km", rateAmount: 2.5 } }),
      driver({ driverId: 2, routeId: 2, cost: 0 }),
      driver({ driverId: 3, seats: 15, cost: 0 }),
    ],
  };
}

function Harness() {
  const initial: PlanDraft = { proposal: proposal({ routes: ROUTES }), routes: ROUTES, moves: 0, serial: 1 };
  const [draft, dispatch] = useReducer(planDraftReducer, initial);
  if (!draft) return null;
  return (
    <ProposalSection
      context={contextWithRates()}
      draft={draft}
      dispatch={dispatch}
      dayIds={[1, 2]}
      dayNames={["Lunes", "Martes"]}
      newRouteName="Mañana"
      onDiscard={() => {}}
      onApplied={() => {}}
      onRepropose={() => {}}
    />
  );
}

describe("pricing a plan on the page (issue 33)", () => {
  it("prices each route by its driver's rate, as apply writes it; $0 routes with riders are the ones to warn of", () => {
    const priced = priceRoutes(ROUTES, contextWithRates().drivers, PARAMS);
    // 9 km north, road × 1.3 to the workplace: 11.7 km at $2.50.
    expect(priced[0]?.cost).toBe(29.25);
    expect(priced[1]?.cost).toBe(0);
    expect(zeroCostToWrite(priced).map((item) => item.name)).toEqual(["Ruta Sur"]);
  });

  it("names a route the admin opens «<Turno> <n>» past the numbers taken", () => {
    const routes = [
      route({ key: "a", name: "Mañana 2 · Naco", stops: [] }),
      route({ key: "b", name: "Mañana 3", stops: [] }),
    ];
    expect(nextRouteName("Mañana", routes, 2)).toBe("Mañana 4");
    expect(nextRouteName("Mañana", routes, 7)).toBe("Mañana 7");
  });

  it("lists who is left without a route: the unassigned and those taken off their route, by name", () => {
    const left = ridersLeftWithoutRoute(proposal().unassigned, {
      riders: [
        { employeeId: 13, name: "Carla Cruz", kind: "removed", from: "Ruta Sur", to: null },
        { employeeId: 12, name: "Beto Batista", kind: "route", from: "Ruta Sur", to: "Ruta Norte" },
      ],
    });
    expect(left).toEqual([
      { employeeId: 13, name: "Carla Cruz" },
      { employeeId: 15, name: "Nombre15 Apellido15" },
    ]);
  });
});

describe("«Aplicar» warns of routes at $0 and riders left without a route (issue 33)", () => {
  it("names the routes the next cut would bill at $0 and the riders without a route, and still lets apply", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <MemoryRouter>
            <Harness />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("Una ruta costaría $0 por viaje: el próximo corte la facturaría a $0"),
    ).toBeTruthy();
    const zero = within(dialog).getByRole("list", { name: "Rutas a $0" });
    expect(
      within(zero)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Ruta Sur (Autobuses del Este)"]);
    expect(within(dialog).getByText("Un colaborador queda sin ruta en este turno")).toBeTruthy();
    const left = within(dialog).getByRole("list", { name: "Colaboradores sin ruta" });
    expect(
      within(left)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Nombre15 Apellido15"]);
    // A warning, not a refusal.
    expect((within(dialog).getByRole("button", { name: "Aplicar" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
