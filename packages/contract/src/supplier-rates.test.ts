import { describe, expect, it } from "vitest";
import { supplierCreateSchema, supplierUpdateSchema } from "./catalog.js";
import { type PlanParams, planRouteCost, zeroCostRoutes } from "./planning.js";
import {
  NO_RATE,
  RATE_REQUIRED_MESSAGE,
  rateCost,
  type SupplierRate,
  VEHICLE_RATES_REQUIRED_MESSAGE,
  vehicleTypeOf,
} from "./supplier-rates.js";

const rate = (value: Partial<SupplierRate>): SupplierRate => ({ ...NO_RATE, ...value });
const base = { name: "Transportes Norte", telephone: "(809) 555-1234" };
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("supplier rates (issue 33)", () => {
  it("tells the vehicle type by its seats", () => {
    expect([1, 4, 5, 15, 16, 30, 31, 60].map(vehicleTypeOf)).toEqual([
      "car",
      "car",
      "van",
      "van",
      "minibus",
      "minibus",
      "bus",
      "bus",
    ]);
    expect(vehicleTypeOf(null)).toBeNull();
    expect(vehicleTypeOf(0)).toBeNull();
  });

  it("prices a trip per trip, per km of the route, or by the vehicle's type; null when it cannot", () => {
    expect(rateCost(rate({ rateType: "trip", rateAmount: 45 }), { km: 12.3, seats: 15 })).toBe(45);
    expect(rateCost(rate({ rateType: "km", rateAmount: 2.5 }), { km: 12.3, seats: 15 })).toBe(30.75);
    const byType = rate({
      rateType: "vehicle",
      vehicleRates: { car: null, van: 35, minibus: 55, bus: null },
    });
    expect(rateCost(byType, { km: 10, seats: 15 })).toBe(35);
    expect(rateCost(byType, { km: 10, seats: 29 })).toBe(55);
    expect(rateCost(byType, { km: 10, seats: 40 })).toBeNull();
    expect(rateCost(NO_RATE, { km: 10, seats: 15 })).toBeNull();
  });

  it("a planned route costs its rate, else its driver's own cost here, else 0; $0 routes with riders are told", () => {
    const params: PlanParams = {
      direction: "inbound",
      shiftTime: "08:00",
      workplace: { latitude: 18.45, longitude: -69.95 },
      speedKmh: 30,
      circuity: 1,
      serviceMinutes: 2,
      maxRideMinutes: 60,
    };
    // 10 km north of the workplace.
    const route = { stops: [{ latitude: 18.45 + 10 / 111.195, longitude: -69.95 }], seats: 15 };
    const km = rate({ rateType: "km", rateAmount: 3 });
    expect(planRouteCost(route, { seats: 15, rate: km, cost: 99 }, params)).toBe(30);
    expect(planRouteCost(route, { seats: 15, rate: NO_RATE, cost: 99 }, params)).toBe(99);
    expect(planRouteCost(route, null, params)).toBe(0);
    const stop = (employeeIds: number[]) => ({ employeeIds });
    const free = { name: "A", cost: 0, stops: [stop([1])] };
    const paid = { name: "B", cost: 10, stops: [stop([2])] };
    const empty = { name: "C", cost: 0, stops: [stop([])] };
    expect(zeroCostRoutes([free, paid, empty]).map((r) => r.name)).toEqual(["A"]);
  });

  it("the supplier's form: a rate needs its amount; absent keeps the stored one", () => {
    expect(supplierCreateSchema.safeParse(base).success).toBe(true);
    expect(supplierCreateSchema.parse(base).rateType).toBeUndefined();
    expect(issues(supplierCreateSchema.safeParse({ ...base, rateType: "trip" }))).toEqual({
      rateAmount: RATE_REQUIRED_MESSAGE,
    });
    expect(issues(supplierCreateSchema.safeParse({ ...base, rateType: "km", rateAmount: 0 }))).toEqual({
      rateAmount: RATE_REQUIRED_MESSAGE,
    });
    expect(issues(supplierUpdateSchema.safeParse({ ...base, id: 1, rateType: "vehicle" }))).toEqual({
      vehicleRates: VEHICLE_RATES_REQUIRED_MESSAGE,
    });
    expect(
      supplierUpdateSchema.safeParse({ ...base, id: 1, rateType: "vehicle", vehicleRates: { van: 35 } })
        .success,
    ).toBe(true);
    expect(issues(supplierCreateSchema.safeParse({ ...base, rateType: "trip", rateAmount: 1.234 }))).toEqual({
      rateAmount: "La tarifa admite como máximo 2 decimales",
    });
    expect(issues(supplierCreateSchema.safeParse({ ...base, rateType: "hour", rateAmount: 5 }))).toEqual({
      rateType: "Tipo de tarifa inválido",
    });
    expect(supplierCreateSchema.safeParse({ ...base, rateType: null }).success).toBe(true);
  });
});
