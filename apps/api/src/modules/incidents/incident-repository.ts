import { INCIDENT_SEVERITY, MANUAL_CLOSE_INCIDENT_TYPES } from "@treiber/contract";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  ne,
  notExists,
  notInArray,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  drivers,
  employees,
  incidents,
  intermediateRoutes,
  routeDays,
  routeDrivers,
  routeStops,
  routes,
  shifts,
  suppliers,
  users,
} from "../../db/schema.js";

const CRITICAL = Object.entries(INCIDENT_SEVERITY)
  .filter(([, severity]) => severity === "critical")
  .map(([type]) => type);

const unclosed = ne(incidents.status, "CLOSED");
/**
 * Safety incidents (SOS, SAFE_ARRIVAL_UNCONFIRMED) are closed by an admin only (decision 0080):
 * every close the system makes leaves them alone.
 */
const autoClosable = notInArray(incidents.type, [...MANUAL_CLOSE_INCIDENT_TYPES]);
const sameStop = (stopIndex: number | null) => sql`coalesce(${incidents.stopIndex}, -1) = ${stopIndex ?? -1}`;
const tripRoute = sql`coalesce(${intermediateRoutes.routeId}, ${incidents.routeId})`;
/** The incident's own branch office (an SOS without a trip, decision 0080), else its route's. */
const branchOfficeSql = sql<
  number | null
>`coalesce(${incidents.branchOfficeId}, (select ${shifts.branchOfficeId} from ${routes} join ${shifts} on ${shifts.id} = ${routes.shiftId} where ${routes.id} = ${incidents.routeId}))`;
/** A user's full name (collaborator or driver), else the e-mail. */
const userNameSql = (userId: SQLWrapper) =>
  sql<
    string | null
  >`(select coalesce(e.name || ' ' || e.lastname, d.name || ' ' || d.lastname, u.email) from users u left join employees e on e.user_id = u.id left join drivers d on d.user_id = u.id where u.id = ${userId})`;

/** Every column an IncidentItem is built from. */
const itemColumns = {
  id: incidents.id,
  type: incidents.type,
  status: incidents.status,
  intermediateRouteId: incidents.intermediateRouteId,
  routeId: incidents.routeId,
  routeName: sql<string>`coalesce(${intermediateRoutes.routeName}, (select ${routes.name} from ${routes} where ${routes.id} = ${tripRoute}), '')`,
  serviceDay: incidents.serviceDay,
  driverName: sql<string | null>`${drivers.name} || ' ' || ${drivers.lastname}`,
  supplierName: suppliers.name,
  branchOfficeId: branchOfficeSql,
  stopIndex: incidents.stopIndex,
  stopName: sql<
    string | null
  >`(select ${routeStops.name} from ${routeStops} where ${routeStops.routeId} = ${incidents.routeId} and ${routeStops.position} = ${incidents.stopIndex} + 1)`,
  openedAt: incidents.openedAt,
  closedAt: incidents.closedAt,
  closeReason: incidents.closeReason,
  acknowledgedBy: sql<
    string | null
  >`(select coalesce(${employees.name} || ' ' || ${employees.lastname}, ${users.email}) from ${users} left join ${employees} on ${employees.userId} = ${users.id} where ${users.id} = ${incidents.acknowledgedByUserId})`,
  acknowledgedAt: incidents.acknowledgedAt,
  personName: userNameSql(incidents.personUserId),
  personRole: sql<string | null>`(select u.role from users u where u.id = ${incidents.personUserId})`,
  outcome: incidents.outcome,
  closedBy: userNameSql(incidents.closedByUserId),
  note: incidents.note,
  detail: incidents.detail,
  evidence: incidents.evidence,
};

function selectItems(db: Db) {
  return db
    .select(itemColumns)
    .from(incidents)
    .leftJoin(intermediateRoutes, eq(intermediateRoutes.id, incidents.intermediateRouteId))
    .leftJoin(drivers, eq(drivers.id, incidents.driverId))
    .leftJoin(suppliers, eq(suppliers.id, incidents.supplierId));
}
export type IncidentRow = Awaited<ReturnType<ReturnType<typeof selectItems>["where"]>>[number];

export async function incidentsByIds(db: Db, ids: number[]): Promise<IncidentRow[]> {
  if (ids.length === 0) return [];
  return selectItems(db).where(inArray(incidents.id, ids)).orderBy(asc(incidents.id));
}

export type IncidentFilters = {
  range?: { from: Date; to: Date };
  type?: string;
  status?: string;
  intermediateRouteId?: number;
  branchOfficeId?: number;
  /** Only this supplier's incidents (a Supplier caller, decision 0077). */
  supplierId?: number | null;
};

