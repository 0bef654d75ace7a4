import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => timestamptz("created_at").defaultNow().notNull();
const updatedAt = () => timestamptz("updated_at").defaultNow().notNull();
/** `active` | `inactive` (shown as Activo / Inactivo). */
const status = () => text("status").notNull().default("active");
/** Money in USD. Drizzle returns numeric as string; repositories convert. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

const statusCheck = (table: string, column: { name: string } = { name: "status" }) =>
  check(`${table}_status_check`, sql.raw(`"${column.name}" in ('active', 'inactive')`));

/*
 * This file declares every table, column and index the migrations in `drizzle/*.sql` create.
 * `npm run db:check` proves it: the latest snapshot in `drizzle/meta` matches this file, and a
 * database built by the migrations has the same columns, constraints and indexes as one built from
 * this file alone, except what Drizzle cannot express, which lives only in the migrations:
 * - the `pg_trgm` extension (0000) and the immutable `search_fold(text)` function (0006) that the
 *   search indexes and the generated `search_text` columns call;
 * - the exclusion constraint `cuts_no_overlap` (0002);
 * - the `INCLUDE` columns of `service_shares_ended_idx` and of the primary key of
 *   `employee_day_totals` (declared here without them);
 * - the trigger functions and triggers that keep `trip_riders`, `service_shares`,
 *   `employee_day_totals` (0004, 0005) and `service_quarter_totals` (0011): the application only
 *   reads those four tables;
 * - the seven days of the week, inserted by 0002.
 */

/** Trigram index (pg_trgm) over the accent- and case-folded `column` (migration 0006). */
const foldedSearchIndex = (name: string, column: PgColumn) =>
  index(name).using("gin", sql`(search_fold(${column})) gin_trgm_ops`);
/** The two-column btree the lists page by: ORDER BY created_at DESC, id DESC (migration 0003). */
const createdAtIdIndex = (table: string, t: { createdAt: PgColumn; id: PgColumn }) =>
  index(`${table}_created_at_id_idx`).on(t.createdAt, t.id);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(),
    status: status(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    lastSignInAt: timestamptz("last_sign_in_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_role_status_idx").on(t.role, t.status),
    index("users_created_at_idx").on(t.createdAt),
    createdAtIdIndex("users", t),
    index("users_email_trgm").using("gin", t.email.op("gin_trgm_ops")),
    check("users_role_check", sql`${t.role} in ('SuperAdmin', 'Admin', 'Collaborator', 'Driver')`),
    statusCheck("users"),
  ],
);

export const profileImages = pgTable("profile_images", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  etag: text("etag").notNull(),
  updatedAt: updatedAt(),
});

export const branchOffices = pgTable(
  "branch_offices",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    telephone: text("telephone"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("branch_offices_name_key").on(sql`lower(${t.name})`),
    index("branch_offices_created_at_idx").on(t.createdAt),
    createdAtIdIndex("branch_offices", t),
    foldedSearchIndex("branch_offices_search_trgm", t.name),
    statusCheck("branch_offices"),
  ],
);

export const employees = pgTable(
  "employees",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    codeEmployee: text("code_employee").notNull(),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    department: text("department"),
    jobTitle: text("job_title"),
    telephone: text("telephone"),
    branchOfficeId: integer("branch_office_id").references(() => branchOffices.id, { onDelete: "restrict" }),
    address: text("address"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    codeQr: text("code_qr").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Folded search text, kept by PostgreSQL (migration 0006). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`search_fold("name" || ' ' || "lastname" || ' ' || "code_employee")`,
    ),
  },
  (t) => [
    uniqueIndex("employees_user_id_key").on(t.userId),
    uniqueIndex("employees_code_employee_key").on(sql`lower(${t.codeEmployee})`),
    uniqueIndex("employees_code_qr_key").on(t.codeQr),
    index("employees_branch_office_idx").on(t.branchOfficeId),
    index("employees_created_at_idx").on(t.createdAt),
    createdAtIdIndex("employees", t),
    index("employees_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
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
  ],
);

