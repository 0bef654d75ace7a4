// Routes (scheduled, with days, drivers and riders) and not-scheduled routes with their riders.
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { days, destinations } from "./catalog.js";
import {
  createdAt,
  createdAtIdIndex,
  foldedSearchIndex,
  money,
  status,
  statusCheck,
  timestamptz,
  updatedAt,
} from "./columns.js";
import { drivers, employees } from "./people.js";

export const routes = pgTable(
  "routes",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "restrict" }),
    departureTime: time("departure_time"),
    cost: money("cost").notNull().default("0"),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("routes_name_key").on(sql`lower(${t.name})`),
    index("routes_destination_idx").on(t.destinationId),
    index("routes_created_at_idx").on(t.createdAt),
    createdAtIdIndex("routes", t),
    foldedSearchIndex("routes_search_trgm", t.name),
    check("routes_cost_check", sql`${t.cost} >= 0`),
    statusCheck("routes"),
  ],
);

export const routeDays = pgTable(
  "route_days",
  {
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    dayId: smallint("day_id")
      .notNull()
      .references(() => days.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.dayId] })],
);

export const routeDrivers = pgTable(
  "route_drivers",
  {
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    driverId: integer("driver_id")
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.driverId] }), index("route_drivers_driver_idx").on(t.driverId)],
);

export const routeEmployees = pgTable(
  "route_employees",
  {
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.employeeId] }),
    index("route_employees_employee_idx").on(t.employeeId),
  ],
);

export const routesNotScheduled = pgTable(
  "routes_not_scheduled",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    scheduledAt: timestamptz("scheduled_at").notNull(),
    driverId: integer("driver_id")
      .notNull()
      .references(() => drivers.id, { onDelete: "restrict" }),
    cost: money("cost").notNull().default("0"),
    originAddress: text("origin_address"),
    originLatitude: doublePrecision("origin_latitude"),
    originLongitude: doublePrecision("origin_longitude"),
    destinationId: integer("destination_id").references(() => destinations.id, { onDelete: "restrict" }),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("routes_not_scheduled_scheduled_at_idx").on(t.scheduledAt),
    index("routes_not_scheduled_scheduled_at_id_idx").on(t.scheduledAt, t.id),
    index("routes_not_scheduled_driver_idx").on(t.driverId),
    check("routes_not_scheduled_cost_check", sql`${t.cost} >= 0`),
    statusCheck("routes_not_scheduled"),
  ],
);

export const routeNotScheduledEmployees = pgTable(
  "route_not_scheduled_employees",
  {
    routeNotScheduledId: integer("route_not_scheduled_id")
      .notNull()
      .references(() => routesNotScheduled.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.routeNotScheduledId, t.employeeId] }),
    index("route_not_scheduled_employees_employee_idx").on(t.employeeId),
  ],
);
