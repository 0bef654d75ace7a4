import type { SafeArrivalStatus } from "@treiber/contract";
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  branchOffices,
  employees,
  incidents,
  intermediateRoutes,
  safeArrivalChecks,
} from "../../db/schema.js";
import { containsPattern } from "../../lib/paging.js";

/** A check's status: confirmed, escalated without an answer, asked, or still to ask. */
const statusSql = sql<SafeArrivalStatus>`case
  when ${safeArrivalChecks.confirmedAt} is not null then 'CONFIRMED'
  when ${safeArrivalChecks.incidentId} is not null then 'UNCONFIRMED'
  when ${safeArrivalChecks.askedAt} is not null then 'ASKED'
  else 'WAITING' end`;

/** Who closed the incident (else who acknowledged it): a collaborator's name, else the e-mail. */
const attendedBySql = sql<
  string | null
>`(select coalesce(e.name || ' ' || e.lastname, d.name || ' ' || d.lastname, u.email)
  from users u left join employees e on e.user_id = u.id left join drivers d on d.user_id = u.id
  where u.id = coalesce(${incidents.closedByUserId}, ${incidents.acknowledgedByUserId}))`;

const reportColumns = {
  id: safeArrivalChecks.id,
  serviceDay: safeArrivalChecks.serviceDay,
  employeeName: sql<string>`${employees.name} || ' ' || ${employees.lastname}`,
  routeName: sql<string>`coalesce(${intermediateRoutes.routeName}, '')`,
  intermediateRouteId: safeArrivalChecks.intermediateRouteId,
  branchOfficeName: branchOffices.name,
  stopName: safeArrivalChecks.stopName,
  latitude: safeArrivalChecks.latitude,
  longitude: safeArrivalChecks.longitude,
  droppedAt: safeArrivalChecks.droppedAt,
  askedAt: safeArrivalChecks.askedAt,
  confirmedAt: safeArrivalChecks.confirmedAt,
  confirmedVia: safeArrivalChecks.confirmedVia,
  status: statusSql,
  incidentId: safeArrivalChecks.incidentId,
  attendedBy: attendedBySql,
  outcome: incidents.outcome,
};

export type SafeArrivalReportFilters = {
  range?: { from: Date; to: Date };
  branchOfficeId?: number;
  status?: SafeArrivalStatus;
  criterion?: string;
};

function conditions(filters: SafeArrivalReportFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.range)
    where.push(
      gte(safeArrivalChecks.droppedAt, filters.range.from),
      lt(safeArrivalChecks.droppedAt, filters.range.to),
    );
  if (filters.branchOfficeId) where.push(eq(safeArrivalChecks.branchOfficeId, filters.branchOfficeId));
  if (filters.status) where.push(sql`${statusSql} = ${filters.status}`);
  if (filters.criterion) {
    const pattern = containsPattern(filters.criterion);
    where.push(
      sql`(${employees.searchText} like ${pattern} or search_fold(coalesce(${intermediateRoutes.routeName}, '')) like ${pattern})`,
    );
  }
  return and(...where);
}

function selectReport(db: Db) {
  return db
    .select(reportColumns)
    .from(safeArrivalChecks)
    .innerJoin(employees, eq(employees.id, safeArrivalChecks.employeeId))
    .innerJoin(intermediateRoutes, eq(intermediateRoutes.id, safeArrivalChecks.intermediateRouteId))
    .leftJoin(branchOffices, eq(branchOffices.id, safeArrivalChecks.branchOfficeId))
    .leftJoin(incidents, eq(incidents.id, safeArrivalChecks.incidentId));
}
export type SafeArrivalReportRow = Awaited<ReturnType<ReturnType<typeof selectReport>["where"]>>[number];

function countReport(db: Db, where: SQL | undefined) {
  return db
    .select({ amount: count() })
    .from(safeArrivalChecks)
    .innerJoin(employees, eq(employees.id, safeArrivalChecks.employeeId))
    .innerJoin(intermediateRoutes, eq(intermediateRoutes.id, safeArrivalChecks.intermediateRouteId))
    .leftJoin(incidents, eq(incidents.id, safeArrivalChecks.incidentId))
    .where(where);
}

/** A page of night drops, newest first, and how many match. */
export async function safeArrivalReportPage(
  db: Db,
  filters: SafeArrivalReportFilters,
  page: { limit: number; offset: number },
): Promise<{ amount: number; rows: SafeArrivalReportRow[] }> {
  const where = conditions(filters);
  const [total] = await countReport(db, where);
  const rows = await selectReport(db)
    .where(where)
    .orderBy(desc(safeArrivalChecks.droppedAt), desc(safeArrivalChecks.id))
    .limit(page.limit)
    .offset(page.offset);
  return { amount: Number(total?.amount ?? 0), rows };
}

/** Every matching night drop (the Excel), in batches of `size`, newest first. */
export async function* safeArrivalReportBatches(
  db: Db,
  filters: SafeArrivalReportFilters,
  size = 1000,
): AsyncGenerator<SafeArrivalReportRow[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await selectReport(db)
      .where(conditions(filters))
      .orderBy(desc(safeArrivalChecks.droppedAt), desc(safeArrivalChecks.id))
      .limit(size)
      .offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

/** A branch office's name (the Excel's filter rows). */
export async function branchOfficeName(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: branchOffices.name })
    .from(branchOffices)
    .where(eq(branchOffices.id, id));
  return row?.name ?? null;
}
