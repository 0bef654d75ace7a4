import {
  SUPPLIER_RATE_TYPE_LABELS,
  type SupplierRate,
  VEHICLE_TYPE_NAMES,
  VEHICLE_TYPES,
} from "@treiber/contract";

/** A rate's amount with its cents (US$2.50): a rate per km is usually a fraction of a dollar. */
const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
export const formatRateAmount = (amount: number) => usd.format(amount);

/**
 * A supplier's rate in words: «$45.00 por viaje», «$2.50 por km», «Por tipo de vehículo: Van
 * $35.00, Minibús $55.00», or «Sin tarifa» (planned routes of its drivers cost $0).
 */
export function rateText(rate: SupplierRate): string {
  if (rate.rateType === "trip" && rate.rateAmount !== null)
    return `${formatRateAmount(rate.rateAmount)} por viaje`;
  if (rate.rateType === "km" && rate.rateAmount !== null)
    return `${formatRateAmount(rate.rateAmount)} por km`;
  if (rate.rateType === "vehicle") {
    const priced = VEHICLE_TYPES.flatMap((type) => {
      const amount = rate.vehicleRates[type];
      return amount === null ? [] : [`${VEHICLE_TYPE_NAMES[type]} ${formatRateAmount(amount)}`];
    });
    return `${SUPPLIER_RATE_TYPE_LABELS.vehicle}: ${priced.join(", ") || "sin montos"}`;
  }
  return "Sin tarifa";
}
