import { type VehicleType, vehicleTypeOf } from "./supplier-rates.js";

/**
 * Default CO₂ per km of each vehicle type (issue 36, «kg CO₂ evitados»): the diesel factor of the
 * UK government's greenhouse gas conversion factors (DEFRA/DESNZ, «Greenhouse gas reporting:
 * conversion factors», fuels: diesel ≈ 2.68 kg CO₂ per litre) times a consumption per type in
 * litres per 100 km (car 7, van 10, minibus 16, bus 30). The consumptions are Treiber's own
 * assumptions for urban driving, not taken from a published source: the UI and the docs say so,
 * and an admin replaces them with the fleet's measured figures in «Factores de emisión». The one
 * place these defaults live.
 */
export const DIESEL_KG_CO2_PER_LITRE = 2.68;
export const LITRES_PER_100_KM: Record<VehicleType, number> = { car: 7, van: 10, minibus: 16, bus: 30 };
export const EMISSION_KG_PER_KM: Record<VehicleType, number> = {
  car: (DIESEL_KG_CO2_PER_LITRE * LITRES_PER_100_KM.car) / 100,
  van: (DIESEL_KG_CO2_PER_LITRE * LITRES_PER_100_KM.van) / 100,
  minibus: (DIESEL_KG_CO2_PER_LITRE * LITRES_PER_100_KM.minibus) / 100,
  bus: (DIESEL_KG_CO2_PER_LITRE * LITRES_PER_100_KM.bus) / 100,
};
/** A vehicle without known seats counts as a minibus (the usual staff-transport vehicle). */
export const DEFAULT_EMISSION_TYPE: VehicleType = "minibus";

/** kg of CO₂ of `km` driven by a vehicle of `seats` seats (one decimal). */
export function co2KgOf(km: number, seats: number | null | undefined, factors = EMISSION_KG_PER_KM): number {
  const type = vehicleTypeOf(seats) ?? DEFAULT_EMISSION_TYPE;
  return Math.round(km * factors[type] * 10) / 10;
}
