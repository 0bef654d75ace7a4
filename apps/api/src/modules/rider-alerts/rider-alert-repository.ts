import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { employees, riderAlerts, users } from "../../db/schema.js";

export type RiderAlertRow = { employeeId: number; kind: string; minutes: number | null };

/** What the riders of a trip were told (table rider_alerts: each kind once per trip and rider). */
export function createRiderAlertRepository(db: Db) {
  return {
    /** Everything already told on the trip (after a restart, or by another instance). */
    async sentOn(intermediateRouteId: number): Promise<{ employeeId: number; kind: string }[]> {
      return db
        .select({ employeeId: riderAlerts.employeeId, kind: riderAlerts.kind })
        .from(riderAlerts)
        .where(eq(riderAlerts.intermediateRouteId, intermediateRouteId));
    },

    /**
     * Records the alerts in one statement; returns only the rows this call wrote. A row already
     * there (another instance, the same update twice) is not returned: whoever wrote it sends it.
     */
    async record(intermediateRouteId: number, rows: readonly RiderAlertRow[]): Promise<RiderAlertRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(riderAlerts)
        .values(rows.map((row) => ({ intermediateRouteId, ...row })))
        .onConflictDoNothing()
        .returning({
          employeeId: riderAlerts.employeeId,
          kind: riderAlerts.kind,
          minutes: riderAlerts.minutes,
        });
    },

    /** employee id → the user id of their active account (none: nobody to tell). One query. */
    async activeUserIdsOf(employeeIds: readonly number[]): Promise<Map<number, number>> {
      if (employeeIds.length === 0) return new Map();
      const rows = await db
        .select({ employeeId: employees.id, userId: users.id })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(and(inArray(employees.id, [...employeeIds]), eq(users.status, "active")));
      return new Map(rows.map((row) => [row.employeeId, row.userId]));
    },
  };
}
