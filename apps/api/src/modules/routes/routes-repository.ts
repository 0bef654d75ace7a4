import type { RouteListQuery } from "@treiber/contract";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  days,
  destinations,
  drivers,
  routeDays,
  routeDrivers,
  routeEmployees,
  routeStopRiders,
  routeStops,
  routes,
  shifts,
} from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";

type Conn = Db | Tx;

export type RouteValues = {
  name: string;
  description: string | null;
  destinationId: number;
  departureTime: string;
  cost: number;
  /** Undefined: left as stored. */
  shiftId?: number | null;
  seats?: number | null;
  /**
   * True: Planning/apply wrote the cost (decision 0061). Undefined (a hand edit): false on insert,
   * and on update kept only while the cost stays the same.
   */
  costFromPlan?: boolean;
};

const toRow = (values: RouteValues) => ({
  name: values.name,
  description: values.description,
  destinationId: values.destinationId,
  departureTime: values.departureTime,
  cost: values.cost.toFixed(2),
  ...(values.shiftId !== undefined && { shiftId: values.shiftId }),
  ...(values.seats !== undefined && { seats: values.seats }),
});

/** `HH:mm` of a PostgreSQL `time` value. */
export const hhmm = (value: string | null) => (value === null ? null : value.slice(0, 5));

export async function destinationExists(conn: Conn, id: number) {
  const [row] = await conn.select({ id: destinations.id }).from(destinations).where(eq(destinations.id, id));
  return row !== undefined;
}

export async function findRouteStatus(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: routes.id, name: routes.name, status: routes.status })
    .from(routes)
    .where(eq(routes.id, id));
  return row;
}

/** Locks the route row until the transaction ends (concurrent edits serialize); its shift and seats. */
export async function lockRoute(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: routes.id, shiftId: routes.shiftId, seats: routes.seats })
    .from(routes)
    .where(eq(routes.id, id))
    .for("update");
  return row;
}

/** A shift's status, direction and time (`HH:mm`), or undefined. */
export async function findShift(conn: Conn, id: number) {
  const [row] = await conn
    .select({ status: shifts.status, direction: shifts.direction, time: shifts.time })
    .from(shifts)
    .where(eq(shifts.id, id));
  return row && { ...row, direction: row.direction as "inbound" | "outbound", time: row.time.slice(0, 5) };
}

/** The route's stops' planned times (`HH:mm`, position order) and how many riders they have. */
export async function stopSummary(conn: Conn, routeId: number) {
  const [stops, [riders]] = await Promise.all([
    conn
      .select({ plannedTime: routeStops.plannedTime })
      .from(routeStops)
      .where(eq(routeStops.routeId, routeId))
      .orderBy(asc(routeStops.position)),
    conn.select({ amount: count() }).from(routeStopRiders).where(eq(routeStopRiders.routeId, routeId)),
  ]);
  return { times: stops.map((stop) => stop.plannedTime.slice(0, 5)), riders: riders?.amount ?? 0 };
}

export async function insertRoute(tx: Tx, values: RouteValues): Promise<number> {
  const [row] = await tx
    .insert(routes)
    .values({ ...toRow(values), costFromPlan: values.costFromPlan ?? false })
    .returning({ id: routes.id });
  if (!row) throw new Error("route insert returned nothing");
  return row.id;
}

export async function updateRoute(tx: Tx, id: number, values: RouteValues) {
  const costFromPlan =
    values.costFromPlan ??
    sql<boolean>`(${routes.costFromPlan} and ${routes.cost} = ${values.cost.toFixed(2)}::numeric)`;
  await tx
    .update(routes)
    .set({ ...toRow(values), costFromPlan, updatedAt: new Date() })
    .where(eq(routes.id, id));
}

export async function replaceRouteDays(tx: Tx, routeId: number, dayIds: number[]) {
  await tx.delete(routeDays).where(eq(routeDays.routeId, routeId));
  if (dayIds.length > 0) {
    await tx.insert(routeDays).values(dayIds.map((dayId) => ({ routeId, dayId })));
  }
}

