// Bookings (issue 35, decision 0064): only what differs from a route's standing list is stored.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { timestamptz } from "./columns.js";
import { employees } from "./people.js";
import { routes } from "./routes.js";
import { intermediateRoutes } from "./trips.js";

/**
 * A rider's booking on a route and service date (local to the branch office) that differs from the
 * standing list: a cancellation, a confirmation on an opt-in shift, a seat asked on another route
 * (CONFIRMED or WAITLISTED), a no-show, an admin's change. An assigned rider without a row on a
 * service day of an opt-out shift is CONFIRMED; RIDDEN is never stored (it is a boarding).
 */
export const bookings = pgTable(
  "bookings",
  {
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    /** CONFIRMED | CANCELLED | WAITLISTED | NO_SHOW. */
    status: text("status").notNull(),
    /** Written about the rider's own (assigned) route; false: a seat asked on another route. */
    assigned: boolean("assigned").notNull(),
    reason: text("reason"),
    /** When it joined the waitlist: the waitlist's order (with nothing else). */
    queuedAt: timestamptz("queued_at"),
    changedAt: timestamptz("changed_at").notNull().defaultNow(),
    changedByUserId: integer("changed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    changedByAdmin: boolean("changed_by_admin").notNull().default(false),
    /** The change came after the route's cut-off for that date (an admin's; a late cancellation). */
    afterCutoff: boolean("after_cutoff").notNull().default(false),
    /** A rider still waiting at the cut-off was told «Sin asiento» then. */
    noSeatToldAt: timestamptz("no_seat_told_at"),
    /** A no-show's trip and the phone's position when the driver recorded it. */
    intermediateRouteId: integer("intermediate_route_id").references(() => intermediateRoutes.id, {
      onDelete: "set null",
    }),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
  },
  (t) => [
    primaryKey({ name: "bookings_pkey", columns: [t.routeId, t.serviceDate, t.employeeId] }),
    /** «Mis viajes» and the collaborator report: a rider's rows by date. */
    index("bookings_employee_date_idx").on(t.employeeId, t.serviceDate),
    check("bookings_status_check", sql`${t.status} in ('CONFIRMED', 'CANCELLED', 'WAITLISTED', 'NO_SHOW')`),
    check("bookings_queued_check", sql`${t.status} <> 'WAITLISTED' or ${t.queuedAt} is not null`),
  ],
);

/**
 * A route's service day as it stood at its cut-off (the sweep writes it once, decision 0064): the
 * seats and the counts then; the report reads these for days gone by. The row is also the sweep's
 * «once»: the instance that inserts it tells the riders still waiting «Sin asiento».
 */
export const bookingDays = pgTable(
  "booking_days",
  {
    routeId: integer("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    seats: smallint("seats"),
    confirmed: integer("confirmed").notNull(),
    waitlisted: integer("waitlisted").notNull(),
    cancelled: integer("cancelled").notNull(),
    sweptAt: timestamptz("swept_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "booking_days_pkey", columns: [t.routeId, t.serviceDate] }),
    index("booking_days_date_idx").on(t.serviceDate),
  ],
);

/**
 * A refused «Ausente» press (decision 0064): where the trip's driver was, within
 * NO_SHOW_RADIUS_METERS of the boarding point, and when. With no trip position near the point, the
 * first press there is the bus's arrival: the driver's wait counts from it, so a later press after
 * the wait is accepted.
 */
export const noShowPresses = pgTable(
  "no_show_presses",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    pressedAt: timestamptz("pressed_at").notNull(),
  },
  (t) => [index("no_show_presses_trip_idx").on(t.intermediateRouteId, t.pressedAt)],
);