function conditions(filters: IncidentFilters, withStatus: boolean): SQL[] {
  const where: SQL[] = [];
  if (filters.range)
    where.push(gte(incidents.openedAt, filters.range.from), lt(incidents.openedAt, filters.range.to));
  if (filters.type) where.push(eq(incidents.type, filters.type));
  if (filters.intermediateRouteId) where.push(eq(incidents.intermediateRouteId, filters.intermediateRouteId));
  if (filters.branchOfficeId) where.push(sql`${branchOfficeSql} = ${filters.branchOfficeId}`);
  // A supplier's user never sees the safety incidents (a person's SOS is the company's, decision 0080).
  if (filters.supplierId != null) where.push(eq(incidents.supplierId, filters.supplierId), autoClosable);
  if (withStatus && filters.status)
    where.push(filters.status === "OPEN" ? unclosed : eq(incidents.status, filters.status));
  return where;
}

/**
 * A page of incidents, its total and the unclosed count (the filters but the status). `status=OPEN`
 * means unclosed (open and acknowledged), ordered by severity, then newest; else newest first.
 */
export async function listIncidents(
  db: Db,
  filters: IncidentFilters,
  page: { limit: number; offset: number },
) {
  const where = and(...conditions(filters, true));
  const severity = sql`case when ${incidents.type} in (${sql.join(
    CRITICAL.map((type) => sql`${type}`),
    sql`, `,
  )}) then 0 else 1 end`;
  // An SOS lists first among the unclosed, whatever its age (decision 0080).
  const sosFirst = sql`case when ${incidents.type} = 'SOS' then 0 else 1 end`;
  const order =
    filters.status === "OPEN"
      ? [asc(sosFirst), asc(severity), desc(incidents.openedAt), desc(incidents.id)]
      : [desc(incidents.openedAt), desc(incidents.id)];
  const [rows, [total], [open]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(incidents).where(where),
    db
      .select({ n: count() })
      .from(incidents)
      .where(and(...conditions(filters, false), unclosed)),
  ]);
  return { rows, amount: total?.n ?? 0, openCount: open?.n ?? 0 };
}

/** OPEN → ACKNOWLEDGED; the id when it changed, else the row's status (undefined: no such row). */
export async function acknowledgeIncident(
  db: Db,
  values: { id: number; userId: number; note: string; at: Date },
): Promise<{ changed: true } | { changed: false; status: string | undefined }> {
  const [row] = await db
    .update(incidents)
    .set({
      status: "ACKNOWLEDGED",
      acknowledgedByUserId: values.userId,
      acknowledgedAt: values.at,
      note: values.note || null,
    })
    .where(and(eq(incidents.id, values.id), eq(incidents.status, "OPEN")))
    .returning({ id: incidents.id });
  if (row) return { changed: true };
  const [existing] = await db
    .select({ status: incidents.status })
    .from(incidents)
    .where(eq(incidents.id, values.id));
  return { changed: false, status: existing?.status };
}

/**
 * Closes a safety incident by hand (`manual`, the outcome, who, the note): the result when it
 * changed, else the row's type and status (undefined: no such row).
 */
export async function closeSafetyIncident(
  db: Db,
  values: { id: number; userId: number; note: string; outcome: string; at: Date },
): Promise<{ changed: true } | { changed: false; type: string | undefined; status: string | undefined }> {
  const [row] = await db
    .update(incidents)
    .set({
      status: "CLOSED",
      closedAt: sql`greatest(${incidents.openedAt}, ${values.at.toISOString()}::timestamptz)`,
      closeReason: "manual",
      outcome: values.outcome,
      closedByUserId: values.userId,
      // The acknowledgement's note stays, the closing one follows it.
      note: sql`coalesce(${incidents.note} || ' | ', '') || ${values.note}::text`,
    })
    .where(
      and(eq(incidents.id, values.id), unclosed, inArray(incidents.type, [...MANUAL_CLOSE_INCIDENT_TYPES])),
    )
    .returning({ id: incidents.id });
  if (row) return { changed: true };
  const [existing] = await db
    .select({ type: incidents.type, status: incidents.status })
    .from(incidents)
    .where(eq(incidents.id, values.id));
  return { changed: false, type: existing?.type, status: existing?.status };
}

export type OpenValues = {
  intermediateRouteId: number | null;
  routeId: number | null;
  serviceDay: string;
  driverId: number | null;
  supplierId: number | null;
  type: string;
  stopIndex: number | null;
  openedAt: Date;
  detail: unknown;
  evidence: unknown;
};

/** Opens an incident unless one is already unclosed (or NOT_STARTED already raised that day): its id. */
export async function openIncident(db: Db, values: OpenValues): Promise<number | undefined> {
  const [row] = await db
    .insert(incidents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: incidents.id });
  return row?.id;
}

/** Closes the trip's unclosed incident of that type (and stop): its id when it changed. */
export async function closeIncident(
  db: Db,
  values: {
    intermediateRouteId: number;
    type: string;
    stopIndex: number | null;
    at: Date;
    reason: string;
    evidence: unknown[];
  },
): Promise<number | undefined> {
  const [row] = await db
    .update(incidents)
    .set({
      status: "CLOSED",
      closedAt: sql`greatest(${incidents.openedAt}, ${values.at.toISOString()}::timestamptz)`,
      closeReason: values.reason,
      evidence: sql`${incidents.evidence} || ${JSON.stringify(values.evidence)}::jsonb`,
    })
    .where(
      and(
        eq(incidents.intermediateRouteId, values.intermediateRouteId),
        eq(incidents.type, values.type),
        sameStop(values.stopIndex),
        unclosed,
        autoClosable,
      ),
    )
    .returning({ id: incidents.id });
  return row?.id;
}

