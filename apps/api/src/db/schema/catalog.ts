// Master data the routes are built from: branch offices, suppliers, destinations and the days of the week.
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  createdAt,
  createdAtIdIndex,
  foldedSearchIndex,
  money,
  status,
  statusCheck,
  updatedAt,
} from "./columns.js";

export const branchOffices = pgTable(
  "branch_offices",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    telephone: text("telephone"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** «Ausente» waits this long at a stop (issue 35): after the later of arriving and the planned time. */
    noShowWaitMinutes: smallint("no_show_wait_minutes").notNull().default(2),
    /** Issue 38: the number Treiber App offers with an SOS (`tel:`), and who gets its e-mail. */
    emergencyPhone: text("emergency_phone"),
    emergencyEmails: text("emergency_emails").array().notNull().default(sql`'{}'::text[]`),
    /** The night window (local `HH:mm`, may wrap midnight) and the safe-arrival delays. */
    nightStart: text("night_start").notNull().default("20:00"),
    nightEnd: text("night_end").notNull().default("06:00"),
    safeArrivalAskMinutes: smallint("safe_arrival_ask_minutes").notNull().default(20),
    safeArrivalWaitMinutes: smallint("safe_arrival_wait_minutes").notNull().default(15),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("branch_offices_no_show_wait_check", sql`${t.noShowWaitMinutes} between 0 and 60`),
    check(
      "branch_offices_safe_arrival_check",
      sql`${t.safeArrivalAskMinutes} between 1 and 180 and ${t.safeArrivalWaitMinutes} between 1 and 120`,
    ),
    uniqueIndex("branch_offices_name_key").on(sql`lower(${t.name})`),
    index("branch_offices_created_at_idx").on(t.createdAt),
    createdAtIdIndex("branch_offices", t),
    foldedSearchIndex("branch_offices_search_trgm", t.name),
    statusCheck("branch_offices"),
  ],
);

export const suppliers = pgTable(
  "suppliers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    rnc: text("rnc"),
    contactName: text("contact_name"),
    telephone: text("telephone"),
    email: text("email"),
    /**
     * The rate a planned route's cost comes from (issue 33, decision 0061): `trip` (rate_amount
     * per trip), `km` (rate_amount per km of the route) or `vehicle` (rate_car … rate_bus per trip
     * by the type of the driver's vehicle); null: no rate.
     */
    rateType: text("rate_type"),
    rateAmount: money("rate_amount"),
    rateCar: money("rate_car"),
    rateVan: money("rate_van"),
    rateMinibus: money("rate_minibus"),
    rateBus: money("rate_bus"),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("suppliers_name_key").on(sql`lower(${t.name})`),
    uniqueIndex("suppliers_rnc_key").on(t.rnc),
    index("suppliers_created_at_idx").on(t.createdAt),
    createdAtIdIndex("suppliers", t),
    foldedSearchIndex("suppliers_search_trgm", t.name),
    statusCheck("suppliers"),
    check("suppliers_rate_type_check", sql`${t.rateType} in ('trip', 'km', 'vehicle')`),
    check(
      "suppliers_rates_check",
      sql`${t.rateAmount} >= 0 and ${t.rateCar} >= 0 and ${t.rateVan} >= 0 and ${t.rateMinibus} >= 0 and ${t.rateBus} >= 0`,
    ),
  ],
);

export const destinations = pgTable(
  "destinations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    address: text("address"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("destinations_name_key").on(sql`lower(${t.name})`),
    index("destinations_created_at_idx").on(t.createdAt),
    createdAtIdIndex("destinations", t),
    foldedSearchIndex("destinations_search_trgm", t.name),
  ],
);

/** Days of the week, 1 = Lunes … 7 = Domingo (ISO order), filled by a migration. */
export const days = pgTable("days", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull(),
});
