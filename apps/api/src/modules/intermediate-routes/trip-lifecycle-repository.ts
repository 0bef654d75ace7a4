import { and, asc, desc, eq, gte, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  destinations,
  drivers,
  intermediateRoutes,
  routeDrivers,
  routes,
  routesNotScheduled,
  transportServices,
} from "../../db/schema.js";
import { type BlockingPapers, latestBlockingPapers } from "../documents/driver-clearance-repository.js";
import { rowsOf } from "../reports/trip-scope.js";

type Conn = Db | Tx;

/**
 * Serializes a driver's Start calls (row lock on the driver) and, in the same statement, reads the
 * latest approved expiry of each paper that can block the Start (decision 0078): judged by `blockOn`
 * once the Start knows its day. The lock holds for the caller's transaction (the Start's).
 */
export async function lockDriverForStart(tx: Conn, driverId: number): Promise<BlockingPapers> {
  const [row] = await rowsOf(
    tx,
    sql`select l.* from drivers d cross join lateral ${latestBlockingPapers(sql`d.id`)} l
      where d.id = ${driverId} for update of d`,
  );
  return (row ?? {}) as BlockingPapers;
}

export async function findRouteForStart(conn: Conn, routeId: number) {
  const [row] = await conn
    .select({ id: routes.id, name: routes.name, status: routes.status, cost: routes.cost })
    .from(routes)
    .where(eq(routes.id, routeId));
  return row;
}

/** Suppliers of the drivers assigned to a route, and whether `driverId` is one of them. */
export async function routeDriverAssignment(conn: Conn, routeId: number, driverId: number) {
  const rows = await conn
    .select({ driverId: routeDrivers.driverId, supplierId: drivers.supplierId })
    .from(routeDrivers)
    .innerJoin(drivers, eq(drivers.id, routeDrivers.driverId))
    .where(eq(routeDrivers.routeId, routeId));
  return {
    assigned: rows.some((row) => row.driverId === driverId),
    supplierIds: new Set(rows.map((row) => row.supplierId)),
  };
}

export async function findRouteNotScheduledForStart(conn: Conn, id: number) {
  const [row] = await conn
    .select({
      id: routesNotScheduled.id,
      name: routesNotScheduled.name,
      status: routesNotScheduled.status,
      cost: routesNotScheduled.cost,
      driverId: routesNotScheduled.driverId,
      supplierId: drivers.supplierId,
    })
    .from(routesNotScheduled)
    .innerJoin(drivers, eq(drivers.id, routesNotScheduled.driverId))
    .where(eq(routesNotScheduled.id, id));
  return row;
}

export async function insertTrip(
  tx: Tx,
  values: {
    routeId: number | null;
    routeNotScheduledId: number | null;
    driverId: number;
    supplierId: number;
    cost: string;
    /** A checked device time (a Start queued offline); the database's now when absent. */
    startedAt?: Date;
  },
) {
  const [row] = await tx
    .insert(intermediateRoutes)
    .values({ ...values, status: "InProgress" })
    .returning({ id: intermediateRoutes.id });
  if (!row) throw new Error("trip insert returned nothing");
  return row.id;
}

/**
 * Ends a trip in progress at `at` (a checked device time) or at the clock's now (not the
 * transaction's start: the End may have waited for locks), never before its start nor before
 * `notBefore` (the last cut's end: a trip never ends inside a period already cut); its end time,
 * or undefined when it was not in progress. The caller holds the billing lock (lockBilling).
 */
export async function finishTrip(tx: Tx, id: number, at: Date | undefined, notBefore: Date | undefined) {
  const end = at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const floor = notBefore ? sql`${notBefore.toISOString()}::timestamptz` : sql`null::timestamptz`;
  const [row] = await tx
    .update(intermediateRoutes)
    .set({
      status: "Finished",
      endedAt: sql`greatest(${end}, ${intermediateRoutes.startedAt}, ${floor})`,
      updatedAt: new Date(),
    })
    .where(and(eq(intermediateRoutes.id, id), eq(intermediateRoutes.status, "InProgress")))
    .returning({ endedAt: intermediateRoutes.endedAt });
  return row?.endedAt ?? undefined;
}

/** Whether a not-scheduled (one-off) route already ran: a trip of it finished or in progress. */
export async function routeNotScheduledRan(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: intermediateRoutes.id })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.routeNotScheduledId, id))
    .limit(1);
  return row !== undefined;
}

/**
 * When the driver's latest trip ended (a Start queued offline cannot begin before it): its last
 * trip by start (index `intermediate_routes_driver_started_idx`), one at a time per driver.
 */
export async function lastEndOfDriver(conn: Conn, driverId: number) {
  const [row] = await conn
    .select({ endedAt: intermediateRoutes.endedAt })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.driverId, driverId))
    .orderBy(desc(intermediateRoutes.startedAt))
    .limit(1);
  return row?.endedAt ?? undefined;
}

/** When the trip's last boarding happened, if any. */
export async function lastBoardingAt(conn: Conn, tripId: number) {
  const [row] = await conn
    .select({ at: max(transportServices.scannedAt) })
    .from(transportServices)
    .where(and(eq(transportServices.intermediateRouteId, tripId), eq(transportServices.status, "Boarded")));
  return row?.at ?? undefined;
}

/** What a driver may start: active assigned routes, and its active not-scheduled routes from yesterday on. */
export async function startableRoutesOf(conn: Conn, driverId: number, since: Date) {
  const scheduled = await conn
    .select({
      routeId: routes.id,
      name: routes.name,
      description: routes.description,
      destinationName: destinations.name,
      destinationLatitude: destinations.latitude,
      destinationLongitude: destinations.longitude,
      departureTime: routes.departureTime,
    })
    .from(routeDrivers)
    .innerJoin(routes, eq(routes.id, routeDrivers.routeId))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .where(and(eq(routeDrivers.driverId, driverId), eq(routes.status, "active")))
    .orderBy(asc(routes.departureTime), asc(routes.name), asc(routes.id));
  const notScheduled = await conn
    .select({
      routeNotScheduledId: routesNotScheduled.id,
      name: routesNotScheduled.name,
      description: routesNotScheduled.description,
      destinationName: destinations.name,
      destinationLatitude: destinations.latitude,
      destinationLongitude: destinations.longitude,
      scheduledAt: routesNotScheduled.scheduledAt,
    })
    .from(routesNotScheduled)
    .leftJoin(destinations, eq(destinations.id, routesNotScheduled.destinationId))
    .where(
      and(
        eq(routesNotScheduled.driverId, driverId),
        eq(routesNotScheduled.status, "active"),
        gte(routesNotScheduled.scheduledAt, since),
        // A one-off route runs once: once started it is no longer startable.
        sql`not exists (select 1 from intermediate_routes t where t.route_not_scheduled_id = ${routesNotScheduled.id})`,
      ),
    )
    .orderBy(asc(routesNotScheduled.scheduledAt), asc(routesNotScheduled.id));
  return { scheduled, notScheduled };
}
