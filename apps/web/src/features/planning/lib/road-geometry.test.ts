import type { PlanRoute } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { fittingGeometry, travelSourceText } from "./road-geometry";

const stop = (key: string) => ({
  key,
  name: key,
  address: null,
  latitude: 18.5,
  longitude: -69.9,
  plannedTime: "07:30",
  employeeIds: [1],
});
const route = (key: string, stops: string[], geometry?: [number, number][]): PlanRoute => ({
  key,
  routeId: null,
  name: key,
  driverId: 1,
  driverName: "Chofer",
  supplierName: null,
  vehiclePlate: null,
  seats: 4,
  cost: 0,
  stops: stops.map(stop),
  ...(geometry && { geometry }),
});

describe("fittingGeometry", () => {
  const road: [number, number][] = [
    [18.5, -69.9],
    [18.47, -69.9],
    [18.47, -69.94],
  ];
  const proposed = [route("r1", ["a", "b"], road), route("r2", ["c"])];

  it("keeps the proposed road while the route has the same stops in the same order", () => {
    expect(fittingGeometry(route("r1", ["a", "b"]), proposed)).toEqual(road);
  });

  it("drops it once a move changed the stops (straight lines then), and without one", () => {
    expect(fittingGeometry(route("r1", ["b", "a"]), proposed)).toBeUndefined();
    expect(fittingGeometry(route("r1", ["a"]), proposed)).toBeUndefined();
    expect(fittingGeometry(route("r2", ["c"]), proposed)).toBeUndefined();
    expect(fittingGeometry(route("new", []), proposed)).toBeUndefined();
  });
});

describe("travelSourceText", () => {
  it("says when the routing server failed, when roads timed the plan, and nothing for the model", () => {
    const note = "El servidor de rutas no respondió a tiempo: tiempos y distancias estimados en línea recta";
    expect(travelSourceText({ travelSource: "model", travelNote: note })).toEqual({
      text: note,
      warning: true,
    });
    expect(travelSourceText({ travelSource: "roads", travelNote: null })?.text).toMatch(/por calles/);
    expect(travelSourceText({ travelSource: "model", travelNote: null })).toBeNull();
    expect(travelSourceText({})).toBeNull();
  });
});
