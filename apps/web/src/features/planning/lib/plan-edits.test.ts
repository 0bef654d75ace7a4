import { planFigures, routeFigures, routeWarnings, scheduleStops } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { at, driver, nth, PARAMS, route, stop } from "../test/planning-data";
import { addRouteFor, findRider, moveRider, moveStop, newRouteKey, reschedule } from "./plan-edits";

const twoRoutes = () => [
  reschedule(
    route({ key: "a", stops: [stop("a1", at(9), [1, 2]), stop("a2", at(3), [3])], seats: 3 }),
    PARAMS,
  ),
  reschedule(
    route({ key: "b", driverId: 2, stops: [stop("b1", at(6, 4), [4]), stop("b2", at(2, 4), [5])], seats: 2 }),
    PARAMS,
  ),
];

const keys = (routes: ReturnType<typeof twoRoutes>, key: string) =>
  routes.find((candidate) => candidate.key === key)?.stops.map((s) => s.key);

describe("moveStop", () => {
  it("moves the stop with its riders to the cheapest place of the target and reschedules both routes", () => {
    const routes = moveStop(twoRoutes(), "b1", "a", PARAMS);
    // 6 km north, 4 east: 4 km more between the 9 km and 3 km stops, 5 km more before the first.
    expect(keys(routes, "a")).toEqual(["a1", "b1", "a2"]);
    expect(keys(routes, "b")).toEqual(["b2"]);
    const a = nth(routes, 0);
    const schedule = scheduleStops(a.stops, PARAMS);
    expect(a.stops.map((s) => s.plannedTime)).toEqual(schedule.stops.map((s) => s.plannedTime));
    expect(nth(nth(routes, 1).stops, 0).plannedTime).toBe(
      nth(scheduleStops(nth(routes, 1).stops, PARAMS).stops, 0).plannedTime,
    );
  });

  it("changes the figures: more km and riders on the target, a seat warning when it overflows", () => {
    const before = twoRoutes();
    const after = moveStop(before, "b1", "a", PARAMS);
    const a0 = routeFigures(nth(before, 0), PARAMS);
    const a1 = routeFigures(nth(after, 0), PARAMS);
    expect(a1.riders).toBe(a0.riders + 1);
    expect(a1.km).toBeGreaterThan(a0.km);
    expect(a1.stops).toBe(3);
    expect(routeWarnings(nth(before, 0), PARAMS)).toEqual([]);
    expect(routeWarnings(nth(after, 0), PARAMS)).toEqual(["Ruta a: 4 colaboradores y 3 asientos"]);
    // The plan's totals follow: same vehicles, the riders all counted.
    expect(planFigures(after, PARAMS).riders).toBe(5);
    expect(planFigures(after, PARAMS).vehicles).toBe(2);
  });

  it("a route emptied by the moves no longer counts as a vehicle", () => {
    let routes = moveStop(twoRoutes(), "b1", "a", PARAMS);
    routes = moveStop(routes, "b2", "a", PARAMS);
    expect(keys(routes, "b")).toEqual([]);
    expect(planFigures(routes, PARAMS).vehicles).toBe(1);
  });

  it("warns when the longest ride passes the maximum", () => {
    const tight = { ...PARAMS, maxRideMinutes: 20 };
    const routes = moveStop(twoRoutes(), "b1", "a", tight);
    expect(routeWarnings(nth(routes, 0), tight).some((w) => w.includes("supera el máximo de 20 min"))).toBe(
      true,
    );
  });

  it("leaves the plan as it is for an unknown stop or the stop's own route", () => {
    const routes = twoRoutes();
    expect(moveStop(routes, "zz", "a", PARAMS)).toEqual(routes);
    expect(moveStop(routes, "a1", "a", PARAMS)).toEqual(routes);
  });
});

