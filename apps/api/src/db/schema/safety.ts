// Safety (issue 38): the positions that follow an SOS, trips shared by link, and the night riders'
// safe-arrival checks. The SOS itself is an incident (type SOS). Migration 0028.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { branchOffices } from "./catalog.js";
import { createdAt, timestamptz } from "./columns.js";
import { incidents } from "./incidents.js";
import { employees } from "./people.js";
import { intermediateRoutes } from "./trips.js";

/** Where the person was after their SOS (every 10 s for 30 min), the phone's time. */
export const sosPositions = pgTable(
  "sos_positions",
  {
    id: serial("id").primaryKey(),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    accuracy: doublePrecision("accuracy"),
    recordedAt: timestamptz("recorded_at").notNull(),
    receivedAt: timestamptz("received_at").defaultNow().notNull(),
  },
  (t) => [index("sos_positions_incident_idx").on(t.incidentId, t.recordedAt)],
);

/** A rider's trip shared by link: only the token's SHA-256 is kept. */
export const tripShares = pgTable(
  "trip_shares",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 (hex) of the 256-bit token the link carries. */
    tokenHash: text("token_hash").notNull(),
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    /** The rider who shared it (their stop is the only one the page shows). */
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Creation + 12 h: the latest it lives even if the trip is never ended. */
    maxExpiresAt: timestamptz("max_expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("trip_shares_token_hash_key").on(t.tokenHash),
    index("trip_shares_trip_idx").on(t.intermediateRouteId),
  ],
);

/**
 * One night rider's drop on an outbound trip: asked «¿Llegó bien?» at `ask_at`, escalated to a
 * SAFE_ARRIVAL_UNCONFIRMED incident at `escalate_at` without an answer. One per trip and rider.
 */
export const safeArrivalChecks = pgTable(
  "safe_arrival_checks",
  {
    id: serial("id").primaryKey(),
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    branchOfficeId: integer("branch_office_id").references(() => branchOffices.id, { onDelete: "set null" }),
    /** The branch office's local day of the trip. */
    serviceDay: date("service_day", { mode: "string" }).notNull(),
    /** The drop: the rider's stop (or where the trip ended) and when the bus passed it. */
    stopName: text("stop_name"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    droppedAt: timestamptz("dropped_at").notNull(),
    askAt: timestamptz("ask_at").notNull(),
    escalateAt: timestamptz("escalate_at").notNull(),
    /** When the question went out (push and hub); null until then. */
    askedAt: timestamptz("asked_at"),
    /** SHA-256 (hex) of the one-time token the push carries for «Sí» without a session. */
    answerTokenHash: text("answer_token_hash"),
    confirmedAt: timestamptz("confirmed_at"),
    /** `app` | `push`. */
    confirmedVia: text("confirmed_via"),
    incidentId: integer("incident_id").references(() => incidents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("safe_arrival_checks_trip_rider_key").on(t.intermediateRouteId, t.employeeId),
    uniqueIndex("safe_arrival_checks_token_key").on(t.answerTokenHash),
    index("safe_arrival_checks_due_idx")
      .on(t.askAt)
      .where(sql`${t.confirmedAt} is null and ${t.incidentId} is null`),
    index("safe_arrival_checks_day_idx").on(t.serviceDay, t.id),
    index("safe_arrival_checks_employee_idx").on(t.employeeId, t.droppedAt),
    check(
      "safe_arrival_checks_via_check",
      sql`${t.confirmedVia} is null or ${t.confirmedVia} in ('app', 'push')`,
    ),
  ],
);
