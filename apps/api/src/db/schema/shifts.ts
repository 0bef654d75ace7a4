// Shifts (turnos) of a branch office: a direction (inbound = arrive at work by the time, outbound =
// leave work at the time), a time of day and the days of the week they run (migration 0016).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { branchOffices, days } from "./catalog.js";
import { createdAt, createdAtIdIndex, status, statusCheck, updatedAt } from "./columns.js";

export const shifts = pgTable(
  "shifts",
  {
    id: serial("id").primaryKey(),
    branchOfficeId: integer("branch_office_id")
      .notNull()
      .references(() => branchOffices.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    /** `inbound` (Entrada: arrive at the workplace by `time`) | `outbound` (Salida: leave it at `time`). */
    direction: text("direction").notNull(),
    time: time("time").notNull(),
    /**
     * The shift's own travel model (issue 33, decision 0058): moving km/h and circuity that replace
     * the branch office's calibration for this shift; null: the calculated value.
     */
    travelSpeedKmh: doublePrecision("travel_speed_kmh"),
    travelCircuity: doublePrecision("travel_circuity"),
    /**
     * Bookings (issue 35, decision 0064): opt-in (riders confirm each day) or opt-out, and the
     * cut-off: «the day before at» `cutoff_day_before_time` when set, else `cutoff_minutes` before
     * the route's first planned stop.
     */
    confirmationRequired: boolean("confirmation_required").notNull().default(false),
    cutoffMinutes: smallint("cutoff_minutes").notNull().default(120),
    cutoffDayBeforeTime: time("cutoff_day_before_time"),
    /** «Automático» (issue 36): the plan of the day is proposed and applied at each cut-off. */
    dayPlanAuto: boolean("day_plan_auto").notNull().default(false),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shifts_branch_office_name_key").on(t.branchOfficeId, sql`lower(${t.name})`),
    createdAtIdIndex("shifts", t),
    check("shifts_direction_check", sql`${t.direction} in ('inbound', 'outbound')`),
    check("shifts_travel_speed_check", sql`${t.travelSpeedKmh} > 0`),
    check("shifts_travel_circuity_check", sql`${t.travelCircuity} >= 1`),
    check("shifts_cutoff_minutes_check", sql`${t.cutoffMinutes} between 0 and 2880`),
    statusCheck("shifts"),
  ],
);

export const shiftDays = pgTable(
  "shift_days",
  {
    shiftId: integer("shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    dayId: smallint("day_id")
      .notNull()
      .references(() => days.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.shiftId, t.dayId] })],
);
