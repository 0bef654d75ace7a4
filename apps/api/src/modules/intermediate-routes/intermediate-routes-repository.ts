import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  comments,
  destinations,
  drivers,
  employees,
  intermediateRoutes,
  routeDrivers,
  routeEmployees,
  routeNotScheduledEmployees,
  routes,
  routesNotScheduled,
  suppliers,
  transportServices,
  tripPositions,
  users,
} from "../../db/schema.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";

type Conn = Db | Tx;

/** Trail points returned with one trip (a long trip reporting every 5 s stays well under this). */
const TRAIL_LIMIT = 5_000;

const routeName = sql<string>`coalesce(${routes.name}, ${routesNotScheduled.name}, '')`;

const servicesCount = (status: "Boarded" | "Canceled") =>
  sql<number>`(select count(*) from ${transportServices} where ${transportServices.intermediateRouteId} = ${intermediateRoutes.id} and ${transportServices.status} = ${status})`.mapWith(
    Number,
  );

const summaryColumns = {
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

export type TripSummaryRow = Awaited<ReturnType<typeof listCurrentTrips>>["rows"][number];

// ---------- Who is calling ----------

export async function findDriverOfUser(conn: Conn, userId: number) {
  const [row] = await conn
    .select({
      id: drivers.id,
      supplierId: drivers.supplierId,
      name: drivers.name,
      lastname: drivers.lastname,
      userStatus: users.status,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.userId, userId));
  return row;
}

export async function findEmployeeOfUser(conn: Conn, userId: number) {
  const [row] = await conn
    .select({ id: employees.id, name: employees.name, lastname: employees.lastname })
    .from(employees)
    .where(eq(employees.userId, userId));
  return row;
}

/** Serializes a driver's Start calls (row lock on the driver). */
export async function lockDriver(tx: Tx, driverId: number) {
  await tx.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId)).for("update");
}

// ---------- Start ----------

export async function inProgressTripIdOf(conn: Conn, driverId: number) {
  const [row] = await conn
    .select({ id: intermediateRoutes.id })
    .from(intermediateRoutes)
    .where(and(eq(intermediateRoutes.driverId, driverId), eq(intermediateRoutes.status, "InProgress")));
  return row?.id;
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
  },
) {
  const [row] = await tx
    .insert(intermediateRoutes)
    .values({ ...values, status: "InProgress" })
    .returning({ id: intermediateRoutes.id });
  if (!row) throw new Error("trip insert returned nothing");
  return row.id;
}

// ---------- End ----------

export async function lockTrip(tx: Tx, id: number, strength: "update" | "share") {
  const [row] = await tx
    .select({
      id: intermediateRoutes.id,
      driverId: intermediateRoutes.driverId,
      status: intermediateRoutes.status,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
    })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.id, id))
    .for(strength);
  return row;
}

export async function finishTrip(tx: Tx, id: number) {
  const [row] = await tx
    .update(intermediateRoutes)
    .set({
      status: "Finished",
      endedAt: sql`greatest(now(), ${intermediateRoutes.startedAt})`,
      updatedAt: new Date(),
    })
    .where(and(eq(intermediateRoutes.id, id), eq(intermediateRoutes.status, "InProgress")))
    .returning({ endedAt: intermediateRoutes.endedAt });
  return row?.endedAt ?? undefined;
}

// ---------- Reads ----------

export async function findTrip(conn: Conn, id: number) {
  const [row] = await conn
    .select({
      ...summaryColumns,
      destinationName: destinations.name,
      destinationLatitude: destinations.latitude,
      destinationLongitude: destinations.longitude,
    })
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .leftJoin(
      destinations,
      eq(destinations.id, sql`coalesce(${routes.destinationId}, ${routesNotScheduled.destinationId})`),
    )
    .where(eq(intermediateRoutes.id, id));
  return row;
}

