import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { DayPlanFigures } from "../../db/schema.js";
import { containsPattern } from "../../lib/paging.js";
import { bookingRoutes, rowsOf } from "../bookings/bookings-repository.js";
import { tripKmSql } from "../trips/trip-km-sql.js";

export type SavingsFilters = {
  since: string;
  until: string;
  branchOfficeId?: number;
  shiftId?: number;
  destinationId?: number;
  criterion?: string;
};

/** A day plan of the period with its shift, workplace and stored figures. */
export type SavingsPlanRow = {
  id: number;
  date: string;
  source: "auto" | "admin";
  shiftId: number;
  shiftName: string;
  destinationId: number;
  destinationName: string;
  branchOfficeName: string;
  standing: DayPlanFigures;
  day: DayPlanFigures;
};

const ids = (values: number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

function whereOf(filters: SavingsFilters): SQL {
  const where: SQL[] = [sql`dp.service_date between ${filters.since}::date and ${filters.until}::date`];
  if (filters.branchOfficeId) where.push(sql`s.branch_office_id = ${filters.branchOfficeId}`);
  if (filters.shiftId) where.push(sql`dp.shift_id = ${filters.shiftId}`);
  if (filters.destinationId) where.push(sql`dp.destination_id = ${filters.destinationId}`);
  if (filters.criterion?.trim()) {
    where.push(sql`search_fold(s.name || ' ' || dst.name) like ${containsPattern(filters.criterion.trim())}`);
  }
  return sql.join(where, sql` and `);
}

const figures = (value: unknown): DayPlanFigures =>
  (typeof value === "string" ? JSON.parse(value) : value) as DayPlanFigures;

/** The day plans the filters keep, by date, shift and workplace. */
export async function savingsPlans(db: Db, filters: SavingsFilters): Promise<SavingsPlanRow[]> {
  const rows = await rowsOf(
    db,
    sql`select dp.id, dp.service_date::text as date, dp.source, dp.standing, dp.day,
        s.id as shift_id, s.name as shift_name, dst.id as destination_id, dst.name as destination_name,
        bo.name as branch_office_name
      from day_plans dp
        join shifts s on s.id = dp.shift_id
        join destinations dst on dst.id = dp.destination_id
        join branch_offices bo on bo.id = s.branch_office_id
      where ${whereOf(filters)}
      order by dp.service_date, s.name, dst.name, dp.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    date: String(row.date),
    source: row.source === "auto" ? "auto" : "admin",
    shiftId: Number(row.shift_id),
    shiftName: String(row.shift_name),
    destinationId: Number(row.destination_id),
    destinationName: String(row.destination_name),
    branchOfficeName: String(row.branch_office_name),
    standing: figures(row.standing),
    day: figures(row.day),
  }));
}

/** The standing routes of each day plan (running or released that date). */
export async function planRoutes(db: Db, planIds: number[]) {
  if (planIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select day_plan_id, route_id from day_plan_routes where day_plan_id in (${ids(planIds)})`,
  );
  return rows.map((row) => ({ dayPlanId: Number(row.day_plan_id), routeId: Number(row.route_id) }));
}

/** The routes' timing (to tell a trip's service date). */
export const routeTimings = (db: Db, routeIds: number[]) =>
  routeIds.length === 0 ? Promise.resolve([]) : bookingRoutes(db, sql`r.id in (${ids(routeIds)})`);

/** The routes' trips started in [from, to): measured km, cost and the driver's vehicle seats. */
export async function tripsOfRoutes(db: Db, routeIds: number[], from: Date, to: Date) {
  if (routeIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select t.id, t.route_id, t.started_at, t.cost::float8 as cost, d.vehicle_capacity,
        ${tripKmSql(sql`t.id`)} as km
      from intermediate_routes t
        join drivers d on d.id = t.driver_id
      where t.route_id in (${ids(routeIds)}) and t.started_at >= ${from} and t.started_at < ${to}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    routeId: Number(row.route_id),
    startedAt: new Date(row.started_at as string | Date),
    cost: Number(row.cost),
    seats: row.vehicle_capacity === null ? null : Number(row.vehicle_capacity),
    km: Number(row.km),
  }));
}

/** The names of the filters the Excel shows (branch office and shift). */
export async function filterNames(db: Db, filters: Pick<SavingsFilters, "branchOfficeId" | "shiftId">) {
  const [row] = await rowsOf(
    db,
    sql`select (select name from branch_offices where id = ${filters.branchOfficeId ?? 0}) as branch_office,
      (select name from shifts where id = ${filters.shiftId ?? 0}) as shift`,
  );
  return {
    branchOffice: row?.branch_office ? String(row.branch_office) : null,
    shift: row?.shift ? String(row.shift) : null,
  };
}
