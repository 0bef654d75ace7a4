import { type PlanParams, type PlanRoute, scheduleStops } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { standingAsDay } from "./standing-as-day.js";

const params: PlanParams = {
  direction: "inbound",
  shiftTime: "08:00",
  workplace: { latitude: 18.47, longitude: -69.94 },
  speedKmh: 27,
  circuity: 1.3,
  serviceMinutes: 1,
  maxRideMinutes: 60,
};

const stop = (key: string, north: number, employeeIds: number[]) => ({
  key,
  name: key,
  address: null,
  latitude: 18.47 + north / 111,
  longitude: -69.94,
  plannedTime: "06:00",
  employeeIds,
});

const route = (id: number, stops: PlanRoute["stops"]): PlanRoute => ({
  key: `route-${id}`,
  routeId: id,
  name: `Ruta ${id}`,
  driverId: id,
  driverName: null,
  supplierName: null,
  vehiclePlate: null,
  seats: 10,
  cost: 100,
  stops,
});

describe("standingAsDay", () => {
  it("keeps each route's stops in order with the model's times and leaves out the routes nobody rides", () => {
    const stops = [stop("a", 6, [1]), stop("b", 3, [2, 3])];
    const day = standingAsDay([route(1, stops), route(2, [])], params);
    expect(day.map((r) => r.routeId)).toEqual([1]);
    expect(day[0]?.stops.map((s) => s.key)).toEqual(["a", "b"]);
    expect(day[0]?.stops.map((s) => s.plannedTime)).toEqual(
      scheduleStops(stops, params).stops.map((s) => s.plannedTime),
    );
    expect(day[0]?.stops.flatMap((s) => s.employeeIds)).toEqual([1, 2, 3]);
  });
});