describe("moveRider", () => {
  const home = (employeeId: number, point = at(5, 4)) => ({
    employeeId,
    name: "Ana Ruiz",
    address: "Calle El Sol #12, Apto 3, Naco",
    ...point,
  });

  it("takes the rider off a shared stop and gives them a stop at home on the target route, named without the house", () => {
    const routes = moveRider(twoRoutes(), 2, "b", home(2), PARAMS);
    expect(nth(nth(routes, 0).stops, 0).employeeIds).toEqual([1]);
    // 5 km north, 4 east: on the way between b's 6 km and 2 km stops.
    expect(keys(routes, "b")).toEqual(["b1", "rider-2", "b2"]);
    const added = nth(nth(routes, 1).stops, 1);
    // Other riders may join it: the street without the number, not the rider's name or home.
    expect(added).toMatchObject({ name: "Calle El Sol", address: "Calle El Sol, Naco", employeeIds: [2] });
    expect(added.plannedTime).toMatch(/^\d\d:\d\d$/);
    expect(findRider(routes, 2)?.route.key).toBe("b");
  });

  it("removes the stop the rider leaves empty", () => {
    const routes = moveRider(twoRoutes(), 3, "b", home(3), PARAMS);
    expect(keys(routes, "a")).toEqual(["a1"]);
  });

  it("joins the target's stop at the very same place instead of adding one", () => {
    const routes = moveRider(twoRoutes(), 3, "b", home(3, at(2, 4)), PARAMS);
    expect(keys(routes, "b")).toEqual(["b1", "b2"]);
    expect(nth(nth(routes, 1).stops, 1).employeeIds).toEqual([5, 3]);
  });

  it("without a known home, boards where their old stop was", () => {
    const routes = moveRider(twoRoutes(), 3, "b", null, PARAMS);
    const added = nth(routes, 1).stops.find((s) => s.employeeIds.includes(3));
    expect(added).toMatchObject({ latitude: at(3).latitude, longitude: at(3).longitude, name: "Parada a2" });
  });

  it("adds an unassigned rider at home; a home without a street is «Parada N»", () => {
    const routes = moveRider(twoRoutes(), 9, "a", home(9, at(6)), PARAMS);
    expect(keys(routes, "a")).toEqual(["a1", "rider-9", "a2"]);
    const bare = moveRider(twoRoutes(), 9, "a", { ...home(9, at(6)), address: "#14" }, PARAMS);
    expect(nth(bare, 0).stops.find((s) => s.key === "rider-9")).toMatchObject({
      name: "Parada 3",
      address: null,
    });
  });

  it("gives a new stop a key no other stop has", () => {
    let routes = twoRoutes();
    routes = moveRider(routes, 9, "a", home(9, at(6)), PARAMS);
    routes = moveRider(routes, 8, "a", { ...home(8, at(6)), employeeId: 8 }, PARAMS);
    // Same place as rider 9: joins that stop.
    expect(nth(routes, 0).stops.find((s) => s.key === "rider-9")?.employeeIds).toEqual([9, 8]);
    routes = moveRider(routes, 9, "b", home(9, at(6, 4)), PARAMS);
    routes = moveRider(routes, 8, "b", home(8, at(6.2, 4)), PARAMS);
    expect(nth(routes, 0).stops.some((s) => s.key === "rider-9")).toBe(false);
    const all = routes.flatMap((r) => r.stops.map((s) => s.key));
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("addRouteFor", () => {
  it("opens an empty route for a driver with the name given, once", () => {
    const base = twoRoutes();
    const routes = addRouteFor(base, driver({ driverId: 3, seats: 15, cost: 80 }), "Mañana 3");
    expect(routes).toHaveLength(3);
    expect(routes[2]).toMatchObject({
      key: newRouteKey(3),
      routeId: null,
      name: "Mañana 3",
      driverId: 3,
      seats: 15,
      cost: 80,
      stops: [],
    });
    expect(addRouteFor(routes, driver({ driverId: 3 }), "Mañana 4")).toHaveLength(3);
    // A name the plan already has gets « (2)».
    expect(nth(addRouteFor(base, driver({ driverId: 4 }), nth(base, 0).name), 2).name).toBe(
      `${nth(base, 0).name} (2)`,
    );
  });
});
