import type { SupplierRate, SupplierRateType, VehicleType } from "@treiber/contract";

/** The rate as a request gives it (decision 0061): absent `rateType` keeps the stored rate. */
export type SupplierRateInput = {
  rateType?: SupplierRateType | null;
  rateAmount?: number | null;
  vehicleRates?: Partial<Record<VehicleType, number | null>> | null;
};

type RateRow = {
  rateType: string | null;
  rateAmount: string | null;
  rateCar: string | null;
  rateVan: string | null;
  rateMinibus: string | null;
  rateBus: string | null;
};

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? null : value.toFixed(2);
const number = (value: string | null) => (value === null ? null : Number(value));

/**
 * The rate's columns to write: all of them when `rateType` is given (the other kind's amounts
 * cleared), none when it is absent (the stored rate stays).
 */
export function rateColumns(input: SupplierRateInput): Partial<RateRow> {
  if (input.rateType === undefined) return {};
  const vehicle = input.rateType === "vehicle" ? (input.vehicleRates ?? {}) : {};
  return {
    rateType: input.rateType,
    rateAmount: input.rateType === "trip" || input.rateType === "km" ? money(input.rateAmount) : null,
    rateCar: money(vehicle.car),
    rateVan: money(vehicle.van),
    rateMinibus: money(vehicle.minibus),
    rateBus: money(vehicle.bus),
  };
}

const RATE_TYPES: readonly string[] = ["trip", "km", "vehicle"];

/** The stored rate as the API answers it. */
export function rateOf(row: RateRow): SupplierRate {
  return {
    rateType: RATE_TYPES.includes(row.rateType ?? "") ? (row.rateType as SupplierRateType) : null,
    rateAmount: number(row.rateAmount),
    vehicleRates: {
      car: number(row.rateCar),
      van: number(row.rateVan),
      minibus: number(row.rateMinibus),
      bus: number(row.rateBus),
    },
  };
}

/** The rate a request gives, as the API answers it; null when it gives none (absent or removed). */
export function rateOfInput(input: SupplierRateInput): SupplierRate | null {
  if (!input.rateType) return null;
  const columns = rateColumns(input);
  return rateOf({
    rateType: columns.rateType ?? null,
    rateAmount: columns.rateAmount ?? null,
    rateCar: columns.rateCar ?? null,
    rateVan: columns.rateVan ?? null,
    rateMinibus: columns.rateMinibus ?? null,
    rateBus: columns.rateBus ?? null,
  });
}
