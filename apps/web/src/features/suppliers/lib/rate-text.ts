import { formatMoneyCents } from "@treiber/client/format";
import {
  SUPPLIER_RATE_TYPE_LABELS,
  type SupplierRate,
  VEHICLE_TYPE_NAMES,
  VEHICLE_TYPES,
} from "@treiber/contract";

/**
 * A supplier's rate in words: «$45.00 por viaje», «$2.50 por km», «Por tipo de vehículo: Van
 * $35.00, Minibús $55.00», or «Sin tarifa» (planned routes of its drivers cost $0).
 */
export function rateText(rate: SupplierRate): string {
  if (rate.rateType === "trip" && rate.rateAmount !== null)
    return `${formatMoneyCents(rate.rateAmount)} por viaje`;
  if (rate.rateType === "km" && rate.rateAmount !== null)
    return `${formatMoneyCents(rate.rateAmount)} por km`;
  if (rate.rateType === "vehicle") {
    const priced = VEHICLE_TYPES.flatMap((type) => {
      const amount = rate.vehicleRates[type];
      return amount === null ? [] : [`${VEHICLE_TYPE_NAMES[type]} ${formatMoneyCents(amount)}`];
    });
    return `${SUPPLIER_RATE_TYPE_LABELS.vehicle}: ${priced.join(", ") || "sin montos"}`;
  }
  return "Sin tarifa";
}
