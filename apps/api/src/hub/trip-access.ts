import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  drivers,
  employees,
  intermediateRoutes,
  routeEmployees,
  routeNotScheduledEmployees,
  transportServices,
} from "../db/schema.js";
import type { AuthUser } from "../modules/auth/auth-user.js";

/**
 * Who may follow a trip live: admins, its driver, and collaborators boarded (or canceled) on it or
 * assigned to its route.
 */
export async function canFollowTrip(
  db: Db,
  user: AuthUser,
  tripId: number,
): Promise<"allowed" | "not-found" | "forbidden"> {
  const [trip] = await db
    .select({
      driverId: intermediateRoutes.driverId,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
    })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.id, tripId))
    .limit(1);
  if (!trip) return "not-found";
  if (user.role === "Admin" || user.role === "SuperAdmin") return "allowed";

  if (user.role === "Driver") {
    const [driver] = await db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.userId, user.id))
      .limit(1);
    return driver?.id === trip.driverId ? "allowed" : "forbidden";
  }

  const [employee] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, user.id))
    .limit(1);
  if (!employee) return "forbidden";
  const [service] = await db
    .select({ id: transportServices.id })
    .from(transportServices)
    .where(
      and(eq(transportServices.intermediateRouteId, tripId), eq(transportServices.employeeId, employee.id)),
    )
    .limit(1);
  if (service) return "allowed";
  if (trip.routeId !== null) {
    const [assigned] = await db
      .select({ id: routeEmployees.employeeId })
      .from(routeEmployees)
      .where(and(eq(routeEmployees.routeId, trip.routeId), eq(routeEmployees.employeeId, employee.id)))
      .limit(1);
    if (assigned) return "allowed";
  }
  if (trip.routeNotScheduledId !== null) {
    const [assigned] = await db
      .select({ id: routeNotScheduledEmployees.employeeId })
      .from(routeNotScheduledEmployees)
      .where(
        and(
          eq(routeNotScheduledEmployees.routeNotScheduledId, trip.routeNotScheduledId),
          eq(routeNotScheduledEmployees.employeeId, employee.id),
        ),
      )
      .limit(1);
    if (assigned) return "allowed";
  }
  return "forbidden";
}
