// Summary tables kept by triggers (docs/database.md lists them, their triggers and the writes that fire them): the application only reads them.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";
import { intermediateRoutes } from "./trips.js";

/** Boarded and canceled services per trip, kept by triggers on transport_services (migration 0004). */
export const tripRiders = pgTable(
  "trip_riders",
  {
    intermediateRouteId: integer("intermediate_route_id").primaryKey().notNull(),
    riders: integer("riders").notNull().default(0),
    canceled: integer("canceled").notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: "trip_riders_intermediate_route_id_fkey",
      columns: [t.intermediateRouteId],
      foreignColumns: [intermediateRoutes.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Each service of a finished trip with its share of the trip's cost in cents (the cost split
 * evenly among the boarded riders; 0 when canceled), kept by triggers on transport_services and
 * intermediate_routes (migration 0004).
 */
export const serviceShares = pgTable(
  "service_shares",
  {
    intermediateRouteId: integer("intermediate_route_id").notNull(),
    /** No foreign key: the rows follow transport_services, whose employee_id has one. */
    employeeId: integer("employee_id").notNull(),
    endedAt: timestamptz("ended_at").notNull(),
    /** The service's branch office snapshot (transport_services.branch_office_id). */
    branchOfficeId: integer("branch_office_id"),
    boarded: boolean("boarded").notNull(),
    shareCents: bigint("share_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "service_shares_pkey", columns: [t.intermediateRouteId, t.employeeId] }),
    foreignKey({
      name: "service_shares_intermediate_route_id_fkey",
      columns: [t.intermediateRouteId],
      foreignColumns: [intermediateRoutes.id],
    }).onDelete("cascade"),
    // The migration adds INCLUDE (employee_id, boarded, share_cents, intermediate_route_id).
    index("service_shares_ended_idx").on(t.endedAt),
  ],
);

/**
 * Each collaborator's services per UTC day of the trip's end, kept from service_shares by
 * triggers (migration 0005), per branch office snapshot of the services (migration 0009). The
 * migration's primary key also INCLUDEs trips, canceled, cost_cents.
 */
export const employeeDayTotals = pgTable(
  "employee_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    employeeId: integer("employee_id").notNull(),
    /** The services' branch office snapshot; 0 when the collaborator had none (migration 0009). */
    branchOfficeId: integer("branch_office_id").notNull().default(0),
    trips: integer("trips").notNull(),
    canceled: integer("canceled").notNull(),
    costCents: bigint("cost_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "employee_day_totals_pkey", columns: [t.day, t.employeeId, t.branchOfficeId] }),
    // Who boarded in a range of days: one probe per collaborator (Employee/services/stats, 0011).
    index("employee_day_totals_employee_day_idx").on(t.employeeId, t.day).where(sql`${t.trips} > 0`),
  ],
);

/**
 * Boarded and canceled services of finished trips per quarter hour (UTC) of the trip's
 * end, kept from service_shares by triggers (migration 0011). Every real UTC offset is a whole
 * number of quarter hours, so a caller's local days are whole sets of rows: a year's series per
 * day reads a few thousand rows whatever the number of trips.
 */
export const serviceQuarterTotals = pgTable("service_quarter_totals", {
  quarter: timestamptz("quarter").primaryKey(),
  boarded: integer("boarded").notNull(),
  canceled: integer("canceled").notNull(),
});

/**
 * Finished trips per quarter hour (UTC) of their end and supplier: scheduled and not-scheduled
 * trips and their cost in cents, kept from intermediate_routes by statement triggers
 * (migration 0012). Like service_quarter_totals, a caller's local days are whole sets of rows,
 * so a year's trip counts and supplier costs read a few thousand rows (decision 0032).
 */
export const tripQuarterTotals = pgTable(
  "trip_quarter_totals",
  {
    quarter: timestamptz("quarter").notNull(),
    supplierId: integer("supplier_id").notNull(),
    scheduled: integer("scheduled").notNull(),
    notScheduled: integer("not_scheduled").notNull(),
    costCents: bigint("cost_cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "trip_quarter_totals_pkey", columns: [t.quarter, t.supplierId] })],
);

/**
 * Finished trips per UTC month of their end and per route (0: not scheduled), not-scheduled route
 * (0: scheduled), route name snapshot ('' when none), supplier and driver: trips, boarded riders,
 * cost and cost charged (of trips somebody boarded) in cents, kept from intermediate_routes and
 * trip_riders by triggers (migration 0013). Route/report and Driver/report read a long range's
 * whole months here and only the partial months at its edges from the trips (decision 0035).
 */
export const tripMonthTotals = pgTable(
  "trip_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    routeId: integer("route_id").notNull(),
    routeNotScheduledId: integer("route_not_scheduled_id").notNull(),
    routeName: text("route_name").notNull(),
    supplierId: integer("supplier_id").notNull(),
    driverId: integer("driver_id").notNull(),
    trips: integer("trips").notNull(),
    riders: integer("riders").notNull(),
    costCents: bigint("cost_cents", { mode: "number" }).notNull(),
    chargedCents: bigint("charged_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({
      name: "trip_month_totals_pkey",
      columns: [t.month, t.routeId, t.routeNotScheduledId, t.supplierId, t.driverId, t.routeName],
    }),
  ],
);

/**
 * Each collaborator's services per UTC month of the trip's end and branch office snapshot, kept
 * from service_shares by triggers like employee_day_totals (migration 0013): Employee/report and
 * BranchOffice/report read a long range's whole months here (decision 0035).
 */
export const employeeMonthTotals = pgTable(
  "employee_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    employeeId: integer("employee_id").notNull(),
    branchOfficeId: integer("branch_office_id").notNull(),
    trips: integer("trips").notNull(),
    canceled: integer("canceled").notNull(),
    costCents: bigint("cost_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "employee_month_totals_pkey", columns: [t.month, t.employeeId, t.branchOfficeId] }),
  ],
);
