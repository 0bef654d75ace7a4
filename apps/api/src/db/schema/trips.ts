// Trips ("rutas intermedias") and what happens on them: positions, the compact trace, boardings and cancellations, comments.
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { branchOffices, suppliers } from "./catalog.js";
import { createdAt, money, timestamptz, updatedAt } from "./columns.js";
import { cuts } from "./cuts.js";
import { drivers, employees } from "./people.js";
import { routes, routesNotScheduled } from "./routes.js";

/** A trip ("ruta intermedia"): one run of a Route or a RouteNotScheduled by a driver. */
export const intermediateRoutes = pgTable(
  "intermediate_routes",
  {
    id: serial("id").primaryKey(),
    routeId: integer("route_id").references(() => routes.id, { onDelete: "restrict" }),
    routeNotScheduledId: integer("route_not_scheduled_id").references(() => routesNotScheduled.id, {
      onDelete: "restrict",
    }),
    driverId: integer("driver_id")
      .notNull()
      .references(() => drivers.id, { onDelete: "restrict" }),
    /** Supplier of the driver when the trip started (billing snapshot). */
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("InProgress"),
    startedAt: timestamptz("started_at").notNull().defaultNow(),
    endedAt: timestamptz("ended_at"),
    /** Cost snapshot at start, USD. */
    cost: money("cost").notNull(),
    /**
     * The route's (or not-scheduled route's) name when the trip started, set by the trigger
     * `intermediate_routes_route_name` (migration 0009): reports show the past as it was.
     */
    routeName: text("route_name"),
    lastLatitude: doublePrecision("last_latitude"),
    lastLongitude: doublePrecision("last_longitude"),
    lastPositionAt: timestamptz("last_position_at"),
    cutId: integer("cut_id").references(() => cuts.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("intermediate_routes_one_in_progress_per_driver")
      .on(t.driverId)
      .where(sql`${t.status} = 'InProgress'`),
    index("intermediate_routes_status_idx").on(t.status),
    index("intermediate_routes_started_at_idx").on(t.startedAt),
    index("intermediate_routes_driver_started_idx").on(t.driverId, t.startedAt),
    index("intermediate_routes_route_started_idx").on(t.routeId, t.startedAt),
    index("intermediate_routes_rns_idx").on(t.routeNotScheduledId),
    index("intermediate_routes_supplier_started_idx").on(t.supplierId, t.startedAt),
    /**
     * Trips of a cut; unique so cut_trips can reference (id, cut_id): a frozen trip's cut can't
     * change under it (migration 0014).
     */
    unique("intermediate_routes_cut_id_key").on(t.cutId, t.id),
    index("intermediate_routes_finished_ended_idx").on(t.endedAt).where(sql`${t.status} = 'Finished'`),
    /** Finished trips not yet in a cut, by end (migration 0008): cut generation and Cut/check. */
    index("intermediate_routes_uncut_ended_idx")
      .on(t.endedAt)
      .where(sql`${t.status} = 'Finished' and ${t.cutId} is null`),
    index("intermediate_routes_cut_started_idx")
      .on(t.cutId, t.startedAt, t.id)
      .where(sql`${t.cutId} IS NOT NULL`),
    /** A route and supplier's last finished trip of a range (Route/report's name, migration 0013). */
    index("intermediate_routes_route_supplier_ended_idx")
      .on(t.routeId, t.supplierId, t.endedAt, t.id)
      .where(sql`${t.status} = 'Finished'`),
    check("intermediate_routes_status_check", sql`${t.status} in ('InProgress', 'Finished')`),
    check(
      "intermediate_routes_kind_check",
      sql`(${t.routeId} is null) <> (${t.routeNotScheduledId} is null)`,
    ),
    check("intermediate_routes_end_check", sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

export const tripPositions = pgTable(
  "trip_positions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    heading: doublePrecision("heading"),
    speed: doublePrecision("speed"),
    recordedAt: timestamptz("recorded_at").notNull().defaultNow(),
  },
  (t) => [index("trip_positions_trip_recorded_idx").on(t.intermediateRouteId, t.recordedAt)],
);

/**
 * A finished trip's compact trace (docs/decisions/0033): the trail simplified by Douglas–Peucker to
 * at most TRIP_SHEET_MAX_TRACE_POINTS points (flattened `[lat, lng, lat, lng, …]`, what the trip
 * sheet shows), how many raw positions it had, and the km billing uses (tripKmSql on the raw
 * positions, frozen when compacted). Stored when the trip ends (or by the positions job for older
 * trips); the raw positions are deleted after POSITIONS_RETENTION_DAYS, only once compacted.
 */
export const tripTraces = pgTable(
  "trip_traces",
  {
    intermediateRouteId: integer("intermediate_route_id")
      .primaryKey()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    km: doublePrecision("km").notNull(),
    /**
     * Km and seconds of driving without the dwell (`movingFigures`, decision 0058): what the travel
     * model's speed is calibrated from. Null: compacted before they existed and not measured yet
     * (the positions job measures them while the raw positions are kept).
     */
    movingKm: doublePrecision("moving_km"),
    movingSeconds: doublePrecision("moving_seconds"),
    pointCount: integer("point_count").notNull(),
    points: doublePrecision("points").array().notNull(),
    endedAt: timestamptz("ended_at").notNull(),
    compactedAt: timestamptz("compacted_at").notNull().defaultNow(),
    /** When its raw positions were deleted (retention); null while they are kept. */
    rawDeletedAt: timestamptz("raw_deleted_at"),
  },
  (t) => [
    /** Compacted trips whose raw positions are still kept, by end: the retention's batches. */
    index("trip_traces_raw_kept_ended_idx").on(t.endedAt).where(sql`${t.rawDeletedAt} is null`),
    /** Traces the positions job still has to measure (moving km and seconds): empty once it has. */
    index("trip_traces_unmeasured_idx")
      .on(t.endedAt)
      .where(sql`${t.movingSeconds} is null and ${t.rawDeletedAt} is null`),
  ],
);

/** An employee on a trip: boarded by QR scan, or canceled with a comment. */
export const transportServices = pgTable(
  "transport_services",
  {
    id: serial("id").primaryKey(),
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    status: text("status").notNull(),
    scannedAt: timestamptz("scanned_at"),
    canceledAt: timestamptz("canceled_at"),
    comment: text("comment"),
    /** How a boarding was recorded: `qr` (scan) or `manual` (driver, with a reason). */
    boardingMethod: text("boarding_method"),
    boardingReason: text("boarding_reason"),
    /** The phone's position at the boarding, when it had one. */
    boardedLatitude: doublePrecision("boarded_latitude"),
    boardedLongitude: doublePrecision("boarded_longitude"),
    /**
     * The collaborator's branch office when the boarding or cancellation was recorded (set by the
     * trigger `transport_services_branch_office`, migration 0009): reports bill the branch office
     * of the time of the trip, so moving a collaborator never rewrites the past.
     */
    branchOfficeId: integer("branch_office_id").references(() => branchOffices.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("transport_services_trip_employee_key").on(t.intermediateRouteId, t.employeeId),
    index("transport_services_employee_idx").on(t.employeeId, t.createdAt),
    check("transport_services_status_check", sql`${t.status} in ('Boarded', 'Canceled')`),
    check(
      "transport_services_boarding_method_check",
      sql`${t.boardingMethod} is null or ${t.boardingMethod} in ('qr', 'manual')`,
    ),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_trip_employee_idx").on(t.intermediateRouteId, t.employeeId),
    // A collaborator's comments of the last hour, for its limit (issue 32).
    index("comments_employee_created_idx").on(t.employeeId, t.createdAt),
  ],
);
