import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { branchOffices, days, routeStops, routes, shiftDays, shifts } from "../../db/schema.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";

type Conn = Db | Tx;

export type ShiftValues = {
  branchOfficeId: number;
  name: string;
  direction: "inbound" | "outbound";
  time: string;
  /** The shift's travel model override: undefined keeps the stored value, null clears it. */
  travelSpeedKmh?: number | null;
  travelCircuity?: number | null;
  /** Bookings (issue 35): undefined keeps what is stored. */
  confirmationRequired?: boolean;
  cutoffMinutes?: number;
  cutoffDayBeforeTime?: string | null;
  /** «Automático» (issue 36): undefined keeps what is stored. */
  dayPlanAuto?: boolean;
};

export async function findBranchOfficeStatus(conn: Conn, id: number) {
  const [row] = await conn
    .select({ status: branchOffices.status })
    .from(branchOffices)
    .where(eq(branchOffices.id, id));
  return row?.status;
}

/** Locks the shift row until the transaction ends; its branch office, direction and time as stored. */
export async function lockShift(tx: Tx, id: number) {
  const [row] = await tx
    .select({ branchOfficeId: shifts.branchOfficeId, direction: shifts.direction, time: shifts.time })
    .from(shifts)
    .where(eq(shifts.id, id))
    .for("update");
  return row;
}

export async function insertShift(tx: Tx, values: ShiftValues) {
  const [row] = await tx.insert(shifts).values(values).returning({ id: shifts.id });
  if (!row) throw new Error("shift insert returned nothing");
  return row.id;
}

export async function updateShift(tx: Tx, id: number, values: ShiftValues) {
  await tx
    .update(shifts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shifts.id, id));
}

export async function replaceShiftDays(tx: Tx, shiftId: number, dayIds: number[]) {
  await tx.delete(shiftDays).where(eq(shiftDays.shiftId, shiftId));
  if (dayIds.length > 0) await tx.insert(shiftDays).values(dayIds.map((dayId) => ({ shiftId, dayId })));
}

export async function setShiftStatus(conn: Conn, id: number, status: "active" | "inactive") {
  const rows = await conn
    .update(shifts)
    .set({ status, updatedAt: new Date() })
    .where(eq(shifts.id, id))
    .returning({ id: shifts.id });
  return rows.length === 1;
}

/** The planned times (`HH:mm:ss`, position order) of each route of the shift that has stops. */
export async function stopTimesOfShiftRoutes(conn: Conn, shiftId: number) {
  const rows = await conn
    .select({ routeName: routes.name, routeId: routes.id, plannedTime: routeStops.plannedTime })
    .from(routes)
    .innerJoin(routeStops, eq(routeStops.routeId, routes.id))
    .where(eq(routes.shiftId, shiftId))
    .orderBy(asc(routes.name), asc(routes.id), asc(routeStops.position));
  const byRoute = new Map<number, { name: string; times: string[] }>();
  for (const row of rows) {
    const route = byRoute.get(row.routeId) ?? { name: row.routeName, times: [] };
    route.times.push(row.plannedTime.slice(0, 5));
    byRoute.set(row.routeId, route);
  }
  return [...byRoute.values()];
}

export type ShiftFilter = { amount: number; skip: number; criterion?: string; branchOfficeId?: number };

export async function listShifts(conn: Conn, filter: ShiftFilter) {
  const conditions: SQL[] = [];
  if (filter.branchOfficeId) conditions.push(eq(shifts.branchOfficeId, filter.branchOfficeId));
  const criterion = filter.criterion?.trim();
  if (criterion) conditions.push(sql`search_fold(${shifts.name}) like ${containsPattern(criterion)}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(filter);
  const [[total], rows] = await Promise.all([
    conn.select({ amount: count() }).from(shifts).where(where),
    conn
      .select({
        id: shifts.id,
        branchOfficeId: shifts.branchOfficeId,
        branchOfficeName: branchOffices.name,
        name: shifts.name,
        direction: shifts.direction,
        time: shifts.time,
        travelSpeedKmh: shifts.travelSpeedKmh,
        travelCircuity: shifts.travelCircuity,
        confirmationRequired: shifts.confirmationRequired,
        cutoffMinutes: shifts.cutoffMinutes,
        cutoffDayBeforeTime: shifts.cutoffDayBeforeTime,
        dayPlanAuto: shifts.dayPlanAuto,
        status: shifts.status,
        createdAt: shifts.createdAt,
        amountRoutes: sql<number>`(select count(*) from ${routes} where ${routes.shiftId} = ${shifts.id})::int`,
      })
      .from(shifts)
      .innerJoin(branchOffices, eq(branchOffices.id, shifts.branchOfficeId))
      .where(where)
      .orderBy(asc(branchOffices.name), asc(shifts.time), asc(shifts.name), desc(shifts.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { amount: total?.amount ?? 0, rows };
}

/** Days of each shift, ISO order. */
export async function daysOfShifts(conn: Conn, shiftIds: number[]) {
  const byShift = new Map<number, { id: number; name: string }[]>();
  if (shiftIds.length === 0) return byShift;
  const rows = await conn
    .select({ shiftId: shiftDays.shiftId, id: days.id, name: days.name })
    .from(shiftDays)
    .innerJoin(days, eq(days.id, shiftDays.dayId))
    .where(inArray(shiftDays.shiftId, shiftIds))
    .orderBy(asc(shiftDays.shiftId), asc(days.id));
  for (const row of rows) {
    const list = byShift.get(row.shiftId) ?? [];
    list.push({ id: row.id, name: row.name });
    byShift.set(row.shiftId, list);
  }
  return byShift;
}