export async function setRouteStatus(conn: Conn, id: number, status: "active" | "inactive") {
  const rows = await conn
    .update(routes)
    .set({ status, updatedAt: new Date() })
    .where(eq(routes.id, id))
    .returning({ id: routes.id });
  return rows.length === 1;
}

/** Days of each route, ISO order. */
export async function daysOfRoutes(conn: Conn, routeIds: number[]) {
  const byRoute = new Map<number, { id: number; name: string }[]>();
  if (routeIds.length === 0) return byRoute;
  const rows = await conn
    .select({ routeId: routeDays.routeId, id: days.id, name: days.name })
    .from(routeDays)
    .innerJoin(days, eq(days.id, routeDays.dayId))
    .where(inArray(routeDays.routeId, routeIds))
    .orderBy(asc(routeDays.routeId), asc(days.id));
  for (const row of rows) {
    const list = byRoute.get(row.routeId) ?? [];
    list.push({ id: row.id, name: row.name });
    byRoute.set(row.routeId, list);
  }
  return byRoute;
}

/** Name search on the `routes_search_trgm` index expression, `search_fold(name)`. */
export const routeNameSearch = (criterion: string) =>
  sql`search_fold(${routes.name}) like ${containsPattern(criterion)}`;

/** A route's own columns with its destination's name (needs the join to `destinations`). */
export const routeColumns = {
  id: routes.id,
  name: routes.name,
  description: routes.description,
  destinationId: routes.destinationId,
  destinationName: destinations.name,
  departureTime: routes.departureTime,
  cost: routes.cost,
  status: routes.status,
};

export type RouteFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
  shiftId?: number;
} & SortRequest<NonNullable<RouteListQuery["sortBy"]>>;

export async function listRoutes(conn: Conn, query: RouteFilter) {
  const criterion = query.criterion?.trim();
  const where: SQL | undefined = and(
    criterion ? routeNameSearch(criterion) : undefined,
    query.createdFrom ? gte(routes.createdAt, query.createdFrom) : undefined,
    query.createdTo ? lt(routes.createdAt, query.createdTo) : undefined,
    query.shiftId ? eq(routes.shiftId, query.shiftId) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  // Count and page are independent: run them side by side (one round trip of latency).
  const [[total], rows] = await Promise.all([
    conn.select({ amount: count() }).from(routes).where(where),
    conn
      .select({
        ...routeColumns,
        createdAt: routes.createdAt,
        amountDrivers: sql<number>`(select count(*) from ${routeDrivers} where ${routeDrivers.routeId} = ${routes.id})::int`,
        amountEmployees: sql<number>`(select count(*) from ${routeEmployees} where ${routeEmployees.routeId} = ${routes.id})::int`,
        amountStops: sql<number>`(select count(*) from ${routeStops} where ${routeStops.routeId} = ${routes.id})::int`,
        // Its first assigned driver and its smallest vehicle (issue 33: «Rutas Programadas» shows them).
        driverName: sql<
          string | null
        >`(select d.name || ' ' || d.lastname from ${routeDrivers} rd join ${drivers} d on d.id = rd.driver_id where rd.route_id = ${routes.id} order by rd.created_at, rd.driver_id limit 1)`,
        vehicleSeats: sql<
          number | null
        >`(select min(d.vehicle_capacity) from ${routeDrivers} rd join ${drivers} d on d.id = rd.driver_id where rd.route_id = ${routes.id})::int`,
        shiftId: routes.shiftId,
        shiftName: shifts.name,
        direction: shifts.direction,
        seats: routes.seats,
      })
      .from(routes)
      .innerJoin(destinations, eq(destinations.id, routes.destinationId))
      .leftJoin(shifts, eq(shifts.id, routes.shiftId))
      .where(where)
      .orderBy(
        ...sortOrder(
          { name: routes.name, cost: routes.cost, createdDate: routes.createdAt },
          routes.id,
          query,
          [desc(routes.createdAt), desc(routes.id)],
        ),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { amount: total?.amount ?? 0, rows };
}

export function activeRouteNames(conn: Conn) {
  return conn
    .select({ id: routes.id, name: routes.name, description: routes.description })
    .from(routes)
    .where(eq(routes.status, "active"))
    .orderBy(asc(routes.name), asc(routes.id));
}
