import type { RouteNotScheduledListQuery } from "@treiber/contract";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  destinations,
  drivers,
  employees,
  routeNotScheduledEmployees,
  routesNotScheduled,
  users,
} from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";
import { employeeSearch } from "../employees/employee-search-sql.js";

type Conn = Db | Tx;

export type RouteNotScheduledValues = {
  name: string;
  description: string | null;
  scheduledAt: Date;
  driverId: number;
  cost: number;
  originAddress: string | null;
  originLatitude: number | null;
  originLongitude: number | null;
  destinationId: number | null;
};

const toRow = (values: RouteNotScheduledValues) => ({ ...values, cost: values.cost.toFixed(2) });

export async function findDriverStatus(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: drivers.id, status: users.status })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.id, id));
  return row;
}

export function employeeStatuses(conn: Conn, ids: number[]) {
  return conn
    .select({ id: employees.id, status: users.status })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(inArray(employees.id, ids));
}

export async function destinationExists(conn: Conn, id: number) {
  const [row] = await conn.select({ id: destinations.id }).from(destinations).where(eq(destinations.id, id));
  return row !== undefined;
}

export async function lockRouteNotScheduled(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: routesNotScheduled.id })
    .from(routesNotScheduled)
    .where(eq(routesNotScheduled.id, id))
    .for("update");
  return row !== undefined;
}

export async function insertRouteNotScheduled(tx: Tx, values: RouteNotScheduledValues) {
  const [row] = await tx
    .insert(routesNotScheduled)
    .values(toRow(values))
    .returning({ id: routesNotScheduled.id });
  if (!row) throw new Error("route not scheduled insert returned nothing");
  return row.id;
}

export async function updateRouteNotScheduled(tx: Tx, id: number, values: RouteNotScheduledValues) {
  await tx
    .update(routesNotScheduled)
    .set({ ...toRow(values), updatedAt: new Date() })
    .where(eq(routesNotScheduled.id, id));
}

export async function replaceRiders(tx: Tx, routeNotScheduledId: number, employeeIds: number[]) {
  await tx
    .delete(routeNotScheduledEmployees)
    .where(eq(routeNotScheduledEmployees.routeNotScheduledId, routeNotScheduledId));
  if (employeeIds.length > 0) {
    await tx
      .insert(routeNotScheduledEmployees)
      .values(employeeIds.map((employeeId) => ({ routeNotScheduledId, employeeId })));
  }
}

export async function setRouteNotScheduledStatus(conn: Conn, id: number, status: "active" | "inactive") {
  const rows = await conn
    .update(routesNotScheduled)
    .set({ status, updatedAt: new Date() })
    .where(eq(routesNotScheduled.id, id))
    .returning({ id: routesNotScheduled.id });
  return rows.length === 1;
}

export async function listRoutesNotScheduled(
  conn: Conn,
  query: {
    amount: number;
    skip: number;
    criterion?: string;
    range?: { from: Date; to: Date };
  } & SortRequest<NonNullable<RouteNotScheduledListQuery["sortBy"]>>,
) {
  const filters: SQL[] = [];
  const criterion = query.criterion?.trim();
  if (criterion)
    filters.push(sql`search_fold(${routesNotScheduled.name}) like ${containsPattern(criterion)}`);
  if (query.range) {
    filters.push(gte(routesNotScheduled.scheduledAt, query.range.from));
    filters.push(lt(routesNotScheduled.scheduledAt, query.range.to));
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const { limit, offset } = pageWindow(query);
  // Count and page are independent: run them side by side (one round trip of latency).
  const [[total], rows] = await Promise.all([
    conn.select({ amount: count() }).from(routesNotScheduled).where(where),
    conn
      .select({
        id: routesNotScheduled.id,
        name: routesNotScheduled.name,
        description: routesNotScheduled.description,
        scheduledAt: routesNotScheduled.scheduledAt,
        driverId: routesNotScheduled.driverId,
        driverFirstName: drivers.name,
        driverLastname: drivers.lastname,
        cost: routesNotScheduled.cost,
        originAddress: routesNotScheduled.originAddress,
        originLatitude: routesNotScheduled.originLatitude,
        originLongitude: routesNotScheduled.originLongitude,
        destinationId: routesNotScheduled.destinationId,
        destinationName: destinations.name,
        status: routesNotScheduled.status,
        createdAt: routesNotScheduled.createdAt,
      })
      .from(routesNotScheduled)
      .innerJoin(drivers, eq(drivers.id, routesNotScheduled.driverId))
      .leftJoin(destinations, eq(destinations.id, routesNotScheduled.destinationId))
      .where(where)
      .orderBy(
        ...sortOrder(
          {
            name: routesNotScheduled.name,
            scheduledAt: routesNotScheduled.scheduledAt,
            cost: routesNotScheduled.cost,
          },
          routesNotScheduled.id,
          query,
          [desc(routesNotScheduled.scheduledAt), desc(routesNotScheduled.id)],
        ),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { amount: total?.amount ?? 0, rows };
}

export async function ridersOf(conn: Conn, ids: number[]) {
  const byRoute = new Map<number, { id: number; name: string; lastname: string }[]>();
  if (ids.length === 0) return byRoute;
  const rows = await conn
    .select({
      routeNotScheduledId: routeNotScheduledEmployees.routeNotScheduledId,
      id: employees.id,
      name: employees.name,
      lastname: employees.lastname,
    })
    .from(routeNotScheduledEmployees)
    .innerJoin(employees, eq(employees.id, routeNotScheduledEmployees.employeeId))
    .where(inArray(routeNotScheduledEmployees.routeNotScheduledId, ids))
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
  for (const row of rows) {
    const list = byRoute.get(row.routeNotScheduledId) ?? [];
    list.push({ id: row.id, name: row.name, lastname: row.lastname });
    byRoute.set(row.routeNotScheduledId, list);
  }
  return byRoute;
}

/** Active employees for the rider picker, searched like the employee search (trigram index). */
export function employeesForRouteNotSchedule(conn: Conn, criterion: string | undefined, limit: number) {
  const text = criterion?.trim();
  const filters: SQL[] = [eq(users.status, "active")];
  if (text) {
    filters.push(employeeSearch(text));
  }
  return conn
    .select({
      id: employees.id,
      name: employees.name,
      lastname: employees.lastname,
      codeEmployee: employees.codeEmployee,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(...filters))
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id))
    .limit(limit);
}