export const drivers = pgTable(
  "drivers",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    identityCard: text("identity_card").notNull(),
    telephone: text("telephone"),
    licenseNumber: text("license_number"),
    vehiclePlate: text("vehicle_plate"),
    vehicleModel: text("vehicle_model"),
    vehicleCapacity: integer("vehicle_capacity"),
    codeQr: text("code_qr").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Folded search text (the identity card without dashes), kept by PostgreSQL (migration 0006). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`search_fold("name" || ' ' || "lastname" || ' ' || replace("identity_card", '-', ''))`,
    ),
  },
  (t) => [
    uniqueIndex("drivers_user_id_key").on(t.userId),
    uniqueIndex("drivers_identity_card_key").on(t.identityCard),
    uniqueIndex("drivers_code_qr_key").on(t.codeQr),
    index("drivers_supplier_idx").on(t.supplierId),
    index("drivers_created_at_idx").on(t.createdAt),
    createdAtIdIndex("drivers", t),
    /** GiST, not GIN: see migrations 0003 and 0006. */
    index("drivers_search_trgm").using("gist", t.searchText.op("gist_trgm_ops")),
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

export const cuts = pgTable(
  "cuts",
  {
    id: serial("id").primaryKey(),
    sinceAt: timestamptz("since_at").notNull(),
    untilAt: timestamptz("until_at").notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    /** Totals frozen when the cut was made (migration 0008): trips, riders boarded, cost in cents. */
    trips: integer("trips").notNull().default(0),
    collaborators: integer("collaborators").notNull().default(0),
    totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
  },
  // Also `cuts_no_overlap`, an exclusion constraint Drizzle cannot declare (migration 0002).
  (t) => [
    check("cuts_period_check", sql`${t.sinceAt} < ${t.untilAt}`),
    index("cuts_until_at_idx").on(t.untilAt),
  ],
);

/**
 * One billed trip of a cut as it was when the cut was made (migration 0008): names, times, costs
 * and evidence. Cut reports by `cutId` read only these rows, so later edits never change a cut.
 * The primary key on the trip makes "no trip in two cuts" a database rule, and the key to the
 * trip's (id, cut_id) keeps the trip marked with the cut that froze it.
 */
export const cutTrips = pgTable(
  "cut_trips",
  {
    intermediateRouteId: integer("intermediate_route_id")
      .primaryKey()
      .references(() => intermediateRoutes.id, { onDelete: "restrict" }),
    cutId: integer("cut_id")
      .notNull()
      .references(() => cuts.id, { onDelete: "restrict" }),
    startedAt: timestamptz("started_at").notNull(),
    endedAt: timestamptz("ended_at").notNull(),
    plannedDepartureAt: timestamptz("planned_departure_at"),
    routeName: text("route_name").notNull(),
    kind: text("kind").notNull(),
    supplierId: integer("supplier_id").notNull(),
    supplierName: text("supplier_name").notNull(),
    driverId: integer("driver_id").notNull(),
    driverName: text("driver_name").notNull(),
    vehicle: text("vehicle"),
    destinationName: text("destination_name"),
    riders: integer("riders").notNull(),
    manualBoardings: integer("manual_boardings").notNull(),
    costCents: bigint("cost_cents", { mode: "number" }).notNull(),
    km: doublePrecision("km").notNull(),
    minutesLate: integer("minutes_late"),
  },
  (t) => [
    // The trip still carries this cut (migration 0014): Cut/check no longer joins every cut trip.
    foreignKey({
      name: "cut_trips_trip_cut_fkey",
      columns: [t.intermediateRouteId, t.cutId],
      foreignColumns: [intermediateRoutes.id, intermediateRoutes.cutId],
    }),
    index("cut_trips_cut_ended_idx").on(t.cutId, t.endedAt, t.intermediateRouteId),
    index("cut_trips_ended_idx").on(t.endedAt),
    check("cut_trips_kind_check", sql`${t.kind} in ('scheduled', 'notScheduled')`),
  ],
);

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
  ],
);

/**
 * Jobs run once across instances (docs/decisions/0033): an instance runs a job only when it moves
 * `next_run_at` forward itself, in one conditional statement (a lease: the others see it moved).
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamptz("next_run_at").notNull(),
  startedAt: timestamptz("started_at"),
  finishedAt: timestamptz("finished_at"),
  /** What the last run did (counts), for an operator. */
  lastResult: jsonb("last_result"),
});

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
  (t) => [index("comments_trip_employee_idx").on(t.intermediateRouteId, t.employeeId)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    tag: text("tag").notNull(),
    messageJson: text("message_json").notNull().default("{}"),
    readAt: timestamptz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    check("notifications_tag_check", sql`${t.tag} in ('COMMENT', 'CANCELED', 'ASSIGNED')`),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    familyId: uuid("family_id").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    replacedById: integer("replaced_by_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_codes_user_idx").on(t.userId, t.createdAt)],
);

/** Every e-mail the product sends; without SMTP_URL this is where mail ends up (and the log). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    sentAt: timestamptz("sent_at"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/**
 * Field-app actions applied once per user (Treiber App outbox): the first result of each client
 * action id, inserted in the same transaction as the action's effect, so a retried or concurrent
 * duplicate waits on the unique key and then replays this response.
 */
export const clientActions = pgTable(
  "client_actions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionId: uuid("action_id").notNull(),
    kind: text("kind").notNull(),
    /** SHA-256 of the call's kind and payload (issue 21); null on rows stored before it was kept. */
    payloadHash: text("payload_hash"),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "client_actions_pkey", columns: [t.userId, t.actionId] }),
    index("client_actions_created_idx").on(t.createdAt),
  ],
);
