import { z } from "zod";
import { numberField } from "./common.js";

/**
 * A supplier's rate (issue 33): what one trip of a planned route costs. Planificación writes it
 * as the route's cost per trip when it applies a plan, and the cuts bill that cost (decision 0061).
 * `trip`: a fixed amount per trip; `km`: an amount per km of the route; `vehicle`: an amount per
 * trip for each type of vehicle, the type told by the vehicle's seats.
 */
export const SUPPLIER_RATE_TYPES = ["trip", "km", "vehicle"] as const;
export type SupplierRateType = (typeof SUPPLIER_RATE_TYPES)[number];
export const SUPPLIER_RATE_TYPE_LABELS: Record<SupplierRateType, string> = {
  trip: "Por viaje",
  km: "Por km",
  vehicle: "Por tipo de vehículo",
};

/** Vehicle types by seats (the driver's vehicle capacity): the drivers record no other type. */
export const VEHICLE_TYPES = ["car", "van", "minibus", "bus"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
/** Inclusive seat ranges of each type; a bus has 31 or more. */
export const VEHICLE_TYPE_SEATS: Record<VehicleType, readonly [number, number]> = {
  car: [1, 4],
  van: [5, 15],
  minibus: [16, 30],
  bus: [31, Number.POSITIVE_INFINITY],
};
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  car: "Carro (1 a 4 asientos)",
  van: "Van (5 a 15 asientos)",
  minibus: "Minibús (16 a 30 asientos)",
  bus: "Autobús (31 asientos o más)",
};
/** Short names, for a line of text. */
export const VEHICLE_TYPE_NAMES: Record<VehicleType, string> = {
  car: "Carro",
  van: "Van",
  minibus: "Minibús",
  bus: "Autobús",
};

/** The type of a vehicle with `seats` seats; null without seats. */
export function vehicleTypeOf(seats: number | null | undefined): VehicleType | null {
  if (seats === null || seats === undefined || !Number.isFinite(seats) || seats < 1) return null;
  return VEHICLE_TYPES.find((type) => seats <= VEHICLE_TYPE_SEATS[type][1]) ?? null;
}

export const RATE_MESSAGE = "Tarifa inválida";
export const RATE_TYPE_MESSAGE = "Tipo de tarifa inválido";
export const RATE_REQUIRED_MESSAGE = "Indique la tarifa";
export const VEHICLE_RATES_REQUIRED_MESSAGE = "Indique la tarifa de al menos un tipo de vehículo";
export const RATE_DECIMALS_MESSAGE = "La tarifa admite como máximo 2 decimales";

/** An amount of a rate: ≥ 0, at most 2 decimals. */
export const rateAmountSchema = numberField(RATE_MESSAGE)
  .refine(Number.isFinite, RATE_MESSAGE)
  .refine((value) => value >= 0, "La tarifa no puede ser negativa")
  .refine((value) => value <= 9_999_999.99, RATE_MESSAGE)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, RATE_DECIMALS_MESSAGE);

const nullableAmount = rateAmountSchema.nullable();

/** The rate as the API answers it. */
export const supplierRateSchema = z.object({
  rateType: z.enum(SUPPLIER_RATE_TYPES).nullable(),
  /** Per trip (`trip`) or per km (`km`); null for `vehicle` or without a rate. */
  rateAmount: z.number().nullable(),
  /** Per trip for each vehicle type (`vehicle`); a type without an amount is not priced. */
  vehicleRates: z.object({
    car: z.number().nullable(),
    van: z.number().nullable(),
    minibus: z.number().nullable(),
    bus: z.number().nullable(),
  }),
});
export type SupplierRate = z.infer<typeof supplierRateSchema>;

export const NO_VEHICLE_RATES: SupplierRate["vehicleRates"] = {
  car: null,
  van: null,
  minibus: null,
  bus: null,
};
export const NO_RATE: SupplierRate = { rateType: null, rateAmount: null, vehicleRates: NO_VEHICLE_RATES };

/**
 * The rate fields of `POST`/`PUT Supplier`. Absent keeps what is stored (the spec's supplier form
 * does not send them); `rateType` null removes the rate.
 */
export const supplierRateInputShape = {
  rateType: z.enum(SUPPLIER_RATE_TYPES, { message: RATE_TYPE_MESSAGE }).nullable().optional(),
  rateAmount: nullableAmount.optional(),
  vehicleRates: z
    .object({
      car: nullableAmount.optional(),
      van: nullableAmount.optional(),
      minibus: nullableAmount.optional(),
      bus: nullableAmount.optional(),
    })
    .nullable()
    .optional(),
};

type RateInput = {
  rateType?: SupplierRateType | null;
  rateAmount?: number | null;
  vehicleRates?: Partial<Record<VehicleType, number | null>> | null;
};

/** A rate per trip or per km needs its amount above 0; a rate by vehicle type, at least one. */
export function checkRateInput(value: RateInput, ctx: z.RefinementCtx) {
  if (value.rateType === "trip" || value.rateType === "km") {
    if (!value.rateAmount || value.rateAmount <= 0) {
      ctx.addIssue({ code: "custom", path: ["rateAmount"], message: RATE_REQUIRED_MESSAGE });
    }
  }
  if (value.rateType === "vehicle") {
    const rates = value.vehicleRates ?? {};
    if (!VEHICLE_TYPES.some((type) => (rates[type] ?? 0) > 0)) {
      ctx.addIssue({ code: "custom", path: ["vehicleRates"], message: VEHICLE_RATES_REQUIRED_MESSAGE });
    }
  }
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * What one trip of a route costs under the rate: per trip, the amount; per km, the amount times
 * the route's km; by vehicle type, the amount for the type of a vehicle with `seats`. Null when the
 * rate does not price it (no rate, no amount, a vehicle type without amount).
 */
export function rateCost(
  rate: SupplierRate | null | undefined,
  route: { km: number; seats: number | null },
): number | null {
  if (!rate) return null;
  if (rate.rateType === "trip") return rate.rateAmount;
  if (rate.rateType === "km") return rate.rateAmount === null ? null : cents(rate.rateAmount * route.km);
  if (rate.rateType === "vehicle") {
    const type = vehicleTypeOf(route.seats);
    return type ? rate.vehicleRates[type] : null;
  }
  return null;
}

/**
 * `POST`/`PUT Supplier`: the supplier's id, and how many planned routes at $0 of its drivers the
 * rate just priced (decision 0061: a rate given prices, in the same transaction, the routes the
 * planner wrote at $0 before the supplier had one).
 */
export const supplierSavedResponseSchema = z.object({
  id: z.number().int(),
  pricedRoutes: z.number().int(),
});
export type SupplierSavedResponse = z.infer<typeof supplierSavedResponseSchema>;

/** «3 rutas con costo actualizado», «1 ruta con costo actualizado». */
export const pricedRoutesText = (count: number) =>
  count === 1 ? "1 ruta con costo actualizado" : `${count} rutas con costo actualizado`;
