import { planFigures } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { at, driver, nth, PARAMS, proposal } from "../test/planning-data";
import { type PlanDraft, planDraftReducer, remainingUnassigned } from "./plan-draft";

const loaded = () => planDraftReducer(null, { type: "load", proposal: proposal(), serial: 1 }) as PlanDraft;

describe("planDraftReducer", () => {
  it("loads a proposal, counts the moves and drops the draft on discard", () => {
    const draft = loaded();
    expect(draft.moves).toBe(0);
    const moved = planDraftReducer(draft, {
      type: "moveStop",
      stopKey: "s4",
      // The page names it «<Turno> <n>» (nextRouteName): the route takes the name as given.
      target: { kind: "new", driver: driver({ driverId: 3, seats: 15, cost: 80 }), name: "Mañana 2" },
    });
    expect(moved?.moves).toBe(1);
    expect(moved?.routes.map((route) => [route.name, route.stops.map((stop) => stop.key)])).toEqual([
      ["Ruta Norte", ["s1", "s2", "s3"]],
      ["Mañana 2", ["s4"]],
    ]);
    // One more vehicle and its cost, the riders unchanged.
    const before = planFigures(draft.routes, PARAMS);
    const after = planFigures(moved?.routes ?? [], PARAMS);
    expect(after.vehicles).toBe(before.vehicles + 1);
    expect(after.cost).toBe(before.cost + 80);
    expect(after.riders).toBe(before.riders);
    expect(planDraftReducer(moved, { type: "discard" })).toBeNull();
  });

  it("keeps the draft as it was for a move that changes nothing, without opening a route", () => {
    const draft = loaded();
    const same = planDraftReducer(draft, {
      type: "moveRider",
      employeeId: 99,
      home: null,
      target: { kind: "new", driver: driver({ driverId: 3 }), name: "Mañana" },
    });
    expect(same).toBe(draft);
  });

  it("takes a rider the admin places off the unassigned list", () => {
    const draft = loaded();
    expect(remainingUnassigned(draft).map((rider) => rider.employeeId)).toEqual([15]);
    const placed = planDraftReducer(draft, {
      type: "moveRider",
      employeeId: 15,
      home: { employeeId: 15, name: "Nombre15 Apellido15", address: null, ...at(4) },
      target: { kind: "route", key: "p1" },
    }) as PlanDraft;
    expect(remainingUnassigned(placed)).toEqual([]);
    expect(nth(placed.routes, 0).stops.map((stop) => stop.key)).toEqual(["s1", "s2", "s3", "rider-15", "s4"]);
  });
});
