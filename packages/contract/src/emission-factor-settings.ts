import { z } from "zod";
import { EMISSION_KG_PER_KM, LITRES_PER_100_KM } from "./emission-factors.js";
import { VEHICLE_TYPES, type VehicleType } from "./supplier-rates.js";

/**
 * «Factores de emisión» (issue 36): the kg of CO₂ per km of each vehicle type, editable by
 * SuperAdmin and Admin. A type nobody edited uses the default of `emission-factors.ts` (DEFRA/DESNZ
 * diesel 2.68 kg CO₂e per litre × the litres per 100 km stated there).
 */

export const EMISSION_FACTOR_MAX_KG_PER_KM = 5;
export const EMISSION_FACTOR_TYPE_MESSAGE = "Tipo de vehículo inválido";
export const EMISSION_FACTOR_MESSAGE = "Factor de emisión inválido";
export const EMISSION_FACTOR_RANGE_MESSAGE = `El factor de emisión debe estar entre 0 y ${EMISSION_FACTOR_MAX_KG_PER_KM} kg de CO₂ por km`;
export const EMISSION_FACTOR_SAVED_MESSAGE = "Factor de emisión guardado";

export const emissionFactorSchema = z.object({
  vehicleType: z.enum(VEHICLE_TYPES),
  /** kg of CO₂ per km in use (the edited one, else the default). */
  kgPerKm: z.number(),
  defaultKgPerKm: z.number(),
  /** The consumption the default assumes (litres of diesel per 100 km). */
  litresPer100Km: z.number(),
  /** False: the default applies. */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmissionFactor = z.infer<typeof emissionFactorSchema>;

export const emissionFactorListResponseSchema = z.array(emissionFactorSchema);
export type EmissionFactorListResponse = z.infer<typeof emissionFactorListResponseSchema>;

export const emissionFactorUpdateRequestSchema = z.object({
  vehicleType: z.enum(VEHICLE_TYPES, { message: EMISSION_FACTOR_TYPE_MESSAGE }),
  kgPerKm: z
    .number({ message: EMISSION_FACTOR_MESSAGE })
    .finite(EMISSION_FACTOR_MESSAGE)
    .min(0, EMISSION_FACTOR_RANGE_MESSAGE)
    .max(EMISSION_FACTOR_MAX_KG_PER_KM, EMISSION_FACTOR_RANGE_MESSAGE),
});
export type EmissionFactorUpdateRequest = z.infer<typeof emissionFactorUpdateRequestSchema>;

export const emissionFactorUpdateResponseSchema = z.object({
  message: z.string(),
  factor: emissionFactorSchema,
});
export type EmissionFactorUpdateResponse = z.infer<typeof emissionFactorUpdateResponseSchema>;

/** Each type's factor: the edited ones over the defaults. */
export function emissionFactorsWith(
  edited: Partial<Record<VehicleType, number>>,
): Record<VehicleType, number> {
  return Object.fromEntries(
    VEHICLE_TYPES.map((type) => [type, edited[type] ?? EMISSION_KG_PER_KM[type]]),
  ) as Record<VehicleType, number>;
}

/** The default's consumption of a type (shown next to the factor). */
export const litresPer100KmOf = (type: VehicleType) => LITRES_PER_100_KM[type];
