// The control room (issue 25): incidents raised against a trip's plan, the thresholds a branch
// office chose, and what riders are told about their bus (Web Push subscriptions and the alerts
// already sent, at most one of each kind per trip and rider). Migration 0018.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { branchOffices, suppliers } from "./catalog.js";
import { createdAt, timestamptz, updatedAt } from "./columns.js";
import { drivers, employees } from "./people.js";
import { routes } from "./routes.js";
import { intermediateRoutes } from "./trips.js";

export const incidents = pgTable(
  "incidents",
  {
    id: serial("id").primaryKey(),
    /** The trip; null for NOT_STARTED until the trip starts (then set when it closes). */
    intermediateRouteId: integer("intermediate_route_id").references(() => intermediateRoutes.id, {
      onDelete: "cascade",
    }),
    /** The scheduled route (null for a not-scheduled route's trip). */
    routeId: integer("route_id").references(() => routes.id, { onDelete: "cascade" }),
    /** The branch office's local day the trip belongs to (NOT_STARTED: the day it was due). */
    serviceDay: date("service_day", { mode: "string" }).notNull(),
    /** Snapshots for the report: the trip's driver and supplier (NOT_STARTED: the route's driver). */
    driverId: integer("driver_id").references(() => drivers.id, { onDelete: "set null" }),
    supplierId: integer("supplier_id").references(() => suppliers.id, { onDelete: "set null" }),
    /** NOT_STARTED | LATE | OFF_ROUTE | SKIPPED_STOP | LONG_DWELL | NO_GPS | OVER_CAPACITY. */
    type: text("type").notNull(),
    /** OPEN → ACKNOWLEDGED → CLOSED (an open one may close without being acknowledged). */
    status: text("status").notNull().default("OPEN"),
    /** SKIPPED_STOP: the stop (0-based, in the route's order); null for the other types. */
    stopIndex: integer("stop_index"),
    openedAt: timestamptz("opened_at").notNull(),
    closedAt: timestamptz("closed_at"),
    /** `cleared` (the condition cleared) | `trip-ended` | `day-ended` (NOT_STARTED of a past day). */
    closeReason: text("close_reason"),
    acknowledgedByUserId: integer("acknowledged_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    acknowledgedAt: timestamptz("acknowledged_at"),
    note: text("note"),
    /** The rule's figures (IncidentDetail of @treiber/incidents): minutes late, metres off… */
    detail: jsonb("detail").notNull().default({}),
    /** The positions behind the decision, oldest first: [{ latitude, longitude, at }]. */
    evidence: jsonb("evidence").notNull().default([]),
    /** Safety incidents (issue 38): the person who raised the SOS or did not confirm arriving. */
    personUserId: integer("person_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The branch office when no route says it (an SOS without a trip). */
    branchOfficeId: integer("branch_office_id").references(() => branchOffices.id, { onDelete: "set null" }),
    /** Closed by hand (`close_reason` manual): ATTENDED | FALSE_ALARM, and who closed it. */
    outcome: text("outcome"),
    closedByUserId: integer("closed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("incidents_opened_at_idx").on(t.openedAt, t.id),
    index("incidents_trip_idx").on(t.intermediateRouteId),
    index("incidents_unclosed_idx").on(t.status).where(sql`${t.status} <> 'CLOSED'`),
    // One unclosed incident per trip, type and stop: two instances handling the same trip cannot
    // open it twice. Safety incidents are per person (several riders of a trip may raise an SOS).
    uniqueIndex("incidents_one_unclosed_key")
      .on(t.intermediateRouteId, t.type, sql`coalesce(${t.stopIndex}, -1)`)
      .where(
        sql`${t.status} <> 'CLOSED' and ${t.intermediateRouteId} is not null and ${t.type} not in ('SOS', 'SAFE_ARRIVAL_UNCONFIRMED')`,
      ),
    index("incidents_person_idx").on(t.personUserId, t.openedAt).where(sql`${t.personUserId} is not null`),
    // A route is "not started" at most once a day.
    uniqueIndex("incidents_not_started_key")
      .on(t.routeId, t.serviceDay)
      .where(sql`${t.type} = 'NOT_STARTED'`),
    check(
      "incidents_trip_or_route_check",
      sql`${t.intermediateRouteId} is not null or ${t.routeId} is not null or ${t.type} = 'SOS'`,
    ),
    check(
      "incidents_type_check",
      sql`${t.type} in ('SOS', 'SAFE_ARRIVAL_UNCONFIRMED', 'NOT_STARTED', 'LATE', 'OFF_ROUTE', 'SKIPPED_STOP', 'LONG_DWELL', 'NO_GPS', 'OVER_CAPACITY')`,
    ),
    check("incidents_status_check", sql`${t.status} in ('OPEN', 'ACKNOWLEDGED', 'CLOSED')`),
    check(
      "incidents_close_reason_check",
      sql`${t.closeReason} is null or ${t.closeReason} in ('cleared', 'trip-ended', 'day-ended', 'manual')`,
    ),
    check(
      "incidents_outcome_check",
      sql`${t.outcome} is null or ${t.outcome} in ('ATTENDED', 'FALSE_ALARM')`,
    ),
  ],
);

/** A branch office's own thresholds; absent keys (or no row) take INCIDENT_THRESHOLD_DEFAULTS. */
export const incidentThresholds = pgTable("incident_thresholds", {
  branchOfficeId: integer("branch_office_id")
    .primaryKey()
    .references(() => branchOffices.id, { onDelete: "cascade" }),
  /** Partial IncidentThresholds, validated by the contract's schema before it is written. */
  values: jsonb("values").notNull().default({}),
  updatedAt: updatedAt(),
});

/** A browser or phone that accepted Web Push for a user (Treiber App's opt-in). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/** What a rider was told about one trip: each kind at most once per trip and rider. */
export const riderAlerts = pgTable(
  "rider_alerts",
  {
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => intermediateRoutes.id, { onDelete: "cascade" }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    /** DEPARTED ("Tu bus salió") | NEAR ("Tu bus llega en ~5 min") | LATE ("… min de retraso"). */
    kind: text("kind").notNull(),
    /** The figure told (LATE: minutes; NEAR: minutes to the stop). */
    minutes: integer("minutes"),
    sentAt: timestamptz("sent_at").defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.intermediateRouteId, t.employeeId, t.kind] }),
    check("rider_alerts_kind_check", sql`${t.kind} in ('DEPARTED', 'NEAR', 'LATE')`),
  ],
);
