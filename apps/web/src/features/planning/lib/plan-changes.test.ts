import { describe, expect, it } from "vitest";
import { at, nth, planningContext, proposal, route, stop } from "../test/planning-data";
import { applyProblem, applyRequest, planChanges } from "./plan-changes";

describe("planChanges", () => {
  it("lists the routes kept, created and deactivated, and every rider who changes route or stop", () => {
    const context = planningContext();
    const routes = [...proposal().routes, route({ key: "new", name: "Mañana 2", driverId: 3, stops: [] })];
    const changes = planChanges(context, routes);
    expect(changes.updated.map((r) => r.name)).toEqual(["Ruta Norte"]);
    // The empty new route is not written; Ruta Sur is not in the plan.
    expect(changes.created).toEqual([]);
    expect(changes.deactivated).toEqual([{ routeId: 2, name: "Ruta Sur" }]);
    expect(changes.riders).toEqual([
      { employeeId: 13, name: "Nombre13 Apellido13", kind: "route", from: "Ruta Sur", to: "Ruta Norte" },
      { employeeId: 14, name: "Nombre14 Apellido14", kind: "route", from: null, to: "Ruta Norte" },
    ]);
  });

  it("tells a stop change on the same route, a new route and a rider left without route", () => {
    const context = planningContext();
    const routes = [
      route({
        key: "p1",
        routeId: 1,
        name: "Ruta Norte",
        stops: [stop("s1", at(9), [11]), stop("s2", at(5), [12])],
      }),
      route({ key: "n", name: "Mañana 2", stops: [stop("s3", at(3), [13])] }),
    ];
    const changes = planChanges(context, routes);
    expect(changes.created.map((r) => r.name)).toEqual(["Mañana 2"]);
    expect(changes.deactivated.map((r) => r.name)).toEqual(["Ruta Sur"]);
    expect(changes.riders).toEqual([
      { employeeId: 12, name: "Nombre12 Apellido12", kind: "stop", from: "Ruta Norte", to: "Ruta Norte" },
      { employeeId: 13, name: "Nombre13 Apellido13", kind: "route", from: "Ruta Sur", to: "Mañana 2" },
    ]);
    const without = planChanges(context, [nth(routes, 0)]);
    expect(without.riders.find((r) => r.employeeId === 13)).toEqual({
      employeeId: 13,
      name: "Nombre13 Apellido13",
      kind: "removed",
      from: "Ruta Sur",
      to: null,
    });
  });
});

describe("applyRequest", () => {
  it("sends the routes with riders, their stops in order, the proposal's version and parameters", () => {
    const routes = [...proposal().routes, route({ key: "empty", routeId: 2, stops: [] })];
    const body = applyRequest({
      shiftId: 7,
      destinationId: 5,
      dayIds: [2, 1],
      version: "v1",
      params: { serviceMinutes: 2, maxRideMinutes: 60 },
      routes,
    });
    expect(body).toMatchObject({
      shiftId: 7,
      destinationId: 5,
      dayIds: [1, 2],
      version: "v1",
      serviceMinutes: 2,
      maxRideMinutes: 60,
    });
    expect(body.routes).toHaveLength(1);
    expect(body.routes[0]).toMatchObject({ routeId: 1, name: "Ruta Norte", driverId: 1, seats: 4 });
    expect(nth(body.routes, 0).stops.map((s) => s.employeeIds)).toEqual([[11], [14], [12], [13]]);
    expect(nth(body.routes, 0).stops[0]).toEqual({
      name: "Parada s1",
      address: null,
      ...at(9),
      employeeIds: [11],
    });
  });

  it("names what keeps a plan from being applied", () => {
    expect(applyProblem([])).toBe("La propuesta no tiene rutas con colaboradores");
    expect(
      applyProblem([route({ key: "x", name: "Ruta X", driverId: null, stops: [stop("1", at(1), [1])] })]),
    ).toBe("Ruta X no tiene chofer");
    expect(
      applyProblem([route({ key: "x", name: "Ruta X", seats: null, stops: [stop("1", at(1), [1])] })]),
    ).toBe("Ruta X no tiene asientos");
    expect(applyProblem(proposal().routes)).toBeNull();
  });
});
