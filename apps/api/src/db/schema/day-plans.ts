// Plans of the day (issue 36): one date of a shift to one workplace planned for who rides it.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { destinations } from "./catalog.js";
import { timestamptz } from "./columns.js";
import { employees } from "./people.js";
import { routes } from "./routes.js";
import { shifts } from "./shifts.js";

/** Vehicles, km, cost, riders and kg of CO₂ of a plan of one date. */
export type DayPlanFigures = {
  vehicles: number;
  riders: number;
  km: number;
  seatFill: number | null;
  longestRideMinutes: number;
  cost: number;
  co2Kg: number;
};

/**
 * The plan of one date of a shift to one workplace: which of its standing routes run that date
 * (day_plan_routes), their stops in order with planned times (day_route_stops) and who rides each
 * (day_stop_riders). Without a row the date runs the standing plan.
 */
export const dayPlans = pgTable(
  "day_plans",
  {
    id: serial("id").primaryKey(),
    shiftId: integer("shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "cascade" }),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    /** `auto` («Automático» at the cut-off) | `admin`. */
    source: text("source").notNull(),
    appliedAt: timestamptz("applied_at").notNull().defaultNow(),
    appliedByUserId: integer("applied_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The standing plan's figures for that date's riders, and the day's. */
    standing: jsonb("standing").$type<DayPlanFigures>().notNull(),
    day: jsonb("day").$type<DayPlanFigures>().notNull(),
  },
  (t) => [
    uniqueIndex("day_plans_shift_destination_date_key").on(t.shiftId, t.destinationId, t.serviceDate),
    index("day_plans_date_idx").on(t.serviceDate),
    check("day_plans_source_check", sql`${t.source} in ('auto', 'admin')`),
  ],
);

/** Each standing route of the shift there on that date: it runs (with its day's stops) or is released. */
export const dayPlanRoutes = pgTable(
  "day_plan_routes",
  {
    dayPlanId: integer("day_plan_id")
      .notNull()
      .references(() => dayPlans.id, { onDelete: "cascade" }),
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    runs: boolean("runs").notNull(),
  },
  (t) => [
    primaryKey({ name: "day_plan_routes_pkey", columns: [t.dayPlanId, t.routeId] }),
    uniqueIndex("day_plan_routes_route_date_key").on(t.routeId, t.serviceDate),
  ],
);

/** A running route's stops on that date, in order, with their planned times. */
export const dayRouteStops = pgTable(
  "day_route_stops",
  {
    dayPlanId: integer("day_plan_id")
      .notNull()
      .references(() => dayPlans.id, { onDelete: "cascade" }),
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    address: text("address"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    plannedTime: time("planned_time").notNull(),
  },
  (t) => [
    primaryKey({ name: "day_route_stops_pkey", columns: [t.routeId, t.serviceDate, t.position] }),
    index("day_route_stops_plan_idx").on(t.dayPlanId),
    check("day_route_stops_position_check", sql`${t.position} >= 1`),
  ],
);

/** Who boards (inbound) or alights (outbound) at a day's stop. */
export const dayStopRiders = pgTable(
  "day_stop_riders",
  {
    dayPlanId: integer("day_plan_id")
      .notNull()
      .references(() => dayPlans.id, { onDelete: "cascade" }),
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    position: smallint("position").notNull(),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "day_stop_riders_pkey", columns: [t.employeeId, t.routeId, t.serviceDate] }),
    index("day_stop_riders_employee_date_idx").on(t.employeeId, t.serviceDate),
    index("day_stop_riders_plan_idx").on(t.dayPlanId),
  ],
);

/**
 * «Automático»: the (shift, workplace, date) whose cut-off the server already handled; inserting
 * the row is the «once» between instances. `outcome`: applied | kept (the standing plan stays).
 */
export const dayPlanAutoRuns = pgTable(
  "day_plan_auto_runs",
  {
    shiftId: integer("shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "cascade" }),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    ranAt: timestamptz("ran_at").notNull().defaultNow(),
    outcome: text("outcome"),
  },
  (t) => [
    primaryKey({ name: "day_plan_auto_runs_pkey", columns: [t.shiftId, t.destinationId, t.serviceDate] }),
  ],
);
