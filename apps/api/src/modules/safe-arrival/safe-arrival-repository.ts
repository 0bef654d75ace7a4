import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  branchOffices,
  employees,
  incidents,
  intermediateRoutes,
  safeArrivalChecks,
  transportServices,
  users,
} from "../../db/schema.js";

const MINUTE = 60_000;
/** Checks asked or escalated per sweep query (the next sweep takes the rest). */
const DUE_BATCH = 500;

/** A branch office's night window and safe-arrival delays. */
export type SafeArrivalSettings = {
  nightStart: string;
  nightEnd: string;
  askMinutes: number;
  waitMinutes: number;
};

export async function safeArrivalSettings(
  db: Db,
  branchOfficeId: number,
): Promise<SafeArrivalSettings | null> {
  const [row] = await db
    .select({
      nightStart: branchOffices.nightStart,
      nightEnd: branchOffices.nightEnd,
      askMinutes: branchOffices.safeArrivalAskMinutes,
      waitMinutes: branchOffices.safeArrivalWaitMinutes,
    })
    .from(branchOffices)
    .where(eq(branchOffices.id, branchOfficeId));
  return row ?? null;
}

/** The riders who boarded the trip (QR scan or by hand). */
export async function boardedRiders(db: Db, intermediateRouteId: number): Promise<Set<number>> {
  const rows = await db
    .select({ employeeId: transportServices.employeeId })
    .from(transportServices)
    .where(
      and(
        eq(transportServices.intermediateRouteId, intermediateRouteId),
        eq(transportServices.status, "Boarded"),
      ),
    );
  return new Set(rows.map((row) => row.employeeId));
}

