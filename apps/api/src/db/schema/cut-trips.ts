// The trips of each cut, frozen as they were when the cut was made.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
} from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";
import { cuts } from "./cuts.js";
import { intermediateRoutes } from "./trips.js";

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
