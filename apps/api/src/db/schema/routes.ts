// Routes (scheduled, with days, drivers and riders) and not-scheduled routes with their riders.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  unique,
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
import { shifts } from "./shifts.js";

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
    /**
     * The cost is the one Planning/apply wrote (decision 0061), not typed by hand: at $0 it follows
     * its driver's supplier rate once the rate is set. Route/update clears it when the cost changes.
     */
    costFromPlan: boolean("cost_from_plan").notNull().default(false),
    /** The shift the route serves (its direction and time); null for a route not planned by shift. */
    shiftId: integer("shift_id").references(() => shifts.id, { onDelete: "restrict" }),
    /** Its own seats; null: the assigned drivers' vehicle capacity. */
    seats: smallint("seats"),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("routes_name_key").on(sql`lower(${t.name})`),
    index("routes_destination_idx").on(t.destinationId),
    index("routes_shift_idx").on(t.shiftId),
    check("routes_seats_check", sql`${t.seats} between 1 and 120`),
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

/** The ordered stops of a scheduled route: where, and when the bus is planned there (migration 0016). */
export const routeStops = pgTable(
  "route_stops",
  {
    id: serial("id").primaryKey(),
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    address: text("address"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    plannedTime: time("planned_time").notNull(),
  },
  (t) => [
    uniqueIndex("route_stops_route_position_key").on(t.routeId, t.position),
    /** The target of route_stop_riders' (stop_id, route_id) foreign key. */
    unique("route_stops_id_route_key").on(t.id, t.routeId),
    check("route_stops_position_check", sql`${t.position} >= 1`),
    check("route_stops_latitude_check", sql`${t.latitude} between -90 and 90`),
    check("route_stops_longitude_check", sql`${t.longitude} between -180 and 180`),
  ],
);

/**
 * Who boards (inbound) or alights (outbound) at a stop. The keys make the database keep the rules:
 * a rider of a stop is a rider of the route (removing them from the route removes them from its
 * stop), and has at most one stop on that route.
 */
export const routeStopRiders = pgTable(
  "route_stop_riders",
  {
    routeId: integer("route_id").notNull(),
    employeeId: integer("employee_id").notNull(),
    stopId: integer("stop_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.employeeId] }),
    index("route_stop_riders_stop_idx").on(t.stopId),
    foreignKey({
      name: "route_stop_riders_stop_fk",
      columns: [t.stopId, t.routeId],
      foreignColumns: [routeStops.id, routeStops.routeId],
    }).onDelete("cascade"),
    foreignKey({
      name: "route_stop_riders_rider_fk",
      columns: [t.routeId, t.employeeId],
      foreignColumns: [routeEmployees.routeId, routeEmployees.employeeId],
    }).onDelete("cascade"),
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
