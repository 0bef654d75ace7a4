import { NO_RATE, type PlanParams, routeFigures, routeWarnings } from "@treiber/contract";
import { solve } from "@treiber/planner";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ClusteredStop } from "./cluster-stops.js";
import { type ProposalVehicle, planRoutes, routeNamer, unassignedRiders } from "./read-solution.js";
import { plannerMaxRide, vroomProblem } from "./vroom-problem.js";

const workplace = { latitude: 18.4697, longitude: -69.9386 };

const stopArbitrary = fc.record({
  north: fc.double({ min: -25, max: 25, noNaN: true }),
  east: fc.double({ min: -25, max: 25, noNaN: true }),
  riders: fc.integer({ min: 1, max: 4 }),
});

function stopsOf(specs: { north: number; east: number; riders: number }[]): ClusteredStop[] {
  let next = 1;
  return specs.map((spec, i) => ({
    key: `stop-${i}`,
    name: `Parada ${i + 1}`,
    address: null,
    latitude: workplace.latitude + spec.north / 111.195,
    longitude: workplace.longitude + spec.east / 105.4,
    employeeIds: Array.from({ length: spec.riders }, () => next++),
  }));
}

const vehicle = (driverId: number, seats: number): ProposalVehicle => ({
  driverId,
  seats,
  cost: 25,
  driverName: `Chofer ${driverId}`,
  supplierName: null,
  vehiclePlate: null,
  routeId: null,
  routeName: null,
  pricing: { seats, rate: NO_RATE, cost: 25 },
});

describe("vroomProblem and the shared schedule", () => {
  it("a route the planner keeps within the maximum ride shows no warning on the page's schedule, both directions", () => {
    fc.assert(
      fc.property(
        fc.array(stopArbitrary, { minLength: 1, maxLength: 12 }),
        fc.constantFrom("inbound", "outbound"),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 15, max: 90 }),
        fc.constantFrom("06:30", "08:00", "13:10", "17:00", "23:45"),
        (specs, direction, serviceMinutes, maxRideMinutes, shiftTime) => {
          const params: PlanParams = {
            direction: direction as PlanParams["direction"],
            shiftTime,
            workplace,
            speedKmh: 27,
            circuity: 1.3,
            serviceMinutes,
            maxRideMinutes,
          };
          const stops = stopsOf(specs);
          const vehicles = [vehicle(1, 6), vehicle(2, 8), vehicle(3, 10)];
          const output = solve(vroomProblem(stops, vehicles, params), { iterations: 150 });
          const routes = planRoutes(
            output,
            stops,
            vehicles,
            params,
            routeNamer("Turno", [], "Turno – Destino"),
          );
          for (const route of routes) {
            expect(routeWarnings(route, params)).toEqual([]);
            expect(routeFigures(route, params).riders).toBeLessThanOrEqual(route.seats ?? 0);
          }
          const served = routes.flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds));
          const left = unassignedRiders(output, stops).map((entry) => entry.employeeId);
          expect([...served, ...left].sort((a, b) => a - b)).toEqual(
            stops.flatMap((stop) => stop.employeeIds),
          );
        },
      ),
      { numRuns: 40, seed: 23 },
    );
  });

  it("gives the planner the maximum ride minus the rider's own stop inbound, the whole ride outbound", () => {
    const base = {
      shiftTime: "08:00",
      workplace,
      speedKmh: 30,
      circuity: 1.3,
      serviceMinutes: 2,
      maxRideMinutes: 60,
    };
    expect(plannerMaxRide({ ...base, direction: "inbound" })).toBe(58 * 60);
    expect(plannerMaxRide({ ...base, direction: "outbound" })).toBe(60 * 60);
  });

  it("new routes get numbers not taken yet by the shift's name, case-insensitively", () => {
    const names = routeNamer("Mañana", ["mañana 1 · Naco", "Mañana 3", "Mañana – Naco 2"], "Mañana – Naco");
    const at = (address: string) => [{ name: "Parada 1", address }];
    expect([names.next(at("Calle A, Naco")), names.next([]), names.next(at("Calle B, Piantini"))]).toEqual([
      "Mañana 2 · Naco",
      "Mañana 4",
      "Mañana 5 · Piantini",
    ]);
    expect(names.peek()).toBe(6);
  });
});
