/**
 * `modules/trips`: the trip record (an IntermediateRoute) shared by intermediate-routes (start, end,
 * lists, comments) and transport-services (boardings, cancellations). No routes of its own: it keeps
 * those two modules from importing each other.
 */
import { and, eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.js";
import {
  destinations,
  drivers,
  intermediateRoutes,
  routes,
  routesNotScheduled,
  suppliers,
  transportServices,
} from "../../db/schema.js";

type Conn = Db | Tx;

/**
 * The trip's route name, scheduled or not: the name it started under (migration 0009), else the
 * route's. Needs {@link joinTripNames}.
 */
export const routeName = sql<string>`coalesce(${intermediateRoutes.routeName}, ${routes.name}, ${routesNotScheduled.name}, '')`;

/** Joins a trip query to its driver, supplier and route (scheduled or not), for their names. */
export function joinTripNames<T extends PgSelect>(query: T) {
  return query
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId));
}

const servicesCount = (status: "Boarded" | "Canceled") =>
  sql<number>`(select count(*) from ${transportServices} where ${transportServices.intermediateRouteId} = ${intermediateRoutes.id} and ${transportServices.status} = ${status})`.mapWith(
    Number,
  );

/** The columns of a trip summary (needs {@link joinTripNames}). */
export const summaryColumns = {
  id: intermediateRoutes.id,
  routeId: intermediateRoutes.routeId,
  routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
  routeName,
  driverId: intermediateRoutes.driverId,
  driverName: drivers.name,
  driverLastname: drivers.lastname,
  supplierId: intermediateRoutes.supplierId,
  supplierName: suppliers.name,
  status: intermediateRoutes.status,
  startedAt: intermediateRoutes.startedAt,
  endedAt: intermediateRoutes.endedAt,
  cost: intermediateRoutes.cost,
  lastLatitude: intermediateRoutes.lastLatitude,
  lastLongitude: intermediateRoutes.lastLongitude,
  lastPositionAt: intermediateRoutes.lastPositionAt,
  amountCollaborators: servicesCount("Boarded"),
  amountCanceled: servicesCount("Canceled"),
};

/** One trip's summary with its destination. */
export async function findTrip(conn: Conn, id: number) {
  const [row] = await joinTripNames(
    conn
      .select({
        ...summaryColumns,
        destinationName: destinations.name,
        destinationLatitude: destinations.latitude,
        destinationLongitude: destinations.longitude,
      })
      .from(intermediateRoutes)
      .$dynamic(),
  )
    .leftJoin(
      destinations,
      eq(destinations.id, sql`coalesce(${routes.destinationId}, ${routesNotScheduled.destinationId})`),
    )
    .where(eq(intermediateRoutes.id, id));
  return row;
}

/** A row of {@link summaryColumns}. */
export type TripSummaryRow = Omit<
  NonNullable<Awaited<ReturnType<typeof findTrip>>>,
  "destinationName" | "destinationLatitude" | "destinationLongitude"
>;

/** Who runs a trip: its driver and its route (scheduled or not), without a lock. */
export async function findTripRoute(conn: Conn, id: number) {
  const [row] = await conn
    .select({
      driverId: intermediateRoutes.driverId,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
      startedAt: intermediateRoutes.startedAt,
    })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.id, id))
    .limit(1);
  return row;
}

/** Locks a trip until the transaction ends: "update" to change it, "share" to hold it as it is. */
export async function lockTrip(tx: Tx, id: number, strength: "update" | "share") {
  const [row] = await tx
    .select({
      id: intermediateRoutes.id,
      driverId: intermediateRoutes.driverId,
      status: intermediateRoutes.status,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
      startedAt: intermediateRoutes.startedAt,
    })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.id, id))
    .for(strength);
  return row;
}

/** The driver's trip in progress, if any. */
export async function inProgressTripIdOf(conn: Conn, driverId: number) {
  const [row] = await conn
    .select({ id: intermediateRoutes.id })
    .from(intermediateRoutes)
    .where(and(eq(intermediateRoutes.driverId, driverId), eq(intermediateRoutes.status, "InProgress")));
  return row?.id;
}

/** Names for a notification about a trip: its driver and route. */
export async function tripNames(conn: Conn, tripId: number) {
  const [row] = await joinTripNames(
    conn
      .select({ driverName: drivers.name, driverLastname: drivers.lastname, routeName })
      .from(intermediateRoutes)
      .$dynamic(),
  ).where(eq(intermediateRoutes.id, tripId));
  return row;
}
