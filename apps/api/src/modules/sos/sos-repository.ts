import { and, asc, count, desc, eq, gt, gte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  branchOffices,
  drivers,
  employees,
  incidents,
  intermediateRoutes,
  routes,
  shifts,
  sosPositions,
  transportServices,
  users,
} from "../../db/schema.js";

type Conn = Db | Tx;

/** Advisory lock space (two-key form) of a person's SOS: the hourly limit counts exactly. */
const SOS_PERSON_LOCK = 7_311_038;

/** Serializes a person's SOS for the rest of the transaction. */
export async function lockSosOf(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SOS_PERSON_LOCK}::int, ${userId}::int)`);
}

/** How many SOS the person raised after `since` (index `incidents_person_idx`). */
export async function sosCountSince(conn: Conn, userId: number, since: Date): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(incidents)
    .where(and(eq(incidents.personUserId, userId), eq(incidents.type, "SOS"), gt(incidents.openedAt, since)));
  return row?.n ?? 0;
}

/** Who raises it: the collaborator (or admin) or the driver behind the account. */
export type SosPerson = {
  name: string;
  phone: string | null;
  employeeId: number | null;
  driverId: number | null;
  /** The collaborator's branch office (a driver has none of its own). */
  branchOfficeId: number | null;
};

export async function sosPersonOf(conn: Conn, userId: number): Promise<SosPerson | undefined> {
  const [row] = await conn
    .select({
      email: users.email,
      employeeId: employees.id,
      employeeName: sql<string | null>`${employees.name} || ' ' || ${employees.lastname}`,
      employeePhone: employees.telephone,
      branchOfficeId: employees.branchOfficeId,
      driverId: drivers.id,
      driverName: sql<string | null>`${drivers.name} || ' ' || ${drivers.lastname}`,
      driverPhone: drivers.telephone,
    })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    name: row.employeeName ?? row.driverName ?? row.email,
    phone: row.employeePhone ?? row.driverPhone ?? null,
    employeeId: row.employeeId,
    driverId: row.driverId,
    branchOfficeId: row.branchOfficeId,
  };
}

/** A trip an SOS belongs to, with what the incident keeps of it. */
export type SosTrip = {
  id: number;
  routeId: number | null;
  routeName: string;
  driverId: number;
  supplierId: number;
  status: string;
  endedAt: Date | null;
  branchOfficeId: number | null;
};

const tripColumns = {
  id: intermediateRoutes.id,
  routeId: intermediateRoutes.routeId,
  routeName: sql<string>`coalesce(${intermediateRoutes.routeName}, ${routes.name}, '')`,
  driverId: intermediateRoutes.driverId,
  supplierId: intermediateRoutes.supplierId,
  status: intermediateRoutes.status,
  endedAt: intermediateRoutes.endedAt,
  branchOfficeId: shifts.branchOfficeId,
};

/**
 * The person's trip for an SOS: running, or ended since `droppedSince` (a rider's walk home), the
 * running one first, then the latest ended. A rider's are the trips they boarded (not canceled), a
 * driver's the trips they drive; `intermediateRouteId` narrows it to that trip.
 */
export async function sosTripOf(
  conn: Conn,
  person: { employeeId: number | null; driverId: number | null },
  droppedSince: Date,
  intermediateRouteId?: number,
): Promise<SosTrip | undefined> {
  const whose =
    person.driverId !== null
      ? eq(intermediateRoutes.driverId, person.driverId)
      : person.employeeId !== null
        ? sql`exists (select 1 from ${transportServices} where ${transportServices.intermediateRouteId} = ${intermediateRoutes.id} and ${transportServices.employeeId} = ${person.employeeId} and ${transportServices.status} = 'Boarded')`
        : undefined;
  if (!whose) return undefined;
  const [row] = await conn
    .select(tripColumns)
    .from(intermediateRoutes)
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(
      and(
        whose,
        or(eq(intermediateRoutes.status, "InProgress"), gte(intermediateRoutes.endedAt, droppedSince)),
        intermediateRouteId === undefined ? undefined : eq(intermediateRoutes.id, intermediateRouteId),
      ),
    )
    .orderBy(
      sql`case when ${intermediateRoutes.status} = 'InProgress' then 0 else 1 end`,
      desc(intermediateRoutes.endedAt),
      desc(intermediateRoutes.id),
    )
    .limit(1);
  return row;
}

/** A trip by id with the columns an SOS keeps (the rider was found expected on it). */
export async function sosTripById(conn: Conn, intermediateRouteId: number): Promise<SosTrip | undefined> {
  const [row] = await conn
    .select(tripColumns)
    .from(intermediateRoutes)
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(eq(intermediateRoutes.id, intermediateRouteId))
    .limit(1);
  return row;
}

export type SosIncidentValues = {
  intermediateRouteId: number | null;
  routeId: number | null;
  serviceDay: string;
  driverId: number | null;
  supplierId: number | null;
  openedAt: Date;
  detail: Record<string, unknown>;
  evidence: Array<{ latitude: number; longitude: number; at: string }>;
  personUserId: number;
  branchOfficeId: number | null;
};

/** Opens the SOS incident (never deduplicated: each SOS is its own): its id. */
export async function insertSosIncident(tx: Tx, values: SosIncidentValues): Promise<number> {
  const [row] = await tx
    .insert(incidents)
    .values({ ...values, type: "SOS", status: "OPEN" })
    .returning({ id: incidents.id });
  if (!row) throw new Error("SOS incident not inserted");
  return row.id;
}

export async function insertSosPosition(
  conn: Conn,
  values: {
    incidentId: number;
    latitude: number;
    longitude: number;
    accuracy: number | null;
    recordedAt: Date;
  },
) {
  await conn.insert(sosPositions).values(values);
}

/** The person's latest SOS (id and when it opened). */
export async function latestSosOf(conn: Conn, userId: number) {
  const [row] = await conn
    .select({ id: incidents.id, openedAt: incidents.openedAt })
    .from(incidents)
    .where(and(eq(incidents.personUserId, userId), eq(incidents.type, "SOS")))
    .orderBy(desc(incidents.openedAt), desc(incidents.id))
    .limit(1);
  return row;
}

/** An SOS incident with who raised it. */
export async function sosIncident(conn: Conn, incidentId: number) {
  const [row] = await conn
    .select({ id: incidents.id, openedAt: incidents.openedAt, personUserId: incidents.personUserId })
    .from(incidents)
    .where(and(eq(incidents.id, incidentId), eq(incidents.type, "SOS")));
  return row;
}

/** The positions that followed the SOS, oldest first. */
export function sosPositionsOf(conn: Conn, incidentId: number) {
  return conn
    .select({
      latitude: sosPositions.latitude,
      longitude: sosPositions.longitude,
      accuracy: sosPositions.accuracy,
      recordedAt: sosPositions.recordedAt,
    })
    .from(sosPositions)
    .where(eq(sosPositions.incidentId, incidentId))
    .orderBy(asc(sosPositions.recordedAt), asc(sosPositions.id));
}

/** The branch office's name and emergency contacts. */
export async function branchOfficeContact(conn: Conn, branchOfficeId: number) {
  const [row] = await conn
    .select({
      name: branchOffices.name,
      emergencyPhone: branchOffices.emergencyPhone,
      emergencyEmails: branchOffices.emergencyEmails,
    })
    .from(branchOffices)
    .where(eq(branchOffices.id, branchOfficeId));
  return row;
}

/**
 * Who is told of an SOS by Web Push: the active admins of the branch office (every active admin
 * when the SOS has none) and every active SuperAdmin.
 */
export async function sosRecipients(conn: Conn, branchOfficeId: number | null): Promise<number[]> {
  const admins =
    branchOfficeId === null
      ? eq(users.role, "Admin")
      : and(eq(users.role, "Admin"), eq(employees.branchOfficeId, branchOfficeId));
  const rows = await conn
    .select({ id: users.id })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(and(eq(users.status, "active"), or(eq(users.role, "SuperAdmin"), admins)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}