export type NewDrop = {
  employeeId: number;
  stopName: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * One check per trip and rider (insert … on conflict do nothing: several instances, a restart or the
 * same update twice record it once): asked `askMinutes` after the drop, escalated `waitMinutes` later.
 */
export async function recordDrops(
  db: Db,
  trip: { intermediateRouteId: number; branchOfficeId: number; serviceDay: string },
  droppedAt: number,
  settings: SafeArrivalSettings,
  drops: NewDrop[],
): Promise<number> {
  if (drops.length === 0) return 0;
  const askAt = droppedAt + settings.askMinutes * MINUTE;
  const rows = await db
    .insert(safeArrivalChecks)
    .values(
      drops.map((drop) => ({
        intermediateRouteId: trip.intermediateRouteId,
        employeeId: drop.employeeId,
        branchOfficeId: trip.branchOfficeId,
        serviceDay: trip.serviceDay,
        stopName: drop.stopName,
        latitude: drop.latitude,
        longitude: drop.longitude,
        droppedAt: new Date(droppedAt),
        askAt: new Date(askAt),
        escalateAt: new Date(askAt + settings.waitMinutes * MINUTE),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: safeArrivalChecks.id });
  return rows.length;
}

/** What a check tells its rider (the hub's SafeArrivalCheck, the push) and who the rider's user is. */
const checkColumns = {
  id: safeArrivalChecks.id,
  intermediateRouteId: safeArrivalChecks.intermediateRouteId,
  routeName: sql<string>`coalesce(${intermediateRoutes.routeName}, '')`,
  stopName: safeArrivalChecks.stopName,
  droppedAt: safeArrivalChecks.droppedAt,
  askAt: safeArrivalChecks.askAt,
  escalateAt: safeArrivalChecks.escalateAt,
  userId: sql<
    number | null
  >`(select ${users.id} from ${users} where ${users.id} = ${employees.userId} and ${users.status} = 'active')`,
};

function selectChecks(db: Db) {
  return db
    .select(checkColumns)
    .from(safeArrivalChecks)
    .innerJoin(intermediateRoutes, eq(intermediateRoutes.id, safeArrivalChecks.intermediateRouteId))
    .innerJoin(employees, eq(employees.id, safeArrivalChecks.employeeId));
}
export type CheckRow = Awaited<ReturnType<ReturnType<typeof selectChecks>["where"]>>[number];

const open = and(isNull(safeArrivalChecks.confirmedAt), isNull(safeArrivalChecks.incidentId));

/** Checks whose question is due and not yet sent. */
export function dueAsks(db: Db, now: number) {
  return selectChecks(db)
    .where(and(open, isNull(safeArrivalChecks.askedAt), lte(safeArrivalChecks.askAt, new Date(now))))
    .orderBy(asc(safeArrivalChecks.askAt), asc(safeArrivalChecks.id))
    .limit(DUE_BATCH);
}

/** Marks a check asked with its one-time token's hash; false when another instance asked first. */
export async function markAsked(db: Db, id: number, tokenHash: string, now: number): Promise<boolean> {
  const rows = await db
    .update(safeArrivalChecks)
    .set({ askedAt: new Date(now), answerTokenHash: tokenHash })
    .where(and(eq(safeArrivalChecks.id, id), isNull(safeArrivalChecks.askedAt), open))
    .returning({ id: safeArrivalChecks.id });
  return rows.length > 0;
}

/**
 * Checks asked and unanswered whose wait is over: the wait runs from when the question actually
 * went out (`asked_at + (escalate_at − ask_at)`), so a late sweep never shortens the rider's time.
 */
export function dueEscalations(db: Db, now: number) {
  return db
    .select({
      id: safeArrivalChecks.id,
      intermediateRouteId: safeArrivalChecks.intermediateRouteId,
      branchOfficeId: safeArrivalChecks.branchOfficeId,
      serviceDay: safeArrivalChecks.serviceDay,
      stopName: safeArrivalChecks.stopName,
      latitude: safeArrivalChecks.latitude,
      longitude: safeArrivalChecks.longitude,
      droppedAt: safeArrivalChecks.droppedAt,
      userId: employees.userId,
      routeId: intermediateRoutes.routeId,
      driverId: intermediateRoutes.driverId,
      supplierId: intermediateRoutes.supplierId,
    })
    .from(safeArrivalChecks)
    .innerJoin(intermediateRoutes, eq(intermediateRoutes.id, safeArrivalChecks.intermediateRouteId))
    .innerJoin(employees, eq(employees.id, safeArrivalChecks.employeeId))
    .where(
      and(
        open,
        sql`${safeArrivalChecks.askedAt} is not null`,
        sql`${safeArrivalChecks.askedAt} + (${safeArrivalChecks.escalateAt} - ${safeArrivalChecks.askAt}) <= ${new Date(now).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(safeArrivalChecks.escalateAt), asc(safeArrivalChecks.id))
    .limit(DUE_BATCH);
}
export type EscalationRow = Awaited<ReturnType<typeof dueEscalations>>[number];

/** Thrown inside the escalation's transaction when another instance (or «Sí») got there first. */
class Lost extends Error {}

/**
 * Opens the check's SAFE_ARRIVAL_UNCONFIRMED incident and ties it to the check in one transaction:
 * the conditional update decides (with two instances the second waits on the row, then finds it
 * taken, and rolls its incident back). The incident's id, or undefined when it was not this one's.
 */
export async function escalate(db: Db, check: EscalationRow, now: number): Promise<number | undefined> {
  const droppedAt = check.droppedAt.toISOString();
  const hasPlace = check.latitude !== null && check.longitude !== null;
  try {
    return await db.transaction(async (tx) => {
      const [incident] = await tx
        .insert(incidents)
        .values({
          type: "SAFE_ARRIVAL_UNCONFIRMED",
          status: "OPEN",
          intermediateRouteId: check.intermediateRouteId,
          routeId: check.routeId,
          serviceDay: check.serviceDay,
          driverId: check.driverId,
          supplierId: check.supplierId,
          openedAt: new Date(now),
          personUserId: check.userId,
          branchOfficeId: check.branchOfficeId,
          detail: {
            droppedAt,
            ...(check.stopName !== null && { dropStopName: check.stopName }),
            ...(hasPlace && { dropLatitude: check.latitude, dropLongitude: check.longitude }),
          },
          evidence: hasPlace ? [{ latitude: check.latitude, longitude: check.longitude, at: droppedAt }] : [],
        })
        .returning({ id: incidents.id });
      if (!incident) throw new Lost();
      const tied = await tx
        .update(safeArrivalChecks)
        .set({ incidentId: incident.id })
        .where(and(eq(safeArrivalChecks.id, check.id), open))
        .returning({ id: safeArrivalChecks.id });
      if (tied.length === 0) throw new Lost();
      return incident.id;
    });
  } catch (error) {
    if (error instanceof Lost) return undefined;
    throw error;
  }
}

/**
 * The rider's checks asked and not answered since `since`, oldest first: escalated ones too (a late
 * «Sí» still tells the control room the rider is home).
 */
export function pendingOf(db: Db, employeeId: number, since: number) {
  return selectChecks(db)
    .where(
      and(
        eq(safeArrivalChecks.employeeId, employeeId),
        isNull(safeArrivalChecks.confirmedAt),
        sql`${safeArrivalChecks.askedAt} is not null`,
        gte(safeArrivalChecks.droppedAt, new Date(since)),
      ),
    )
    .orderBy(asc(safeArrivalChecks.askAt), asc(safeArrivalChecks.id));
}

/** «Sí» from the app: the rider's own check; false when it is not theirs (or does not exist). */
export async function confirmOwn(db: Db | Tx, id: number, employeeId: number, now: number): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: safeArrivalChecks.confirmedAt })
    .from(safeArrivalChecks)
    .where(and(eq(safeArrivalChecks.id, id), eq(safeArrivalChecks.employeeId, employeeId)));
  if (!row) return false;
  if (row.confirmedAt === null) {
    await db
      .update(safeArrivalChecks)
      .set({ confirmedAt: new Date(now), confirmedVia: "app" })
      .where(and(eq(safeArrivalChecks.id, id), isNull(safeArrivalChecks.confirmedAt)));
  }
  return true;
}

/**
 * «Sí» from the push: the token's check, once (the token is cleared as it is used). A check the
 * rider already confirmed in the app keeps that confirmation. False for an unknown or used token.
 */
export async function answerByToken(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const rows = await db
    .update(safeArrivalChecks)
    .set({
      answerTokenHash: null,
      confirmedAt: sql`coalesce(${safeArrivalChecks.confirmedAt}, ${new Date(now).toISOString()}::timestamptz)`,
      confirmedVia: sql`coalesce(${safeArrivalChecks.confirmedVia}, 'push')`,
    })
    .where(eq(safeArrivalChecks.answerTokenHash, tokenHash))
    .returning({ id: safeArrivalChecks.id });
  return rows.length > 0;
}
