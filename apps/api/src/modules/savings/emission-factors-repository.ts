import {
  EMISSION_KG_PER_KM,
  type EmissionFactor,
  emissionFactorsWith,
  litresPer100KmOf,
  VEHICLE_TYPES,
  type VehicleType,
} from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { emissionFactors as emissionFactorsTable } from "../../db/schema.js";

type Conn = Db | Tx;

async function editedRows(conn: Conn) {
  return conn
    .select({
      vehicleType: emissionFactorsTable.vehicleType,
      kgPerKm: emissionFactorsTable.kgPerKm,
      updatedAt: emissionFactorsTable.updatedAt,
    })
    .from(emissionFactorsTable);
}

/**
 * The kg of CO₂ per km of each vehicle type in use: what an admin set in «Factores de emisión»,
 * else the contract's default (`EMISSION_KG_PER_KM`). Pass it to `co2KgOf(km, seats, factors)`.
 */
export async function emissionFactors(conn: Conn): Promise<Record<VehicleType, number>> {
  const rows = await editedRows(conn);
  return emissionFactorsWith(
    Object.fromEntries(rows.map((row) => [row.vehicleType, row.kgPerKm])) as Partial<
      Record<VehicleType, number>
    >,
  );
}

/** Each vehicle type's factor with its default and whether an admin edited it. */
export async function emissionFactorList(conn: Conn): Promise<EmissionFactor[]> {
  const rows = new Map((await editedRows(conn)).map((row) => [row.vehicleType, row]));
  return VEHICLE_TYPES.map((vehicleType) => {
    const row = rows.get(vehicleType);
    return {
      vehicleType,
      kgPerKm: row?.kgPerKm ?? EMISSION_KG_PER_KM[vehicleType],
      defaultKgPerKm: EMISSION_KG_PER_KM[vehicleType],
      litresPer100Km: litresPer100KmOf(vehicleType),
      edited: row !== undefined,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}

/** Sets a type's factor (insert or replace). */
export async function saveEmissionFactor(
  conn: Conn,
  vehicleType: VehicleType,
  kgPerKm: number,
  userId: number,
) {
  await conn
    .insert(emissionFactorsTable)
    .values({ vehicleType, kgPerKm, updatedByUserId: userId })
    .onConflictDoUpdate({
      target: emissionFactorsTable.vehicleType,
      set: { kgPerKm, updatedByUserId: userId, updatedAt: sql`now()` },
    });
}
