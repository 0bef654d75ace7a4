// «Factores de emisión» (issue 36): the kg of CO₂ per km an admin set for a vehicle type.
import { sql } from "drizzle-orm";
import { check, doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { timestamptz } from "./columns.js";

/**
 * One row per vehicle type an admin edited (car, van, minibus, bus); a type without a row uses the
 * default of `@treiber/contract` (`EMISSION_KG_PER_KM`).
 */
export const emissionFactors = pgTable(
  "emission_factors",
  {
    vehicleType: text("vehicle_type").primaryKey(),
    kgPerKm: doublePrecision("kg_per_km").notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("emission_factors_vehicle_type_check", sql`${t.vehicleType} in ('car', 'van', 'minibus', 'bus')`),
    check("emission_factors_kg_per_km_check", sql`${t.kgPerKm} >= 0 and ${t.kgPerKm} <= 5`),
  ],
);
