import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  destinations,
  drivers,
  employees,
  intermediateRoutes,
  routes,
  routesNotScheduled,
  suppliers,
  transportServices,
} from "../../db/schema.js";
import { tripKmSql } from "../trips/trip-km-sql.js";
import { joinTripNames, routeName } from "../trips/trip-repository.js";

/**
 * The trip with its route, supplier, driver (and vehicle), destination, plan and kilometres; only
 * when it is `supplierId`'s if given (a Supplier caller: another supplier's trip is not found).
 */
export async function findSheetTrip(db: Db, id: number, supplierId: number | null = null) {
  const [row] = await joinTripNames(
    db
      .select({
        id: intermediateRoutes.id,
        status: intermediateRoutes.status,
        routeId: intermediateRoutes.routeId,
        routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
        routeName,
        supplierId: intermediateRoutes.supplierId,
        supplierName: suppliers.name,
        driverId: intermediateRoutes.driverId,
        driverName: drivers.name,
        driverLastname: drivers.lastname,
        driverIdentityCard: drivers.identityCard,
        vehiclePlate: drivers.vehiclePlate,
        vehicleModel: drivers.vehicleModel,
        vehicleCapacity: drivers.vehicleCapacity,
        destinationName: destinations.name,
        destinationLatitude: destinations.latitude,
        destinationLongitude: destinations.longitude,
        departureTime: routes.departureTime,
        scheduledAt: routesNotScheduled.scheduledAt,
        startedAt: intermediateRoutes.startedAt,
        endedAt: intermediateRoutes.endedAt,
        cost: intermediateRoutes.cost,
        cutId: intermediateRoutes.cutId,
        km: tripKmSql(sql`${intermediateRoutes.id}`).mapWith(Number),
      })
      .from(intermediateRoutes)
      .$dynamic(),
  )
    .leftJoin(
      destinations,
      eq(destinations.id, sql`coalesce(${routes.destinationId}, ${routesNotScheduled.destinationId})`),
    )
    .where(
      and(
        eq(intermediateRoutes.id, id),
        supplierId === null ? undefined : eq(intermediateRoutes.supplierId, supplierId),
      ),
    );
  return row;
}

/** The trip's services (boardings and cancellations) with the collaborator's name and code. */
export function sheetServices(db: Db, id: number) {
  return db
    .select({
      employeeId: transportServices.employeeId,
      name: employees.name,
      lastname: employees.lastname,
      codeEmployee: employees.codeEmployee,
      status: transportServices.status,
      scannedAt: transportServices.scannedAt,
      canceledAt: transportServices.canceledAt,
      comment: transportServices.comment,
      method: transportServices.boardingMethod,
      reason: transportServices.boardingReason,
      latitude: transportServices.boardedLatitude,
      longitude: transportServices.boardedLongitude,
    })
    .from(transportServices)
    .innerJoin(employees, eq(employees.id, transportServices.employeeId))
    .where(eq(transportServices.intermediateRouteId, id))
    .orderBy(
      asc(sql`coalesce(${transportServices.scannedAt}, ${transportServices.canceledAt})`),
      asc(transportServices.employeeId),
    );
}