/**
 * Closes every unclosed incident of the trip (`trip-ended`) but the safety ones (an SOS outlives the
 * trip): the ids that changed.
 */
export async function closeTripIncidents(db: Db, intermediateRouteId: number, at: Date): Promise<number[]> {
  const rows = await db
    .update(incidents)
    .set({
      status: "CLOSED",
      closedAt: sql`greatest(${incidents.openedAt}, ${at.toISOString()}::timestamptz)`,
      closeReason: "trip-ended",
    })
    .where(and(eq(incidents.intermediateRouteId, intermediateRouteId), unclosed, autoClosable))
    .returning({ id: incidents.id });
  return rows.map((row) => row.id);
}

/** The route's NOT_STARTED of that day, closed `cleared` and tied to the trip that started: its id. */
export async function clearNotStarted(
  db: Db,
  values: { routeId: number; serviceDay: string; intermediateRouteId: number; at: Date },
): Promise<number | undefined> {
  const [row] = await db
    .update(incidents)
    .set({
      intermediateRouteId: values.intermediateRouteId,
      status: "CLOSED",
      closedAt: sql`greatest(${incidents.openedAt}, ${values.at.toISOString()}::timestamptz)`,
      closeReason: "cleared",
    })
    .where(
      and(
        eq(incidents.type, "NOT_STARTED"),
        eq(incidents.routeId, values.routeId),
        eq(incidents.serviceDay, values.serviceDay),
        unclosed,
      ),
    )
    .returning({ id: incidents.id });
  return row?.id;
}

/**
 * NOT_STARTED of days before `serviceDay` still unclosed (the route never ran that day): closed
 * `day-ended`, so the panel's open count does not grow by one per route and day skipped.
 */
export async function closePastNotStarted(db: Db, serviceDay: string, at: Date): Promise<number[]> {
  const rows = await db
    .update(incidents)
    .set({
      status: "CLOSED",
      closedAt: sql`greatest(${incidents.openedAt}, ${at.toISOString()}::timestamptz)`,
      closeReason: "day-ended",
    })
    .where(
      and(eq(incidents.type, "NOT_STARTED"), lt(incidents.serviceDay, serviceDay), unclosed, autoClosable),
    )
    .returning({ id: incidents.id });
  return rows.map((row) => row.id);
}

/** The trip's unclosed incidents of the monitor's rules (a rebuilt monitor reconciles with them). */
export function unclosedOfTrip(db: Db, intermediateRouteId: number) {
  return db
    .select({ type: incidents.type, stopIndex: incidents.stopIndex })
    .from(incidents)
    .where(and(eq(incidents.intermediateRouteId, intermediateRouteId), unclosed, autoClosable));
}

/**
 * Active routes due on ISO weekday `weekday` with a departure (the route's, else its first stop's
 * planned time) and no NOT_STARTED raised on `serviceDay`, with the branch office (by shift), the
 * first assigned driver and its supplier, and the latest start of a trip of the route since `since`.
 */
export function routesDue(db: Db, values: { weekday: number; serviceDay: string; since: Date }) {
  const firstDriver = sql<
    number | null
  >`(select min(${routeDrivers.driverId}) from ${routeDrivers} where ${routeDrivers.routeId} = ${routes.id})`;
  return db
    .select({
      routeId: routes.id,
      departure: sql<
        string | null
      >`coalesce(${routes.departureTime}, (select ${routeStops.plannedTime} from ${routeStops} where ${routeStops.routeId} = ${routes.id} order by ${routeStops.position} limit 1))`,
      branchOfficeId: shifts.branchOfficeId,
      driverId: firstDriver,
      supplierId: sql<
        number | null
      >`(select ${drivers.supplierId} from ${drivers} where ${drivers.id} = ${firstDriver})`,
      lastStart:
        sql<Date | null>`(select max(${intermediateRoutes.startedAt}) from ${intermediateRoutes} where ${intermediateRoutes.routeId} = ${routes.id} and ${intermediateRoutes.startedAt} >= ${values.since.toISOString()}::timestamptz)`.mapWith(
          (value) => (value === null ? null : new Date(value)),
        ),
    })
    .from(routes)
    .innerJoin(routeDays, and(eq(routeDays.routeId, routes.id), eq(routeDays.dayId, values.weekday)))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(
      and(
        eq(routes.status, "active"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(incidents)
            .where(
              and(
                eq(incidents.type, "NOT_STARTED"),
                eq(incidents.routeId, routes.id),
                eq(incidents.serviceDay, values.serviceDay),
              ),
            ),
        ),
      ),
    );
}
