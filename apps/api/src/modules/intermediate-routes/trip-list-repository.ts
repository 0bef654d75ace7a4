import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { drivers, incidents, intermediateRoutes, suppliers } from "../../db/schema.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";
import { joinTripNames, routeName, summaryColumns } from "../trips/trip-repository.js";

type Conn = Db | Tx;

/** One page of trip summaries, newest first. */
function summaryPage(conn: Conn, where: SQL | undefined, query: { amount: number; skip: number }) {
  const { limit, offset } = pageWindow(query);
  return joinTripNames(conn.select(summaryColumns).from(intermediateRoutes).$dynamic())
    .where(where)
    .orderBy(desc(intermediateRoutes.startedAt), desc(intermediateRoutes.id))
    .limit(limit)
    .offset(offset);
}

/** Trips in progress (index `intermediate_routes_status_idx`), newest first. */
export async function listCurrentTrips(
  conn: Conn,
  query: { amount: number; skip: number; criterion?: string; driverId?: number; supplierId?: number | null },
) {
  const filters: SQL[] = [eq(intermediateRoutes.status, "InProgress")];
  if (query.driverId !== undefined) filters.push(eq(intermediateRoutes.driverId, query.driverId));
  if (query.supplierId != null) filters.push(eq(intermediateRoutes.supplierId, query.supplierId));
  const criterion = query.criterion?.trim();
  if (criterion) {
    filters.push(
      sql`search_fold(${routeName} || ' ' || ${drivers.name} || ' ' || ${drivers.lastname} || ' ' || ${suppliers.name}) like ${containsPattern(criterion)}`,
    );
  }
  const where = and(...filters);
  const [total] = await joinTripNames(
    conn.select({ amount: count() }).from(intermediateRoutes).$dynamic(),
  ).where(where);
  const rows = await summaryPage(conn, where, query);
  return { amount: total?.amount ?? 0, rows };
}

/** Every trip in progress, light (live map). */
export function listActiveTrips(conn: Conn, driverId?: number) {
  const filters: SQL[] = [eq(intermediateRoutes.status, "InProgress")];
  if (driverId !== undefined) filters.push(eq(intermediateRoutes.driverId, driverId));
  return joinTripNames(
    conn
      .select({
        id: intermediateRoutes.id,
        routeName,
        driverId: intermediateRoutes.driverId,
        driverName: drivers.name,
        driverLastname: drivers.lastname,
        supplierName: suppliers.name,
        startedAt: intermediateRoutes.startedAt,
        lastLatitude: intermediateRoutes.lastLatitude,
        lastLongitude: intermediateRoutes.lastLongitude,
        lastPositionAt: intermediateRoutes.lastPositionAt,
      })
      .from(intermediateRoutes)
      .$dynamic(),
  )
    .where(and(...filters))
    .orderBy(asc(intermediateRoutes.id));
}

/**
 * The unclosed incidents (open or acknowledged) of the given trips (index `incidents_unclosed_idx`),
 * oldest first: the live map marks those buses (issue 33).
 */
export function unclosedIncidentsOf(conn: Conn, tripIds: number[]) {
  if (tripIds.length === 0) return Promise.resolve([]);
  return conn
    .select({ id: incidents.id, tripId: incidents.intermediateRouteId, type: incidents.type })
    .from(incidents)
    .where(
      and(
        ne(incidents.status, "CLOSED"),
        isNotNull(incidents.intermediateRouteId),
        inArray(incidents.intermediateRouteId, tripIds),
      ),
    )
    .orderBy(asc(incidents.id));
}

/**
 * Finished trips started in the range, newest first; indexes `intermediate_routes_driver_started_idx`,
 * `intermediate_routes_route_started_idx` or `intermediate_routes_started_at_idx`.
 */
export async function listTripHistory(
  conn: Conn,
  query: {
    amount: number;
    skip: number;
    driverId?: number;
    routeId?: number;
    range?: { from: Date; to: Date };
    /** Only this supplier's trips (a Supplier caller, decision 0077). */
    supplierId?: number | null;
  },
) {
  const filters: SQL[] = [eq(intermediateRoutes.status, "Finished")];
  if (query.supplierId != null) filters.push(eq(intermediateRoutes.supplierId, query.supplierId));
  if (query.driverId) filters.push(eq(intermediateRoutes.driverId, query.driverId));
  if (query.routeId) filters.push(eq(intermediateRoutes.routeId, query.routeId));
  if (query.range) {
    filters.push(gte(intermediateRoutes.startedAt, query.range.from));
    filters.push(lt(intermediateRoutes.startedAt, query.range.to));
  }
  const where = and(...filters);
  const [total] = await conn.select({ amount: count() }).from(intermediateRoutes).where(where);
  const rows = await summaryPage(conn, where, query);
  return { amount: total?.amount ?? 0, rows };
}