/** Trips in progress (index `intermediate_routes_status_idx`), newest first. */
export async function listCurrentTrips(
  conn: Conn,
  query: { amount: number; skip: number; criterion?: string; driverId?: number },
) {
  const filters: SQL[] = [eq(intermediateRoutes.status, "InProgress")];
  if (query.driverId !== undefined) filters.push(eq(intermediateRoutes.driverId, query.driverId));
  const criterion = query.criterion?.trim();
  if (criterion) {
    filters.push(
      sql`search_fold(${routeName} || ' ' || ${drivers.name} || ' ' || ${drivers.lastname} || ' ' || ${suppliers.name}) like ${containsPattern(criterion)}`,
    );
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  const [total] = await conn
    .select({ amount: count() })
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .where(where);
  const rows = await conn
    .select(summaryColumns)
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .where(where)
    .orderBy(desc(intermediateRoutes.startedAt), desc(intermediateRoutes.id))
    .limit(limit)
    .offset(offset);
  return { amount: total?.amount ?? 0, rows };
}

/** Every trip in progress, light (live map). */
export function listActiveTrips(conn: Conn, driverId?: number) {
  const filters: SQL[] = [eq(intermediateRoutes.status, "InProgress")];
  if (driverId !== undefined) filters.push(eq(intermediateRoutes.driverId, driverId));
  return conn
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
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .where(and(...filters))
    .orderBy(asc(intermediateRoutes.id));
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
  },
) {
  const filters: SQL[] = [eq(intermediateRoutes.status, "Finished")];
  if (query.driverId) filters.push(eq(intermediateRoutes.driverId, query.driverId));
  if (query.routeId) filters.push(eq(intermediateRoutes.routeId, query.routeId));
  if (query.range) {
    filters.push(gte(intermediateRoutes.startedAt, query.range.from));
    filters.push(lt(intermediateRoutes.startedAt, query.range.to));
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  const [total] = await conn.select({ amount: count() }).from(intermediateRoutes).where(where);
  const rows = await conn
    .select(summaryColumns)
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .where(where)
    .orderBy(desc(intermediateRoutes.startedAt), desc(intermediateRoutes.id))
    .limit(limit)
    .offset(offset);
  return { amount: total?.amount ?? 0, rows };
}

/** The trail, oldest first (index `trip_positions_trip_recorded_idx`). */
export function positionsOf(conn: Conn, tripId: number) {
  return conn
    .select({
      latitude: tripPositions.latitude,
      longitude: tripPositions.longitude,
      heading: tripPositions.heading,
      speed: tripPositions.speed,
      recordedAt: tripPositions.recordedAt,
    })
    .from(tripPositions)
    .where(eq(tripPositions.intermediateRouteId, tripId))
    .orderBy(asc(tripPositions.recordedAt), asc(tripPositions.id))
    .limit(TRAIL_LIMIT);
}

const employeeColumns = {
  employeeId: employees.id,
  name: employees.name,
  lastname: employees.lastname,
  codeEmployee: employees.codeEmployee,
  department: employees.department,
  jobTitle: employees.jobTitle,
};

/** What happened on the trip: boardings and cancellations (unique index on trip, employee). */
export function servicesOf(conn: Conn, tripId: number) {
  return conn
    .select({
      ...employeeColumns,
      status: transportServices.status,
      scannedAt: transportServices.scannedAt,
      canceledAt: transportServices.canceledAt,
      comment: transportServices.comment,
    })
    .from(transportServices)
    .innerJoin(employees, eq(employees.id, transportServices.employeeId))
    .where(eq(transportServices.intermediateRouteId, tripId))
    .orderBy(
      asc(sql`coalesce(${transportServices.scannedAt}, ${transportServices.canceledAt})`),
      asc(transportServices.id),
    );
}

/** Collaborators expected on a trip: those assigned to its route, or its not-scheduled riders. */
export function rosterOf(conn: Conn, trip: { routeId: number | null; routeNotScheduledId: number | null }) {
  if (trip.routeId !== null) {
    return conn
      .select(employeeColumns)
      .from(routeEmployees)
      .innerJoin(employees, eq(employees.id, routeEmployees.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(eq(routeEmployees.routeId, trip.routeId), eq(users.status, "active")))
      .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
  }
  return conn
    .select(employeeColumns)
    .from(routeNotScheduledEmployees)
    .innerJoin(employees, eq(employees.id, routeNotScheduledEmployees.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(routeNotScheduledEmployees.routeNotScheduledId, trip.routeNotScheduledId ?? 0),
        eq(users.status, "active"),
      ),
    )
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
}

/** Comments on a trip (index `comments_trip_employee_idx`), optionally of one collaborator. */
export function commentsOf(conn: Conn, tripId: number, employeeId?: number) {
  const filters: SQL[] = [eq(comments.intermediateRouteId, tripId)];
  if (employeeId !== undefined) filters.push(eq(comments.employeeId, employeeId));
  return conn
    .select({
      id: comments.id,
      intermediateRouteId: comments.intermediateRouteId,
      employeeId: comments.employeeId,
      name: employees.name,
      lastname: employees.lastname,
      comment: comments.text,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(employees, eq(employees.id, comments.employeeId))
    .where(and(...filters))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function employeeExists(conn: Conn, id: number) {
  const [row] = await conn.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
  return row !== undefined;
}

export async function insertComment(
  tx: Tx,
  values: { intermediateRouteId: number; employeeId: number; text: string },
) {
  await tx.insert(comments).values(values);
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
      ),
    )
    .orderBy(asc(routesNotScheduled.scheduledAt), asc(routesNotScheduled.id));
  return { scheduled, notScheduled };
}

/** Trips in progress on a collaborator's routes (assigned or not-scheduled rider), with its service. */
export function inProgressTripsOfEmployee(conn: Conn, employeeId: number) {
  return conn
    .select({
      id: intermediateRoutes.id,
      routeName,
      driverName: drivers.name,
      driverLastname: drivers.lastname,
      startedAt: intermediateRoutes.startedAt,
      lastLatitude: intermediateRoutes.lastLatitude,
      lastLongitude: intermediateRoutes.lastLongitude,
      serviceStatus: transportServices.status,
    })
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .leftJoin(
      transportServices,
      and(
        eq(transportServices.intermediateRouteId, intermediateRoutes.id),
        eq(transportServices.employeeId, employeeId),
      ),
    )
    .where(
      and(
        eq(intermediateRoutes.status, "InProgress"),
        sql`(${inArray(
          intermediateRoutes.routeId,
          conn
            .select({ id: routeEmployees.routeId })
            .from(routeEmployees)
            .where(eq(routeEmployees.employeeId, employeeId)),
        )} or ${inArray(
          intermediateRoutes.routeNotScheduledId,
          conn
            .select({ id: routeNotScheduledEmployees.routeNotScheduledId })
            .from(routeNotScheduledEmployees)
            .where(eq(routeNotScheduledEmployees.employeeId, employeeId)),
        )})`,
      ),
    )
    .orderBy(desc(intermediateRoutes.startedAt), desc(intermediateRoutes.id));
}

/** Whether the collaborator is expected on the trip (assigned to its route or a not-scheduled rider). */
export async function isOnRoster(
  conn: Conn,
  trip: { routeId: number | null; routeNotScheduledId: number | null },
  employeeId: number,
) {
  if (trip.routeId !== null) {
    const [row] = await conn
      .select({ id: routeEmployees.employeeId })
      .from(routeEmployees)
      .where(and(eq(routeEmployees.routeId, trip.routeId), eq(routeEmployees.employeeId, employeeId)));
    return row !== undefined;
  }
  const [row] = await conn
    .select({ id: routeNotScheduledEmployees.employeeId })
    .from(routeNotScheduledEmployees)
    .where(
      and(
        eq(routeNotScheduledEmployees.routeNotScheduledId, trip.routeNotScheduledId ?? 0),
        eq(routeNotScheduledEmployees.employeeId, employeeId),
      ),
    );
  return row !== undefined;
}

/** Names for a notification about a trip: its driver and route. */
export async function tripNames(conn: Conn, tripId: number) {
  const [row] = await conn
    .select({
      driverName: drivers.name,
      driverLastname: drivers.lastname,
      routeName,
    })
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(suppliers, eq(suppliers.id, intermediateRoutes.supplierId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .where(eq(intermediateRoutes.id, tripId));
  return row;
}
